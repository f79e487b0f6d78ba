#!/usr/bin/env python3
"""Structural comparison of our Mosaic GPU lowering with JAX's.

  .venv/bin/python scripts/jax/compare_gpu.py [-v] [--pallas-opt P] [NAME...]

For every kernel NAME (default: every examples/gpu/*.mlir) it lowers the
pallas twin examples/gpu/NAME.mlir with `pallas-opt
--convert-pallas-to-mosaic-gpu` and compares the Mosaic GPU module it emits
(the `module @NAME` with `mosaic_gpu.arch_major`) with
test/Reference/GPU/NAME.mlir, the module JAX 0.10.2's Pallas Mosaic GPU
lowering emits for the same kernel with warpgroup semantics, before layout
inference (scripts/jax/dump_gpu_reference.py). Both sides are parsed with
jaxlib's MLIR with its `mosaic_gpu` dialect registered. Names are ignored
(JAX names the module after the Python function). Compared:

  entry        the host entry `@*_mosaic_gpu`: its type, (!llvm.ptr,
               !llvm.ptr) -> (), and its attributes but the name;
  operands     the GMEM operands it unpacks: kernel argument index and
               memref type, in order;
  launch       the gpu.launch configuration: grid, block and cluster sizes
               and the dynamic shared memory bytes (constants);
  barriers     the barrier set-up: the barrier arrays sliced from shared
               memory (offset, type) and every mosaic_gpu.initialize_barrier
               (arrival_count, num_barriers, orders_tensor_core);
  mosaic_gpu ops  the multiset of mosaic_gpu.* ops, each with all its
               attributes and its operand and result types (slice offsets,
               TMA slice lengths and start indices (constants by value,
               others as `?`), expected bytes, layouts...), and likewise
               the upstream ops whose attributes Mosaic GPU decides (KEYED:
               reductions with their shared-memory scratch, transcendental
               math with approx_math's fastmath flags);
  structure    the multiset of scf.*, memref.* and vector.* ops (the
               control flow and the ref accesses), each with its operand and
               result types (and an scf.index_switch with its cases; an
               scf.for without the type of its bounds and step, since a
               twin's `index` loop stands for JAX's i32 `fori_loop`: its
               loop-carried values still count).
               Normalisation: our module first goes through jaxlib's
               `canonicalize,cse`, the passes Pallas runs on its module before
               layout inference (so the references are after them); this drops
               dead ops and folds casts into the subviews and loads that use
               them, as on JAX's side. Catches what the mosaic_gpu ops alone do
               not: an scf.if where JAX has an scf.index_switch, a memref.load
               with indices where JAX loads through a rank-0 subview;
  pass diagnostics  the pass run prints no error or warning;
  jaxlib verify     our module parses and verifies in jaxlib.

With --verify FILE... it instead parses each file (pallas-opt output in
generic form, split at `// -----`) with jaxlib and verifies every Mosaic GPU
module in it (make jax-check does so for the lit tests' outputs).

Kernels listed in --xfail (default scripts/jax/compare-gpu-xfail.txt,
`NAME  reason`) are expected to differ in `structure` only; everything else
must still match for them, and a listed kernel whose structure matches is
an error (XPASS: take it off the list, which only shrinks).

With -v the multiset of the other ops (arith/llvm/nvvm/gpu/...) is shown
where it differs, for information only. Exits 1 if any kernel differs
(beyond its listed structure difference) or could not be lowered or parsed.
"""

import argparse
import collections
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
os.environ.setdefault("JAX_PLATFORMS", "cpu")

from jaxlib_ctx import describe, walk  # noqa: E402
from jax._src.interpreters import mlir as jax_mlir  # noqa: E402
from jax._src.lib.mlir import ir  # noqa: E402
from jax._src.lib.mlir import passmanager  # noqa: E402
from jax.experimental.mosaic import gpu as mgpu  # noqa: E402

PASS = "convert-pallas-to-mosaic-gpu"
# Upstream ops whose attributes carry Mosaic GPU decisions: the reduction
# scratch (offset, scratch_size) and approx_math's fastmath flags.
KEYED = {"vector.multi_reduction", "vector.reduction", "math.exp", "math.exp2", "math.log",
         "math.sin", "math.cos", "math.tanh", "math.rsqrt"}


class Failure(Exception):
  pass


def context():
  ctx = jax_mlir.make_ir_context()
  mgpu.dialect.register_dialect(ctx)
  return ctx


def attrs(op):
  named = [op.attributes[i] for i in range(len(op.attributes))]
  return {a.name: str(a.attr) for a in named}


def mosaic_module(module):
  """The Mosaic GPU module: `module` itself (JAX) or the nested one (ours)."""
  found = [op for op in walk(module.operation)
           if op.name == "builtin.module" and "mosaic_gpu.arch_major" in attrs(op)]
  if len(found) != 1:
    raise Failure(f"expected one Mosaic GPU module, found {len(found)}")
  return found[0]


def constant(value):
  owner = value.owner
  if not hasattr(owner, "name") or owner.name not in ("arith.constant", "llvm.mlir.constant"):
    return f"<non-constant {value.type}>"
  return str(owner.attributes["value"]).split(" : ")[0]


