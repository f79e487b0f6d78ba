// Data-dependent control flow: a while loop doubles a counter from 1 until it
// reaches the bound n[0] (read from a whole GMEM array), then a conditional
// picks x * 2 or x - 1 for the tile depending on the counter.
// Mirrors `gpu_while_cond` in scripts/jax/gpu_kernels.py; JAX's lowering of
// it is test/Reference/GPU/gpu_while_cond.mlir.
module {
  pallas.kernel @gpu_while_cond
      ins(%n: memref<1xi32> block [1] map affine_map<() -> (0)> in gmem,
          %x: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in shared)
      outs(%o: memref<128x128xf32> block [128, 128] map affine_map<() -> (0, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %bound = pallas.load %n[0] : memref<1xi32, #pallas.memory_space<gmem>> -> i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %c = scf.while (%v = %one) : (i32) -> i32 {
      %more = arith.cmpi slt, %v, %bound : i32
      scf.condition(%more) %v : i32
    } do {
    ^bb0(%v: i32):
      %d = arith.muli %v, %two : i32
      scf.yield %d : i32
    }
    %t = pallas.load %x[] : memref<128x128xf32, #pallas.memory_space<shared>> -> vector<128x128xf32>
    %c16 = arith.constant 16 : i32
    %big = arith.cmpi sgt, %c, %c16 : i32
    %r = scf.if %big -> (vector<128x128xf32>) {
      %k2 = arith.constant dense<2.0> : vector<128x128xf32>
      %m = arith.mulf %t, %k2 : vector<128x128xf32>
      scf.yield %m : vector<128x128xf32>
    } else {
      %k1 = arith.constant dense<1.0> : vector<128x128xf32>
      %s = arith.subf %t, %k1 : vector<128x128xf32>
      scf.yield %s : vector<128x128xf32>
    }
    pallas.store %r, %o[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<shared>>
  }
}
