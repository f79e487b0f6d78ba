// Element-padded windows: a 3-point stencil y[j] = x[j-1] + x[j] + x[j+1]
// over 16 elements in 4 blocks of 4. The index map gives offsets in x padded
// with one element in front and one behind, so input window i covers the
// padded elements [4i, 4i+6), i.e. x[4i-1 .. 4i+5). The padding reads as NaN,
// as in JAX's interpret mode, so y[0] and y[15] are NaN.
module {
  pallas.kernel @stencil grid(4) semantics(parallel)
      ins(%x: memref<16xf32> block [element(6, pad = [1, 1])] map affine_map<(i) -> (i * 4)>)
      outs(%y: memref<16xf32> block [4] map affine_map<(i) -> (i)>) {
    %l = pallas.load %x[0:4] : memref<6xf32> -> vector<4xf32>
    %c = pallas.load %x[1:4] : memref<6xf32> -> vector<4xf32>
    %r = pallas.load %x[2:4] : memref<6xf32> -> vector<4xf32>
    %s0 = arith.addf %l, %c : vector<4xf32>
    %s = arith.addf %s0, %r : vector<4xf32>
    pallas.store %s, %y[] : vector<4xf32>, memref<4xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %x = memref.alloc() : memref<16xf32>
    %y = memref.alloc() : memref<16xf32>
    // x[j] = j * j
    scf.for %j = %c0 to %c16 step %c1 {
      %sq = arith.muli %j, %j : index
      %s = arith.index_cast %sq : index to i32
      %f = arith.sitofp %s : i32 to f32
      memref.store %f, %x[%j] : memref<16xf32>
    }
    pallas.call @stencil(%x, %y) : (memref<16xf32>, memref<16xf32>) -> ()
    %u = memref.cast %y : memref<16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %x : memref<16xf32>
    memref.dealloc %y : memref<16xf32>
    return
  }
}
