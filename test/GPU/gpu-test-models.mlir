// gpu-test's numpy models against JAX's own semantics where JAX can tell
// without a GPU: the kernels' builders run in Pallas's interpret mode on the
// CPU on the same inputs (the other kernels use GPU primitives that mode
// has no rule for, and are reported as such).
// REQUIRES: venv-python
// RUN: %venv_python %repo/scripts/gpu/gpu_test.py --check-models | FileCheck %s

// CHECK-DAG: [gpu_debug_print] model agrees with JAX interpret mode
// CHECK-DAG: [gpu_elementwise_grid] model agrees with JAX interpret mode
// CHECK-DAG: [gpu_fori_accumulate] model agrees with JAX interpret mode
// CHECK-DAG: [gpu_while_cond] model agrees with JAX interpret mode
// CHECK-NOT: MODEL DIFFERS
