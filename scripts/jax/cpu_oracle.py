#!/usr/bin/env python3
"""CPU oracle: our CPU reference against JAX's interpret mode, same inputs.

  .venv/bin/python scripts/jax/cpu_oracle.py [-v] [--pallas-opt P]
      [--pipeline FILE] [--mlir-runner R] [--keep DIR] [NAME...]

For every oracle kernel NAME (default: all but the SLOW ones, `--list`
prints them) there are two sides:

  JAX     a `pl.pallas_call` run on the CPU with
          `interpret=pltpu.InterpretParams(...)` (JAX 0.10.2's TPU interpret
          mode, which models VMEM, DMAs and semaphores); `element_pad` and
          two twins use `interpret=True` (the HLO interpreter), whose
          reading of `pl.Element` padding the CPU reference follows
          (README);
  ours    its pallas twin, a module holding only the `pallas.kernel` (and
          its `pallas.index_map`s), lowered by our CPU reference.

Three families of kernels:

  hand-written   a builder in this file (`@case`), twin examples/cpu/NAME.mlir
                 (outside lit's test/ and scripts/run-examples.sh's
                 examples/*.mlir, so these twins run only here);
  examples/tpu   the public kernels of jax.experimental.pallas.ops.tpu
                 (ops_*) and the tpu_* kernels: the builder NAME of
                 scripts/jax/tpu_kernels.py (public ones in public/*.py) is
                 run with `pl.pallas_call` patched (capture_pallas_call), so
                 that the one pallas_call the op makes runs in interpret mode
                 and its operands and outputs are recorded; the twin
                 examples/tpu/NAME.mlir gets exactly those operands. The mesh
                 kernels (ops_all_gather, tpu_ring_allgather) are not here;
  examples/sparsecore  the SparseCore kernels of scripts/jax/sc_kernels.py,
                 run with `pl.kernel` in interpret mode; most fail there, and
                 each has a numpy model written from the kernel's semantics.

Some twins compile for minutes on our side (SLOW, with the measured time):
they run only when named or with `--slow`.

Inputs are drawn once per kernel with numpy (a generator seeded from the
kernel's name, so every run and both sides see the same bits). For our side
the script appends to the twin a host `func.func @main` that copies every
input from a `memref.global` holding the exact bytes (a hex `dense`
literal), fills every output with a sentinel, runs `pallas.call` (dynamic
grid extents first, then scalar-prefetch operands, inputs, outputs, the
kernel's operand order), and prints each output flattened with
`printMemrefI32`, element by element widened to i32 exactly (f32 bit-cast,
bf16 extended to f32 then bit-cast, i8/i16 sign-extended, i1
zero-extended, ui32 reinterpreted), so floats come
back bit for bit rather than as printMemrefF32's 6 digits. It
lowers that with `pallas-opt -p 'builtin.module(convert-pallas-to-scf,
<scripts/cpu-pipeline.txt>)'`, runs it with `mlir-runner` and parses the
printed outputs.

Comparison, over the elements JAX defines only (a kernel may mark elements
no grid step writes, e.g. blocks a dynamic grid skips; they are
uninitialised in Pallas and JAX fills them with NaN):

  integers   exact;
  floats     bit-exact by default: those kernels use only correctly
             rounded IEEE operations (add, mul, negate, select, copies) in
             the same order on both sides, so any difference is a bug.
             8-bit float outputs (f8_arith, f8_formats) are compared by
             their bits too: a sum or product of two of them is exact in
             f32, so rounding it once to the 8-bit type gives the same bits
             whatever width each side computes in.
             A kernel may state a tolerance |ours - jax| <= atol + rtol*|jax|
             with its reason (Case.tolerance, per output or for all, printed
             with -v): dot products
             and row sums (XLA may add the terms in another order: a
             reordered sum of k terms of size <= 1 moves by at most about
             k * 2^-24 of the sum of magnitudes), XLA's contraction of
             `acc + x * w` into one FMA where we round twice, XLA's own
             exp/tanh approximations against ours (a few ulp each; our exp is
             pallas-expand-exp, within 1 ulp of exp rounded from f64, see
             bench/exp_accuracy.py; tanh is libm's), and
             `pl.reciprocal(approx=True)`, which JAX's interpret mode
             computes through bfloat16 while we divide exactly. NaN matches
             NaN.

             A tolerance may also be a bound per element (sum_bound: the
             classical bound on a sum of k products added in any order) or
             relative to an output's largest value (Scaled). The SparseCore
             models add in lane order, subcore by subcore (the order a
             sequential reading of the kernel gives), and our side matches
             them bit for bit.

A kernel JAX's interpret mode cannot run (Case.numpy_fn: `semaphores`, no
interpret rule for semaphore_read; most SparseCore kernels;
tpu_ref_reshape_bitcast, ref_bitcast_carried and ops_ragged_paged_attention,
whose ref reshape and bitcast the interpreter rejects) is compared with a model of it instead
(numpy, or JAX's own reference implementation of the op), and its line says
so with JAX's error; if JAX starts running it, JAX is used.

A kernel with a known bug of ours (Case.known_failure, with the reason)
must still fail: XFAIL; once it matches (XPASS) the check fails until the
mark is removed, so the list only shrinks.

Prints one line per kernel (match / MISMATCH / ERROR / XFAIL / XPASS, the
largest difference seen) and exits 1 if any kernel did not match (XFAIL
aside). `make cpu-check` (part of `make test`) runs it. -v prints the
first differing elements and the tolerances' reasons; --keep DIR writes the
generated modules and their printed outputs to DIR; --reuse DIR takes our
outputs from such a DIR instead of compiling again (to revisit tolerances
of the slow kernels); --pipeline FILE runs another upstream pipeline than
scripts/cpu-pipeline.txt.
"""
import argparse
import logging
import os
import re
import subprocess
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from typing import Callable, Optional

import ml_dtypes  # bfloat16 for numpy (a jax dependency)
import numpy as np

# The mesh kernels (see "Meshes" below) run on fake CPU devices; XLA reads
# the flag when jax is first imported. The other kernels run on device 0 as
# before.
MESH_DEVICES = 4
if "xla_force_host_platform_device_count" not in os.environ.get("XLA_FLAGS", ""):
    os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "")
                               + f" --xla_force_host_platform_device_count={MESH_DEVICES}").strip()

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TWINS = os.path.join(ROOT, "examples", "cpu")
LLVM_PREFIX = os.environ.get("LLVM_PREFIX", "/usr/lib/llvm-22")


# ---------------------------------------------------------------------------
# Kernel registry


@dataclass
class Case:
    """One oracle kernel: its inputs, the JAX side, what to compare."""

    name: str
    # In pallas.call order (grid extents are separate): ("prefetch"|"in", array).
    inputs: list
    # Output shapes and dtypes, in order.
    outputs: list
    # Runs the JAX side: jax_fn(*input arrays, *grid extents) -> tuple of outputs.
    jax_fn: Callable
    # Dynamic grid extents passed first to pallas.call.
    grid_extents: list = field(default_factory=list)
    # defined(outputs) -> list of bool masks (default: every element).
    defined: Optional[Callable] = None
    # (rtol, atol, reason) for float outputs; None: bit-exact. A list gives
    # one (or None) per output.
    tolerance: Optional[object] = None
    # For kernels JAX's interpret mode cannot run: numpy_fn(*inputs,
    # *grid extents) -> outputs, used only when jax_fn raises.
    numpy_fn: Optional[Callable] = None
    # What numpy_fn is, for the kernel's line.
    model: str = "numpy"
    # A known bug of ours, with its reason: the kernel must still fail
    # (XFAIL); once it matches, the check fails until this is removed.
    known_failure: Optional[str] = None
    # The pallas twin, relative to the repository (default:
    # examples/cpu/NAME.mlir).
    twin: Optional[str] = None


CASES = {}
# Kernels left out of the default run (and `make cpu-check`) because our
# side takes minutes, with the reason; `--slow` adds them.
SLOW = {}


def case(fn):
    """Registers a builder `fn(rng) -> Case` under its name."""
    CASES[fn.__name__] = fn
    return fn


def rng_for(name):
    return np.random.default_rng(zlib.crc32(name.encode()))


def uniform(rng, shape, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, size=shape).astype(np.float32)


def interpret(**kw):
    from jax.experimental.pallas import tpu as pltpu

    return pltpu.InterpretParams(**kw)


@case
def add(rng):
    import jax
    from jax.experimental import pallas as pl

    x, y = uniform(rng, (32, 128)), uniform(rng, (32, 128))

    def body(x_ref, y_ref, o_ref):
        o_ref[...] = x_ref[...] + y_ref[...]

    def run(x, y):
        spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
        return (pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(4,),
                               in_specs=[spec, spec], out_specs=spec, interpret=interpret())(x, y),)

    return Case("add", [("in", x), ("in", y)], [((32, 128), np.float32)], run)


def blocked_matmul(a, b, block):
    """C = A @ B over a (M/bm, N/bn, K/bk) grid of square `block`s, with an f32
    VMEM accumulator zeroed at k = 0 and written out at the last k."""
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    def body(a_ref, b_ref, o_ref, acc):
        k = pl.program_id(2)

        @pl.when(k == 0)
        def _():
            acc[...] = jnp.zeros_like(acc)

        acc[...] += jnp.dot(a_ref[...], b_ref[...], preferred_element_type=jnp.float32)

        @pl.when(k == pl.num_programs(2) - 1)
        def _():
            o_ref[...] = acc[...]

    (m, k), n = a.shape, b.shape[1]
    return (pl.pallas_call(
        body, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        grid=(m // block, n // block, k // block),
        in_specs=[pl.BlockSpec((block, block), lambda i, j, k: (i, k)),
                  pl.BlockSpec((block, block), lambda i, j, k: (k, j))],
        out_specs=pl.BlockSpec((block, block), lambda i, j, k: (i, j)),
        scratch_shapes=[pltpu.VMEM((block, block), jnp.float32)],
        interpret=interpret())(a, b),)


@case
def matmul(rng):
    a, b = uniform(rng, (16, 16)), uniform(rng, (16, 16))
    return Case("matmul", [("in", a), ("in", b)], [((16, 16), np.float32)],
                lambda a, b: blocked_matmul(a, b, 8),
                tolerance=(1e-5, 1e-5, "a dot product: XLA may sum the 16 products "
                           "in another order than our loops"))


@case
def gather(rng):
    import jax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    ids = rng.integers(0, 4, size=(4,)).astype(np.int32)
    x = uniform(rng, (16, 4))

    def body(ids_ref, x_ref, o_ref):
        o_ref[...] = x_ref[...]

    def run(ids, x):
        spec = pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1, grid=(4,),
            in_specs=[pl.BlockSpec((4, 4), lambda i, ids: (ids[i], 0))],
            out_specs=pl.BlockSpec((4, 4), lambda i, ids: (i, 0)))
        return (pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                               grid_spec=spec, interpret=interpret())(ids, x),)

    return Case("gather", [("prefetch", ids), ("in", x)], [((16, 4), np.float32)], run)


@case
def dynamic_grid(rng):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    x = rng.integers(-1000, 1000, size=(12, 4)).astype(np.int32)
    steps = 4

    def body(x_ref, o_ref):
        o_ref[...] = x_ref[...] * pl.num_programs(0) + pl.program_id(0)

    @jax.jit
    def run(x, n):
        spec = pl.BlockSpec((2, 4), lambda i: (i, 0))
        return (pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(n,),
                               in_specs=[spec], out_specs=spec, interpret=interpret())(x),)

    def defined(outs):
        m = np.zeros(outs[0].shape, bool)
        m[:2 * steps] = True  # the steps visit row blocks 0..steps-1 only
        return [m]

    return Case("dynamic_grid", [("in", x)], [((12, 4), np.int32)],
                lambda x, n: run(x, jnp.int32(n)), grid_extents=[steps], defined=defined)


@case
def dma_double_buffer(rng):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    x = uniform(rng, (32, 8))

    def body(x_hbm, o_ref, buf, sem):
        def copy(c, slot):
            return pltpu.make_async_copy(x_hbm.at[pl.ds(c * 8, 8)], buf.at[slot], sem.at[slot])

        copy(0, 0).start()
        for c in range(4):
            slot = c % 2
            if c + 1 < 4:
                copy(c + 1, (c + 1) % 2).start()
            copy(c, slot).wait()
            o_ref[pl.ds(c * 8, 8), :] = buf[slot] * 2.0

    def run(x):
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(1,),
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec((32, 8), lambda i: (0, 0)),
            scratch_shapes=[pltpu.VMEM((2, 8, 8), jnp.float32), pltpu.SemaphoreType.DMA((2,))],
            interpret=interpret())(x),)

    return Case("dma_double_buffer", [("in", x)], [((32, 8), np.float32)], run)


@case
def masked_iota(rng):
    import jax
    import jax.numpy as jnp
    from jax import lax
    from jax.experimental import pallas as pl

    x = uniform(rng, (32, 8))

    def body(x_ref, o_ref):
        rows = lax.broadcasted_iota(jnp.int32, (8, 8), 0) + pl.program_id(0) * 8
        cols = lax.broadcasted_iota(jnp.int32, (8, 8), 1)
        v = x_ref[...]
        o_ref[...] = jnp.where(rows + cols < 21, v, -v)

    def run(x):
        spec = pl.BlockSpec((8, 8), lambda i: (i, 0))
        return (pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(4,),
                               in_specs=[spec], out_specs=spec, interpret=interpret())(x),)

    return Case("masked_iota", [("in", x)], [((32, 8), np.float32)], run)


@case
def int32_ops(rng):
    import jax
    import jax.numpy as jnp
    from jax import lax
    from jax.experimental import pallas as pl

    info = np.iinfo(np.int32)
    x = rng.integers(info.min, info.max, size=(16, 8), endpoint=True).astype(np.int32)
    y = rng.integers(info.min, info.max, size=(16, 8), endpoint=True).astype(np.int32)

    def body(x_ref, y_ref, o_ref):
        a, b = x_ref[...], y_ref[...]
        s = ((a * 7) ^ b) + lax.shift_right_arithmetic(a, jnp.int32(3))
        o_ref[...] = jnp.maximum(s, b) & jnp.int32(0x7FFFFFFF)

    def run(x, y):
        spec = pl.BlockSpec((8, 8), lambda i: (i, 0))
        return (pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2,),
                               in_specs=[spec, spec], out_specs=spec, interpret=interpret())(x, y),)

    return Case("int32_ops", [("in", x), ("in", y)], [((16, 8), np.int32)], run)


@case
def unroll(rng):
    import jax
    import jax.numpy as jnp
    from jax import lax
    from jax.experimental import pallas as pl

    x = uniform(rng, (8, 128))

    def body(x_ref, o_ref):
        def step(r, acc):
            w = (r + 1).astype(jnp.float32)
            return acc + x_ref[r, :] * w

        acc = lax.fori_loop(0, 8, step, jnp.zeros((128,), jnp.float32), unroll=3)
        o_ref[0, :] = acc

    def run(x):
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct((1, 128), jnp.float32), grid=(1,),
            in_specs=[pl.BlockSpec((8, 128), lambda i: (0, 0))],
            out_specs=pl.BlockSpec((1, 128), lambda i: (0, 0)), interpret=interpret())(x),)

    # JAX's side differs from ours in the last bit for about a third of the
    # lanes: XLA's CPU backend contracts acc + x * w into one fused
    # multiply-add (one rounding), our lowering rounds the product and the sum
    # separately. Checked with numpy: summing float64 products rounded once
    # per step gives JAX's bits exactly, an all-float32 sum gives ours. The
    # 8 steps each differ by at most half an ulp of the running sum (|sum| <
    # 40, ulp 2^-19 at most), so 1e-6 relative + 1e-5 absolute bounds it.
    return Case("unroll", [("in", x)], [((1, 128), np.float32)], run,
                tolerance=(1e-6, 1e-5, "XLA fuses acc + x * w into an FMA, we round twice"))


