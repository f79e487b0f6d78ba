// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// A loop that holds waits and carries a value that depends on the device
// (as JAX writes lax.fori_loop with a carry) on a mesh of 2 devices. Each
// of 3 steps: signal the other device, wait for its signal, add 1 + me to
// the carry, so it ends at 3 * (1 + me). The loop is flattened into the
// device's blocks and its carry kept per device across the wait
// (mesh_schedule.rs). Then o = 10 * carry + axis_index("x") + the
// semaphore's final count (0: every signal was waited for):
//   device 0: 30, device 1: 61 (by hand).

// CHECK: Unranked Memref {{.*}} sizes = [2, 4]
// CHECK-NEXT: {{\[\[}}30,   30,   30,   30],
// CHECK-NEXT: [61,   61,   61,   61]]

module {
  pallas.kernel @carry outs(%o: memref<4xi32> block [4] map affine_map<() -> (0)>)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %me = pallas.axis_index "x"
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %other = arith.subi %c1, %me : i32
    %steps = scf.for %i = %c0 to %c3 step %c1 iter_args(%n = %c0) -> (i32) : i32 {
      pallas.semaphore_signal %sem[], %c1 device(%other) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      %step = arith.addi %me, %c1 : i32
      %next = arith.addi %n, %step : i32
      scf.yield %next : i32
    }
    %c10 = arith.constant 10 : i32
    %t = arith.muli %steps, %c10 : i32
    %u = arith.addi %t, %me : i32
    %left = pallas.semaphore_read %sem[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %v = arith.addi %u, %left : i32
    %vv = vector.broadcast %v : i32 to vector<4xi32>
    pallas.store %vv, %o[] : vector<4xi32>, memref<4xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<2x4xi32>
    pallas.call @carry(%o) : (memref<2x4xi32>) -> ()
    %u = memref.cast %o : memref<2x4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %o : memref<2x4xi32>
    return
  }
}
