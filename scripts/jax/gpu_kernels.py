"""Pallas Mosaic GPU kernels whose lowering by JAX 0.10.2 is our GPU reference.

Every entry of KERNELS maps a name (the same as examples/gpu/<name>.mlir and
test/Reference/GPU/<name>.mlir) to a builder returning `(fn, args)`: a
function that runs exactly one Pallas Mosaic GPU kernel (`pl.pallas_call` or
`plgpu.kernel`) and example arguments as `jax.ShapeDtypeStruct`s. Every
kernel uses warpgroup lowering semantics
(`plgpu.CompilerParams(lowering_semantics=plgpu.LoweringSemantics.Warpgroup)`),
the path whose IR is made of `mosaic_gpu` dialect ops on whole-tile vectors.
Nothing here runs a kernel: scripts/jax/dump_gpu_reference.py only lowers
them for the cuda platform on a CPU-only host.

Two families:

* `gpu_*`: small kernels written here, one per feature of the GPU surface
  (a grid pipeline, explicit TMA copies and barriers, reductions, a WGMMA
  matmul with a K pipeline, scoped scratch, loops with a carried value,
  debug printing, warp specialization with barriers between warpgroups,
  clusters with a multicast copy, layout casts);
* `ops_*`: the public kernels of `jax.experimental.pallas.ops.gpu` (the
  Mosaic GPU ones, `*_mgpu.py`) on small problems with the tuning knobs
  fixed here. Those that JAX cannot lower on a CPU-only host with
  warpgroup semantics are listed, with JAX's error, in
  scripts/jax/gpu_kernels_not_lowering.md (`NOT_LOWERING` below keeps their
  builders so that the list can be re-checked).
"""

import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import mosaic_gpu as plgpu

f32, f16, bf16, i32 = jnp.float32, jnp.float16, jnp.bfloat16, jnp.int32
WG = plgpu.LoweringSemantics.Warpgroup

KERNELS = {}
NOT_LOWERING = {}

# The number of SMs the public matmuls size their persistent grid by; with
# no GPU JAX cannot ask the device, the builders pass it explicitly.
NUM_SMS = 4


def register(fn):
  KERNELS[fn.__name__] = fn
  return fn


def not_lowering(fn):
  NOT_LOWERING[fn.__name__] = fn
  return fn


def sds(shape, dtype):
  return jax.ShapeDtypeStruct(shape, dtype)


def params(**kw):
  return plgpu.CompilerParams(lowering_semantics=WG, **kw)


def swizzled(dtype, swizzle=128):
  """The tiling + swizzle transforms TMA and WGMMA want for `dtype`."""
  elems = swizzle // jnp.dtype(dtype).itemsize
  return (plgpu.TilingTransform((8, elems)), plgpu.SwizzleTransform(swizzle))


# --------------------------------------------------------------------------
# Hand-written kernels, one feature each.
# --------------------------------------------------------------------------


@register
def gpu_elementwise_grid():
  """2-D elementwise x * y + 1 over a (2, 2) grid of 64x128 blocks: the
  blocks move through a TMA pipeline emitted by Pallas."""

  def kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] * y_ref[...] + 1.0

  spec = pl.BlockSpec((64, 128), lambda i, j: (i, j))

  def fn(x, y):
    return pl.pallas_call(
        kernel, out_shape=sds(x.shape, x.dtype), grid=(2, 2),
        in_specs=[spec, spec], out_specs=spec,
        compiler_params=params())(x, y)

  return fn, (sds((128, 256), f32), sds((128, 256), f32))


@register
def gpu_tma_barrier():
  """Explicit TMA: two halves of a GMEM array copied into SMEM on one
  barrier (gmem slices), scaled in SMEM, fenced with commit_smem and copied
  back with a commit group awaited read-only."""

  def body(x_gmem, o_gmem, smem, bar):
    plgpu.copy_gmem_to_smem(x_gmem.at[pl.ds(0, 128)], smem.at[0], bar)
    plgpu.copy_gmem_to_smem(x_gmem.at[pl.ds(128, 128)], smem.at[1], bar)
    plgpu.barrier_wait(bar)
    smem[...] = smem[...] * 3.0
    plgpu.commit_smem()
    plgpu.copy_smem_to_gmem(smem.at[1], o_gmem.at[pl.ds(0, 128)])
    plgpu.copy_smem_to_gmem(smem.at[0], o_gmem.at[pl.ds(128, 128)])
    plgpu.wait_smem_to_gmem(0, wait_read_only=True)

  def fn(x):
    return plgpu.kernel(
        body, out_type=sds((256, 128), f32),
        scratch_types=[plgpu.SMEM((2, 128, 128), f32),
                       # Each copy arrives once (with its bytes).
                       plgpu.Barrier(num_arrivals=2)],
        compiler_params=params())(x)

  return fn, (sds((256, 128), f32),)


