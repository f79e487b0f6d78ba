// RUN: %pallas_opt %s --convert-pallas-to-scf | FileCheck %s

// Window buffers are filled, before the in-bounds part is copied in, with
// what JAX's interpret mode (`interpret=True`, primitives.uninitialized_value
// in jax 0.10.2) reads outside an array: a quiet NaN for floats (bf16 0x7FC0,
// f16 0x7E00, f8E4M3FN 0x7F: its only NaN magnitude, as ml_dtypes'
// float8_e4m3fn(nan)), the smallest value of a signless
// integer type (i8: -128), zero for an unsigned type (uint8's smallest), false
// for i1. Inputs and outputs alike (an output window's padding is never
// copied out).

// CHECK-LABEL: func.func @k
// CHECK: arith.constant 0x7FC0 : bf16
// CHECK: vector.broadcast %{{.*}} : bf16 to vector<16x128xbf16>
// CHECK: arith.constant dense<0> : vector<16xui8>
// i1 (narrower than a byte: a vector of it is packed into bits, the buffer
// holds a byte per element) is stored element by element.
// CHECK: %[[F:.*]] = arith.constant false
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: memref.store %[[F]], %{{.*}}[%[[I]]] : memref<16xi1>
// CHECK: arith.constant 0x7E00 : f16
// CHECK: arith.constant 0x7F : f8E4M3FN
// CHECK: arith.constant -128 : i8
// CHECK: vector.broadcast %{{.*}} : i8 to vector<16xi8>
pallas.kernel @k grid(2)
    ins(%a: memref<20x128xbf16> block [element(16, pad = [4, 4]), 128] map affine_map<(i) -> (i * 8, 0)>,
        %u: memref<20xui8> block [16] map affine_map<(i) -> (i)>,
        %m: memref<20xi1> block [16] map affine_map<(i) -> (i)>,
        %h: memref<20xf16> block [16] map affine_map<(i) -> (i)>,
        %e: memref<20xf8E4M3FN> block [16] map affine_map<(i) -> (i)>)
    outs(%o: memref<20xi8> block [16] map affine_map<(i) -> (i)>) {
}
