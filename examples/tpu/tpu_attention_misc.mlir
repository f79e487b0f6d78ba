// q @ k^T (transposed contraction), max/exp/sum softmax with an approximate
// reciprocal, a loop of 4 lane rolls, a REGULAR semaphore signal/wait and a
// bf16 store. k's block is the whole array (constant map).
// Mirrors `tpu_attention_misc` in scripts/jax/tpu_kernels.py; JAX's lowering
// of it is test/Reference/TPU/tpu_attention_misc.mlir.
module {
  pallas.kernel @tpu_attention_misc grid(2) semantics(parallel)
      ins(%q: memref<256x128xbf16> block [128, 128] map affine_map<(i) -> (i, 0)>,
          %k: memref<128x128xbf16> block [128, 128] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<256x128xbf16> block [128, 128] map affine_map<(i) -> (i, 0)>)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>) {
    %qv = pallas.load %q[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %kv = pallas.load %k[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %s = pallas.dot %qv, %kv {transpose_rhs} : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
    %ninf = arith.constant dense<0xFF800000> : vector<128xf32>
    %m = vector.multi_reduction <maximumf>, %s, %ninf [1] : vector<128x128xf32> to vector<128xf32>
    %m2 = vector.shape_cast %m : vector<128xf32> to vector<128x1xf32>
    %mb = vector.broadcast %m2 : vector<128x1xf32> to vector<128x128xf32>
    %d = arith.subf %s, %mb : vector<128x128xf32>
    %e = math.exp %d : vector<128x128xf32>
    %zero = arith.constant dense<0.0> : vector<128xf32>
    %l = vector.multi_reduction <add>, %e, %zero [1] : vector<128x128xf32> to vector<128xf32>
    %l2 = vector.shape_cast %l : vector<128xf32> to vector<128x1xf32>
    %r = pallas.reciprocal %l2 approx : vector<128x1xf32>
    %rb = vector.broadcast %r : vector<128x1xf32> to vector<128x128xf32>
    %p = arith.mulf %e, %rb : vector<128x128xf32>
    %init = arith.constant dense<0.0> : vector<128x128xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %acc = scf.for %it = %c0 to %c4 step %c1 iter_args(%a = %init) -> (vector<128x128xf32>) : i32 {
      %rolled = pallas.roll %a, %c1 axis 1 : vector<128x128xf32>
      %n = arith.addf %rolled, %p : vector<128x128xf32>
      scf.yield %n : vector<128x128xf32>
    }
    pallas.semaphore_signal %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %t = arith.truncf %acc : vector<128x128xf32> to vector<128x128xbf16>
    pallas.store %t, %o[] : vector<128x128xbf16>, memref<128x128xbf16>
  }
}
