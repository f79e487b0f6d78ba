#!/usr/bin/env python3
"""Parses and verifies Mosaic GPU modules with jaxlib 0.10.2's own MLIR: the
upstream dialects JAX registers (gpu, nvvm, llvm, ...) plus its
`mosaic_gpu` dialect. Each module must also print and parse back.

  .venv/bin/python scripts/jax/gpu_verify.py [-q] FILE_OR_DIR...

A directory stands for its *.mlir files. Exits 1 if any file fails, naming
it with jaxlib's message.
"""

import argparse
import os
import sys

from jax._src.interpreters import mlir as jax_mlir
from jax._src.lib.mlir import ir
from jax.experimental.mosaic import gpu as mgpu


def check(text):
  """None when `text` parses, verifies and round-trips; else the error."""
  ctx = jax_mlir.make_ir_context()
  mgpu.dialect.register_dialect(ctx)
  with ctx:
    try:
      module = ir.Module.parse(text)
      if not module.operation.verify():
        return "does not verify"
      ir.Module.parse(module.operation.get_asm(enable_debug_info=False))
    except Exception as e:  # jaxlib raises MLIRError (and others) on bad IR
      return str(e).strip()
  return None


def files(paths):
  for p in paths:
    if os.path.isdir(p):
      yield from sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".mlir"))
    else:
      yield p


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("-q", "--quiet", action="store_true", help="print failures only")
  ap.add_argument("paths", nargs="+")
  opts = ap.parse_args()
  failed = 0
  for path in files(opts.paths):
    with open(path) as fh:
      error = check(fh.read())
    if error:
      failed += 1
      print(f"{path}: FAIL {error}")
    elif not opts.quiet:
      print(f"{path}: OK")
  if failed:
    print(f"{failed} file(s) failed")
    return 1
  return 0


if __name__ == "__main__":
  sys.exit(main())
