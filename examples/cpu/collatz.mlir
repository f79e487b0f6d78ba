// Oracle twin (scripts/jax/cpu_oracle.py, kernel `collatz`): a
// data-dependent scalar loop (scf.while, lax.while_loop in JAX) over
// scalar-prefetched int32 starts: row i of o (8 lanes) holds the number of
// Collatz steps from n[i] to 1 (n[i] in [1, 1000)).
module {
  pallas.kernel @collatz grid(8) semantics(parallel)
      prefetch(%n: memref<8xi32>)
      outs(%o: memref<8x128xi32> block [1, 128] map affine_map<(i) -> (i, 0)>) {
    %i = pallas.program_id 0
    %ii = arith.index_cast %i : i32 to index
    %start = pallas.load %n[%ii] : memref<8xi32> -> i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %res:2 = scf.while (%v = %start, %k = %c0) : (i32, i32) -> (i32, i32) {
      %go = arith.cmpi ne, %v, %c1 : i32
      scf.condition(%go) %v, %k : i32, i32
    } do {
    ^bb0(%v: i32, %k: i32):
      %bit = arith.andi %v, %c1 : i32
      %odd = arith.cmpi eq, %bit, %c1 : i32
      %t = arith.muli %v, %c3 : i32
      %t1 = arith.addi %t, %c1 : i32
      %h = arith.divui %v, %c2 : i32
      %nv = arith.select %odd, %t1, %h : i32
      %nk = arith.addi %k, %c1 : i32
      scf.yield %nv, %nk : i32, i32
    }
    %b = vector.broadcast %res#1 : i32 to vector<1x128xi32>
    pallas.store %b, %o[] : vector<1x128xi32>, memref<1x128xi32>
  }
}
