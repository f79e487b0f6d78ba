// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %S/../../../examples/matmul.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/matmul.mlir on the CPU. Expected: C = A @ B with A[i, j] = (i + 2j) mod 7 - 3, B[i, j] = (3i + j) mod 5 - 2; computed once
// with a small pure-Python script (float32 rounding via struct, printed with %g
// like printMemref), independently of the lowering.

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}11, -13, -12, 4, 10, 11, -13, -12, 4, 10, 11, -13, -12, 4, 10, 11],
// CHECK-NEXT: [9, 7, -5, -2, -9, 9, 7, -5, -2, -9, 9, 7, -5, -2, -9, 9],
// CHECK-NEXT: [-14, 6, 16, 6, -14, -14, 6, 16, 6, -14, -14, 6, 16, 6, -14, -14],
// CHECK-NEXT: [-9, -2, -5, 7, 9, -9, -2, -5, 7, 9, -9, -2, -5, 7, 9, -9],
// CHECK-NEXT: [10, 4, -12, -13, 11, 10, 4, -12, -13, 11, 10, 4, -12, -13, 11, 10],
// CHECK-NEXT: [1, 10, 9, -12, -8, 1, 10, 9, -12, -8, 1, 10, 9, -12, -8, 1],
// CHECK-NEXT: [-8, -12, 9, 10, 1, -8, -12, 9, 10, 1, -8, -12, 9, 10, 1, -8],
// CHECK-NEXT: [11, -13, -12, 4, 10, 11, -13, -12, 4, 10, 11, -13, -12, 4, 10, 11],
// CHECK-NEXT: [9, 7, -5, -2, -9, 9, 7, -5, -2, -9, 9, 7, -5, -2, -9, 9],
// CHECK-NEXT: [-14, 6, 16, 6, -14, -14, 6, 16, 6, -14, -14, 6, 16, 6, -14, -14],
// CHECK-NEXT: [-9, -2, -5, 7, 9, -9, -2, -5, 7, 9, -9, -2, -5, 7, 9, -9],
// CHECK-NEXT: [10, 4, -12, -13, 11, 10, 4, -12, -13, 11, 10, 4, -12, -13, 11, 10],
// CHECK-NEXT: [1, 10, 9, -12, -8, 1, 10, 9, -12, -8, 1, 10, 9, -12, -8, 1],
// CHECK-NEXT: [-8, -12, 9, 10, 1, -8, -12, 9, 10, 1, -8, -12, 9, 10, 1, -8],
// CHECK-NEXT: [11, -13, -12, 4, 10, 11, -13, -12, 4, 10, 11, -13, -12, 4, 10, 11],
// CHECK-NEXT: [9, 7, -5, -2, -9, 9, 7, -5, -2, -9, 9, 7, -5, -2, -9, 9]]
