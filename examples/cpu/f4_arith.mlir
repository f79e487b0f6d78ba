// Oracle twin (scripts/jax/cpu_oracle.py, kernel `f4_arith`): arithmetic on
// f4E2M1FN (values 0, 0.5, 1, 1.5, 2, 3, 4, 6 and their negatives; no
// infinity or NaN: past 6 saturates), computed in f32 and rounded back after
// every op, and moves of 4-bit vectors (a byte per element in memory, bit
// packed in a vector). x holds every f4E2M1FN encoding; s is f32 over many
// magnitudes with ties, NaN and infinities; k is int4. Mirrors the JAX
// builder `f4_arith` there.
module {
  pallas.kernel @f4_arith grid(2) semantics(parallel)
      ins(%x: memref<16x128xf4E2M1FN> block [8, 128] map affine_map<(i) -> (i, 0)>,
          %s: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>,
          %k: memref<16x128xi4> block [8, 128] map affine_map<(i) -> (i, 0)>)
      outs(%a: memref<16x128xf4E2M1FN> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %c: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %e: memref<16x128xf4E2M1FN> block [8, 128] map affine_map<(i) -> (i, 0)>,
           %kk: memref<16x128xi4> block [8, 128] map affine_map<(i) -> (i, 0)>) {
    %xv = pallas.load %x[] : memref<8x128xf4E2M1FN> -> vector<8x128xf4E2M1FN>
    %sv = pallas.load %s[] : memref<8x128xf32> -> vector<8x128xf32>
    %kv = pallas.load %k[] : memref<8x128xi4> -> vector<8x128xi4>
    %xx = arith.mulf %xv, %xv : vector<8x128xf4E2M1FN>
    %av = arith.addf %xx, %xv : vector<8x128xf4E2M1FN>
    pallas.store %av, %a[] : vector<8x128xf4E2M1FN>, memref<8x128xf4E2M1FN>
    %cv = arith.extf %xv : vector<8x128xf4E2M1FN> to vector<8x128xf32>
    pallas.store %cv, %c[] : vector<8x128xf32>, memref<8x128xf32>
    %ev = arith.truncf %sv : vector<8x128xf32> to vector<8x128xf4E2M1FN>
    pallas.store %ev, %e[] : vector<8x128xf4E2M1FN>, memref<8x128xf4E2M1FN>
    pallas.store %kv, %kk[] : vector<8x128xi4>, memref<8x128xi4>
  }
}
