"""Pallas SparseCore kernels whose Mosaic lowering by JAX 0.10.2 is our reference.

Every entry of KERNELS maps a name (the same as test/Reference/SparseCore/
<name>.mlir) to a builder returning `(fn, args)`: a function that runs a
SparseCore mesh kernel (`pl.kernel` over a `plsc.VectorSubcoreMesh` or
`plsc.ScalarSubcoreMesh`) and example arguments as `jax.ShapeDtypeStruct`s.
Nothing here runs a kernel; scripts/jax/dump_tpu_reference.py lowers them for
the TPU platform on a CPU-only host.

JAX 0.10.2 reaches SparseCore only through mesh kernels (`pallas_call` always
lowers for the TensorCore), so every kernel here is a `pl.kernel`: HBM
operands, no grid or BlockSpecs, the mesh axes as the leading i32 arguments
of the Mosaic function. Building a SparseCore mesh queries the TPU chip, so
the dump script fakes one (`fake_chip`, a TPU v5p: 8 f32 lanes per vector
subcore, 16 subcores per core) before building these kernels; the patch
lasts for the rest of the process.

The kernels are small versions of what real Pallas SparseCore code does:
DMAs between HBM and TileSPMEM (VMEM), gathers and scatter-adds through
indirect DMAs (`ref.at[indices]`), embedding-bag lookups, segment sums with
indexed vector stores, the cross-lane sort/scan units (`lax.sort`,
`jnp.cumsum`, `plsc.cumsum`, `plsc.sort_key_val`), indexed vector loads,
parallel loops, VMEM_SHARED with a subcore barrier, and a scalar-subcore
kernel working on SMEM.
"""

import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.pallas import tpu_sc as plsc

f32, i32 = jnp.float32, jnp.int32

KERNELS = {}

# The faked chip: SparseCore geometry of a TPU v5p (tpu_info), one core used.
CHIP = "TPU v5p"
LANES = 8          # f32/i32 lanes of a v5p vector subcore
NUM_SUBCORES = 16  # vector subcores per SparseCore


def fake_chip(kind=CHIP, cores=1):
  """Makes tpu_info report a TPU chip (needed to build SparseCore meshes on a
  CPU-only host). Persists for the rest of the process."""
  from jax._src.pallas.mosaic import tpu_info
  tpu_info.get_device_kind = lambda: kind
  tpu_info.get_num_device_cores = lambda: cores


def register(fn):
  KERNELS[fn.__name__] = fn
  return fn


def sds(shape, dtype):
  return jax.ShapeDtypeStruct(shape, dtype)


def vector_mesh(num_cores=1):
  return plsc.VectorSubcoreMesh(core_axis_name="core",
                                subcore_axis_name="subcore",
                                num_cores=num_cores)


@register
def sc_vector_add():
  """The shared reference set's SparseCore kernel: copy 8 lanes of x and y
  HBM -> VMEM (sync_copy), add, copy back to HBM."""
  mesh = vector_mesh()

  def fn(x, y):
    @pl.kernel(out_type=sds(x.shape, x.dtype), mesh=mesh,
               scratch_types=[pltpu.VMEM((8,), f32)] * 2)
    def kern(x_hbm, y_hbm, o_hbm, a, b):
      pltpu.sync_copy(x_hbm.at[pl.ds(0, 8)], a)
      pltpu.sync_copy(y_hbm.at[pl.ds(0, 8)], b)
      a[...] = a[...] + b[...]
      pltpu.sync_copy(a, o_hbm.at[pl.ds(0, 8)])
    return kern(x, y)

  return fn, (sds((8,), f32), sds((8,), f32))


