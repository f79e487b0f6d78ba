#!/usr/bin/env python3
"""Structural comparison of our convert-mosaic-gpu-to-nvvm with jaxlib's
lower_mgpu_dialect.

  .venv/bin/python scripts/jax/compare_nvvm.py [-v] [--pallas-opt P] [--xfail F] [NAME...]

For every kernel NAME (default: every examples/gpu/*.mlir), on the CPU:

  1. our `pallas-opt --convert-pallas-to-mosaic-gpu` lowers the pallas twin
     examples/gpu/NAME.mlir to a Mosaic GPU module;
  2. jaxlib annotates it as Pallas does before lowering: canonicalize + cse,
     then `mgpu.infer_layout` (the `.layouts` stage of scripts/jax/
     dump_gpu_reference.py, run on our module);
  3. the oracle: jaxlib's `mgpu.lower_mgpu_dialect` (with a LaunchContext
     over the module's launch, auto barriers on) lowers the annotated module,
     then the TMA scratch is finalised;
  4. ours: `pallas-opt --convert-mosaic-gpu-to-nvvm` lowers the same
     annotated module; jaxlib parses and verifies the result.

Compared (inside the gpu.launch body and the host code of the module):

  nvvm ops       the multiset of nvvm.* ops, except the thread-uniform
                 helpers whose number is an implementation detail (jaxlib
                 recomputes elect.sync/shfl.sync predicates at every use,
                 we once per kernel), named barriers and TMA copies
                 (compared below);
  barriers       warpgroup barriers: jaxlib's inline `bar.sync $0, 128;`,
                 our nvvm.barrier;
  shuffles       the data shuffles of reductions (nvvm.shfl.sync other than
                 `idx`, by kind);
  TMA boxes      the multiset of TMA descriptor boxes (jaxlib: the windows
                 its host code passes to mosaic_gpu_init_tma_desc; ours: the
                 nvgpu.tma.create.descriptor boxes), in memref order, unit
                 dimensions left out;
  TMA            bulk copies by direction: loads (cp.async.bulk.tensor
                 shared.cluster.global) and stores (tensor copies, and the
                 non-tensor cp.async.bulk.global.shared::cta both use for a
                 contiguous GMEM window: jaxlib in inline PTX, we with
                 nvvm.cp.async.bulk.global.shared.cta);
  mbarriers      nvvm.mbarrier.* ops (init, arrive, expect_tx, waits);
                 jaxlib's single arrival in inline PTX (`mbarrier.arrive.
                 release.cta.shared::cta.b64 $0, [$1], 1;`) counts as the
                 nvvm.mbarrier.arrive it is (also among the nvvm ops);
  WGMMA          wgmma.mma_async (jaxlib emits inline PTX, we upstream
                 nvvm.wgmma.mma_async; jaxlib's counts among the nvvm ops
                 too);
  WGMMA descriptors  the distinct fixed parts of the shared memory matrix
                 descriptors (leading and stride byte offsets, swizzle mode:
                 the i64 constants with a swizzle mode set);
  fragments      per-thread register fragments: the multiset of register
                 types loaded and stored (vector.load/vector.store, and
                 llvm.load/llvm.store of vectors: swizzled shared memory);
  smem bytes     the launch's dynamic shared memory size.

With --references the input of both sides is instead JAX's own Mosaic GPU
module of each kernel, test/Reference/GPU/NAME.mlir (default: all of
them), annotated by jaxlib: the comparison then does not depend on
convert-pallas-to-mosaic-gpu (the known differences are listed in
scripts/jax/compare-nvvm-xfail-refs.txt).

With --rust-layouts our side lowers the module annotated by our own
`infer-mosaic-gpu-layouts` (after canonicalize, cse) instead of jaxlib's
(the oracle stays jaxlib's lowering of jaxlib's annotation): the whole
pallas-to-NVVM path without Python.

A kernel "matches" when every item is equal. Kernels listed in
scripts/jax/compare-nvvm-xfail.txt (NAME: reason) are expected to differ or
to be rejected by our pass ("not yet supported: ..."); a listed kernel that
matches fails the run, so the list only shrinks. Kernels jaxlib itself
cannot annotate (its infer_layout rejects them) are reported and skipped.
Exits 1 on an unexpected difference.
"""