@register
def gpu_row_softmax():
  """Row softmax of 64x128 blocks over a grid of 4 (max and sum
  reductions, exp with approximate math)."""

  def kernel(x_ref, o_ref):
    x = plgpu.load(x_ref, (), layout=plgpu.Layout.WGMMA)
    rows = lambda r: lax.broadcast_in_dim(r, x.shape, (0,))
    e = jnp.exp(x - rows(jnp.max(x, axis=1)))
    o_ref[...] = e / rows(jnp.sum(e, axis=1))

  spec = pl.BlockSpec((64, 128), lambda i: (i, 0))

  def fn(x):
    return pl.pallas_call(
        kernel, out_shape=sds(x.shape, x.dtype), grid=(4,),
        in_specs=[spec], out_specs=spec,
        compiler_params=params(approx_math=True))(x)

  return fn, (sds((256, 128), f32),)


@register
def gpu_layer_norm():
  """Layer norm of 64x256 row blocks: mean and variance reductions, rsqrt,
  a weight and a bias row broadcast over the rows."""
  eps = 1e-5

  def kernel(x_ref, w_ref, b_ref, o_ref):
    x = plgpu.load(x_ref, (), layout=plgpu.Layout.WGMMA)
    rows = lambda r: lax.broadcast_in_dim(r, x.shape, (0,))
    cols = lambda c: lax.broadcast_in_dim(c, x.shape, (1,))
    xc = x - rows(jnp.sum(x, axis=1) / x.shape[1])
    var = jnp.sum(xc * xc, axis=1) / x.shape[1]
    y = xc * rows(lax.rsqrt(var + eps))
    w = plgpu.load(w_ref, (), layout=plgpu.Layout.WGMMA.reduce(0))
    b = plgpu.load(b_ref, (), layout=plgpu.Layout.WGMMA.reduce(0))
    o_ref[...] = y * cols(w) + cols(b)

  def fn(x, w, b):
    return pl.pallas_call(
        kernel, out_shape=sds(x.shape, x.dtype), grid=(2,),
        in_specs=[pl.BlockSpec((64, 256), lambda i: (i, 0)),
                  pl.BlockSpec((256,), lambda i: (0,)),
                  pl.BlockSpec((256,), lambda i: (0,))],
        out_specs=pl.BlockSpec((64, 256), lambda i: (i, 0)),
        compiler_params=params())(x, w, b)

  return fn, (sds((128, 256), f32), sds((256,), f32), sds((256,), f32))