@register
def sc_gather():
  """Gather through an indirect DMA: the 8 indices are copied into VMEM and
  used as the offsets of a copy from a 64-element HBM table
  (`x_hbm.at[idx_vmem]`, tpu.enqueue_indirect_dma / wait_indirect_dma)."""
  mesh = vector_mesh()

  def fn(x, idx):
    @pl.kernel(out_type=sds(idx.shape, x.dtype), mesh=mesh,
               scratch_types=[pltpu.VMEM((LANES,), i32),
                              pltpu.VMEM((LANES,), f32),
                              pltpu.SemaphoreType.DMA])
    def gather_kernel(x_hbm, idx_hbm, o_hbm, idx_vmem, out_vmem, sem):
      pltpu.sync_copy(idx_hbm, idx_vmem)
      pltpu.async_copy(x_hbm.at[idx_vmem], out_vmem, sem).wait()
      pltpu.sync_copy(out_vmem, o_hbm)
    return gather_kernel(x, idx)

  return fn, (sds((64,), f32), sds((LANES,), i32))


@register
def sc_scatter_add():
  """Scatter-add through an indirect DMA with add=True: each of the 16 vector
  subcores adds its 8 rows of `updates` into rows `idx` of an HBM
  accumulator that aliases the kernel's input (a jax Ref); the offsets are a
  vector loaded from VMEM."""
  mesh = vector_mesh()
  rows, width, n = 32, LANES, NUM_SUBCORES * LANES

  def fn(acc, updates, idx):
    @pl.kernel(mesh=mesh,
               scratch_types=[pltpu.VMEM((LANES,), i32),
                              pltpu.VMEM((LANES, width), f32),
                              pltpu.SemaphoreType.DMA])
    def scatter_add_kernel(upd_hbm, idx_hbm, acc_hbm, idx_vmem, upd_vmem, sem):
      base = lax.axis_index("subcore") * LANES
      pltpu.sync_copy(idx_hbm.at[pl.ds(base, LANES)], idx_vmem)
      pltpu.sync_copy(upd_hbm.at[pl.ds(base, LANES)], upd_vmem)
      pltpu.async_copy(upd_vmem, acc_hbm.at[idx_vmem[...]], sem,
                       add=True).wait()

    acc_ref = jax.new_ref(acc)
    scatter_add_kernel(updates, idx, acc_ref)
    return acc_ref[...]

  return fn, (sds((rows, width), f32), sds((n, width), f32), sds((n,), i32))


@register
def sc_segment_sum():
  """Segment sum of 8 values by segment id inside one vector subcore: zero a
  VMEM accumulator, then an indexed vector store with add
  (`plsc.addupdate_scatter`, tpu.vector_store_idx {add}) sums each value
  into its segment's lane."""
  mesh = vector_mesh()

  def fn(vals, seg):
    @pl.kernel(out_type=sds((LANES,), f32), mesh=mesh,
               scratch_types=[pltpu.VMEM((LANES,), f32),
                              pltpu.VMEM((LANES,), i32),
                              pltpu.VMEM((LANES,), f32)])
    def segment_sum_kernel(vals_hbm, seg_hbm, o_hbm, vals_vmem, seg_vmem,
                           acc_vmem):
      pltpu.sync_copy(vals_hbm, vals_vmem)
      pltpu.sync_copy(seg_hbm, seg_vmem)
      acc_vmem[...] = jnp.zeros((LANES,), f32)
      plsc.addupdate_scatter(acc_vmem, [seg_vmem[...]], vals_vmem[...])
      pltpu.sync_copy(acc_vmem, o_hbm)
    return segment_sum_kernel(vals, seg)

  return fn, (sds((LANES,), f32), sds((LANES,), i32))


@register
def sc_sort():
  """Key/value sort of one 8-lane vector with lax.sort (tpu.sort under an
  all-true mask): f32 keys, i32 payload."""
  mesh = vector_mesh()

  def fn(keys, vals):
    @pl.kernel(out_type=(sds(keys.shape, f32), sds(vals.shape, i32)),
               mesh=mesh,
               scratch_types=[pltpu.VMEM((LANES,), f32),
                              pltpu.VMEM((LANES,), i32)])
    def sort_kernel(k_hbm, v_hbm, ko_hbm, vo_hbm, k_vmem, v_vmem):
      pltpu.sync_copy(k_hbm, k_vmem)
      pltpu.sync_copy(v_hbm, v_vmem)
      k, v = lax.sort((k_vmem[...], v_vmem[...]), num_keys=1)
      k_vmem[...] = k
      v_vmem[...] = v
      pltpu.sync_copy(k_vmem, ko_hbm)
      pltpu.sync_copy(v_vmem, vo_hbm)
    return sort_kernel(keys, vals)

  return fn, (sds((LANES,), f32), sds((LANES,), i32))


