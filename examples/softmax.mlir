// Row softmax of an 8x16 matrix: one grid step per row, the row dim squeezed.
module {
  pallas.kernel @softmax grid(8) semantics(parallel)
      ins(%x: memref<8x16xf32> block [squeezed, 16] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<8x16xf32> block [squeezed, 16] map affine_map<(i) -> (i, 0)>) {
    %v = pallas.load %x[] : memref<16xf32> -> vector<16xf32>
    %m = vector.reduction <maximumf>, %v : vector<16xf32> into f32
    %mb = vector.broadcast %m : f32 to vector<16xf32>
    %d = arith.subf %v, %mb : vector<16xf32>
    %e = math.exp %d : vector<16xf32>
    %s = vector.reduction <add>, %e : vector<16xf32> into f32
    %sb = vector.broadcast %s : f32 to vector<16xf32>
    %r = arith.divf %e, %sb : vector<16xf32>
    pallas.store %r, %o[] : vector<16xf32>, memref<16xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %x = memref.alloc() : memref<8x16xf32>
    %o = memref.alloc() : memref<8x16xf32>
    // x[i, j] = ((i * 5 + j * 3) mod 11) * 0.25
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %c3 = arith.constant 3 : i32
        %c5 = arith.constant 5 : i32
        %c11 = arith.constant 11 : i32
        %a = arith.muli %ii, %c5 : i32
        %b = arith.muli %jj, %c3 : i32
        %s = arith.addi %a, %b : i32
        %m = arith.remsi %s, %c11 : i32
        %f = arith.sitofp %m : i32 to f32
        %q = arith.constant 0.25 : f32
        %v = arith.mulf %f, %q : f32
        memref.store %v, %x[%i, %j] : memref<8x16xf32>
      }
    }
    pallas.call @softmax(%x, %o) : (memref<8x16xf32>, memref<8x16xf32>) -> ()
    %u = memref.cast %o : memref<8x16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %x : memref<8x16xf32>
    memref.dealloc %o : memref<8x16xf32>
    return
  }
}
