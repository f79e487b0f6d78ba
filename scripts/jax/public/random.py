"""jax.experimental.pallas.ops.tpu.random: the Threefry and Philox PRNG
kernels, called through their public random-bits functions (the `random_bits`
of the plthreefry / plphilox PRNG implementations).

Both use shape (300, 512): 300 rows are not a multiple of the ops' fixed
(256, 256) block, so the ops take their padding path: one pallas_call over
the padded (512, 512) array, grid (2, 2), whose kernel counts elements of
the unpadded 300x512 array (the slice back to 300 rows is outside the
kernel). The key is a uint32[2] array, passed to the kernel in SMEM.
"""

import jax.numpy as jnp
from jax.experimental.pallas.ops.tpu.random import philox, threefry

from tpu_kernels import register, sds

u32 = jnp.uint32
SHAPE = (300, 512)


@register
def ops_threefry_random_bits():
  """threefry.plthreefry_random_bits(key, 32, (300, 512)): one
  threefry_2x32_count pallas_call; its kernel hashes the counters with the
  threefry2x32 primitive (lowered inside a "threefry2x32" named scope)."""
  return (lambda key: threefry.plthreefry_random_bits(key, 32, SHAPE),
          (sds((2,), u32),))


@register
def ops_philox_random_bits():
  """philox.philox_random_bits(key, 32, (300, 512)): one philox_4x32_kernel
  pallas_call with fused output (o1 ^ o2) and offset 0 (a uint32[1] SMEM
  operand); the 10 Philox rounds are unrolled in Python."""
  return (lambda key: philox.philox_random_bits(key, 32, SHAPE),
          (sds((2,), u32),))
