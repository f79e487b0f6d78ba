// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %S/../../../examples/element_pad.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/element_pad.mlir on the CPU. Expected: JAX 0.10.2's
// interpret mode (`pallas_call(..., interpret=True)`) on the same kernel
// (grid (4,), in_specs pl.BlockSpec((pl.Element(6, (1, 1)),), lambda i: (4 * i,)),
// out_specs pl.BlockSpec((4,), lambda i: (i,)), x[j] = j^2), printed with
// numpy: y[j] = x[j-1] + x[j] + x[j+1] inside, NaN where a tap reads the
// padding. Checked by hand: y[1] = 0 + 1 + 4 = 5, y[14] = 169 + 196 + 225 = 590.

// CHECK: Unranked Memref
// CHECK-NEXT: [nan, 5, 14, 29, 50, 77, 110, 149, 194, 245, 302, 365, 434, 509, 590, nan]