@case
def named_scope(rng):
    import jax
    from jax.experimental import pallas as pl

    x = uniform(rng, (16, 8))

    def body(x_ref, o_ref):
        xv = x_ref[...]
        with jax.named_scope("affine"):
            v = xv * 2.0 + 1.0
        with jax.named_scope("product"):
            o_ref[...] = v * xv

    def run(x):
        spec = pl.BlockSpec((8, 8), lambda i: (i, 0))
        return (pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2,),
                               in_specs=[spec], out_specs=spec, interpret=interpret())(x),)

    return Case("named_scope", [("in", x)], [((16, 8), np.float32)], run)


@case
def oversized_block(rng):
    import jax
    from jax.experimental import pallas as pl

    x = uniform(rng, (2, 3))

    def body(x_ref, o_ref):
        v = x_ref[...]
        o_ref[...] = v + v

    def run(x):
        spec = pl.BlockSpec((2, 8), lambda i: (0, 0))
        return (pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(1,),
                               in_specs=[spec], out_specs=spec,
                               interpret=interpret(out_of_bounds_reads="uninitialized"))(x),)

    return Case("oversized_block", [("in", x)], [((2, 3), np.float32)], run)


@case
def squeezed_fill(rng):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    def body(o_ref):
        v = pl.program_id(0).astype(jnp.float32) * 10.0 + pl.program_id(1).astype(jnp.float32)
        o_ref[...] = jnp.full((4, 128), v, jnp.float32)

    def run():
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct((2, 8, 1, 1), jnp.float32), grid=(2, 2),
            out_specs=pl.BlockSpec((None, 4, None, 128), lambda b, h: (b, h, 0, 0)),
            interpret=interpret())(),)

    return Case("squeezed_fill", [], [((2, 8, 1, 1), np.float32)], run)


@case
def elementwise_math(rng):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    x, y = uniform(rng, (16, 8), -4.0, 4.0), uniform(rng, (16, 8), -3.0, 3.0)

    def body(x_ref, y_ref, o_ref):
        a, b = x_ref[...], y_ref[...]
        o_ref[...] = jnp.exp(a) * 0.5 + jnp.maximum(a, 0.0) - jnp.tanh(b)

    def run(x, y):
        spec = pl.BlockSpec((8, 8), lambda i: (i, 0))
        return (pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2,),
                               in_specs=[spec, spec], out_specs=spec, interpret=interpret())(x, y),)

    return Case("elementwise_math", [("in", x), ("in", y)], [((16, 8), np.float32)], run,
                tolerance=(1e-6, 4e-6, "exp and tanh: XLA's approximations vs ours, "
                           "each within a few ulp; the sum of terms up to 32 can cancel, so "
                           "the absolute part is 2 ulp of 32 (2^-18)"))


@case
def semaphores(rng):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    x = uniform(rng, (32, 8))

    def body(x_ref, o_ref, sem):
        i = pl.program_id(0)
        pl.semaphore_signal(sem.at[0], i + 1)
        pl.semaphore_signal(sem.at[1], 2)
        pl.semaphore_wait(sem.at[1], 1)
        s0 = pl.semaphore_read(sem.at[0]).astype(jnp.float32)
        s1 = pl.semaphore_read(sem.at[1]).astype(jnp.float32)
        o_ref[...] = x_ref[...] * s0 + s1

    def run(x):
        spec = pl.BlockSpec((8, 8), lambda i: (i, 0))
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(4,),
            in_specs=[spec], out_specs=spec,
            scratch_shapes=[pltpu.SemaphoreType.REGULAR((2,))],
            compiler_params=pltpu.CompilerParams(dimension_semantics=("arbitrary",)),
            interpret=interpret())(x),)

    def model(x):
        # Counts after step i: sem[0] = (i + 1)(i + 2) / 2, sem[1] = i + 1.
        o = np.empty_like(x)
        for i in range(4):
            s0, s1 = np.float32((i + 1) * (i + 2) // 2), np.float32(i + 1)
            o[8 * i:8 * i + 8] = x[8 * i:8 * i + 8] * s0 + s1
        return (o,)

    # JAX 0.10.2's TPU interpret mode has no rule for semaphore_read.
    return Case("semaphores", [("in", x)], [((32, 8), np.float32)], run, numpy_fn=model)


@case
def ref_bitcast_carried(rng):
    """A width-changing ref bitcast whose view is carried through scf.for
    and scf.if in the twin (JAX has no refs in loop carries: its kernel
    uses the view directly, the same accesses)."""
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    x = uniform(rng, (16, 128)).astype(ml_dtypes.bfloat16)

    def body(x_ref, o_ref, p_ref):
        p_ref[...] = x_ref[...]
        w = p_ref.bitcast(jnp.int32)
        for _ in range(2):
            w[...] = w[...] + 1
        o_ref[...] = w[...]

    def run(x):
        return pl.pallas_call(
            body, out_shape=(jax.ShapeDtypeStruct((8, 128), jnp.int32),
                             jax.ShapeDtypeStruct((16, 128), jnp.bfloat16)),
            interpret=interpret())(x)

    def model(x):
        # Word r of a column: rows 2r (low half) and 2r + 1 (high half).
        u = x.view(np.uint16).astype(np.uint32)
        words = (u[0::2] | (u[1::2] << 16)) + np.uint32(2)
        p = np.empty_like(u)
        p[0::2], p[1::2] = words & 0xFFFF, words >> 16
        return words.view(np.int32), p.astype(np.uint16).view(ml_dtypes.bfloat16)

    return Case("ref_bitcast_carried", [("in", x)],
                [((8, 128), np.dtype(np.int32)), ((16, 128), np.dtype(ml_dtypes.bfloat16))],
                run, numpy_fn=model)


@case
def dot_transpose(rng):
    import jax
    import jax.numpy as jnp
    from jax import lax
    from jax.experimental import pallas as pl

    x, y = uniform(rng, (16, 32)), uniform(rng, (24, 32))

    def body(x_ref, y_ref, o_ref):
        o_ref[...] = lax.dot_general(x_ref[...], y_ref[...], (((1,), (1,)), ((), ())),
                                     preferred_element_type=jnp.float32)

    def run(x, y):
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct((16, 24), jnp.float32), grid=(2, 3),
            in_specs=[pl.BlockSpec((8, 32), lambda i, j: (i, 0)),
                      pl.BlockSpec((8, 32), lambda i, j: (j, 0))],
            out_specs=pl.BlockSpec((8, 8), lambda i, j: (i, j)), interpret=interpret())(x, y),)

    return Case("dot_transpose", [("in", x), ("in", y)], [((16, 24), np.float32)], run,
                tolerance=(1e-5, 1e-5, "a dot product: XLA may sum the 32 products "
                           "in another order (or fused) than our loops"))


@case
def two_outputs(rng):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    x = uniform(rng, (16, 8), -100.0, 100.0)

    def body(x_ref, q_ref, r_ref, t_ref):
        s = x_ref[...] * 8.0
        q = s.astype(jnp.int32)  # truncation toward zero, like arith.fptosi
        q_ref[...] = q
        r_ref[...] = s - q.astype(jnp.float32)
        t_ref[...] = jnp.full((1, 8), pl.program_id(0), jnp.int32)

    def run(x):
        spec = pl.BlockSpec((4, 8), lambda i: (i, 0))
        return pl.pallas_call(
            body, out_shape=(jax.ShapeDtypeStruct((16, 8), jnp.int32),
                             jax.ShapeDtypeStruct((16, 8), jnp.float32),
                             jax.ShapeDtypeStruct((4, 8), jnp.int32)),
            grid=(4,), in_specs=[spec],
            out_specs=(spec, spec, pl.BlockSpec((1, 8), lambda i: (i, 0))),
            interpret=interpret())(x)

    return Case("two_outputs", [("in", x)],
                [((16, 8), np.int32), ((16, 8), np.float32), ((4, 8), np.int32)], run)


@case
def revisited_output(rng):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    x = uniform(rng, (32, 8))

    def body(x_ref, o_ref):
        j = pl.program_id(1)

        @pl.when(j == 0)
        def _():
            o_ref[...] = x_ref[...]

        @pl.when(j > 0)
        def _():
            v = o_ref[...]
            o_ref[...] = v + jnp.sum(v, axis=1, keepdims=True)

    def run(x):
        spec = pl.BlockSpec((8, 8), lambda i, j: (i, 0))
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(4, 3),
            in_specs=[spec], out_specs=spec,
            compiler_params=pltpu_params(("parallel", "arbitrary")),
            interpret=interpret())(x),)

    return Case("revisited_output", [("in", x)], [((32, 8), np.float32)], run,
                tolerance=(1e-5, 1e-5, "row sums of 8: XLA may add them in another "
                           "order than vector.reduction's sequential one"))


@case
def vector_ops(rng):
    import jax
    import jax.numpy as jnp
    from jax._src.pallas.mosaic.primitives import repeat  # pltpu.repeat, unexported in 0.10.2
    from jax.experimental import pallas as pl

    x = uniform(rng, (8, 8), 0.5, 2.0)

    def body(x_ref, o_ref):
        a = x_ref[...]
        c = jnp.concatenate([pl.reciprocal(a, approx=True), a], axis=1)
        o_ref[...] = repeat(c, 2, 0)

    def run(x):
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct((16, 16), jnp.float32), grid=(2,),
            in_specs=[pl.BlockSpec((4, 8), lambda i: (i, 0))],
            out_specs=pl.BlockSpec((8, 16), lambda i: (i, 0)), interpret=interpret())(x),)

    # JAX's interpret mode models the approximate reciprocal as a bfloat16
    # one (x and 1/x each rounded to bf16's 8 significant bits, at most
    # 2^-9 relative each, so about 2^-8 together); our CPU reference divides
    # exactly. Both are valid readings of "approximate"; the tolerance is
    # twice that bound.
    return Case("vector_ops", [("in", x)], [((16, 16), np.float32)], run,
                tolerance=(2.0 ** -7, 0.0, "approx reciprocal: JAX rounds through bfloat16, "
                           "we divide exactly"))


@case
def run_scoped(rng):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    x = uniform(rng, (16, 8))

    def body(x_hbm, o_ref):
        row = pl.program_id(0) * 8

        def scope(buf, sem):
            copy = pltpu.make_async_copy(x_hbm.at[pl.ds(row, 8)], buf, sem)
            copy.start()
            copy.wait()
            o_ref[...] = buf[...] * 3.0
            return buf[0, 0]

        first = pl.run_scoped(scope, pltpu.VMEM((8, 8), jnp.float32), pltpu.SemaphoreType.DMA(()))
        o_ref[0, 0] = o_ref[0, 0] + first

    def run(x):
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2,),
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec((8, 8), lambda i: (i, 0)),
            compiler_params=pltpu_params(("arbitrary",)), interpret=interpret())(x),)

    return Case("run_scoped", [("in", x)], [((16, 8), np.float32)], run)


@case
def transpose(rng):
    import jax
    from jax.experimental import pallas as pl

    x = uniform(rng, (16, 24))

    def body(x_ref, o_ref):
        o_ref[...] = x_ref[...].T

    def run(x):
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct((24, 16), x.dtype), grid=(2, 3),
            in_specs=[pl.BlockSpec((8, 8), lambda i, j: (i, j))],
            out_specs=pl.BlockSpec((8, 8), lambda i, j: (j, i)), interpret=interpret())(x),)

    return Case("transpose", [("in", x)], [((24, 16), np.float32)], run)


@case
def int_divrem(rng):
    import jax
    import jax.numpy as jnp
    from jax import lax
    from jax.experimental import pallas as pl

    x = rng.integers(-10**6, 10**6, size=(16, 8)).astype(np.int32)
    y = rng.integers(1, 10**6, size=(16, 8)).astype(np.int32)
    y *= rng.choice(np.array([-1, 1], np.int32), size=(16, 8))

    def body(x_ref, y_ref, q_ref, r_ref):
        a, b = x_ref[...], y_ref[...]
        q_ref[...] = lax.div(a, b)
        r_ref[...] = lax.rem(a, b) + lax.shift_right_logical(a, jnp.int32(5))

    def run(x, y):
        spec = pl.BlockSpec((8, 8), lambda i: (i, 0))
        shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return pl.pallas_call(body, out_shape=(shape, shape), grid=(2,), in_specs=[spec, spec],
                              out_specs=(spec, spec), interpret=interpret())(x, y)

    return Case("int_divrem", [("in", x), ("in", y)], [((16, 8), np.int32)] * 2, run)


@case
def collatz(rng):
    import jax
    import jax.numpy as jnp
    from jax import lax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    n = rng.integers(1, 1000, size=(8,)).astype(np.int32)

    def body(n_ref, o_ref):
        def cond(c):
            return c[0] != 1

        def step(c):
            v, k = c
            return jnp.where(v % 2 == 1, 3 * v + 1, v // 2), k + 1

        _, k = lax.while_loop(cond, step, (n_ref[pl.program_id(0)], jnp.int32(0)))
        o_ref[...] = jnp.full((1, 128), k, jnp.int32)

    def run(n):
        spec = pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1, grid=(8,), in_specs=[],
            out_specs=pl.BlockSpec((1, 128), lambda i, n: (i, 0)))
        return (pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32),
                               grid_spec=spec, interpret=interpret())(n),)

    return Case("collatz", [("prefetch", n)], [((8, 128), np.int32)], run)


def bf16_f32_rows(body, x, y):
    """`body` over (8, 128) row blocks of two (16, 128) inputs, with a bf16
    and an f32 (16, 128) output (the mixed-precision kernels)."""
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.pallas_call(
        body, out_shape=(jax.ShapeDtypeStruct((16, 128), jnp.bfloat16),
                         jax.ShapeDtypeStruct((16, 128), jnp.float32)),
        grid=(2,), in_specs=[spec, spec], out_specs=(spec, spec),
        interpret=interpret())(x, y)


@case
def bf16_mixed(rng):
    import jax.numpy as jnp

    x = uniform(rng, (16, 128), -4.0, 4.0).astype(ml_dtypes.bfloat16)
    y = uniform(rng, (16, 128), -4.0, 4.0)

    def body(x_ref, y_ref, a_ref, d_ref):
        xf = x_ref[...].astype(jnp.float32)
        y = y_ref[...]
        a_ref[...] = (xf * y + 1.0).astype(jnp.bfloat16)
        d_ref[...] = xf - y

    def run(x, y):
        return bf16_f32_rows(body, x, y)

    # xf * y + 1 may be fused into one FMA by XLA (see `unroll`); after the
    # rounding to bf16 the two can still land on neighbouring bf16 values
    # when the f32 results straddle a bf16 rounding boundary: one bf16 ulp
    # (2^-7 relative) is allowed.
    return Case("bf16_mixed", [("in", x), ("in", y)],
                [((16, 128), ml_dtypes.bfloat16), ((16, 128), np.float32)], run,
                tolerance=[(2.0 ** -7, 0.0, "a possible FMA before the bf16 rounding: "
                            "one bf16 ulp"), None])


F8_E4M3FN, F8_E5M2, F8_B11 = (ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2,
                               ml_dtypes.float8_e4m3b11fnuz)


def every_encoding(rng, shape, dtype, width=8):
    """Random `width`-bit patterns as `dtype` (a byte each), the first
    2^width being every encoding in order."""
    n = 1 << width
    bits = rng.integers(0, n, size=shape).astype(np.uint8)
    bits.flat[:n] = np.arange(n)
    return bits.view(dtype)


