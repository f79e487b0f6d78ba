// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %S/../../../examples/element_pad.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/element_pad.mlir on the CPU. Expected: y[j] = x[j-1] + x[j] + x[j+1] with x[j] = j^2 and zero padding; computed once
// with a small pure-Python script (float32 rounding via struct, printed with %g
// like printMemref), independently of the lowering.

// CHECK: Unranked Memref
// CHECK-NEXT: [1, 5, 14, 29, 50, 77, 110, 149, 194, 245, 302, 365, 434, 509, 590, 421]
