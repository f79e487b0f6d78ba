"""Triton twins of the gpu_* kernels that `make gpu-bench` times
(scripts/gpu/gpu_bench.py): the same computation, shapes and dtypes as the
Pallas Mosaic GPU kernels of scripts/jax/gpu_kernels.py (and their pallas
twins examples/gpu/NAME.mlir), written the way one writes them in Triton.

Each twin keeps its Pallas kernel's decomposition of the work, so that the
ratio compares code generation rather than algorithms: the same grid (one
program per Pallas block or CTA), the same tiles, 128 threads per program
(one warpgroup: num_warps=4) as warpgroup lowering uses, 256 for the kernel
with two warpgroups. Where Pallas stages data through SMEM with TMA and
barriers (gpu_tma_barrier, gpu_run_scoped, gpu_warp_specialized,
gpu_cluster_multicast), the twin loads and stores tiles and lets Triton
choose how; the matmuls use tl.dot with an f32 accumulator, which Triton
compiles to WGMMA on Hopper, with the Pallas kernel's K pipeline depth as
num_stages.

TWINS maps a kernel name to a Twin: its inputs and outputs (shape, numpy
dtype), kernel, grid and parameters. `Twin.launch(*tensors)` runs it on the
inputs followed by the outputs; a tensor is anything Triton takes as a
pointer argument (an object with `data_ptr()` and `dtype`): gpu_bench.py
passes CuPy arrays through `DeviceTensor`, and `HostTensor` lets Triton's
interpreter (TRITON_INTERPRET=1, set before this module is imported) run
the twins on numpy arrays, with neither a GPU nor torch: that is how
`gpu_bench.py --check-triton-interpret` checks them against gpu_test.py's
numpy models. `Twin.compile()` is Triton's ahead-of-time compilation for
sm_90, which needs no GPU either (`gpu_bench.py --check-triton-compile`).
"""

import collections

import numpy as np
import triton
import triton.language as tl

LAUNCH_OPTIONS = ("num_warps", "num_stages")
NUMPY_TO_TRITON = {"float32": "fp32", "float16": "fp16", "int32": "i32"}


class Twin(collections.namedtuple("Twin", "inputs outputs kernel grid params")):
  """A Triton kernel whose arguments are pointers to the inputs and outputs
  ((shape, numpy dtype) each, in order) followed by constexprs; `params`
  holds the constexprs' values and the launch options (LAUNCH_OPTIONS)."""

  def launch(self, *tensors):
    """Runs the kernel on `tensors`: the inputs, then the outputs."""
    self.kernel[self.grid](*tensors, **self.params)

  def compile(self, capability=90):
    """Triton's ahead-of-time compilation for sm_<capability> (no GPU
    needed: the target is given, the wheel brings its own ptxas); the
    result's .asm holds ttir, ttgir, llir, ptx and cubin."""
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    constexprs = {k: v for k, v in self.params.items() if k not in LAUNCH_OPTIONS}
    pointers = [n for n in self.kernel.arg_names if n not in constexprs]
    operands = self.inputs + self.outputs
    if len(pointers) != len(operands):
      raise ValueError(f"{self.kernel.__name__}: {len(pointers)} pointer arguments, "
                       f"{len(operands)} operands")
    signature = {n: "*" + NUMPY_TO_TRITON[d.name] for n, (_, d) in zip(pointers, operands)}
    signature.update({n: "constexpr" for n in constexprs})
    return triton.compile(ASTSource(self.kernel, signature=signature, constexprs=constexprs),
                          target=GPUTarget("cuda", capability, 32),
                          options={k: v for k, v in self.params.items() if k in LAUNCH_OPTIONS})

TWINS = {}

F32, F16, I32 = np.dtype(np.float32), np.dtype(np.float16), np.dtype(np.int32)