@case
def f8_arith(rng):
    """8-bit floats: products and sums rounded per op, every encoding
    widened, f32 rounded to three formats, a row max. Bit-exact: an f8 sum
    or product is exact in f32, so rounding it once to f8 is the correctly
    rounded result whatever width the two sides compute in."""
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    x = every_encoding(rng, (16, 128), F8_E4M3FN)
    y = every_encoding(rng, (16, 128), F8_E5M2)
    # Magnitudes from far below the subnormals to past every format's
    # largest value; the first entries are ties and specials.
    mag = np.exp2(rng.uniform(-22.0, 18.0, size=(16, 128)))
    s = (mag * rng.choice([-1.0, 1.0], size=(16, 128))).astype(np.float32)
    s.flat[:16] = [464.0, 480.0, -464.0, 61440.0, 57344.0, 1.0625, 1.1875, -2.0 ** -10,
                   2.0 ** -10 * 1.5, np.nan, np.inf, -np.inf, 0.0, -0.0, 30.0, 31.0]
    # Just off ties (rounded once, not through f16, which would land on the
    # tie and round to even).
    s.flat[16:20] = [1.0625 + 2.0 ** -20, 1.0625 - 2.0 ** -20, 1.125 + 2.0 ** -20,
                     -1.125 - 2.0 ** -20]

    def body(x_ref, y_ref, s_ref, a_ref, b_ref, c_ref, d_ref, e_ref, f_ref, g_ref, m_ref):
        xv, yv, sv = x_ref[...], y_ref[...], s_ref[...]
        a_ref[...] = xv * xv + xv
        b_ref[...] = yv * yv - yv
        c_ref[...] = xv.astype(jnp.float32)
        d_ref[...] = yv.astype(jnp.float32)
        e_ref[...] = sv.astype(F8_E4M3FN)
        f_ref[...] = sv.astype(F8_E5M2)
        g_ref[...] = sv.astype(F8_B11)
        m_ref[...] = jnp.max(xv, axis=1)

    blk = pl.BlockSpec((8, 128), lambda i: (i, 0))
    kinds = [F8_E4M3FN, F8_E5M2, np.float32, np.float32, F8_E4M3FN, F8_E5M2, F8_B11]
    outputs = [((16, 128), np.dtype(k)) for k in kinds] + [((16,), np.dtype(F8_E4M3FN))]

    def run(x, y, s):
        return pl.pallas_call(
            body, grid=(2,), in_specs=[blk] * 3,
            out_specs=[blk] * 7 + [pl.BlockSpec((8,), lambda i: (i,))],
            out_shape=[jax.ShapeDtypeStruct(sh, d) for sh, d in outputs],
            interpret=interpret())(x, y, s)

    return Case("f8_arith", [("in", x), ("in", y), ("in", s)], outputs, run)


F8_OTHERS = [ml_dtypes.float8_e4m3fnuz, ml_dtypes.float8_e5m2fnuz, ml_dtypes.float8_e4m3,
             ml_dtypes.float8_e3m4]


@case
def f8_formats(rng):
    """The other 8-bit float formats: every encoding widened, x * x + x
    rounded per op, f32 rounded to each. Bit-exact, as f8_arith."""
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    xs = [every_encoding(rng, (16, 128), t) for t in F8_OTHERS]
    mag = np.exp2(rng.uniform(-22.0, 18.0, size=(16, 128)))
    s = (mag * rng.choice([-1.0, 1.0], size=(16, 128))).astype(np.float32)
    s.flat[:12] = [240.0, 248.0, 256.0, 15.5, 16.0, np.nan, np.inf, -np.inf, 0.0, -0.0,
                   2.0 ** -12, -2.0 ** -17]

    def body(*refs):
        ins, (s_ref,), widened, squared, rounded = (refs[:4], refs[4:5], refs[5:9], refs[9:13],
                                                    refs[13:])
        for k, t in enumerate(F8_OTHERS):
            v = ins[k][...]
            widened[k][...] = v.astype(jnp.float32)
            squared[k][...] = v * v + v
            rounded[k][...] = s_ref[...].astype(t)

    outputs = ([((16, 128), np.dtype(np.float32))] * 4
               + [((16, 128), np.dtype(t)) for t in F8_OTHERS] * 2)

    def run(*args):
        return pl.pallas_call(
            body, out_shape=[jax.ShapeDtypeStruct(sh, d) for sh, d in outputs],
            interpret=interpret())(*args)

    return Case("f8_formats", [("in", x) for x in xs] + [("in", s)], outputs, run)


@case
def f8_dot(rng):
    """An f8E4M3FN matmul accumulated in f32: the products are exact, the
    sums may be added in another order (sum_bound); with an f8E4M3FN result
    too (XLA rounds the f32 sums to f16, then to f8E4M3FN; so do we)."""
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    x = uniform(rng, (16, 64), -4.0, 4.0).astype(F8_E4M3FN)
    y = uniform(rng, (64, 256), -4.0, 4.0).astype(F8_E4M3FN)

    def body(x_ref, y_ref, o_ref, q_ref):
        o_ref[...] = jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)
        q_ref[...] = jnp.dot(x_ref[...], y_ref[...], preferred_element_type=F8_E4M3FN)

    def run(x, y):
        spec = pl.BlockSpec((16, 128), lambda j: (0, j))
        return pl.pallas_call(
            body, out_shape=(jax.ShapeDtypeStruct((16, 256), jnp.float32),
                             jax.ShapeDtypeStruct((16, 256), F8_E4M3FN)), grid=(2,),
            in_specs=[pl.BlockSpec((16, 64), lambda j: (0, 0)),
                      pl.BlockSpec((64, 128), lambda j: (0, j))],
            out_specs=(spec, spec), interpret=interpret())(x, y)

    # The f8 result: sums that differ in their last f32 bits (another order)
    # may round to neighbouring f8E4M3FN values, one ulp apart (2^-3 of the
    # value, 2^-9 among subnormals).
    return Case("f8_dot", [("in", x), ("in", y)],
                [((16, 256), np.dtype(np.float32)), ((16, 256), np.dtype(F8_E4M3FN))], run,
                tolerance=[dot_tolerance(sum_bound(f32(x), f32(y))),
                           (2.0 ** -3, 2.0 ** -9, "an f32 sum in another order may round to "
                            "a neighbouring f8E4M3FN value: one ulp")])


@case
def f4_arith(rng):
    """f4E2M1FN: x * x + x rounded per op (saturating), every encoding
    widened, f32 rounded to it; an int4 copy. Bit-exact, as f8_arith."""
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    F4 = ml_dtypes.float4_e2m1fn
    x = every_encoding(rng, (16, 128), F4, width=4)
    mag = np.exp2(rng.uniform(-4.0, 4.0, size=(16, 128)))
    s = (mag * rng.choice([-1.0, 1.0], size=(16, 128))).astype(np.float32)
    s.flat[:12] = [0.25, 0.75, 1.25, 2.5, 3.5, 5.0, 7.0, np.nan, np.inf, -np.inf, -0.0, 0.2]
    k = rng.integers(-8, 8, size=(16, 128)).astype(ml_dtypes.int4)

    def body(x_ref, s_ref, k_ref, a_ref, c_ref, e_ref, kk_ref):
        xv = x_ref[...]
        a_ref[...] = xv * xv + xv
        c_ref[...] = xv.astype(jnp.float32)
        e_ref[...] = s_ref[...].astype(F4)
        kk_ref[...] = k_ref[...]

    blk = pl.BlockSpec((8, 128), lambda i: (i, 0))
    outputs = [((16, 128), np.dtype(F4)), ((16, 128), np.dtype(np.float32)),
               ((16, 128), np.dtype(F4)), ((16, 128), np.dtype(ml_dtypes.int4))]

    def run(x, s, k):
        return pl.pallas_call(
            body, grid=(2,), in_specs=[blk] * 3, out_specs=[blk] * 4,
            out_shape=[jax.ShapeDtypeStruct(sh, d) for sh, d in outputs],
            interpret=interpret())(x, s, k)

    return Case("f4_arith", [("in", x), ("in", s), ("in", k)], outputs, run)


@case
def e8m0_arith(rng):
    """f8E8M0FNU: (x * x) / x rounded per op, every encoding widened, f32
    rounded to it (halves up, as XLA). Bit-exact, as f8_arith."""
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    E8M0 = ml_dtypes.float8_e8m0fnu
    x = every_encoding(rng, (16, 128), E8M0)
    mag = np.exp2(rng.uniform(-130.0, 130.0, size=(16, 128)))
    with np.errstate(over="ignore"):  # past f32's range: infinity, wanted
        s = (mag * rng.choice([-1.0, 1.0, 1.0, 1.0], size=(16, 128))).astype(np.float32)
    s.flat[:14] = [0.75, 1.5, 3.0, 6.0, 1.4999999, 2.0 ** -127, 2.0 ** -128, 1.5 * 2.0 ** -127,
                   1.5 * 2.0 ** -126, 1.7e38, 3.0e38, 0.0, np.nan, np.inf]

    def body(x_ref, s_ref, a_ref, c_ref, e_ref):
        xv = x_ref[...]
        a_ref[...] = (xv * xv) / xv
        c_ref[...] = xv.astype(jnp.float32)
        e_ref[...] = s_ref[...].astype(E8M0)

    blk = pl.BlockSpec((8, 128), lambda i: (i, 0))
    outputs = [((16, 128), np.dtype(E8M0)), ((16, 128), np.dtype(np.float32)),
               ((16, 128), np.dtype(E8M0))]

    def run(x, s):
        return pl.pallas_call(
            body, grid=(2,), in_specs=[blk] * 2, out_specs=[blk] * 3,
            out_shape=[jax.ShapeDtypeStruct(sh, d) for sh, d in outputs],
            interpret=interpret())(x, s)

    return Case("e8m0_arith", [("in", x), ("in", s)], outputs, run)


@case
def bf16_math(rng):
    import jax.numpy as jnp

    x = uniform(rng, (16, 128), -3.0, 3.0).astype(ml_dtypes.bfloat16)
    y = uniform(rng, (16, 128), -3.0, 3.0)

    def body(x_ref, y_ref, e_ref, m_ref):
        xb = x_ref[...]
        xf = xb.astype(jnp.float32)
        e_ref[...] = jnp.exp(xf).astype(jnp.bfloat16) * jnp.abs(xb)
        m_ref[...] = jnp.maximum(jnp.abs(y_ref[...]), xf)

    def run(x, y):
        return bf16_f32_rows(body, x, y)

    # exp: XLA's approximation against ours (a few f32 ulp) can flip a
    # bf16 rounding, and the bf16 product rounds again: two bf16 ulp.
    return Case("bf16_math", [("in", x), ("in", y)],
                [((16, 128), ml_dtypes.bfloat16), ((16, 128), np.float32)], run,
                tolerance=[(2.0 ** -6, 0.0, "exp (XLA vs ours) before a bf16 rounding, "
                            "then a bf16 product: two bf16 ulp"), None])


@case
def element_pad(rng):
    import jax
    from jax.experimental import pallas as pl

    x = uniform(rng, (32,))

    def body(x_ref, y_ref):
        y_ref[...] = x_ref[0:8] + x_ref[1:9] + x_ref[2:10]

    def run(x):
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(4,),
            in_specs=[pl.BlockSpec((pl.Element(10, (1, 1)),), lambda i: (i * 8,))],
            out_specs=pl.BlockSpec((8,), lambda i: (i,)),
            interpret=True)(x),)

    # JAX's HLO interpreter (interpret=True), not the TPU interpret mode: the
    # latter ignores Element padding in 0.10.2 and starts window i at x[8i]
    # (README, "The dialect in brief": the CPU reference follows
    # interpret=True and JAX's own Element-padding tests, i.e. x[8i - 1]).
    return Case("element_pad", [("in", x)], [((32,), np.float32)], run)


def _softmax_body(x_ref, o_ref):
    import jax.numpy as jnp

    v = x_ref[...]
    e = jnp.exp(v - jnp.max(v, axis=-1, keepdims=True))
    o_ref[...] = e / jnp.sum(e, axis=-1, keepdims=True)


# exp: XLA's approximation vs ours (a few ulp); the sum of 16 terms in
# [0, 1] (one of them 1) in another order: up to about 16 ulp of the sum;
# the division one more: together well under 1e-5 relative for results
# that are at least 2^-4 of the largest; atol covers the small ones.
SOFTMAX_TOL = (1e-5, 1e-7, "exp (XLA vs ours) and a 16-term sum in another order")


@case
def softmax_rows(rng):
    import jax
    from jax.experimental import pallas as pl

    x = uniform(rng, (8, 16), -3.0, 3.0)

    def run(x):
        spec = pl.BlockSpec((None, 16), lambda i: (i, 0))
        return (pl.pallas_call(_softmax_body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                               grid=(8,), in_specs=[spec], out_specs=spec,
                               interpret=interpret())(x),)

    return Case("softmax_rows", [("in", x)], [((8, 16), np.float32)], run, tolerance=SOFTMAX_TOL)


@case
def softmax_2d(rng):
    import jax
    from jax.experimental import pallas as pl

    x = uniform(rng, (16, 16), -3.0, 3.0)

    def run(x):
        spec = pl.BlockSpec((8, 16), lambda i: (i, 0))
        return (pl.pallas_call(_softmax_body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                               grid=(2,), in_specs=[spec], out_specs=spec,
                               interpret=interpret())(x),)

    return Case("softmax_2d", [("in", x)], [((16, 16), np.float32)], run, tolerance=SOFTMAX_TOL)


@case
def masked_swap(rng):
    import jax
    import jax.numpy as jnp
    from jax._src.pallas.primitives import swap  # the masked ref swap, unexported in 0.10.2
    from jax.experimental import pallas as pl

    x, y = uniform(rng, (16, 8)), uniform(rng, (16, 8))

    def body(x_ref, y_ref, o_ref, p_ref):
        a, b = x_ref[...], y_ref[...]
        o_ref[...] = a
        m = b > a
        old = swap(o_ref, (slice(None), slice(None)), b, mask=m)
        p_ref[...] = jnp.where(m, old, 0.0)

    def run(x, y):
        spec = pl.BlockSpec((8, 8), lambda i: (i, 0))
        shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return pl.pallas_call(body, out_shape=(shape, shape), grid=(2,), in_specs=[spec, spec],
                              out_specs=(spec, spec), interpret=interpret())(x, y)

    return Case("masked_swap", [("in", x), ("in", y)], [((16, 8), np.float32)] * 2, run)


@case
def dma_out(rng):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    s = rng.integers(-5, 6, size=(4,)).astype(np.int32)
    x = uniform(rng, (32, 8))

    def body(s_ref, x_ref, o_hbm, buf, sem):
        i = pl.program_id(0)
        buf[...] = (x_ref[...] + i.astype(jnp.float32)) * s_ref[i].astype(jnp.float32)
        copy = pltpu.make_async_copy(buf, o_hbm.at[pl.ds((3 - i) * 8, 8)], sem)
        copy.start()
        copy.wait()

    def run(s, x):
        spec = pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1, grid=(4,),
            in_specs=[pl.BlockSpec((8, 8), lambda i, s: (i, 0))],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.VMEM((8, 8), jnp.float32), pltpu.SemaphoreType.DMA(())])
        return (pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                               grid_spec=spec, interpret=interpret())(s, x),)

    return Case("dma_out", [("prefetch", s), ("in", x)], [((32, 8), np.float32)], run)


@case
def batched_matmul(rng):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    a, w = uniform(rng, (3, 8, 16)), uniform(rng, (3, 16, 8))

    def body(a_ref, w_ref, o_ref):
        o_ref[...] = jnp.dot(a_ref[...], w_ref[...], preferred_element_type=jnp.float32)

    def run(a, w):
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct((3, 8, 8), jnp.float32), grid=(3,),
            in_specs=[pl.BlockSpec((None, 8, 16), lambda b: (b, 0, 0)),
                      pl.BlockSpec((None, 16, 8), lambda b: (b, 0, 0))],
            out_specs=pl.BlockSpec((None, 8, 8), lambda b: (b, 0, 0)),
            interpret=interpret())(a, w),)

    return Case("batched_matmul", [("in", a), ("in", w)], [((3, 8, 8), np.float32)], run,
                tolerance=(1e-5, 1e-5, "a dot product: XLA may sum the 16 products "
                           "in another order (or fused) than our loops"))


