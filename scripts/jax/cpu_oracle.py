#!/usr/bin/env python3
"""CPU oracle: our CPU reference against JAX's interpret mode, same inputs.

  .venv/bin/python scripts/jax/cpu_oracle.py [-v] [--pallas-opt P]
      [--pipeline FILE] [--mlir-runner R] [--keep DIR] [NAME...]

For every oracle kernel NAME (default: all of them, `--list` prints them)
there are two sides:

  JAX     a builder in this file: a `pl.pallas_call` run on the CPU with
          `interpret=pltpu.InterpretParams(...)` (JAX 0.10.2's TPU interpret
          mode, which models VMEM, DMAs and semaphores); `element_pad` uses
          `interpret=True` (the HLO interpreter), whose reading of
          `pl.Element` padding the CPU reference follows (README);
  ours    its pallas twin, examples/cpu/NAME.mlir, a module holding only the
          `pallas.kernel` (and its `pallas.index_map`s). examples/cpu/ is
          outside both lit's test/ and scripts/run-examples.sh's
          examples/*.mlir, so the twins run only here.

Inputs are drawn once per kernel with numpy (a generator seeded from the
kernel's name, so every run and both sides see the same bits). For our side
the script appends to the twin a host `func.func @main` that copies every
input from a `memref.global` holding the exact bytes (a hex `dense`
literal), fills every output with a sentinel, runs `pallas.call` (dynamic
grid extents first, then scalar-prefetch operands, inputs, outputs, the
kernel's operand order), and prints each output flattened with
`printMemrefI32`, element by element widened to i32 exactly (f32 bit-cast,
bf16 extended to f32 then bit-cast, i8/i16 sign-extended), so floats come
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
             A kernel may state a tolerance |ours - jax| <= atol + rtol*|jax|
             with its reason (Case.tolerance, per output or for all, printed
             with -v): dot products
             and row sums (XLA may add the terms in another order: a
             reordered sum of k terms of size <= 1 moves by at most about
             k * 2^-24 of the sum of magnitudes), XLA's contraction of
             `acc + x * w` into one FMA where we round twice, XLA's own
             exp/tanh approximations against libm's (a few ulp each), and
             `pl.reciprocal(approx=True)`, which JAX's interpret mode
             computes through bfloat16 while we divide exactly. NaN matches
             NaN.

A kernel JAX's interpret mode cannot run (Case.numpy_fn; today only
`semaphores`: no interpret rule for semaphore_read) is compared with a numpy
model of it instead, and its line says so with JAX's error; if JAX starts
running it, JAX is used.

A kernel with a known bug of ours (Case.known_failure, with the reason)
must still fail: XFAIL; once it matches (XPASS) the check fails until the
mark is removed, so the list only shrinks.

Prints one line per kernel (match / MISMATCH / ERROR / XFAIL / XPASS, the
largest difference seen) and exits 1 if any kernel did not match (XFAIL
aside). `make cpu-check` (part of `make test`) runs it. -v prints the
first differing elements and the tolerances' reasons; --keep DIR writes the
generated modules and their printed outputs to DIR; --pipeline FILE runs
another upstream pipeline than scripts/cpu-pipeline.txt.
"""
import argparse
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
    # A known bug of ours, with its reason: the kernel must still fail
    # (XFAIL); once it matches, the check fails until this is removed.
    known_failure: Optional[str] = None