@register
def gpu_wgmma_matmul():
  """f16 x f16 -> f32 matmul: (M/128, N/128) parallel grid, a sequential K
  grid axis pipelined with max_concurrent_steps=2, SMEM blocks tiled and
  128-byte swizzled for WGMMA, a WGMMA accumulator scratch read at the last
  K step."""
  tm, tn, tk = 128, 128, 64
  m, n, k = 256, 256, 256

  def kernel(a_ref, b_ref, o_ref, acc_ref):
    plgpu.wgmma(acc_ref, a_ref, b_ref)

    @pl.when(pl.program_id(2) == k // tk - 1)
    def _():
      o_ref[...] = acc_ref[...].astype(o_ref.dtype)

    plgpu.wgmma_wait(1)

  tr = swizzled(f16)

  def fn(a, b):
    return pl.pallas_call(
        kernel, out_shape=sds((m, n), f16), grid=(m // tm, n // tn, k // tk),
        in_specs=[plgpu.BlockSpec((tm, tk), lambda i, j, kk: (i, kk), transforms=tr),
                  plgpu.BlockSpec((tk, tn), lambda i, j, kk: (kk, j), transforms=tr)],
        out_specs=plgpu.BlockSpec((tm, tn), lambda i, j, kk: (i, j)),
        scratch_shapes=[plgpu.ACC((tm, tn), f32)],
        compiler_params=params(
            dimension_semantics=("parallel", "parallel", "sequential"),
            max_concurrent_steps=2))(a, b)

  return fn, (sds((m, k), f16), sds((k, n), f16))


@register
def gpu_run_scoped():
  """Scoped SMEM scratch and barrier: x + 1 staged through a scoped SMEM
  buffer filled by TMA, then written to the output block."""

  def kernel(x_gmem, o_ref):
    def scope(buf, bar):
      plgpu.copy_gmem_to_smem(x_gmem, buf, bar)
      plgpu.barrier_wait(bar)
      o_ref[...] = buf[...] + 1.0

    pl.run_scoped(scope, plgpu.SMEM((64, 128), f32), plgpu.Barrier())

  def fn(x):
    return pl.pallas_call(
        kernel, out_shape=sds(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=plgpu.GMEM)],
        out_specs=pl.BlockSpec((64, 128), lambda: (0, 0)),
        compiler_params=params())(x)

  return fn, (sds((64, 128), f32),)


@register
def gpu_fori_accumulate():
  """A fori_loop (scf.for) whose carried value is a 64x128 tile: sums the
  four 64x128 row slabs of the input block."""

  def kernel(x_ref, o_ref):
    def step(i, acc):
      return acc + x_ref[pl.ds(i * 64, 64), :]

    o_ref[...] = lax.fori_loop(0, 4, step, jnp.zeros((64, 128), f32))

  def fn(x):
    return pl.pallas_call(
        kernel, out_shape=sds((64, 128), f32),
        compiler_params=params())(x)

  return fn, (sds((256, 128), f32),)


@register
def gpu_while_cond():
  """scf.while and scf.index_switch: a while loop doubling a scalar
  counter until it passes a bound read from GMEM, then lax.cond choosing
  between two updates of the tile."""

  def kernel(n_ref, x_ref, o_ref):
    bound = n_ref[0]
    c = lax.while_loop(lambda c: c < bound, lambda c: c * 2, jnp.int32(1))
    x = x_ref[...]
    o_ref[...] = lax.cond(c > 16, lambda: x * 2.0, lambda: x - 1.0)

  def fn(n, x):
    return pl.pallas_call(
        kernel, out_shape=sds(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=plgpu.GMEM),
                  pl.BlockSpec((128, 128), lambda: (0, 0))],
        compiler_params=params())(n, x)

  return fn, (sds((1,), i32), sds((128, 128), f32))


@register
def gpu_debug_print():
  """pl.debug_print of the program id and a scalar read from the block."""

  def kernel(x_ref, o_ref):
    i = pl.program_id(0)
    pl.debug_print("block {} starts with {}", i, x_ref[0, 0])
    o_ref[...] = x_ref[...]

  spec = pl.BlockSpec((64, 128), lambda i: (i, 0))

  def fn(x):
    return pl.pallas_call(
        kernel, out_shape=sds(x.shape, x.dtype), grid=(2,),
        in_specs=[spec], out_specs=spec, compiler_params=params())(x)

  return fn, (sds((128, 128), f32),)


@register
def gpu_warp_specialized():
  """Warp specialization over two warpgroups (num_threads=2): warpgroup 0
  lowers its register budget and produces two tiles into SMEM by TMA,
  warpgroup 1 raises its budget, waits on the TMA barriers, adds the
  tiles, and signals the producer through a consumer barrier array."""

  def body(x_gmem, y_gmem, o_gmem, xs, ys, loaded, consumed):
    wg = lax.axis_index("wg")

    @pl.when(wg == 0)
    def _producer():
      plgpu.set_max_registers(40, action="decrease")
      plgpu.copy_gmem_to_smem(x_gmem, xs, loaded.at[0])
      plgpu.copy_gmem_to_smem(y_gmem, ys, loaded.at[1])
      plgpu.barrier_wait(consumed)

    @pl.when(wg == 1)
    def _consumer():
      plgpu.set_max_registers(232, action="increase")
      plgpu.barrier_wait(loaded.at[0])
      plgpu.barrier_wait(loaded.at[1])
      xs[...] = xs[...] + ys[...]
      plgpu.commit_smem()
      plgpu.copy_smem_to_gmem(xs, o_gmem)
      plgpu.wait_smem_to_gmem(0)
      plgpu.barrier_arrive(consumed)

  def fn(x, y):
    return plgpu.kernel(
        body, out_type=sds((128, 128), f32),
        num_threads=2, thread_name="wg",
        scratch_types=[plgpu.SMEM((128, 128), f32), plgpu.SMEM((128, 128), f32),
                       plgpu.Barrier(num_barriers=2),
                       plgpu.Barrier(num_arrivals=1)],
        compiler_params=params())(x, y)

  return fn, (sds((128, 128), f32), sds((128, 128), f32))


