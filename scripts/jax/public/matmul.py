"""jax.experimental.pallas.ops.tpu.matmul: `matmul`.

The public op is one pallas_call over the grid (M/bm, N/bn, K/bk) with an
f32 VMEM accumulator (zeroed at k == 0, written to the output block on every
k step, cast to the output dtype). Both builders use block_shape=(128, 128)
and block_k=128 on K = 512, so the k axis ("arbitrary") has 4 steps and the
accumulation across steps is exercised.
"""

import functools

from jax.experimental.pallas.ops.tpu import matmul

from tpu_kernels import bf16, f32, register, sds


def _matmul(dtype):
  fn = functools.partial(matmul.matmul, block_shape=(128, 128), block_k=128)
  return fn, (sds((256, 512), dtype), sds((512, 256), dtype))


@register
def ops_matmul_f32():
  """matmul.matmul on f32: f32 x f32 -> f32, grid (2, 2, 4); the store of
  the accumulator needs no cast."""
  return _matmul(f32)


@register
def ops_matmul_bf16():
  """matmul.matmul on bf16: bf16 x bf16 dot with an f32 accumulator, the
  output dtype defaults to bf16, so every step stores the accumulator
  truncated to bf16 (the feature the f32 variant lacks)."""
  return _matmul(bf16)
