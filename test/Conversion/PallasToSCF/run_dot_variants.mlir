// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// pallas.dot on the CPU (a multiply-add loop nest over buffers) with
// transposed operands and widening: a = [[1, 2, 3], [4, 5, 6]] (2x3),
// b = [[1, 0], [0, 1], [1, 1]] (3x2). Worked out by hand:
//   a @ b       = [[4, 5], [10, 11]]       (f32, b given transposed: 2x3)
//   a^T @ a     = [[17, 22, 27], [22, 29, 36], [27, 36, 45]]
//                 (i8 operands widened to i32, lhs given transposed)
//   a @ b       = [[4, 5], [10, 11]]       (bf16 operands, f32 result)

// CHECK: {{\[\[}}4, 5],
// CHECK-NEXT: [10, 11]]
// CHECK: {{\[\[}}17, 22, 27],
// CHECK-NEXT: [22, 29, 36],
// CHECK-NEXT: [27, 36, 45]]
// CHECK: {{\[\[}}4, 5],
// CHECK-NEXT: [10, 11]]

module {
  pallas.kernel @dots grid(1)
      outs(%o1: memref<2x2xf32> block [2, 2] map affine_map<(i) -> (0, 0)>,
           %o2: memref<3x3xi32> block [3, 3] map affine_map<(i) -> (0, 0)>,
           %o3: memref<2x2xf32> block [2, 2] map affine_map<(i) -> (0, 0)>) {
    %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
    %bt = arith.constant dense<[[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]]> : vector<2x3xf32>
    %r1 = pallas.dot %a, %bt {transpose_rhs} : vector<2x3xf32>, vector<2x3xf32> -> vector<2x2xf32>
    pallas.store %r1, %o1[] : vector<2x2xf32>, memref<2x2xf32>
    %ai = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi8>
    %r2 = pallas.dot %ai, %ai {transpose_lhs} : vector<2x3xi8>, vector<2x3xi8> -> vector<3x3xi32>
    pallas.store %r2, %o2[] : vector<3x3xi32>, memref<3x3xi32>
    %ab = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xbf16>
    %bb = arith.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]> : vector<3x2xbf16>
    %r3 = pallas.dot %ab, %bb : vector<2x3xbf16>, vector<3x2xbf16> -> vector<2x2xf32>
    pallas.store %r3, %o3[] : vector<2x2xf32>, memref<2x2xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o1 = memref.alloc() : memref<2x2xf32>
    %o2 = memref.alloc() : memref<3x3xi32>
    %o3 = memref.alloc() : memref<2x2xf32>
    pallas.call @dots(%o1, %o2, %o3) : (memref<2x2xf32>, memref<3x3xi32>, memref<2x2xf32>) -> ()
    %u1 = memref.cast %o1 : memref<2x2xf32> to memref<*xf32>
    call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
    %u2 = memref.cast %o2 : memref<3x3xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    %u3 = memref.cast %o3 : memref<2x2xf32> to memref<*xf32>
    call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
    memref.dealloc %o1 : memref<2x2xf32>
    memref.dealloc %o2 : memref<3x3xi32>
    memref.dealloc %o3 : memref<2x2xf32>
    return
  }
}