@register
def gpu_cluster_multicast():
  """A (2,) cluster over a (2,) grid: each block's tile is copied once by
  TMA multicast to both CTAs of the cluster (collective_axes), the CTAs
  find themselves with axis_index of the grid and cluster axes."""

  def body(x_gmem, o_gmem, smem, bar):
    c = lax.axis_index("c")
    g = lax.axis_index("g")
    plgpu.copy_gmem_to_smem(x_gmem.at[pl.ds(g * 64, 64)], smem, bar,
                            collective_axes="c")
    plgpu.barrier_wait(bar)
    row = (g * 2 + c) * 64
    o_gmem[pl.ds(row, 64), :] = smem[...]

  def fn(x):
    return plgpu.kernel(
        body, out_type=sds((256, 128), f32),
        grid=(2,), grid_names=("g",), cluster=(2,), cluster_names=("c",),
        scratch_types=[plgpu.SMEM((64, 128), f32), plgpu.Barrier()],
        compiler_params=params())(x)

  return fn, (sds((128, 128), f32),)


@register
def gpu_layout_cast():
  """A loaded tile cast to the WGMMA layout (layout_cast, which also hints
  the load) plus a column iota created in that layout."""

  def kernel(x_ref, o_ref):
    x = plgpu.layout_cast(x_ref[...], plgpu.Layout.WGMMA)
    col = plgpu.broadcasted_iota(i32, (128, 128), 1, layout=plgpu.Layout.WGMMA)
    o_ref[...] = x + col.astype(f32)

  def fn(x):
    return pl.pallas_call(
        kernel, out_shape=sds(x.shape, x.dtype),
        compiler_params=params())(x)

  return fn, (sds((128, 128), f32),)


@register
def gpu_wgmma_scoped():
  """WGMMAs into a scoped register accumulator (plgpu.ACC): one per K step
  of a loop, then one more under a condition with the transposed RHS, which
  sits in a scoped SMEM tile with tiling + swizzle transforms."""

  def kernel(a_ref, b_ref, o_ref):
    def scope(acc_ref, t_ref):
      t_ref[...] = b_ref[...]
      plgpu.commit_smem()

      @pl.loop(0, 2)
      def _(k):
        plgpu.wgmma(acc_ref, a_ref.at[:, pl.ds(k * 64, 64)], t_ref)
        plgpu.wgmma_wait(1)

      @pl.when(pl.program_id(0) == 0)
      def _():
        plgpu.wgmma(acc_ref, a_ref.at[:, pl.ds(0, 64)], plgpu.transpose_ref(t_ref, (1, 0)))

      return acc_ref[...]

    o_ref[...] = pl.run_scoped(
        scope, plgpu.ACC((64, 64), f32), plgpu.SMEM((64, 64), f16, transforms=swizzled(f16)))

  def fn(a, b):
    return pl.pallas_call(
        kernel, out_shape=sds((64, 64), f32), grid=(1,),
        in_specs=[plgpu.BlockSpec((64, 128), lambda i: (0, 0)),
                  plgpu.BlockSpec((64, 64), lambda i: (0, 0))],
        out_specs=plgpu.BlockSpec((64, 64), lambda i: (0, 0)),
        compiler_params=params())(a, b)

  return fn, (sds((64, 128), f16), sds((64, 64), f16))


# --------------------------------------------------------------------------
# The public Mosaic GPU kernels of jax.experimental.pallas.ops.gpu.
# --------------------------------------------------------------------------


def _public(module):
  import importlib
  return importlib.import_module(f"jax.experimental.pallas.ops.gpu.{module}")


class _FakeGpu:
  """What the public kernels ask of the device: its number of SMs."""
  core_count = NUM_SMS
  platform = "gpu"


class _FakeCudaVersions:
  """attention_mgpu gates causal masking on the CUDA runtime version (there
  is no CUDA runtime here): report 12.9.1, a version that allows it."""

  @staticmethod
  def cuda_runtime_get_version():
    return 12091