@register
def sc_sort_key_val():
  """Descending masked key/value sort with plsc.sort_key_val on i32 keys
  (sign-bit flip around tpu.sort {descending}); the output mask selects
  which sorted values are kept."""
  mesh = vector_mesh()

  def fn(keys, vals):
    @pl.kernel(out_type=sds(vals.shape, f32), mesh=mesh,
               scratch_types=[pltpu.VMEM((LANES,), i32),
                              pltpu.VMEM((LANES,), f32)])
    def sort_key_val_kernel(k_hbm, v_hbm, o_hbm, k_vmem, v_vmem):
      pltpu.sync_copy(k_hbm, k_vmem)
      pltpu.sync_copy(v_hbm, v_vmem)
      keys = k_vmem[...]
      _, sorted_vals, valid = plsc.sort_key_val(
          keys, v_vmem[...], mask=keys >= 0, descending=True)
      v_vmem[...] = jnp.where(valid, sorted_vals, 0.0)
      pltpu.sync_copy(v_vmem, o_hbm)
    return sort_key_val_kernel(keys, vals)

  return fn, (sds((LANES,), i32), sds((LANES,), f32))


@register
def sc_cumsum():
  """Inclusive prefix sums of one 8-lane vector: jnp.cumsum (tpu.scan sum
  under an all-true mask) and plsc.cumsum masked to the positive lanes."""
  mesh = vector_mesh()

  def fn(x):
    @pl.kernel(out_type=(sds(x.shape, f32), sds(x.shape, f32)), mesh=mesh,
               scratch_types=[pltpu.VMEM((LANES,), f32),
                              pltpu.VMEM((LANES,), f32)])
    def cumsum_kernel(x_hbm, o_hbm, om_hbm, x_vmem, o_vmem):
      pltpu.sync_copy(x_hbm, x_vmem)
      x = x_vmem[...]
      o_vmem[...] = jnp.cumsum(x)
      pltpu.sync_copy(o_vmem, o_hbm)
      o_vmem[...] = plsc.cumsum(x, mask=x > 0.0)
      pltpu.sync_copy(o_vmem, om_hbm)
    return cumsum_kernel(x)

  return fn, (sds((LANES,), f32),)


@register
def sc_embedding_lookup():
  """Embedding-bag lookup with a sum combiner: vector subcore s copies its 8
  ids (ids[8s:8s+8]) into VMEM, gathers those rows of the HBM table into
  VMEM with an indirect DMA, sums the rows in a fori_loop and writes the
  bag's 8-wide embedding to out[s]."""
  mesh = vector_mesh()
  vocab, dim, bag = 64, LANES, LANES

  def fn(table, ids):
    @pl.kernel(out_type=sds((NUM_SUBCORES, dim), table.dtype), mesh=mesh,
               scratch_types=[pltpu.VMEM((bag,), i32),
                              pltpu.VMEM((bag, dim), f32),
                              pltpu.VMEM((dim,), f32),
                              pltpu.SemaphoreType.DMA])
    def embedding_kernel(table_hbm, ids_hbm, out_hbm, ids_vmem, rows_vmem,
                         acc_vmem, sem):
      s = lax.axis_index("subcore")
      pltpu.sync_copy(ids_hbm.at[pl.ds(s * bag, bag)], ids_vmem)
      pltpu.async_copy(table_hbm.at[ids_vmem], rows_vmem, sem).wait()
      acc_vmem[...] = lax.fori_loop(
          0, bag, lambda r, acc: acc + rows_vmem[r], jnp.zeros((dim,), f32))
      pltpu.sync_copy(acc_vmem, out_hbm.at[s])
    return embedding_kernel(table, ids)

  return fn, (sds((vocab, dim), f32), sds((NUM_SUBCORES * bag,), i32))


