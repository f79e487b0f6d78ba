// RUN: %mlir_opt -p 'builtin.module(pallas-row-loops)' %s | FileCheck %s

// Vectors of more than 4096 elements used in a nested region, carried by
// a loop or yielded by an if, reach their users through memory, so that both ends run in row loops
// (64-lane chunks here: 8192, 1024 and 64 are multiples of 64); smaller
// ones cross as values.

// A value computed in the function's block and stored in an scf.if: the
// cluster computing it writes it chunk by chunk to a new stack buffer
// (8192 f32 = 32 KiB, under the 256 KiB stack bound), and the if copies
// that buffer to the destination chunk by chunk.
// CHECK-LABEL: func.func @computed_into_if
// CHECK-SAME: (%[[SRC:.*]]: memref<8192xf32>, %[[DST:.*]]: memref<8192xf32>, %[[C:.*]]: i1)
// CHECK-NOT: vector<8192xf32>
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<8192xf32>
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[X:.*]] = vector.transfer_read %[[SRC]][%{{.*}}], %{{.*}} : memref<8192xf32>, vector<64xf32>
// CHECK: %[[Y:.*]] = arith.addf %[[X]], %[[X]] : vector<64xf32>
// CHECK: vector.transfer_write %[[Y]], %[[BUF]][%{{.*}}] {{.*}} : vector<64xf32>, memref<8192xf32>
// CHECK: scf.if %[[C]] {
// CHECK: scf.for
// CHECK: %[[Z:.*]] = vector.transfer_read %[[BUF]][%{{.*}}], %{{.*}} : memref<8192xf32>, vector<64xf32>
// CHECK: vector.transfer_write %[[Z]], %[[DST]][%{{.*}}] {{.*}} : vector<64xf32>, memref<8192xf32>
// CHECK-NOT: vector<8192xf32>
// CHECK: return
func.func @computed_into_if(%src: memref<8192xf32>, %dst: memref<8192xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0], %pad {in_bounds = [true]} : memref<8192xf32>, vector<8192xf32>
  %y = arith.addf %x, %x : vector<8192xf32>
  scf.if %c {
    vector.transfer_write %y, %dst[%c0] {in_bounds = [true]} : vector<8192xf32>, memref<8192xf32>
  }
  return
}

// What convert-pallas-to-scf makes of a roll stored in an scf.if: a read
// at a dynamic offset of a buffer freed right after it. Nothing else in the
// block uses the read, so it has no cluster of its own to join: it is
// copied to a new buffer chunk by chunk before the free (which the loop
// stays ahead of), and the if copies from that buffer.
// CHECK-LABEL: func.func @offset_read_into_if
// CHECK-SAME: (%[[DST:.*]]: memref<8192xf32>, %[[AT:.*]]: index, %[[C:.*]]: i1)
// CHECK-NOT: vector<8192xf32>
// CHECK: %[[TWICE:.*]] = memref.alloc() : memref<16384xf32>
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<8192xf32>
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[O:.*]] = arith.addi %[[AT]], %[[I]] : index
// CHECK: %[[X:.*]] = vector.transfer_read %[[TWICE]][%[[O]]], %{{.*}} : memref<16384xf32>, vector<64xf32>
// CHECK: vector.transfer_write %[[X]], %[[BUF]][%{{.*}}] {{.*}} : vector<64xf32>, memref<8192xf32>
// CHECK: }
// CHECK-NEXT: memref.dealloc %[[TWICE]]
// CHECK-NEXT: scf.if %[[C]] {
// CHECK: scf.for
// CHECK: %[[Z:.*]] = vector.transfer_read %[[BUF]][%{{.*}}], %{{.*}} : memref<8192xf32>, vector<64xf32>
// CHECK: vector.transfer_write %[[Z]], %[[DST]][%{{.*}}] {{.*}} : vector<64xf32>, memref<8192xf32>
// CHECK-NOT: vector<8192xf32>
// CHECK: return
func.func @offset_read_into_if(%dst: memref<8192xf32>, %at: index, %c: i1) {
  %pad = arith.constant 0.0 : f32
  %twice = memref.alloc() : memref<16384xf32>
  %x = vector.transfer_read %twice[%at], %pad {in_bounds = [true]} : memref<16384xf32>, vector<8192xf32>
  memref.dealloc %twice : memref<16384xf32>
  scf.if %c {
    %c0 = arith.constant 0 : index
    vector.transfer_write %x, %dst[%c0] {in_bounds = [true]} : vector<8192xf32>, memref<8192xf32>
  }
  return
}

