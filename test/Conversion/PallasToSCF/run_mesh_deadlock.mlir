// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | not %mlir_runner -e main -entry-point-result=void %runner_libs 2>&1 | FileCheck %s

// A barrier handshake that waits for two signals but gets one (each device
// signals only its right neighbour) would hang on a TPU. On the CPU
// reference the devices take turns until every one has finished or blocks;
// a round in which none makes progress stops the run, naming for every
// device still waiting the wait it is blocked in (here both devices, at the
// same wait).

// CHECK: pallas.semaphore_wait would block forever at loc({{.*}}run_mesh_deadlock.mlir":[[@LINE+14]]:5) on device 0 (every device that has not finished waits)
// CHECK-NEXT: pallas.semaphore_wait would block forever at loc({{.*}}run_mesh_deadlock.mlir":[[@LINE+13]]:5) on device 1 (every device that has not finished waits)
// CHECK-NOT: device

module {
  pallas.kernel @handshake outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %me = pallas.axis_index "x"
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %r = arith.addi %me, %c1 : i32
    %right = arith.remsi %r, %c2 : i32
    %bar = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %bar[], %c1 device(%right) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %bar[], %c2 : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    %v = vector.broadcast %me : i32 to vector<8xi32>
    pallas.store %v, %o[] : vector<8xi32>, memref<8xi32>
  }

  func.func @main() {
    %o = memref.alloc() : memref<2x8xi32>
    pallas.call @handshake(%o) : (memref<2x8xi32>) -> ()
    memref.dealloc %o : memref<2x8xi32>
    return
  }
}
