// The whole program for gpu_tma_barrier: scripts/gpu/make_main.py appends a
// host @main to JAX's final module (test/Reference/GPU/lowered/), the
// pipeline lowers both to the LLVM dialect with the kernel as PTX, the
// result translates to LLVM IR and links against the runtime, and it runs in
// mlir-runner against the stand-in driver (test/Runtime/Inputs/fake_cuda.c,
// which prints each driver call and runs no kernel). Expected by hand: the
// 256x128 f32 input and output are 131072 bytes each; the output is filled
// with 0xFF bytes (32768 words); one TMA descriptor over the input, a
// 128x256 (innermost first) f32 tensor in 128x128 boxes with rows 512 bytes
// apart, is encoded into the host array that the launch passes by value (the
// stand-in encoder's 0xab bytes arrive as the kernel's parameter); the
// launch is one block of one warpgroup with 131080 bytes of dynamic shared
// memory, above the 48 KiB default, so the function's limit is raised
// first; the output copied back is still the fill, printed as -1.
// REQUIRES: venv-python
// RUN: %venv_python %repo/scripts/gpu/make_main.py %repo/test/Reference/GPU/lowered/gpu_tma_barrier.mlir \
// RUN:   --num-inputs 1 -o %t.main.mlir
// RUN: %mlir_opt %t.main.mlir -p 'builtin.module(pallas-gpu-to-llvm)' -o %t.llvm.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.llvm.mlir -o %t.ll
// RUN: %clang -shared -fPIC -Wl,--no-undefined %t.ll -o %t.prog.so %cuda_runtime \
// RUN:   %llvm_lib/libmlir_runner_utils.so %llvm_lib/libmlir_c_runner_utils.so
// RUN: %clang -shared -fPIC %repo/test/Runtime/Inputs/fake_cuda.c -o %t.fake.so
// RUN: env PALLAS_CUDA_DRIVER=%t.fake.so FAKE_CUDA_DESCRIPTORS=1 %mlir_runner %t.llvm.mlir -e main \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime,%llvm_lib/libmlir_c_runner_utils.so,%llvm_lib/libmlir_runner_utils.so \
// RUN:   > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=TRACE < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// With --repeat 2 (the timing harness of gpu-bench): after the warm-up call
// on stream 1 is synchronized, two timed calls on stream 2, then a 1-word
// memset queued behind them, so that the synchronization of stream 2 waits
// for both; the seconds per call are printed before the output.
// RUN: %venv_python %repo/scripts/gpu/make_main.py %repo/test/Reference/GPU/lowered/gpu_tma_barrier.mlir \
// RUN:   --num-inputs 1 --repeat 2 -o %t.rep.mlir
// RUN: %mlir_opt %t.rep.mlir -p 'builtin.module(pallas-gpu-to-llvm)' -o %t.rep.llvm.mlir
// RUN: env PALLAS_CUDA_DRIVER=%t.fake.so %mlir_runner %t.rep.llvm.mlir -e main \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime,%llvm_lib/libmlir_c_runner_utils.so,%llvm_lib/libmlir_runner_utils.so \
// RUN:   > %t.rep.out 2> %t.rep.err
// RUN: grep -E "Launch|Stream|Memset" %t.rep.err | FileCheck %s --check-prefix=REPEAT
// RUN: FileCheck %s --check-prefix=REPOUT < %t.rep.out
// Without a driver the first runtime call says so.
// RUN: env PALLAS_CUDA_DRIVER=/nonexistent/libcuda.so.1 not %mlir_runner %t.llvm.mlir -e main \
// RUN:   -entry-point-result=void -shared-libs=%cuda_runtime,%llvm_lib/libmlir_c_runner_utils.so,%llvm_lib/libmlir_runner_utils.so \
// RUN:   2>&1 | FileCheck %s --check-prefix=NODRIVER

// TRACE:      fake: cuInit(0)
// TRACE-NEXT: fake: cuDevicePrimaryCtxRetain(device 0)
// TRACE-NEXT: fake: cuModuleLoadDataEx({{[0-9]+}} bytes of PTX, entry 'body_mosaic_gpu_kernel', 3 options: 7=3 5=buffer 6=4096)
// TRACE-NEXT: fake: cuStreamCreate(flags 1)
// TRACE-NEXT: fake: cuMemAlloc_v2(131072)
// TRACE-NEXT: fake: cuMemcpyAsync(131072 bytes, stream 1)
// TRACE-NEXT: fake: cuMemAlloc_v2(131072)
// TRACE-NEXT: fake: cuMemsetD32Async(0xffffffff, 32768, stream 1)
// TRACE-NEXT: fake: cuTensorMapEncodeTiled(type 7, rank 2, address % 128 = 0, dims 128 256, strides 512, box 128 128, element strides 1 1, interleave 0, swizzle 0, l2 3, oob 0, map % 64 = 0)
// TRACE-NEXT: fake: cuModuleGetFunction(the module, body_mosaic_gpu_kernel)
// TRACE-NEXT: fake: cuDeviceGetAttribute(97, device 0)
// TRACE-NEXT: fake: cuFuncSetAttribute(body_mosaic_gpu_kernel, 8, 131080)
// TRACE-NEXT: fake: cuLaunchKernel(body_mosaic_gpu_kernel, grid 1x1x1, block 128x1x1, smem 131080, stream 1, extra null)
// TRACE-NEXT: fake:   descriptor param: [0] ab..ab
// TRACE-NEXT: fake: cuMemcpyAsync(131072 bytes, stream 1)
// TRACE-NEXT: fake: cuStreamSynchronize(stream 1)
// TRACE-NEXT: fake: cuStreamDestroy_v2(stream 1)
// TRACE-NEXT: fake: cuModuleUnload(the module)
// TRACE-NOT:  {{.}}

// OUT: sizes = [32768] strides = [1] data =
// OUT-NEXT: [-1,  -1,  -1,
// Every element is -1: no digit but 1, and no 1 without its minus sign.
// OUT-NOT: {{[02-9]}}
// OUT-NOT: {{(\[| )1}}
// REPEAT:      fake: cuStreamCreate(flags 1)
// REPEAT-NEXT: fake: cuMemsetD32Async(0xffffffff, 32768, stream 1)
// REPEAT-NEXT: fake: cuLaunchKernel(body_mosaic_gpu_kernel, {{.*}}, stream 1, extra null)
// REPEAT-NEXT: fake: cuStreamSynchronize(stream 1)
// REPEAT-NEXT: fake: cuStreamDestroy_v2(stream 1)
// REPEAT-NEXT: fake: cuStreamCreate(flags 1)
// REPEAT-NEXT: fake: cuLaunchKernel(body_mosaic_gpu_kernel, {{.*}}, stream 2, extra null)
// REPEAT-NEXT: fake: cuLaunchKernel(body_mosaic_gpu_kernel, {{.*}}, stream 2, extra null)
// REPEAT-NEXT: fake: cuMemsetD32Async(0, 1, stream 2)
// REPEAT-NEXT: fake: cuStreamSynchronize(stream 2)
// REPEAT-NEXT: fake: cuStreamDestroy_v2(stream 2)
// REPEAT-NEXT: fake: cuStreamCreate(flags 1)
// REPEAT-NEXT: fake: cuStreamSynchronize(stream 3)
// REPEAT-NEXT: fake: cuStreamDestroy_v2(stream 3)
// REPOUT: {{^[0-9.e+-]+$}}
// REPOUT-NEXT: Unranked Memref
// NODRIVER: pallas_cuda_runtime: error: mgpuModuleLoadJIT: cannot load the CUDA driver /nonexistent/libcuda.so.1
