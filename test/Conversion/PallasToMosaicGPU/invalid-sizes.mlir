// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu -split-input-file -verify-diagnostics

// Sizes the lowering computes from user extents (arrays, the sequential
// grid, barrier arrays and arrivals, GMEM semaphores, shared memory) are
// checked before they are used: none may overflow i64 on the way or pass
// what the generated code can count.

// The host entry addresses an operand with i64 strides: 2^64 f32 do not fit.
// expected-error @+1 {{'pallas.kernel' op inputs[0]: the array memref<4294967296x4294967296xf32> has more than 2^63 - 1 bytes (GPU operands are addressed with i64 offsets)}}
pallas.kernel @k grid(1)
    ins(%x: memref<4294967296x4294967296xf32> block [4294967296, 4294967296] map affine_map<(i) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// The product of the sequential dims overflows i64 (it panicked).
// expected-error @+1 {{'pallas.kernel' op the sequential grid dims (4294967296, 4294967296) make more than 2^31 - 1 steps; the in-kernel step loop counts them in i32}}
pallas.kernel @k grid(4294967296, 4294967296) names("i", "j") semantics(arbitrary, arbitrary)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i, j) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// 2^32 steps fit i64 but not the i32 step loop (its bound was truncated to 0).
// expected-error @+1 {{'pallas.kernel' op the sequential grid dims (4294967296) make more than 2^31 - 1 steps; the in-kernel step loop counts them in i32}}
pallas.kernel @k grid(4294967296) names("i") semantics(arbitrary)
    ins(%x: memref<256x128xi8> block [8, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<256x128xi8> block [8, 128] map affine_map<(i) -> (0, 0)>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", max_concurrent_steps = 2 : i64}}} {
  pallas.return
}

// -----

// The pipeline has a barrier per concurrent step, one group: JAX initializes
// at most 32 barriers in a group (their phases are the bits of an i32).
// expected-error @+1 {{'pallas.kernel' op Only up to 32 barriers per group supported (the pipeline's, one per concurrent step: max_concurrent_steps = 40)}}
pallas.kernel @k grid(100) names("i") semantics(arbitrary)
    ins(%x: memref<256x128xi8> block [8, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<256x128xi8> block [8, 128] map affine_map<(i) -> (0, 0)>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", max_concurrent_steps = 40 : i64}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op Only up to 32 barriers per group supported (memref<40x!pallas.barrier, #pallas.memory_space<shared>>)}}
pallas.kernel @k grid(1)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%b: memref<40x!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c39 = arith.constant 39 : index
  pallas.barrier_wait %b[%c39] : memref<40x!pallas.barrier, #pallas.memory_space<shared>>
  pallas.return
}

// -----

// The barrier count of a 2-D array overflows i64.
// expected-error @+1 {{'pallas.kernel' op Only up to 32 barriers per group supported (memref<4294967296x4294967296x!pallas.barrier, #pallas.memory_space<shared>>)}}
pallas.kernel @k grid(1)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%b: memref<4294967296x4294967296x!pallas.barrier, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// An mbarrier phase counts at most 2^20 - 1 arrivals.
// expected-error @+1 {{'pallas.kernel' op a barrier of 1048576 arrivals expects more than the 1048575 arrivals an mbarrier phase counts}}
pallas.kernel @k grid(1)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%b: memref<2x!pallas.barrier<arrivals = 1048576>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// A cluster barrier counts the arrivals of the 2 CTAs along "c": 2^32 x 2
// was truncated to an i32 count of 0.
// expected-error @+1 {{'pallas.kernel' op a barrier of 4294967296 arrivals from each CTA of its cluster dims expects more than the 1048575 arrivals an mbarrier phase counts}}
pallas.kernel @k grid(1) names("i")
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%b: memref<2x!pallas.barrier<arrivals = 4294967296, collective_axes = ["c"]>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", cluster = array<i64: 2>, cluster_names = ["c"]}}} {
  %c1 = arith.constant 1 : index
  pallas.barrier_arrive %b[%c1] : memref<2x!pallas.barrier<arrivals = 4294967296, collective_axes = ["c"]>, #pallas.memory_space<shared>>
  pallas.return
}

// -----

// The semaphores of one allocation overflow i64.
// expected-error @+1 {{'pallas.kernel' op the kernel's GMEM semaphores number more than 2^63 - 1 at memref<4294967296x4294967296x!pallas.semaphore, #pallas.memory_space<gmem>>}}
pallas.kernel @k grid(1)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%s: memref<4294967296x4294967296x!pallas.semaphore, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// Global semaphores add up over the get_globals.
pallas.kernel @k grid(1)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %g = pallas.get_global : memref<9223372036854775807x!pallas.semaphore, #pallas.memory_space<gmem>>
  // expected-error @+1 {{'pallas.get_global' op the kernel's GMEM semaphores number more than 2^63 - 1 at memref<2x!pallas.semaphore, #pallas.memory_space<gmem>>}}
  %h = pallas.get_global : memref<2x!pallas.semaphore, #pallas.memory_space<gmem>>
  pallas.return
}

// -----

// Nested scopes add up their block-local semaphores.
pallas.kernel @k grid(1)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%s: memref<9223372036854775807x!pallas.semaphore, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.run_scoped' op the kernel's GMEM semaphores number more than 2^63 - 1 at memref<!pallas.semaphore, #pallas.memory_space<gmem>>}}
  pallas.run_scoped {
  ^bb0(%t: memref<!pallas.semaphore, #pallas.memory_space<gmem>>):
    pallas.yield
  }
  pallas.return
}

// -----

// The block-local semaphore operand has 4 i32 per CTA: over (2^31 - 1) x
// 65535 x 65535 CTAs, more bytes than i64 holds.
// expected-error @+1 {{'pallas.kernel' op the kernel's GMEM semaphores (4 per CTA over 9223090559730712575 CTAs) take more than 2^63 - 1 bytes}}
pallas.kernel @k grid(65535, 65535, 2147483647) names("i", "j", "l")
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i, j, l) -> (0, 0)> in gmem)
    scratch(%s: memref<4x!pallas.semaphore, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  pallas.semaphore_wait %s[%c1], %one : memref<4x!pallas.semaphore, #pallas.memory_space<gmem>>
  pallas.return
}

// -----

// Shared memory past i64 bytes: JAX's rejection, with the bound ours stops at.
// expected-error @+1 {{'pallas.kernel' op Mosaic GPU kernel exceeds available shared memory: smem_bytes >= 2^63 (at memref<4611686018427387904x4xf32, #pallas.memory_space<shared>>) > max_smem_bytes=232448}}
pallas.kernel @k grid(1)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%s: memref<4611686018427387904x4xf32, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.return
}

// -----

// A scope's shared buffer on top of the kernel's scratch of 2^63 - 1024 bytes.
pallas.kernel @k grid(1)
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in gmem)
    scratch(%s: memref<2305843009213693696xf32, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.run_scoped' op Mosaic GPU kernel exceeds available shared memory: smem_bytes >= 2^63 (at memref<1024xf32, #pallas.memory_space<shared>>) > max_smem_bytes=232448}}
  pallas.run_scoped {
  ^bb0(%t: memref<1024xf32, #pallas.memory_space<shared>>):
    pallas.yield
  }
  pallas.return
}
