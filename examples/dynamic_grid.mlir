// A dynamic grid: grid(?) with the extent passed to pallas.call (4 of the 6
// row blocks); o = x * num_programs + program_id on the visited blocks,
// the rest of o keeps its initial -1.
module {
  pallas.kernel @scale grid(?) semantics(parallel)
      ins(%x: memref<12x4xi32> block [2, 4] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<12x4xi32> block [2, 4] map affine_map<(i) -> (i, 0)>) {
    %i = pallas.program_id 0
    %n = pallas.num_programs 0
    %v = pallas.load %x[] : memref<2x4xi32> -> vector<2x4xi32>
    %nb = vector.broadcast %n : i32 to vector<2x4xi32>
    %ib = vector.broadcast %i : i32 to vector<2x4xi32>
    %m = arith.muli %v, %nb : vector<2x4xi32>
    %r = arith.addi %m, %ib : vector<2x4xi32>
    pallas.store %r, %o[] : vector<2x4xi32>, memref<2x4xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %m1 = arith.constant -1 : i32
    %x = memref.alloc() : memref<12x4xi32>
    %o = memref.alloc() : memref<12x4xi32>
    // x[i, j] = 4 i + j, o = -1
    scf.for %i = %c0 to %c12 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %r = arith.muli %i, %c4 : index
        %s = arith.addi %r, %j : index
        %ss = arith.index_cast %s : index to i32
        memref.store %ss, %x[%i, %j] : memref<12x4xi32>
        memref.store %m1, %o[%i, %j] : memref<12x4xi32>
      }
    }
    pallas.call @scale(%c4, %x, %o) : (index, memref<12x4xi32>, memref<12x4xi32>) -> ()
    %u = memref.cast %o : memref<12x4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %x : memref<12x4xi32>
    memref.dealloc %o : memref<12x4xi32>
    return
  }
}
