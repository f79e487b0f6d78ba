// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// Kernels found by the semantic fuzzer (scripts/fuzz/semantic_fuzz.py,
// issue 12): values of the wrong kind or range that the passes used to read
// unchecked (pads, index maps, symbol names), rejected by the pallas.kernel
// and pallas.index_map verifiers at the op. The compiler_params cases are in
// invalid-compiler-params.mlir.

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

// expected-error @+1 {{symbol name must not be empty}}
pallas.kernel @"" grid(1) {
}


// -----

// expected-error @+1 {{symbol name must not be empty}}
pallas.index_map @""(%i: i32) -> (i32) {
  pallas.yield %i : i32
}

// -----

// A call of a kernel with an overflowing mesh used to panic in the call's
// verifier (the mesh's device count); the kernel reports it.
module {
  // expected-error @+1 {{compiler_params.mosaic_tpu.mesh_shape array<i64: 4294967296, 4294967296> has more than 2^31 - 1 devices}}
  pallas.kernel @k grid(1)
      ins(%x: memref<8xf32> block [8] map affine_map<(i) -> (0)>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i64: 4294967296, 4294967296>}}} {
  }
  func.func @main(%a: memref<8xf32>) {
    pallas.call @k(%a) : (memref<8xf32>) -> ()
    return
  }
}
