// RUN: %mlir_opt -p 'builtin.module(pallas-row-loops)' %s | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(pallas-row-loops)' %s | FileCheck %s --check-prefix=GLOBAL

// A long 1-D vector is one row: its cluster is one loop over 64-lane
// chunks. An iota (the index_cast of a vector.step, as convert-pallas-to-scf
// builds it) is remade per chunk as the chunk's lanes plus its offset; the
// whole-vector step is erased. (The source is an allocation of its own, so
// it cannot overlap the destination.)
// CHECK-LABEL: func.func @one_row
// CHECK-SAME: (%[[DST:.*]]: memref<256xf32>)
// CHECK: %[[SRC:.*]] = memref.alloc() : memref<256xf32>
// CHECK-NOT: vector<256x
// CHECK: %[[N:.*]] = arith.constant 256 : index
// CHECK: %[[W:.*]] = arith.constant 64 : index
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %[[N]] step %[[W]] {
// CHECK: %[[LANES:.*]] = vector.step : vector<64xindex>
// CHECK: %[[AT:.*]] = vector.broadcast %[[C]] : index to vector<64xindex>
// CHECK: %[[IDX:.*]] = arith.addi %[[LANES]], %[[AT]] : vector<64xindex>
// CHECK: %[[I:.*]] = arith.index_cast %[[IDX]] : vector<64xindex> to vector<64xi32>
// CHECK: %[[X:.*]] = vector.transfer_read %[[SRC]][%{{.*}}], %{{.*}} {in_bounds = [true]} : memref<256xf32>, vector<64xf32>
// CHECK: %[[F:.*]] = arith.sitofp %[[I]] : vector<64xi32> to vector<64xf32>
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[F]] : vector<64xf32>
// CHECK: vector.transfer_write %[[S]], %[[DST]][%{{.*}}] {in_bounds = [true]} : vector<64xf32>, memref<256xf32>
// CHECK: {{^ *}}}{{$}}
// CHECK-NOT: vector<256x
// CHECK-NOT: vector.step
// CHECK: return
func.func @one_row(%dst: memref<256xf32>) {
  %src = memref.alloc() : memref<256xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0], %pad {in_bounds = [true]} : memref<256xf32>, vector<256xf32>
  %s = vector.step : vector<256xindex>
  %i = arith.index_cast %s : vector<256xindex> to vector<256xi32>
  %f = arith.sitofp %i : vector<256xi32> to vector<256xf32>
  %y = arith.addf %x, %f : vector<256xf32>
  vector.transfer_write %y, %dst[%c0] {in_bounds = [true]} : vector<256xf32>, memref<256xf32>
  return
}

// A reduction of a long 1-D vector to a scalar: the chunk loop carries the
// accumulator (the op's own) and its result is the sum; each chunk is
// summed as a halving tree first.
// CHECK-LABEL: func.func @sum
// CHECK-SAME: (%[[SRC:.*]]: memref<128xf32>, %[[ACC:.*]]: f32)
// CHECK: %[[R:.*]] = scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[ACC]]) -> (f32) {
// CHECK: %[[X:.*]] = vector.transfer_read %[[SRC]][%{{.*}}], %{{.*}} {in_bounds = [true]} : memref<128xf32>, vector<64xf32>
// CHECK: %[[E:.*]] = math.exp %[[X]] : vector<64xf32>
// CHECK: vector.extract_strided_slice %[[E]] {offsets = [0], sizes = [32], strides = [1]}
// CHECK: %[[T:.*]] = vector.extract %{{.*}}[0] : f32 from vector<1xf32>
// CHECK: %[[NA:.*]] = arith.addf %[[A]], %[[T]] : f32
// CHECK: scf.yield %[[NA]] : f32
// CHECK-NOT: vector.multi_reduction
// CHECK: return %[[R]] : f32
func.func @sum(%src: memref<128xf32>, %acc: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %e = math.exp %x : vector<128xf32>
  %r = vector.multi_reduction <add>, %e, %acc [0] : vector<128xf32> to f32
  return %r : f32
}

