// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s --check-prefix=OUT

// Vector forms whose upstream lowering grows with the vector go through a
// buffer, which pallas-row-loops then fills and reads in chunks:
// * a shape cast of more than 4096 elements: written to a buffer of its
//   source shape, read whole through a memref.reinterpret_cast view of the
//   result shape (row-major both: every element keeps its place);
// * a transpose with a unit dim (a reshape) likewise;
// * pallas.concatenate: each piece written at its offset into a buffer of
//   the result, read whole;
// * vector.extract_strided_slice of more than 4096 elements: a read of the
//   buffer at the offsets; vector.insert_strided_slice: the piece written
//   over the destination in a buffer, read whole;
// * a multi_reduction over the last k >= 2 dims of more than 4096
//   elements: k reductions over the last dim (pallas-row-loops' form), the
//   inner ones from the kind's identity, the last from the accumulator;
// * vector.extract / vector.insert at static positions of more than 4096
//   elements: a load (a read for a sub-vector) from the vector's buffer, a
//   store over it.
// A shape cast of at most 4096 elements is left to the vector lowering.
// CHECK-LABEL: func.func @large
// CHECK: %[[B:.*]] = memref.alloc() : memref<64x128xi32>
// CHECK: vector.transfer_write %{{.*}}, %[[B]][%{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<64x128xi32>, memref<64x128xi32>
// CHECK: %[[V:.*]] = memref.reinterpret_cast %[[B]] to offset: [0], sizes: [8192], strides: [1] : memref<64x128xi32> to memref<8192xi32>
// CHECK: vector.transfer_read %[[V]][%{{.*}}], %{{.*}} {in_bounds = [true]} : memref<8192xi32>, vector<8192xi32>
// CHECK: memref.dealloc %[[B]] : memref<64x128xi32>
// (The extract of element 8191 of the flattened f folds to one of f's.)
// CHECK: %[[F:.*]] = memref.alloc() : memref<64x128xi32>
// CHECK: vector.transfer_write %{{.*}}, %[[F]]
// CHECK: memref.load %[[F]][%{{.*}}, %{{.*}}] : memref<64x128xi32>
// CHECK: %[[T:.*]] = memref.alloc() : memref<1x8192xi32>
// CHECK: memref.reinterpret_cast %[[T]] to offset: [0], sizes: [8192, 1], strides: [1, 1] : memref<1x8192xi32> to memref<8192x1xi32>
// CHECK-NOT: vector.transpose
// CHECK: %[[S:.*]] = memref.alloc() : memref<64x128xi32>
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[C10:.*]] = arith.constant 10 : index
// CHECK: vector.transfer_read %[[S]][%[[C3]], %[[C10]]], %{{.*}} {in_bounds = [true, true]} : memref<64x128xi32>, vector<8x64xi32>
// CHECK: %[[C:.*]] = memref.alloc() : memref<8x128xi32>
// CHECK: vector.transfer_write %{{.*}}, %[[C]][%{{.*}}, %[[AT0:.*]]] {in_bounds = [true, true]} : vector<8x64xi32>, memref<8x128xi32>
// CHECK: vector.transfer_write %{{.*}}, %[[C]][%{{.*}}, %[[AT64:.*]]] {in_bounds = [true, true]} : vector<8x64xi32>, memref<8x128xi32>
// CHECK: vector.transfer_read %[[C]]
// CHECK-NOT: vector.insert_strided_slice
// CHECK: vector.shape_cast %{{.*}} : vector<8x128xi32> to vector<1024xi32>
// CHECK: %[[ID:.*]] = arith.constant dense<0> : vector<64xi32>
// CHECK: %[[ROWS:.*]] = vector.multi_reduction <add>, %{{.*}}, %[[ID]] [1] : vector<64x128xi32> to vector<64xi32>
// CHECK: vector.multi_reduction <add>, %[[ROWS]], %{{.*}} [0] : vector<64xi32> to i32
// CHECK: %[[I:.*]] = memref.alloc() : memref<64x128xi32>
// CHECK: vector.transfer_write %{{.*}}, %[[I]][%{{.*}}, %{{.*}}] {in_bounds = [true]} : vector<128xi32>, memref<64x128xi32>
// CHECK-NOT: vector.insert_strided_slice
// CHECK: return