def features(mod):
  f = {"entry": [], "operands": [], "launch": [], "barriers": [], "mosaic_gpu ops": [],
       "other ops": []}
  for op in walk(mod):
    name = op.name
    a = attrs(op)
    if name == "func.func" and a.get("sym_name", "").endswith('_mosaic_gpu"'):
      rest = sorted(f"{k}={v}" for k, v in a.items() if k != "sym_name")
      f["entry"].append(" ".join(rest))
    elif name == "builtin.unrealized_conversion_cast" and "mosaic_gpu.from_kernel_arg_idx" in a:
      f["operands"].append(f"{a['mosaic_gpu.from_kernel_arg_idx']} -> {op.results[0].type}")
    elif name == "gpu.launch":
      seg = [int(x) for x in a["operandSegmentSizes"].split(":")[1].rstrip(">").split(",")]
      ops = list(op.operands)
      pos = seg[0]
      grid = [constant(v) for v in ops[pos:pos + 3]]
      block = [constant(v) for v in ops[pos + 3:pos + 6]]
      pos += 6
      cluster = [constant(v) for v in ops[pos:pos + sum(seg[7:10])]] or ["1", "1", "1"]
      pos += sum(seg[7:10])
      smem = constant(ops[pos]) if seg[10] else "0"
      f["launch"].append(f"grid={grid} block={block} cluster={cluster} "
                         f"dynamic_smem={smem}")
    if name == "mosaic_gpu.slice_smem" and "!mosaic_gpu.barrier" in str(op.results[0].type):
      f["barriers"].append(f"slice_smem {a['offset']} : {op.results[0].type}")
    if name == "mosaic_gpu.initialize_barrier":
      f["barriers"].append("initialize_barrier " + ", ".join(
          f"{k}={a[k]}" for k in ("arrival_count", "num_barriers", "orders_tensor_core")))
    if name.startswith("mosaic_gpu.") or name in KEYED:
      ins = ", ".join(str(v.type) for v in op.operands)
      if name in ("mosaic_gpu.async_load", "mosaic_gpu.async_store"):
        # The slice start indices: constants by value, others as `?`.
        first = 3 if name == "mosaic_gpu.async_load" else 2
        starts = [constant(v) for v in list(op.operands)[first:]]
        ins += " starts [" + ", ".join(
            "?" if s.startswith("<non-constant") else s for s in starts) + "]"
      outs = ", ".join(str(r.type) for r in op.results)
      f["mosaic_gpu ops"].append(
          f"{name} {{{', '.join(f'{k} = {v}' for k, v in sorted(a.items()))}}} : ({ins}) -> ({outs})")
    elif op is not mod and name not in ("builtin.module",):
      f["other ops"].append(name)
  return f


STRUCTURE_DIALECTS = ("scf.", "memref.", "vector.")


def structure(mod):
  """The scf/memref/vector ops of `mod` (the Mosaic GPU module op), each with
  its operand and result types."""
  keys = []
  for op in walk(mod):
    if not op.name.startswith(STRUCTURE_DIALECTS):
      continue
    operands = list(op.operands)
    if op.name == "scf.for":
      operands = operands[3:]
    ins = ", ".join(str(v.type) for v in operands)
    outs = ", ".join(str(r.type) for r in op.results)
    extra = ""
    if op.name == "scf.index_switch":
      extra = f" cases {attrs(op).get('cases')}"
    keys.append(f"{op.name}{extra} : ({ins}) -> ({outs})")
  return keys


def canonical(mod):
  """`mod` (a Mosaic GPU module op) after jaxlib's canonicalize,cse, as Pallas
  runs them before layout inference."""
  own = ir.Module.parse(str(mod))
  passmanager.PassManager.parse("builtin.module(canonicalize,cse)").run(own.operation)
  return own.operation


def multiset_diff(ours, ref):
  o, r = collections.Counter(ours), collections.Counter(ref)
  lines = [f"- JAX only ({n}x): {k}" for k, n in sorted((r - o).items())]
  lines += [f"+ ours only ({n}x): {k}" for k, n in sorted((o - r).items())]
  return lines


def compare(name, ours_text, ref_text, pass_err):
  sections = collections.OrderedDict()
  ctx = context()
  with ctx:
    try:
      ref = mosaic_module(ir.Module.parse(ref_text))
    except ir.MLIRError as e:
      raise Failure(f"reference does not parse: {describe(e)}")
    try:
      ours_outer = ir.Module.parse(ours_text)
      ours = mosaic_module(ours_outer)
      verify = [] if ours.verify() else ["does not verify"]
    except ir.MLIRError as e:
      raise Failure(f"our output does not parse or verify in jaxlib: {describe(e)}")
    fo, fr = features(ours), features(ref)
    try:
      so = structure(canonical(ours))
    except ir.MLIRError as e:
      raise Failure(f"jaxlib's canonicalize,cse fails on our output: {describe(e)}")
    sr = structure(ref)
  for key in ("entry", "operands", "launch", "barriers"):
    sections[key] = [] if fo[key] == fr[key] else (
        [f"- JAX:  {x}" for x in fr[key]] + [f"+ ours: {x}" for x in fo[key]])
  sections["mosaic_gpu ops"] = multiset_diff(fo["mosaic_gpu ops"], fr["mosaic_gpu ops"])
  sections["structure"] = multiset_diff(so, sr)
  sections["pass diagnostics"] = [l for l in pass_err.splitlines() if l.strip()]
  sections["jaxlib verify"] = verify
  other = multiset_diff(fo["other ops"], fr["other ops"])
  return sections, other