@register
def sc_scalar_subcore():
  """A ScalarSubcoreMesh kernel (tpu.core_type sc_scalar_subcore): copy 8
  segment lengths HBM -> SMEM, compute their exclusive prefix sum (segment
  offsets) with scalar SMEM loads/stores in a fori_loop, copy back to HBM."""
  mesh = plsc.ScalarSubcoreMesh(axis_name="core", num_cores=1)
  n = LANES

  def fn(lengths):
    @pl.kernel(out_type=sds(lengths.shape, i32), mesh=mesh,
               scratch_types=[pltpu.SMEM((n,), i32), pltpu.SMEM((n,), i32)])
    def scalar_kernel(len_hbm, off_hbm, len_smem, off_smem):
      pltpu.sync_copy(len_hbm, len_smem)

      def body(i, running):
        off_smem[i] = running
        return running + len_smem[i]

      lax.fori_loop(0, n, body, jnp.int32(0))
      pltpu.sync_copy(off_smem, off_hbm)
    return scalar_kernel(lengths)

  return fn, (sds((n,), i32),)


@register
def sc_load_gather():
  """In-VMEM gathers on one vector subcore: an indexed vector load
  (`plsc.load_gather`, tpu.vector_load_idx) by indices read from VMEM, then
  a lane reversal (lax.rev: tpu.iota + tpu.dynamic_gather) and a masked
  indexed store back (`plsc.store_scatter`, tpu.vector_store_idx)."""
  mesh = vector_mesh()

  def fn(x, idx):
    @pl.kernel(out_type=sds((LANES,), f32), mesh=mesh,
               scratch_types=[pltpu.VMEM((2 * LANES,), f32),
                              pltpu.VMEM((LANES,), i32),
                              pltpu.VMEM((LANES,), f32)])
    def load_gather_kernel(x_hbm, idx_hbm, o_hbm, x_vmem, idx_vmem, o_vmem):
      pltpu.sync_copy(x_hbm, x_vmem)
      pltpu.sync_copy(idx_hbm, idx_vmem)
      idx = idx_vmem[...]
      g = plsc.load_gather(x_vmem, [idx])
      o_vmem[...] = jnp.zeros((LANES,), f32)
      lanes = lax.iota(i32, LANES)
      plsc.store_scatter(o_vmem, [lanes], lax.rev(g, (0,)), mask=idx < LANES)
      pltpu.sync_copy(o_vmem, o_hbm)
    return load_gather_kernel(x, idx)

  return fn, (sds((2 * LANES,), f32), sds((LANES,), i32))


@register
def sc_parallel_loop_reduce():
  """Row reductions over a (32, 8) VMEM block in a `plsc.parallel_loop`
  (scf.for {sc.parallel_access, sc.loop_unroll_factor}): each row is
  replaced by [sum, max, 0, ...] (jnp.sum / jnp.max: tpu.scan +
  vector.extract, then iota/where lane selects) and the column sums are
  carried through the loop."""
  mesh = vector_mesh()
  rows = 32

  def fn(x):
    @pl.kernel(out_type=(sds((rows, LANES), f32), sds((LANES,), f32)),
               mesh=mesh,
               scratch_types=[pltpu.VMEM((rows, LANES), f32),
                              pltpu.VMEM((LANES,), f32)])
    def reduce_kernel(x_hbm, o_hbm, col_hbm, x_vmem, col_vmem):
      pltpu.sync_copy(x_hbm, x_vmem)
      lanes = lax.iota(i32, LANES)

      @plsc.parallel_loop(0, rows, unroll=2, carry=jnp.zeros((LANES,), f32))
      def col_sum(r, acc):
        row = x_vmem[r]
        total = jnp.sum(row)
        peak = jnp.max(row)
        x_vmem[r] = jnp.where(lanes == 0, total,
                              jnp.where(lanes == 1, peak, 0.0))
        return acc + row

      col_vmem[...] = col_sum
      pltpu.sync_copy(x_vmem, o_hbm)
      pltpu.sync_copy(col_vmem, col_hbm)
    return reduce_kernel(x)

  return fn, (sds((rows, LANES), f32),)


