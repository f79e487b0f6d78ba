// fuzz reproducer (by hand, issue 12): convert-pallas-to-tpu leaves a GPU-space scratch's #pallas.memory_space<gmem> in its output
module {
  pallas.kernel @k grid(1)
      ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
      scratch(%s: memref<8x128xf32, #pallas.memory_space<gmem>>) {
    %v = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
    pallas.store %v, %o[] : vector<8x128xf32>, memref<8x128xf32>
  }
}
