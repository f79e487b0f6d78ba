// `make gpu-test`'s script on a machine without a GPU: every kernel with a
// numpy model gets its host @main, goes through pallas-gpu-to-llvm and runs
// in mlir-runner against the stand-in driver, which runs no kernel, so each
// output must come back as the 0xFF fill written before the launch.
// REQUIRES: venv-python
// RUN: %clang -shared -fPIC %repo/test/Runtime/Inputs/fake_cuda.c -o %t.fake.so
// RUN: %venv_python %repo/scripts/gpu/gpu_test.py --plugin %plugin --runtime %cuda_runtime \
// RUN:   --fake-driver %t.fake.so --keep %t.dir | FileCheck %s

// CHECK-COUNT-13: ok ({{.*}}): ran against the stand-in driver (outputs: the fill)
// CHECK: gpu-test: 13 of 13 kernel(s) passed