// Row-major flat indices survive the reshapes: f = row * 128 + col cast to
// 8192 elements equals iota(8192) (the OR of their differences is 0), and
// its last element is 8191; element 5000 of the transposed 1 x 8192 row is
// 5000; x = f[3:11, 10:74], and the concatenation of (x, x + 1000) puts
// element (3, 70) at x[3, 6] + 1000 = (6 * 128 + 16) + 1000 = 1784 and
// element 64 of its flattening at x[0, 0] + 1000 = 394 + 1000 = 1394; the
// sum of f with 5 is 5 + 8191 * 8192 / 2 = 33550341; f with row 7 replaced
// by -1s has f[7, 3] = -1 and f[8, 3] = 8 * 128 + 3 = 1027; with 77 put
// at (9, 9) too, its (9, 9) is 77 (by hand).
// OUT: Unranked Memref
// OUT-NEXT: [0,  8191,  5000,  1784,  1394,  33550341,  -1,  1027,  77]
module {
  pallas.kernel @large grid(1)
      outs(%o: memref<9xi32> block [9] map affine_map<(i) -> (0)>) {
    %r = pallas.iota dim 0 : vector<64x128xi32>
    %c = pallas.iota dim 1 : vector<64x128xi32>
    %k = arith.constant dense<128> : vector<64x128xi32>
    %rk = arith.muli %r, %k : vector<64x128xi32>
    %f = arith.addi %rk, %c : vector<64x128xi32>
    %flat = vector.shape_cast %f : vector<64x128xi32> to vector<8192xi32>
    %i = pallas.iota dim 0 : vector<8192xi32>
    %d = arith.subi %flat, %i : vector<8192xi32>
    %z = arith.constant 0 : i32
    %bad = vector.multi_reduction <or>, %d, %z [0] : vector<8192xi32> to i32
    %last = vector.extract %flat[8191] : i32 from vector<8192xi32>
    %row = vector.shape_cast %i : vector<8192xi32> to vector<1x8192xi32>
    %col = vector.transpose %row, [1, 0] : vector<1x8192xi32> to vector<8192x1xi32>
    %e = vector.extract %col[5000, 0] : i32 from vector<8192x1xi32>
    %x = vector.extract_strided_slice %f {offsets = [3, 10], sizes = [8, 64], strides = [1, 1]} : vector<64x128xi32> to vector<8x64xi32>
    %th = arith.constant dense<1000> : vector<8x64xi32>
    %y = arith.addi %x, %th : vector<8x64xi32>
    %cat = pallas.concatenate %x, %y dim 1 : vector<8x64xi32>, vector<8x64xi32> -> vector<8x128xi32>
    %g = vector.extract %cat[3, 70] : i32 from vector<8x128xi32>
    %small = vector.shape_cast %cat : vector<8x128xi32> to vector<1024xi32>
    %h = vector.extract %small[64] : i32 from vector<1024xi32>
    %five = arith.constant 5 : i32
    %total = vector.multi_reduction <add>, %f, %five [0, 1] : vector<64x128xi32> to i32
    %ones = arith.constant dense<-1> : vector<128xi32>
    %patched = vector.insert_strided_slice %ones, %f {offsets = [7, 0], strides = [1]} : vector<128xi32> into vector<64x128xi32>
    %p7 = vector.extract %patched[7, 3] : i32 from vector<64x128xi32>
    %p8 = vector.extract %patched[8, 3] : i32 from vector<64x128xi32>
    %s77 = arith.constant 77 : i32
    %put = vector.insert %s77, %patched[9, 9] : i32 into vector<64x128xi32>
    %p99 = vector.extract %put[9, 9] : i32 from vector<64x128xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    pallas.store %bad, %o[%c0] : i32, memref<9xi32>
    pallas.store %last, %o[%c1] : i32, memref<9xi32>
    pallas.store %e, %o[%c2] : i32, memref<9xi32>
    pallas.store %g, %o[%c3] : i32, memref<9xi32>
    pallas.store %h, %o[%c4] : i32, memref<9xi32>
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    pallas.store %total, %o[%c5] : i32, memref<9xi32>
    pallas.store %p7, %o[%c6] : i32, memref<9xi32>
    pallas.store %p8, %o[%c7] : i32, memref<9xi32>
    %c8 = arith.constant 8 : index
    pallas.store %p99, %o[%c8] : i32, memref<9xi32>
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %o = memref.alloc() : memref<9xi32>
    pallas.call @large(%o) : (memref<9xi32>) -> ()
    %u = memref.cast %o : memref<9xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
