// The Triton twins that `make gpu-bench` times against ours
// (scripts/gpu/triton_kernels.py), checked without a GPU: under Triton's
// interpreter on the inputs gpu-test draws, against gpu-test's numpy models
// (operand shapes and dtypes those of JAX's module), and compiled ahead of
// time for sm_90, where the matmul twins must use WGMMA. Runs where the
// venv's python or $PALLAS_TRITON_PATH has Triton (lit feature `triton`).
// REQUIRES: triton
// RUN: %venv_python %repo/scripts/gpu/gpu_bench.py --check-triton-interpret | FileCheck %s --check-prefix=INTERP
// RUN: %venv_python %repo/scripts/gpu/gpu_bench.py --check-triton-compile | FileCheck %s --check-prefix=COMPILE

// INTERP-DAG: [gpu_elementwise_grid] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_tma_barrier] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_run_scoped] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_layout_cast] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_fori_accumulate] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_while_cond] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_warp_specialized] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_cluster_multicast] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_row_softmax] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_layer_norm] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_wgmma_matmul] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_wgmma_scoped] Triton twin matches the numpy model under the interpreter
// INTERP-DAG: [gpu_debug_print] no Triton twin
// INTERP-NOT: TWIN DIFFERS

// COMPILE-DAG: [gpu_elementwise_grid] Triton twin compiles for sm_90
// COMPILE-DAG: [gpu_tma_barrier] Triton twin compiles for sm_90
// COMPILE-DAG: [gpu_run_scoped] Triton twin compiles for sm_90
// COMPILE-DAG: [gpu_layout_cast] Triton twin compiles for sm_90
// COMPILE-DAG: [gpu_fori_accumulate] Triton twin compiles for sm_90
// COMPILE-DAG: [gpu_while_cond] Triton twin compiles for sm_90
// COMPILE-DAG: [gpu_warp_specialized] Triton twin compiles for sm_90
// COMPILE-DAG: [gpu_cluster_multicast] Triton twin compiles for sm_90
// COMPILE-DAG: [gpu_row_softmax] Triton twin compiles for sm_90
// COMPILE-DAG: [gpu_layer_norm] Triton twin compiles for sm_90
// COMPILE-DAG: [gpu_wgmma_matmul] Triton twin compiles for sm_90 ({{[0-9]+}} wgmma.mma_async)
// COMPILE-DAG: [gpu_wgmma_scoped] Triton twin compiles for sm_90 ({{[0-9]+}} wgmma.mma_async)
// COMPILE-NOT: TWIN DOES NOT COMPILE
