// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | not %mlir_runner -e main -entry-point-result=void %runner_libs 2>&1 | FileCheck %s

// A subcore barrier that subcore 0 skips would hang on a SparseCore: the
// other subcores wait for it forever. On the CPU reference the subcores of
// a core take turns until every one has finished or waits at a barrier; a
// round in which none makes progress stops the run, naming for every
// subcore still waiting the barrier it waits at (subcore 0 has finished).

// CHECK: pallas.subcore_barrier would block forever at loc({{.*}}run_sc_barrier_deadlock.mlir":[[@LINE+15]]:7) on subcore 1 (every subcore that has not finished waits)
// CHECK-NEXT: pallas.subcore_barrier would block forever at loc({{.*}}run_sc_barrier_deadlock.mlir":[[@LINE+14]]:7) on subcore 2 (every subcore that has not finished waits)
// CHECK-NEXT: pallas.subcore_barrier would block forever at loc({{.*}}run_sc_barrier_deadlock.mlir":[[@LINE+13]]:7) on subcore 3 (every subcore that has not finished waits)
// CHECK-NOT: subcore

module {
  pallas.kernel @k grid(1, 4) names("core", "subcore")
      outs(%o: memref<32xi32> block [32] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%a: memref<8xi32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    %s = pallas.axis_index "subcore"
    %zero = arith.constant 0 : i32
    %c8 = arith.constant 8 : i32
    %others = arith.cmpi ne, %s, %zero : i32
    scf.if %others {
      pallas.subcore_barrier
    }
    %v = vector.broadcast %s : i32 to vector<8xi32>
    pallas.store %v, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    %base = arith.muli %s, %c8 : i32
    %bi = arith.index_cast %base : i32 to index
    %os = memref.subview %o[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
  }

  func.func @main() {
    %o = memref.alloc() : memref<32xi32>
    pallas.call @k(%o) : (memref<32xi32>) -> ()
    return
  }
}
