// Oracle twin (scripts/jax/cpu_oracle.py, kernel `dynamic_grid`): grid(?)
// with the extent given at the call (4 of the 6 row blocks);
// o = x * num_programs + program_id on the visited blocks (int32). The rows
// of the 2 unvisited blocks are never written (undefined, not compared).
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
}
