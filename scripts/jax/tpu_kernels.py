"""Pallas TPU kernels whose Mosaic lowering by JAX 0.10.2 is our reference.

Every entry of KERNELS maps a name (the same as examples/tpu/<name>.mlir and
test/Reference/TPU/<name>.mlir) to a builder returning `(fn, args)`: a
function that calls `pl.pallas_call` (directly, or inside `shard_map` for the
kernels that communicate) and example arguments as `jax.ShapeDtypeStruct`s.
Nothing here runs a kernel; scripts/jax/dump_tpu_reference.py only lowers
them for the TPU platform on a CPU-only host.

The first five mirror the kernels of the shared reference set; the others
are small versions of real Pallas TPU kernels (flash attention, layer norm,
int8 matmul, paged attention, megablox grouped matmul, a ring all-gather)
and of individual features of the TPU lowering (squeezed and element block
dims, Buffered(1) operands, iota/where, bf16 reductions, concatenate and
named scopes). Shapes are kept small; they satisfy the TPU (8, 128) block
rule so that Mosaic could compile them.
"""

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

f32, bf16, i32, i8 = jnp.float32, jnp.bfloat16, jnp.int32, jnp.int8

KERNELS = {}

# Number of (fake) devices the communicating kernels need. The dump script
# sets XLA_FLAGS=--xla_force_host_platform_device_count accordingly before
# importing jax.
NUM_DEVICES = 4


def register(fn):
  KERNELS[fn.__name__] = fn
  return fn


def sds(shape, dtype):
  return jax.ShapeDtypeStruct(shape, dtype)


def params(*semantics, **kw):
  return pltpu.CompilerParams(dimension_semantics=semantics or None, **kw)


# --------------------------------------------------------------------------
# The five kernels of the shared reference set.
# --------------------------------------------------------------------------

