// Malformed pallas syntax: each case is a diagnostic at the offending token
// and exit code 1, never a crash. --split-input-file keeps going after an
// error, so every case below is reported.
// RUN: not %mlir_opt --split-input-file %s 2>&1 | FileCheck %s

// CHECK: syntax.mlir:[[@LINE+2]]:3: error: {{.*}}'pallas.frobnicate' is unknown
pallas.kernel @k grid(8) outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  pallas.frobnicate
  pallas.return
}

// -----

// A windowed operand without its `block` keyword.
// CHECK: syntax.mlir:[[@LINE+1]]:54: error: {{.*}}'block'
pallas.kernel @k grid(8) outs(%o: memref<16x128xf32> [16, 128] map affine_map<(i) -> (0, 0)>) {
  pallas.return
}

// -----

// CHECK: syntax.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}nowhere
pallas.kernel @k grid(8) outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)> in nowhere) {
  pallas.return
}

// -----

// Kernel operands are buffers.
// CHECK: syntax.mlir:[[@LINE+1]]:35: error: {{.*}}tensor<16x128xf32>
pallas.kernel @k grid(8) outs(%o: tensor<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  pallas.return
}

// -----

// CHECK: syntax.mlir:[[@LINE+1]]:23: error:
pallas.kernel @k grid(x) outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  pallas.return
}

// -----

pallas.kernel @k grid(8) outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  // CHECK: syntax.mlir:[[@LINE+1]]:25: error: expected attribute value
  %0 = pallas.program_id
  pallas.return
}

// -----

// CHECK: syntax.mlir:[[@LINE+1]]:6: error: 'pallas.program_id' op attribute 'axis' failed to satisfy constraint
%x = "pallas.program_id"() {axis = "zero"} : () -> i32

// -----

pallas.kernel @k grid(8) outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  %m = arith.constant dense<true> : vector<16xi1>
  // CHECK: syntax.mlir:[[@LINE+1]]:37: error: use of value '%m' expects different type
  %0 = pallas.load %o[0, 0:16] mask(%m : vector<16xi32>) : memref<16x128xf32> -> vector<16xf32>
  pallas.return
}
