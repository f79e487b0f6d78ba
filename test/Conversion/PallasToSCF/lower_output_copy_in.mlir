// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s

// An output block whose first access in the body is a store of the whole
// block, at the top level, is not read in from the output array at a new
// block: the store overwrites every element before anything can read it.
// The only copy touching the output array is the copy-out.
// CHECK-LABEL: func.func @overwrite
// CHECK-SAME: (%[[X:.*]]: memref<32x8xf32>, %[[O:.*]]: memref<32x8xf32>)
// CHECK: scf.for
// CHECK: memref.subview %[[X]]
// CHECK: memref.copy
// CHECK-NOT: memref.subview %[[O]]
// CHECK: arith.negf
// CHECK: vector.transfer_write
// CHECK: %[[OUT:.*]] = memref.subview %[[O]]
// CHECK: memref.copy %{{.*}}, %[[OUT]]
// CHECK-NOT: memref.subview %[[O]]
// CHECK: return
pallas.kernel @overwrite grid(4) semantics(parallel)
    ins(%x: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
  %a = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
  %n = arith.negf %a : vector<8x8xf32>
  pallas.store %n, %o[] : vector<8x8xf32>, memref<8x8xf32>
}

// Read in as before: a store under a condition (the block keeps the
// array's values where it does not run), a store of part of the block, and
// a read of the block before the store (an accumulator).
// CHECK-LABEL: func.func @conditional
// CHECK-SAME: (%{{.*}}: memref<32x8xf32>, %[[O:.*]]: memref<32x8xf32>)
// CHECK: %[[IN:.*]] = memref.subview %[[O]]
// CHECK: memref.copy %[[IN]]
// CHECK: scf.if
// CHECK: %[[OUT:.*]] = memref.subview %[[O]]
// CHECK: memref.copy %{{.*}}, %[[OUT]]
pallas.kernel @conditional grid(4) semantics(parallel)
    ins(%x: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
  %i = pallas.program_id 0
  %c1 = arith.constant 1 : i32
  %odd = arith.cmpi eq, %i, %c1 : i32
  scf.if %odd {
    %a = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
    pallas.store %a, %o[] : vector<8x8xf32>, memref<8x8xf32>
  }
}

// CHECK-LABEL: func.func @partial
// CHECK-SAME: (%{{.*}}: memref<32x8xf32>, %[[O:.*]]: memref<32x8xf32>)
// CHECK: %[[IN:.*]] = memref.subview %[[O]]
// CHECK: memref.copy %[[IN]]
pallas.kernel @partial grid(4) semantics(parallel)
    ins(%x: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
  %a = pallas.load %x[0:4, 0:8] : memref<8x8xf32> -> vector<4x8xf32>
  pallas.store %a, %o[0:4, 0:8] : vector<4x8xf32>, memref<8x8xf32>
}

// CHECK-LABEL: func.func @accumulate
// CHECK-SAME: (%{{.*}}: memref<32x8xf32>, %[[O:.*]]: memref<8x8xf32>)
// CHECK: %[[IN:.*]] = memref.subview %[[O]]
// CHECK: memref.copy %[[IN]]
pallas.kernel @accumulate grid(4) semantics(arbitrary)
    ins(%x: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<8x8xf32> block [8, 8] map affine_map<(i) -> (0, 0)>) {
  %a = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
  %s = pallas.load %o[] : memref<8x8xf32> -> vector<8x8xf32>
  %t = arith.addf %a, %s : vector<8x8xf32>
  pallas.store %t, %o[] : vector<8x8xf32>, memref<8x8xf32>
}
