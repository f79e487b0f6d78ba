// RUN: %pallas_opt %s --convert-pallas-to-sparsecore -split-input-file -verify-diagnostics

// SparseCore memory limits (src/conversion/pallas_to_tpu/limits.rs): a
// vector subcore's VMEM holds 512 KiB = 524288 bytes by default (the
// largest of any generation in jaxlib 0.10.2's TPU info); chip=<generation>
// in invalid-limits-chip.mlir.

// 131072 x f32 = 524288 bytes of scratch fill it; 8 more f32 are over.
// expected-error @+1 {{scratch[1] (memref<8xf32, #pallas.memory_space<vmem>>) takes 32 bytes of VMEM: with it the kernel needs at least 524320 bytes of VMEM, more than the 524288 bytes of VMEM per SparseCore vector subcore of the largest TPU (TPU 8i; the pass option chip=<generation> checks against another); its VMEM buffers: scratch[0] 524288, scratch[1] 32 = 524320 bytes}}
pallas.kernel @k grid(2, 16) names("core", "subcore")
    scratch(%a: memref<131072xf32, #pallas.memory_space<vmem>>,
            %b: memref<8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// A whole VMEM operand of 131073 x f32 = 524292 bytes.
// expected-error @+1 {{inputs[0] (the whole array memref<131073xf32>) takes 524292 bytes of VMEM}}
pallas.kernel @k grid(2, 16) names("core", "subcore")
    ins(%x: memref<131073xf32> block [131073] map affine_map<(c, s) -> (0)> in vmem)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// An operand array past i64 (2^62 x i32).
// expected-error @+1 {{inputs[0]'s array memref<4611686018427387904xi32> has more than 2^63 - 1 bytes}}
pallas.kernel @k grid(2) names("core")
    ins(%x: memref<4611686018427387904xi32> block [4611686018427387904] map affine_map<(c) -> (0)>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  pallas.return
}

// -----

// A vector value larger than a vector subcore's VMEM: 131073 x f32 =
// 524292 bytes.
pallas.kernel @k grid(2, 16) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{'arith.constant' op result #0 is a vector<131073xf32> of 524292 bytes (elements times their width, bools as 32-bit words), more than the 524288 bytes of VMEM per SparseCore vector subcore of the largest TPU (TPU 8i; the pass option chip=<generation> checks against another): no vector value that large can be held}}
  %c = arith.constant dense<1.0> : vector<131073xf32>
  pallas.return
}
