// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// pallas.run_scoped on a mesh of 2 devices: each device's scoped buffers
// live in its images, so the waits inside the scope are cut like any other
// and the other device can DMA into them. At each of the 2 grid steps a
// device enters the scope, reads its scoped semaphore %left (0: scoped
// semaphores start at zero at every entry, although the previous entry
// left me + 3 in it), meets the other device at the barrier semaphore,
// sends its input block into the other device's scoped buffer (remote DMA
// with the scoped DMA semaphores), waits, and writes
//   o = 2 * buf + 100 * me + 10 * left
// with x[d, k] = 16d + k: device 0 gets device 1's block: o[0, k] =
// 2 * (16 + k) = 32 + 2k; device 1 gets device 0's: o[1, k] = 2k + 100
// (by hand).

// CHECK: Unranked Memref {{.*}} sizes = [2, 16]
// CHECK-NEXT: {{\[\[}}32,   34,   36,   38,   40,   42,   44,   46,   48,   50,   52,   54,   56,   58,   60,   62],
// CHECK-NEXT: [100,   102,   104,   106,   108,   110,   112,   114,   116,   118,   120,   122,   124,   126,   128,   130]]

module {
  pallas.kernel @k grid(2)
      ins(%x: memref<16xi32> block [8] map affine_map<(s) -> (s)> in vmem)
      outs(%o: memref<16xi32> block [8] map affine_map<(s) -> (s)> in vmem)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %me = pallas.axis_index "x"
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %other = arith.subi %c1, %me : i32
    pallas.run_scoped {
    ^bb0(%buf: memref<8xi32, #pallas.memory_space<vmem>>,
         %send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
         %recv: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
         %left: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>):
      %n = pallas.semaphore_read %left[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      %inc = arith.addi %me, %c3 : i32
      pallas.semaphore_signal %left[], %inc : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      %bar = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_signal %bar[], %c1 device(%other) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_wait %bar[], %c1 : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_start %x -> %buf, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%other) : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %x -> %buf, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%other) : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      %v = pallas.load %buf[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %v2 = arith.addi %v, %v : vector<8xi32>
      %c100 = arith.constant 100 : i32
      %c10 = arith.constant 10 : i32
      %a = arith.muli %me, %c100 : i32
      %b = arith.muli %n, %c10 : i32
      %ab = arith.addi %a, %b : i32
      %abv = vector.broadcast %ab : i32 to vector<8xi32>
      %r = arith.addi %v2, %abv : vector<8xi32>
      pallas.store %r, %o[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
      pallas.yield
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %x = memref.alloc() : memref<2x16xi32>
    scf.for %d = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c16 step %c1 {
        %dd = arith.muli %d, %c16 : index
        %v = arith.addi %dd, %k : index
        %vi = arith.index_cast %v : index to i32
        memref.store %vi, %x[%d, %k] : memref<2x16xi32>
      }
    }
    %o = memref.alloc() : memref<2x16xi32>
    pallas.call @k(%x, %o) : (memref<2x16xi32>, memref<2x16xi32>) -> ()
    %u = memref.cast %o : memref<2x16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %x : memref<2x16xi32>
    memref.dealloc %o : memref<2x16xi32>
    return
  }
}