import argparse
import collections
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
os.environ.setdefault("JAX_PLATFORMS", "cpu")

from jaxlib_ctx import describe, walk  # noqa: E402
from jax._src.interpreters import mlir as jax_mlir  # noqa: E402
from jax._src.lib.mlir import ir, passmanager  # noqa: E402
from jax.experimental.mosaic import gpu as mgpu  # noqa: E402
from jax.experimental.mosaic.gpu import dialect_lowering  # noqa: E402
from jax.experimental.mosaic.gpu import launch_context as lc  # noqa: E402

REFS = os.path.join(ROOT, "test", "Reference", "GPU")
HELPERS = {"nvvm.elect.sync", "nvvm.shfl.sync", "nvvm.barrier"}


def context():
  ctx = jax_mlir.make_ir_context()
  mgpu.dialect.register_dialect(ctx)
  ctx.append_dialect_registry(dialect_lowering.mlir_interpreter.upstream_dialects)
  ctx.load_all_available_dialects()
  return ctx


def mosaic_module_text(text):
  """The Mosaic GPU module of pallas-opt's output, as its own module."""
  outer = ir.Module.parse(text)
  found = [op for op in walk(outer.operation)
           if op.name == "builtin.module" and "mosaic_gpu.arch_major" in op.attributes]
  if len(found) != 1:
    raise RuntimeError(f"expected one Mosaic GPU module, found {len(found)}")
  return found[0].get_asm(enable_debug_info=False)


def annotate(text):
  m = ir.Module.parse(mosaic_module_text(text))
  passmanager.PassManager.parse("builtin.module(canonicalize,cse)").run(m.operation)
  mgpu.infer_layout(m)
  return m.operation.get_asm(enable_debug_info=False)


def cluster_shape(launch):
  """The launch's cluster sizes (constants), (1, 1, 1) without clusters."""
  seg = list(ir.DenseI32ArrayAttr(launch.attributes["operandSegmentSizes"]))
  # async deps, grid x/y/z, block x/y/z, cluster x/y/z, dynamic smem
  if len(seg) < 11 or seg[7] == 0:
    return (1, 1, 1)
  start = sum(seg[:7])
  return tuple(ir.IntegerAttr(launch.operands[start + i].owner.attributes["value"]).value
               for i in range(3))


def jax_lower(annotated):
  m = ir.Module.parse(annotated)
  launch = next(op for op in walk(m.operation) if op.name == "gpu.launch")
  func = next(op for op in walk(m.operation)
              if op.name == "func.func" and len(op.regions[0].blocks))
  buffers = func.regions[0].blocks[0].arguments[1]
  ctx = lc.LaunchContext(m, lc.Scratch(launch.opview), cluster_shape(launch), buffers, None)
  mgpu.lower_mgpu_dialect(m, ctx)
  ctx.scratch.finalize_size()
  return m


