// RUN: %pallas_opt %s --convert-pallas-to-scf | FileCheck %s

// A width-changing ref bitcast is a buffer of its own (refs.rs); a view of
// it carried by scf.while (and scf.for, scf.if, affine.for: the oracle
// kernel ref_bitcast_carried) is that buffer, and the load through the
// loop's result is wrapped like any access: packed from the bf16 ref before
// (rows 2r and 2r + 1 of a column into one i32, the first at bit 0, the
// second at bit 16) and unpacked back after.

// CHECK:      arith.constant true
// CHECK-NEXT: %[[W:.*]] = scf.while (%[[A:.*]] = %[[BUF:.*]]) : (memref<8x128xi32>) -> memref<8x128xi32> {
// CHECK-NEXT:   scf.condition(%{{.*}}) %[[A]] : memref<8x128xi32>
// CHECK:      scf.for %[[R:.*]] = %{{.*}} to %c8
// CHECK:        scf.for %[[C:.*]] = %{{.*}} to %c128
// CHECK:          arith.shli %{{.*}}, %c16_i32 : i32
// CHECK:          memref.store %{{.*}}, %[[BUF]][%[[R]], %[[C]]] : memref<8x128xi32>
// CHECK:      vector.transfer_read %[[W]][
// CHECK:      scf.for %[[R2:.*]] = %{{.*}} to %c8
// CHECK:        scf.for %[[C2:[^ ]*]] = %{{.*}} to %c128
// CHECK-NEXT:     memref.load %[[BUF]][%[[R2]], %[[C2]]] : memref<8x128xi32>

pallas.kernel @k grid(1)
    ins(%x: memref<16x128xbf16> block [16, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<8x128xi32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  %b = pallas.ref_bitcast %x : memref<16x128xbf16> -> memref<8x128xi32>
  %t = arith.constant true
  %r = scf.while (%ref = %b) : (memref<8x128xi32>) -> (memref<8x128xi32>) {
    scf.condition(%t) %ref : memref<8x128xi32>
  } do {
  ^bb0(%a: memref<8x128xi32>):
    scf.yield %a : memref<8x128xi32>
  }
  %v = pallas.load %r[] : memref<8x128xi32> -> vector<8x128xi32>
  pallas.store %v, %o[] : vector<8x128xi32>, memref<8x128xi32>
}
