#!/usr/bin/env python3
"""Our CPU reference against JAX's interpret mode, side by side in one run.

  .venv/bin/python bench/cpu_reference.py [--pallas-opt P] [--quick]

For kernels of the CPU oracle (scripts/jax/cpu_oracle.py: same pallas twin,
same JAX builder, same inputs) at their test sizes, and for a bf16 matmul at
a realistic size (2048x2048 in 128x128 tiles, built from the `matmul_tile`
twin), it measures:

  ours compile+run  wall time of `pallas-opt` (convert-pallas-to-scf and the
                    CPU pipeline) plus `mlir-runner` (JIT compile and run)
                    of the kernel with its host @main;
  ours run          the seconds `pallas.call` itself took inside that run
                    (rtclock around it);
  JAX first         JAX's interpret mode, first call (traces, lowers and
                    runs, as a user's first test run does);
  JAX run           JAX's interpret mode, a second call (cached, run only);

and prints JAX run / ours run and JAX first / ours compile+run. Both sides
check nothing here: `make cpu-check` compares their outputs. Timings vary
with the machine and its load; the ratios much less.
"""

import argparse
import os
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "jax"))

import cpu_oracle  # noqa: E402

# Test-size oracle kernels timed here (a spread of features).
TEST_SIZE = ["add", "matmul_tile", "softmax_rows", "dma_double_buffer", "gather",
             "transpose", "roll", "int8_matmul"]


def realistic_matmul(n=2048):
    """The `matmul_tile` kernel over n x n bf16 arrays (grid n/128 cubed)."""
    import jax.numpy as jnp

    rng = cpu_oracle.rng_for(f"bench_matmul_{n}")
    a = np.asarray(cpu_oracle.uniform(rng, (n, n)).astype(jnp.bfloat16))
    b = np.asarray(cpu_oracle.uniform(rng, (n, n)).astype(jnp.bfloat16))
    case = cpu_oracle.Case(f"matmul_tile", [("in", a), ("in", b)], [((n, n), np.float32)],
                           lambda a, b: cpu_oracle.blocked_matmul(a, b, 128))
    with open(os.path.join(cpu_oracle.TWINS, "matmul_tile.mlir")) as f:
        twin = f.read().replace("256x256", f"{n}x{n}")
    g = n // 128
    twin = twin.replace("grid(2, 2, 2)", f"grid({g}, {g}, {g})")
    return f"matmul_bf16_{n}", case, twin


def time_jax(case):
    import jax

    args = [arr for _, arr in case.inputs] + list(case.grid_extents)
    t = time.perf_counter()
    jax.block_until_ready(case.jax_fn(*args))
    first = time.perf_counter() - t
    t = time.perf_counter()
    jax.block_until_ready(case.jax_fn(*args))
    return first, time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pallas-opt", default=os.path.join(ROOT, "target", "release", "pallas-opt"))
    ap.add_argument("--mlir-runner", default=os.path.join(cpu_oracle.LLVM_PREFIX, "bin", "mlir-runner"))
    ap.add_argument("--pipeline", default=os.path.join(ROOT, "scripts", "cpu-pipeline.txt"))
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--quick", action="store_true", help="test sizes only")
    args = ap.parse_args()

    runs = [(name, cpu_oracle.CASES[name](cpu_oracle.rng_for(name)), None) for name in TEST_SIZE]
    if not args.quick:
        runs.append(realistic_matmul())
    print(f"{'kernel':22} {'ours c+r s':>10} {'ours run ms':>11} {'JAX first s':>11} "
          f"{'JAX run s':>10} {'run ratio':>9} {'first ratio':>11}")
    for name, case, twin in runs:
        _, ours_total, ours_run = cpu_oracle.run_ours(case, args, None, twin_text=twin,
                                                       timed=True)
        jax_first, jax_run = time_jax(case)
        print(f"{name:22} {ours_total:10.3f} {ours_run * 1e3:10.3f} {jax_first:11.3f} {jax_run:10.3f} "
              f"{jax_run / max(ours_run, 1e-9):8.0f}x {jax_first / ours_total:10.1f}x")
    print("run ratio = JAX run / ours run (goal at realistic sizes >= 100x); first ratio = "
          "JAX first / ours compile+run (goal >= 10x)")


if __name__ == "__main__":
    main()
