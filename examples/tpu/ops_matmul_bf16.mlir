// jax.experimental.pallas.ops.tpu.matmul.matmul with block_shape=(128, 128),
// block_k=128 on a 256x512 by 512x256 product: grid (i, j, k) = (2, 2, 4)
// with semantics (parallel, parallel, arbitrary) and an f32 VMEM accumulator
// that is zeroed at k == 0, gets x_blk @ y_blk added on every k step, and is
// written to the output block on every step (not only the last).
// bf16 x bf16 -> bf16: the dot accumulates in f32 and every step stores the
// accumulator truncated to bf16 (the output dtype defaults to the inputs').
// Mirrors `ops_matmul_bf16` in scripts/jax/public/matmul.py; JAX's lowering of
// it is test/Reference/TPU/ops_matmul_bf16.mlir.
module {
  pallas.kernel @ops_matmul_bf16 grid(2, 2, 4) semantics(parallel, parallel, arbitrary)
      ins(%x: memref<256x512xbf16> block [128, 128] map affine_map<(i, j, k) -> (i, k)>,
          %y: memref<512x256xbf16> block [128, 128] map affine_map<(i, j, k) -> (k, j)>)
      outs(%o: memref<256x256xbf16> block [128, 128] map affine_map<(i, j, k) -> (i, j)>)
      scratch(%acc: memref<128x128xf32, #pallas.memory_space<vmem>>) {
    %k = pallas.program_id 2
    %c0 = arith.constant 0 : i32
    %first = arith.cmpi eq, %k, %c0 : i32
    scf.if %first {
      %z = arith.constant dense<0.0> : vector<128x128xf32>
      pallas.store %z, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    }
    %old = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    %a = pallas.load %x[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %b = pallas.load %y[] : memref<128x128xbf16> -> vector<128x128xbf16>
    %p = pallas.dot %a, %b : vector<128x128xbf16>, vector<128x128xbf16> -> vector<128x128xf32>
    %new = arith.addf %old, %p : vector<128x128xf32>
    pallas.store %new, %acc[] : vector<128x128xf32>, memref<128x128xf32, #pallas.memory_space<vmem>>
    %r = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<vmem>> -> vector<128x128xf32>
    %rb = arith.truncf %r : vector<128x128xf32> to vector<128x128xbf16>
    pallas.store %rb, %o[] : vector<128x128xbf16>, memref<128x128xbf16>
  }
}
