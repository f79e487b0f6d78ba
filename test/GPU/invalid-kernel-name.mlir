// A kernel is outlined under the name of the function that launches it, and
// PTX spells names with letters, digits, '_' and '$' only: LLVM's NVPTX
// backend aborts the process on any other character. A quoted MLIR symbol
// may hold any, so pallas-gpu-check-lowered (the first pass of
// pallas-gpu-to-llvm and of the registered pallas pipelines) refuses such a
// name at the function, which is the user's pallas.kernel when the module
// comes from Pallas (fuzz seed 12: `pallas.kernel @"x\"y"`).
// RUN: %mlir_opt %s --split-input-file -p 'builtin.module(pallas-gpu-pipeline)' --verify-diagnostics -o /dev/null
// RUN: %mlir_opt %s --split-input-file -p 'builtin.module(convert-pallas-to-nvvm)' --verify-diagnostics -o /dev/null

module {
  // expected-error @+1 {{not yet supported: a GPU kernel named "x\"y_mosaic_gpu": PTX names a kernel with letters, digits, '_' and '$' only, not starting with a digit}}
  pallas.kernel @"x\"y"
      ins(%x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      outs(%o: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %v = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
    pallas.store %v, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
  }
}

// -----

module {
  // expected-error @+1 {{not yet supported: a GPU kernel named "9lives_mosaic_gpu"}}
  pallas.kernel @"9lives"
      ins(%x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      outs(%o: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %v = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
    pallas.store %v, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
  }
}

// -----

// `$` and `_` are PTX identifier characters: this one goes through.
module {
  pallas.kernel @"k$_1"
      ins(%x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      outs(%o: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %v = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
    pallas.store %v, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
  }
}
