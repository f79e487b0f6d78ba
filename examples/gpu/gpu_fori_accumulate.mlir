// A loop with a carried tile: the sum of the four 64x128 row slabs of the
// 256x128 input block, the accumulator an scf.for iter_arg (lax.fori_loop).
// Mirrors `gpu_fori_accumulate` in scripts/jax/gpu_kernels.py; JAX's lowering
// of it is test/Reference/GPU/gpu_fori_accumulate.mlir.
module {
  pallas.kernel @gpu_fori_accumulate
      ins(%x: memref<256x128xf32> block [256, 128] map affine_map<() -> (0, 0)> in shared)
      outs(%o: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : vector<64x128xf32>
    %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (vector<64x128xf32>) {
      %row = arith.muli %i, %c64 : index
      %slab = pallas.load %x[%row:64, 0:128] : memref<256x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
      %next = arith.addf %acc, %slab : vector<64x128xf32>
      scf.yield %next : vector<64x128xf32>
    }
    pallas.store %sum, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
  }
}
