// RUN: %mlir_opt -p 'builtin.module(pallas-row-loops)' %s | FileCheck %s

// A read, an elementwise chain with a splat constant and a broadcast scalar,
// and a write of 4x8 tiles become one loop over the 4 rows doing the same
// ops, in the same order, on vector<8xf32> rows; the read row's index is the
// transfer's row index plus the loop's. (The source is an allocation of its
// own, so it cannot overlap the destination.)
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[DST:.*]]: memref<4x8xf32>, %[[S:.*]]: f32)
// CHECK: %[[SRC:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK-NOT: vector<4x8xf32>
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[TWO:.*]] = arith.constant dense<2.000000e+00> : vector<8xf32>
// CHECK: %[[SB:.*]] = vector.broadcast %[[S]] : f32 to vector<8xf32>
// CHECK: %[[I:.*]] = arith.addi %{{.*}}, %[[R]] : index
// CHECK: %[[X:.*]] = vector.transfer_read %[[SRC]][%[[I]], %{{.*}}], %{{.*}} {in_bounds = [true]} : memref<8x8xf32>, vector<8xf32>
// CHECK: %[[M:.*]] = arith.mulf %[[X]], %[[TWO]] : vector<8xf32>
// CHECK: %[[A:.*]] = arith.addf %[[M]], %[[SB]] : vector<8xf32>
// CHECK: %[[E:.*]] = math.exp %[[A]] : vector<8xf32>
// CHECK: vector.transfer_write %[[E]], %[[DST]][%{{.*}}, %{{.*}}] {in_bounds = [true]} : vector<8xf32>, memref<4x8xf32>
// CHECK: {{^ *}}}{{$}}
// CHECK-NOT: vector<4x8xf32>
// CHECK: return
func.func @chain(%dst: memref<4x8xf32>, %s: f32) {
  %src = memref.alloc() : memref<8x8xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c2, %c0], %pad {in_bounds = [true, true]} : memref<8x8xf32>, vector<4x8xf32>
  %two = arith.constant dense<2.0> : vector<4x8xf32>
  %sb = vector.broadcast %s : f32 to vector<4x8xf32>
  %m = arith.mulf %x, %two : vector<4x8xf32>
  %a = arith.addf %m, %sb : vector<4x8xf32>
  %e = math.exp %a : vector<4x8xf32>
  vector.transfer_write %e, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32>
  return
}

