// Grid elementwise add: o = x + y over 4 row blocks of 8x8.
module {
  pallas.kernel @add grid(4) semantics(parallel)
      ins(%x: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>,
          %y: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>) {
    %a = pallas.load %x[] : memref<8x8xf32> -> vector<8x8xf32>
    %b = pallas.load %y[] : memref<8x8xf32> -> vector<8x8xf32>
    %s = arith.addf %a, %b : vector<8x8xf32>
    pallas.store %s, %o[] : vector<8x8xf32>, memref<8x8xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c8 = arith.constant 8 : index
    %x = memref.alloc() : memref<32x8xf32>
    %y = memref.alloc() : memref<32x8xf32>
    %o = memref.alloc() : memref<32x8xf32>
    // x[i, j] = i, y[i, j] = 100 * j
    scf.for %i = %c0 to %c32 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %fi = arith.sitofp %ii : i32 to f32
        %fj = arith.sitofp %jj : i32 to f32
        %h = arith.constant 100.0 : f32
        %yv = arith.mulf %fj, %h : f32
        memref.store %fi, %x[%i, %j] : memref<32x8xf32>
        memref.store %yv, %y[%i, %j] : memref<32x8xf32>
      }
    }
    pallas.call @add(%x, %y, %o) : (memref<32x8xf32>, memref<32x8xf32>, memref<32x8xf32>) -> ()
    %u = memref.cast %o : memref<32x8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %x : memref<32x8xf32>
    memref.dealloc %y : memref<32x8xf32>
    memref.dealloc %o : memref<32x8xf32>
    return
  }
}
