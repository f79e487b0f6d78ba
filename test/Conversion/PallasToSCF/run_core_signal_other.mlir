// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | not %mlir_runner -e main -entry-point-result=void %runner_libs 2>&1 | FileCheck %s

// A megacore-style kernel whose grid step i signals core i: a device of the
// CPU reference has one TensorCore, so step 0's signal (core 0) is its own
// and step 1's (core 1) stops the run with the signal's location; the
// output is never printed.

// CHECK: pallas.semaphore_signal to a core other than 0 (a device of the CPU reference has one TensorCore) at loc({{.*}}run_core_signal_other.mlir":[[@LINE+9]]:5)
// CHECK-NOT: Unranked Memref

module {
  pallas.kernel @k grid(2) semantics(core_parallel)
      outs(%o: memref<16xi32> block [8] map affine_map<(i) -> (i)>)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>) {
    %i = pallas.program_id 0
    %c1 = arith.constant 1 : i32
    pallas.semaphore_signal %sem[], %c1 core(%i) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %v = vector.broadcast %i : i32 to vector<8xi32>
    pallas.store %v, %o[] : vector<8xi32>, memref<8xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<16xi32>
    pallas.call @k(%o) : (memref<16xi32>) -> ()
    %u = memref.cast %o : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %o : memref<16xi32>
    return
  }
}
