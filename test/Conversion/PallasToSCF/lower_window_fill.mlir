// RUN: %pallas_opt %s --convert-pallas-to-scf | FileCheck %s

// A window buffer gets JAX's "uninitialised" values (NaN here) only when the
// window reaches outside the array: row block i covers rows [8i, 8i + 8) of
// 20, so only the last step pads. The fill sits under the bounds test, the
// copy of the in-bounds part after it.
// CHECK-LABEL: func.func @pad
// CHECK:      %[[LO:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[HI:.*]] = arith.cmpi sgt, %{{.*}}, %c20{{.*}} : index
// CHECK-NEXT: %[[OUT0:.*]] = arith.ori %[[LO]], %[[HI]] : i1
// CHECK:      %[[OUT:.*]] = arith.ori %[[OUT0]], %{{.*}} : i1
// CHECK-NEXT: scf.if %[[OUT]] {
// CHECK-NEXT:   arith.constant 0x7FC00000 : f32
// CHECK:        vector.transfer_write
// CHECK:      }
// CHECK:      memref.copy
pallas.kernel @pad grid(3)
    ins(%x: memref<20x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<20x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  %a = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
  pallas.store %a, %o[] : vector<8x128xf32>, memref<8x128xf32>
}
