"""jax.experimental.pallas.ops.tpu.example_kernel: `double`."""

from jax.experimental.pallas.ops.tpu import example_kernel

from tpu_kernels import f32, register, sds


@register
def ops_example_double():
  """example_kernel.double: a grid-less pallas_call, y = x * 2."""
  return example_kernel.double, (sds((8, 128), f32),)