@case
def int8_matmul(rng):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    a = rng.integers(-128, 128, size=(16, 64)).astype(np.int8)
    b = rng.integers(-128, 128, size=(64, 16)).astype(np.int8)

    def body(a_ref, b_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.dot(a_ref[...], b_ref[...], preferred_element_type=jnp.int32)

    def run(a, b):
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct((16, 16), jnp.int32), grid=(2, 2, 2),
            in_specs=[pl.BlockSpec((8, 32), lambda i, j, k: (i, k)),
                      pl.BlockSpec((32, 8), lambda i, j, k: (k, j))],
            out_specs=pl.BlockSpec((8, 8), lambda i, j, k: (i, j)),
            compiler_params=pltpu_params(("parallel", "parallel", "arbitrary")),
            interpret=interpret())(a, b),)

    return Case("int8_matmul", [("in", a), ("in", b)], [((16, 16), np.int32)], run)


@case
def matmul_tile(rng):
    """A TPU-sized bf16 matmul (128x128 tiles, f32 accumulator): the CPU
    reference's dot is a loop nest, so full tiles compile and run fast."""
    import jax.numpy as jnp

    a = np.asarray(uniform(rng, (256, 256)).astype(jnp.bfloat16))
    b = np.asarray(uniform(rng, (256, 256)).astype(jnp.bfloat16))
    return Case("matmul_tile", [("in", a), ("in", b)], [((256, 256), np.float32)],
                lambda a, b: blocked_matmul(a, b, 128),
                tolerance=(1e-5, 1e-4, "a dot product of 256 bf16 products accumulated in "
                           "f32: XLA may sum them in another order than our loops"))


@case
def roll(rng):
    """pltpu.roll along the lanes and along the rows, by static shifts."""
    import jax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    x = uniform(rng, (8, 128))

    def body(x_ref, lanes_ref, rows_ref):
        v = x_ref[...]
        lanes_ref[...] = pltpu.roll(v, 3, 1)
        rows_ref[...] = pltpu.roll(v, 5, 0)

    def run(x):
        shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return tuple(pl.pallas_call(body, out_shape=(shape, shape), interpret=interpret())(x))

    return Case("roll", [("in", x)], [((8, 128), np.float32), ((8, 128), np.float32)], run)


@case
def large_1d(rng):
    """A 1-D block of 2^18 f32 (1 MiB): elementwise with an iota, a masked
    swap, and a roll. The CPU reference computes it in 64-lane chunks
    (pallas-row-loops takes a long 1-D vector as one row; whole, LLVM's
    instruction selection aborts from 2^16 elements)."""
    import jax
    import jax.numpy as jnp
    from jax import lax
    from jax._src.pallas.primitives import swap  # the masked ref swap, unexported in 0.10.2
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    n = 1 << 18
    x = uniform(rng, (n,))

    def body(x_ref, o_ref, r_ref, p_ref):
        v = x_ref[...]
        i = lax.broadcasted_iota(jnp.int32, v.shape, 0)
        o_ref[...] = v * 2.0 + i.astype(jnp.float32)
        m = v > 0.0
        old = swap(o_ref, (slice(None),), v, mask=m)
        p_ref[...] = jnp.where(m, old, 0.0)
        r_ref[...] = pltpu.roll(v, 1000, 0)

    def run(x):
        shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return tuple(pl.pallas_call(body, out_shape=(shape, shape, shape),
                                    interpret=interpret())(x))

    return Case("large_1d", [("in", x)], [((n,), np.float32)] * 3, run)


@case
def large_nested(rng):
    """1-D values of 2^18 f32 computed in the kernel's block and used only
    in nested regions: two rolls and an elementwise result stored, reduced
    and combined under `pl.when` (two deep, one value defined in the outer
    `pl.when`), in a `run_scoped` body and in `fori_loop` bodies (one
    carrying a 2^18-element sum), and one yielded by a `lax.cond`. The CPU
    reference hands each on through memory (pallas-row-loops), so that
    every use runs in 64-lane chunks."""
    import jax
    import jax.numpy as jnp
    from jax import lax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    n = 1 << 18
    x = uniform(rng, (n,))

    def body(x_ref, a_ref, b_ref, c_ref, d_ref, m_ref, f_ref, g_ref):
        v = x_ref[...]
        r = pltpu.roll(v, 1000, 0)
        q = pltpu.roll(v, 7, 0)
        e = (v + 1.0) * 2.0
        first = pl.program_id(0) == 0

        @pl.when(first)
        def _():
            a_ref[...] = r
            m_ref[...] = jnp.full((8,), jnp.max(e), jnp.float32)
            w = r - v

            @pl.when(first)
            def _():
                d_ref[...] = (w + e) * 3.0

        def scope(buf):
            buf[...] = e
            b_ref[...] = buf[...] + r

        pl.run_scoped(scope, pltpu.VMEM((n,), jnp.float32))
        c_ref[...] = v

        def step(i, carry):
            c_ref[...] = c_ref[...] + q
            return carry

        lax.fori_loop(0, 3, step, 0)
        f_ref[...] = lax.fori_loop(0, 3, lambda i, acc: acc + q, v)
        g_ref[...] = lax.cond(first, lambda: q + v, lambda: q - v)

    def run(x):
        big = jax.ShapeDtypeStruct((n,), x.dtype)
        lanes = jax.ShapeDtypeStruct((8,), x.dtype)
        return tuple(pl.pallas_call(body, out_shape=(big,) * 4 + (lanes, big, big), grid=(1,),
                                    interpret=interpret())(x))

    return Case("large_nested", [("in", x)],
                [((n,), np.float32)] * 4 + [((8,), np.float32)] + [((n,), np.float32)] * 2,
                run)


@case
def large_2d(rng):
    """A (1024, 512) f32 block (2 MiB): a select on iotas of both dims, a
    roll along the rows, a transpose and a concatenation, in loops over
    rows and 64-lane chunks on the CPU reference."""
    import jax
    import jax.numpy as jnp
    from jax import lax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    x = uniform(rng, (1024, 512))

    def body(x_ref, o_ref, r_ref, t_ref, c_ref):
        v = x_ref[...]
        rows = lax.broadcasted_iota(jnp.int32, v.shape, 0)
        cols = lax.broadcasted_iota(jnp.int32, v.shape, 1)
        o_ref[...] = jnp.where((rows + cols) % 3 == 0, v, -v) + cols.astype(jnp.float32)
        r_ref[...] = pltpu.roll(v, 5, 0)
        t_ref[...] = v.T
        c_ref[...] = jnp.concatenate([v * 2.0, v], axis=1)

    def run(x):
        shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
        t = jax.ShapeDtypeStruct((512, 1024), x.dtype)
        c = jax.ShapeDtypeStruct((1024, 1024), x.dtype)
        return tuple(pl.pallas_call(body, out_shape=(shape, shape, t, c),
                                    interpret=interpret())(x))

    return Case("large_2d", [("in", x)],
                [((1024, 512), np.float32), ((1024, 512), np.float32), ((512, 1024), np.float32),
                 ((1024, 1024), np.float32)],
                run)


# ---------------------------------------------------------------------------
# Meshes: kernels inside jax.shard_map over MESH_DEVICES fake CPU devices.
# Our twins take every operand as the devices' local arrays stacked on a
# leading axis (README, CPU reference); JAX's shard_map takes the same bytes
# as one array concatenated along rows (in_specs P(axes)) and returns the
# devices' outputs concatenated the same way. JAX's TPU interpret mode runs
# the devices as threads; its DMAs run eagerly (dma_execution_mode="eager"),
# as ours do: with the default "on_wait" mode JAX 0.10.2 leaves slots of the
# ring all-gather's output uninitialised (NaN) that the eager mode and the
# kernel's logic fill.


def mesh_call(kernel, x, out_block, scratch, axes=("x",), shape=(MESH_DEVICES,), grid=(),
              in_specs=None, out_specs=None, memory_space=None, dtype=np.float32):
    """Runs `kernel` as a pallas_call per device of a mesh `shape` named
    `axes`; x is the stacked (devices, ...) input, out_block one device's
    output shape (of `dtype`). Returns the stacked (devices, ...) output."""
    import jax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu
    from jax.sharding import Mesh, PartitionSpec as P

    n = int(np.prod(shape))
    vmem = pl.BlockSpec(memory_space=memory_space or pltpu.VMEM)

    def local(xs):
        return pl.pallas_call(
            kernel, out_shape=jax.ShapeDtypeStruct(out_block, dtype), grid=grid,
            in_specs=in_specs or [vmem], out_specs=out_specs or vmem,
            scratch_shapes=scratch,
            compiler_params=pltpu.CompilerParams(collective_id=0),
            interpret=interpret(dma_execution_mode="eager"))(xs)

    mesh = Mesh(np.array(jax.devices()[:n]).reshape(shape), axes)
    flat = x.reshape((n * x.shape[1],) + x.shape[2:])
    out = jax.shard_map(local, mesh=mesh, in_specs=P(axes), out_specs=P(axes),
                        check_vma=False)(flat)
    return np.asarray(out).reshape((n,) + tuple(out_block))


