// Fuzz reproducer of issue 12 (campaign seed 1212 at a00736a, before main's TPU fixes were merged), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-tpu: exit1-generated-symbol redefinition of symbol named 'transform_N'
module {
  pallas.kernel @transform_1 grid(8) semantics(parallel)
      ins(%x: memref<64x128xf32> block [element(16, pad = [4, 4]), element(128)] map affine_map<(i) -> (i , 0)>)
      outs(%o: memref<64x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  }
}