def _with_num_sms(mod, fn):
  """The public kernels size their grids by the GPU's SM count
  (`backend.get_default_device().core_count`, `jax.devices()[0].core_count`);
  with no GPU, the device they see while the kernel is traced is _FakeGpu
  (NUM_SMS SMs)."""
  import types

  @functools.wraps(fn)
  def wrapped(*a, **k):
    saved = {}
    if hasattr(mod, "backend"):
      saved[(mod, "backend")] = mod.backend
      mod.backend = types.SimpleNamespace(get_default_device=lambda: _FakeGpu)
    if hasattr(mod, "get_num_sms"):
      saved[(mod, "get_num_sms")] = mod.get_num_sms
      mod.get_num_sms = lambda: NUM_SMS
    for name in ("devices", "local_devices"):
      saved[(jax, name)] = getattr(jax, name)
      setattr(jax, name, lambda *_a, **_k: [_FakeGpu])
    try:
      return fn(*a, **k)
    finally:
      for (owner, name), value in saved.items():
        setattr(owner, name, value)

  return wrapped


def _with_cuda_versions(mod, fn):
  @functools.wraps(fn)
  def wrapped(*a, **k):
    saved = mod.cuda_versions
    mod.cuda_versions = _FakeCudaVersions
    try:
      return fn(*a, **k)
    finally:
      mod.cuda_versions = saved

  return wrapped


@register
def ops_hopper_matmul():
  """hopper_matmul_mgpu.matmul: persistent, warp-specialized (num_threads=3:
  two consumer warpgroups and a TMA producer) f16 matmul with a K pipeline
  of 2 steps."""
  mod = _public("hopper_matmul_mgpu")
  cfg = mod.TuningConfig(tile_m=128, tile_n=128, tile_k=64, max_concurrent_steps=2,
                         epi_tile_n=64, epi_tile_m=64)
  fn = _with_num_sms(mod, lambda a, b: mod.matmul(a, b, None, cfg))
  return fn, (sds((256, 256), f16), sds((256, 256), f16))


@register
def ops_hopper_matmul_cluster():
  """hopper_matmul_mgpu.matmul with a cluster of 2 along M (multicast TMA
  of the shared operand)."""
  mod = _public("hopper_matmul_mgpu")
  cfg = mod.TuningConfig(tile_m=128, tile_n=128, tile_k=64, max_concurrent_steps=2,
                         epi_tile_n=64, epi_tile_m=64,
                         cluster_dimension=mod.MatmulDimension.M)
  fn = _with_num_sms(mod, lambda a, b: mod.matmul(a, b, None, cfg))
  return fn, (sds((512, 256), f16), sds((256, 256), f16))


@register
def ops_hopper_mixed_type_matmul():
  """hopper_mixed_type_matmul_mgpu.mixed_matmul_kernel: int8 LHS converted
  to bf16 in registers, bf16 RHS, bf16 out."""
  mod = _public("hopper_mixed_type_matmul_mgpu")
  cfg = mod.TuningConfig(tile_m=128, tile_n=128, tile_k=64, max_concurrent_steps=2,
                         epi_tile_n=64, epi_tile_m=64)
  fn = _with_num_sms(mod, lambda a, b: mod.mixed_matmul_kernel(
      a, b, out_dtype=bf16, config=cfg))
  return fn, (sds((256, 256), jnp.int8), sds((256, 256), bf16))


@register
def ops_ragged_dot():
  """ragged_dot_mgpu.ragged_dot: grouped matmul over 2 groups of rows."""
  mod = _public("ragged_dot_mgpu")

  def fn(lhs, rhs, group_sizes):
    return mod.ragged_dot(lhs, rhs, group_sizes=group_sizes, block_m=64, block_n=64,
                          block_k=64, max_concurrent_steps=2, grid_block_n=1)

  return fn, (sds((256, 128), f16), sds((2, 128, 128), f16), sds((2,), i32))


@register
def ops_transposed_ragged_dot():
  """transposed_ragged_dot_mgpu.transposed_ragged_dot: ragged along K."""
  mod = _public("transposed_ragged_dot_mgpu")

  @functools.partial(_with_num_sms, mod)
  def fn(lhs, rhs, group_sizes):
    return mod.transposed_ragged_dot(lhs, rhs, group_sizes=group_sizes, block_m=64,
                                     block_n=64, block_k=64, max_concurrent_steps=2,
                                     grid_block_n=1)

  return fn, (sds((256, 128), f16), sds((256, 128), f16), sds((2,), i32))


def _attention_args(seq=256, heads=2, head_dim=64):
  x = sds((1, seq, heads, head_dim), f16)
  return (x, x, x)