// The same pattern with a vector of 1024 elements (8x128) is left alone:
// the read stays one vector and the if stores it whole.
// CHECK-LABEL: func.func @small_offset_read
// CHECK-NOT: memref.alloca
// CHECK: %[[X:.*]] = vector.transfer_read {{.*}} : memref<16x128xf32>, vector<8x128xf32>
// CHECK: scf.if
// CHECK: vector.transfer_write %[[X]], {{.*}} : vector<8x128xf32>, memref<8x128xf32>
// CHECK: return
func.func @small_offset_read(%dst: memref<8x128xf32>, %at: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %twice = memref.alloc() : memref<16x128xf32>
  %x = vector.transfer_read %twice[%at, %c0], %pad {in_bounds = [true, true]} : memref<16x128xf32>, vector<8x128xf32>
  memref.dealloc %twice : memref<16x128xf32>
  scf.if %c {
    vector.transfer_write %x, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<8x128xf32>, memref<8x128xf32>
  }
  return
}

// A 128x1024 f32 value (512 KiB) gets a heap buffer, freed at the end of
// the block that defines the value. It is used in two regions: an if, and
// a loop body that reads the buffer again in every iteration (the value is
// defined outside the loop, so every iteration sees the same one).
// CHECK-LABEL: func.func @heap_two_regions
// CHECK-SAME: (%[[SRC:.*]]: memref<128x1024xf32>, %[[DST:.*]]: memref<128x1024xf32>, %[[C:.*]]: i1)
// CHECK-NOT: vector<128x1024xf32>
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<128x1024xf32>
// CHECK: scf.for %[[R:.*]] =
// CHECK: scf.for %[[K:.*]] =
// CHECK: %[[X:.*]] = vector.transfer_read %[[SRC]][%{{.*}}, %{{.*}}], %{{.*}} : memref<128x1024xf32>, vector<64xf32>
// CHECK: %[[E:.*]] = math.exp %[[X]] : vector<64xf32>
// CHECK: vector.transfer_write %[[E]], %[[BUF]][%{{.*}}, %{{.*}}] {{.*}} : vector<64xf32>, memref<128x1024xf32>
// CHECK: scf.if %[[C]] {
// CHECK: %[[Y:.*]] = vector.transfer_read %[[BUF]][%{{.*}}, %{{.*}}], %{{.*}} : memref<128x1024xf32>, vector<64xf32>
// CHECK: vector.transfer_write %[[Y]], %[[DST]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[D:.*]] = vector.transfer_read %[[DST]]{{.*}} : memref<128x1024xf32>, vector<64xf32>
// CHECK: %[[Y2:.*]] = vector.transfer_read %[[BUF]]{{.*}} : memref<128x1024xf32>, vector<64xf32>
// CHECK: %[[S:.*]] = arith.addf %[[D]], %[[Y2]] : vector<64xf32>
// CHECK: vector.transfer_write %[[S]], %[[DST]]
// CHECK: memref.dealloc %[[BUF]] : memref<128x1024xf32>
// CHECK-NEXT: return
func.func @heap_two_regions(%src: memref<128x1024xf32>, %dst: memref<128x1024xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<128x1024xf32>, vector<128x1024xf32>
  %y = math.exp %x : vector<128x1024xf32>
  scf.if %c {
    vector.transfer_write %y, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<128x1024xf32>, memref<128x1024xf32>
  }
  scf.for %i = %c0 to %c3 step %c1 {
    %d = vector.transfer_read %dst[%c0, %c0], %pad {in_bounds = [true, true]} : memref<128x1024xf32>, vector<128x1024xf32>
    %s = arith.addf %d, %y : vector<128x1024xf32>
    vector.transfer_write %s, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<128x1024xf32>, memref<128x1024xf32>
  }
  return
}

