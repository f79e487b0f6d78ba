// `make gpu-test`'s script on a machine without a GPU: every kernel with a
// numpy model gets its host @main, goes through pallas-gpu-to-llvm and runs
// in mlir-runner against the stand-in driver, which runs no kernel, so each
// output must come back as the 0xFF fill written before the launch (ptxas:
// its directory gives pallas-gpu-link-libdevice the libdevice of the
// softmax and layer norm kernels).
// REQUIRES: venv-python, ptxas
// RUN: %clang -shared -fPIC %repo/test/Runtime/Inputs/fake_cuda.c -o %t.fake.so
// RUN: %venv_python %repo/scripts/gpu/gpu_test.py --plugin %plugin --runtime %cuda_runtime \
// RUN:   --fake-driver %t.fake.so --keep %t.dir | FileCheck %s

// The same for our own lowering of the pallas twins (--from-pallas); the
// kernels the passes before pallas-gpu-to-llvm decline are listed.
// RUN: %venv_python %repo/scripts/gpu/gpu_test.py --plugin %plugin --runtime %cuda_runtime \
// RUN:   --fake-driver %t.fake.so --from-pallas | FileCheck %s --check-prefix=OURS

// OURS-DAG: [gpu_elementwise_grid] ok
// OURS-DAG: [gpu_fori_accumulate] ok
// OURS-DAG: [gpu_layer_norm] ok
// OURS-DAG: [gpu_row_softmax] ok
// OURS-DAG: [gpu_run_scoped] ok
// OURS-DAG: [gpu_tma_barrier] ok
// OURS-DAG: [gpu_warp_specialized] ok
// OURS-DAG: [gpu_wgmma_matmul] ok
// OURS-DAG: [gpu_debug_print] ok
// OURS-DAG: [gpu_wgmma_scoped] ok
// OURS-DAG: [gpu_while_cond] ok
// OURS-NOT: FAIL
// OURS: gpu-test: {{[0-9]+}} of 13 kernel(s) passed

// CHECK-COUNT-13: ok ({{.*}}): ran against the stand-in driver (outputs: the fill)
// CHECK: gpu-test: 13 of 13 kernel(s) passed