def features(m):
  f = {k: collections.Counter() for k in
       ("nvvm ops", "barriers", "shuffles", "TMA", "TMA boxes", "mbarriers", "WGMMA",
        "WGMMA descriptors", "fragments", "smem bytes")}
  # jaxlib's host code stores each TMA box into an alloca (through a GEP
  # per element) that it passes to mosaic_gpu_init_tma_desc.
  geps, stored, calls = {}, {}, []
  for op in walk(m.operation):
    name = op.name
    if name.startswith("nvvm."):
      if name not in HELPERS and not name.startswith("nvvm.cp.async.bulk.tensor") \
          and name != "nvvm.cp.async.bulk.global.shared.cta":
        f["nvvm ops"][name] += 1
      if name == "nvvm.cp.async.bulk.tensor.shared.cluster.global":
        f["TMA"]["load"] += 1
      if name in ("nvvm.cp.async.bulk.tensor.global.shared.cta",
                  "nvvm.cp.async.bulk.global.shared.cta"):
        f["TMA"]["store"] += 1
      if name.startswith("nvvm.mbarrier"):
        f["mbarriers"][name] += 1
      if name == "nvvm.shfl.sync" and "idx" not in str(op.attributes["kind"]):
        f["shuffles"][str(op.attributes["kind"])] += 1
      if name == "nvvm.barrier":
        f["barriers"]["warpgroup barrier"] += 1
      if name.startswith("nvvm.wgmma.mma_async"):
        f["WGMMA"]["wgmma.mma_async"] += 1
    elif name == "llvm.inline_asm":
      asm = str(op.attributes["asm_string"])
      if re.search(r"bar\.sync \$0, 128", asm):
        f["barriers"]["warpgroup barrier"] += 1
      if re.search(r"\bmbarrier\.arrive\.release\.cta\.shared::cta\.b64 \$0, \[\$1\], 1;", asm):
        f["nvvm ops"]["nvvm.mbarrier.arrive"] += 1
        f["mbarriers"]["nvvm.mbarrier.arrive"] += 1
      if "cp.async.bulk.global.shared::cta" in asm:
        f["TMA"]["store"] += 1
      if "wgmma.mma_async" in asm:
        f["WGMMA"]["wgmma.mma_async"] += 1
        f["nvvm ops"]["nvvm.wgmma.mma_async"] += 1
    elif name in ("vector.load", "vector.store", "llvm.load", "llvm.store"):
      if name == "llvm.store":
        stored[op.operands[1].get_name()] = constant_value(op.operands[0])
      vt = op.results[0].type if name.endswith("load") else op.operands[0].type
      if isinstance(vt, ir.VectorType) or str(vt).startswith("vector<"):
        f["fragments"][f"{name.split('.')[1]} {vt}"] += 1
    elif name == "llvm.getelementptr" and len(op.operands) == 1:
      idx = list(ir.DenseI32ArrayAttr(op.attributes["rawConstantIndices"]))
      geps[op.results[0].get_name()] = (op.operands[0].get_name(), idx[0] if idx else 0)
    elif name == "func.call" and "mosaic_gpu_init_tma_desc" in str(op.attributes["callee"]):
      calls.append(op.operands[7].get_name())
    elif name == "nvgpu.tma.create.descriptor":
      f["TMA boxes"][box_key(constant_value(v) for v in list(op.operands)[1:])] += 1
    elif name == "arith.constant" and str(op.results[0].type) == "i64":
      v = ir.IntegerAttr(op.attributes["value"]).value & (2**64 - 1)
      if v >> 62:  # a matrix descriptor's fixed part: its swizzle mode is set
        f["WGMMA descriptors"][f"lbo {((v >> 16) & 0x3FFF) << 4}, sbo {((v >> 32) & 0x3FFF) << 4}, swizzle mode {v >> 62}"] = 1
    elif name == "gpu.launch":
      smem = op.operands[len(op.operands) - 1].owner
      f["smem bytes"][str(smem.attributes["value"]) if "value" in smem.attributes else "?"] += 1
  for window in calls:
    elems = sorted((i, stored.get(g)) for g, (base, i) in geps.items() if base == window)
    f["TMA boxes"][box_key(v for _, v in elems)] += 1
  return f


def box_key(sizes):
  """A TMA box without its unit dimensions (jaxlib and we fold unit and
  squeezed dimensions of the tiled views differently; the boxes move the
  same elements in the same order)."""
  return str(tuple(n for n in sizes if n != 1))


def constant_value(v):
  owner = v.owner
  if hasattr(owner, "name") and owner.name in ("arith.constant", "llvm.mlir.constant"):
    return ir.IntegerAttr(owner.attributes["value"]).value
  return None


def diff(a, b):
  out = []
  for k in sorted(set(a) | set(b)):
    if a[k] != b[k]:
      out.append(f"{k}: ours {a[k]}, jaxlib {b[k]}")
  return out