// A whole read of an allocation that nothing writes up to the end of the
// if using it is read again inside the if (no copy): the read outside is
// gone.
// CHECK-LABEL: func.func @reread
// CHECK-SAME: (%[[DST:.*]]: memref<8192xf32>, %[[C:.*]]: i1)
// CHECK: %[[A:.*]] = memref.alloc() : memref<8192xf32>
// CHECK-NOT: memref.alloca
// CHECK-NOT: vector.transfer_read
// CHECK: scf.if %[[C]] {
// CHECK: scf.for
// CHECK: %[[X:.*]] = vector.transfer_read %[[A]][%{{.*}}], %{{.*}} : memref<8192xf32>, vector<64xf32>
// CHECK: %[[Y:.*]] = arith.addf %[[X]], %[[X]] : vector<64xf32>
// CHECK: vector.transfer_write %[[Y]], %[[DST]]
// CHECK: memref.dealloc %[[A]]
func.func @reread(%dst: memref<8192xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<8192xf32>
  %x = vector.transfer_read %buf[%c0], %pad {in_bounds = [true]} : memref<8192xf32>, vector<8192xf32>
  scf.if %c {
    %y = arith.addf %x, %x : vector<8192xf32>
    vector.transfer_write %y, %dst[%c0] {in_bounds = [true]} : vector<8192xf32>, memref<8192xf32>
  }
  memref.dealloc %buf : memref<8192xf32>
  return
}

// Not read again: the loop writes the read's buffer (2 x) after storing
// the value, so its second iteration must store the value read before the
// loop. The value is copied to a new buffer before the loop, and the loop
// copies from that one.
// CHECK-LABEL: func.func @overwritten_in_loop
// CHECK-SAME: (%[[DST:.*]]: memref<8192xf32>)
// CHECK: %[[A:.*]] = memref.alloc() : memref<8192xf32>
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<8192xf32>
// CHECK: scf.for
// CHECK: %[[X:.*]] = vector.transfer_read %[[A]][%{{.*}}], %{{.*}} : memref<8192xf32>, vector<64xf32>
// CHECK: vector.transfer_write %[[X]], %[[BUF]]
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[Y:.*]] = vector.transfer_read %[[BUF]][%{{.*}}], %{{.*}} : memref<8192xf32>, vector<64xf32>
// CHECK: vector.transfer_write %[[Y]], %[[DST]]
// CHECK: %[[D:.*]] = arith.addf %[[Y]], %[[Y]] : vector<64xf32>
// CHECK: vector.transfer_write %[[D]], %[[A]]
func.func @overwritten_in_loop(%dst: memref<8192xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %pad = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<8192xf32>
  %x = vector.transfer_read %buf[%c0], %pad {in_bounds = [true]} : memref<8192xf32>, vector<8192xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    vector.transfer_write %x, %dst[%c0] {in_bounds = [true]} : vector<8192xf32>, memref<8192xf32>
    %d = arith.addf %x, %x : vector<8192xf32>
    vector.transfer_write %d, %buf[%c0] {in_bounds = [true]} : vector<8192xf32>, memref<8192xf32>
  }
  memref.dealloc %buf : memref<8192xf32>
  return
}

