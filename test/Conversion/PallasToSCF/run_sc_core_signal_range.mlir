// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | not %mlir_runner -e main -entry-point-result=void %runner_libs 2>&1 | FileCheck %s

// A vector-subcore kernel on 2 cores whose step (core c, subcore s) signals
// core c + s: core 0's subcore 1 signals core 1 (there), core 1's subcore 1
// signals core 2, which the kernel does not have: the run stops there with
// the signal's location, before the output is printed.

// CHECK: pallas.semaphore_signal to a core outside the kernel's 2 at loc({{.*}}run_sc_core_signal_range.mlir":[[@LINE+11]]:5)
// CHECK-NOT: Unranked Memref

module {
  pallas.kernel @k grid(2, 2) names("core", "subcore")
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    %c = pallas.axis_index "core"
    %s = pallas.axis_index "subcore"
    %one = arith.constant 1 : i32
    %t = arith.addi %c, %s : i32
    pallas.semaphore_signal %sem[], %one core(%t) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    pallas.call @k() : () -> ()
    %o = memref.alloc() : memref<1xi32>
    %u = memref.cast %o : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
