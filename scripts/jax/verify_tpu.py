#!/usr/bin/env python3
"""Parses and verifies Mosaic TPU MLIR text with jaxlib's own MLIR and `tpu`
dialect (the consumer our convert-pallas-to-tpu and convert-pallas-to-sparsecore
output is written for).

  .venv/bin/python scripts/jax/verify_tpu.py [--split-input-file] [-q] FILE...

FILE may be `-` (stdin). With --split-input-file a file is cut at lines
starting with `// -----` (pallas-opt --split-input-file output) and every
chunk is checked on its own.

A chunk passes when, in a context holding every dialect jaxlib registers for
lowering plus `tpu` and no unregistered dialects (jaxlib_ctx.make_context):
  * it parses (parsing runs the op verifiers) and `verify()` succeeds;
  * its printed form parses again (round trip);
  * every nested `builtin.module` (our pass emits one per kernel:
    `module { module @k { func.func @k ... } ... }`) also parses and
    verifies as a standalone module, as Mosaic would receive it;
  * it holds at least one `func.func` with a `tpu.core_type` attribute
    (a kernel: `tc`, or `sc_vector_subcore` / `sc_scalar_subcore` for
    SparseCore), unless --no-kernel-required.
A chunk that still holds a `pallas.kernel` (a module mixing TensorCore and
SparseCore kernels, after only one of the two passes) is skipped and
counted as such: jaxlib cannot read it yet.
Prints `OK` or `FAIL` and jaxlib's diagnostics per chunk; exits 1 if any
chunk failed, 2 on usage errors.
"""

import argparse
import re
import sys

from jaxlib_ctx import describe, ir, make_context, walk

SPLIT_RE = re.compile(r"^// -----", re.M)


def check_text(ctx, text, require_kernel=True):
  """Returns a list of problems (empty: OK) and a short summary."""
  problems = []
  with ctx, ir.Location.unknown():
    try:
      module = ir.Module.parse(text)
    except Exception as e:
      return [f"parse: {describe(e)}"], ""
    try:
      if not module.operation.verify():
        problems.append("verify: returned false")
    except Exception as e:
      problems.append(f"verify: {describe(e)}")
    try:
      ir.Module.parse(module.operation.get_asm(enable_debug_info=False))
    except Exception as e:
      problems.append(f"round trip: {describe(e)}")

    kernels, nested = [], []
    for op in walk(module.operation):
      if op.name == "func.func" and "tpu.core_type" in op.attributes:
        kernels.append(ir.StringAttr(op.attributes["sym_name"]).value)
      if op.name == "builtin.module" and op != module.operation:
        nested.append(op)
    for op in nested:
      label = ("@" + ir.StringAttr(op.attributes["sym_name"]).value
               if "sym_name" in op.attributes else "<anonymous>")
      try:
        standalone = ir.Module.parse(op.get_asm(enable_debug_info=False))
        if not standalone.operation.verify():
          problems.append(f"nested module {label}: verify returned false")
      except Exception as e:
        problems.append(f"nested module {label}: {describe(e)}")
    if require_kernel and not kernels:
      problems.append("no kernel: no func.func carries a tpu.core_type attribute")
  summary = f"{len(kernels)} kernel(s)" + (f" in {len(nested)} nested module(s)"
                                           if nested else "")
  return problems, summary


def chunks(text, split):
  if not split:
    return [(1, text)]
  out, line = [], 1
  pieces = SPLIT_RE.split(text)
  for piece in pieces:
    # The separator line's remainder belongs to no chunk.
    if out:
      nl = piece.find("\n")
      line += 1
      piece_line = line
      piece = piece[nl + 1:] if nl >= 0 else ""
    else:
      piece_line = 1
    out.append((piece_line, piece))
    line = piece_line + piece.count("\n")
  return [(l, p) for l, p in out if p.strip()]


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("files", nargs="+")
  ap.add_argument("--split-input-file", action="store_true",
                  help="check every `// -----` separated chunk on its own")
  ap.add_argument("--no-kernel-required", action="store_true",
                  help="accept chunks without a tpu.core_type kernel function")
  ap.add_argument("-q", "--quiet", action="store_true", help="print failures only")
  opts = ap.parse_args()

  ctx = make_context()
  failed = total = skipped = 0
  # A module that mixes TensorCore and SparseCore kernels keeps the
  # SparseCore ones (and the index maps they use) for their own pass after
  # convert-pallas-to-tpu: such a chunk is not yet a module jaxlib reads.
  left_for_another_pass = re.compile(r"^\s*pallas\.kernel\b", re.M)
  for path in opts.files:
    try:
      text = sys.stdin.read() if path == "-" else open(path).read()
    except OSError as e:
      print(f"{path}: FAIL cannot read: {e}")
      failed += 1
      total += 1
      continue
    parts = chunks(text, opts.split_input_file)
    if not parts:
      print(f"{path}: FAIL empty input")
      failed += 1
      total += 1
      continue
    for line, chunk in parts:
      name = path if len(parts) == 1 else f"{path}:{line}"
      if left_for_another_pass.search(chunk):
        skipped += 1
        if not opts.quiet:
          print(f"{name}: skipped (pallas kernels left for another pass)")
        continue
      total += 1
      # Pad with newlines so that jaxlib's line numbers are the file's.
      problems, summary = check_text(ctx, "\n" * (line - 1) + chunk,
                                     not opts.no_kernel_required)
      problems = [p.replace('loc("-":', f'loc("{path}":') for p in problems]
      if problems:
        failed += 1
        print(f"{name}: FAIL")
        for p in problems:
          print("    " + p.replace("\n", "\n    "))
      elif not opts.quiet:
        print(f"{name}: OK ({summary})")
  print(f"verify_tpu: {total - failed}/{total} passed"
        + (f", {failed} FAILED" if failed else "")
        + (f", {skipped} skipped (kernels left for another pass)" if skipped else ""))
  return 1 if failed else 0


if __name__ == "__main__":
  sys.exit(main())
