#!/usr/bin/env python3
"""Our layout inference against jaxlib's, op by op.

  .venv/bin/python scripts/jax/check_gpu_layouts.py [-v] [--pallas-opt P]
      [--examples DIR] [--lit DIR] [--xfail FILE] [MODULE.mlir...]

Inputs: the Mosaic GPU module our `convert-pallas-to-mosaic-gpu` makes of
every examples/gpu/*.mlir (the stage JAX's Pallas lowering hands to layout
inference), every `// -----` chunk of the lit inputs under --lit (e.g.
test/Conversion/PallasToMosaicGPU) that lowers without error (named
FILE#F, F its first function or kernel), plus every module file given on the command line (JAX's own
`*.mgpu.mlir` / test/Reference/GPU references: the same stage, written by
JAX; a file split by `// -----` lines, like this pass's lit tests, gives
one input per chunk, named FILE#F). For each Mosaic GPU module (one with
`mosaic_gpu.arch_major`):

  jaxlib  parses it in jaxlib's context and runs jaxlib's real
          `layout_inference.infer_layout` on it (arch from the module);
  ours    runs `pallas-opt --infer-mosaic-gpu-layouts` on the same text;

then walks both modules in the same pre-order and compares, op by op, the
attributes inference adds (in_layouts, out_layouts, in_transforms,
out_transforms), as jaxlib prints them. Any difference is listed (op
number, op name, attribute, jaxlib's value, ours). Where jaxlib's inference
raises, our pass must fail too (non-zero exit with an error diagnostic);
the line says so with both messages. Kernels listed in --xfail (default
scripts/jax/gpu-layouts-xfail.txt; `NAME  reason`) are expected to differ
or fail on our side only, and must still do so (the list only shrinks).
A module file NAME.mgpu.mlir with a NAME.layouts.mlir beside it (JAX's
dump of the inferred stage) is also compared with that file.

With --mutants N (and --seed S) it then checks N seeded variants of the
inputs the same way, each with one change that moves inference onto
another path: an `optimized` flag flipped or dropped, a WGMMA layout cast
turned into the transposed WGMMA layout, a 128-byte swizzled f16 tiling
given as 64-byte, a Hopper module marked Blackwell (arch 10.0). Both sides
must still agree (same attributes, or both fail); differing variants are
written to target/layout-mutants/.

Exits 1 on any unexpected mismatch.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
os.environ.setdefault("JAX_PLATFORMS", "cpu")

from jaxlib_ctx import describe, walk  # noqa: E402
from jax._src.interpreters import mlir as jax_mlir  # noqa: E402
from jax._src.lib.mlir import ir  # noqa: E402
from jax.experimental.mosaic import gpu as mgpu  # noqa: E402
from jax.experimental.mosaic.gpu import layout_inference  # noqa: E402

ATTRS = ("in_layouts", "out_layouts", "in_transforms", "out_transforms")


def context():
  ctx = jax_mlir.make_ir_context()
  mgpu.dialect.register_dialect(ctx)
  ctx.allow_unregistered_dialects = True  # pallas kernels of other targets
  return ctx


def mosaic_modules(module):
  return [op for op in walk(module.operation)
          if op.name == "builtin.module" and "mosaic_gpu.arch_major" in op.attributes]


def arch(mod):
  a = mod.attributes
  return (ir.IntegerAttr(a["mosaic_gpu.arch_major"]).value,
          ir.IntegerAttr(a["mosaic_gpu.arch_minor"]).value if "mosaic_gpu.arch_minor" in a else 0)


def annotations(mod):
  """(op name, {attr: text}) for every op of `mod` in pre-order."""
  out = []
  for op in walk(mod):
    a = op.attributes
    out.append((op.name, {k: str(a[k]) for k in ATTRS if k in a}))
  return out


def jaxlib_side(text):
  """Per Mosaic module of `text`: its annotations after jaxlib's inference,
  or the error jaxlib raised."""
  results = []
  with context(), ir.Location.unknown():
    try:
      outer = ir.Module.parse(text)
    except ir.MLIRError as e:
      return [f"does not parse or verify in jaxlib: {describe(e, notes=False)}"]
    for mod in mosaic_modules(outer):
      own = ir.Module.parse(str(mod))
      try:
        layout_inference.infer_layout(own, arch=arch(own.operation))
        results.append(annotations(own.operation))
      except Exception as e:  # jaxlib raises ValueError, NotImplementedError, KeyError...
        results.append(f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:300])
  return results


def our_side(pallas_opt, text):
  with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
    f.write(text)
    path = f.name
  try:
    run = subprocess.run([pallas_opt, "--infer-mosaic-gpu-layouts", path],
                         capture_output=True, text=True)
  finally:
    os.unlink(path)
  if run.returncode != 0:
    errs = [l for l in run.stderr.splitlines() if "error:" in l]
    return None, (errs[0] if errs else run.stderr.strip()[:300])
  with context():
    try:
      outer = ir.Module.parse(run.stdout)
    except ir.MLIRError as e:
      return None, f"our output does not parse in jaxlib: {describe(e, notes=False)}"
    return [annotations(m) for m in mosaic_modules(outer)], run.stderr.strip()


def compare(jax_ann, our_ann):
  """Differences between two annotation lists, as text lines."""
  if len(jax_ann) != len(our_ann):
    return [f"different op counts: jaxlib {len(jax_ann)}, ours {len(our_ann)}"]
  lines = []
  for k, ((jn, ja), (on, oa)) in enumerate(zip(jax_ann, our_ann)):
    if jn != on:
      return lines + [f"op #{k}: jaxlib has {jn}, ours {on}"]
    for attr in ATTRS:
      if ja.get(attr) != oa.get(attr):
        lines.append(f"op #{k} {jn} {attr}:\n      jaxlib: {ja.get(attr, '(none)')}\n"
                     f"      ours:   {oa.get(attr, '(none)')}")
  return lines


def check(name, text, opts):
  """(status, detail lines): status is 'match', 'both fail' or 'DIFFERENT'."""
  jax_results = jaxlib_side(text)
  if not jax_results:
    return "DIFFERENT", ["no Mosaic GPU module (one with mosaic_gpu.arch_major) in this input"]
  ours, err = our_side(opts.pallas_opt, text)
  failed_jax = [r for r in jax_results if isinstance(r, str)]
  if failed_jax:
    if ours is None:
      return "both fail", [f"jaxlib: {failed_jax[0]}", f"ours:   {err}"]
    return "DIFFERENT", [f"jaxlib fails ({failed_jax[0]}) but our pass succeeds"]
  if ours is None:
    return "DIFFERENT", [f"our pass fails: {err}"]
  if len(ours) != len(jax_results):
    return "DIFFERENT", [f"{len(jax_results)} Mosaic GPU modules, ours has {len(ours)}"]
  lines = []
  for j, o in zip(jax_results, ours):
    lines += compare(j, o)
  stored = opts.stored.get(name)
  if stored is not None and not lines:
    with context():
      dumped = [annotations(m) for m in mosaic_modules(ir.Module.parse(open(stored).read()))]
    for d, o in zip(dumped, ours):
      lines += [f"(against {os.path.basename(stored)}) {l}" for l in compare(d, o)]
  if lines:
    return "DIFFERENT", lines
  count = sum(1 for mod in jax_results for _, a in mod if a)
  also = f", as in {os.path.basename(stored)}" if stored else ""
  return "match", [f"{count} ops annotated{also}"]


WGMMA = ("#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7], "
         "lane_dims = [-3, -2], vector_dim = -1>")
WGMMA_T = ("#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2, 2], [2, 1]], "
           "warp_dims = [-10], lane_dims = [-6, -3, -5], vector_dim = -2>")


def mutations(text):
  """Every single-change variant of a module's text, as (what, text)."""
  out = []
  for m in re.finditer(r"optimized = (true|false)", text):
    flipped = "false" if m.group(1) == "true" else "true"
    out.append((f"optimized = {flipped} at {m.start()}",
                text[:m.start()] + f"optimized = {flipped}" + text[m.end():]))
  for m in re.finditer(r"<\{optimized = (?:true|false)\}> ", text):
    out.append((f"optimized dropped at {m.start()}", text[:m.start()] + text[m.end():]))
  cast = "new_layout = " + WGMMA
  for m in re.finditer(re.escape(cast), text):
    out.append((f"transposed WGMMA cast at {m.start()}",
                text[:m.start()] + "new_layout = " + WGMMA_T + text[m.end():]))
  for m in re.finditer(r"[^\n]*tile<\[8, 64\]>, #mosaic_gpu.swizzle<128 : i32>[^\n]*f16[^\n]*", text):
    line = m.group(0).replace("tile<[8, 64]>", "tile<[8, 32]>").replace(
        "swizzle<128 : i32>", "swizzle<64 : i32>")
    out.append((f"64-byte tiling at {m.start()}", text[:m.start()] + line + text[m.end():]))
  if "mosaic_gpu.arch_major = 9 " in text:
    out.append(("arch 10.0", text.replace("mosaic_gpu.arch_major = 9 ", "mosaic_gpu.arch_major = 10 ")))
  return out


