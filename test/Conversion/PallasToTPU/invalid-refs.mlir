// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file -verify-diagnostics

// Ref reshapes and bitcasts JAX's Pallas TPU lowering (or Mosaic, for what
// JAX emits) rejects, with their messages.

pallas.kernel @k grid(1) scratch(%s: memref<256xf32, #pallas.memory_space<vmem>>) {
  // expected-error @+1 {{Reshape 1D ref is not supported.}}
  %r = pallas.ref_reshape %s : memref<256xf32, #pallas.memory_space<vmem>> -> memref<2x128xf32, #pallas.memory_space<vmem>>
}

// -----

// JAX's block shape is (8, squeezed, 128).
pallas.kernel @k grid(1) ins(%x: memref<8x1x128xf32> block [8, squeezed, 128] map affine_map<(i) -> (0, 0, 0)>) {
  // expected-error @+1 {{Reshape a ref with squeezed dimension on last two dimensions.}}
  %r = pallas.ref_reshape %x : memref<8x128xf32> -> memref<2x4x128xf32>
}

// -----

pallas.kernel @k grid(1) scratch(%s: memref<2x128xf32, #pallas.memory_space<vmem>>) {
  // expected-error @+1 {{Not implemented: 1d memref reshape. (Mosaic rejects the tpu.memref_reshape to memref<256xf32, #pallas.memory_space<vmem>>)}}
  %r = pallas.ref_reshape %s : memref<2x128xf32, #pallas.memory_space<vmem>> -> memref<256xf32, #pallas.memory_space<vmem>>
}

// -----

pallas.kernel @k grid(1) ins(%x: memref<8x1x128xbf16> block [8, squeezed, 128] map affine_map<(i) -> (0, 0, 0)>) {
  // expected-error @+1 {{Bitcast a ref whose 2nd minormost dimension is squeezed when bitwidth changes.}}
  %b = pallas.ref_bitcast %x : memref<8x128xbf16> -> memref<4x128xi32>
}

// -----

pallas.kernel @k grid(2) ins(%x: memref<2x16x128xf32> block [squeezed, 16, 128] map affine_map<(i) -> (i, 0, 0)>) {
  // expected-error @+1 {{not yet supported: bitcasting a window with squeezed block dims (JAX 0.10.2 keeps them in the source of its tpu.memref_bitcast but not in the result, which Mosaic rejects: Ranks do not match.)}}
  %b = pallas.ref_bitcast %x : memref<16x128xf32> -> memref<16x128xi32>
}

// -----

// expected-error @+1 {{'pallas.kernel' op scratch[0] is in the GPU memory space 'gmem'}}
pallas.kernel @k grid(1) scratch(%g: memref<16x128xf32, #pallas.memory_space<gmem>>) {
  // expected-error @+1 {{views a ref memref<16x128xf32, #pallas.memory_space<gmem>> that has no TPU memory space}}
  %r = pallas.ref_reshape %g : memref<16x128xf32, #pallas.memory_space<gmem>> -> memref<2x8x128xf32, #pallas.memory_space<gmem>>
}
