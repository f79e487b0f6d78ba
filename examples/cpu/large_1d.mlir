// Oracle twin (scripts/jax/cpu_oracle.py, kernel `large_1d`): one 1-D
// block of 2^18 f32. o = x * 2 + iota (as f32), then x swapped into o
// where x > 0 (masked), p = the values swapped out there (0 elsewhere),
// and r = pltpu.roll(x, 1000) (jnp.roll's direction: r[i] = x[i - 1000]).
// A 1-D vector this long is computed in 64-lane chunks (pallas-row-loops).
module {
  pallas.kernel @large_1d
      ins(%x: memref<262144xf32> block [262144] map affine_map<() -> (0)>)
      outs(%o: memref<262144xf32> block [262144] map affine_map<() -> (0)>,
           %r: memref<262144xf32> block [262144] map affine_map<() -> (0)>,
           %p: memref<262144xf32> block [262144] map affine_map<() -> (0)>) {
    %v = pallas.load %x[] : memref<262144xf32> -> vector<262144xf32>
    %two = arith.constant dense<2.0> : vector<262144xf32>
    %d = arith.mulf %v, %two : vector<262144xf32>
    %i = pallas.iota dim 0 : vector<262144xi32>
    %f = arith.sitofp %i : vector<262144xi32> to vector<262144xf32>
    %s = arith.addf %d, %f : vector<262144xf32>
    pallas.store %s, %o[] : vector<262144xf32>, memref<262144xf32>
    %zero = arith.constant dense<0.0> : vector<262144xf32>
    %m = arith.cmpf ogt, %v, %zero : vector<262144xf32>
    %old = pallas.swap %v, %o[0:262144] mask(%m : vector<262144xi1>) : vector<262144xf32>, memref<262144xf32> -> vector<262144xf32>
    %kept = arith.select %m, %old, %zero : vector<262144xi1>, vector<262144xf32>
    pallas.store %kept, %p[] : vector<262144xf32>, memref<262144xf32>
    %k = arith.constant 1000 : i32
    %rl = pallas.roll %v, %k axis 0 : vector<262144xf32>
    pallas.store %rl, %r[] : vector<262144xf32>, memref<262144xf32>
  }
}
