// pallas-gpu-to-llvm also takes upstream nvgpu ops in the launch body (what
// convert-mosaic-gpu-to-nvvm may emit for TMA and mbarriers instead of raw
// nvvm ops): a descriptor made on the host by nvgpu.tma.create.descriptor
// (mgpuTensorMapEncodeTiledMemref returns a device pointer, a plain kernel
// parameter: no byval array), an mbarrier, one 64x32 f32 TMA load expecting
// 64 * 32 * 4 = 8192 bytes, a wait.
// RUN: %mlir_opt %s -p 'builtin.module(pallas-gpu-to-llvm)' -o %t.mlir
// RUN: FileCheck %s --check-prefix=HOST < %t.mlir
// RUN: %python %repo/scripts/gpu/extract_ptx.py %t.mlir | FileCheck %s --check-prefix=PTX

// HOST: %[[DESC:.*]] = llvm.call @mgpuTensorMapEncodeTiledMemref(
// HOST: gpu.launch_func <%{{.*}} : !llvm.ptr> @k_mosaic_gpu_kernel::@k_mosaic_gpu_kernel {{.*}} args(%[[DESC]] : !llvm.ptr)

// PTX: .visible .entry k_mosaic_gpu_kernel(
// PTX-NEXT: .param .u64 .ptr .align 1 k_mosaic_gpu_kernel_param_0
// PTX: ld.param.b64 %[[D:rd[0-9]+]], [k_mosaic_gpu_kernel_param_0];
// PTX: mbarrier.init.shared.b64 [__mbarrier], %{{r[0-9]+}};
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%{{rd[0-9]+}}], [%[[D]], {%[[Z:r[0-9]+]], %[[Z]]}], [__mbarrier];
// PTX: mov.b32 %[[TX:r[0-9]+]], 8192;
// PTX: mbarrier.arrive.expect_tx.shared.b64 %{{rd[0-9]+}}, [__mbarrier], %[[TX]];
// PTX: mbarrier.try_wait.parity.shared.b64

!bar = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tma = !nvgpu.tensormap.descriptor<tensor = memref<64x32xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
module attributes {gpu.container_module} {
  func.func @k_mosaic_gpu(%stream: !llvm.ptr, %x: memref<128x32xf32>) {
    %tok = builtin.unrealized_conversion_cast %stream : !llvm.ptr to !gpu.async.token
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    %smem = arith.constant 8200 : i32
    %u = memref.cast %x : memref<128x32xf32> to memref<*xf32>
    %d = nvgpu.tma.create.descriptor %u box[%c64, %c32] : memref<*xf32> -> !tma
    %t = gpu.launch async [%tok] blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1) threads(%t0, %t1, %t2) in (%s0 = %c128, %s1 = %c1, %s2 = %c1) dynamic_shared_memory_size %smem {
      %c0 = arith.constant 0 : index
      %cn = arith.constant 1 : index
      %bytes = arith.constant 8192 : index
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %view = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x32xf32, #gpu.address_space<workgroup>>
      %bar = nvgpu.mbarrier.create -> !bar
      nvgpu.mbarrier.init %bar[%c0], %cn : !bar
      nvgpu.tma.async.load %d[%c0, %c0], %bar[%c0] to %view : !tma, !bar -> memref<64x32xf32, #gpu.address_space<workgroup>>
      nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes : !bar
      %false = arith.constant false
      %ticks = arith.constant 10000000 : index
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %false, %ticks : !bar
      gpu.terminator
    }
    return
  }
}