// A value used after the cluster is written to a stack buffer row by row and
// read back whole after the loop; an n-D operand from outside (a function
// argument) is written to a buffer before the loop and read per row; a row
// broadcast is the row itself and a unit-dim broadcast reads one element
// per row from a buffer of its source. A row sum (multi_reduction over the
// last dim) joins too: its accumulator is read per row from a buffer, the
// loop over the row's chunks (one here) carries the running sum, and the
// sums are stored per row and read back as one vector.
// CHECK-LABEL: func.func @boundaries
// CHECK-SAME: (%[[V:.*]]: vector<4x8xf32>, %[[ROW:.*]]: vector<8xf32>, %[[COL:.*]]: vector<4x1xf32>, %[[DST:.*]]: memref<4x8xf32>)
// CHECK: %[[OUT:.*]] = memref.alloca() : memref<4x8xf32>
// CHECK: %[[INIT:.*]] = memref.alloca() : memref<4xf32>
// CHECK: vector.transfer_write %{{.*}}, %[[INIT]]
// CHECK: %[[SUMS:.*]] = memref.alloca() : memref<4xf32>
// CHECK: %[[IN:.*]] = memref.alloca() : memref<4x8xf32>
// CHECK: vector.transfer_write %[[V]], %[[IN]]
// CHECK: %[[CB:.*]] = memref.alloca() : memref<4x1xf32>
// CHECK: vector.transfer_write %[[COL]], %[[CB]]
// CHECK: scf.for %[[R:.*]] =
// CHECK: %[[A0:.*]] = memref.load %[[INIT]][%[[R]]] : memref<4xf32>
// CHECK: %[[PART:.*]] = scf.for %[[C:.*]] = {{.*}} iter_args(%[[A:.*]] = %[[A0]]) -> (f32) {
// CHECK: %[[X:.*]] = memref.load %[[CB]][%[[R]], %{{.*}}] : memref<4x1xf32>
// CHECK: %[[CR:.*]] = vector.broadcast %[[X]] : f32 to vector<8xf32>
// CHECK: %[[VR:.*]] = vector.transfer_read %[[IN]][%[[R]], %[[C]]]{{.*}} : memref<4x8xf32>, vector<8xf32>
// CHECK: %[[S:.*]] = arith.subf %[[VR]], %[[ROW]] : vector<8xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[S]], %[[CR]] : vector<8xf32>
// CHECK: vector.transfer_write %[[P]], %[[DST]]
// The chunk (the whole 8-lane row) is summed as a halving tree, lanes
// [0, 4) + [4, 8), then [0, 2) + [2, 4), then lane 0 + lane 1, and the
// result is added to the running sum.
// CHECK: %[[L4:.*]] = vector.extract_strided_slice %[[S]] {offsets = [0], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
// CHECK: %[[H4:.*]] = vector.extract_strided_slice %[[S]] {offsets = [4], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
// CHECK: %[[S4:.*]] = arith.addf %[[L4]], %[[H4]] : vector<4xf32>
// CHECK: %[[L2:.*]] = vector.extract_strided_slice %[[S4]] {offsets = [0], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
// CHECK: %[[H2:.*]] = vector.extract_strided_slice %[[S4]] {offsets = [2], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
// CHECK: %[[S2:.*]] = arith.addf %[[L2]], %[[H2]] : vector<2xf32>
// CHECK: %[[L1:.*]] = vector.extract_strided_slice %[[S2]] {offsets = [0], sizes = [1], strides = [1]} : vector<2xf32> to vector<1xf32>
// CHECK: %[[H1:.*]] = vector.extract_strided_slice %[[S2]] {offsets = [1], sizes = [1], strides = [1]} : vector<2xf32> to vector<1xf32>
// CHECK: %[[S1:.*]] = arith.addf %[[L1]], %[[H1]] : vector<1xf32>
// CHECK: %[[T0:.*]] = vector.extract %[[S1]][0] : f32 from vector<1xf32>
// CHECK: %[[NA:.*]] = arith.addf %[[A]], %[[T0]] : f32
// CHECK: vector.transfer_write %[[S]], %[[OUT]][%[[R]], %[[C]]]
// CHECK: scf.yield %[[NA]] : f32
// CHECK: memref.store %[[PART]], %[[SUMS]][%[[R]]] : memref<4xf32>
// CHECK: %[[BACK:.*]] = vector.transfer_read %[[OUT]]{{.*}} : memref<4x8xf32>, vector<4x8xf32>
// CHECK: %[[SUM:.*]] = vector.transfer_read %[[SUMS]]{{.*}} : memref<4xf32>, vector<4xf32>
// CHECK: %[[T:.*]] = vector.transpose %[[BACK]]
// CHECK: return %[[SUM]], %[[T]]
func.func @boundaries(%v: vector<4x8xf32>, %row: vector<8xf32>, %col: vector<4x1xf32>,
                      %dst: memref<4x8xf32>) -> (vector<4xf32>, vector<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %rb = vector.broadcast %row : vector<8xf32> to vector<4x8xf32>
  %cb = vector.broadcast %col : vector<4x1xf32> to vector<4x8xf32>
  %s = arith.subf %v, %rb : vector<4x8xf32>
  %p = arith.mulf %s, %cb : vector<4x8xf32>
  vector.transfer_write %p, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32>
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %sum = vector.multi_reduction <add>, %s, %zero [1] : vector<4x8xf32> to vector<4xf32>
  %t = vector.transpose %s, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  return %sum, %t : vector<4xf32>, vector<8x4xf32>
}

