// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// One case per error of the pallas.ref_reshape / pallas.ref_bitcast
// verifiers (JAX's message where JAX rejects the same thing).

#vmem = #pallas.memory_space<vmem>

func.func @f(%x: memref<16x128xf32>) {
  // expected-error @+1 {{must be nested in a pallas.kernel}}
  %r = pallas.ref_reshape %x : memref<16x128xf32> -> memref<2x8x128xf32>
  return
}

// -----

// element type
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{result memref<2x8x128xi32, #pallas.memory_space<vmem>> must have the element type of ref memref<16x128xf32, #pallas.memory_space<vmem>> (pallas.ref_bitcast changes it)}}
  %r = pallas.ref_reshape %x : memref<16x128xf32, #vmem> -> memref<2x8x128xi32, #vmem>
}

// -----

// memory space
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{result memref<2x8x128xf32, #pallas.memory_space<smem>> must be in the memory space of ref memref<16x128xf32, #pallas.memory_space<vmem>> (a view stays where its ref is)}}
  %r = pallas.ref_reshape %x : memref<16x128xf32, #vmem> -> memref<2x8x128xf32, #pallas.memory_space<smem>>
}

// -----

// element count
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{cannot reshape ref of shape (16, 128) into shape (3, 128): ref memref<16x128xf32, #pallas.memory_space<vmem>> has 2048 elements, result memref<3x128xf32, #pallas.memory_space<vmem>> has 384}}
  %r = pallas.ref_reshape %x : memref<16x128xf32, #vmem> -> memref<3x128xf32, #vmem>
}

// -----

// dynamic
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  %d = memref.subview %d16[0, 0] [%c8, 128] [1, 1] : memref<16x128xf32, #vmem> to memref<?x128xf32, strided<[128, 1]>, #vmem>
  // expected-error @+1 {{ref memref<?x128xf32, strided<[128, 1]>, #pallas.memory_space<vmem>> has a dynamic size; JAX: Reshape ref with dynamic size is not supported.}}
  %r = pallas.ref_reshape %d : memref<?x128xf32, strided<[128, 1]>, #vmem> -> memref<2x8x128xf32, #vmem>
}

// -----

// non-contiguous
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  %col = memref.subview %x[0, 64] [16, 64] [1, 1] : memref<16x128xf32, #vmem> to memref<16x64xf32, strided<[128, 1], offset: 64>, #vmem>
  // expected-error @+1 {{no strides describe ref memref<16x64xf32, strided<[128, 1], offset: 64>, #pallas.memory_space<vmem>> reshaped into shape (8, 128): the reshape merges dims that are not contiguous in memory}}
    %r = pallas.ref_reshape %col : memref<16x64xf32, strided<[128, 1], offset: 64>, #vmem> -> memref<8x128xf32, #vmem>
}

// -----

// layout of a view
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  %s = memref.subview %x[%c8, 0] [8, 128] [1, 1] : memref<16x128xf32, #vmem> to memref<8x128xf32, strided<[128, 1], offset: ?>, #vmem>
  // expected-error @+1 {{result memref<2x4x128xf32, #pallas.memory_space<vmem>> must have the layout of the view, strided<[512, 128, 1], offset: ?> (the strides and offset of the same elements of ref memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>)}}
    %r = pallas.ref_reshape %s : memref<8x128xf32, strided<[128, 1], offset: ?>, #vmem> -> memref<2x4x128xf32, #vmem>
}

// -----

// layout of a whole ref
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{result memref<2x8x128xf32, strided<[2048, 128, 1]>, #pallas.memory_space<vmem>> must have the layout of the view, the identity layout (the strides and offset of the same elements of ref memref<16x128xf32, #pallas.memory_space<vmem>>)}}
  %r = pallas.ref_reshape %x : memref<16x128xf32, #vmem> -> memref<2x8x128xf32, strided<[2048, 128, 1]>, #vmem>
}

// -----

// bitcast to index
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{ref memref<16x128xf32, #pallas.memory_space<vmem>> and result memref<16x128xindex, #pallas.memory_space<vmem>> must hold integers or floats wider than one bit}}
  %b = pallas.ref_bitcast %x : memref<16x128xf32, #vmem> -> memref<16x128xindex, #vmem>
}

// -----

// bitcast to bool
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{ref memref<16x128xbf16, #pallas.memory_space<vmem>> and result memref<256x128xi1, #pallas.memory_space<vmem>> must hold integers or floats wider than one bit}}
  %b = pallas.ref_bitcast %h : memref<16x128xbf16, #vmem> -> memref<256x128xi1, #vmem>
}

// -----

