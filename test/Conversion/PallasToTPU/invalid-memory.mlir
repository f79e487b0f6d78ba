// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file -verify-diagnostics

// Ref accesses JAX's Pallas TPU lowering rejects, with its messages.

pallas.kernel @k grid(1) ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>,
                             %b: memref<8x128xi1> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  %m = pallas.load %b[] : memref<8x128xi1> -> vector<8x128xi1>
  // expected-error @+1 {{Masked loads are not supported on TPU (JAX raises NotImplementedError for pl.load with a mask); load without the mask and select with arith.select}}
  %v = pallas.load %x[] mask(%m : vector<8x128xi1>) : memref<8x128xf32> -> vector<8x128xf32>
}

// -----

pallas.kernel @k grid(1) scratch(%s: memref<f32, #pallas.memory_space<vmem>>) {
  // expected-error @+1 {{Indexing into a ()-shaped Ref not yet supported on TPU.}}
  %v = pallas.load %s[] : memref<f32, #pallas.memory_space<vmem>> -> f32
}

// -----

pallas.kernel @k grid(1) scratch(%s: memref<f32, #pallas.memory_space<vmem>>) {
  %z = arith.constant 0.0 : f32
  // expected-error @+1 {{Indexing into a ()-shaped Ref not yet supported on TPU.}}
  pallas.store %z, %s[] : f32, memref<f32, #pallas.memory_space<vmem>>
}

// -----

pallas.kernel @k grid(1) scratch(%s: memref<8x128xf32, #pallas.memory_space<smem>>) {
  // expected-error @+1 {{Can only load scalars from SMEM}}
  %v = pallas.load %s[] : memref<8x128xf32, #pallas.memory_space<smem>> -> vector<8x128xf32>
}

// -----

pallas.kernel @k grid(1) ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in any) {
  // expected-error @+1 {{Loads are only allowed on VMEM and SMEM references. ANY memory space can only be accessed using async_copy.}}
  %v = pallas.load %x[] : memref<8x128xf32, #pallas.memory_space<any>> -> vector<8x128xf32>
}

// -----

pallas.kernel @k grid(1) ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in hbm) {
  // expected-error @+1 {{'pallas.load' op Loads are only allowed on VMEM and SMEM references.}}
  %v = pallas.load %x[] : memref<8x128xf32, #pallas.memory_space<hbm>> -> vector<8x128xf32>
}

// -----

pallas.kernel @k grid(1) outs(%o: memref<16x128xbf16> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  %v = arith.constant dense<1.0> : vector<16x128xbf16>
  %m = arith.constant dense<true> : vector<16x128xi1>
  // expected-error @+1 {{masked swap with non-32-bit data}}
  pallas.store %v, %o[] mask(%m : vector<16x128xi1>) : vector<16x128xbf16>, memref<16x128xbf16>
}

// -----

pallas.kernel @k grid(1) scratch(%s: memref<8x128xf32, #pallas.memory_space<smem>>) {
  %v = arith.constant dense<1.0> : vector<8x128xf32>
  %m = arith.constant dense<true> : vector<8x128xi1>
  // expected-error @+1 {{SMEM store does not support masks}}
  pallas.store %v, %s[] mask(%m : vector<8x128xi1>) : vector<8x128xf32>, memref<8x128xf32, #pallas.memory_space<smem>>
}

// -----

pallas.kernel @k grid(1) scratch(%s: memref<8x128xf32, #pallas.memory_space<smem>>) {
  %v = arith.constant dense<1.0> : vector<8x128xf32>
  // expected-error @+1 {{Can only store scalars to SMEM}}
  pallas.store %v, %s[] : vector<8x128xf32>, memref<8x128xf32, #pallas.memory_space<smem>>
}

// -----

pallas.kernel @k grid(1) outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  %v = arith.constant 1.0 : f32
  // expected-error @+1 {{Cannot store scalars to VMEM}}
  pallas.store %v, %o[0, 0] : f32, memref<8x128xf32>
}

// -----

pallas.kernel @k grid(1) outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in any) {
  %v = arith.constant dense<1.0> : vector<8x128xf32>
  // expected-error @+1 {{Loads and stores are only allowed on VMEM and SMEM references. ANY memory space can only be accessed using async_copy.}}
  %old = pallas.swap %v, %o[] : vector<8x128xf32>, memref<8x128xf32, #pallas.memory_space<any>> -> vector<8x128xf32>
}

// -----

pallas.kernel @k grid(1) outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  %v = arith.constant dense<1.0> : vector<8x128xf32>
  %m = arith.constant dense<true> : vector<8x128xi1>
  // expected-error @+1 {{masked swap with strided store}}
  pallas.store %v, %o[0:8:2, 0:128] mask(%m : vector<8x128xi1>) : vector<8x128xf32>, memref<16x128xf32>
}

// -----

pallas.kernel @k grid(1) ins(%x: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  // expected-error @+1 {{Strided slices of references are unsupported.}}
  %s = memref.subview %x[0, 0] [8, 128] [2, 1] : memref<16x128xf32> to memref<8x128xf32, strided<[256, 1]>>
}

// -----

pallas.kernel @k grid(1) ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{memref.load on VMEM is not supported by Mosaic; use pallas.load (JAX accesses VMEM through vector loads and stores)}}
  %v = memref.load %x[%c0, %c0] : memref<8x128xf32>
}

// -----

pallas.kernel @k grid(1) scratch(%s: memref<8x128xf32, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'vector.load' op Can only load scalars from SMEM}}
  %v = vector.load %s[%c0, %c0] : memref<8x128xf32, #pallas.memory_space<smem>>, vector<8x128xf32>
}

// -----

pallas.kernel @k grid(1) outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in any) {
  %c0 = arith.constant 0 : index
  %v = arith.constant dense<1.0> : vector<8x128xf32>
  // expected-error @+1 {{'vector.store' op Loads and stores are only allowed on VMEM and SMEM references. ANY memory space can only be accessed using async_copy.}}
  vector.store %v, %o[%c0, %c0] : memref<8x128xf32, #pallas.memory_space<any>>, vector<8x128xf32>
}

// -----

pallas.kernel @k grid(1) ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  // expected-error @+1 {{not yet supported: 'memref.collapse_shape' in a TensorCore kernel body}}
  %f = memref.collapse_shape %x [[0, 1]] : memref<8x128xf32> into memref<1024xf32>
}
