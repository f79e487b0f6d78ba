// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// Kernels found by the semantic fuzzer (scripts/fuzz/semantic_fuzz.py,
// issue 12): values of the wrong kind or range that the passes used to read
// unchecked, rejected by the pallas.kernel verifier at the kernel.

// expected-error @+1 {{unknown mosaic_tpu.kernel_type; expected "tc", "sc_vector_subcore" or "sc_scalar_subcore", got 1 : i64}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {kernel_type = 1 : i64}}} {
}

// -----

// expected-error @+1 {{unknown mosaic_tpu.kernel_type; expected "tc", "sc_vector_subcore" or "sc_scalar_subcore", got "bogus"}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {kernel_type = "bogus"}}} {
}

// -----

// expected-error @+1 {{unknown mosaic_tpu.kernel_type; expected "tc", "sc_vector_subcore" or "sc_scalar_subcore", got ""}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {kernel_type = ""}}} {
}

// -----

// expected-error @+1 {{compiler_params mosaic_tpu.mesh_axes must be an array of strings, got "x"}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {mesh_axes = "x", mesh_shape = array<i64: 2>}}} {
}

// -----

// expected-error @+1 {{compiler_params mosaic_tpu.mesh_axes ["x", "x"] must name each axis once, with a non-empty name}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "x"], mesh_shape = array<i64: 2, 2>}}} {
}

// -----

// expected-error @+1 {{compiler_params mosaic_tpu.mesh_shape must be an array<i64: ...>, got array<i32: 4, 2>}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i32: 4, 2>}}} {
}

// -----

// expected-error @+1 {{compiler_params mosaic_tpu.mesh_shape array<i64: 0> must have positive extents}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 0>}}} {
}

// -----

// expected-error @+1 {{compiler_params mosaic_tpu.mesh_shape array<i64: 4294967296, 4294967296> has more than 2^31 - 1 devices}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i64: 4294967296, 4294967296>}}} {
}

// -----

// expected-error @+1 {{compiler_params mosaic_tpu.mesh_axes names 3 axes but mesh_shape has 1 extents}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y", "z"], mesh_shape = array<i64: 2>}}} {
}

// -----

// expected-error @+1 {{compiler_params mosaic_tpu.vmem_limit_bytes must be a positive integer, got "a"}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {vmem_limit_bytes = "a"}}} {
}

// -----

// expected-error @+1 {{inputs[0] has element padding [9223372036854775807, 9223372036854775807] at dim 0 that makes the padded extent overflow i64}}
pallas.kernel @k grid(1) ins(%x: memref<16xf32> block [element(16, pad = [9223372036854775807, 9223372036854775807])] map affine_map<(i) -> (0)>) {
}

// -----

// floordiv by -1 turns grid id 1 into block -1.
// expected-error @+1 {{index map (d0) -> (d0 floordiv -1) can return block index -1 at dim 0, outside the valid range [0, 3]}}
pallas.kernel @k grid(2) ins(%x: memref<32xf32> block [8] map affine_map<(i) -> (i floordiv -1)>) {
}

// -----

// mod -3 lies in (-3, 0].
// expected-error @+1 {{index map (d0) -> (d0 mod -3) can return block index -2 at dim 0, outside the valid range [0, 3]}}
pallas.kernel @k grid(4) ins(%x: memref<32xf32> block [8] map affine_map<(i) -> (i mod -3)>) {
}

// -----

// (3 + 5) ceildiv 2 = 4 is one block past the end.
// expected-error @+1 {{index map (d0) -> ((d0 + 5) ceildiv 2) can return block index 4 at dim 0, outside the valid range [0, 3]}}
pallas.kernel @k grid(4) ins(%x: memref<32xf32> block [8] map affine_map<(i) -> ((i + 5) ceildiv 2)>) {
}

// -----

// ceildiv by -2: grid ids 0..3 give 0, 0, -1, -1.
// expected-error @+1 {{index map (d0) -> (d0 ceildiv -2) can return block index -1 at dim 0, outside the valid range [0, 3]}}
pallas.kernel @k grid(4) ins(%x: memref<32xf32> block [8] map affine_map<(i) -> (i ceildiv -2)>) {
}

// -----

// expected-error @+1 {{index map (d0) -> (d0 + 4294967296) has the constant 4294967296, which does not fit i32 (result 0)}}
pallas.kernel @k grid(4) ins(%x: memref<32xf32> block [8] map affine_map<(i) -> (i + 4294967296)>) {
}

// -----

// expected-error @+1 {{index map (d0) -> (d0 * 2147483647 + 2147483647) can compute 4294967294, outside i32 (result 0)}}
pallas.kernel @k grid(2) ins(%x: memref<32xf32> block [8] map affine_map<(i) -> (i * 2147483647 + 2147483647)>) {
}

// -----

// expected-error @+1 {{symbol name "" must be a plain identifier}}
pallas.kernel @"" grid(1) {
}

// -----

// expected-error @+1 {{symbol name "x\"y" must be a plain identifier}}
pallas.kernel @"x\"y" grid(1) {
}

// -----

// expected-error @+1 {{symbol name "0k" must be a plain identifier}}
pallas.index_map @"0k"(%i: i32) -> (i32) {
  pallas.yield %i : i32
}

// -----

// A call of a kernel with an overflowing mesh used to panic in the call's
// verifier (the mesh's device count); the kernel reports it.
module {
  // expected-error @+1 {{compiler_params mosaic_tpu.mesh_shape array<i64: 4294967296, 4294967296> has more than 2^31 - 1 devices}}
  pallas.kernel @k grid(1)
      ins(%x: memref<8xf32> block [8] map affine_map<(i) -> (0)>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i64: 4294967296, 4294967296>}}} {
  }
  func.func @main(%a: memref<8xf32>) {
    pallas.call @k(%a) : (memref<8xf32>) -> ()
    return
  }
}

// -----

// A mesh_shape without mesh_axes used to panic in convert-pallas-to-scf.
// expected-error @+1 {{compiler_params mosaic_tpu.mesh_axes and mesh_shape describe one device mesh; give both or neither}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {mesh_shape = array<i64: 2>}}} {
}

// -----

// expected-error @+1 {{compiler_params mosaic_tpu.mesh_axes and mesh_shape describe one device mesh; give both or neither}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"]}}} {
}
