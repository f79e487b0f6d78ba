// pallas-gpu-to-llvm takes modules at the level of jaxlib's
// lower_mgpu_dialect output; a pallas kernel or a mosaic_gpu op is refused
// at the op (its first check, pallas-gpu-check-lowered), once per op kind,
// for pallas at the kernel only.
// RUN: %mlir_opt %s --split-input-file -p 'builtin.module(pallas-gpu-to-llvm)' --verify-diagnostics -o /dev/null

module {
  // expected-error @+1 {{'pallas.kernel' op not yet supported by pallas-gpu-to-llvm: lower the kernel to Mosaic GPU and then to NVVM first (convert-pallas-to-mosaic-gpu, infer-mosaic-gpu-layouts, convert-mosaic-gpu-to-nvvm)}}
  pallas.kernel @k
      ins(%x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      outs(%o: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %v = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
    pallas.store %v, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @k_mosaic_gpu(%b: memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mosaic_gpu.arrive' op not yet supported by pallas-gpu-to-llvm: lower the mosaic_gpu dialect first (infer-mosaic-gpu-layouts, convert-mosaic-gpu-to-nvvm)}}
    "mosaic_gpu.arrive"(%b) <{orders_tensor_core = false}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
    "mosaic_gpu.arrive"(%b) <{orders_tensor_core = false}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
    // expected-error @+1 {{'mosaic_gpu.arrive_expect_tx' op not yet supported by pallas-gpu-to-llvm}}
    "mosaic_gpu.arrive_expect_tx"(%b) <{expect_tx = 16384 : i32}> : (memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>) -> ()
    return
  }
}