@not_lowering
def ops_attention():
  """attention_mgpu.attention forward (two compute warpgroups and a TMA
  warpgroup, block_q=64, block_kv=64, 2 concurrent steps)."""
  mod = _public("attention_mgpu")
  cfg = mod.TuningConfig(block_q=64, block_kv=64, max_concurrent_steps=2)
  return _with_cuda_versions(mod, lambda q, k, v: mod.attention(q, k, v, cfg)), _attention_args()


@not_lowering
def ops_attention_causal():
  """attention_mgpu.attention forward with a causal mask."""
  mod = _public("attention_mgpu")
  cfg = mod.TuningConfig(block_q=64, block_kv=64, max_concurrent_steps=2, causal=True)
  return _with_cuda_versions(mod, lambda q, k, v: mod.attention(q, k, v, cfg)), _attention_args()


@register
def ops_attention_pipeline_emitter():
  """attention_mgpu.attention_with_pipeline_emitter (plgpu.emit_pipeline_warp_specialized)."""
  mod = _public("attention_mgpu")
  cfg = mod.TuningConfig(block_q=64, block_kv=64, max_concurrent_steps=2)
  return _with_cuda_versions(mod, lambda q, k, v: mod.attention_with_pipeline_emitter(q, k, v, cfg)), _attention_args()


@register
def ops_blackwell_matmul():
  """blackwell_matmul_mgpu.matmul_kernel (tcgen05 MMA into TMEM)."""
  mod = _public("blackwell_matmul_mgpu")
  cfg = mod.TuningConfig(tile_m=128, tile_n=128, tile_k=64, max_concurrent_steps=2,
                         collective=False)
  return (lambda a, b: mod.matmul_kernel(a, b, cfg)), (sds((256, 256), f16),
                                                       sds((256, 256), f16))


@register
def ops_blackwell_ragged_dot():
  """blackwell_ragged_dot_mgpu.ragged_dot_kernel (tcgen05, 2-CTA collective
  MMA; with collective=False the kernel names the unbound cluster axis "x")."""
  mod = _public("blackwell_ragged_dot_mgpu")
  cfg = mod.TuningConfig(tile_m=128, tile_n=128, tile_k=64, max_concurrent_steps=2,
                         collective=True, grid_tile_width=1,
                         grid_minor_dim=_public("blackwell_matmul_mgpu").MatmulDimension.N)

  @functools.partial(_with_num_sms, mod)
  def fn(a, b, g):
    return mod.ragged_dot_kernel(a, b, g, cfg)

  return fn, (sds((256, 256), f16), sds((2, 256, 256), f16), sds((2,), i32))


def _on_mesh(body, in_specs, out_specs):
  """`body` under shard_map over all (fake CPU) devices on axis "x"."""
  P = jax.sharding.PartitionSpec
  mesh = jax.make_mesh((jax.device_count(),), ("x",),
                       axis_types=(jax.sharding.AxisType.Auto,))
  return jax.shard_map(body, mesh=mesh, in_specs=in_specs, out_specs=out_specs,
                       check_vma=False)


@register
def ops_all_gather():
  """all_gather_mgpu.all_gather over the devices of axis "x" (multimem)."""
  mod = _public("all_gather_mgpu")
  P = jax.sharding.PartitionSpec
  body = _with_num_sms(mod, lambda x: mod.all_gather(x, axis_name="x"))
  return _on_mesh(body, P("x", None), P(None, None)), (sds((256, 128), f32),)


@register
def ops_reduce_scatter():
  """reduce_scatter_mgpu.reduce_scatter over the devices of axis "x"."""
  mod = _public("reduce_scatter_mgpu")
  P = jax.sharding.PartitionSpec
  body = _with_num_sms(mod, lambda x: mod.reduce_scatter(x, axis_name="x"))
  return _on_mesh(body, P(None, None), P("x", None)), (sds((256, 128), f32),)


@register
def ops_collective_matmul():
  """collective_matmul_mgpu.all_gather_lhs_matmul over axis "x"."""
  mod = _public("collective_matmul_mgpu")
  hm = _public("hopper_matmul_mgpu")
  P = jax.sharding.PartitionSpec
  cfg = hm.TuningConfig(tile_m=128, tile_n=128, tile_k=64, max_concurrent_steps=2)
  body = _with_num_sms(mod, lambda a, b: mod.all_gather_lhs_matmul(a, b, "x", config=cfg))
  return (_on_mesh(body, (P("x", None), P(None, None)), P(None, None)),
          (sds((256, 256), f16), sds((256, 256), f16)))
