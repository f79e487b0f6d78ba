// Without a GPU, `make gpu-test` and `make gpu-bench` (their scripts) say
// so and succeed.
// UNSUPPORTED: nvidia-gpu
// REQUIRES: venv-python
// RUN: %venv_python %repo/scripts/gpu/gpu_test.py | FileCheck %s --check-prefix=TEST
// RUN: %venv_python %repo/scripts/gpu/gpu_bench.py | FileCheck %s --check-prefix=BENCH
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 %venv_python %repo/scripts/gpu/gpu_test.py | FileCheck %s --check-prefix=TEST

// TEST: gpu-test: no GPU: skipped
// BENCH: gpu-bench: no GPU: skipped