@triton.jit
def _offsets(row0, col0, ROWS: tl.constexpr, COLS: tl.constexpr, STRIDE: tl.constexpr):
  # Row-major offsets of a ROWS x COLS tile at (row0, col0) of an array
  # with STRIDE elements per row.
  r = row0 + tl.arange(0, ROWS)
  c = col0 + tl.arange(0, COLS)
  return r[:, None] * STRIDE + c[None, :]


# --------------------------------------------------------------------------
# Elementwise and data movement.
# --------------------------------------------------------------------------


@triton.jit
def _elementwise_grid(x_ptr, y_ptr, o_ptr, N: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
  offs = _offsets(tl.program_id(0) * BM, tl.program_id(1) * BN, BM, BN, N)
  tl.store(o_ptr + offs, tl.load(x_ptr + offs) * tl.load(y_ptr + offs) + 1.0)


TWINS["gpu_elementwise_grid"] = Twin(
    [((128, 256), F32)] * 2, [((128, 256), F32)],
    _elementwise_grid, (2, 2), dict(N=256, BM=64, BN=128, num_warps=4))


@triton.jit
def _tma_barrier(x_ptr, o_ptr, HALF: tl.constexpr, N: tl.constexpr):
  # One program (the Pallas kernel is one CTA): each half, scaled by 3,
  # goes to the other half of the output.
  for h in tl.static_range(2):
    tile = tl.load(x_ptr + _offsets(h * HALF, 0, HALF, N, N))
    tl.store(o_ptr + _offsets((1 - h) * HALF, 0, HALF, N, N), tile * 3.0)


TWINS["gpu_tma_barrier"] = Twin(
    [((256, 128), F32)], [((256, 128), F32)],
    _tma_barrier, (1,), dict(HALF=128, N=128, num_warps=4))


@triton.jit
def _add_one(x_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr):
  offs = _offsets(0, 0, M, N, N)
  tl.store(o_ptr + offs, tl.load(x_ptr + offs) + 1.0)


TWINS["gpu_run_scoped"] = Twin(
    [((64, 128), F32)], [((64, 128), F32)],
    _add_one, (1,), dict(M=64, N=128, num_warps=4))


@triton.jit
def _add_column_index(x_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr):
  offs = _offsets(0, 0, M, N, N)
  col = tl.arange(0, N).to(tl.float32)
  tl.store(o_ptr + offs, tl.load(x_ptr + offs) + col[None, :])


TWINS["gpu_layout_cast"] = Twin(
    [((128, 128), F32)], [((128, 128), F32)],
    _add_column_index, (1,), dict(M=128, N=128, num_warps=4))


@triton.jit
def _sum_slabs(x_ptr, o_ptr, SLABS: tl.constexpr, M: tl.constexpr, N: tl.constexpr):
  acc = tl.zeros((M, N), tl.float32)
  for i in range(SLABS):
    acc += tl.load(x_ptr + _offsets(i * M, 0, M, N, N))
  tl.store(o_ptr + _offsets(0, 0, M, N, N), acc)


TWINS["gpu_fori_accumulate"] = Twin(
    [((256, 128), F32)], [((64, 128), F32)],
    _sum_slabs, (1,), dict(SLABS=4, M=64, N=128, num_warps=4))


@triton.jit
def _double_until_then_update(n_ptr, x_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr):
  bound = tl.load(n_ptr)
  c = tl.full((), 1, tl.int32)
  while c < bound:
    c = c * 2
  offs = _offsets(0, 0, M, N, N)
  x = tl.load(x_ptr + offs)
  tl.store(o_ptr + offs, tl.where(c > 16, x * 2.0, x - 1.0))


TWINS["gpu_while_cond"] = Twin(
    [((1,), I32), ((128, 128), F32)], [((128, 128), F32)],
    _double_until_then_update, (1,), dict(M=128, N=128, num_warps=4))


@triton.jit
def _add(x_ptr, y_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr):
  offs = _offsets(0, 0, M, N, N)
  tl.store(o_ptr + offs, tl.load(x_ptr + offs) + tl.load(y_ptr + offs))


# Two warpgroups, as the Pallas kernel's producer and consumer.
TWINS["gpu_warp_specialized"] = Twin(
    [((128, 128), F32)] * 2, [((128, 128), F32)],
    _add, (1,), dict(M=128, N=128, num_warps=8))


@triton.jit
def _replicate_rows(x_ptr, o_ptr, COPIES: tl.constexpr, M: tl.constexpr, N: tl.constexpr):
  # Program p (one per CTA of the Pallas kernel's two clusters of two)
  # writes output block p from input block p // COPIES.
  p = tl.program_id(0)
  tl.store(o_ptr + _offsets(p * M, 0, M, N, N), tl.load(x_ptr + _offsets(p // COPIES * M, 0, M, N, N)))


TWINS["gpu_cluster_multicast"] = Twin(
    [((128, 128), F32)], [((256, 128), F32)],
    _replicate_rows, (4,), dict(COPIES=2, M=64, N=128, num_warps=4))

# --------------------------------------------------------------------------
# Row reductions.
# --------------------------------------------------------------------------


@triton.jit
def _row_softmax(x_ptr, o_ptr, BM: tl.constexpr, N: tl.constexpr):
  offs = _offsets(tl.program_id(0) * BM, 0, BM, N, N)
  x = tl.load(x_ptr + offs)
  e = tl.exp(x - tl.max(x, axis=1)[:, None])
  tl.store(o_ptr + offs, e / tl.sum(e, axis=1)[:, None])


TWINS["gpu_row_softmax"] = Twin(
    [((256, 128), F32)], [((256, 128), F32)],
    _row_softmax, (4,), dict(BM=64, N=128, num_warps=4))


@triton.jit
def _layer_norm(x_ptr, w_ptr, b_ptr, o_ptr, BM: tl.constexpr, N: tl.constexpr, EPS: tl.constexpr):
  offs = _offsets(tl.program_id(0) * BM, 0, BM, N, N)
  x = tl.load(x_ptr + offs)
  xc = x - (tl.sum(x, axis=1) / N)[:, None]
  inv = tl.rsqrt(tl.sum(xc * xc, axis=1) / N + EPS)
  cols = tl.arange(0, N)
  y = xc * inv[:, None] * tl.load(w_ptr + cols)[None, :] + tl.load(b_ptr + cols)[None, :]
  tl.store(o_ptr + offs, y)


TWINS["gpu_layer_norm"] = Twin(
    [((128, 256), F32), ((256,), F32), ((256,), F32)], [((128, 256), F32)],
    _layer_norm, (2,), dict(BM=64, N=256, EPS=1e-5, num_warps=4))

# --------------------------------------------------------------------------
# Matmuls (tl.dot: WGMMA on Hopper).
# --------------------------------------------------------------------------


@triton.jit
def _matmul(a_ptr, b_ptr, o_ptr, N: tl.constexpr, K: tl.constexpr, BM: tl.constexpr,
            BN: tl.constexpr, BK: tl.constexpr):
  m0 = tl.program_id(0) * BM
  n0 = tl.program_id(1) * BN
  acc = tl.zeros((BM, BN), tl.float32)
  for k in range(0, K, BK):
    a = tl.load(a_ptr + _offsets(m0, k, BM, BK, K))
    b = tl.load(b_ptr + _offsets(k, n0, BK, BN, N))
    acc = tl.dot(a, b, acc)
  tl.store(o_ptr + _offsets(m0, n0, BM, BN, N), acc.to(o_ptr.dtype.element_ty))


# The Pallas kernel: 128x128x64 tiles, a (2, 2) grid, K pipelined two
# steps deep (max_concurrent_steps=2).
TWINS["gpu_wgmma_matmul"] = Twin(
    [((256, 256), F16)] * 2, [((256, 256), F16)],
    _matmul, (2, 2), dict(N=256, K=256, BM=128, BN=128, BK=64, num_warps=4, num_stages=2))


@triton.jit
def _matmul_twice_plus_transposed(a_ptr, b_ptr, o_ptr, T: tl.constexpr):
  # a is T x 2T; o = a[:, :T] @ b + a[:, T:] @ b + a[:, :T] @ b^T.
  a0 = tl.load(a_ptr + _offsets(0, 0, T, T, 2 * T))
  a1 = tl.load(a_ptr + _offsets(0, T, T, T, 2 * T))
  b = tl.load(b_ptr + _offsets(0, 0, T, T, T))
  acc = tl.dot(a0, b)
  acc = tl.dot(a1, b, acc)
  acc = tl.dot(a0, tl.trans(b), acc)
  tl.store(o_ptr + _offsets(0, 0, T, T, T), acc)


TWINS["gpu_wgmma_scoped"] = Twin(
    [((64, 128), F16), ((64, 64), F16)], [((64, 64), F32)],
    _matmul_twice_plus_transposed, (1,), dict(T=64, num_warps=4))

# --------------------------------------------------------------------------
# What Triton takes as a pointer argument.
# --------------------------------------------------------------------------


class DeviceTensor:
  """A CuPy array as a Triton pointer argument (Triton asks for
  `data_ptr()` and a `dtype` it can name; it needs no torch for this)."""

  def __init__(self, array):
    self.array = array
    self.dtype = array.dtype

  def data_ptr(self):
    return self.array.data.ptr


class _HostStorage:
  """The storage side of HostTensor: the interpreter copies a tensor's
  storage to the host (`cpu()`) before running and back (`copy_`) after;
  a numpy array already is host memory, so both are the array itself."""

  def __init__(self, array):
    self.array = array

  def data_ptr(self):
    return self.array.ctypes.data

  def cpu(self):
    return self

  def copy_(self, other):
    if other.array is not self.array:
      np.copyto(self.array, other.array)


class HostTensor:
  """A C-contiguous numpy array as a pointer argument for Triton's
  interpreter, which speaks torch's tensor protocol (untyped_storage,
  new_empty, set_) to move arguments to the host; the kernel then reads and
  writes the array through data_ptr()."""

  def __init__(self, array):
    if not array.flags.c_contiguous:
      raise ValueError("HostTensor needs a C-contiguous array")
    self.array = array
    self.dtype = array.dtype

  def data_ptr(self):
    return self.array.ctypes.data

  def untyped_storage(self):
    return _HostStorage(self.array)

  def storage_offset(self):
    return 0

  def size(self):
    return self.array.shape

  def stride(self, *dim):
    strides = tuple(s // self.array.itemsize for s in self.array.strides)
    return strides[dim[0]] if dim else strides

  def new_empty(self, *shape, **kwargs):
    return HostTensor(np.empty(0, self.array.dtype))

  def set_(self, storage, offset, size, stride):
    if offset != 0 or tuple(size) != storage.array.shape:
      raise ValueError("HostTensor views are whole arrays")
    self.array = storage.array
    return self


def run_on_host(name, inputs):
  """Runs twin `name` under Triton's interpreter on numpy `inputs` (cast to
  the twin's dtypes, shapes checked); returns its outputs."""
  twin = TWINS[name]
  if not triton.knobs.runtime.interpret:
    raise RuntimeError("run_on_host needs TRITON_INTERPRET=1 before triton is imported")
  if len(inputs) != len(twin.inputs):
    raise ValueError(f"{name}: {len(inputs)} inputs, the twin takes {len(twin.inputs)}")
  args = []
  for k, (x, (shape, dtype)) in enumerate(zip(inputs, twin.inputs)):
    if tuple(np.shape(x)) != shape:
      raise ValueError(f"{name}: input {k} has shape {np.shape(x)}, the twin takes {shape}")
    args.append(np.ascontiguousarray(x, dtype))
  outs = [np.full(shape, np.nan if dtype.kind == "f" else -1, dtype) for shape, dtype in twin.outputs]
  twin.launch(*[HostTensor(a) for a in args + outs])
  return outs
