// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu -split-input-file -verify-diagnostics

// Inputs the semantic fuzzer (scripts/fuzz/semantic_fuzz.py) found, reduced.
// The CUDA grid is the Pallas grid reversed (its last axis is x) times the
// cluster; CUDA launches at most 2^31 - 1 CTAs along x and 65535 along y
// and z, and grid x cluster must not overflow on the way (it panicked).

// expected-error @+1 {{'pallas.kernel' op the CUDA grid has 9223372036854775807 x 2 CTAs along x (grid extent times cluster extent); CUDA launches at most 2147483647}}
pallas.kernel @k grid(3, 9223372036854775807) names("i", "j")
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i, j) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 1, 2>, cluster_names = ["d", "c"]}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op the CUDA grid has 70000 x 1 CTAs along y (grid extent times cluster extent); CUDA launches at most 65535}}
pallas.kernel @k grid(70000, 2)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i, j) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// 2^30 along x is fine alone; the cluster of 2 makes it 2^31.
// expected-error @+1 {{'pallas.kernel' op the CUDA grid has 1073741824 x 2 CTAs along x (grid extent times cluster extent); CUDA launches at most 2147483647}}
pallas.kernel @k grid(1073741824)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 2>, cluster_names = ["c"]}}} {
  pallas.return
}

// -----

// A constant barrier index past the barrier array (the fuzzer's 2^62
// panicked making the phase bit); a copy's barrier index is checked too.
pallas.kernel @k grid(1)
    ins(%x: memref<128x128xf32> block [128, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%s: memref<128x128xf32, #pallas.memory_space<shared>>,
            %b: memref<2x!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c2 = arith.constant 2 : index
  %big = arith.constant 4611686018427387904 : index
  // expected-error @+1 {{'pallas.copy_gmem_to_smem' op barrier index 4611686018427387904 (dim 0) is out of range for the array of 2 barriers}}
  pallas.copy_gmem_to_smem %x -> %s, %b[%big] : memref<128x128xf32, #pallas.memory_space<gmem>> -> memref<128x128xf32, #pallas.memory_space<shared>>, memref<2x!pallas.barrier, #pallas.memory_space<shared>>
  // expected-error @+1 {{'pallas.barrier_wait' op barrier index 2 (dim 0) is out of range for the array of 2 barriers}}
  pallas.barrier_wait %b[%c2] : memref<2x!pallas.barrier, #pallas.memory_space<shared>>
  pallas.return
}

// -----

// A multimem load-reduce of i16 (the fuzzer made one of i4): the generated
// mosaic_gpu op reduces 32- and 64-bit integers only.
pallas.kernel @k grid(1)
    ins(%x: memref<32x128xi16> block [32, 128] map affine_map<(b) -> (0, 0)> in gmem)
    outs(%y: memref<32x128xi16> block [32, 128] map affine_map<(b) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  // expected-error @+1 {{'pallas.multimem_load_reduce' op multimem_load_reduce of i16: only 32- and 64-bit integers reduce in multimem}}
  %sum = pallas.multimem_load_reduce %x add {collective_axes = ["x"]} : memref<32x128xi16, #pallas.memory_space<gmem>> -> vector<32x128xi16>
  pallas.return
}

// -----

// A multimem load-reduce of f64 (fuzz seed 20261127, from collectives.mlir
// with its element types mutated): the generated mosaic_gpu op failed its
// verifier ("Unsupported source type: 'f64'"). Floats reduce in multimem
// as f32 (add only), f16, bf16, f8E4M3FN or f8E5M2 (add, min, max).
pallas.kernel @k grid(1)
    ins(%x: memref<8x128xf64> block [8, 128] map affine_map<(b) -> (0, 0)> in gmem)
    outs(%y: memref<8x128xf64> block [8, 128] map affine_map<(b) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  // expected-error @+1 {{'pallas.multimem_load_reduce' op multimem_load_reduce of f64: multimem reduces 32- and 64-bit integers and f32, f16, bf16, f8E4M3FN or f8E5M2 floats}}
  %v = pallas.multimem_load_reduce %x min {collective_axes = ["x"]} : memref<8x128xf64, #pallas.memory_space<gmem>> -> vector<8x128xf64>
  pallas.return
}

// -----

// f32 reduces by add only in multimem.
pallas.kernel @k grid(1)
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(b) -> (0, 0)> in gmem)
    outs(%y: memref<8x128xf32> block [8, 128] map affine_map<(b) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  // expected-error @+1 {{'pallas.multimem_load_reduce' op multimem_load_reduce of f32: only add (multimem has no f32 min or max)}}
  %v = pallas.multimem_load_reduce %x max {collective_axes = ["x"]} : memref<8x128xf32, #pallas.memory_space<gmem>> -> vector<8x128xf32>
  pallas.return
}

// -----

// bf16 min is fine: the check lets it through to the lowering.
pallas.kernel @k grid(1)
    ins(%x: memref<8x128xbf16> block [8, 128] map affine_map<(b) -> (0, 0)> in gmem)
    outs(%y: memref<8x128xbf16> block [8, 128] map affine_map<(b) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  %v = pallas.multimem_load_reduce %x min {collective_axes = ["x"]} : memref<8x128xbf16, #pallas.memory_space<gmem>> -> vector<8x128xbf16>
  pallas.store %v, %y[] : vector<8x128xbf16>, memref<8x128xbf16, #pallas.memory_space<gmem>>
  pallas.return
}

// -----

// Floats reduce in multimem by add, min or max; a bitwise kind is for
// integers.
pallas.kernel @k grid(1)
    ins(%x: memref<8x128xbf16> block [8, 128] map affine_map<(b) -> (0, 0)> in gmem)
    outs(%y: memref<8x128xbf16> block [8, 128] map affine_map<(b) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  // expected-error @+1 {{'pallas.multimem_load_reduce' op multimem_load_reduce of bf16: floats reduce by add, min or max only}}
  %v = pallas.multimem_load_reduce %x and {collective_axes = ["x"]} : memref<8x128xbf16, #pallas.memory_space<gmem>> -> vector<8x128xbf16>
  pallas.return
}
