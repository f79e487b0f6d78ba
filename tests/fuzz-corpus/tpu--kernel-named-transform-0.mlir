// fuzz reproducer (by hand, issue 12): a kernel named @transform_0 collides with the transform function convert-pallas-to-tpu generates
// Grid elementwise add: o = x + y over 4 row blocks of 8x8.
module {
  pallas.kernel @transform_0 grid(4) semantics(parallel)
      ins(%x: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>,
          %y: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
    %a = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
    %b = pallas.load %y[] : memref<8x8xf32> -> vector<8x8xf32>
    %s = arith.addf %a, %b : vector<8x8xf32>
    pallas.store %s, %o[] : vector<8x8xf32>, memref<8x8xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

}
