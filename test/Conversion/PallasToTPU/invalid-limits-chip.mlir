// RUN: %pallas_opt %s --convert-pallas-to-tpu=chip=v4 -split-input-file -verify-diagnostics
// RUN: not %pallas_opt %s --convert-pallas-to-tpu=chip=v9 -split-input-file 2>&1 | FileCheck %s --check-prefix=BAD

// The pass option chip=<generation> (src/conversion/pallas_to_tpu/limits.rs):
// a TPU v4 has 16 MiB = 16777216 bytes of VMEM per TensorCore and a whole
// chip 34400000000 bytes of HBM (jaxlib 0.10.2's TPU info). The same
// kernels fit the default target and chip=v5e (limits-chip.mlir).

// BAD: error: 'builtin.module' op chip=v9: unknown TPU generation; expected one of v2, v3, v4i, v4, v5e, v5p, v6e, 7, 7x, 8i

// Two moving (1024, 1024) f32 windows, 2 buffers of 4194304 bytes each,
// fill the 16777216 bytes exactly; the output's two (8, 128) f32 buffers
// (8192 bytes) are over.
// expected-error @+1 {{outputs[0] (block (8, 128) of f32, 2 buffers of 4096 bytes) takes 8192 bytes of VMEM: with it the kernel needs at least 16785408 bytes of VMEM, more than the 16777216 bytes of VMEM per TensorCore of a TPU v4 (chip=v4); its VMEM buffers: inputs[0] 8388608, inputs[1] 8388608, outputs[0] 8192 = 16785408 bytes}}
pallas.kernel @k grid(4) ins(%x: memref<4096x1024xf32> block [1024, 1024] map affine_map<(i) -> (i, 0)>,
                             %y: memref<4096x1024xf32> block [1024, 1024] map affine_map<(i) -> (i, 0)>)
                         outs(%o: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

// expected-error @+1 {{compiler_params.mosaic_tpu.vmem_limit_bytes = 33554432 is more than the 16777216 bytes of VMEM per TensorCore of a TPU v4 (chip=v4)}}
pallas.kernel @k grid(1) outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    attributes {compiler_params = {mosaic_tpu = {vmem_limit_bytes = 33554432 : i64}}} {
  pallas.return
}

// -----

// 9 x 2^30 x 4 = 38654705664 bytes; 8 x 2^30 x 4 = 34359738368 would fit.
// expected-error @+1 {{outputs[0]'s array memref<9x1073741824xf32> takes 38654705664 bytes, more than the 34400000000 bytes of HBM of a whole chip of a TPU v4 (chip=v4)}}
pallas.kernel @k grid(1) ins(%x: memref<8x1073741824xf32> block [8, 1073741824] map affine_map<(i) -> (0, 0)> in any)
                         outs(%o: memref<9x1073741824xf32> block [9, 1073741824] map affine_map<(i) -> (0, 0)> in any) {
  pallas.return
}

// -----

// A TPU v4 has 16 MiB = 16777216 bytes of VMEM; a (1024, 4097) i32 value
// is 16781312 bytes.
pallas.kernel @k grid(1) {
  // expected-error @+1 {{'pallas.iota' op result #0 is a vector<1024x4097xi32> of 16781312 bytes (elements times their width, bools as 32-bit words), more than the 16777216 bytes of VMEM per TensorCore of a TPU v4 (chip=v4): no vector value that large can be held}}
  %i = pallas.iota dim 1 : vector<1024x4097xi32>
  pallas.return
}