// widths
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{the bit widths of ref memref<16x128xf32, #pallas.memory_space<vmem>> (32) and result memref<16x128xi24, #pallas.memory_space<vmem>> (24) must divide one another}}
  %b = pallas.ref_bitcast %x : memref<16x128xf32, #vmem> -> memref<16x128xi24, #vmem>
}

// -----

// 1-D width change
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{ref memref<128xf32, #pallas.memory_space<vmem>> has rank 1; JAX: Bitcast 1D ref with bitwidth change is not supported.}}
  %b = pallas.ref_bitcast %v : memref<128xf32, #vmem> -> memref<256xbf16, #vmem>
}

// -----

// 1-D
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{ref memref<128xf32, #pallas.memory_space<vmem>> has rank 1; a ref bitcast needs rank 2 or more (JAX scales the second-minor dim, Mosaic: Not implemented: 1d memref bitcast.)}}
  %b = pallas.ref_bitcast %v : memref<128xf32, #vmem> -> memref<128xi32, #vmem>
}

// -----

// rank
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{ref memref<16x128xf32, #pallas.memory_space<vmem>> and result memref<2x8x128xi32, #pallas.memory_space<vmem>> must have the same rank}}
  %b = pallas.ref_bitcast %x : memref<16x128xf32, #vmem> -> memref<2x8x128xi32, #vmem>
}

// -----

// minor dim
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{result memref<32x64xbf16, #pallas.memory_space<vmem>> must have the dims of ref memref<16x128xf32, #pallas.memory_space<vmem>> but the second-minor one}}
  %b = pallas.ref_bitcast %x : memref<16x128xf32, #vmem> -> memref<32x64xbf16, #vmem>
}

// -----

// second-minor
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{Expected input and output shapes are the same after multiplying the second-minor dimension by the bitwidths: ref memref<16x128xbf16, #pallas.memory_space<vmem>> has 16 x 16 bits there, result memref<16x128xi32, #pallas.memory_space<vmem>> 16 x 32}}
  %b = pallas.ref_bitcast %h : memref<16x128xbf16, #vmem> -> memref<16x128xi32, #vmem>
}

// -----

// equal widths keep the layout
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  %s = memref.subview %x[%c8, 0] [8, 128] [1, 1] : memref<16x128xf32, #vmem> to memref<8x128xf32, strided<[128, 1], offset: ?>, #vmem>
  // expected-error @+1 {{result memref<8x128xi32, #pallas.memory_space<vmem>> must have the layout of ref memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> (with equal bit widths every element stays in place)}}
    %b = pallas.ref_bitcast %s : memref<8x128xf32, strided<[128, 1], offset: ?>, #vmem> -> memref<8x128xi32, #vmem>
}

// -----

// width change gives the identity layout
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  %s = memref.subview %x[%c8, 0] [16, 128] [1, 1] : memref<16x128xf32, #vmem> to memref<16x128xf32, strided<[128, 1], offset: ?>, #vmem>
  // expected-error @+1 {{result memref<32x128xbf16, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> must have the identity layout: a bitcast that changes the bit width regroups rows, which no strides of ref memref<16x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> describe}}
    %b = pallas.ref_bitcast %s : memref<16x128xf32, strided<[128, 1], offset: ?>, #vmem> -> memref<32x128xbf16, strided<[128, 1], offset: ?>, #vmem>
}

// -----

// bitcast memory space
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{result memref<16x128xi32, #pallas.memory_space<smem>> must be in the memory space of ref memref<16x128xf32, #pallas.memory_space<vmem>> (a view stays where its ref is)}}
  %b = pallas.ref_bitcast %x : memref<16x128xf32, #vmem> -> memref<16x128xi32, #pallas.memory_space<smem>>
}

// -----

// bitcast dynamic
#vmem = #pallas.memory_space<vmem>
pallas.kernel @k grid(1) scratch(%x: memref<16x128xf32, #vmem>, %h: memref<16x128xbf16, #vmem>, %d16: memref<16x128xf32, #vmem>, %v: memref<128xf32, #vmem>) {
  %c8 = arith.constant 8 : index
  %d = memref.subview %d16[0, 0] [%c8, 128] [1, 1] : memref<16x128xf32, #vmem> to memref<?x128xf32, strided<[128, 1]>, #vmem>
  // expected-error @+1 {{ref memref<?x128xf32, strided<[128, 1]>, #pallas.memory_space<vmem>> has a dynamic size; JAX: Bitcast ref with dynamic size is not supported.}}
  %b = pallas.ref_bitcast %d : memref<?x128xf32, strided<[128, 1]>, #vmem> -> memref<16x128xi32, #vmem>
}