@register
def tpu_add_grid():
  """Elementwise add over a 1-D grid of (8, 128) row blocks."""
  def kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]

  def fn(x, y):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.pallas_call(
        kernel, grid=(x.shape[0] // 8,), in_specs=[spec, spec], out_specs=spec,
        out_shape=sds(x.shape, x.dtype),
        compiler_params=params("parallel"))(x, y)

  return fn, (sds((64, 128), f32), sds((64, 128), f32))


@register
def tpu_matmul_blocked():
  """bf16 x bf16 -> f32 blocked matmul, f32 accumulator over the k axis."""
  bm = bn = bk = 128

  def kernel(x_ref, y_ref, o_ref, acc_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
      acc_ref[...] = jnp.zeros(acc_ref.shape, f32)

    acc_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=f32)

    @pl.when(pl.program_id(2) == pl.num_programs(2) - 1)
    def _():
      o_ref[...] = acc_ref[...].astype(o_ref.dtype)

  def fn(x, y):
    (m, k), n = x.shape, y.shape[1]
    return pl.pallas_call(
        kernel, grid=(m // bm, n // bn, k // bk),
        in_specs=[pl.BlockSpec((bm, bk), lambda i, j, kk: (i, kk)),
                  pl.BlockSpec((bk, bn), lambda i, j, kk: (kk, j))],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j, kk: (i, j)),
        out_shape=sds((m, n), f32),
        scratch_shapes=[pltpu.VMEM((bm, bn), f32)],
        compiler_params=params("parallel", "parallel", "arbitrary"))(x, y)

  return fn, (sds((256, 512), bf16), sds((512, 384), bf16))


@register
def tpu_attention_misc():
  """q @ k^T, softmax with an approximate reciprocal, a fori_loop of rolls,
  and a REGULAR semaphore signal/wait; bf16 in and out."""
  def kernel(q_ref, k_ref, o_ref, sem):
    s = lax.dot_general(q_ref[...], k_ref[...], (((1,), (1,)), ((), ())),
                        preferred_element_type=f32)
    p = jnp.exp(s - jnp.max(s, axis=-1, keepdims=True))
    p = p * pl.reciprocal(jnp.sum(p, axis=-1, keepdims=True), approx=True)
    acc = lax.fori_loop(0, 4, lambda _, a: pltpu.roll(a, shift=1, axis=1) + p,
                        jnp.zeros_like(p))
    pl.semaphore_signal(sem, 1)
    pl.semaphore_wait(sem, 1)
    o_ref[...] = acc.astype(o_ref.dtype)

  def fn(q, k):
    return pl.pallas_call(
        kernel, grid=(q.shape[0] // 128,),
        in_specs=[pl.BlockSpec((128, 128), lambda i: (i, 0)),
                  pl.BlockSpec((128, 128), lambda i: (0, 0))],
        out_specs=pl.BlockSpec((128, 128), lambda i: (i, 0)),
        out_shape=sds((q.shape[0], k.shape[0]), bf16),
        scratch_shapes=[pltpu.SemaphoreType.REGULAR],
        compiler_params=params("parallel"))(q, k)

  return fn, (sds((256, 128), bf16), sds((128, 128), bf16))


@register
def tpu_manual_dma():
  """No grid; HBM (ANY) input and output, a VMEM buffer and two DMA
  semaphores: copy rows 0:8 in, double them, copy them back out."""
  def kernel(x_hbm, o_hbm, buf, sems):
    cp_in = pltpu.make_async_copy(x_hbm.at[pl.ds(0, 8)], buf, sems.at[0])
    cp_in.start()
    cp_in.wait()
    buf[...] = buf[...] * 2.0
    cp_out = pltpu.make_async_copy(buf, o_hbm.at[pl.ds(0, 8)], sems.at[1])
    cp_out.start()
    cp_out.wait()

  def fn(x):
    return pl.pallas_call(
        kernel, in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        out_shape=sds(x.shape, x.dtype),
        scratch_shapes=[pltpu.VMEM((8, 128), f32),
                        pltpu.SemaphoreType.DMA((2,))])(x)

  return fn, (sds((16, 128), f32),)


@register
def tpu_scalar_prefetch_reduce():
  """PrefetchScalarGridSpec: the input row block comes from an SMEM table;
  row sums, iota == table entry, where(..., sum, relu(x))."""
  def kernel(idx_ref, x_ref, o_ref):
    x = x_ref[...]
    total = jnp.sum(x, axis=1, keepdims=True)
    col = lax.broadcasted_iota(i32, x.shape, 1)
    o_ref[...] = jnp.where(col == idx_ref[pl.program_id(0)], total,
                           jnp.maximum(x, 0.0))

  def fn(idx, x):
    return pl.pallas_call(
        kernel, out_shape=sds(x.shape, x.dtype),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1, grid=(x.shape[0] // 8,),
            in_specs=[pl.BlockSpec((8, 128), lambda i, idx: (idx[i], 0))],
            out_specs=pl.BlockSpec((8, 128), lambda i, idx: (i, 0))))(idx, x)

  return fn, (sds((4,), i32), sds((32, 128), f32))


# --------------------------------------------------------------------------
# Real Pallas TPU kernels, reduced.
# --------------------------------------------------------------------------

@register
def tpu_flash_attention():
  """Flash attention forward (jax.experimental.pallas.ops.tpu.flash_attention
  style): grid (batch, q blocks, kv blocks), online softmax with m/l scratch
  of 128 lanes and an f32 accumulator, init at kv == 0, normalise with an
  approximate reciprocal at the last kv block. Batch dim squeezed."""
  bq, bk, d = 128, 128, 128
  scale = 1.0 / math.sqrt(d)

  def kernel(q_ref, k_ref, v_ref, o_ref, m_sc, l_sc, acc_sc):
    kv = pl.program_id(2)

    @pl.when(kv == 0)
    def _():
      m_sc[...] = jnp.full(m_sc.shape, -jnp.inf, f32)
      l_sc[...] = jnp.zeros(l_sc.shape, f32)
      acc_sc[...] = jnp.zeros(acc_sc.shape, f32)

    s = lax.dot_general(q_ref[...], k_ref[...], (((1,), (1,)), ((), ())),
                        preferred_element_type=f32) * scale
    m_prev = m_sc[...]
    l_prev = l_sc[...]
    m_next = jnp.maximum(m_prev, jnp.max(s, axis=1, keepdims=True))
    alpha = jnp.exp(m_prev - m_next)
    p = jnp.exp(s - m_next)
    l_sc[...] = alpha * l_prev + jnp.sum(p, axis=1, keepdims=True)
    m_sc[...] = m_next
    pv = jnp.dot(p.astype(v_ref.dtype), v_ref[...], preferred_element_type=f32)
    acc_sc[...] = acc_sc[...] * alpha + pv

    @pl.when(kv == pl.num_programs(2) - 1)
    def _():
      inv = pl.reciprocal(l_sc[...], approx=True)
      o_ref[...] = (acc_sc[...] * inv).astype(o_ref.dtype)

  def fn(q, k, v):
    b, s, _ = q.shape
    q_spec = pl.BlockSpec((None, bq, d), lambda bi, qi, ki: (bi, qi, 0))
    kv_spec = pl.BlockSpec((None, bk, d), lambda bi, qi, ki: (bi, ki, 0))
    return pl.pallas_call(
        kernel, grid=(b, s // bq, s // bk),
        in_specs=[q_spec, kv_spec, kv_spec], out_specs=q_spec,
        out_shape=sds(q.shape, q.dtype),
        scratch_shapes=[pltpu.VMEM((bq, 128), f32), pltpu.VMEM((bq, 128), f32),
                        pltpu.VMEM((bq, d), f32)],
        compiler_params=params("parallel", "parallel", "arbitrary"))(q, k, v)

  x = sds((2, 256, d), bf16)
  return fn, (x, x, x)


@register
def tpu_layer_norm():
  """Layer norm over the last dim: row mean and variance, rsqrt, scale and
  shift by (1, 256) gamma/beta whose window is the whole array."""
  eps = 1e-5

  def kernel(x_ref, g_ref, b_ref, o_ref):
    x = x_ref[...]
    mean = jnp.mean(x, axis=1, keepdims=True)
    xc = x - mean
    var = jnp.mean(xc * xc, axis=1, keepdims=True)
    o_ref[...] = xc * lax.rsqrt(var + eps) * g_ref[...] + b_ref[...]

  def fn(x, g, b):
    row = pl.BlockSpec((8, 256), lambda i: (i, 0))
    vec = pl.BlockSpec((1, 256), lambda i: (0, 0))
    return pl.pallas_call(
        kernel, grid=(x.shape[0] // 8,), in_specs=[row, vec, vec],
        out_specs=row, out_shape=sds(x.shape, x.dtype),
        compiler_params=params("parallel"))(x, g, b)

  return fn, (sds((64, 256), f32), sds((1, 256), f32), sds((1, 256), f32))


@register
def tpu_int8_matmul():
  """int8 x int8 -> int32 blocked matmul with an int32 accumulator scratch
  (the quantized matmul pattern)."""
  bm = bn = bk = 128

  def kernel(x_ref, y_ref, o_ref, acc_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
      acc_ref[...] = jnp.zeros(acc_ref.shape, i32)

    acc_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=i32)

    @pl.when(pl.program_id(2) == pl.num_programs(2) - 1)
    def _():
      o_ref[...] = acc_ref[...]

  def fn(x, y):
    (m, k), n = x.shape, y.shape[1]
    return pl.pallas_call(
        kernel, grid=(m // bm, n // bn, k // bk),
        in_specs=[pl.BlockSpec((bm, bk), lambda i, j, kk: (i, kk)),
                  pl.BlockSpec((bk, bn), lambda i, j, kk: (kk, j))],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j, kk: (i, j)),
        out_shape=sds((m, n), i32),
        scratch_shapes=[pltpu.VMEM((bm, bn), i32)],
        compiler_params=params("parallel", "parallel", "arbitrary"))(x, y)

  return fn, (sds((256, 256), i8), sds((256, 256), i8))


@register
def tpu_paged_attention():
  """Paged attention (ops.tpu.paged_attention style): scalar-prefetched
  sequence lengths and a flat page table; K/V pages stay in HBM (ANY) and
  the page of each grid step is copied to VMEM with DMAs whose source index
  is read from the page table; scores past the sequence length are masked
  with iota/where; the output block (batch dim squeezed) accumulates."""
  pages_per_seq, page, d = 2, 128, 128

  def kernel(lens_ref, table_ref, q_ref, k_hbm, v_hbm, o_ref, k_buf, v_buf, sems):
    seq, p = pl.program_id(0), pl.program_id(1)
    page_id = table_ref[seq * pages_per_seq + p]
    k_cp = pltpu.make_async_copy(k_hbm.at[page_id], k_buf, sems.at[0])
    v_cp = pltpu.make_async_copy(v_hbm.at[page_id], v_buf, sems.at[1])
    k_cp.start()
    v_cp.start()

    @pl.when(p == 0)
    def _():
      o_ref[...] = jnp.zeros(o_ref.shape, f32)

    k_cp.wait()
    s = lax.dot_general(q_ref[...], k_buf[...], (((1,), (1,)), ((), ())),
                        preferred_element_type=f32)
    pos = p * page + lax.broadcasted_iota(i32, s.shape, 1)
    s = jnp.where(pos < lens_ref[seq], s, -jnp.inf)
    w = jnp.exp(s - jnp.max(s, axis=1, keepdims=True))
    v_cp.wait()
    o_ref[...] += jnp.dot(w, v_buf[...], preferred_element_type=f32)

  def fn(lens, table, q, k_pages, v_pages):
    nseq = q.shape[0]
    q_spec = pl.BlockSpec((None, 8, d), lambda s, p, lens, table: (s, 0, 0))
    hbm = pl.BlockSpec(memory_space=pl.ANY)
    return pl.pallas_call(
        kernel, out_shape=sds(q.shape, f32),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=2, grid=(nseq, pages_per_seq),
            in_specs=[q_spec, hbm, hbm], out_specs=q_spec,
            scratch_shapes=[pltpu.VMEM((page, d), f32),
                            pltpu.VMEM((page, d), f32),
                            pltpu.SemaphoreType.DMA((2,))]),
        compiler_params=params("parallel", "arbitrary"),
    )(lens, table, q, k_pages, v_pages)

  pages = sds((8, page, d), f32)
  return fn, (sds((4,), i32), sds((4 * pages_per_seq,), i32),
              sds((4, 8, d), f32), pages, pages)


@register
def tpu_grouped_matmul():
  """Megablox-style grouped matmul (ops.tpu.megablox gmm): the row tile and
  the expert (group) of each grid step come from scalar-prefetched tables
  used by the index maps; the rhs is (groups, k, n) with the group dim
  squeezed; f32 accumulator over k."""
  tm = tk = tn = 128

  def kernel(group_ids, tile_ids, lhs_ref, rhs_ref, o_ref, acc_ref):
    kk = pl.program_id(2)

    @pl.when(kk == 0)
    def _():
      acc_ref[...] = jnp.zeros(acc_ref.shape, f32)

    acc_ref[...] += jnp.dot(lhs_ref[...], rhs_ref[...],
                            preferred_element_type=f32)

    @pl.when(kk == pl.num_programs(2) - 1)
    def _():
      o_ref[...] = acc_ref[...].astype(o_ref.dtype)

  def fn(group_ids, tile_ids, lhs, rhs):
    (m, k), n = lhs.shape, rhs.shape[2]
    ntiles = group_ids.shape[0]
    return pl.pallas_call(
        kernel, out_shape=sds((m, n), bf16),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=2, grid=(ntiles, n // tn, k // tk),
            in_specs=[
                pl.BlockSpec((tm, tk), lambda t, j, kk, g, r: (r[t], kk)),
                pl.BlockSpec((None, tk, tn),
                             lambda t, j, kk, g, r: (g[t], kk, j)),
            ],
            out_specs=pl.BlockSpec((tm, tn), lambda t, j, kk, g, r: (r[t], j)),
            scratch_shapes=[pltpu.VMEM((tm, tn), f32)]),
        compiler_params=params("arbitrary", "parallel", "arbitrary"),
    )(group_ids, tile_ids, lhs, rhs)

  return fn, (sds((4,), i32), sds((4,), i32), sds((512, 256), bf16),
              sds((3, 256, 256), bf16))


@register
def tpu_ring_allgather():
  """Ring all-gather over a 1-D device mesh "x" of 4 devices (shard_map):
  barrier handshake with the right neighbour through the kernel's barrier
  semaphore, then 3 steps of remote DMA of one slot of the VMEM output to
  the right neighbour with send/recv DMA semaphores."""
  n = NUM_DEVICES

  def kernel(x_ref, o_ref, send_sem, recv_sem):
    me = lax.axis_index("x")
    right = lax.rem(me + 1, n)
    left = lax.rem(me + n - 1, n)
    barrier = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier, 1, device_id=(left,),
                        device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_signal(barrier, 1, device_id=(right,),
                        device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_wait(barrier, 2)
    o_ref[me] = x_ref[...]

    def step(i, carry):
      slot = lax.rem(me - i + n, n)
      cp = pltpu.make_async_remote_copy(
          o_ref.at[slot], o_ref.at[slot], send_sem, recv_sem,
          device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
      cp.start()
      cp.wait()
      return carry

    lax.fori_loop(0, n - 1, step, 0)

  def kernel_call(x):
    vmem = pl.BlockSpec(memory_space=pltpu.VMEM)
    return pl.pallas_call(
        kernel, in_specs=[vmem], out_specs=vmem,
        out_shape=sds((n,) + x.shape, x.dtype),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        compiler_params=params(collective_id=0))(x)

  def fn(x):
    from jax.sharding import Mesh, PartitionSpec as P
    mesh = Mesh(np.array(jax.devices()[:n]), ("x",))
    return jax.shard_map(kernel_call, mesh=mesh, in_specs=P("x"),
                         out_specs=P("x"), check_vma=False)(x)

  return fn, (sds((n * 8, 128), f32),)


# --------------------------------------------------------------------------
# Individual lowering features.
# --------------------------------------------------------------------------

@register
def tpu_squeezed_batch():
  """Squeezed leading block dims (None and pl.Squeezed()): per (batch, row
  block) x * 2 + the column sums of the block (a sublane reduction)."""
  def kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = x * 2.0 + jnp.sum(x, axis=0, keepdims=True)

  def fn(x):
    b, s, d = x.shape
    return pl.pallas_call(
        kernel, grid=(b, s // 8),
        in_specs=[pl.BlockSpec((None, 8, d), lambda bi, i: (bi, i, 0))],
        out_specs=pl.BlockSpec((pl.Squeezed(), 8, d), lambda bi, i: (bi, i, 0)),
        out_shape=sds(x.shape, x.dtype),
        compiler_params=params("parallel", "parallel"))(x)

  return fn, (sds((4, 16, 128), f32),)


@register
def tpu_element_window():
  """Element block dims with padding (window_kind = element_window): a
  3-row stencil; the input window of 16 rows starts at element offset
  8 * i of the array padded by 4 rows on both sides."""
  def kernel(x_ref, o_ref):
    up = x_ref[pl.ds(3, 8), :]
    mid = x_ref[pl.ds(4, 8), :]
    down = x_ref[pl.ds(5, 8), :]
    o_ref[...] = (up + mid + down) * (1.0 / 3.0)

  def fn(x):
    return pl.pallas_call(
        kernel, grid=(x.shape[0] // 8,),
        in_specs=[pl.BlockSpec((pl.Element(16, (4, 4)), pl.Element(128)),
                               lambda i: (i * 8, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
        out_shape=sds(x.shape, x.dtype),
        compiler_params=params("parallel"))(x)

  return fn, (sds((64, 128), f32),)


@register
def tpu_buffered_weights():
  """Dense layer relu(x @ w + b) over a (rows, cols) grid; the weight column
  block is single-buffered (pl.Buffered(1) -> synchronous), the bias block
  explicitly double-buffered (pl.Buffered(2) -> double_buffered)."""
  def kernel(x_ref, w_ref, b_ref, o_ref):
    y = jnp.dot(x_ref[...], w_ref[...], preferred_element_type=f32)
    o_ref[...] = jnp.maximum(y + b_ref[...], 0.0)

  def fn(x, w, b):
    m, k = x.shape
    n = w.shape[1]
    return pl.pallas_call(
        kernel, grid=(m // 8, n // 128),
        in_specs=[
            pl.BlockSpec((8, k), lambda i, j: (i, 0)),
            pl.BlockSpec((k, 128), lambda i, j: (0, j),
                         pipeline_mode=pl.Buffered(1)),
            pl.BlockSpec((1, 128), lambda i, j: (0, j),
                         pipeline_mode=pl.Buffered(2)),
        ],
        out_specs=pl.BlockSpec((8, 128), lambda i, j: (i, j)),
        out_shape=sds((m, n), f32),
        compiler_params=params("parallel", "parallel"))(x, w, b)

  return fn, (sds((64, 256), bf16), sds((256, 512), bf16), sds((1, 512), f32))


@register
def tpu_bf16_masked_max():
  """bf16 row max over the first 200 columns (iota < 200, where to -inf),
  broadcast to a (8, 128) output block; lax.select clamps negatives to 0."""
  def kernel(x_ref, o_ref):
    x = x_ref[...]
    col = lax.broadcasted_iota(i32, x.shape, 1)
    masked = jnp.where(col < 200, x, jnp.array(-jnp.inf, bf16))
    m = jnp.max(masked, axis=1, keepdims=True)
    out = jnp.broadcast_to(m, o_ref.shape)
    o_ref[...] = lax.select(out > 0, out, jnp.zeros_like(out))

  def fn(x):
    return pl.pallas_call(
        kernel, grid=(x.shape[0] // 8,),
        in_specs=[pl.BlockSpec((8, 256), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
        out_shape=sds((x.shape[0], 128), bf16),
        compiler_params=params("parallel"))(x)

  return fn, (sds((32, 256), bf16),)


@register
def tpu_concat_named_scope():
  """jnp.concatenate of a block with its scaled copy along the lanes; the
  scaling runs inside jax.named_scope("scale") (tpu.trace_start/stop)."""
  def kernel(x_ref, o_ref):
    x = x_ref[...]
    with jax.named_scope("scale"):
      y = x * 2.0
    o_ref[...] = jnp.concatenate([x, y], axis=1)

  def fn(x):
    return pl.pallas_call(
        kernel, grid=(x.shape[0] // 8,),
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, 256), lambda i: (i, 0)),
        out_shape=sds((x.shape[0], 256), x.dtype),
        compiler_params=params("parallel"))(x)

  return fn, (sds((16, 128), f32),)


@register
def tpu_pipeline_modes():
  """Pipeline modes of windows: a whole-array SMEM window (no pipeline mode:
  JAX forces single buffering only in VMEM), a whole-array VMEM window that
  asks for Buffered(2) (forced to single buffering), a moving window with
  Buffered(1), and an output with Buffered(1, revisit=ANY)."""
  def kernel(s_ref, w_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] * w_ref[...] + s_ref[0, 0]

  def fn(s, w, x):
    return pl.pallas_call(
        kernel, grid=(x.shape[0] // 8,),
        in_specs=[
            pl.BlockSpec((1, 1), lambda i: (0, 0), memory_space=pltpu.SMEM),
            pl.BlockSpec((8, 128), lambda i: (0, 0), pipeline_mode=pl.Buffered(2)),
            pl.BlockSpec((8, 128), lambda i: (i, 0), pipeline_mode=pl.Buffered(1)),
        ],
        out_specs=pl.BlockSpec(
            (8, 128), lambda i: (i, 0),
            pipeline_mode=pl.Buffered(1, revisit=pl.RevisitMode.ANY)),
        out_shape=sds(x.shape, f32),
        compiler_params=params("arbitrary"))(s, w, x)

  return fn, (sds((1, 1), f32), sds((8, 128), f32), sds((32, 128), f32))


@register
def tpu_oversized_block():
  """Block dims larger than the array dims (JAX pads the window): a
  (None, 4, None, 128) output block on an f32[2, 8, 1, 1] array, over a
  (2, 2) grid; the kernel writes its row/column ids into every element."""
  def kernel(o_ref):
    b = pl.program_id(0).astype(f32)
    h = pl.program_id(1).astype(f32)
    o_ref[...] = jnp.full(o_ref.shape, b * 10.0 + h, f32)

  def fn():
    return pl.pallas_call(
        kernel, grid=(2, 2),
        out_specs=pl.BlockSpec((None, 4, None, 128), lambda b, h: (b, h, 0, 0)),
        out_shape=sds((2, 8, 1, 1), f32),
        compiler_params=params("parallel", "parallel"))()

  return fn, ()


@register
def tpu_dma_slice_chain():
  """One ref view built in two steps, x.at[p].at[8:16], feeding two DMAs
  (and their waits): JAX re-applies the whole chain of transforms at every
  use, so each DMA slices and squeezes x itself."""
  def kernel(x_hbm, o_ref, buf, buf2, sems):
    p = pl.program_id(0)
    src = x_hbm.at[p].at[pl.ds(8, 8)]
    first = pltpu.make_async_copy(src, buf, sems.at[0])
    second = pltpu.make_async_copy(src, buf2, sems.at[1])
    first.start()
    second.start()
    first.wait()
    second.wait()
    o_ref[...] = buf[...] + buf2[...]

  def fn(x):
    return pl.pallas_call(
        kernel, grid=(x.shape[0],),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
        out_shape=sds((x.shape[0] * 8, 128), f32),
        scratch_shapes=[pltpu.VMEM((8, 128), f32), pltpu.VMEM((8, 128), f32),
                        pltpu.SemaphoreType.DMA((2,))],
        compiler_params=params("arbitrary"))(x)

  return fn, (sds((4, 16, 128), f32),)


@register
def tpu_uint32_shift():
  """uint32 arrays: Mosaic sees signless i32 refs; the kernel's unsigned
  semantics are in its ops (a logical right shift)."""
  def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] >> jnp.uint32(4)

  def fn(x):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.pallas_call(
        kernel, grid=(x.shape[0] // 8,), in_specs=[spec], out_specs=spec,
        out_shape=sds(x.shape, x.dtype),
        compiler_params=params("parallel"))(x)

  return fn, (sds((16, 128), jnp.uint32),)


@register
def tpu_unrolled_loops():
  """Unrolled loops (issue 9): lax.fori_loop over 4 row blocks with
  unroll=True (4 straight-line copies), unroll=2 (a loop stepping 2 with 2
  copies of a matmul carried through it) and unroll=3 (a loop with 3 copies,
  then one straight-line remainder copy; two carries), pl.loop(0, 4, step=2,
  unroll=True), and a fori_loop whose trip count is read from SMEM (JAX
  lowers it as a loop plus a remainder loop). Every copy stores, so the
  number of copies shows in the tpu ops."""
  def kernel(n_ref, x_ref, w_ref, o_ref, s_ref):
    def running_sum(i, acc):
      acc = acc + x_ref[pl.ds(i * 8, 8), :]
      o_ref[pl.ds(i * 8, 8), :] = acc
      return acc
    total = lax.fori_loop(0, 4, running_sum, jnp.zeros((8, 128), f32),
                          unroll=True)

    def chain(i, h):
      return (jnp.dot(h, w_ref[...], preferred_element_type=f32)
              + x_ref[pl.ds(i * 8, 8), :])
    h = lax.fori_loop(0, 4, chain, total, unroll=2)

    def sum_and_max(i, carry):
      a, b = carry
      row = x_ref[pl.ds(i * 8, 8), :]
      s_ref[pl.ds(i * 8, 8), :] = a
      return a + row, jnp.maximum(b, row)
    a, b = lax.fori_loop(0, 4, sum_and_max, (h, jnp.full((8, 128), -1.0, f32)),
                         unroll=3)

    @pl.loop(0, 4, step=2, unroll=True)
    def _(i):
      o_ref[pl.ds(i * 8, 8), :] = o_ref[pl.ds(i * 8, 8), :] * 2.0

    def scale_rows(i, c):
      s_ref[pl.ds(i * 8, 8), :] = s_ref[pl.ds(i * 8, 8), :] * c
      return c + 1.0
    c = lax.fori_loop(0, n_ref[0], scale_rows, a + b)
    o_ref[pl.ds(0, 8), :] = c

  def fn(n, x, w):
    whole = lambda i, n_ref: (0, 0)
    return pl.pallas_call(
        kernel,
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1, grid=(1,),
            in_specs=[pl.BlockSpec((32, 128), whole),
                      pl.BlockSpec((128, 128), whole)],
            out_specs=[pl.BlockSpec((32, 128), whole),
                       pl.BlockSpec((32, 128), whole)]),
        out_shape=[sds((32, 128), f32), sds((32, 128), f32)],
        compiler_params=params("arbitrary"))(n, x, w)

  return fn, (sds((1,), i32), sds((32, 128), f32), sds((128, 128), f32))


# --------------------------------------------------------------------------
# The kernels of jax.experimental.pallas.ops.tpu (issue 9): one module per
# kernel family under scripts/jax/public/, each registering its builders
# with `register` above. Their names start with `ops_`; their pallas twins
# are examples/tpu/ops_*.mlir.
# --------------------------------------------------------------------------

def _load_public_kernels():
  import importlib
  import os
  import sys
  here = os.path.dirname(os.path.abspath(__file__))
  if here not in sys.path:
    sys.path.insert(0, here)
  public = os.path.join(here, "public")
  for entry in sorted(os.listdir(public)):
    if entry.endswith(".py") and not entry.startswith("_"):
      importlib.import_module(f"public.{entry[:-3]}")


_load_public_kernels()


# --------------------------------------------------------------------------
# Ref transforms (issue 9 item 4): ref.reshape(...) and ref.bitcast(dtype).
# --------------------------------------------------------------------------

@register
def tpu_ref_reshape_bitcast():
  """Ragged paged attention's K/V read (`strided_load_kv` for bf16): each
  grid step DMAs one block of pages of combined K/V heads from HBM into a
  VMEM buffer, views the buffer as rows (`ref.reshape`), then as uint32
  (`ref.bitcast`: two bf16 rows per word) and reads each K/V head pair with
  a strided slice `b_ref[h::2, :]` (tpu.strided_load); K is the low half of
  each word, V the high half (`pltpu.bitcast` to f32). The results are
  stored through a reshape of the output block, whose leading block dim is
  squeezed."""
  pages, page_size, heads, dim = 2, 8, 4, 128   # heads: 2 K/V pairs
  rows = pages * page_size * heads

  def kernel(kv_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(kv_hbm.at[pl.program_id(0)], buf, sem)
    copy.start()
    copy.wait()
    b_ref = buf.reshape(rows, dim).bitcast(jnp.uint32)
    out = o_ref.reshape(heads // 2, 2, rows // heads, dim)
    for h in range(heads // 2):
      b = b_ref[h::heads // 2, :]
      out[h, 0] = pltpu.bitcast(b << 16, f32)
      out[h, 1] = pltpu.bitcast(b & jnp.uint32(0xFFFF0000), f32)

  def fn(kv):
    return pl.pallas_call(
        kernel, grid=(kv.shape[0],),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec((None, rows, dim), lambda i: (i, 0, 0)),
        out_shape=sds((kv.shape[0], rows, dim), f32),
        scratch_shapes=[pltpu.VMEM((pages, page_size, heads, dim), bf16),
                        pltpu.SemaphoreType.DMA],
        compiler_params=params("arbitrary"))(kv)

  return fn, (sds((2, pages, page_size, heads, dim), bf16),)
