// Oracle twin (scripts/jax/cpu_oracle.py, kernel `element_pad`): a 3-point
// stencil y[j] = x[j-1] + x[j] + x[j+1] over 32 elements in 4 blocks of 8,
// through element-indexed windows padded by one element on each side
// (pl.Element(10, (1, 1))): window i starts at padded offset 8i, i.e. x[8i-1].
// y[0] and y[31] read the padding (NaN in both JAX's interpret mode and ours).
module {
  pallas.kernel @stencil grid(4) semantics(parallel)
      ins(%x: memref<32xf32> block [element(10, pad = [1, 1])] map affine_map<(i) -> (i * 8)>)
      outs(%y: memref<32xf32> block [8] map affine_map<(i) -> (i)>) {
    %l = pallas.load %x[0:8] : memref<10xf32> -> vector<8xf32>
    %c = pallas.load %x[1:8] : memref<10xf32> -> vector<8xf32>
    %r = pallas.load %x[2:8] : memref<10xf32> -> vector<8xf32>
    %s0 = arith.addf %l, %c : vector<8xf32>
    %s = arith.addf %s0, %r : vector<8xf32>
    pallas.store %s, %y[] : vector<8xf32>, memref<8xf32>
  }
}
