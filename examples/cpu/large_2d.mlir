// Oracle twin (scripts/jax/cpu_oracle.py, kernel `large_2d`): one
// (1024, 512) f32 block: o = where((row + col) % 3 == 0, x, -x) + col (as
// f32), r = pltpu.roll(x, 5, 0) (r[i] = x[i - 5], rows), t = x^T and
// c = concatenate([x * 2, x], dim 1).
module {
  pallas.kernel @large_2d
      ins(%x: memref<1024x512xf32> block [1024, 512] map affine_map<() -> (0, 0)>)
      outs(%o: memref<1024x512xf32> block [1024, 512] map affine_map<() -> (0, 0)>,
           %r: memref<1024x512xf32> block [1024, 512] map affine_map<() -> (0, 0)>,
           %t: memref<512x1024xf32> block [512, 1024] map affine_map<() -> (0, 0)>,
           %c: memref<1024x1024xf32> block [1024, 1024] map affine_map<() -> (0, 0)>) {
    %v = pallas.load %x[] : memref<1024x512xf32> -> vector<1024x512xf32>
    %rows = pallas.iota dim 0 : vector<1024x512xi32>
    %cols = pallas.iota dim 1 : vector<1024x512xi32>
    %sum = arith.addi %rows, %cols : vector<1024x512xi32>
    %three = arith.constant dense<3> : vector<1024x512xi32>
    %rem = arith.remsi %sum, %three : vector<1024x512xi32>
    %zero = arith.constant dense<0> : vector<1024x512xi32>
    %keep = arith.cmpi eq, %rem, %zero : vector<1024x512xi32>
    %n = arith.negf %v : vector<1024x512xf32>
    %sel = arith.select %keep, %v, %n : vector<1024x512xi1>, vector<1024x512xf32>
    %cf = arith.sitofp %cols : vector<1024x512xi32> to vector<1024x512xf32>
    %out = arith.addf %sel, %cf : vector<1024x512xf32>
    pallas.store %out, %o[] : vector<1024x512xf32>, memref<1024x512xf32>
    %five = arith.constant 5 : i32
    %rl = pallas.roll %v, %five axis 0 : vector<1024x512xf32>
    pallas.store %rl, %r[] : vector<1024x512xf32>, memref<1024x512xf32>
    %tr = vector.transpose %v, [1, 0] : vector<1024x512xf32> to vector<512x1024xf32>
    pallas.store %tr, %t[] : vector<512x1024xf32>, memref<512x1024xf32>
    %two = arith.constant dense<2.0> : vector<1024x512xf32>
    %d = arith.mulf %v, %two : vector<1024x512xf32>
    %cat = pallas.concatenate %d, %v dim 1 : vector<1024x512xf32>, vector<1024x512xf32> -> vector<1024x1024xf32>
    pallas.store %cat, %c[] : vector<1024x1024xf32>, memref<1024x1024xf32>
  }
}
