// jax.experimental.pallas.ops.tpu.matmul.matmul with block_shape=(128, 128),
// block_k=128 on a 256x512 by 512x256 product: grid (i, j, k) = (2, 2, 4)
// with semantics (parallel, parallel, arbitrary) and an f32 VMEM accumulator
// that is zeroed at k == 0, gets x_blk @ y_blk added on every k step, and is
// written to the output block on every step (not only the last).
// f32 x f32 -> f32: the accumulator is stored as is.
// Mirrors `ops_matmul_f32` in scripts/jax/public/matmul.py; JAX's lowering of
// it is test/Reference/TPU/ops_matmul_f32.mlir.
module {
  pallas.kernel @ops_matmul_f32 grid(2, 2, 4) semantics(parallel, parallel, arbitrary)
      ins(%x: memref<256x512xf32> block [128, 128] map affine_map<(i, j, k) -> (i, k)>,
          %y: memref<512x256xf32> block [128, 128] map affine_map<(i, j, k) -> (k, j)>)
      outs(%o: memref<256x256xf32> block [128, 128] map affine_map<(i, j, k) -> (i, j)>)
      scratch(%acc: memref<128x128xf32, #pallas.memory_space<vmem>>) {
    %k = pallas.program_id 2
    %c0 = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : i32
    scf.if %first {
      %z = arith.constant dense<0.0> : vector<128x128xf32>
      pallas.store %z, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }
    %old = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    %a = pallas.load %x[] : memref<128x128xf32> -> vector<128x128xf32>
    %b = pallas.load %y[] : memref<128x128xf32> -> vector<128x128xf32>
    %p = pallas.dot %a, %b : vector<128x128xf32>, vector<128x128xf32> -> vector<128x128xf32>
    %new = arith.addf %old, %p : vector<128x128xf32>
    pallas.store %new, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    %r = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    pallas.store %r, %o[] : vector<128x128xf32>, memref<128x128xf32>
  }
}