// Reads and writes of the same allocation at the same indices run row by
// row (acc += x); a deallocation of memory the cluster reads moves after the
// loop. An op touching memory ends the cluster: the second chain gets a loop
// of its own after the store.
// CHECK-LABEL: func.func @accumulate
// CHECK: %[[ACC:.*]] = memref.alloc() : memref<4x8xf32>
// CHECK: %[[TMP:.*]] = memref.alloc() : memref<4x8xf32>
// CHECK: scf.for
// CHECK: %[[T:.*]] = vector.transfer_read %[[TMP]]
// CHECK: %[[A:.*]] = vector.transfer_read %[[ACC]]
// CHECK: %[[N:.*]] = arith.addf %[[A]], %[[T]] : vector<8xf32>
// CHECK: vector.transfer_write %[[N]], %[[ACC]]
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: memref.dealloc %[[TMP]]
// CHECK: memref.store
// CHECK: scf.for
// CHECK: arith.negf %{{.*}} : vector<8xf32>
// CHECK: {{^ *}}}{{$}}
func.func @accumulate(%x: memref<4x8xf32>, %flag: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c0b = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<4x8xf32>
  %tmp = memref.alloc() : memref<4x8xf32>
  %t = vector.transfer_read %tmp[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x8xf32>, vector<4x8xf32>
  memref.dealloc %tmp : memref<4x8xf32>
  %a = vector.transfer_read %acc[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x8xf32>, vector<4x8xf32>
  %n = arith.addf %a, %t : vector<4x8xf32>
  vector.transfer_write %n, %acc[%c0b, %c0b] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32>
  memref.store %pad, %flag[%c0] : memref<1xf32>
  %y = vector.transfer_read %acc[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x8xf32>, vector<4x8xf32>
  %ny = arith.negf %y : vector<4x8xf32>
  vector.transfer_write %ny, %x[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32>
  memref.dealloc %acc : memref<4x8xf32>
  return
}

// Memory that may overlap is not interleaved: the write to one argument of
// a value computed from a read of another (which may alias it) waits until
// the loop computing the value has finished, then copies it from its buffer
// row by row; a transposing read stays as it is.
// CHECK-LABEL: func.func @kept
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<4x8xf32>
// CHECK: scf.for
// CHECK: vector.transfer_read %{{.*}} : memref<8x8xf32>, vector<8xf32>
// CHECK: %[[NX:.*]] = arith.negf %{{.*}} : vector<8xf32>
// CHECK: vector.transfer_write %[[NX]], %[[BUF]]
// CHECK-NOT: vector.transfer_write
// CHECK: scf.for
// CHECK: %[[Y:.*]] = vector.transfer_read %[[BUF]]{{.*}} : memref<4x8xf32>, vector<8xf32>
// CHECK: vector.transfer_write %[[Y]], %{{.*}} : vector<8xf32>, memref<8x8xf32>
// CHECK: vector.transfer_read {{.*}}permutation_map
// CHECK-NOT: scf.for
// CHECK: return
func.func @kept(%a: memref<8x8xf32>, %b: memref<8x8xf32>) -> vector<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %a[%c1, %c0], %pad {in_bounds = [true, true]} : memref<8x8xf32>, vector<4x8xf32>
  %nx = arith.negf %x : vector<4x8xf32>
  vector.transfer_write %nx, %b[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<8x8xf32>
  %t = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<8x8xf32>, vector<8x4xf32>
  return %t : vector<8x4xf32>
}

// Rows longer than 64 lanes are computed in chunks of the largest divisor of
// the row length up to 64 (here 2 rows of 192: chunks of 64), so no single
// LLVM vector op spans a whole long row.
// CHECK-LABEL: func.func @chunks
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %[[C64]] {
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}]{{.*}} : memref<2x192xf32>, vector<64xf32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<64xf32>
// CHECK: vector.transfer_write %{{.*}} : vector<64xf32>, memref<2x192xf32>
// CHECK-NOT: vector<2x192xf32>
func.func @chunks(%dst: memref<2x192xf32>) {
  %src = memref.alloc() : memref<2x192xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<2x192xf32>, vector<2x192xf32>
  %three = arith.constant dense<3.0> : vector<2x192xf32>
  %y = arith.mulf %x, %three : vector<2x192xf32>
  vector.transfer_write %y, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<2x192xf32>, memref<2x192xf32>
  return
}

// A whole-buffer read of an allocation whose value is written far later
// (loops in between) is copied from the buffer row by row when nothing in
// between may write that allocation (@forward); when a loop in between
// stores to it, the read stays a whole-tile read before the loop (@stale).
// CHECK-LABEL: func.func @forward
// CHECK-SAME: (%[[DST:.*]]: memref<2x8xf32>, %[[OTHER:.*]]: memref<4xf32>)
// CHECK: %[[SRC:.*]] = memref.alloc() : memref<2x8xf32>
// CHECK-NOT: vector<2x8xf32>
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[OTHER]]
// CHECK: scf.for
// CHECK: %[[R:.*]] = vector.transfer_read %[[SRC]]{{.*}} : memref<2x8xf32>, vector<8xf32>
// CHECK: vector.transfer_write %[[R]], %[[DST]]
// CHECK-NOT: vector<2x8xf32>
// CHECK: return
func.func @forward(%dst: memref<2x8xf32>, %other: memref<4xf32>) {
  %src = memref.alloc() : memref<2x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<2x8xf32>, vector<2x8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %pad, %other[%i] : memref<4xf32>
  }
  vector.transfer_write %x, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<2x8xf32>, memref<2x8xf32>
  return
}

// CHECK-LABEL: func.func @stale
// CHECK: %[[SRC:.*]] = memref.alloc() : memref<2x8xf32>
// CHECK: %[[X:.*]] = vector.transfer_read %[[SRC]]{{.*}} : memref<2x8xf32>, vector<2x8xf32>
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[SRC]]
// CHECK: vector.transfer_write %[[X]], %{{.*}} : vector<2x8xf32>, memref<2x8xf32>
func.func @stale(%dst: memref<2x8xf32>) {
  %src = memref.alloc() : memref<2x8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<2x8xf32>, vector<2x8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %pad, %src[%c1, %i] : memref<2x8xf32>
  }
  vector.transfer_write %x, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<2x8xf32>, memref<2x8xf32>
  return
}

