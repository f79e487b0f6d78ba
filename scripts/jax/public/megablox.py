"""jax.experimental.pallas.ops.tpu.megablox.gmm: `gmm` and `tgmm`.

Both are called through the public, jitted entry points with their default
options (tiling (128, 128, 128), f32 output, no group_offset, no
existing_out, transpose_rhs=False). Each issues exactly one pallas_call; the
group metadata (group_offsets, group_ids, m_tile_ids), group_offset and the
number of active m tiles are computed from `group_sizes` by XLA ops outside
the kernel, so the grid's tile dimension is dynamic and the three metadata
arrays plus group_offset are scalar-prefetched.

Shapes: m = 512 rows split into 4 groups (the sizes are a runtime array),
k = n = 256, so every grid dimension other than the dynamic one has 2 blocks.
k and n are multiples of 128: no partial k tile (JAX's k_rem masking is only
traced when k % tk != 0, which would need blocks that overhang the array).
The partial m tiles of groups that start inside a tile are still handled by
the row masks computed from the prefetched metadata.
"""

import importlib

from tpu_kernels import bf16, i32, register, sds

# The package re-exports the differentiable `ops.gmm` under the name `gmm`,
# hiding the submodule that holds the kernels; fetch the module itself.
megablox = importlib.import_module(
    "jax.experimental.pallas.ops.tpu.megablox.gmm")

_M, _K, _N, _GROUPS = 512, 256, 256, 4


@register
def ops_megablox_gmm():
  """megablox gmm: out[rows of group g] = lhs[rows of group g] @ rhs[g].

  lhs bf16 (m, k), rhs bf16 (groups, k, n), group_sizes i32 (groups,);
  output f32 (m, n). Grid (n tiles, active m tiles (dynamic), k tiles).
  """
  def fn(lhs, rhs, group_sizes):
    return megablox.gmm(lhs, rhs, group_sizes)

  return fn, (sds((_M, _K), bf16), sds((_GROUPS, _K, _N), bf16),
              sds((_GROUPS,), i32))


@register
def ops_megablox_gmm_transpose_rhs():
  """megablox gmm with transpose_rhs=True: rhs is (groups, n, k) and each
  group's rows are multiplied by rhs[g]^T; the form gmm's backward pass uses
  for the lhs gradient. Shapes and other options as ops_megablox_gmm.
  """
  def fn(lhs, rhs, group_sizes):
    return megablox.gmm(lhs, rhs, group_sizes, transpose_rhs=True)

  return fn, (sds((_M, _K), bf16), sds((_GROUPS, _N, _K), bf16),
              sds((_GROUPS,), i32))


@register
def ops_megablox_tgmm():
  """megablox tgmm: out[g] = lhs[:, rows of group g] @ rhs[rows of group g].

  lhs bf16 (k, m) (transposed to (m, k) outside the kernel), rhs bf16 (m, n),
  group_sizes i32 (groups,); output f32 (groups, k, n). Grid (n tiles,
  k tiles, active m tiles (dynamic); empty groups are visited to zero their
  output).
  """
  def fn(lhs, rhs, group_sizes):
    return megablox.tgmm(lhs, rhs, group_sizes)

  return fn, (sds((_K, _M), bf16), sds((_M, _N), bf16), sds((_GROUPS,), i32))
