// fuzz: pass nvvm, class: signal 6
// from examples/gpu/gpu_run_scoped.mlir (mutant 112: symbol, delete_line, delete_line)
// Scoped allocations: x (a whole GMEM array) is copied by TMA into a shared
// buffer allocated by pallas.run_scoped with its own barrier, and x + 1 is
// written to the output block.
// Mirrors `gpu_run_scoped` in scripts/jax/gpu_kernels.py; JAX's lowering of
// it is test/Reference/GPU/gpu_run_scoped.mlir.
module {
  pallas.kernel @"x\"y"
      ins(%x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in gmem)
      outs(%o: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    pallas.run_scoped {
    ^bb0(%buf: memref<64x128xf32, #pallas.memory_space<shared>>,
         %bar: memref<!pallas.barrier, #pallas.memory_space<shared>>):
      %v = pallas.load %buf[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
      %one = arith.constant dense<1.0> : vector<64x128xf32>
      %r = arith.addf %v, %one : vector<64x128xf32>
      pallas.store %r, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
    }
  }
}
