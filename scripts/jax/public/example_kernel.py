"""jax.experimental.pallas.ops.tpu.example_kernel: `double`."""

from jax.experimental.pallas.ops.tpu import example_kernel

from tpu_kernels import f32, register, sds


@register
def ops_example_double():
  """example_kernel.double: a grid-less pallas_call, y = x * 2."""
  # A fresh function per call: jit caches the lowering of a function it has
  # seen, which would hide the lowering time from bench/tpu_lowering.py.
  return (lambda x: example_kernel.double(x)), (sds((8, 128), f32),)
