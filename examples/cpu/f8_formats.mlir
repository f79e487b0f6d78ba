// Oracle twin (scripts/jax/cpu_oracle.py, kernel `f8_formats`): the other
// 8-bit float formats the CPU reference computes on (FNUZ: no infinity, no
// negative zero, NaN is the sign bit alone; IEEE-like f8E4M3 and f8E3M4).
// Each input holds every encoding of its format; each is widened to f32,
// squared and added to itself in its own format, and the f32 input s is
// rounded to each format. Mirrors the JAX builder `f8_formats` there.
module {
  pallas.kernel @f8_formats grid(1)
      ins(%p: memref<16x128xf8E4M3FNUZ> block [16, 128] map affine_map<(i) -> (0, 0)>,
          %q: memref<16x128xf8E5M2FNUZ> block [16, 128] map affine_map<(i) -> (0, 0)>,
          %r: memref<16x128xf8E4M3> block [16, 128] map affine_map<(i) -> (0, 0)>,
          %t: memref<16x128xf8E3M4> block [16, 128] map affine_map<(i) -> (0, 0)>,
          %s: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>)
      outs(%wp: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>,
           %wq: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>,
           %wr: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>,
           %wt: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>,
           %ap: memref<16x128xf8E4M3FNUZ> block [16, 128] map affine_map<(i) -> (0, 0)>,
           %aq: memref<16x128xf8E5M2FNUZ> block [16, 128] map affine_map<(i) -> (0, 0)>,
           %ar: memref<16x128xf8E4M3> block [16, 128] map affine_map<(i) -> (0, 0)>,
           %at: memref<16x128xf8E3M4> block [16, 128] map affine_map<(i) -> (0, 0)>,
           %np: memref<16x128xf8E4M3FNUZ> block [16, 128] map affine_map<(i) -> (0, 0)>,
           %nq: memref<16x128xf8E5M2FNUZ> block [16, 128] map affine_map<(i) -> (0, 0)>,
           %nr: memref<16x128xf8E4M3> block [16, 128] map affine_map<(i) -> (0, 0)>,
           %nt: memref<16x128xf8E3M4> block [16, 128] map affine_map<(i) -> (0, 0)>) {
    %sv = pallas.load %s[] : memref<16x128xf32> -> vector<16x128xf32>
    %pv = pallas.load %p[] : memref<16x128xf8E4M3FNUZ> -> vector<16x128xf8E4M3FNUZ>
    %pw = arith.extf %pv : vector<16x128xf8E4M3FNUZ> to vector<16x128xf32>
    pallas.store %pw, %wp[] : vector<16x128xf32>, memref<16x128xf32>
    %p2 = arith.mulf %pv, %pv : vector<16x128xf8E4M3FNUZ>
    %pa = arith.addf %p2, %pv : vector<16x128xf8E4M3FNUZ>
    pallas.store %pa, %ap[] : vector<16x128xf8E4M3FNUZ>, memref<16x128xf8E4M3FNUZ>
    %pn = arith.truncf %sv : vector<16x128xf32> to vector<16x128xf8E4M3FNUZ>
    pallas.store %pn, %np[] : vector<16x128xf8E4M3FNUZ>, memref<16x128xf8E4M3FNUZ>
    %qv = pallas.load %q[] : memref<16x128xf8E5M2FNUZ> -> vector<16x128xf8E5M2FNUZ>
    %qw = arith.extf %qv : vector<16x128xf8E5M2FNUZ> to vector<16x128xf32>
    pallas.store %qw, %wq[] : vector<16x128xf32>, memref<16x128xf32>
    %q2 = arith.mulf %qv, %qv : vector<16x128xf8E5M2FNUZ>
    %qa = arith.addf %q2, %qv : vector<16x128xf8E5M2FNUZ>
    pallas.store %qa, %aq[] : vector<16x128xf8E5M2FNUZ>, memref<16x128xf8E5M2FNUZ>
    %qn = arith.truncf %sv : vector<16x128xf32> to vector<16x128xf8E5M2FNUZ>
    pallas.store %qn, %nq[] : vector<16x128xf8E5M2FNUZ>, memref<16x128xf8E5M2FNUZ>
    %rv = pallas.load %r[] : memref<16x128xf8E4M3> -> vector<16x128xf8E4M3>
    %rw = arith.extf %rv : vector<16x128xf8E4M3> to vector<16x128xf32>
    pallas.store %rw, %wr[] : vector<16x128xf32>, memref<16x128xf32>
    %r2 = arith.mulf %rv, %rv : vector<16x128xf8E4M3>
    %ra = arith.addf %r2, %rv : vector<16x128xf8E4M3>
    pallas.store %ra, %ar[] : vector<16x128xf8E4M3>, memref<16x128xf8E4M3>
    %rn = arith.truncf %sv : vector<16x128xf32> to vector<16x128xf8E4M3>
    pallas.store %rn, %nr[] : vector<16x128xf8E4M3>, memref<16x128xf8E4M3>
    %tv = pallas.load %t[] : memref<16x128xf8E3M4> -> vector<16x128xf8E3M4>
    %tw = arith.extf %tv : vector<16x128xf8E3M4> to vector<16x128xf32>
    pallas.store %tw, %wt[] : vector<16x128xf32>, memref<16x128xf32>
    %t2 = arith.mulf %tv, %tv : vector<16x128xf8E3M4>
    %ta = arith.addf %t2, %tv : vector<16x128xf8E3M4>
    pallas.store %ta, %at[] : vector<16x128xf8E3M4>, memref<16x128xf8E3M4>
    %tn = arith.truncf %sv : vector<16x128xf32> to vector<16x128xf8E3M4>
    pallas.store %tn, %nt[] : vector<16x128xf8E3M4>, memref<16x128xf8E3M4>
  }
}
