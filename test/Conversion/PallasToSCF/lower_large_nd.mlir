// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s --check-prefix=OUT

// Transposes and reductions of 3-D vectors of more than 4096 elements (the
// vector lowering moves them element by element: 64x128x128 did not finish
// in a minute):
// * a transpose: the tile written to a buffer and copied into another by
//   loops over the result's dims (chunks of the last dim when it stays
//   last, elements otherwise);
// * a reduction over one dim before the last: loops over every dim folding
//   chunks of the last into an accumulator buffer;
// * a reduction over several dims: one reduction per dim, the innermost
//   first, from the kind's identity (a sum) or the accumulator broadcast
//   (max: it may be combined any number of times), the last from the
//   accumulator.
// CHECK-LABEL: func.func @nd
// CHECK-NOT: vector.transpose
// CHECK: vector.load %{{.*}} : memref<4x16x128xi32>, vector<64xi32>
// CHECK: vector.store %{{.*}} : memref<16x4x128xi32>, vector<64xi32>
// CHECK-NOT: vector.transpose
// CHECK: vector.multi_reduction <maxsi>, %{{.*}}, %{{.*}} [2] : vector<4x16x128xi32> to vector<4x16xi32>
// (Then over dim 0 of the 4x16 rest: reduction.rs' row loop.)
// CHECK: vector.load %{{.*}} : memref<4x16xi32>, vector<16xi32>
// (The sum over dims 0 and 1: first over dim 1 from zeros, in loops
// folding 64-lane chunks into the 4x128 accumulator, then over dim 0.)
// CHECK: %[[ID:.*]] = arith.constant dense<0> : vector<4x128xi32>
// CHECK: vector.transfer_write %[[ID]], %[[ACC:.*]][%{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<4x128xi32>, memref<4x128xi32>
// CHECK: vector.load %[[ACC]][%{{.*}}, %{{.*}}] : memref<4x128xi32>, vector<64xi32>
// CHECK: vector.load %{{.*}} : memref<4x16x128xi32>, vector<64xi32>
// CHECK: vector.store %{{.*}}, %[[ACC]][%{{.*}}, %{{.*}}] : memref<4x128xi32>, vector<64xi32>
// CHECK-NOT: vector.multi_reduction
// CHECK: return

// f[a, b, c] = a * 10000 + b * 100 + c over 4x16x128. By hand:
// [0, 2, 1] transpose at (2, 100, 7) = f[2, 7, 100] = 20800;
// [1, 0, 2] transpose at (5, 3, 9) = f[3, 5, 9] = 30509;
// sum over b at (2, 5) = 16 * 20005 + 100 * (0 + .. + 15) = 332080;
// max over a and c, from 0, at b = 4: 30000 + 400 + 127 = 30527;
// 1 + sum over a and b at c = 10: 1 + 16 * 10000 * 6 + 4 * 100 * 120 +
// 64 * 10 = 1008641.
// OUT: Unranked Memref
// OUT-NEXT: [20800,  30509,  332080,  30527,  1008641]
module {
  pallas.kernel @nd grid(1)
      outs(%o: memref<5xi32> block [5] map affine_map<(i) -> (0)>) {
    %a = pallas.iota dim 0 : vector<4x16x128xi32>
    %b = pallas.iota dim 1 : vector<4x16x128xi32>
    %c = pallas.iota dim 2 : vector<4x16x128xi32>
    %k4 = arith.constant dense<10000> : vector<4x16x128xi32>
    %k2 = arith.constant dense<100> : vector<4x16x128xi32>
    %a4 = arith.muli %a, %k4 : vector<4x16x128xi32>
    %b2 = arith.muli %b, %k2 : vector<4x16x128xi32>
    %ab = arith.addi %a4, %b2 : vector<4x16x128xi32>
    %f = arith.addi %ab, %c : vector<4x16x128xi32>
    %t1 = vector.transpose %f, [0, 2, 1] : vector<4x16x128xi32> to vector<4x128x16xi32>
    %e1 = vector.extract %t1[2, 100, 7] : i32 from vector<4x128x16xi32>
    %t2 = vector.transpose %f, [1, 0, 2] : vector<4x16x128xi32> to vector<16x4x128xi32>
    %e2 = vector.extract %t2[5, 3, 9] : i32 from vector<16x4x128xi32>
    %z = arith.constant dense<0> : vector<4x128xi32>
    %s1 = vector.multi_reduction <add>, %f, %z [1] : vector<4x16x128xi32> to vector<4x128xi32>
    %e3 = vector.extract %s1[2, 5] : i32 from vector<4x128xi32>
    %z16 = arith.constant dense<0> : vector<16xi32>
    %m = vector.multi_reduction <maxsi>, %f, %z16 [0, 2] : vector<4x16x128xi32> to vector<16xi32>
    %e4 = vector.extract %m[4] : i32 from vector<16xi32>
    %one = arith.constant dense<1> : vector<128xi32>
    %s2 = vector.multi_reduction <add>, %f, %one [0, 1] : vector<4x16x128xi32> to vector<128xi32>
    %e5 = vector.extract %s2[10] : i32 from vector<128xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    pallas.store %e1, %o[%c0] : i32, memref<5xi32>
    pallas.store %e2, %o[%c1] : i32, memref<5xi32>
    pallas.store %e3, %o[%c2] : i32, memref<5xi32>
    pallas.store %e4, %o[%c3] : i32, memref<5xi32>
    pallas.store %e5, %o[%c4] : i32, memref<5xi32>
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %o = memref.alloc() : memref<5xi32>
    pallas.call @nd(%o) : (memref<5xi32>) -> ()
    %u = memref.cast %o : memref<5xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
