// RUN: %pallas_opt --convert-pallas-to-sparsecore %s -split-input-file | FileCheck %s

// A signal to a core of a SparseCore kernel: tpu.sem_signal with core_id
// (JAX passes `core_index` through as given). The CPU reference runs such
// kernels with per-core semaphores: PallasToSCF/run_sc_core_signal.mlir.

// CHECK-LABEL: func.func @vector(
// CHECK: %[[C:.*]] = arith.subi %{{.*}}, %arg0 : i32
// CHECK: tpu.sem_signal %arg2, %{{.*}} core_id %[[C]] : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
pallas.kernel @vector grid(2, 16) names("core", "subcore")
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %c = pallas.axis_index "core"
  %one = arith.constant 1 : i32
  %other = arith.subi %one, %c : i32
  pallas.semaphore_signal %sem[], %one core(%other) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
}

// -----

// CHECK-LABEL: func.func @scalar(
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: tpu.sem_signal %arg1, %{{.*}} core_id %[[Z]] : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
pallas.kernel @scalar grid(2) names("core")
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  pallas.semaphore_signal %sem[], %one core(%zero) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
}