// Vectors of i1 are stored packed (8 to a byte), unlike i1 memrefs, so a
// cluster hands an i1 tile on through a buffer of bytes: each chunk
// extended to i8 in the loop, the tile read back as i8 and truncated; an
// i1 tile used only inside the loop needs no buffer (@mask_inside).
// CHECK-LABEL: func.func @mask_out
// CHECK: %[[BYTES:.*]] = memref.alloca() : memref<4x8xi8>
// CHECK: scf.for
// CHECK: %[[M:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: %[[W:.*]] = arith.extui %[[M]] : vector<8xi1> to vector<8xi8>
// CHECK: vector.transfer_write %[[W]], %[[BYTES]]
// CHECK: %[[B:.*]] = vector.transfer_read %[[BYTES]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : memref<4x8xi8>, vector<4x8xi8>
// CHECK: %[[T:.*]] = arith.trunci %[[B]] : vector<4x8xi8> to vector<4x8xi1>
// CHECK: return %[[T]] : vector<4x8xi1>
func.func @mask_out(%dst: memref<4x8xf32>) -> vector<4x8xi1> {
  %src = memref.alloc() : memref<4x8xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x8xf32>, vector<4x8xf32>
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  %m = arith.cmpf olt, %x, %zero : vector<4x8xf32>
  %y = arith.select %m, %zero, %x : vector<4x8xi1>, vector<4x8xf32>
  vector.transfer_write %y, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32>
  return %m : vector<4x8xi1>
}

// CHECK-LABEL: func.func @mask_inside
// CHECK: scf.for
// CHECK: %[[M:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: arith.select %[[M]], %{{.*}}, %{{.*}} : vector<8xi1>, vector<8xf32>
func.func @mask_inside(%dst: memref<4x8xf32>) {
  %src = memref.alloc() : memref<4x8xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x8xf32>, vector<4x8xf32>
  %zero = arith.constant dense<0.0> : vector<4x8xf32>
  %m = arith.cmpf olt, %x, %zero : vector<4x8xf32>
  %y = arith.select %m, %zero, %x : vector<4x8xi1>, vector<4x8xf32>
  vector.transfer_write %y, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32>
  return
}

// A row reduction over a chunk of odd width sets lanes aside: 6 lanes
// halve to 3, lane 2 is set aside, lanes 0 and 1 combine, then the set-aside
// lane, then the running value (integer max: any order gives the same bits).
// CHECK-LABEL: func.func @odd_tree
// CHECK: %[[PART:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i32) {
// CHECK: %[[X:.*]] = vector.transfer_read %{{.*}} : memref<2x6xi32>, vector<6xi32>
// CHECK: %[[L3:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0], sizes = [3], strides = [1]} : vector<6xi32> to vector<3xi32>
// CHECK: %[[H3:.*]] = vector.extract_strided_slice %[[X]] {offsets = [3], sizes = [3], strides = [1]} : vector<6xi32> to vector<3xi32>
// CHECK: %[[M3:.*]] = arith.maxsi %[[L3]], %[[H3]] : vector<3xi32>
// CHECK: %[[LAST:.*]] = vector.extract %[[M3]][2] : i32 from vector<3xi32>
// CHECK: %[[M2:.*]] = vector.extract_strided_slice %[[M3]] {offsets = [0], sizes = [2], strides = [1]} : vector<3xi32> to vector<2xi32>
// CHECK: %[[L1:.*]] = vector.extract_strided_slice %[[M2]] {offsets = [0], sizes = [1], strides = [1]} : vector<2xi32> to vector<1xi32>
// CHECK: %[[H1:.*]] = vector.extract_strided_slice %[[M2]] {offsets = [1], sizes = [1], strides = [1]} : vector<2xi32> to vector<1xi32>
// CHECK: %[[M1:.*]] = arith.maxsi %[[L1]], %[[H1]] : vector<1xi32>
// CHECK: %[[E:.*]] = vector.extract %[[M1]][0] : i32 from vector<1xi32>
// CHECK: %[[T:.*]] = arith.maxsi %[[E]], %[[LAST]] : i32
// CHECK: %[[N:.*]] = arith.maxsi %[[A]], %[[T]] : i32
// CHECK: scf.yield %[[N]] : i32
func.func @odd_tree(%v: memref<2x6xi32>) -> vector<2xi32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i32
  %x = vector.transfer_read %v[%c0, %c0], %pad {in_bounds = [true, true]} : memref<2x6xi32>, vector<2x6xi32>
  %init = arith.constant dense<-2147483648> : vector<2xi32>
  %m = vector.multi_reduction <maxsi>, %x, %init [1] : vector<2x6xi32> to vector<2xi32>
  return %m : vector<2xi32>
}
