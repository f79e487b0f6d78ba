#!/usr/bin/env python3
"""Our CPU reference against JAX's interpret mode, side by side in one run.

  .venv/bin/python bench/cpu_reference.py [--pallas-opt P] [--quick | --realistic] [--check]

Two groups of kernels:

  test sizes   kernels of the CPU oracle (scripts/jax/cpu_oracle.py: same
               pallas twin, same JAX builder, same inputs), run through the
               oracle's own harness (inputs embedded in the module as hex
               literals, outputs printed element by element);
  realistic    a 2048x2048 bf16 matmul in 128x128 tiles (the `matmul_tile`
               twin, grid 16^3), flash attention over a 4096-long sequence
               (f32, head dim 128, 128x128 blocks, online softmax, grid
               32x32) and a layer norm over an 8192x4096 f32 matrix (8-row
               blocks, grid 1024). Their twins and JAX kernels are defined
               here. Our side runs them with a generated host @main that
               fills the inputs with a pattern computed in place and prints a
               checksum of the outputs: tens of megabytes of hex literals and
               printed numbers would measure the harness's text I/O, not
               the CPU reference. The values differ from JAX's inputs, which
               does not matter for timing (no data-dependent control flow);
               `--check` runs the same twins at small sizes through the
               oracle's harness and compares them with JAX.

For each it measures:

  ours c+r     wall time of `pallas-opt` (convert-pallas-to-scf and the CPU
               pipeline) plus `mlir-runner` (JIT compile and run) of the
               kernel with its host @main;
  ours run     the seconds `pallas.call` itself took inside that run
               (rtclock around it; at realistic sizes the host has filled
               the outputs with a sentinel before, so the output's first
               page faults are not in it, see generated_main);
  JAX first    JAX's interpret mode, first call (traces, lowers and runs, as
               a user's first test run does);
  JAX run      JAX's interpret mode, a second call (cached, run only);
  LLVM IR      bytes of LLVM IR of the kernel alone (the twin lowered without
               a host, then `mlir-translate --mlir-to-llvmir`);

and prints JAX run / ours run and JAX first / ours compile+run. Timings
vary with the machine and its load (run alone for numbers to quote); the
ratios much less.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "jax"))

import cpu_oracle  # noqa: E402

# Test-size oracle kernels timed here (a spread of features).
TEST_SIZE = ["add", "matmul_tile", "softmax_rows", "dma_double_buffer", "gather",
             "transpose", "roll", "int8_matmul"]


# ---------------------------------------------------------------------------
# Realistic kernels: (name, Case for the JAX side and the input shapes, twin)


def realistic_matmul(n=2048):
    """The `matmul_tile` kernel over n x n bf16 arrays (grid n/128 cubed)."""
    import jax.numpy as jnp

    rng = cpu_oracle.rng_for(f"bench_matmul_{n}")
    a = np.asarray(cpu_oracle.uniform(rng, (n, n)).astype(jnp.bfloat16))
    b = np.asarray(cpu_oracle.uniform(rng, (n, n)).astype(jnp.bfloat16))
    case = cpu_oracle.Case("matmul_tile", [("in", a), ("in", b)], [((n, n), np.float32)],
                           lambda a, b: cpu_oracle.blocked_matmul(a, b, 128),
                           tolerance=(1e-5, 1e-4, "a 128-term dot per block, summed "
                                      "over blocks; XLA may add in another order"))
    with open(os.path.join(cpu_oracle.TWINS, "matmul_tile.mlir")) as f:
        twin = f.read().replace("256x256", f"{n}x{n}")
    g = n // 128
    twin = twin.replace("grid(2, 2, 2)", f"grid({g}, {g}, {g})")
    return f"matmul_bf16_{n}", case, twin


LAYER_NORM_TWIN = """\
// Layer norm over the rows of an f32[{r}, {c}] matrix in {bm}-row blocks:
// mean and variance as row sums times 1/{c}, y = (x - mean) * rsqrt(var +
// 1e-5) * gamma + beta (bench/cpu_reference.py, `layer_norm`).
module {{
  pallas.kernel @layer_norm grid({g}) semantics(parallel)
      ins(%x: memref<{r}x{c}xf32> block [{bm}, {c}] map affine_map<(i) -> (i, 0)>,
          %gamma: memref<1x{c}xf32> block [1, {c}] map affine_map<(i) -> (0, 0)>,
          %beta: memref<1x{c}xf32> block [1, {c}] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<{r}x{c}xf32> block [{bm}, {c}] map affine_map<(i) -> (i, 0)>) {{
    %v = pallas.load %x[] : memref<{bm}x{c}xf32> -> vector<{bm}x{c}xf32>
    %zero = arith.constant dense<0.0> : vector<{bm}xf32>
    %inv_n = arith.constant dense<{inv_n}> : vector<{bm}xf32>
    %s = vector.multi_reduction <add>, %v, %zero [1] : vector<{bm}x{c}xf32> to vector<{bm}xf32>
    %mean = arith.mulf %s, %inv_n : vector<{bm}xf32>
    %mean2 = vector.shape_cast %mean : vector<{bm}xf32> to vector<{bm}x1xf32>
    %meanb = vector.broadcast %mean2 : vector<{bm}x1xf32> to vector<{bm}x{c}xf32>
    %xc = arith.subf %v, %meanb : vector<{bm}x{c}xf32>
    %sq = arith.mulf %xc, %xc : vector<{bm}x{c}xf32>
    %ss = vector.multi_reduction <add>, %sq, %zero [1] : vector<{bm}x{c}xf32> to vector<{bm}xf32>
    %var = arith.mulf %ss, %inv_n : vector<{bm}xf32>
    %eps = arith.constant dense<1.0e-05> : vector<{bm}xf32>
    %ve = arith.addf %var, %eps : vector<{bm}xf32>
    %rs = math.rsqrt %ve : vector<{bm}xf32>
    %rs2 = vector.shape_cast %rs : vector<{bm}xf32> to vector<{bm}x1xf32>
    %rsb = vector.broadcast %rs2 : vector<{bm}x1xf32> to vector<{bm}x{c}xf32>
    %y = arith.mulf %xc, %rsb : vector<{bm}x{c}xf32>
    %gv = pallas.load %gamma[] : memref<1x{c}xf32> -> vector<1x{c}xf32>
    %gb = vector.broadcast %gv : vector<1x{c}xf32> to vector<{bm}x{c}xf32>
    %yg = arith.mulf %y, %gb : vector<{bm}x{c}xf32>
    %bv = pallas.load %beta[] : memref<1x{c}xf32> -> vector<1x{c}xf32>
    %bb = vector.broadcast %bv : vector<1x{c}xf32> to vector<{bm}x{c}xf32>
    %out = arith.addf %yg, %bb : vector<{bm}x{c}xf32>
    pallas.store %out, %o[] : vector<{bm}x{c}xf32>, memref<{bm}x{c}xf32>
  }}
}}
"""


def layer_norm(r=8192, c=4096, bm=8):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl

    rng = cpu_oracle.rng_for(f"bench_layer_norm_{r}x{c}")
    x = cpu_oracle.uniform(rng, (r, c), -2.0, 2.0)
    gamma, beta = cpu_oracle.uniform(rng, (1, c)), cpu_oracle.uniform(rng, (1, c))
    inv_n = np.float32(1.0 / c)

    def body(x_ref, g_ref, b_ref, o_ref):
        v = x_ref[...]
        mean = jnp.sum(v, axis=1, keepdims=True) * inv_n
        xc = v - mean
        var = jnp.sum(xc * xc, axis=1, keepdims=True) * inv_n
        y = xc * jax.lax.rsqrt(var + np.float32(1e-5))
        o_ref[...] = y * g_ref[...] + b_ref[...]

    def run(x, g, b):
        rows = pl.BlockSpec((bm, c), lambda i: (i, 0))
        whole = pl.BlockSpec((1, c), lambda i: (0, 0))
        return (pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct((r, c), jnp.float32),
                               grid=(r // bm,), in_specs=[rows, whole, whole], out_specs=rows,
                               interpret=cpu_oracle.interpret())(x, g, b),)

    case = cpu_oracle.Case("layer_norm", [("in", x), ("in", gamma), ("in", beta)],
                           [((r, c), np.float32)], run,
                           tolerance=(1e-5, 1e-5, f"{c}-term row sums in another order, "
                                      "XLA's rsqrt against libm's 1/sqrt"))
    twin = LAYER_NORM_TWIN.format(r=r, c=c, bm=bm, g=r // bm, inv_n=f"{float(inv_n):.9e}")
    return f"layer_norm_{r}x{c}", case, twin


FLASH_TWIN = """\
// Flash attention, one head: o = softmax(q k^T) v over an f32[{s}, {d}]
// sequence in {b}x{b} blocks, grid (query block, key block), the running
// row max m, row sum l and output acc in scratch, rescaled by exp(m_old -
// m_new) at every key block (bench/cpu_reference.py, `flash_attention`).
module {{
  pallas.kernel @flash_attention grid({g}, {g}) semantics(parallel, arbitrary)
      ins(%q: memref<{s}x{d}xf32> block [{b}, {d}] map affine_map<(i, j) -> (i, 0)>,
          %k: memref<{s}x{d}xf32> block [{b}, {d}] map affine_map<(i, j) -> (j, 0)>,
          %v: memref<{s}x{d}xf32> block [{b}, {d}] map affine_map<(i, j) -> (j, 0)>)
      outs(%o: memref<{s}x{d}xf32> block [{b}, {d}] map affine_map<(i, j) -> (i, 0)>)
      scratch(%m: memref<{b}x1xf32, #pallas.memory_space<vmem>>,
              %l: memref<{b}x1xf32, #pallas.memory_space<vmem>>,
              %acc: memref<{b}x{d}xf32, #pallas.memory_space<vmem>>) {{
    %j = pallas.program_id 1
    %nj = pallas.num_programs 1
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %first = arith.cmpi eq, %j, %c0 : i32
    scf.if %first {{
      %ninf = arith.constant dense<0xFF800000> : vector<{b}x1xf32>
      pallas.store %ninf, %m[] : vector<{b}x1xf32>, memref<{b}x1xf32, #pallas.memory_space<vmem>>
      %z1 = arith.constant dense<0.0> : vector<{b}x1xf32>
      pallas.store %z1, %l[] : vector<{b}x1xf32>, memref<{b}x1xf32, #pallas.memory_space<vmem>>
      %z = arith.constant dense<0.0> : vector<{b}x{d}xf32>
      pallas.store %z, %acc[] : vector<{b}x{d}xf32>, memref<{b}x{d}xf32, #pallas.memory_space<vmem>>
    }}
    %qv = pallas.load %q[] : memref<{b}x{d}xf32> -> vector<{b}x{d}xf32>
    %kv = pallas.load %k[] : memref<{b}x{d}xf32> -> vector<{b}x{d}xf32>
    %vv = pallas.load %v[] : memref<{b}x{d}xf32> -> vector<{b}x{d}xf32>
    %sc = pallas.dot %qv, %kv {{transpose_rhs}} : vector<{b}x{d}xf32>, vector<{b}x{d}xf32> -> vector<{b}x{b}xf32>
    %mp = pallas.load %m[] : memref<{b}x1xf32, #pallas.memory_space<vmem>> -> vector<{b}x1xf32>
    %ninf1 = arith.constant dense<0xFF800000> : vector<{b}xf32>
    %mc = vector.multi_reduction <maximumf>, %sc, %ninf1 [1] : vector<{b}x{b}xf32> to vector<{b}xf32>
    %mc2 = vector.shape_cast %mc : vector<{b}xf32> to vector<{b}x1xf32>
    %mn = arith.maximumf %mp, %mc2 : vector<{b}x1xf32>
    %dm = arith.subf %mp, %mn : vector<{b}x1xf32>
    %alpha = math.exp %dm : vector<{b}x1xf32>
    %mnb = vector.broadcast %mn : vector<{b}x1xf32> to vector<{b}x{b}xf32>
    %sd = arith.subf %sc, %mnb : vector<{b}x{b}xf32>
    %p = math.exp %sd : vector<{b}x{b}xf32>
    %z0 = arith.constant dense<0.0> : vector<{b}xf32>
    %ps = vector.multi_reduction <add>, %p, %z0 [1] : vector<{b}x{b}xf32> to vector<{b}xf32>
    %ps2 = vector.shape_cast %ps : vector<{b}xf32> to vector<{b}x1xf32>
    %lp = pallas.load %l[] : memref<{b}x1xf32, #pallas.memory_space<vmem>> -> vector<{b}x1xf32>
    %la = arith.mulf %alpha, %lp : vector<{b}x1xf32>
    %ln = arith.addf %la, %ps2 : vector<{b}x1xf32>
    pallas.store %ln, %l[] : vector<{b}x1xf32>, memref<{b}x1xf32, #pallas.memory_space<vmem>>
    %pv = pallas.dot %p, %vv : vector<{b}x{b}xf32>, vector<{b}x{d}xf32> -> vector<{b}x{d}xf32>
    %ap = pallas.load %acc[] : memref<{b}x{d}xf32, #pallas.memory_space<vmem>> -> vector<{b}x{d}xf32>
    %ab = vector.broadcast %alpha : vector<{b}x1xf32> to vector<{b}x{d}xf32>
    %aa = arith.mulf %ap, %ab : vector<{b}x{d}xf32>
    %an = arith.addf %aa, %pv : vector<{b}x{d}xf32>
    pallas.store %an, %acc[] : vector<{b}x{d}xf32>, memref<{b}x{d}xf32, #pallas.memory_space<vmem>>
    pallas.store %mn, %m[] : vector<{b}x1xf32>, memref<{b}x1xf32, #pallas.memory_space<vmem>>
    %jl = arith.subi %nj, %c1 : i32
    %last = arith.cmpi eq, %j, %jl : i32
    scf.if %last {{
      %a = pallas.load %acc[] : memref<{b}x{d}xf32, #pallas.memory_space<vmem>> -> vector<{b}x{d}xf32>
      %lv = pallas.load %l[] : memref<{b}x1xf32, #pallas.memory_space<vmem>> -> vector<{b}x1xf32>
      %lb = vector.broadcast %lv : vector<{b}x1xf32> to vector<{b}x{d}xf32>
      %r = arith.divf %a, %lb : vector<{b}x{d}xf32>
      pallas.store %r, %o[] : vector<{b}x{d}xf32>, memref<{b}x{d}xf32>
    }}
  }}
}}
"""


def flash_attention(s=4096, d=128, b=128):
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    rng = cpu_oracle.rng_for(f"bench_flash_{s}x{d}")
    q, k, v = (cpu_oracle.uniform(rng, (s, d)) for _ in range(3))
    f32 = jnp.float32

    def body(q_ref, k_ref, v_ref, o_ref, m_ref, l_ref, acc_ref):
        j = pl.program_id(1)

        @pl.when(j == 0)
        def _():
            m_ref[...] = jnp.full(m_ref.shape, -jnp.inf, f32)
            l_ref[...] = jnp.zeros(l_ref.shape, f32)
            acc_ref[...] = jnp.zeros(acc_ref.shape, f32)

        sc = jax.lax.dot_general(q_ref[...], k_ref[...], (((1,), (1,)), ((), ())),
                                 preferred_element_type=f32)
        m_prev = m_ref[...]
        m_new = jnp.maximum(m_prev, jnp.max(sc, axis=1, keepdims=True))
        alpha = jnp.exp(m_prev - m_new)
        p = jnp.exp(sc - m_new)
        l_ref[...] = alpha * l_ref[...] + jnp.sum(p, axis=1, keepdims=True)
        acc_ref[...] = acc_ref[...] * alpha + jnp.dot(p, v_ref[...], preferred_element_type=f32)
        m_ref[...] = m_new

        @pl.when(j == pl.num_programs(1) - 1)
        def _():
            o_ref[...] = acc_ref[...] / l_ref[...]

    def run(q, k, v):
        qs = pl.BlockSpec((b, d), lambda i, j: (i, 0))
        kvs = pl.BlockSpec((b, d), lambda i, j: (j, 0))
        return (pl.pallas_call(
            body, out_shape=jax.ShapeDtypeStruct((s, d), f32), grid=(s // b, s // b),
            in_specs=[qs, kvs, kvs], out_specs=qs,
            scratch_shapes=[pltpu.VMEM((b, 1), f32), pltpu.VMEM((b, 1), f32),
                            pltpu.VMEM((b, d), f32)],
            interpret=cpu_oracle.interpret())(q, k, v),)

    case = cpu_oracle.Case("flash_attention", [("in", q), ("in", k), ("in", v)],
                           [((s, d), np.float32)], run,
                           tolerance=(1e-4, 1e-5, f"{d}- and {b}-term dots and row sums in "
                                      "another order, XLA's exp against ours (pallas-expand-exp)"))
    return f"flash_attention_{s}", case, FLASH_TWIN.format(s=s, d=d, b=b, g=s // b)


def realistic(quick_check=False):
    if quick_check:  # the same twins, small enough for the oracle's harness
        return [realistic_matmul(256), layer_norm(16, 512, 8), flash_attention(256, 128, 128)]
    return [realistic_matmul(), flash_attention(), layer_norm()]


# ---------------------------------------------------------------------------
# Our side for realistic sizes: a host @main without embedded data


# Quiet-NaN bit patterns of the float output types.
SENTINEL = {"f32": "0x7FC00000", "bf16": "0x7FC0", "f16": "0x7E00", "f64": "0x7FF8000000000000"}


def generated_main(twin, kname, case):
    """The twin with a host @main that fills every input with a pattern
    (element e of a flat view: ((e * 7919) mod 2048) / 1024 - 1, rounded to
    the input's type; computed for the first 2048 elements and copied from
    there) and every output with a NaN sentinel (as the oracle's
    host does; a fresh output's first-touch page faults then happen before
    the timer: about 40 ms for the 128 MB layer norm output), times
    `pallas.call` and prints that time, then the sum of every output
    (f64)."""
    end = twin.rstrip().rfind("}")
    lines, operands, types = [], [], []
    arrays = [arr.shape + (arr.dtype,) for _, arr in case.inputs]
    for k, spec in enumerate(arrays + [tuple(s) + (d,) for s, d in case.outputs]):
        shape, dtype = spec[:-1], np.dtype(spec[-1])
        t = cpu_oracle.memref_type(shape, dtype)
        n = int(np.prod(shape))
        elem = cpu_oracle.ELEM[dtype][0]
        flat_t = f"memref<{n}x{elem}>"
        lines.append(f"    %a{k} = memref.alloc() : {t}")
        reassoc = "[[" + ", ".join(str(d) for d in range(len(shape))) + "]]"
        lines.append(f"    %f{k} = memref.collapse_shape %a{k} {reassoc} : {t} into {flat_t}")
        lines.append(f"    %n{k} = arith.constant {n} : index")
        # The first `period` elements are computed, the rest are copies of
        # them (the pattern repeats every 2048 elements): filling 128 MB an
        # element at a time would time this harness rather than the kernel.
        period = min(n, 2048)
        lines.append(f"    %p{k} = arith.constant {period} : index")
        if k >= len(arrays):
            # Outputs get a NaN (or -1) sentinel, as the oracle's host does:
            # the first touch of a fresh output's pages happens here, not
            # inside the timed call.
            lit = SENTINEL.get(elem, "-1")
            lines += [
                f"    %s{k} = arith.constant {lit} : {elem}",
                f"    scf.for %e = %c0 to %p{k} step %c1 {{",
                f"      memref.store %s{k}, %f{k}[%e] : {flat_t}",
                "    }",
            ]
        else:
            conv = "" if elem == "f32" else f"\n      %x = arith.truncf %w : f32 to {elem}"
            val = "%w" if elem == "f32" else "%x"
            lines += [
                f"    scf.for %e = %c0 to %p{k} step %c1 {{",
                "      %ei = arith.index_cast %e : index to i64",
                "      %h = arith.muli %ei, %c7919 : i64",
                "      %hm = arith.remui %h, %c2048 : i64",
                "      %hf = arith.uitofp %hm : i64 to f32",
                "      %hs = arith.mulf %hf, %inv1024 : f32",
                f"      %w = arith.subf %hs, %one : f32{conv}",
                f"      memref.store {val}, %f{k}[%e] : {flat_t}",
                "    }",
            ]
        if n > period:
            lines += [
                f"    scf.for %s = %p{k} to %n{k} step %p{k} {{",
                f"      %rest = arith.subi %n{k}, %s : index",
                f"      %len = arith.minui %rest, %p{k} : index",
                f"      %from = memref.subview %f{k}[0] [%len] [1] : {flat_t} to "
                f"memref<?x{elem}, strided<[1]>>",
                f"      %to = memref.subview %f{k}[%s] [%len] [1] : {flat_t} to "
                f"memref<?x{elem}, strided<[1], offset: ?>>",
                f"      memref.copy %from, %to : memref<?x{elem}, strided<[1]>> to "
                f"memref<?x{elem}, strided<[1], offset: ?>>",
                "    }",
            ]
        operands.append(f"%a{k}")
        types.append(t)
    head = ["    %c0 = arith.constant 0 : index", "    %c1 = arith.constant 1 : index",
            "    %c7919 = arith.constant 7919 : i64", "    %c2048 = arith.constant 2048 : i64",
            "    %inv1024 = arith.constant 9.765625e-04 : f32",
            "    %one = arith.constant 1.0 : f32", "    %zero = arith.constant 0.0 : f64",
            "    %c8 = arith.constant 8 : index",
            "    %zero8 = arith.constant dense<0.0> : vector<8xf64>"]
    lines = head + lines
    lines.append("    %t0 = func.call @rtclock() : () -> f64")
    lines.append(f"    pallas.call @{kname}({', '.join(operands)}) : ({', '.join(types)}) -> ()")
    lines += ["    %t1 = func.call @rtclock() : () -> f64",
              "    %dt = arith.subf %t1, %t0 : f64",
              "    func.call @printF64(%dt) : (f64) -> ()",
              "    func.call @printNewline() : () -> ()"]
    for k, (shape, dtype) in enumerate(case.outputs, start=len(arrays)):
        elem = cpu_oracle.ELEM[np.dtype(dtype)][0]
        n = int(np.prod(shape))
        wide = "%v" if elem == "f64" else "%vw"
        # Eight running sums, then the rest one by one (one chain of 32
        # million dependent adds took longer than the kernel).
        lines += [
            f"    %n8_{k} = arith.constant {n - n % 8} : index",
            f"    %acc8_{k} = scf.for %e = %c0 to %n8_{k} step %c8 iter_args(%acc = %zero8) "
            "-> (vector<8xf64>) {",
            f"      %v = vector.load %f{k}[%e] : memref<{n}x{elem}>, vector<8x{elem}>",
            f"      %vw = arith.extf %v : vector<8x{elem}> to vector<8xf64>",
            f"      %s = arith.addf %acc, {wide} : vector<8xf64>",
            "      scf.yield %s : vector<8xf64>",
            "    }",
            f"    %part{k} = vector.reduction <add>, %acc8_{k} : vector<8xf64> into f64",
            f"    %sum{k} = scf.for %e = %n8_{k} to %n{k} step %c1 iter_args(%acc = %part{k}) "
            "-> (f64) {",
            f"      %v = memref.load %f{k}[%e] : memref<{n}x{elem}>",
            f"      %vw = arith.extf %v : {elem} to f64",
            f"      %s = arith.addf %acc, {wide} : f64",
            "      scf.yield %s : f64",
            "    }",
            f"    func.call @printF64(%sum{k}) : (f64) -> ()",
            "    func.call @printNewline() : () -> ()",
        ]
    lines.append("    return")
    decls = ("  func.func private @rtclock() -> f64\n  func.func private @printF64(f64)\n"
             "  func.func private @printNewline()\n")
    body = decls + "  func.func @main() {\n" + "\n".join(lines) + "\n  }\n"
    return twin[:end] + "\n  // Host side generated by bench/cpu_reference.py.\n" + body + "}\n"


def run_generated(module, args):
    """Lowers and runs `module`; returns (wall seconds of both, kernel seconds)."""
    with open(args.pipeline) as f:
        pipeline = f.read().strip()
    libs = ",".join(os.path.join(cpu_oracle.LLVM_PREFIX, "lib", l)
                    for l in ("libmlir_c_runner_utils.so", "libmlir_runner_utils.so"))
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "main.mlir")
        with open(src, "w") as f:
            f.write(module)
        t0 = time.time()
        low = subprocess.run([args.pallas_opt, "-p",
                              f"builtin.module(convert-pallas-to-scf,{pipeline})", src],
                             capture_output=True, text=True, timeout=args.timeout)
        if low.returncode != 0:
            raise RuntimeError("lowering failed: " + cpu_oracle.first_error(low.stderr))
        run = subprocess.run([args.mlir_runner, "-e", "main", "-entry-point-result=void",
                              f"-shared-libs={libs}"], input=low.stdout,
                             capture_output=True, text=True, timeout=args.timeout)
        seconds = time.time() - t0
    if run.returncode != 0:
        raise RuntimeError(f"mlir-runner exited {run.returncode}: "
                           + cpu_oracle.first_error(run.stderr))
    return seconds, float(run.stdout.split()[0])


def llvm_ir_bytes(twin, args):
    """Bytes of LLVM IR of the twin's kernel alone."""
    with open(args.pipeline) as f:
        pipeline = f.read().strip()
    low = subprocess.run([args.pallas_opt, "-p", f"builtin.module(convert-pallas-to-scf,{pipeline})"],
                         input=twin, capture_output=True, text=True, timeout=args.timeout)
    if low.returncode != 0:
        return None
    translate = os.path.join(cpu_oracle.LLVM_PREFIX, "bin", "mlir-translate")
    ll = subprocess.run([translate, "--mlir-to-llvmir"], input=low.stdout, capture_output=True,
                        text=True, timeout=args.timeout)
    return len(ll.stdout) if ll.returncode == 0 else None


