#!/usr/bin/env python3
"""Prints the PTX of the `gpu.binary` ops (format=isa) of a lowered module,
one after the other (or only that of `--binary NAME`), as ptxas and the
lit tests read it. No third-party modules: lit's own python runs it.

  python3 scripts/gpu/extract_ptx.py LOWERED.mlir [--binary NAME] [-o OUT.ptx]
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_common as gc  # noqa: E402


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("module")
  ap.add_argument("--binary", default=None)
  ap.add_argument("-o", "--output", default="-")
  opts = ap.parse_args()
  ptx = gc.ptx_of(open(opts.module).read())
  if opts.binary is not None:
    ptx = {k: v for k, v in ptx.items() if k == opts.binary}
  if not ptx:
    print(f"extract_ptx: no gpu.binary with PTX in {opts.module}", file=sys.stderr)
    return 1
  text = "".join(ptx.values())
  if opts.output == "-":
    sys.stdout.write(text)
  else:
    with open(opts.output, "w") as fh:
      fh.write(text)
  return 0


if __name__ == "__main__":
  sys.exit(main())