def run_one(name, pallas_opt, verbose, rust_layouts=False, references=False):
  """(status, lines): status is 'match', 'differ', 'rejected' or 'skipped'."""
  if references:
    r = subprocess.CompletedProcess([], 0, open(os.path.join(REFS, f"{name}.mlir")).read(), "")
  else:
    src = os.path.join(ROOT, "examples", "gpu", f"{name}.mlir")
    r = subprocess.run([pallas_opt, "--convert-pallas-to-mosaic-gpu", src],
                       capture_output=True, text=True)
  if r.returncode != 0:
    return "rejected", [f"convert-pallas-to-mosaic-gpu failed: {r.stderr.strip()[:300]}"]
  with context(), ir.Location.unknown():
    try:
      annotated = annotate(r.stdout)
    except Exception as e:  # jaxlib's own inference rejects the module
      why = describe(e, notes=False).splitlines()[0][:200]
      return "skipped", [f"jaxlib's infer_layout rejects it: {why}"]
    ref = jax_lower(annotated)
    ours_in = annotated
    if rust_layouts:
      a = subprocess.run([pallas_opt, "--canonicalize", "--cse", "--infer-mosaic-gpu-layouts", "-"],
                         input=mosaic_module_text(r.stdout), capture_output=True, text=True)
      if a.returncode != 0:
        first = next((l for l in a.stderr.splitlines() if "error:" in l), a.stderr.strip())
        return "rejected", ["infer-mosaic-gpu-layouts: " + first.split("error: ", 1)[-1][:300]]
      ours_in = a.stdout
    o = subprocess.run([pallas_opt, "--convert-mosaic-gpu-to-nvvm", "-"], input=ours_in,
                       capture_output=True, text=True)
    if o.returncode != 0:
      first = next((l for l in o.stderr.splitlines() if "error:" in l), o.stderr.strip())
      return "rejected", [first.split("error: ", 1)[-1][:300]]
    ours = ir.Module.parse(o.stdout)
    if not ours.operation.verify():
      return "differ", ["our output does not verify in jaxlib"]
    fo, fr = features(ours), features(ref)
  lines = []
  for k in fo:
    d = diff(fo[k], fr[k])
    if d:
      lines.append(f"{k}:")
      lines.extend("  " + x for x in d)
    elif verbose:
      lines.append(f"{k}: equal {dict(fo[k])}")
  status = "differ" if any(not l.startswith(" ") and "equal" not in l for l in lines) else "match"
  return status, lines


def read_xfail(path):
  out = {}
  if os.path.exists(path):
    for line in open(path):
      line = line.strip()
      if line and not line.startswith("#"):
        n, _, why = line.partition(":")
        out[n.strip()] = why.strip()
  return out


def main():
  ap = argparse.ArgumentParser()
  ap.add_argument("-v", action="store_true")
  ap.add_argument("--pallas-opt", default=os.path.join(ROOT, "target", "debug", "pallas-opt"))
  ap.add_argument("--xfail", default=os.path.join(HERE, "compare-nvvm-xfail.txt"))
  ap.add_argument("--references", action="store_true",
                  help="compare on JAX's own modules (test/Reference/GPU), not our twins'")
  ap.add_argument("--rust-layouts", action="store_true",
                  help="annotate our side with infer-mosaic-gpu-layouts, not jaxlib")
  ap.add_argument("names", nargs="*")
  a = ap.parse_args()
  where = REFS if a.references else os.path.join(ROOT, "examples", "gpu")
  names = a.names or sorted(f[:-5] for f in os.listdir(where) if f.endswith(".mlir"))
  if a.references and a.xfail == os.path.join(HERE, "compare-nvvm-xfail.txt"):
    a.xfail = os.path.join(HERE, "compare-nvvm-xfail-refs.txt")
  xfail = read_xfail(a.xfail)
  bad = 0
  for n in names:
    status, lines = run_one(n, a.pallas_opt, a.v, a.rust_layouts, a.references)
    expected = n in xfail
    if status in ("match", "skipped"):
      verdict = status
      if expected and status == "match":
        verdict = "match, but listed in the xfail file: remove it"
        bad += 1
    elif expected:
      verdict = f"{status} (expected: {xfail[n]})"
    else:
      verdict = status
      bad += 1
    print(f"{n}: {verdict}")
    if a.v or (status != "match" and not expected) or status == "skipped":
      for l in lines:
        print("  " + l)
  print(f"{len(names)} kernels, {bad} unexpected")
  return 1 if bad else 0


if __name__ == "__main__":
  sys.exit(main())