def chunk_name(chunk, k):
  """A chunk's first function or kernel name (its number if it has none)."""
  m = re.search(r"(?:func\.func|pallas\.kernel)\s+(?:private\s+)?@([\w$.]+)", chunk)
  return m.group(1) if m else str(k)


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("modules", nargs="*", help="extra module files (JAX references)")
  ap.add_argument("--pallas-opt", default=os.path.join(ROOT, "target", "debug", "pallas-opt"))
  ap.add_argument("--examples", default=os.path.join(ROOT, "examples", "gpu"),
                  help="directory of pallas twins ('' for none)")
  ap.add_argument("--lit", default="",
                  help="directory of convert-pallas-to-mosaic-gpu lit inputs to add")
  ap.add_argument("--xfail", default=os.path.join(HERE, "gpu-layouts-xfail.txt"))
  ap.add_argument("--mutants", type=int, default=0, help="check N mutated variants too")
  ap.add_argument("--seed", type=int, default=1)
  ap.add_argument("-v", "--verbose", action="store_true")
  opts = ap.parse_args()
  if not os.access(opts.pallas_opt, os.X_OK):
    ap.error(f"{opts.pallas_opt} is not executable (cargo build first)")
  xfail = {}
  if os.path.exists(opts.xfail):
    for line in open(opts.xfail):
      line = line.strip()
      if line and not line.startswith("#"):
        name, _, why = line.partition(" ")
        xfail[name] = why.strip()

  inputs = []
  if opts.examples:
    for f in sorted(os.listdir(opts.examples)):
      if f.endswith(".mlir"):
        inputs.append((f[:-5], os.path.join(opts.examples, f), True))
  if opts.lit:
    for f in sorted(os.listdir(opts.lit)):
      if f.endswith(".mlir"):
        chunks = open(os.path.join(opts.lit, f)).read().split("// -----")
        for k, chunk in enumerate(chunks):
          if "mosaic_gpu" in chunk and "expected-error" not in chunk:
            inputs.append((f"{f[:-5]}#{chunk_name(chunk, k)}", chunk, True))
  for p in opts.modules:
    base = os.path.basename(p)
    name = "ref:" + (base[:-len(".mgpu.mlir")] if base.endswith(".mgpu.mlir") else base[:-5])
    text = open(p).read()
    chunks = text.split("// -----")
    if len(chunks) == 1:
      inputs.append((name, p, False))
    else:  # a lit file: each chunk is a module of its own
      inputs += [(f"{name}#{chunk_name(c, k)}", c, None) for k, c in enumerate(chunks)]

  opts.stored = {}
  for name, path, is_example in inputs:
    if is_example is False and path.endswith(".mgpu.mlir"):
      sibling = path[:-len(".mgpu.mlir")] + ".layouts.mlir"
      if os.path.exists(sibling):
        opts.stored[name] = sibling
  bad, tally = [], {}
  texts = []  # every input's module text, for --mutants
  for name, path, is_example in inputs:
    if is_example:
      chunk = "#" in name
      # Chunks may keep kernels of other targets: generic form, which
      # jaxlib parses without their dialects.
      run = subprocess.run([opts.pallas_opt, "--convert-pallas-to-mosaic-gpu"]
                           + (["--mlir-print-op-generic"] if chunk else [path]),
                           input=path if chunk else None, capture_output=True, text=True)
      if run.returncode != 0 and chunk:
        continue  # a chunk the lowering rejects: nothing to infer
      if run.returncode != 0:
        print(f"{name}: FAIL convert-pallas-to-mosaic-gpu failed: {run.stderr.strip()[:200]}")
        bad.append(name)
        continue
      text = run.stdout
    elif is_example is None:
      text = path  # a chunk's own text
    else:
      text = open(path).read()
    texts.append((name, text))
    status, lines = check(name, text, opts)
    expected_bad = name in xfail
    if status == "DIFFERENT" and expected_bad:
      word = f"xfail ({xfail[name]})"
    elif status != "DIFFERENT" and expected_bad:
      word = "XPASS (remove it from the xfail list)"
      bad.append(name)
    elif status == "DIFFERENT":
      word = "DIFFERENT"
      bad.append(name)
    else:
      word = status
    tally[word.split(" ")[0]] = tally.get(word.split(" ")[0], 0) + 1
    print(f"{name}: {word}")
    if status == "both fail" or opts.verbose or word == "DIFFERENT":
      shown = lines if opts.verbose else lines[:12]
      for l in shown:
        print("   " + l)
      if len(shown) < len(lines):
        print(f"   ... {len(lines) - len(shown)} more (-v)")
  if opts.mutants:
    import random
    rng = random.Random(opts.seed)
    pool = [(name, what, t) for name, text in texts for what, t in mutations(text)]
    picked = rng.sample(pool, min(opts.mutants, len(pool)))
    outdir = os.path.join(ROOT, "target", "layout-mutants")
    counts = {}
    for k, (name, what, t) in enumerate(picked):
      status, lines = check(name, t, opts)
      counts[status] = counts.get(status, 0) + 1
      if status == "DIFFERENT":
        os.makedirs(outdir, exist_ok=True)
        path = os.path.join(outdir, f"mutant{k}.mlir")
        open(path, "w").write(t)
        print(f"mutant {k} ({name}, {what}): DIFFERENT, written to {os.path.relpath(path, ROOT)}")
        for l in lines[:6]:
          print("   " + l)
        bad.append(f"mutant{k}")
    print(f"mutants (seed {opts.seed}): " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
          + f" of {len(picked)} drawn from {len(pool)}")
  print("summary: " + ", ".join(f"{v} {k}" for k, v in sorted(tally.items())))
  if bad:
    print(f"FAILED: {' '.join(bad)}")
    return 1
  return 0


if __name__ == "__main__":
  sys.exit(main())