def time_jax(case):
    import jax

    args = [arr for _, arr in case.inputs] + list(case.grid_extents)
    t = time.perf_counter()
    jax.block_until_ready(case.jax_fn(*args))
    first = time.perf_counter() - t
    t = time.perf_counter()
    jax.block_until_ready(case.jax_fn(*args))
    return first, time.perf_counter() - t


def kb(n):
    return "?" if n is None else f"{n / 1024:.0f}K"


def check(args):
    """The realistic twins at small sizes against JAX (the oracle's way)."""
    ok = True
    for name, case, twin in realistic(quick_check=True):
        ours, _ = cpu_oracle.run_ours(case, args, None, twin_text=twin)
        theirs = [np.asarray(t) for t in case.jax_fn(*[a for _, a in case.inputs])]
        good, summary = cpu_oracle.compare(case, ours, theirs, True)
        ok &= good
        print(f"{name}: {'match' if good else 'MISMATCH'} {summary}")
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pallas-opt", default=os.path.join(ROOT, "target", "release", "pallas-opt"))
    ap.add_argument("--mlir-runner", default=os.path.join(cpu_oracle.LLVM_PREFIX, "bin", "mlir-runner"))
    ap.add_argument("--pipeline", default=os.path.join(ROOT, "scripts", "cpu-pipeline.txt"))
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--quick", action="store_true", help="test sizes only")
    ap.add_argument("--realistic", action="store_true", help="realistic sizes only")
    ap.add_argument("--check", action="store_true",
                    help="compare the realistic twins with JAX at small sizes, then exit")
    args = ap.parse_args()
    if args.check:
        sys.exit(0 if check(args) else 1)

    print(f"{'kernel':22} {'LLVM IR':>8} {'ours c+r s':>10} {'ours run ms':>11} "
          f"{'JAX first s':>11} {'JAX run s':>10} {'run ratio':>9} {'first ratio':>11}")

    def report(name, ir, total, run, case):
        jax_first, jax_run = time_jax(case)
        print(f"{name:22} {kb(ir):>8} {total:10.3f} {run * 1e3:11.3f} {jax_first:11.3f} "
              f"{jax_run:10.3f} {jax_run / max(run, 1e-9):8.0f}x {jax_first / total:10.1f}x",
              flush=True)

    for name in [] if args.realistic else TEST_SIZE:
        case = cpu_oracle.CASES[name](cpu_oracle.rng_for(name))
        with open(os.path.join(cpu_oracle.TWINS, name + ".mlir")) as f:
            twin = f.read()
        _, total, run = cpu_oracle.run_ours(case, args, None, timed=True)
        report(name, llvm_ir_bytes(twin, args), total, run, case)
    if not args.quick:
        for name, case, twin in realistic():
            kname = re.findall(r"pallas\.kernel\s+@([\w$.]+)", twin)[0]
            total, run = run_generated(generated_main(twin, kname, case), args)
            report(name, llvm_ir_bytes(twin, args), total, run, case)
    print("run ratio = JAX run / ours run (goal at realistic sizes >= 100x); first ratio = "
          "JAX first / ours compile+run (goal >= 10x)")


if __name__ == "__main__":
    main()
