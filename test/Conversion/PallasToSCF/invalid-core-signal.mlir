// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s -split-input-file -verify-diagnostics
// RUN: %pallas_opt --convert-pallas-to-sparsecore %s -split-input-file | FileCheck %s --check-prefix=SC

// A signal to another core of a SparseCore kernel: the SparseCore lowering
// takes it (tpu.sem_signal with core_id), the CPU reference reports it: its
// cores and subcores run one after the other over one set of scratch
// semaphores, so there is no other core's semaphore to add to. (A
// TensorCore kernel's core(...) runs: run_core_signal.mlir.)

// SC: tpu.sem_signal %{{.*}}, %{{.*}} core_id %{{.*}} : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
pallas.kernel @vector grid(2, 16) names("core", "subcore")
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %c = pallas.axis_index "core"
  %one = arith.constant 1 : i32
  %other = arith.subi %one, %c : i32
  // expected-error @+1 {{'pallas.semaphore_signal' op not yet supported: semaphore_signal ... core(...) in a SparseCore kernel on the CPU reference (its cores and subcores run one after the other over one set of scratch semaphores, so no core has its own semaphore to signal)}}
  pallas.semaphore_signal %sem[], %one core(%other) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
}

// -----

// SC: tpu.sem_signal %{{.*}}, %{{.*}} core_id %{{.*}} : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
pallas.kernel @scalar grid(2) names("core")
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.semaphore_signal' op not yet supported: semaphore_signal ... core(...) in a SparseCore kernel}}
  pallas.semaphore_signal %sem[], %one core(%zero) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
}