CASES = {}


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
                tolerance=(1e-6, 4e-6, "exp and tanh: XLA's approximations vs libm, "
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

    # exp: XLA's approximation against libm's (a few f32 ulp) can flip a
    # bf16 rounding, and the bf16 product rounds again: two bf16 ulp.
    return Case("bf16_math", [("in", x), ("in", y)],
                [((16, 128), ml_dtypes.bfloat16), ((16, 128), np.float32)], run,
                tolerance=[(2.0 ** -6, 0.0, "exp (XLA vs libm) before a bf16 rounding, "
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


# exp: XLA's approximation vs libm's (a few ulp); the sum of 16 terms in
# [0, 1] (one of them 1) in another order: up to about 16 ulp of the sum;
# the division one more: together well under 1e-5 relative for results
# that are at least 2^-4 of the largest; atol covers the small ones.
SOFTMAX_TOL = (1e-5, 1e-7, "exp (XLA vs libm) and a 16-term sum in another order")


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
              in_specs=None, out_specs=None, memory_space=None):
    """Runs `kernel` as a pallas_call per device of a mesh `shape` named
    `axes`; x is the stacked (devices, ...) input, out_block one device's
    output shape (f32). Returns the stacked (devices, ...) output."""
    import jax
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu
    from jax.sharding import Mesh, PartitionSpec as P

    n = int(np.prod(shape))
    vmem = pl.BlockSpec(memory_space=memory_space or pltpu.VMEM)

    def local(xs):
        return pl.pallas_call(
            kernel, out_shape=jax.ShapeDtypeStruct(out_block, jnp_f32()), grid=grid,
            in_specs=in_specs or [vmem], out_specs=out_specs or vmem,
            scratch_shapes=scratch,
            compiler_params=pltpu.CompilerParams(collective_id=0),
            interpret=interpret(dma_execution_mode="eager"))(xs)

    mesh = Mesh(np.array(jax.devices()[:n]).reshape(shape), axes)
    flat = x.reshape((n * x.shape[1],) + x.shape[2:])
    out = jax.shard_map(local, mesh=mesh, in_specs=P(axes), out_specs=P(axes),
                        check_vma=False)(flat)
    return np.asarray(out).reshape((n,) + tuple(out_block))


def jnp_f32():
    import jax.numpy as jnp

    return jnp.float32


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


@case
def ops_all_gather(rng):
    """jax.experimental.pallas.ops.tpu.all_gather's kernel (ag_kernel, used
    as is) over a 1-D mesh of 4 devices with (16, 128) shards: the public
    op's pallas_call with interpret mode and every device's output."""
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
        return (mesh_call(kernel, x, (n, 16, 128), sems),)

    return Case("ops_all_gather", [("in", x)], [((n, n, 16, 128), np.float32)], run)


@case
def ops_all_gather_hbm(rng):
    """ops_all_gather with the public op's other memory space,
    memory_space=pl.ANY: input and output stay in HBM and every copy,
    the local one included, is a DMA between HBM refs."""
    import functools

    import jax
    from jax.experimental.pallas import tpu as pltpu
    from jax.experimental import pallas as pl
    from jax.experimental.pallas.ops.tpu.all_gather import ag_kernel
    from jax.sharding import Mesh

    n = MESH_DEVICES
    x = uniform(rng, (n, 16, 128))

    def run(x):
        mesh = Mesh(np.array(jax.devices()[:n]), ("x",))
        kernel = functools.partial(ag_kernel, axis_name="x", mesh=mesh)
        sems = ((pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA),
                (pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA))
        return (mesh_call(kernel, x, (n, 16, 128), sems, memory_space=pl.ANY),)

    return Case("ops_all_gather_hbm", [("in", x)], [((n, n, 16, 128), np.float32)], run)


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


def pltpu_params(semantics):
    from jax.experimental.pallas import tpu as pltpu

    return pltpu.CompilerParams(dimension_semantics=semantics)


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
}


def memref_type(shape, dtype):
    return "memref<" + "".join(f"{d}x" for d in shape) + ELEM[np.dtype(dtype)][0] + ">"


def parse_output(vals, dtype):
    """Undoes ELEM's widening: i32 values printed -> an array of dtype."""
    dtype = np.dtype(dtype)
    vals = vals.astype(np.int32)
    if dtype == np.float32 or dtype == ml_dtypes.bfloat16:
        return vals.view(np.float32).astype(dtype)  # bf16 -> f32 -> bf16 is exact
    return vals.astype(dtype)


def dense_hex(arr):
    # The raw little-endian bytes: exact for every bit pattern (NaNs included).
    return 'dense<"0x' + np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<")).tobytes().hex().upper() + '">'


def sentinel(shape, dtype):
    # Any value will do: the elements a kernel leaves alone are not compared.
    return np.full(shape, -123, np.dtype(dtype))


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
            f"      %v = memref.load {src}[%i] : {flat_t}",
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
    twin = os.path.join(TWINS, c.name + ".mlir")
    if twin_text is None:
        with open(twin) as f:
            twin_text = f.read()
    text = twin_text
    knames = re.findall(r"pallas\.kernel\s+@([\w$.]+)", text)
    if len(knames) != 1:
        raise ValueError(f"{twin}: expected one pallas.kernel, found {len(knames)}")
    module = host_main(text, knames[0], c, timed)
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
    blocks = DATA.findall(run.stdout)
    if len(blocks) != len(c.outputs):
        raise RuntimeError(f"expected {len(c.outputs)} printed outputs, found {len(blocks)}")
    outs = []
    for block, (shape, dtype) in zip(blocks, c.outputs):
        vals = np.array([int(v) for v in block.replace("\n", " ").split(",") if v.strip()], np.int64)
        if vals.size != int(np.prod(shape)):
            raise RuntimeError(f"printed {vals.size} values for an output of shape {shape}")
        outs.append(parse_output(vals, dtype).reshape(shape))
    if timed:
        return outs, seconds, kernel_seconds
    return outs, seconds


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
            diff = np.where(both_nan, 0.0, np.abs(a64 - b64))
            if tol is None:
                bad = (a.view(bits) != b.view(bits)) & ~both_nan & m
                note = f"out{k}: {defined} floats bit-exact"
            else:
                rtol, atol, _ = tol
                bad = ~(diff <= atol + rtol * np.abs(b64)) & m
                exact = int(((a.view(bits) == b.view(bits)) & m).sum())
                maxd = float(np.max(np.where(m, diff, 0.0))) if defined else 0.0
                note = (f"out{k}: {defined} floats within rtol={rtol:g} atol={atol:g} "
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
    args = ap.parse_args()
    if args.list:
        print("\n".join(CASES))
        return 0
    names = args.names or list(CASES)
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
        try:
            c = CASES[name](rng_for(name))
            args_in = [a for _, a in c.inputs] + list(c.grid_extents)
            try:
                theirs = [np.asarray(o) for o in c.jax_fn(*args_in)]
            except Exception as e:
                if c.numpy_fn is None:
                    raise
                # Listed with JAX's error, checked against the numpy model.
                first = (str(e).strip().splitlines() or [""])[0]
                oracle = f"numpy; JAX's interpret mode fails: {type(e).__name__}: {first}"
                theirs = [np.asarray(o) for o in c.numpy_fn(*args_in)]
            in_ours = True  # from here on a failure is ours
            ours, seconds = run_ours(c, args, args.keep)
            ok, summary = compare(c, ours, theirs, args.verbose)
            status = "match" if ok else "MISMATCH"
        except Exception as e:  # one broken kernel must not hide the others
            ok, status, summary = False, "ERROR", f"{type(e).__name__}: {e}"
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
        print(f"{name}: {status} ({seconds:.1f}s ours) {summary}", flush=True)
        if status != "ERROR" and oracle != "JAX":
            print(f"    oracle: {oracle}")
        if status == "match" and c.tolerance and args.verbose:
            tols = c.tolerance if isinstance(c.tolerance, list) else [c.tolerance]
            for t in tols:
                if t:
                    print(f"    tolerance: {t[2]}")
    matched = len(names) - len(failed) - len(xfailed)
    print(f"cpu-oracle: {matched} of {len(names)} kernels match their oracle"
          + (f"; known failures: {', '.join(xfailed)}" if xfailed else "")
          + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
