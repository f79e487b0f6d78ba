// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Each subcore's own refs across a subcore barrier: an i1 ref, a ui32 ref
// and a semaphore, all written by every subcore before the barrier and read
// after it, and an i1 vector loaded before the barrier and used after it
// (kept per subcore). Subcore s of 4 stores m = (iota < s), u = s in every lane,
// signals its semaphore by s, waits at the barrier, reads the semaphore
// (left = s: it is the subcore's own, not the sum 0+1+2+3 of a shared
// one), waits for s on it, and writes r = select(m & m loaded before the
// barrier, u, 0) + left to
// out[8s:8s+8]. By hand, lane j: r = (j < s ? s : 0) + s:
//   s = 0: 0 x8; s = 1: 2, 1 x7; s = 2: 4, 4, 2 x6; s = 3: 6, 6, 6, 3 x5.
// CHECK: Unranked Memref
// CHECK-NEXT: [0,  0,  0,  0,  0,  0,  0,  0,  2,  1,  1,  1,  1,  1,  1,  1,  4,  4,  2,  2,  2,  2,  2,  2,  6,  6,  6,  3,  3,  3,  3,  3]

module {
  pallas.kernel @k grid(1, 4) names("core", "subcore")
      outs(%o: memref<32xi32> block [32] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%m: memref<8xi1, #pallas.memory_space<vmem>>,
              %u: memref<8xui32, #pallas.memory_space<vmem>>,
              %a: memref<8xi32, #pallas.memory_space<vmem>>,
              %sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    %s = pallas.axis_index "subcore"
    %sv = vector.broadcast %s : i32 to vector<8xi32>
    %io = pallas.iota dim 0 : vector<8xi32>
    %lt = arith.cmpi slt, %io, %sv : vector<8xi32>
    pallas.store %lt, %m[] : vector<8xi1>, memref<8xi1, #pallas.memory_space<vmem>>
    pallas.store %sv, %u[] : vector<8xi32>, memref<8xui32, #pallas.memory_space<vmem>>
    pallas.semaphore_signal %sem[], %s : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %pre = pallas.load %m[] : memref<8xi1, #pallas.memory_space<vmem>> -> vector<8xi1>
    pallas.subcore_barrier
    %left = pallas.semaphore_read %sem[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %sem[], %s : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %mv0 = pallas.load %m[] : memref<8xi1, #pallas.memory_space<vmem>> -> vector<8xi1>
    %mv = arith.andi %mv0, %pre : vector<8xi1>
    %ui = pallas.load %u[] : memref<8xui32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %z = arith.constant dense<0> : vector<8xi32>
    %r0 = arith.select %mv, %ui, %z : vector<8xi1>, vector<8xi32>
    %lv = vector.broadcast %left : i32 to vector<8xi32>
    %r = arith.addi %r0, %lv : vector<8xi32>
    pallas.store %r, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    %c8 = arith.constant 8 : i32
    %base = arith.muli %s, %c8 : i32
    %bi = arith.index_cast %base : i32 to index
    %os = memref.subview %o[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<32xi32>
    pallas.call @k(%o) : (memref<32xi32>) -> ()
    %u = memref.cast %o : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
