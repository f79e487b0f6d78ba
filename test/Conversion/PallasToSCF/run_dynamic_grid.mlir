// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %S/../../../examples/dynamic_grid.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/dynamic_grid.mlir on the CPU. Expected: o = x * 4 + program_id on the first 4 row blocks (x[i, j] = 4 i + j), -1 elsewhere; computed once
// with a small pure-Python script (float32 rounding via struct, printed with %g
// like printMemref), independently of the lowering.

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}0, 4, 8, 12],
// CHECK-NEXT: [16, 20, 24, 28],
// CHECK-NEXT: [33, 37, 41, 45],
// CHECK-NEXT: [49, 53, 57, 61],
// CHECK-NEXT: [66, 70, 74, 78],
// CHECK-NEXT: [82, 86, 90, 94],
// CHECK-NEXT: [99, 103, 107, 111],
// CHECK-NEXT: [115, 119, 123, 127],
// CHECK-NEXT: [-1, -1, -1, -1],
// CHECK-NEXT: [-1, -1, -1, -1],
// CHECK-NEXT: [-1, -1, -1, -1],
// CHECK-NEXT: [-1, -1, -1, -1]]
