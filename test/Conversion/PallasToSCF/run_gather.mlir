// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %S/../../../examples/gather.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/gather.mlir on the CPU. Expected: o = concat(x[4k:4k+4] for k in ids = [3, 0, 2, 1]) with x[i, j] = 10 i + j; computed once
// with a small pure-Python script (float32 rounding via struct, printed with %g
// like printMemref), independently of the lowering.

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}120, 121, 122, 123],
// CHECK-NEXT: [130, 131, 132, 133],
// CHECK-NEXT: [140, 141, 142, 143],
// CHECK-NEXT: [150, 151, 152, 153],
// CHECK-NEXT: [0, 1, 2, 3],
// CHECK-NEXT: [10, 11, 12, 13],
// CHECK-NEXT: [20, 21, 22, 23],
// CHECK-NEXT: [30, 31, 32, 33],
// CHECK-NEXT: [80, 81, 82, 83],
// CHECK-NEXT: [90, 91, 92, 93],
// CHECK-NEXT: [100, 101, 102, 103],
// CHECK-NEXT: [110, 111, 112, 113],
// CHECK-NEXT: [40, 41, 42, 43],
// CHECK-NEXT: [50, 51, 52, 53],
// CHECK-NEXT: [60, 61, 62, 63],
// CHECK-NEXT: [70, 71, 72, 73]]