@case
def tpu_ring_allgather(rng):
    """Ring all-gather over a 1-D mesh of 4 devices: barrier handshake with
    both neighbours, then 3 remote DMAs of one slot to the right neighbour
    (scripts/jax/tpu_kernels.py's tpu_ring_allgather with interpret mode)."""
    from jax import lax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    n = MESH_DEVICES
    x = uniform(rng, (n, 8, 128))

    def kernel(x_ref, o_ref, send_sem, recv_sem):
        me = lax.axis_index("x")
        right = lax.rem(me + 1, n)
        left = lax.rem(me + n - 1, n)
        barrier = pltpu.get_barrier_semaphore()
        pl.semaphore_signal(barrier, 1, device_id=(left,), device_id_type=pl.DeviceIdType.MESH)
        pl.semaphore_signal(barrier, 1, device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
        pl.semaphore_wait(barrier, 2)
        o_ref[me] = x_ref[...]

        def step(i, carry):
            slot = lax.rem(me - i + n, n)
            cp = pltpu.make_async_remote_copy(o_ref.at[slot], o_ref.at[slot], send_sem, recv_sem,
                                              device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
            cp.start()
            cp.wait()
            return carry

        lax.fori_loop(0, n - 1, step, 0)

    def run(x):
        from jax.experimental.pallas import tpu as pltpu

        return (mesh_call(kernel, x, (n, 8, 128), [pltpu.SemaphoreType.DMA] * 2),)

    return Case("tpu_ring_allgather", [("in", x)], [((n, n, 8, 128), np.float32)], run)


def all_gather_case(rng, name, memory_space=None):
    """The public all_gather kernel (ag_kernel, used as is) over a 1-D mesh
    of MESH_DEVICES devices with (16, 128) shards, its operands in
    `memory_space` (the op's default, VMEM, when None)."""
    import functools

    import jax
    from jax.experimental.pallas import tpu as pltpu
    from jax.experimental.pallas.ops.tpu.all_gather import ag_kernel
    from jax.sharding import Mesh

    n = MESH_DEVICES
    x = uniform(rng, (n, 16, 128))

    def run(x):
        mesh = Mesh(np.array(jax.devices()[:n]), ("x",))
        kernel = functools.partial(ag_kernel, axis_name="x", mesh=mesh)
        sems = ((pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA),
                (pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA))
        return (mesh_call(kernel, x, (n, 16, 128), sems, memory_space=memory_space),)

    return Case(name, [("in", x)], [((n, n, 16, 128), np.float32)], run)


@case
def ops_all_gather(rng):
    """jax.experimental.pallas.ops.tpu.all_gather's kernel over a 1-D mesh
    of 4 devices: the public op's pallas_call with interpret mode and every
    device's output."""
    return all_gather_case(rng, "ops_all_gather")


@case
def ops_all_gather_hbm(rng):
    """ops_all_gather with the public op's other memory space,
    memory_space=pl.ANY: input and output stay in HBM and every copy,
    the local one included, is a DMA between HBM refs."""
    from jax.experimental import pallas as pl

    return all_gather_case(rng, "ops_all_gather_hbm", memory_space=pl.ANY)


@case
def mesh_2d_exchange(rng):
    """A 2x2 mesh ("x", "y") with a grid of 2 row blocks: at each step a
    device first meets the device at the transposed coordinates at the
    barrier semaphore (so that it runs the kernel before data arrives), then
    sends its input block to the device at the transposed
    coordinates (remote DMA, mesh coordinates), combines what it receives
    with its own block (loaded before the wait), its coordinates and the
    step (recv * 2 + own + 1000 * id + 100 * step: the product is exact, so
    XLA's fused multiply-add rounds as our two ops do), then acknowledges to that device (semaphore_signal with a logical
    device id) and waits for its acknowledgement before the next step."""
    from jax import lax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    n = MESH_DEVICES
    x = uniform(rng, (n, 16, 128))

    def kernel(x_ref, o_ref, recv, send_sem, recv_sem, ack):
        i = lax.axis_index("x")
        j = lax.axis_index("y")
        barrier = pltpu.get_barrier_semaphore()
        pl.semaphore_signal(barrier, 1, device_id=(j, i), device_id_type=pl.DeviceIdType.MESH)
        pl.semaphore_wait(barrier, 1)
        v = x_ref[...]
        cp = pltpu.make_async_remote_copy(x_ref, recv, send_sem, recv_sem, device_id=(j, i),
                                          device_id_type=pl.DeviceIdType.MESH)
        cp.start()
        cp.wait()
        me = (i * 2 + j).astype(np.float32)
        step = pl.program_id(0).astype(np.float32)
        o_ref[...] = recv[...] * 2.0 + v + me * 1000.0 + step * 100.0
        pl.semaphore_signal(ack, 1, device_id=j * 2 + i, device_id_type=pl.DeviceIdType.LOGICAL)
        pl.semaphore_wait(ack, 1)

    def run(x):
        from jax.experimental import pallas as pl
        from jax.experimental.pallas import tpu as pltpu

        spec = pl.BlockSpec((8, 128), lambda s: (s, 0))
        scratch = [pltpu.VMEM((8, 128), np.float32), pltpu.SemaphoreType.DMA,
                   pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.REGULAR]
        return (mesh_call(kernel, x, (16, 128), scratch, axes=("x", "y"), shape=(2, 2),
                          grid=(2,), in_specs=[spec], out_specs=spec),)

    return Case("mesh_2d_exchange", [("in", x)], [((n, 16, 128), np.float32)], run)


@case
def mesh_core_signal(rng):
    """A ring of 4 devices with a grid of 2 row blocks whose signals name
    the target device's TensorCore (core_index=0: the device's own core in
    JAX's interpret mode, num_cores_per_device=1, and on the CPU reference,
    one TensorCore per device) and whose receive buffer and DMA semaphores
    are run_scoped allocations. At each step a device enters the scope,
    signals its left neighbour that it is ready, waits for its right
    neighbour, sends its block into the right neighbour's scoped buffer
    (remote DMA), writes recv * 2 + own + 1000 * id + 100 * step, then
    signals its left neighbour that it has read the block and waits for its
    right neighbour's signal before leaving the scope."""
    from jax import lax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    n = MESH_DEVICES
    x = uniform(rng, (n, 16, 128))

    def kernel(x_ref, o_ref, ack):
        me = lax.axis_index("x")
        right = lax.rem(me + 1, n)
        left = lax.rem(me + n - 1, n)
        mesh = pl.DeviceIdType.MESH

        def scope(recv, send_sem, recv_sem):
            barrier = pltpu.get_barrier_semaphore()
            pl.semaphore_signal(barrier, 1, device_id=(left,), device_id_type=mesh, core_index=0)
            pl.semaphore_wait(barrier, 1)
            v = x_ref[...]
            cp = pltpu.make_async_remote_copy(x_ref, recv, send_sem, recv_sem,
                                              device_id=(right,), device_id_type=mesh)
            cp.start()
            cp.wait()
            step = pl.program_id(0).astype(np.float32)
            o_ref[...] = recv[...] * 2.0 + v + me.astype(np.float32) * 1000.0 + step * 100.0
            pl.semaphore_signal(ack, 1, device_id=(left,), device_id_type=mesh, core_index=0)
            pl.semaphore_wait(ack, 1)

        pl.run_scoped(scope, pltpu.VMEM((8, 128), np.float32), pltpu.SemaphoreType.DMA,
                      pltpu.SemaphoreType.DMA)

    def run(x):
        from jax.experimental import pallas as pl
        from jax.experimental.pallas import tpu as pltpu

        spec = pl.BlockSpec((8, 128), lambda s: (s, 0))
        return (mesh_call(kernel, x, (16, 128), [pltpu.SemaphoreType.REGULAR], grid=(2,),
                          in_specs=[spec], out_specs=spec),)

    return Case("mesh_core_signal", [("in", x)], [((n, 16, 128), np.float32)], run)


# The devices of a mesh kernel take turns on the CPU reference (each runs
# until it finishes or blocks in a wait, mesh_schedule.rs); these kernels
# wait under control flow that depends on the device.


def ring_barrier(n):
    """The barrier handshake with both ring neighbours (as the public
    kernels do before remote traffic)."""
    from jax import lax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    me = lax.axis_index("x")
    barrier = pltpu.get_barrier_semaphore()
    mesh = pl.DeviceIdType.MESH
    pl.semaphore_signal(barrier, 1, device_id=(lax.rem(me + n - 1, n),), device_id_type=mesh)
    pl.semaphore_signal(barrier, 1, device_id=(lax.rem(me + 1, n),), device_id_type=mesh)
    pl.semaphore_wait(barrier, 2)


@case
def mesh_root_gather(rng):
    """Device 0 gathers: under pl.when(me == 0) it tells every other device
    it is ready (semaphore signals) and waits for their blocks (one remote
    DMA wait each), then writes x_0 + x_1 + x_2 + x_3 (in that order); under
    pl.when(me != 0) a device waits for device 0's signal, sends its block
    into device 0's slot `me` and waits for the send. Every device first
    writes x + me. Only some devices wait at each wait."""
    from jax import lax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    n = MESH_DEVICES
    x = uniform(rng, (n, 8, 128))

    def kernel(x_ref, o_ref, slots, send_sem, recv_sem, ready):
        me = lax.axis_index("x")
        mesh = pl.DeviceIdType.MESH
        o_ref[...] = x_ref[...] + me.astype(np.float32)

        @pl.when(me == 0)
        def _():
            for d in range(1, n):
                pl.semaphore_signal(ready, 1, device_id=(d,), device_id_type=mesh)
            for d in range(1, n):
                pltpu.make_async_remote_copy(x_ref, slots.at[d], send_sem, recv_sem,
                                             device_id=(d,), device_id_type=mesh).wait_recv()
            acc = x_ref[...]
            for d in range(1, n):
                acc = acc + slots[d]
            o_ref[...] = acc

        @pl.when(me != 0)
        def _():
            pl.semaphore_wait(ready, 1)
            cp = pltpu.make_async_remote_copy(x_ref, slots.at[me], send_sem, recv_sem,
                                              device_id=(0,), device_id_type=mesh)
            cp.start()
            cp.wait_send()

    def run(x):
        scratch = [pltpu.VMEM((n, 8, 128), np.float32), pltpu.SemaphoreType.DMA,
                   pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.REGULAR]
        return (mesh_call(kernel, x, (8, 128), scratch),)

    return Case("mesh_root_gather", [("in", x)], [((n, 8, 128), np.float32)], run)


@case
def mesh_staircase(rng):
    """A wait in a loop whose trip count is the device's index: device d
    runs d steps, each waiting for a signal from device d - 1 and (but for
    the last device) signalling device d + 1, then signals d + 1 once more,
    so device d + 1 gets the d + 1 signals its loop waits for. The loop
    carries acc + x * (i + 1) (int32, device-dependent); o = acc + d. The
    twin writes the loop as scf.while."""
    from jax import lax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    n = MESH_DEVICES
    x = rng.integers(-1000, 1000, size=(n, 8, 128)).astype(np.int32)

    def kernel(x_ref, o_ref, sem):
        me = lax.axis_index("x")
        mesh = pl.DeviceIdType.MESH
        ring_barrier(n)

        def signal_right():
            @pl.when(me < n - 1)
            def _():
                pl.semaphore_signal(sem, 1, device_id=(me + 1,), device_id_type=mesh)

        def step(i, acc):
            pl.semaphore_wait(sem, 1)
            signal_right()
            return acc + x_ref[...] * (i + 1)

        acc = lax.fori_loop(0, me, step, jnp.zeros((8, 128), jnp.int32))
        signal_right()
        o_ref[...] = acc + me

    def run(x):
        from jax.experimental.pallas import tpu as pltpu

        return (mesh_call(kernel, x, (8, 128), [pltpu.SemaphoreType.REGULAR], dtype=np.int32),)

    return Case("mesh_staircase", [("in", x)], [((n, 8, 128), np.int32)], run)


@case
def mesh_prng(rng):
    """The PRNG on a mesh with waits: each device seeds with its index and
    draws a, meets its neighbours at the barrier (the devices take turns
    there on the CPU reference), sends its block to its right neighbour
    (remote DMA) and draws b, then seeds again and draws a2, b2. A device's
    stream must not see the others' seeds: o = recv + (0 if a == a2 and
    b == b2 else 1000000). The bits themselves are not compared (JAX
    0.10.2's interpret mode draws zeros; ours are a software Threefry,
    prng.rs; run_mesh_prng.mlir checks them against jax.random's
    threefry_2x32); the property holds for both."""
    from jax import lax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    n = MESH_DEVICES
    x = rng.integers(-1000, 1000, size=(n, 8, 128)).astype(np.int32)

    def kernel(x_ref, o_ref, recv, send_sem, recv_sem):
        me = lax.axis_index("x")
        pltpu.prng_seed(me)
        a = pltpu.prng_random_bits((8, 128))
        ring_barrier(n)
        cp = pltpu.make_async_remote_copy(x_ref, recv, send_sem, recv_sem,
                                          device_id=(lax.rem(me + 1, n),),
                                          device_id_type=pl.DeviceIdType.MESH)
        cp.start()
        cp.wait()
        b = pltpu.prng_random_bits((8, 128))
        pltpu.prng_seed(me)
        a2 = pltpu.prng_random_bits((8, 128))
        b2 = pltpu.prng_random_bits((8, 128))
        same = (a == a2) & (b == b2)
        o_ref[...] = recv[...] + jnp.where(same, 0, 1000000).astype(jnp.int32)

    def run(x):
        scratch = [pltpu.VMEM((8, 128), np.int32), pltpu.SemaphoreType.DMA,
                   pltpu.SemaphoreType.DMA]
        return (mesh_call(kernel, x, (8, 128), scratch, dtype=np.int32),)

    return Case("mesh_prng", [("in", x)], [((n, 8, 128), np.int32)], run)


def pltpu_params(semantics):
    from jax.experimental.pallas import tpu as pltpu

    return pltpu.CompilerParams(dimension_semantics=semantics)


# ---------------------------------------------------------------------------
# Twins of examples/tpu/: the public kernels (ops_*) and the tpu_* kernels
#
# examples/tpu/NAME.mlir mirrors the one pallas_call that the builder NAME of
# scripts/jax/tpu_kernels.py (public ops: scripts/jax/public/*.py) issues.
# The builders call the op itself, which computes the pallas_call's operands
# (padding, reshapes, broadcast segment ids, scalar-prefetch metadata)
# around it, often under jit. So the JAX side runs the builder on drawn
# arguments with `pl.pallas_call` patched: the call runs in TPU interpret
# mode, and a debug callback records the operands it receives, its dynamic
# grid extents and its outputs. Our side gets exactly those operands, and
# the twin's outputs are compared with the recorded ones.


def _tpu_kernels():
    here = os.path.dirname(os.path.abspath(__file__))
    if here not in sys.path:
        sys.path.insert(0, here)
    import tpu_kernels

    return tpu_kernels


def _to_host(x):
    x = np.asarray(x)
    return x


def capture_pallas_call(fn, args, mode=None):
    """Runs fn(*args) with its (single) `pl.pallas_call` in interpret mode
    (`mode`: the `interpret=` value, default TPU interpret mode); returns
    (dynamic grid extents, operands, outputs), outputs being the exception
    JAX raised if it could not run the kernel. The operands are taken in a
    first run where the call returns zeros, so that they are known even when
    the interpreter fails."""
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    orig = pl.pallas_call
    calls = []

    def record(*xs):
        calls.append([np.asarray(x) for x in xs])

    def patched_for(run_kernel):
        def patched(kernel, *a, **kw):
            spec = kw.get("grid_spec")
            grid = spec.grid if spec is not None else kw.get("grid", ())
            grid = tuple(grid) if isinstance(grid, (tuple, list)) else (grid,)
            out_shape = kw["out_shape"] if "out_shape" in kw else a[0]
            if run_kernel:
                kw["interpret"] = interpret() if mode is None else mode
                inner = orig(kernel, *a, **kw)

            def call(*operands):
                if run_kernel:
                    outs = inner(*operands)
                    jax.debug.callback(record, *jax.tree.leaves(outs))
                    return outs
                dyn = [g for g in grid if not isinstance(g, int)]
                # The dynamic extents first, then the operands.
                jax.debug.callback(record, jnp.asarray(len(dyn)), *dyn,
                                   *jax.tree.leaves(operands))
                return jax.tree.map(lambda s: jnp.zeros(s.shape, s.dtype), out_shape)

            return call

        return patched

    def run(run_kernel):
        calls.clear()
        # A jitted op traced in the other run must be traced again.
        jax.clear_caches()
        pl.pallas_call = patched_for(run_kernel)
        try:
            jax.block_until_ready(fn(*args))
            jax.effects_barrier()
        finally:
            pl.pallas_call = orig
        if len(calls) != 1:
            raise RuntimeError(f"expected one pallas_call, the builder made {len(calls)}")
        return calls[0]

    first = run(False)
    ndyn = int(first[0])
    # JAX logs the traceback of a failing interpreter callback before it
    # raises; the error itself is reported on the kernel's line.
    log = logging.getLogger("jax._src.callback")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        outs = run(True)
    except Exception as e:  # JAX's interpreter cannot run it
        outs = e
    finally:
        log.setLevel(level)
    return first[1:1 + ndyn], first[1 + ndyn:], outs


def draw(rng, sds):
    """A random array for a jax.ShapeDtypeStruct of floating type."""
    dtype = np.dtype(sds.dtype)
    if dtype.kind == "f" or dtype == ml_dtypes.bfloat16:
        return uniform(rng, sds.shape).astype(dtype)
    if dtype == np.uint32:
        return rng.integers(0, 2**32, size=sds.shape, dtype=np.uint64).astype(np.uint32)
    raise ValueError(f"no default distribution for {dtype}{list(sds.shape)}: "
                     "give the twin case its own arguments")


def tpu_twin(name, make_args=None, tolerance=None, mode=None, numpy_fn=None, slow=None,
             **case_kw):
    """Registers the twin examples/tpu/NAME.mlir of builder NAME.
    make_args(rng, sds list) -> arguments (default: `draw` for each);
    tolerance: as Case.tolerance, or a function of the builder's arguments
    giving it (for bounds that depend on the data, sum_bound); mode: the
    `interpret=` value (default TPU interpret mode); numpy_fn: a model of
    the pallas_call (its operands -> its outputs) for when JAX fails."""

    def build(rng):
        fn, sds_args = _tpu_kernels().KERNELS[name]()
        args = make_args(rng, sds_args) if make_args else [draw(rng, s) for s in sds_args]
        import jax
        import jax.numpy as jnp

        dyn, operands, outs = capture_pallas_call(fn, [jnp.asarray(a) for a in args], mode)
        if isinstance(outs, Exception):
            if numpy_fn is None:
                raise outs
            error = outs

            def jax_fn(*_):
                raise error

            shapes = jax.eval_shape(fn, *[jnp.asarray(a) for a in args])
            outputs = [(o.shape, np.dtype(o.dtype)) for o in numpy_fn(*operands)]
        else:
            def jax_fn(*_):
                return outs

            outputs = [(o.shape, o.dtype) for o in outs]
        tol = tolerance(*args) if callable(tolerance) else tolerance
        if isinstance(tol, Scaled):
            tol = [(tol.rtol, tol.fraction * float(np.max(np.abs(f32(o)))), tol.reason)
                   for o in outs]
        return Case(name, [("in", o) for o in operands], outputs, jax_fn,
                    grid_extents=[int(d) for d in dyn], tolerance=tol, numpy_fn=numpy_fn,
                    twin=os.path.join("examples", "tpu", name + ".mlir"), **case_kw)

    build.__name__ = name
    CASES[name] = build
    if slow:
        SLOW[name] = slow


U32 = 2.0 ** -24  # unit roundoff of f32
BF16_ULP = 2.0 ** -7  # spacing of bf16 relative to the value, at most


def sum_bound(a, b):
    """Per-element bound on |ours - JAX| for a = x @ y summed in f32 over k
    terms in any order: each side is within k * 2^-24 * (|x| @ |y|) of the
    exact sum (the classical bound for recursive summation, whatever the
    order), so the two differ by at most twice that."""
    a, b = np.abs(np.asarray(a, np.float64)), np.abs(np.asarray(b, np.float64))
    return 2 * a.shape[-1] * U32 * (a @ b)


def dot_tolerance(bound, bf16_out=False):
    reason = ("a dot product accumulated in f32: JAX (XLA) and our loops may add the "
              "k products in different orders; atol is 2 k 2^-24 sum_k |x_k y_k| per "
              "element (sum_bound)")
    if bf16_out:
        return (BF16_ULP, bound, reason + "; the output is then rounded to bf16, where "
                "values that close may round to neighbouring bf16 values (rtol 2^-7)")
    return (0.0, bound, reason)


def gmm_bound(lhs, rhs, sizes, transpose_rhs=False):
    """sum_bound of megablox gmm: rows of group g times rhs[g]."""
    out, start = [], 0
    for g, n in enumerate(sizes):
        r = rhs[g].T if transpose_rhs else rhs[g]
        out.append(sum_bound(lhs[start:start + n], r))
        start += n
    return np.concatenate(out)


def tgmm_bound(lhs, rhs, sizes):
    """sum_bound of megablox tgmm: out[g] = lhs[:, rows of g] @ rhs[rows of g]
    (an empty group is zero: bound 0)."""
    out, start = [], 0
    for n in sizes:
        out.append(sum_bound(lhs[:, start:start + n], rhs[start:start + n]))
        start += n
    return np.stack(out)


def with_ints(**fixed):
    """make_args for builders with integer arguments: `fixed` maps the
    argument's position (a0, a1, ...) to rng -> array; the rest are drawn."""

    def make(rng, sds_args):
        out = []
        for k, s in enumerate(sds_args):
            f = fixed.get(f"a{k}")
            out.append(np.asarray(f(rng), np.dtype(s.dtype)).reshape(s.shape) if f else draw(rng, s))
        return out

    return make


def sorted_ids(shape, segments):
    """Segment ids as packed sequences have them: non-decreasing along the
    last axis, `segments` distinct values."""
    return lambda rng: np.sort(rng.integers(0, segments, size=shape), axis=-1)


def permutation(n, shape=None):
    return lambda rng: rng.permutation(n).reshape(shape or (n,))


def f32(a):
    return np.asarray(a, np.float32)


@dataclass
class Scaled:
    """A tolerance whose atol is `fraction` of the largest |value| of each
    output (for kernels whose rounding errors scale with their largest
    intermediate values rather than with each element)."""

    rtol: float
    fraction: float
    reason: str


# Exact kernels: copies, elementwise IEEE operations in JAX's order,
# integer arithmetic, bf16 max.
for _n in ["ops_example_double", "tpu_add_grid", "tpu_squeezed_batch", "tpu_bf16_masked_max",
           "tpu_concat_named_scope", "tpu_oversized_block", "tpu_dma_slice_chain",
           "tpu_uint32_shift"]:
    tpu_twin(_n)
tpu_twin("tpu_int8_matmul", with_ints(a0=lambda rng: rng.integers(-128, 128, size=(256, 256)),
                                      a1=lambda rng: rng.integers(-128, 128, size=(256, 256))))
# Only rows 0:8 are copied out; JAX leaves the rest uninitialised (NaN).
tpu_twin("tpu_manual_dma", defined=lambda outs: [np.broadcast_to(
    np.arange(outs[0].shape[0])[:, None] < 8, outs[0].shape)])
# pl.Element padding: JAX's TPU interpret mode reads the padded window out
# of bounds (IndexError); the HLO interpreter pads it, and our reference
# follows its reading (as for element_pad).
tpu_twin("tpu_element_window", mode=True)

# Matmuls: sum_bound per element.
tpu_twin("ops_matmul_f32", tolerance=lambda x, y: dot_tolerance(sum_bound(x, y)))
tpu_twin("ops_matmul_bf16", tolerance=lambda x, y: dot_tolerance(sum_bound(f32(x), f32(y)), True))
tpu_twin("tpu_matmul_blocked", tolerance=lambda x, y: dot_tolerance(sum_bound(f32(x), f32(y))))
# 512 rows in 4 groups: one empty, three starting inside a 128-row tile.
GROUP_SIZES = [100, 0, 250, 162]
tpu_twin("ops_megablox_gmm", with_ints(a2=lambda rng: GROUP_SIZES),
         tolerance=lambda lhs, rhs, gs: dot_tolerance(gmm_bound(f32(lhs), f32(rhs), gs)))
tpu_twin("ops_megablox_gmm_transpose_rhs", with_ints(a2=lambda rng: GROUP_SIZES),
         tolerance=lambda lhs, rhs, gs: dot_tolerance(gmm_bound(f32(lhs), f32(rhs), gs, True)))
tpu_twin("ops_megablox_tgmm", with_ints(a2=lambda rng: GROUP_SIZES),
         tolerance=lambda lhs, rhs, gs: dot_tolerance(tgmm_bound(f32(lhs), f32(rhs), gs)))
# relu(x @ w + b): the bias is one more term of the sum; relu moves nothing.
tpu_twin("tpu_buffered_weights", tolerance=lambda x, w, b: dot_tolerance(
    sum_bound(np.concatenate([f32(x), np.ones((x.shape[0], 1), np.float32)], 1),
              np.concatenate([f32(w), f32(b)], 0))))


def grouped_bound(gids, tiles, lhs, rhs):
    """sum_bound of tpu_grouped_matmul: output row tile tiles[t] is that tile
    of lhs times rhs[gids[t]]."""
    out = np.zeros((lhs.shape[0], rhs.shape[2]))
    for g, r in zip(gids, tiles):
        rows = slice(128 * r, 128 * r + 128)
        out[rows] = sum_bound(f32(lhs[rows]), f32(rhs[g]))
    return out


# JAX's TPU interpret mode rejects its ("arbitrary", "parallel", ...)
# semantics (parallel dimensions must be a prefix of the grid); the HLO
# interpreter ignores them.
tpu_twin("tpu_grouped_matmul", with_ints(a0=lambda rng: rng.integers(0, 3, size=4),
                                         a1=permutation(4)), mode=True,
         tolerance=lambda g, r, lhs, rhs: dot_tolerance(grouped_bound(g, r, lhs, rhs), True))

# Stated tolerances.
ROW_SUM_TOL = (1e-5, 1e-5, "row sums of up to 256 terms in [-1, 1]: XLA adds them in a "
               "tree, we add them in order (measured differences are a few ulp)")
tpu_twin("tpu_scalar_prefetch_reduce", with_ints(a0=lambda rng: rng.integers(0, 4, size=4)),
         tolerance=ROW_SUM_TOL)
tpu_twin("tpu_layer_norm", tolerance=(1e-5, 1e-5, "row mean and variance of 256 terms (XLA "
                                      "adds them in a tree, we add them in order) and "
                                      "XLA's rsqrt against 1 / sqrt"))
tpu_twin("tpu_pipeline_modes", tolerance=(0.0, 2.0 ** -22, "x * w + s with |x w| <= 1, |s| "
                                          "< 1: XLA contracts it into an FMA (one rounding), "
                                          "we round twice: one ulp of 2"))
tpu_twin("tpu_unrolled_loops", with_ints(a0=lambda rng: [3]),
         tolerance=Scaled(1e-5, 1e-5, "four chained 128-term dot products (h @ w + x), "
                          "then sums and products of their results: each dot's "
                          "reordering error (a few 2^-24 of its largest terms) is carried "
                          "and amplified by the next, so the error is relative to the "
                          "largest value (atol 1e-5 of it), not to each element"))
ATTENTION_F32 = (1e-5, 1e-5, "attention: 128-term dot products summed in another order, "
                 "XLA's exp against ours, and the online-softmax rescaling")
ATTENTION_BF16 = (BF16_ULP, 1e-5, ATTENTION_F32[2] + ", before the bf16 rounding of the "
                  "output (values that close may round to neighbouring bf16 values)")
# Lengths over one page, so that every page has a visible key (a page with
# none gives NaN rows: exp(-inf - -inf)).
tpu_twin("tpu_paged_attention", with_ints(a0=lambda rng: rng.integers(129, 257, size=4),
                                          a1=permutation(8)), tolerance=ATTENTION_F32)
# Lengths up to the 4 pages of 16 tokens a sequence has; pages shuffled.
for _n in ["ops_paged_attention", "ops_paged_attention_seq_grid"]:
    tpu_twin(_n, with_ints(a3=lambda rng: rng.integers(1, 65, size=2), a4=permutation(8, (2, 4))),
             tolerance=[ATTENTION_BF16, ATTENTION_F32, ATTENTION_F32])


def ref_reshape_bitcast_model(kv):
    """tpu_ref_reshape_bitcast: grid step i views block kv[i] (pages, tokens,
    4 heads, 128) as rows (page, token, head) and as uint32 words packing two
    consecutive bf16 rows, the first in the low half; word rows h::2 hold K/V
    pair h: K (head 2h, low half) and V (head 2h + 1, high half), widened to
    f32 exactly. Output row (2h + kv) * 16 + token of block i."""
    n, pages, tokens, heads, dim = kv.shape
    out = np.empty((n, pages * tokens * heads, dim), np.float32)
    per = pages * tokens
    for i in range(n):
        rows = kv[i].reshape(per, heads, dim).astype(np.float32)
        for h in range(heads // 2):
            for which in range(2):
                out[i, (2 * h + which) * per:(2 * h + which + 1) * per] = rows[:, 2 * h + which]
    return (out,)


def ragged_paged_attention_model(kv_lens, page_indices, cu_q_lens, _seq_buf, num_seqs, q,
                                 kv_pages):
    """ops_ragged_paged_attention: its pallas_call takes the public op's
    arguments unchanged (plus the kernel's (seq, buffer) start, (0, 0)) and
    returns its result, so JAX's own reference implementation of the op,
    ref_ragged_paged_attention (plain jnp, default sm_scale and mask value as
    the builder), is the oracle."""
    from jax.experimental.pallas.ops.tpu.ragged_paged_attention import kernel as rpa

    return (np.asarray(rpa.ref_ragged_paged_attention(q, kv_pages, kv_lens, page_indices,
                                                      cu_q_lens, num_seqs)),)


# Two sequences: 5 queries over 37 tokens and 11 over 50 (q_len <= kv_len).
# JAX's TPU interpret mode cannot run its K/V read (ref.bitcast + reshape).
tpu_twin("ops_ragged_paged_attention",
         with_ints(a2=lambda rng: [37, 50], a3=permutation(8, (2, 4)),
                   a4=lambda rng: [0, 5, 16], a5=lambda rng: [2]),
         numpy_fn=ragged_paged_attention_model, model="JAX's ref_ragged_paged_attention",
         tolerance=(2.0 ** -6, 2.0 ** -9, "the reference computes the softmax in one "
                    "pass and rounds the weights to bf16 before the weighted sum of V; "
                    "the kernel keeps an online softmax in f32 and normalises at the end: "
                    "a few bf16 ulps of the bf16 output (|V| <= 1)"))

# The attention kernels on 128x128 tiles and the PRNG hashes (once minutes
# of LLVM code generation each, before pallas-row-loops; now seconds).
# p is rounded to bf16 before p @ v: a weight whose f32 value differs in its
# last bits (XLA's exp against ours, sums in another order) can round to
# the neighbouring bf16 value, 2^-8 of that weight.
FLASH_BF16 = (2.0 ** -6, 2.0 ** -9, "attention on bf16 data: the weights p are rounded to "
              "bf16 before p @ v, so a weight that differs in its last f32 bits (XLA's exp "
              "against ours, dot products and row sums in another order) can round to "
              "the neighbouring bf16 value (2^-8 of it), and the output is rounded to "
              "bf16 again: two bf16 ulps, atol 2^-9 for outputs near zero (|v| <= 1)")
APPROX_RECIPROCAL = (2.0 ** -6, 2.0 ** -9, "pl.reciprocal(approx=True), which JAX's "
                     "interpret mode computes through bfloat16 while we divide exactly, "
                     "then a bf16 output: two bf16 ulps")
SPLASH_BWD = Scaled(1e-5, 1e-5, "attention gradients in f32: 128-term dot products "
                    "summed in another order and XLA's exp against ours, then products "
                    "and sums of those (dp - di) that can cancel, so atol is 1e-5 of the "
                    "largest value")
FLASH_BWD = Scaled(2.0 ** -6, 2.0 ** -8, "attention gradients on bf16 data: the weights "
                   "and ds are rounded to bf16 before their dot products (a weight that "
                   "differs in its last f32 bits can round to the neighbouring bf16 value), "
                   "the sums can cancel and the bf16 outputs are rounded again: two bf16 "
                   "ulps, atol 2^-8 of the largest value")
def causal_lse(s):
    """Row logsumexp of scores s[..., q, k] under a causal mask (k <= q)."""
    q, k = s.shape[-2:]
    s = np.where(np.arange(k)[None, :] <= np.arange(q)[:, None], s, -np.inf)
    m = s.max(-1)
    return m, np.log(np.exp(s - m[..., None]).sum(-1))


def splash_bwd_args(rng, sds_args):
    """q, k, v, do, di drawn; logsumexp the forward pass would have saved
    (causal, heads sharing a kv head in groups), so that the gradients stay
    of the size of the data instead of exp(scores - random)."""
    q, k, v, _, do, di = [draw(rng, a) for a in sds_args]
    group = q.shape[0] // k.shape[0]
    s = np.einsum("hqd,hkd->hqk", q.astype(np.float64), np.repeat(k, group, 0).astype(np.float64))
    m, log_l = causal_lse(s)
    return [q, k, v, (m + log_l).astype(np.float32), do, di]


def flash_bwd_args(rng, sds_args):
    """q, k, v, ab, do, di drawn; l and m the causal forward would have
    saved (row max of sm_scale * q k^T + ab, and the sum of exp below it)."""
    q, k, v, ab, _, _, do, di = [draw(rng, a) for a in sds_args]
    scale = 1.0 / np.sqrt(q.shape[-1])
    s = scale * np.einsum("bhqd,bhkd->bhqk", q.astype(np.float64), k.astype(np.float64)) + ab
    m, log_l = causal_lse(s)
    return [q, k, v, ab, np.exp(log_l).astype(np.float32), m.astype(np.float32), do, di]


for _n, _tol in [
        ("ops_flash_attention_fwd", FLASH_BF16),
        ("ops_flash_attention_fwd_causal", FLASH_BF16),
        ("ops_flash_attention_fwd_residuals",
         [FLASH_BF16, ATTENTION_F32, ATTENTION_F32]),
        ("ops_flash_attention_fwd_single_step",
         FLASH_BF16),
        ("ops_splash_attention_mha_fwd", ATTENTION_F32),
        ("ops_splash_attention_mqa_fwd_residuals", ATTENTION_F32),
        ("tpu_flash_attention", APPROX_RECIPROCAL),
        ("tpu_attention_misc", APPROX_RECIPROCAL)]:
    tpu_twin(_n, tolerance=_tol)
for _n in ["ops_splash_attention_mha_dq", "ops_splash_attention_mha_dkv",
           "ops_splash_attention_gqa_dkv_fused"]:
    tpu_twin(_n, splash_bwd_args, tolerance=SPLASH_BWD)
for _n in ["ops_flash_attention_bwd_dkv", "ops_flash_attention_bwd_dq"]:
    tpu_twin(_n, flash_bwd_args, tolerance=FLASH_BWD)
tpu_twin("ops_flash_attention_fwd_segment_ids",
         with_ints(a3=sorted_ids((2, 512), 3), a4=sorted_ids((2, 512), 3)),
         tolerance=FLASH_BF16)
tpu_twin("ops_splash_attention_mha_fwd_segmented_unrolled",
         with_ints(a3=sorted_ids((512,), 3), a4=sorted_ids((512,), 3)),
         tolerance=ATTENTION_F32)
# The PRNG hashes: exact (20 Threefry / 10 Philox rounds on 256x256 blocks).
tpu_twin("ops_threefry_random_bits")
tpu_twin("ops_philox_random_bits")

# JAX's interpret modes cannot run ref.reshape/ref.bitcast (TPU interpret
# mode: no `indices` on a ReshapeTransform).
tpu_twin("tpu_ref_reshape_bitcast", numpy_fn=ref_reshape_bitcast_model)

# ---------------------------------------------------------------------------
# Twins of examples/sparsecore/: the SparseCore kernels of
# scripts/jax/sc_kernels.py
#
# JAX's side runs the builder's kernel with `pl.kernel` in TPU interpret
# mode. JAX 0.10.2 runs only some SparseCore kernels that way (plain DMAs,
# lax.sort, SMEM); the others fail (no CPU rule for masked_cumsum,
# masked_sort, parallel_loop or barrier; indirect DMAs and vector gathers
# and scatters fail inside the interpreter). Every SparseCore case therefore
# has a numpy model written from the kernel's semantics (the builder's
# docstring and the plsc functions' documented behaviour), used when JAX
# fails; the line then names JAX's error.


def _sc_kernels():
    _tpu_kernels()  # puts scripts/jax on sys.path
    import sc_kernels

    sc_kernels.fake_chip()  # building a SparseCore mesh asks for the chip
    return sc_kernels


def run_sc_kernel(name, args):
    """Runs builder `name` of sc_kernels.py with `pl.kernel` in interpret mode."""
    import jax
    from jax.experimental import pallas as pl

    fn, _ = _sc_kernels().KERNELS[name]()
    orig = pl.kernel

    def patched(*a, **kw):
        kw["interpret"] = interpret()
        return orig(*a, **kw)

    # JAX logs the traceback of a failing interpreter callback before it
    # raises; the error itself is reported on the kernel's line.
    log = logging.getLogger("jax._src.callback")
    level = log.level
    pl.kernel = patched
    log.setLevel(logging.CRITICAL)
    try:
        out = jax.block_until_ready(fn(*args))
    finally:
        pl.kernel = orig
        log.setLevel(level)
    return tuple(out) if isinstance(out, (tuple, list)) else (out,)


def sc_case(name, inputs, outputs, model, jax_order=None, **kw):
    """A SparseCore twin case: `inputs` in the twin's operand order;
    jax_order lists, for each argument of the builder's function, its
    position in `inputs` (default: the same order)."""
    order = jax_order or list(range(len(inputs)))
    return Case(name, [("in", a) for a in inputs], outputs,
                lambda *a: run_sc_kernel(name, [a[k] for k in order]),
                numpy_fn=model, twin=os.path.join("examples", "sparsecore", name + ".mlir"), **kw)


SC_LANES, SC_SUBCORES = 8, 16


@case
def sc_vector_add(rng):
    x, y = uniform(rng, (8,)), uniform(rng, (8,))
    return sc_case("sc_vector_add", [x, y], [((8,), np.float32)], lambda x, y: (x + y,))


@case
def sc_gather(rng):
    x = uniform(rng, (64,))
    idx = rng.integers(0, 64, size=8).astype(np.int32)
    return sc_case("sc_gather", [x, idx], [((8,), np.float32)], lambda x, idx: (x[idx],))


@case
def sc_scatter_add(rng):
    acc = uniform(rng, (32, 8))
    upd = uniform(rng, (128, 8))
    idx = rng.integers(0, 32, size=128).astype(np.int32)  # with repeats

    def model(upd, idx, acc):
        # Every subcore adds its 8 rows to rows idx[8s:8s+8]; the adds to one
        # row are taken in subcore order, then lane order.
        out = acc.copy()
        for r in range(128):
            out[idx[r]] += upd[r]
        return (out,)

    return sc_case("sc_scatter_add", [upd, idx, acc], [((32, 8), np.float32)], model,
                   jax_order=[2, 0, 1])


@case
def sc_segment_sum(rng):
    vals = uniform(rng, (8,))
    seg = rng.integers(0, 8, size=8).astype(np.int32)

    def model(vals, seg):
        out = np.zeros(8, np.float32)
        for lane in range(8):  # lane order: each add rounds once
            out[seg[lane]] += vals[lane]
        return (out,)

    return sc_case("sc_segment_sum", [vals, seg], [((8,), np.float32)], model)


@case
def sc_sort(rng):
    k, v = uniform(rng, (8,)), rng.permutation(8).astype(np.int32)
    k[5] = k[2]  # equal keys keep their order (lax.sort is stable)

    def model(k, v):
        order = np.argsort(k, kind="stable")
        return k[order], v[order]

    return sc_case("sc_sort", [k, v], [((8,), np.float32), ((8,), np.int32)], model)


@case
def sc_sort_key_val(rng):
    k = rng.integers(-4, 6, size=8).astype(np.int32)  # repeats, some masked out
    v = uniform(rng, (8,))

    def model(k, v):
        # Valid (key >= 0) pairs first, by descending key, equal keys in
        # their original order; the rest are invalid and written as 0.
        valid = np.nonzero(k >= 0)[0]
        order = valid[np.argsort(-k[valid], kind="stable")]
        out = np.zeros(8, np.float32)
        out[:order.size] = v[order]
        return (out,)

    return sc_case("sc_sort_key_val", [k, v], [((8,), np.float32)], model)


@case
def sc_cumsum(rng):
    x = uniform(rng, (8,))

    def model(x):
        # Inclusive running sums in lane order; the masked one adds only the
        # positive lanes (a masked-out lane adds nothing but still gets the
        # running sum).
        return np.cumsum(x, dtype=np.float32), np.cumsum(np.where(x > 0, x, 0), dtype=np.float32)

    return sc_case("sc_cumsum", [x], [((8,), np.float32)] * 2, model)


@case
def sc_embedding_lookup(rng):
    table = uniform(rng, (64, 8))
    ids = rng.integers(0, 64, size=128).astype(np.int32)

    def model(table, ids):
        out = np.zeros((16, 8), np.float32)
        for s in range(16):
            for r in range(8):  # the fori_loop's order, from a zero row
                out[s] += table[ids[8 * s + r]]
        return (out,)

    return sc_case("sc_embedding_lookup", [table, ids], [((16, 8), np.float32)], model)


@case
def sc_scalar_subcore(rng):
    lengths = rng.integers(0, 100, size=8).astype(np.int32)

    def model(lengths):
        return (np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int32),)

    return sc_case("sc_scalar_subcore", [lengths], [((8,), np.int32)], model)


@case
def sc_load_gather(rng):
    x = uniform(rng, (16,))
    idx = rng.integers(0, 16, size=8).astype(np.int32)  # about half are < 8

    def model(x, idx):
        # g = x[idx] reversed, stored to lane l only where idx[l] < 8.
        g = x[idx][::-1]
        return (np.where(idx < 8, g, np.float32(0)),)

    return sc_case("sc_load_gather", [x, idx], [((8,), np.float32)], model)


@case
def sc_parallel_loop_reduce(rng):
    x = uniform(rng, (32, 8))

    def model(x):
        o = np.zeros_like(x)
        col = np.zeros(8, np.float32)
        for r in range(32):
            total = np.float32(0)
            for lane in range(8):
                total += x[r, lane]
            o[r, 0], o[r, 1] = total, x[r].max()
            col += x[r]
        return o, col

    return sc_case("sc_parallel_loop_reduce", [x], [((32, 8), np.float32), ((8,), np.float32)],
                   model)


@case
def sc_shared_histogram(rng):
    ids = rng.integers(0, 16, size=128).astype(np.int32)

    def model(ids):
        hist = np.bincount(ids, minlength=16).astype(np.int32)
        rank = np.empty(128, np.int32)
        for s in range(16):  # scan_count: occurrences so far in the chunk, inclusive
            chunk = ids[8 * s:8 * s + 8]
            for lane in range(8):
                rank[8 * s + lane] = int((chunk[:lane + 1] == chunk[lane]).sum())
        return hist, rank

    return sc_case("sc_shared_histogram", [ids], [((16,), np.int32), ((128,), np.int32)], model)


# ---------------------------------------------------------------------------
# Hand-written SparseCore kernels with subcore barriers under control flow
# (twins examples/cpu/NAME.mlir): the subcores of a core take turns on the
# CPU reference, each suspended at a barrier until all have arrived
# (subcores.rs). JAX 0.10.2's interpret mode has no rule for the barrier
# (`plsc.subcore_barrier`), so each kernel also has a numpy model written
# from its semantics (every subcore reaches the barrier before any goes on),
# used while JAX fails; the line names JAX's error.


def run_sc_mesh_kernel(body, out_shape, dtype, scratch, *args):
    """Runs `body` as a `pl.kernel` over one SparseCore's 16 vector subcores
    in TPU interpret mode."""
    import jax
    from jax.experimental import pallas as pl

    sc = _sc_kernels()
    kern = pl.kernel(body, out_type=jax.ShapeDtypeStruct(out_shape, dtype),
                     mesh=sc.vector_mesh(), scratch_types=scratch, interpret=interpret())
    log = logging.getLogger("jax._src.callback")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        return (jax.block_until_ready(kern(*args)),)
    finally:
        log.setLevel(level)


def sc_barrier_case(name, inputs, outputs, run, model):
    return Case(name, [("in", a) for a in inputs], outputs, run, numpy_fn=model)


@case
def sc_barrier_loop_carry(rng):
    """A subcore barrier inside a loop carrying a vector (`lax.fori_loop`,
    scf.for with iter_args): in each of 3 rounds subcore s publishes its
    vector v to VMEM_SHARED, waits, and takes v = v * 0.5 + v of subcore
    s + 1 (mod 16), then waits again before the next round overwrites it."""
    x = uniform(rng, (SC_SUBCORES * SC_LANES,))

    def run(x):
        from jax import lax
        from jax.experimental import pallas as pl
        from jax.experimental.pallas import tpu as pltpu
        from jax.experimental.pallas import tpu_sc as plsc

        def body(x_hbm, o_hbm, a, b, sh):
            s = lax.axis_index("subcore")
            mine = sh.at[pl.ds(s * SC_LANES, SC_LANES)]
            nxt = sh.at[pl.ds(lax.rem(s + 1, SC_SUBCORES) * SC_LANES, SC_LANES)]
            pltpu.sync_copy(x_hbm.at[pl.ds(s * SC_LANES, SC_LANES)], a)

            def round_(i, v):
                a[...] = v
                pltpu.sync_copy(a, mine)
                plsc.subcore_barrier()
                pltpu.sync_copy(nxt, b)
                v = v * 0.5 + b[...]
                plsc.subcore_barrier()
                return v

            a[...] = lax.fori_loop(0, 3, round_, a[...])
            pltpu.sync_copy(a, o_hbm.at[pl.ds(s * SC_LANES, SC_LANES)])

        return run_sc_mesh_kernel(body, x.shape, np.float32,
                                  [pltpu.VMEM((SC_LANES,), np.float32)] * 2
                                  + [pltpu.VMEM_SHARED(x.shape, np.float32)], x)

    def model(x):
        v = x.reshape(SC_SUBCORES, SC_LANES).copy()
        for _ in range(3):
            v = v * np.float32(0.5) + np.roll(v, -1, axis=0)
        return (v.reshape(-1),)

    return sc_barrier_case("sc_barrier_loop_carry", [x], [(x.shape, np.float32)], run, model)


@case
def sc_barrier_dynamic_loop_in_if(rng):
    """Subcore barriers inside a loop whose trip count n = cnt[0] is read
    from memory (dynamic bounds), itself inside `pl.when(cnt[1] != 0)`: in
    round i subcore s publishes v, waits, takes v = 2 v - v of subcore
    s - 1 (mod 16) + i, waits again. n is 2, 3 or 4."""
    x = rng.integers(-100, 100, size=SC_SUBCORES * SC_LANES).astype(np.int32)
    cnt = np.zeros(SC_LANES, np.int32)
    cnt[0], cnt[1] = rng.integers(2, 5), 1

    def run(x, cnt):
        from jax import lax
        from jax.experimental import pallas as pl
        from jax.experimental.pallas import tpu as pltpu
        from jax.experimental.pallas import tpu_sc as plsc

        def body(x_hbm, cnt_hbm, o_hbm, a, b, cv, sh):
            s = lax.axis_index("subcore")
            mine = sh.at[pl.ds(s * SC_LANES, SC_LANES)]
            prev = sh.at[pl.ds(lax.rem(s + SC_SUBCORES - 1, SC_SUBCORES) * SC_LANES, SC_LANES)]
            pltpu.sync_copy(x_hbm.at[pl.ds(s * SC_LANES, SC_LANES)], a)
            pltpu.sync_copy(cnt_hbm, cv)
            c = cv[...]

            @pl.when(c[1] != 0)
            def _():
                @pl.loop(0, c[0])
                def _(i):
                    pltpu.sync_copy(a, mine)
                    plsc.subcore_barrier()
                    pltpu.sync_copy(prev, b)
                    a[...] = a[...] * 2 - b[...] + i
                    plsc.subcore_barrier()

            pltpu.sync_copy(a, o_hbm.at[pl.ds(s * SC_LANES, SC_LANES)])

        return run_sc_mesh_kernel(body, x.shape, np.int32,
                                  [pltpu.VMEM((SC_LANES,), np.int32)] * 3
                                  + [pltpu.VMEM_SHARED(x.shape, np.int32)], x, cnt)

    def model(x, cnt):
        v = x.reshape(SC_SUBCORES, SC_LANES).copy()
        if cnt[1] != 0:
            for i in range(cnt[0]):
                v = v * 2 - np.roll(v, 1, axis=0) + np.int32(i)
        return (v.reshape(-1),)

    return sc_barrier_case("sc_barrier_dynamic_loop_in_if", [x, cnt], [(x.shape, np.int32)],
                           run, model)


@case
def sc_barrier_if_values(rng):
    """A subcore barrier inside `lax.cond` (scf.if with a result) whose branch
    computes values before the barrier and uses them after it: w = 3 a (a
    loaded vector), the ref of subcore s + 5's slice of VMEM_SHARED (a view
    with a dynamic offset) and t = 7 s; after the barrier it reads that
    slice and yields w + slice + t + v. The other branch yields v - 1."""
    x = rng.integers(-100, 100, size=SC_SUBCORES * SC_LANES).astype(np.int32)
    flag = np.ones(SC_LANES, np.int32)

    def run(x, flag):
        import jax.numpy as jnp
        from jax import lax
        from jax.experimental import pallas as pl
        from jax.experimental.pallas import tpu as pltpu
        from jax.experimental.pallas import tpu_sc as plsc

        def body(x_hbm, f_hbm, o_hbm, a, b, fv, sh):
            s = lax.axis_index("subcore")
            pltpu.sync_copy(x_hbm.at[pl.ds(s * SC_LANES, SC_LANES)], a)
            pltpu.sync_copy(f_hbm, fv)

            def then(v):
                w = a[...] * 3
                src = sh.at[pl.ds(lax.rem(s + 5, SC_SUBCORES) * SC_LANES, SC_LANES)]
                t = s * 7
                pltpu.sync_copy(a, sh.at[pl.ds(s * SC_LANES, SC_LANES)])
                plsc.subcore_barrier()
                pltpu.sync_copy(src, b)
                return w + b[...] + jnp.full((SC_LANES,), t, jnp.int32) + v

            a[...] = lax.cond(fv[...][0] > 0, then, lambda v: v - 1, a[...])
            pltpu.sync_copy(a, o_hbm.at[pl.ds(s * SC_LANES, SC_LANES)])

        return run_sc_mesh_kernel(body, x.shape, np.int32,
                                  [pltpu.VMEM((SC_LANES,), np.int32)] * 3
                                  + [pltpu.VMEM_SHARED(x.shape, np.int32)], x, flag)

    def model(x, flag):
        v = x.reshape(SC_SUBCORES, SC_LANES)
        if flag[0] > 0:
            s = np.arange(SC_SUBCORES, dtype=np.int32)[:, None]
            out = 4 * v + np.roll(v, -5, axis=0) + 7 * s
        else:
            out = v - 1
        return (out.astype(np.int32).reshape(-1),)

    return sc_barrier_case("sc_barrier_if_values", [x, flag], [(x.shape, np.int32)], run, model)


# ---------------------------------------------------------------------------
# Our side: host @main, lowering, mlir-runner

# numpy dtype -> (MLIR element type, ops taking the scalar %v to an i32 %b
# for printMemrefI32). Every conversion is exact, so parse_output can undo it.
ELEM = {
    np.dtype(np.float32): ("f32", ["%b = arith.bitcast %v : f32 to i32"]),
    np.dtype(ml_dtypes.bfloat16): ("bf16", ["%w = arith.extf %v : bf16 to f32",
                                            "%b = arith.bitcast %w : f32 to i32"]),
    np.dtype(np.int32): ("i32", ["%b = arith.addi %v, %zero : i32"]),
    np.dtype(np.int16): ("i16", ["%b = arith.extsi %v : i16 to i32"]),
    np.dtype(np.int8): ("i8", ["%b = arith.extsi %v : i8 to i32"]),
    np.dtype(np.bool_): ("i1", ["%b = arith.extui %v : i1 to i32"]),
    # 8-bit floats: their bits, zero-extended.
    **{np.dtype(t): (name, [f"%w = arith.bitcast %v : {name} to i8",
                            "%b = arith.extui %w : i8 to i32"])
       for t, name in [(ml_dtypes.float8_e4m3fn, "f8E4M3FN"), (ml_dtypes.float8_e5m2, "f8E5M2"),
                       (ml_dtypes.float8_e4m3b11fnuz, "f8E4M3B11FNUZ"),
                       (ml_dtypes.float8_e4m3fnuz, "f8E4M3FNUZ"),
                       (ml_dtypes.float8_e5m2fnuz, "f8E5M2FNUZ"),
                       (ml_dtypes.float8_e4m3, "f8E4M3"), (ml_dtypes.float8_e3m4, "f8E3M4"),
                       (ml_dtypes.float8_e8m0fnu, "f8E8M0FNU")]},
    np.dtype(ml_dtypes.float4_e2m1fn): ("f4E2M1FN", ["%w = arith.bitcast %v : f4E2M1FN to i4",
                                                     "%b = arith.extui %w : i4 to i32"]),
    np.dtype(ml_dtypes.int4): ("i4", ["%b = arith.extsi %v : i4 to i32"]),
    # arith has no ops on unsigned integers: read a one-lane vector and
    # bitcast it, as the lowering does for unsigned refs.
    np.dtype(np.uint32): ("ui32", ["%b = vector.extract %c[0] : i32 from vector<1xi32>"]),
}
# Reads element %i of the flat output {src}: {flat_t} as %v (ELEM's ops
# then widen %v to the i32 %b).
LOAD = {
    np.dtype(np.uint32): ["%r = vector.load {src}[%i] : {flat_t}, vector<1xui32>",
                          "%c = vector.bitcast %r : vector<1xui32> to vector<1xi32>"],
}


def memref_type(shape, dtype):
    return "memref<" + "".join(f"{d}x" for d in shape) + ELEM[np.dtype(dtype)][0] + ">"


def parse_output(vals, dtype):
    """Undoes ELEM's widening: i32 values printed -> an array of dtype."""
    dtype = np.dtype(dtype)
    vals = vals.astype(np.int32)
    if dtype == np.float32 or dtype == ml_dtypes.bfloat16:
        return vals.view(np.float32).astype(dtype)  # bf16 -> f32 -> bf16 is exact
    if dtype == np.uint32:
        return vals.view(np.uint32)
    if dtype.name.startswith("float8") or dtype.name.startswith("float4"):
        return vals.astype(np.uint8).view(dtype)
    return vals.astype(dtype)


def dense_hex(arr):
    if arr.dtype == np.bool_:
        # MLIR's hex form of i1 is not one byte per element: spell it out.
        def nest(a):
            if a.ndim == 0:
                return "true" if a else "false"
            return "[" + ", ".join(nest(x) for x in a) + "]"
        return f"dense<{nest(arr)}>"
    # The raw little-endian bytes: exact for every bit pattern (NaNs included).
    return 'dense<"0x' + np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<")).tobytes().hex().upper() + '">'


def sentinel(shape, dtype):
    # Any value will do: the elements a kernel leaves alone are not compared.
    return np.full(shape, np.array(-123).astype(np.dtype(dtype)), np.dtype(dtype))


def host_main(twin_text, kname, c: Case, timed=False):
    """The twin's module with globals and a host @main appended; `timed`
    also prints the seconds `pallas.call` took (rtclock), on a line of its
    own before the outputs."""
    end = twin_text.rstrip().rfind("}")
    if end < 0:
        raise ValueError("the twin is not a `module { ... }`")
    lines = []
    operands, types = [], []
    inits = []
    for k, extent in enumerate(c.grid_extents):
        lines.append(f"    %grid{k} = arith.constant {extent} : index")
        operands.append(f"%grid{k}")
        types.append("index")
    arrays = [(f"arg{k}", arr) for k, (_, arr) in enumerate(c.inputs)]
    arrays += [(f"out{k}", sentinel(s, d)) for k, (s, d) in enumerate(c.outputs)]
    for sym, arr in arrays:
        t = memref_type(arr.shape, arr.dtype)
        inits.append(f'  memref.global "private" constant @oracle_{sym} : {t} = {dense_hex(arr)}')
        lines.append(f"    %{sym}_g = memref.get_global @oracle_{sym} : {t}")
        lines.append(f"    %{sym} = memref.alloc() : {t}")
        lines.append(f"    memref.copy %{sym}_g, %{sym} : {t} to {t}")
        operands.append(f"%{sym}")
        types.append(t)
    if timed:
        lines.append("    %t0 = func.call @rtclock() : () -> f64")
    lines.append(f"    pallas.call @{kname}({', '.join(operands)}) : ({', '.join(types)}) -> ()")
    if timed:
        lines += ["    %t1 = func.call @rtclock() : () -> f64",
                  "    %dt = arith.subf %t1, %t0 : f64",
                  "    func.call @printF64(%dt) : (f64) -> ()",
                  "    func.call @printNewline() : () -> ()"]
    lines.append("    %c0 = arith.constant 0 : index")
    lines.append("    %c1 = arith.constant 1 : index")
    lines.append("    %zero = arith.constant 0 : i32")
    for k, (shape, dtype) in enumerate(c.outputs):
        t = memref_type(shape, dtype)
        n = int(np.prod(shape))
        flat_t = memref_type((n,), dtype)
        src = f"%out{k}"
        if len(shape) != 1:
            reassoc = "[[" + ", ".join(str(d) for d in range(len(shape))) + "]]"
            lines.append(f"    %flat{k} = memref.collapse_shape {src} {reassoc} : {t} into {flat_t}")
            src = f"%flat{k}"
        bits_t = memref_type((n,), np.int32)
        lines += [
            f"    %n{k} = arith.constant {n} : index",
            f"    %bits{k} = memref.alloc() : {bits_t}",
            f"    scf.for %i = %c0 to %n{k} step %c1 {{",
            *("      " + l.format(src=src, flat_t=flat_t)
              for l in LOAD.get(np.dtype(dtype), ["%v = memref.load {src}[%i] : {flat_t}"])),
            *("      " + op for op in ELEM[np.dtype(dtype)][1]),
            f"      memref.store %b, %bits{k}[%i] : {bits_t}",
            "    }",
        ]
        src, flat_t = f"%bits{k}", bits_t
        lines.append(f"    %u{k} = memref.cast {src} : {flat_t} to memref<*xi32>")
        lines.append(f"    call @printMemrefI32(%u{k}) : (memref<*xi32>) -> ()")
    lines.append("    return")
    decls = "\n  func.func private @printMemrefI32(memref<*xi32>)\n"
    if timed:
        decls += ("  func.func private @rtclock() -> f64\n  func.func private @printF64(f64)\n"
                  "  func.func private @printNewline()\n")
    body = "\n".join(inits) + decls + "  func.func @main() {\n" + "\n".join(lines) + "\n  }\n"
    return twin_text[:end] + "\n  // Host side generated by scripts/jax/cpu_oracle.py.\n" + body + "}\n"


def first_error(stderr):
    """The diagnostic lines of a tool's stderr (not the IR it dumps after)."""
    lines = stderr.strip().splitlines()
    errs = [l for l in lines if "error:" in l or ("note:" in l and "see current operation" not in l)]
    return " | ".join(errs[:4]) if errs else " | ".join(lines[-4:])


DATA = re.compile(r"data =\s*\[([^\]]*)\]")


def run_ours(c: Case, args, keep, twin_text=None, timed=False):
    """Lowers and runs the twin of `c` (examples/cpu/NAME.mlir, or
    `twin_text`); returns (outputs, wall seconds of lowering + run), and with
    `timed` also the seconds the kernel itself ran."""
    twin = os.path.join(ROOT, c.twin) if c.twin else os.path.join(TWINS, c.name + ".mlir")
    if twin_text is None:
        with open(twin) as f:
            twin_text = f.read()
    text = twin_text
    knames = re.findall(r"pallas\.kernel\s+@([\w$.]+)", text)
    if len(knames) != 1:
        raise ValueError(f"{twin}: expected one pallas.kernel, found {len(knames)}")
    module = host_main(text, knames[0], c, timed)
    reuse = getattr(args, "reuse", None)
    if reuse and not timed:
        with open(os.path.join(reuse, c.name + ".out.txt")) as f:
            return parse_printed(c, f.read()), 0.0
    with open(args.pipeline) as f:
        pipeline = f.read().strip()
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(keep or tmp, c.name + ".main.mlir")
        with open(src, "w") as f:
            f.write(module)
        t0 = time.time()
        low = subprocess.run([args.pallas_opt, "-p", f"builtin.module(convert-pallas-to-scf,{pipeline})", src],
                             capture_output=True, text=True, timeout=args.timeout)
        if low.returncode != 0:
            raise RuntimeError("lowering failed: " + first_error(low.stderr))
        libs = ",".join(os.path.join(LLVM_PREFIX, "lib", l)
                        for l in ("libmlir_c_runner_utils.so", "libmlir_runner_utils.so"))
        run = subprocess.run([args.mlir_runner, "-e", "main", "-entry-point-result=void",
                              f"-shared-libs={libs}"], input=low.stdout,
                             capture_output=True, text=True, timeout=args.timeout)
        seconds = time.time() - t0
        if keep:
            with open(os.path.join(keep, c.name + ".out.txt"), "w") as f:
                f.write(run.stdout)
        if run.returncode != 0:
            raise RuntimeError(f"mlir-runner exited {run.returncode}: " + first_error(run.stderr))
    kernel_seconds = None
    if timed:
        first = run.stdout.lstrip().splitlines()[0]
        kernel_seconds = float(first)
    outs = parse_printed(c, run.stdout)
    if timed:
        return outs, seconds, kernel_seconds
    return outs, seconds


def parse_printed(c: Case, stdout):
    """The outputs @main printed (printMemrefI32 blocks, ELEM's widening)."""
    blocks = DATA.findall(stdout)
    if len(blocks) != len(c.outputs):
        raise RuntimeError(f"expected {len(c.outputs)} printed outputs, found {len(blocks)}")
    outs = []
    for block, (shape, dtype) in zip(blocks, c.outputs):
        vals = np.array([int(v) for v in block.replace("\n", " ").split(",") if v.strip()], np.int64)
        if vals.size != int(np.prod(shape)):
            raise RuntimeError(f"printed {vals.size} values for an output of shape {shape}")
        outs.append(parse_output(vals, dtype).reshape(shape))
    return outs


# ---------------------------------------------------------------------------
# Comparison


def compare(c: Case, ours, theirs, verbose):
    """Returns (ok, summary)."""
    masks = c.defined(theirs) if c.defined else [np.ones(o.shape, bool) for o in theirs]
    ok, notes = True, []
    tols = c.tolerance if isinstance(c.tolerance, list) else [c.tolerance] * len(theirs)
    for k, (a, b, m, tol) in enumerate(zip(ours, theirs, masks, tols)):
        b = np.asarray(b)
        if a.shape != b.shape or a.dtype != b.dtype:
            return False, f"output {k}: ours {a.dtype}{list(a.shape)}, JAX {b.dtype}{list(b.shape)}"
        defined = int(m.sum())
        if np.issubdtype(a.dtype, np.integer):
            bad = (a != b) & m
            note = f"out{k}: {defined} ints exact"
        else:
            bits = np.dtype(f"u{a.dtype.itemsize}")
            a64, b64 = a.astype(np.float64), b.astype(np.float64)
            both_nan = np.isnan(a64) & np.isnan(b64)
            with np.errstate(invalid="ignore"):  # inf - inf where both are inf
                diff = np.where(both_nan, 0.0, np.abs(a64 - b64))
            if tol is None:
                bad = (a.view(bits) != b.view(bits)) & ~both_nan & m
                note = f"out{k}: {defined} floats bit-exact"
            else:
                rtol, atol, _ = tol
                bad = ~(diff <= atol + rtol * np.abs(b64)) & ~both_nan & m
                exact = int(((a.view(bits) == b.view(bits)) & m).sum())
                maxd = float(np.max(np.where(m, diff, 0.0))) if defined else 0.0
                # An array atol is a bound per element (sum_bound).
                atol_s = (f"{atol:g}" if np.ndim(atol) == 0 else
                          f"per element (<= {float(np.max(atol)):.3g})")
                note = (f"out{k}: {defined} floats within rtol={rtol:g} atol={atol_s} "
                        f"(max |diff| {maxd:.3g}, {exact} bit-exact)")
        if bad.any():
            ok = False
            note += f", {int(bad.sum())} MISMATCHED"
            if verbose:
                for idx in list(zip(*np.nonzero(bad)))[:8]:
                    note += f"\n      {tuple(int(i) for i in idx)}: ours {a[idx]!r} JAX {b[idx]!r}"
        if defined < a.size:
            note += f" ({a.size - defined} undefined skipped)"
        notes.append(note)
    return ok, "; ".join(notes)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--pallas-opt", default=os.path.join(ROOT, "target", "debug", "pallas-opt"))
    ap.add_argument("--mlir-runner", default=os.path.join(LLVM_PREFIX, "bin", "mlir-runner"))
    ap.add_argument("--pipeline", default=os.path.join(ROOT, "scripts", "cpu-pipeline.txt"))
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--keep", help="write the generated modules and outputs here")
    ap.add_argument("--slow", action="store_true",
                    help="also run the kernels left out by default (SLOW)")
    ap.add_argument("--reuse", metavar="DIR",
                    help="take our outputs from DIR/NAME.out.txt of an earlier --keep run "
                         "instead of compiling and running the twin again")
    args = ap.parse_args()
    if args.list:
        print("\n".join(n + (f"  (slow: {SLOW[n]})" if n in SLOW else "") for n in CASES))
        return 0
    names = args.names or [n for n in CASES if args.slow or n not in SLOW]
    unknown = [n for n in names if n not in CASES]
    if unknown:
        print(f"cpu-oracle: unknown kernel(s): {', '.join(unknown)} (--list)", file=sys.stderr)
        return 2
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)

    import jax

    jax.config.update("jax_platforms", "cpu")
    failed, xfailed = [], []
    for name in names:
        oracle, seconds, in_ours = "JAX", 0.0, False
        started = time.time()
        try:
            c = CASES[name](rng_for(name))
            args_in = [a for _, a in c.inputs] + list(c.grid_extents)
            # JAX logs the traceback of a failing interpreter callback before
            # it raises; for a kernel with a model the error is on its line.
            cb_log = logging.getLogger("jax._src.callback")
            cb_level = cb_log.level
            if c.numpy_fn is not None:
                cb_log.setLevel(logging.CRITICAL)
            try:
                theirs = [np.asarray(o) for o in c.jax_fn(*args_in)]
            except Exception as e:
                if c.numpy_fn is None:
                    raise
                # Listed with JAX's error, checked against the numpy model.
                lines = [l for l in str(e).strip().splitlines() if l.strip()] or [""]
                # A failure inside one of the interpreter's callbacks prints
                # a traceback: its last line is the error.
                first = lines[-1].strip() if "Traceback" in lines[0] else lines[0]
                oracle = f"{c.model}; JAX's interpret mode fails: {type(e).__name__}: {first}"
                theirs = [np.asarray(o) for o in c.numpy_fn(*args_in)]
            finally:
                cb_log.setLevel(cb_level)
            in_ours = True  # from here on a failure is ours
            ours_started = time.time()
            ours, seconds = run_ours(c, args, args.keep)
            ok, summary = compare(c, ours, theirs, args.verbose)
            status = "match" if ok else "MISMATCH"
        except Exception as e:  # one broken kernel must not hide the others
            ok, status, summary = False, "ERROR", f"{type(e).__name__}: {e}"
            if in_ours:
                seconds = time.time() - ours_started
            if not in_ours:
                summary = "on JAX's side: " + summary
        # Only a failure of ours can be the known one.
        if in_ours and c.known_failure:
            if ok:
                status, ok = "XPASS", False
                summary += "; it matches now: remove its known_failure"
            else:
                status, ok = "XFAIL", True
                summary += f"\n    known failure: {c.known_failure}"
                xfailed.append(name)
        if not ok:
            failed.append(name)
        # The rest of the kernel's time: JAX's side (and the inputs).
        theirs_s = time.time() - started - seconds
        print(f"{name}: {status} ({seconds:.1f}s ours, {theirs_s:.1f}s JAX) {summary}",
              flush=True)
        if status != "ERROR" and oracle != "JAX":
            print(f"    oracle: {oracle}")
        if status == "match" and c.tolerance and args.verbose:
            tols = c.tolerance if isinstance(c.tolerance, list) else [c.tolerance]
            for t in tols:
                if t:
                    print(f"    tolerance: {t[2]}")
    matched = len(names) - len(failed) - len(xfailed)
    left_out = [n for n in SLOW if n not in names]
    if left_out:
        print(f"cpu-oracle: left out as slow (--slow runs them): {', '.join(left_out)}")
    print(f"cpu-oracle: {matched} of {len(names)} kernels match their oracle"
          + (f"; known failures: {', '.join(xfailed)}" if xfailed else "")
          + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