// A value defined in an if and used two ifs deeper: the buffer is made in
// the block that defines the value, the read in the block of the use.
// CHECK-LABEL: func.func @two_deep
// CHECK-SAME: (%[[SRC:.*]]: memref<8192xf32>, %[[DST:.*]]: memref<8192xf32>, %[[C:.*]]: i1)
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: %[[BUF:.*]] = memref.alloca() : memref<8192xf32>
// CHECK: %[[X:.*]] = vector.transfer_read %[[SRC]]
// CHECK: %[[Y:.*]] = arith.mulf %[[X]], %[[X]] : vector<64xf32>
// CHECK: vector.transfer_write %[[Y]], %[[BUF]]
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: scf.if %[[C]] {
// CHECK: %[[Z:.*]] = vector.transfer_read %[[BUF]][%{{.*}}], %{{.*}} : memref<8192xf32>, vector<64xf32>
// CHECK: vector.transfer_write %[[Z]], %[[DST]]
func.func @two_deep(%src: memref<8192xf32>, %dst: memref<8192xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  scf.if %c {
    %x = vector.transfer_read %src[%c0], %pad {in_bounds = [true]} : memref<8192xf32>, vector<8192xf32>
    %y = arith.mulf %x, %x : vector<8192xf32>
    scf.if %c {
      scf.if %c {
        vector.transfer_write %y, %dst[%c0] {in_bounds = [true]} : vector<8192xf32>, memref<8192xf32>
      }
    }
  }
  return
}

// A mask (i1) goes through a buffer of bytes: extended to i8 chunk by
// chunk where it is computed, truncated back where it is used. (x, a read
// of an argument that may be written, is copied too.)
// CHECK-LABEL: func.func @mask
// CHECK: %[[XB:.*]] = memref.alloca() : memref<8192xf32>
// CHECK: %[[MB:.*]] = memref.alloca() : memref<8192xi8>
// CHECK: scf.for
// CHECK: %[[M:.*]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : vector<64xf32>
// CHECK: %[[MX:.*]] = arith.extui %[[M]] : vector<64xi1> to vector<64xi8>
// CHECK: vector.transfer_write %[[MX]], %[[MB]]
// CHECK: scf.if
// CHECK: %[[X:.*]] = vector.transfer_read %[[XB]]
// CHECK: %[[B:.*]] = vector.transfer_read %[[MB]][%{{.*}}], %{{.*}} : memref<8192xi8>, vector<64xi8>
// CHECK: %[[M2:.*]] = arith.trunci %[[B]] : vector<64xi8> to vector<64xi1>
// CHECK: arith.select %[[M2]], %[[X]], %{{.*}} : vector<64xi1>, vector<64xf32>
func.func @mask(%src: memref<8192xf32>, %dst: memref<8192xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<8192xf32>
  %x = vector.transfer_read %src[%c0], %pad {in_bounds = [true]} : memref<8192xf32>, vector<8192xf32>
  %m = arith.cmpf ogt, %x, %zero : vector<8192xf32>
  scf.if %c {
    %r = arith.select %m, %x, %zero : vector<8192xi1>, vector<8192xf32>
    vector.transfer_write %r, %dst[%c0] {in_bounds = [true]} : vector<8192xf32>, memref<8192xf32>
  }
  return
}

// A 128x64 f32 value (8192 elements) carried by an scf.for goes through a
// buffer: written with the initial value before the loop, read and written
// in place row by row by each iteration, read after the loop. The loop
// keeps its other carried value (a scalar), its i32 bounds and its
// attributes.
// CHECK-LABEL: func.func @carried
// CHECK-SAME: (%[[SRC:.*]]: memref<128x64xf32>, %[[DST:.*]]: memref<128x64xf32>, %[[N:.*]]: i32)
// CHECK-NOT: vector<128x64xf32>
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<128x64xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[X:.*]] = vector.transfer_read %[[SRC]]{{.*}} : memref<128x64xf32>, vector<64xf32>
// CHECK: vector.transfer_write %[[X]], %[[BUF]]
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[T:.*]] = %{{.*}}) -> (f32) : i32 {
// CHECK: arith.addf %[[T]], %[[T]] : f32
// CHECK: %[[A:.*]] = vector.transfer_read %[[BUF]][%{{.*}}, %{{.*}}], %{{.*}} : memref<128x64xf32>, vector<64xf32>
// CHECK: %[[D:.*]] = arith.addf %[[A]], %[[A]] : vector<64xf32>
// CHECK: vector.transfer_write %[[D]], %[[BUF]][%{{.*}}, %{{.*}}] {{.*}} : vector<64xf32>, memref<128x64xf32>
// CHECK: scf.yield %{{.*}} : f32
// CHECK-NEXT: } {keep}
// CHECK: %[[Y:.*]] = vector.transfer_read %[[BUF]]{{.*}} : memref<128x64xf32>, vector<64xf32>
// CHECK: vector.transfer_write %[[Y]], %[[DST]]
// CHECK: memref.store %[[R]], %[[SRC]]
// CHECK-NOT: vector<128x64xf32>
// CHECK: return
func.func @carried(%src: memref<128x64xf32>, %dst: memref<128x64xf32>, %n: i32) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %pad = arith.constant 0.0 : f32
  %s = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<128x64xf32>, vector<128x64xf32>
  %r:2 = scf.for %i = %z to %n step %one iter_args(%a = %x, %t = %s) -> (vector<128x64xf32>, f32) : i32 {
    %d = arith.addf %a, %a : vector<128x64xf32>
    %u = arith.addf %t, %t : f32
    scf.yield %d, %u : vector<128x64xf32>, f32
  } {keep}
  vector.transfer_write %r#0, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  memref.store %r#1, %src[%c0, %c0] : memref<128x64xf32>
  return
}

