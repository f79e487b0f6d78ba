// RUN: %pallas_opt %s --convert-pallas-to-scf=max-buffer-bytes=4096 -split-input-file -verify-diagnostics
// RUN: not %pallas_opt %s --convert-pallas-to-scf=max-buffer-bytes=0 -split-input-file 2>&1 | FileCheck %s --check-prefix=ZERO

// The pass option max-buffer-bytes bounds the buffers the CPU reference
// allocates for a kernel (src/conversion/pallas_to_scf/limits.rs). Here it
// is 4096 bytes: an (8, 128) f32 window is 4096 bytes, the bound itself.
pallas.kernel @k grid(1) ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  pallas.return
}

// -----

// One more f32 of scratch: 4100 bytes.
// expected-error @+1 {{scratch[0] memref<1xf32> (4 bytes) brings the buffers the CPU reference allocates for this kernel to 4100 bytes, more than the 4096 bytes of its pass option max-buffer-bytes}}
pallas.kernel @k grid(1) ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    scratch(%s: memref<1xf32, #pallas.memory_space<vmem>>) {
  pallas.return
}

// ZERO: error: 'builtin.module' op max-buffer-bytes=0: expected a positive number of bytes
