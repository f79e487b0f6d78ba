// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// pallas.iota / reciprocal / concatenate / repeat / named_scope on the CPU.
// a[r, c] = 1 / (c + 1) over 2x2 (iota along dim 1), concatenated with
// 2 * a along dim 1, then repeated twice along dim 0:
//   row = [1, 0.5, 2, 1] for all 4 rows (worked out by hand); then a
// named scope with a result adds 1 to o[0, 0].

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}2, 0.5, 2, 1],
// CHECK-NEXT: [1, 0.5, 2, 1],
// CHECK-NEXT: [1, 0.5, 2, 1],
// CHECK-NEXT: [1, 0.5, 2, 1]]

module {
  pallas.kernel @vector_ops grid(1)
      outs(%o: memref<4x4xf32> block [4, 4] map affine_map<(i) -> (0, 0)>) {
    pallas.named_scope "build" {
      %i = pallas.iota dim 1 : vector<2x2xi32>
      %f = arith.sitofp %i : vector<2x2xi32> to vector<2x2xf32>
      %one = arith.constant dense<1.0> : vector<2x2xf32>
      %d = arith.addf %f, %one : vector<2x2xf32>
      %a = pallas.reciprocal %d approx : vector<2x2xf32>
      %two = arith.constant dense<2.0> : vector<2x2xf32>
      %a2 = arith.mulf %a, %two : vector<2x2xf32>
      %c = pallas.concatenate %a, %a2 dim 1 : vector<2x2xf32>, vector<2x2xf32> -> vector<2x4xf32>
      %r = pallas.repeat %c dim 0 times 2 : vector<2x4xf32> -> vector<4x4xf32>
      pallas.store %r, %o[] : vector<4x4xf32>, memref<4x4xf32>
    }
    // A scope with a result, used after it: o[0, 0] += 1 (o[0, 0] was 1).
    %c0 = arith.constant 0 : index
    %inc = pallas.named_scope "bump" -> f32 {
      %v = pallas.load %o[%c0, %c0] : memref<4x4xf32> -> f32
      %one = arith.constant 1.0 : f32
      %s = arith.addf %v, %one : f32
      pallas.yield %s : f32
    }
    pallas.store %inc, %o[%c0, %c0] : f32, memref<4x4xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %o = memref.alloc() : memref<4x4xf32>
    pallas.call @vector_ops(%o) : (memref<4x4xf32>) -> ()
    %u = memref.cast %o : memref<4x4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %o : memref<4x4xf32>
    return
  }
}