def verify_files(paths):
  """Verifies every Mosaic GPU module of `paths` with jaxlib; the number of
  files that failed."""
  failed = 0
  for path in paths:
    problems, count = [], 0
    for chunk in open(path).read().split("// -----"):
      ctx = context()
      ctx.allow_unregistered_dialects = True  # pallas ops of other targets
      with ctx:
        try:
          outer = ir.Module.parse(chunk)
          for mod in walk(outer.operation):
            if mod.name == "builtin.module" and "mosaic_gpu.arch_major" in attrs(mod):
              count += 1
              own = ir.Module.parse(str(mod))
              if not own.operation.verify():
                problems.append("a module does not verify")
        except ir.MLIRError as e:
          problems.append(describe(e))
    if problems or not count:
      failed += 1
      print(f"{path}: FAIL {'; '.join(problems) or 'no Mosaic GPU module'}")
    else:
      print(f"{path}: {count} Mosaic GPU module(s) verified by jaxlib")
  return failed


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("names", nargs="*")
  ap.add_argument("--verify", nargs="+", metavar="FILE",
                  help="verify the Mosaic GPU modules of these files instead")
  ap.add_argument("--pallas-opt", default=os.path.join(ROOT, "target", "debug", "pallas-opt"))
  ap.add_argument("--examples", default=os.path.join(ROOT, "examples", "gpu"))
  ap.add_argument("--refs", default=os.path.join(ROOT, "test", "Reference", "GPU"))
  ap.add_argument("--xfail", default=os.path.join(HERE, "compare-gpu-xfail.txt"),
                  help="kernels expected to differ in structure only (NAME  reason)")
  ap.add_argument("-v", "--verbose", action="store_true")
  opts = ap.parse_args()
  if opts.verify:
    return 1 if verify_files(opts.verify) else 0
  if not os.access(opts.pallas_opt, os.X_OK):
    ap.error(f"{opts.pallas_opt} is not executable (cargo build first)")
  names = opts.names or sorted(f[:-5] for f in os.listdir(opts.examples) if f.endswith(".mlir"))
  xfail = {}
  if os.path.exists(opts.xfail):
    for line in open(opts.xfail):
      if line.strip() and not line.startswith("#"):
        name, _, why = line.strip().partition(" ")
        xfail[name] = why.strip()
  bad, expected = [], []
  for name in names:
    print(f"== {name}")
    example = os.path.join(opts.examples, name + ".mlir")
    reference = os.path.join(opts.refs, name + ".mlir")
    try:
      for path in (example, reference):
        if not os.path.exists(path):
          raise Failure(f"no {os.path.relpath(path, ROOT)}")
      run = subprocess.run([opts.pallas_opt, "--" + PASS, example],
                           capture_output=True, text=True)
      if run.returncode != 0:
        lines = [l for l in run.stderr.splitlines() if l.strip()][:4]
        raise Failure(f"{PASS} failed (exit {run.returncode}):\n      " + "\n      ".join(lines))
      sections, other = compare(name, run.stdout, open(reference).read(), run.stderr)
    except Failure as f:
      print(f"   FAIL {f}")
      bad.append(name)
      continue
    for key, diffs in sections.items():
      word = ("NOT CLEAN" if key == "pass diagnostics" else "FAILED" if key == "jaxlib verify"
              else "DIFFERENT") if diffs else ("clean" if key == "pass diagnostics" else
                                               "ok" if key == "jaxlib verify" else "same")
      print(f"   {key}: {word}")
      for d in diffs:
        print(f"      {d}")
    if opts.verbose and other:
      print("   other ops (information only):")
      for d in other:
        print(f"      {d}")
    differing = [k for k, v in sections.items() if v]
    if name in xfail and differing == ["structure"]:
      expected.append(name)
      print(f"   => xfail: structure differs as listed ({xfail[name]})")
    elif name in xfail and not differing:
      bad.append(name)
      print(f"   => XPASS: matches JAX; take it off {os.path.relpath(opts.xfail, ROOT)}")
    elif differing:
      bad.append(name)
      print(f"   => DIFFERENT ({', '.join(differing)})")
    else:
      print("   => match")
  matched = len(names) - len(bad) - len(expected)
  print(f"compare_gpu: {matched}/{len(names)} match"
        + (f"; listed structure differences: {len(expected)}" if expected else "")
        + (f"; different: {' '.join(bad)}" if bad else ""))
  return 1 if bad else 0


if __name__ == "__main__":
  sys.exit(main())
