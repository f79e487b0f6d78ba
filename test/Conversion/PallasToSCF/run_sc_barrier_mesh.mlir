// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// A SparseCore kernel with a subcore barrier on a mesh of 2 devices: the
// subcores of both devices take turns (each suspends at the barrier until
// its device's 4 subcores have arrived, and at a DMA wait until the other
// device's DMA has come). Each subcore has its own VMEM scratch and DMA
// semaphores; VMEM_SHARED is its device's. Subcore s of device d: a =
// x_d[8s:8s+8] (x_d[i] = 100 d + i), publishes a to VMEM_SHARED, barrier,
// b = the slice of subcore s + 1 (mod 4), r = a + 10 b + 1000 d, then
// sends r into the other device's out[8s:8s+8] (a remote DMA bumping that
// device's subcore s's semaphore) and waits for the other device's r.
// By hand, r_(d,s)[j] = 2100 d + 8 s + 80 ((s + 1) mod 4) + 11 j, and
// out_d = r_(1-d):
//   out_0: 2180+11j, 2268+11j, 2356+11j, 2124+11j;
//   out_1: 80+11j, 168+11j, 256+11j, 24+11j.
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}2180, 2191, 2202, 2213, 2224, 2235, 2246, 2257, 2268, 2279, 2290, 2301, 2312, 2323, 2334, 2345, 2356, 2367, 2378, 2389, 2400, 2411, 2422, 2433, 2124, 2135, 2146, 2157, 2168, 2179, 2190, 2201],
// CHECK-NEXT: [80, 91, 102, 113, 124, 135, 146, 157, 168, 179, 190, 201, 212, 223, 234, 245, 256, 267, 278, 289, 300, 311, 322, 333, 24, 35, 46, 57, 68, 79, 90, 101]]

module {
  pallas.kernel @k grid(1, 4) names("core", "subcore")
      ins(%x: memref<32xi32> block [32] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<32xi32> block [32] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%a: memref<8xi32, #pallas.memory_space<vmem>>,
              %b: memref<8xi32, #pallas.memory_space<vmem>>,
              %sh: memref<32xi32, #pallas.memory_space<vmem_shared>>,
              %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore", mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %d = pallas.device_id
    %s = pallas.axis_index "subcore"
    %one = arith.constant 1 : i32
    %four = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %base = arith.muli %s, %c8 : i32
    %bi = arith.index_cast %base : i32 to index
    %xs = memref.subview %x[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    %os = memref.subview %o[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    %mine = memref.subview %sh[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    %n1 = arith.addi %s, %one : i32
    %r1 = arith.remsi %n1, %four : i32
    %nb = arith.muli %r1, %c8 : i32
    %nbi = arith.index_cast %nb : i32 to index
    %next = memref.subview %sh[%nbi] [8] [1] : memref<32xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %xs -> %a, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %xs -> %a, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.subcore_barrier
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %next -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %next -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    %av = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %bv = pallas.load %b[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %ten = arith.constant dense<10> : vector<8xi32>
    %b10 = arith.muli %bv, %ten : vector<8xi32>
    %k1000 = arith.constant 1000 : i32
    %dk = arith.muli %d, %k1000 : i32
    %dv = vector.broadcast %dk : i32 to vector<8xi32>
    %r0 = arith.addi %av, %b10 : vector<8xi32>
    %r = arith.addi %r0, %dv : vector<8xi32>
    pallas.store %r, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    %other = arith.subi %one, %d : i32
    pallas.dma_start %a -> %os, %sem[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%other) : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %a -> %os, %sem[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %x = memref.alloc() : memref<2x32xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c100 = arith.constant 100 : index
    scf.for %d = %c0 to %c2 step %c1 {
      scf.for %i = %c0 to %c32 step %c1 {
        %h = arith.muli %d, %c100 : index
        %v = arith.addi %h, %i : index
        %vi = arith.index_cast %v : index to i32
        memref.store %vi, %x[%d, %i] : memref<2x32xi32>
      }
    }
    %o = memref.alloc() : memref<2x32xi32>
    pallas.call @k(%x, %o) : (memref<2x32xi32>, memref<2x32xi32>) -> ()
    %u = memref.cast %o : memref<2x32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
