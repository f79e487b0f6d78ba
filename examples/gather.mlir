// Scalar-prefetch gather: output block b is input block ids[b], the index
// map reads the prefetched ids.
module {
  pallas.index_map @rows(%i: i32, %ids: memref<4xi32>) -> (i32, i32) {
    %ii = arith.index_cast %i : i32 to index
    %b = pallas.load %ids[%ii] : memref<4xi32> -> i32
    %c0 = arith.constant 0 : i32
    pallas.yield %b, %c0 : i32, i32
  }

  pallas.kernel @gather grid(4) semantics(arbitrary)
      prefetch(%ids: memref<4xi32>)
      ins(%x: memref<16x4xf32> block [4, 4] map @rows)
      outs(%o: memref<16x4xf32> block [4, 4] map affine_map<(i) -> (i, 0)>) {
    %v = pallas.load %x[] : memref<4x4xf32> -> vector<4x4xf32>
    pallas.store %v, %o[] : vector<4x4xf32>, memref<4x4xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %ids = memref.alloc() : memref<4xi32>
    %i0 = arith.constant 3 : i32
    %i1 = arith.constant 0 : i32
    %i2 = arith.constant 2 : i32
    %i3 = arith.constant 1 : i32
    memref.store %i0, %ids[%c0] : memref<4xi32>
    memref.store %i1, %ids[%c1] : memref<4xi32>
    memref.store %i2, %ids[%c2] : memref<4xi32>
    memref.store %i3, %ids[%c3] : memref<4xi32>
    %x = memref.alloc() : memref<16x4xf32>
    %o = memref.alloc() : memref<16x4xf32>
    // x[i, j] = 10 i + j
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %c10 = arith.constant 10 : i32
        %t = arith.muli %ii, %c10 : i32
        %s = arith.addi %t, %jj : i32
        %f = arith.sitofp %s : i32 to f32
        memref.store %f, %x[%i, %j] : memref<16x4xf32>
      }
    }
    pallas.call @gather(%ids, %x, %o) : (memref<4xi32>, memref<16x4xf32>, memref<16x4xf32>) -> ()
    %u = memref.cast %o : memref<16x4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %ids : memref<4xi32>
    memref.dealloc %x : memref<16x4xf32>
    memref.dealloc %o : memref<16x4xf32>
    return
  }
}
