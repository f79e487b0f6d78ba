// Unrolled loops over the 4 row blocks of x: fori_loop(unroll=True) as
// {pallas.unroll} (4 straight-line copies, each storing a running sum),
// fori_loop(unroll=2) as {pallas.unroll = 2} (a loop stepping 2 with two
// copies of a matmul carried through it), fori_loop(unroll=3) with two
// carries as {pallas.unroll = 3} (a loop with 3 copies, then one remainder
// copy), pl.loop(0, 4, step=2, unroll=True) as {pallas.unroll} on a loop of
// step 2, and a fori_loop up to a trip count read from SMEM as
// {pallas.unroll = 1} (JAX's loop plus remainder loop for a dynamic trip
// count).
// Mirrors `tpu_unrolled_loops` in scripts/jax/tpu_kernels.py; JAX's
// lowering of it is test/Reference/TPU/tpu_unrolled_loops.mlir.
module {
  pallas.kernel @tpu_unrolled_loops grid(1) semantics(arbitrary)
      prefetch(%n: memref<1xi32>)
      ins(%x: memref<32x128xf32> block [32, 128] map affine_map<(i) -> (0, 0)>,
          %w: memref<128x128xf32> block [128, 128] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<32x128xf32> block [32, 128] map affine_map<(i) -> (0, 0)>,
           %s: memref<32x128xf32> block [32, 128] map affine_map<(i) -> (0, 0)>) {
    %zero = arith.constant dense<0.0> : vector<8x128xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    // total = fori_loop(0, 4, running_sum, zeros, unroll=True):
    // acc += x[i*8:i*8+8]; o[i*8:i*8+8] = acc
    %total = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (vector<8x128xf32>) : i32 {
      %row = arith.muli %i, %c8 : i32
      %r = arith.index_cast %row : i32 to index
      %xv = pallas.load %x[%r:8, 0:128] : memref<32x128xf32> -> vector<8x128xf32>
      %next = arith.addf %acc, %xv : vector<8x128xf32>
      pallas.store %next, %o[%r:8, 0:128] : vector<8x128xf32>, memref<32x128xf32>
      scf.yield %next : vector<8x128xf32>
    } {pallas.unroll}
    // h = fori_loop(0, 4, chain, total, unroll=2): h = h @ w + x[i*8:i*8+8]
    %h = scf.for %i = %c0 to %c4 step %c1 iter_args(%hh = %total) -> (vector<8x128xf32>) : i32 {
      %wv = pallas.load %w[] : memref<128x128xf32> -> vector<128x128xf32>
      %d = pallas.dot %hh, %wv : vector<8x128xf32>, vector<128x128xf32> -> vector<8x128xf32>
      %row = arith.muli %i, %c8 : i32
      %r = arith.index_cast %row : i32 to index
      %xv = pallas.load %x[%r:8, 0:128] : memref<32x128xf32> -> vector<8x128xf32>
      %next = arith.addf %d, %xv : vector<8x128xf32>
      scf.yield %next : vector<8x128xf32>
    } {pallas.unroll = 2}
    // a, b = fori_loop(0, 4, sum_and_max, (h, full(-1)), unroll=3):
    // s[i*8:i*8+8] = a; a += row; b = max(b, row)
    %minus1 = arith.constant dense<-1.0> : vector<8x128xf32>
    %a, %b = scf.for %i = %c0 to %c4 step %c1 iter_args(%aa = %h, %bb = %minus1) -> (vector<8x128xf32>, vector<8x128xf32>) : i32 {
      %row = arith.muli %i, %c8 : i32
      %r = arith.index_cast %row : i32 to index
      %xv = pallas.load %x[%r:8, 0:128] : memref<32x128xf32> -> vector<8x128xf32>
      pallas.store %aa, %s[%r:8, 0:128] : vector<8x128xf32>, memref<32x128xf32>
      %an = arith.addf %aa, %xv : vector<8x128xf32>
      %bn = arith.maximumf %bb, %xv : vector<8x128xf32>
      scf.yield %an, %bn : vector<8x128xf32>, vector<8x128xf32>
    } {pallas.unroll = 3}
    // @pl.loop(0, 4, step=2, unroll=True): o[i*8:i*8+8] *= 2
    %two = arith.constant dense<2.0> : vector<8x128xf32>
    scf.for %i = %c0 to %c4 step %c2 : i32 {
      %row = arith.muli %i, %c8 : i32
      %r = arith.index_cast %row : i32 to index
      %ov = pallas.load %o[%r:8, 0:128] : memref<32x128xf32> -> vector<8x128xf32>
      %scaled = arith.mulf %ov, %two : vector<8x128xf32>
      pallas.store %scaled, %o[%r:8, 0:128] : vector<8x128xf32>, memref<32x128xf32>
    } {pallas.unroll}
    // c = fori_loop(0, n[0], scale_rows, a + b):
    // s[i*8:i*8+8] *= c; c += 1
    %ci0 = arith.constant 0 : index
    %trip = pallas.load %n[%ci0] : memref<1xi32> -> i32
    %ab = arith.addf %a, %b : vector<8x128xf32>
    %one = arith.constant dense<1.0> : vector<8x128xf32>
    %c = scf.for %i = %c0 to %trip step %c1 iter_args(%cc = %ab) -> (vector<8x128xf32>) : i32 {
      %row = arith.muli %i, %c8 : i32
      %r = arith.index_cast %row : i32 to index
      %sv = pallas.load %s[%r:8, 0:128] : memref<32x128xf32> -> vector<8x128xf32>
      %prod = arith.mulf %sv, %cc : vector<8x128xf32>
      pallas.store %prod, %s[%r:8, 0:128] : vector<8x128xf32>, memref<32x128xf32>
      %cn = arith.addf %cc, %one : vector<8x128xf32>
      scf.yield %cn : vector<8x128xf32>
    } {pallas.unroll = 1}
    // o[0:8] = c
    pallas.store %c, %o[0:8, 0:128] : vector<8x128xf32>, memref<32x128xf32>
  }
}