// An iota along a leading dim of a 2-D tile is the row's index broadcast
// (the step along dim 0, its unit-dim cast and broadcast are erased).
// CHECK-LABEL: func.func @rows_iota
// CHECK-NOT: vector.step : vector<4xindex>
// CHECK: scf.for %[[R:.*]] =
// CHECK: scf.for
// CHECK: %[[B:.*]] = vector.broadcast %[[R]] : index to vector<8xindex>
// CHECK: arith.index_cast %[[B]] : vector<8xindex> to vector<8xi32>
// CHECK-NOT: vector<4x
// CHECK: return
func.func @rows_iota(%dst: memref<4x8xi32>) {
  %c0 = arith.constant 0 : index
  %s = vector.step : vector<4xindex>
  %c = vector.shape_cast %s : vector<4xindex> to vector<4x1xindex>
  %b = vector.broadcast %c : vector<4x1xindex> to vector<4x8xindex>
  %i = arith.index_cast %b : vector<4x8xindex> to vector<4x8xi32>
  %two = arith.constant dense<2> : vector<4x8xi32>
  %y = arith.muli %i, %two : vector<4x8xi32>
  vector.transfer_write %y, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xi32>, memref<4x8xi32>
  return
}

// A 1-D vector of at most 64 lanes is a chunk already: left as it is.
// CHECK-LABEL: func.func @short
// CHECK-NOT: scf.for
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<64xf32>
// CHECK-NOT: scf.for
// CHECK: return
func.func @short(%src: memref<64xf32>, %dst: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0], %pad {in_bounds = [true]} : memref<64xf32>, vector<64xf32>
  %y = arith.addf %x, %x : vector<64xf32>
  vector.transfer_write %y, %dst[%c0] {in_bounds = [true]} : vector<64xf32>, memref<64xf32>
  return
}

// A constant other than a splat is not remade per chunk: it is put in a
// private constant memref.global (the same elements, as a tensor) and read
// chunk by chunk from it; the vector constant is erased.
// GLOBAL: memref.global "private" constant @__pallas_row_loops_constant_0 : memref<2x3xi32> = dense<{{\[\[}}1, 2, 3], [4, 5, 6]]>
// CHECK-LABEL: func.func @table
// CHECK-NOT: arith.constant dense<{{\[\[}}
// CHECK: %[[G:.*]] = memref.get_global @__pallas_row_loops_constant_0 : memref<2x3xi32>
// CHECK: scf.for %[[R:.*]] =
// CHECK: scf.for %[[C:.*]] =
// CHECK: %[[K:.*]] = vector.transfer_read %[[G]][%[[R]], %[[C]]], %{{.*}} {in_bounds = [true]} : memref<2x3xi32>, vector<3xi32>
// CHECK: arith.addi %{{.*}}, %[[K]] : vector<3xi32>
// CHECK: return
func.func @table(%dst: memref<2x3xi32>) {
  %src = memref.alloc() : memref<2x3xi32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i32
  %x = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<2x3xi32>, vector<2x3xi32>
  %k = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %y = arith.addi %x, %k : vector<2x3xi32>
  vector.transfer_write %y, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<2x3xi32>, memref<2x3xi32>
  return
}

// Masked transfers join with their mask's chunk: a mask computed in the
// cluster (here a comparison) is used chunk by chunk by the masked read and
// the masked write.
// CHECK-LABEL: func.func @masked
// CHECK: scf.for %[[C:.*]] =
// CHECK: %[[X:.*]] = vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} {in_bounds = [true]} : memref<128xf32>, vector<64xf32>
// CHECK: %[[M:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : vector<64xf32>
// CHECK: %[[Y:.*]] = vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}}, %[[M]] {in_bounds = [true]} : memref<128xf32>, vector<64xf32>
// CHECK: %[[E:.*]] = math.exp %[[Y]] : vector<64xf32>
// CHECK: vector.transfer_write %[[E]], %{{.*}}[%{{.*}}], %[[M]] {in_bounds = [true]} : vector<64xf32>, memref<128xf32>
// CHECK-NOT: vector<128x
// CHECK: return
func.func @masked(%dst: memref<128xf32>) {
  %src = memref.alloc() : memref<128xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0], %pad {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %half = arith.constant dense<0.5> : vector<128xf32>
  %m = arith.cmpf olt, %x, %half : vector<128xf32>
  %y = vector.transfer_read %src[%c0], %pad, %m {in_bounds = [true]} : memref<128xf32>, vector<128xf32>
  %e = math.exp %y : vector<128xf32>
  vector.transfer_write %e, %dst[%c0], %m {in_bounds = [true]} : vector<128xf32>, memref<128xf32>
  return
}
