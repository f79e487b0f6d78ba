// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Subcore barriers with what crosses them kept per subcore: a DMA started
// before the first barrier and waited after it (its scratch semaphore and
// its VMEM target), and a loaded vector v used after the second barrier
// (loading it again there would see the value the subcore wrote meanwhile).
// Subcore s of 4: a = x[8s:8s+8] (DMA across barrier 1); v = a; writes
// 10 v to the shared sh[8s:8s+8]; barrier 2; out[8s:8s+8] = v + sh of subcore
// (s + 1) % 4. By hand, with x[i] = i: out[8s + j] = 8s + j + 10 (8 ((s + 1)
// mod 4) + j):
//   s = 0: 80 + 11 j, s = 1: 168 + 11 j, s = 2: 256 + 11 j, s = 3: 24 + 11 j.
// CHECK: Unranked Memref
// CHECK-NEXT: [80,  91,  102,  113,  124,  135,  146,  157,  168,  179,  190,  201,  212,  223,  234,  245,  256,  267,  278,  289,  300,  311,  322,  333,  24,  35,  46,  57,  68,  79,  90,  101]

module {
  pallas.kernel @k grid(1, 4) names("core", "subcore")
      ins(%x: memref<32xi32> block [32] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<32xi32> block [32] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%a: memref<8xi32, #pallas.memory_space<vmem>>,
              %b: memref<8xi32, #pallas.memory_space<vmem>>,
              %sh: memref<32xi32, #pallas.memory_space<vmem_shared>>,
              %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    %s = pallas.axis_index "subcore"
    %c8 = arith.constant 8 : i32
    %base = arith.muli %s, %c8 : i32
    %bi = arith.index_cast %base : i32 to index
    %xs = memref.subview %x[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.dma_start %xs -> %a, %sem[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.subcore_barrier
    pallas.dma_wait %xs -> %a, %sem[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %v = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %ten = arith.constant dense<10> : vector<8xi32>
    %w = arith.muli %v, %ten : vector<8xi32>
    pallas.store %w, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    %shs = memref.subview %sh[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %a -> %shs, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %a -> %shs, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.subcore_barrier
    %one = arith.constant 1 : i32
    %four = arith.constant 4 : i32
    %n1 = arith.addi %s, %one : i32
    %next = arith.remsi %n1, %four : i32
    %nb = arith.muli %next, %c8 : i32
    %nbi = arith.index_cast %nb : i32 to index
    %nsh = memref.subview %sh[%nbi] [8] [1] : memref<32xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %nsh -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %nsh -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    %u = pallas.load %b[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %r = arith.addi %v, %u : vector<8xi32>
    pallas.store %r, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    %os = memref.subview %o[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %x = memref.alloc() : memref<32xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    scf.for %i = %c0 to %c32 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %x[%i] : memref<32xi32>
    }
    %o = memref.alloc() : memref<32xi32>
    pallas.call @k(%x, %o) : (memref<32xi32>, memref<32xi32>) -> ()
    %u = memref.cast %o : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
