// RUN: %mlir_opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: %mlir_opt %s --split-input-file --verify-diagnostics --mlir-print-op-generic | %mlir_opt --split-input-file | FileCheck %s

// The pipeline mode of a block spec (BlockSpec(pipeline_mode=...)): none
// (no `buffers`), pl.Buffered(n), pl.Buffered(n, revisit=...).

// CHECK-LABEL: pallas.kernel @modes
// CHECK: %{{.*}}: memref<32x128xf32> block [8, 128] map #{{.*}},
// CHECK: %{{.*}}: memref<32x128xf32> block [8, 128] map #{{.*}} buffers 1,
// CHECK: %{{.*}}: memref<32x128xf32> block [8, 128] map #{{.*}} in vmem buffers 2 revisit immediate)
// CHECK: outs(%{{.*}}: memref<32x128xf32> block [8, 128] map #{{.*}} buffers 1 revisit any)
pallas.kernel @modes grid(4)
    ins(%a: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>,
        %b: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> buffers 1,
        %c: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> in vmem buffers 2 revisit immediate)
    outs(%o: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> buffers 1 revisit any) {
}

// -----

pallas.kernel @bad_mode grid(4)
    // expected-error @+1 {{expected a revisit mode: 'immediate' or 'any'}}
    ins(%a: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> buffers 1 revisit sometimes) {
}

// -----

// A revisit mode belongs to a pipeline mode: it only follows `buffers N`.
pallas.kernel @no_buffers grid(4)
    // expected-error @+1 {{expected ')'}}
    ins(%a: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> revisit any) {
}
