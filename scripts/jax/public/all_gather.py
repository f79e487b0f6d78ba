"""jax.experimental.pallas.ops.tpu.all_gather: `all_gather`.

The public op runs its pallas_call inside shard_map over the mesh it is
given; here a 1-D mesh "x" of 4 fake CPU devices (tpu_kernels.NUM_DEVICES,
set up by dump_tpu_reference.py), with the default VMEM memory space. Each
device holds a (16, 128) f32 shard, so the two half-shards sent around the
ring in opposite directions are (8, 128) tiles; with 4 devices the kernel
runs 3 steps of two remote DMAs each (one pallas_call, collective_id 0).
"""

import jax
import numpy as np
from jax.experimental.pallas.ops.tpu import all_gather
from jax.sharding import Mesh

from tpu_kernels import NUM_DEVICES, f32, register, sds


@register
def ops_all_gather():
  """all_gather.all_gather(x, mesh=Mesh(4 devices, ("x",)), axis_name="x")
  on an f32[64, 128] array sharded by rows: (16, 128) per device."""
  n = NUM_DEVICES

  def fn(x):
    mesh = Mesh(np.array(jax.devices()[:n]), ("x",))
    return all_gather.all_gather(x, mesh=mesh, axis_name="x")

  return fn, (sds((n * 16, 128), f32),)
