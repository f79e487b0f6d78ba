#!/usr/bin/env python3
"""Checks the GPU kernel set: every pallas twin examples/gpu/NAME.mlir has a
Python kernel NAME in scripts/jax/gpu_kernels.py and JAX's reference
test/Reference/GPU/NAME.mlir, defines one `pallas.kernel @NAME` with
warpgroup lowering semantics, and parses and verifies with pallas-opt; every
registered kernel has a reference. Registered kernels without a twin are
listed (the twins of the large public kernels are not all written yet).

  .venv/bin/python scripts/jax/gpu_check.py --pallas-opt target/debug/pallas-opt

There is no GPU lowering yet (convert-pallas-to-mosaic-gpu), so nothing is
compared beyond this; the references themselves are verified with jaxlib by
scripts/jax/gpu_verify.py.
"""

import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import gpu_kernels  # noqa: E402


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("--pallas-opt", default=os.path.join(ROOT, "target", "debug", "pallas-opt"))
  opts = ap.parse_args()
  twins_dir = os.path.join(ROOT, "examples", "gpu")
  refs_dir = os.path.join(ROOT, "test", "Reference", "GPU")
  twins = sorted(f[:-5] for f in os.listdir(twins_dir) if f.endswith(".mlir"))
  problems = []
  for name in gpu_kernels.KERNELS:
    if not os.path.exists(os.path.join(refs_dir, f"{name}.mlir")):
      problems.append(f"{name}: no reference test/Reference/GPU/{name}.mlir "
                      "(scripts/jax/dump_gpu_reference.py)")
  for name in twins:
    path = os.path.join(twins_dir, f"{name}.mlir")
    if name not in gpu_kernels.KERNELS:
      problems.append(f"{name}: examples/gpu twin without a kernel in scripts/jax/gpu_kernels.py")
    text = open(path).read()
    kernels = re.findall(r"pallas\.kernel @(\w+)", text)
    if kernels != [name]:
      problems.append(f"{name}: the twin must define exactly pallas.kernel @{name}, found {kernels}")
    if 'lowering_semantics = "warpgroup"' not in text:
      problems.append(f"{name}: the twin must say lowering_semantics = \"warpgroup\"")
    run = subprocess.run([opts.pallas_opt, path, "-o", os.devnull],
                         capture_output=True, text=True)
    if run.returncode != 0:
      problems.append(f"{name}: pallas-opt rejects the twin:\n{run.stderr.strip()}")
  missing = [n for n in gpu_kernels.KERNELS if n not in twins]
  print(f"gpu-check: {len(twins)} twins checked, {len(gpu_kernels.KERNELS)} kernels, "
        f"{len(missing)} without a twin yet: {', '.join(missing) or 'none'}")
  for p in problems:
    print(f"gpu-check: {p}")
  return 1 if problems else 0


if __name__ == "__main__":
  sys.exit(main())