// An 8x128 value (1024 elements) stays carried as a value.
// CHECK-LABEL: func.func @small_carried
// CHECK: %[[X:.*]] = vector.transfer_read {{.*}} : memref<8x128xf32>, vector<8x128xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[X]]) -> (vector<8x128xf32>) {
// CHECK: scf.yield %{{.*}} : vector<8x128xf32>
func.func @small_carried(%src: memref<8x128xf32>, %dst: memref<8x128xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %x = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x128xf32>, vector<8x128xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (vector<8x128xf32>) {
    %d = arith.addf %a, %a : vector<8x128xf32>
    scf.yield %d : vector<8x128xf32>
  }
  vector.transfer_write %r, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<8x128xf32>, memref<8x128xf32>
  return
}

// A 128x64 f32 value yielded by an scf.if: each branch writes its value to
// a buffer made before the if (computing it row by row there), and the
// result is read from the buffer after it. The i32 result stays.
// CHECK-LABEL: func.func @if_result
// CHECK-SAME: (%[[SRC:.*]]: memref<128x64xf32>, %[[DST:.*]]: memref<128x64xf32>, %[[C:.*]]: i1)
// CHECK-NOT: vector<128x64xf32>
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<128x64xf32>
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK: %[[A:.*]] = vector.transfer_read %{{.*}} : memref<128x64xf32>, vector<64xf32>
// CHECK: %[[D:.*]] = arith.addf %[[A]], %[[A]] : vector<64xf32>
// CHECK: vector.transfer_write %[[D]], %[[BUF]]
// CHECK: scf.yield %{{.*}} : i32
// CHECK: } else {
// CHECK: %[[B:.*]] = vector.transfer_read %{{.*}} : memref<128x64xf32>, vector<64xf32>
// CHECK: %[[M:.*]] = arith.mulf %[[B]], %[[B]] : vector<64xf32>
// CHECK: vector.transfer_write %[[M]], %[[BUF]]
// CHECK: scf.yield %{{.*}} : i32
// CHECK: %[[Y:.*]] = vector.transfer_read %[[BUF]]{{.*}} : memref<128x64xf32>, vector<64xf32>
// CHECK: vector.transfer_write %[[Y]], %[[DST]]
// CHECK: arith.index_cast %[[R]] : i32 to index
// CHECK-NOT: vector<128x64xf32>
// CHECK: return
func.func @if_result(%src: memref<128x64xf32>, %dst: memref<128x64xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %one = arith.constant 1 : i32
  %x = vector.transfer_read %src[%c0, %c0], %pad {in_bounds = [true, true]} : memref<128x64xf32>, vector<128x64xf32>
  %r:2 = scf.if %c -> (i32, vector<128x64xf32>) {
    %d = arith.addf %x, %x : vector<128x64xf32>
    scf.yield %one, %d : i32, vector<128x64xf32>
  } else {
    %m = arith.mulf %x, %x : vector<128x64xf32>
    scf.yield %one, %m : i32, vector<128x64xf32>
  }
  vector.transfer_write %r#1, %dst[%c0, %c0] {in_bounds = [true, true]} : vector<128x64xf32>, memref<128x64xf32>
  %i = arith.index_cast %r#0 : i32 to index
  memref.store %pad, %dst[%i, %i] : memref<128x64xf32>
  return
}