@register
def sc_shared_histogram():
  """Subcores cooperating through VMEM_SHARED (Spmem): subcore 0 zeroes a
  shared histogram, all subcores wait at `plsc.subcore_barrier`
  (tpu.barrier), each counts its 8 bucket ids with a scan_count
  (tpu.scan_count) and scatter-adds ones into the shared histogram through
  an indirect DMA with add=True; after a second barrier subcore 0 copies the
  histogram to HBM."""
  mesh = vector_mesh()
  buckets = 16

  def fn(ids):
    @pl.kernel(out_type=(sds((buckets,), i32), sds(ids.shape, i32)),
               mesh=mesh,
               scratch_types=[pltpu.VMEM_SHARED((buckets,), i32),
                              pltpu.VMEM((LANES,), i32),
                              pltpu.VMEM((LANES,), i32),
                              pltpu.SemaphoreType.DMA])
    def histogram_kernel(ids_hbm, hist_hbm, rank_hbm, hist_shared, ids_vmem,
                         ones_vmem, sem):
      s = lax.axis_index("subcore")
      base = s * LANES

      @pl.when(s == 0)
      def _():
        ones_vmem[...] = jnp.zeros((LANES,), i32)
        pltpu.sync_copy(ones_vmem, hist_shared.at[pl.ds(0, LANES)])
        pltpu.sync_copy(ones_vmem, hist_shared.at[pl.ds(LANES, LANES)])

      plsc.subcore_barrier()
      pltpu.sync_copy(ids_hbm.at[pl.ds(base, LANES)], ids_vmem)
      ids = ids_vmem[...]
      rank, _ = plsc.scan_count(ids)
      ones_vmem[...] = jnp.ones((LANES,), i32)
      pltpu.async_copy(ones_vmem, hist_shared.at[ids_vmem], sem,
                       add=True).wait()
      ids_vmem[...] = rank
      pltpu.sync_copy(ids_vmem, rank_hbm.at[pl.ds(base, LANES)])
      plsc.subcore_barrier()

      @pl.when(s == 0)
      def _():
        pltpu.sync_copy(hist_shared, hist_hbm)
    return histogram_kernel(ids)

  return fn, (sds((NUM_SUBCORES * LANES,), i32),)


@register
def sc_mpmd_scalar_vector():
  """An MPMD SparseCore kernel: one `pl.kernel` with a vector-subcore body
  and a scalar-subcore body over meshes sharing the core axis, lowered to
  one Mosaic module holding two functions. The scalar subcore copies the
  first 8 elements of x to the output through SMEM; every vector subcore
  doubles its own 8-element slice of x into the output's tail."""
  v_mesh = vector_mesh()
  s_mesh = plsc.ScalarSubcoreMesh(axis_name="core", num_cores=1)
  n = (NUM_SUBCORES + 1) * LANES

  def vector_body(x_hbm, o_hbm):
    s = lax.axis_index("subcore")
    base = (s + 1) * LANES

    @functools.partial(pl.run_scoped, buf=pltpu.VMEM((LANES,), f32))
    def _(buf):
      pltpu.sync_copy(x_hbm.at[pl.ds(base, LANES)], buf)
      buf[...] = buf[...] * 2.0
      pltpu.sync_copy(buf, o_hbm.at[pl.ds(base, LANES)])

  def scalar_body(x_hbm, o_hbm):
    @functools.partial(pl.run_scoped, buf=pltpu.SMEM((LANES,), f32))
    def _(buf):
      pltpu.sync_copy(x_hbm.at[pl.ds(0, LANES)], buf)
      pltpu.sync_copy(buf, o_hbm.at[pl.ds(0, LANES)])

  def fn(x):
    return pl.kernel([vector_body, scalar_body], out_type=sds(x.shape, f32),
                     mesh=[v_mesh, s_mesh])(x)

  return fn, (sds((n,), f32),)
