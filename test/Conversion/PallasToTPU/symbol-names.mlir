// RUN: %pallas_opt %s --convert-pallas-to-tpu | FileCheck %s

// Kernel names are symbols, not text: a name that needs quoting stays one
// symbol (it used to be spliced into attribute text and fail to parse).
// CHECK: module @"x\22y" {
// CHECK: func.func @"x\22y"(
pallas.kernel @"x\"y" grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  %a = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
  pallas.store %a, %o[] : vector<8x128xf32>, memref<8x128xf32>
  pallas.return
}
