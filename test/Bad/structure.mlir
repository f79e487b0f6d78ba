// Structural errors the ODS traits catch: terminators and ops out of place,
// a truncated kernel, a value of the wrong type.
// RUN: not %mlir_opt --split-input-file %s 2>&1 | FileCheck %s

func.func @f() {
  // CHECK: structure.mlir:[[@LINE+1]]:3: error: 'pallas.return' op expects parent op 'pallas.kernel'
  pallas.return
}

// -----

pallas.kernel @k grid(8) outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  %0 = pallas.load %o[0:16, 0:128] : memref<16x128xf32> -> vector<16x128xf32>
  // CHECK: structure.mlir:[[@LINE+1]]:20: error: use of value '%o' expects different type than prior uses
  pallas.store %0, %o[0:16, 0:128] : vector<16x128xf32>, memref<16x64xf32>
  pallas.return
}

// -----

// A kernel cut off in the middle of its body.
// CHECK: structure.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
pallas.kernel @k grid(8) outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  %0 = pallas.load %o[0:16, 0:128] : memref<16x128xf32> -> vector<16x128xf32>
