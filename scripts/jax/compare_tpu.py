#!/usr/bin/env python3
"""Structural comparison of our TPU lowering with JAX's.

  .venv/bin/python scripts/jax/compare_tpu.py [-v] [--pallas-opt P]
      [--examples DIR] [--refs DIR] [--ours-dir DIR] [NAME...]

For every kernel NAME (default: every examples/tpu/*.mlir and every
test/Reference/TPU/*.mlir) it lowers examples/tpu/NAME.mlir with
`pallas-opt --convert-pallas-to-tpu` (or reads DIR/NAME.mlir with
--ours-dir) and compares the kernel with test/Reference/TPU/NAME.mlir, the
module JAX 0.10.2's Pallas TPU lowering emits for the same kernel
(scripts/jax/dump_tpu_reference.py). Both sides are parsed with jaxlib's
MLIR (tpu dialect registered). The kernel is the one `func.func` carrying
`tpu.core_type`; its name is ignored (JAX uses the Python function's).
Compared:

  signature   argument and result types, in order;
  attributes  every attribute of the kernel function but its name and
              type: dimension_semantics, iteration_bounds, scalar_prefetch,
              scratch_operands, tpu.core_type, window_params (per operand,
              per key), and anything else either side sets; values as
              jaxlib prints them;
  transforms  the index map functions (@transform_i, next to the kernel),
              each side normalised with `pallas-opt --canonicalize --cse`
              (JAX emits dead constants), compared as printed text;
  tpu ops     the multiset of `tpu.*` op names in the kernel function
              (nested regions included);
  pass diagnostics  a successful pass run must print no error or warning;
  jaxlib parse      our output must parse in jaxlib (if it does not, the
              rest is compared on pallas-opt's generic form of it).

With -v the multiset of the other ops (arith/vector/memref/scf/...) is also
shown where it differs, for information only. Prints one report per kernel
and a summary; exits 1 if any kernel differs (or could not be lowered or
parsed), 2 on usage errors.
"""

import argparse
import collections
import difflib
import os
import subprocess
import sys

from jax._src.interpreters import mlir as jmlir
from jax._src.lib import tpu as tpu_lib
from jax._src.lib.mlir import ir

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

IGNORED_ATTRS = {"sym_name", "function_type"}
ABSENT = "<absent>"


class Failure(Exception):
  """A kernel that cannot be compared at all (missing, unparsable ...)."""


def make_context(unregistered=False):
  ctx = jmlir.make_ir_context()
  tpu_lib.register_dialect(ctx)
  ctx.allow_unregistered_dialects = unregistered
  return ctx


def describe(err):
  if isinstance(err, ir.MLIRError):
    return "; ".join(f"{d.location}: {d.message}" for d in err.error_diagnostics) or str(err)
  return f"{type(err).__name__}: {err}"


def run(cmd, stdin=None):
  p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
  return p.returncode, p.stdout, p.stderr


def walk(op):
  yield op
  for region in op.regions:
    for block in region.blocks:
      for child in block.operations:
        yield from walk(child.operation)


def sym_name(op):
  return ir.StringAttr(op.attributes["sym_name"]).value


def asm(x):
  return x.get_asm(enable_debug_info=False) if hasattr(x, "get_asm") else str(x)


class Side:
  """One side (ours / jax) of a comparison: the parsed module, its kernel
  function and the functions next to it."""

  def __init__(self, label, text, pallas_opt):
    self.label = label
    self.ctx = make_context()
    self.module = None
    try:
      with self.ctx:
        self.module = ir.Module.parse(text)
    except Exception as first:
      # Not valid for jaxlib (verify_tpu.py reports that); still compare the
      # structure: reprint in generic form and parse with unregistered ops.
      if pallas_opt is None:
        raise Failure(f"{label}: jaxlib cannot parse it: {describe(first)}")
      rc, generic, err = run([pallas_opt, "--mlir-very-unsafe-disable-verifier-on-parsing",
                              "--verify-each=false", "--mlir-print-op-generic", "-"], text)
      if rc != 0:
        raise Failure(f"{label}: jaxlib cannot parse it: {describe(first)}")
      self.ctx = make_context(unregistered=True)
      try:
        with self.ctx:
          self.module = ir.Module.parse(generic)
      except Exception:
        raise Failure(f"{label}: jaxlib cannot parse it: {describe(first)}")
      self.note = f"jaxlib rejects it (compared in generic form): {describe(first)}"
    else:
      self.note = None
    with self.ctx:
      kernels = [op for op in walk(self.module.operation)
                 if op.name == "func.func" and "tpu.core_type" in op.attributes]
      if len(kernels) != 1:
        raise Failure(f"{label}: expected one kernel func.func with tpu.core_type, found "
                      f"{len(kernels)}" + (f" ({', '.join('@' + sym_name(k) for k in kernels)})"
                                           if kernels else ""))
      self.kernel = kernels[0]
      block = self.kernel.parent.regions[0].blocks[0]
      self.funcs = {sym_name(op): op for op in (o.operation for o in block.operations)
                    if op.name == "func.func" and op != self.kernel}

  def attrs(self):
    with self.ctx:
      attrs = self.kernel.attributes
      return {attrs[i].name: attrs[i].attr for i in range(len(attrs))
              if attrs[i].name not in IGNORED_ATTRS}

  def function_type(self):
    with self.ctx:
      return ir.FunctionType(ir.TypeAttr(self.kernel.attributes["function_type"]).value)

  def window_params(self):
    with self.ctx:
      if "window_params" not in self.kernel.attributes:
        return None
      out = []
      for entry in ir.ArrayAttr(self.kernel.attributes["window_params"]):
        d = ir.DictAttr(entry)
        out.append({d[i].name: str(d[i].attr) for i in range(len(d))})
      return out

  def transform_names(self):
    names = set()
    for entry in self.window_params() or []:
      ref = entry.get("transform_indices")
      if ref is not None:
        names.add(ref.lstrip("@"))
    names.update(n for n in self.funcs if n.startswith("transform_"))
    return names

  def op_counts(self):
    with self.ctx:
      return collections.Counter(op.name for op in walk(self.kernel) if op != self.kernel)


def normalize_funcs(side, names, pallas_opt):
  """Runs the named functions of `side` through canonicalize + cse; returns
  name -> printed function (or raises Failure)."""
  with side.ctx:
    body = "\n".join(asm(side.funcs[n]) for n in sorted(names))
  rc, out, err = run([pallas_opt, "--canonicalize", "--cse", "-"], f"module {{\n{body}\n}}\n")
  if rc != 0:
    raise Failure(f"{side.label}: pallas-opt --canonicalize --cse failed on the transform "
                  f"functions: {err.strip()}")
  ctx = make_context(unregistered=True)
  with ctx:
    mod = ir.Module.parse(out)
    return {sym_name(op): asm(op) for op in (o.operation for o in mod.body.operations)
            if op.name == "func.func"}


def compare(name, ours_text, ref_text, pallas_opt, verbose, pass_stderr=""):
  """Returns (sections, notes): sections maps a compared part to its list of
  differences (empty: equal)."""
  ours = Side("ours", ours_text, pallas_opt)
  ref = Side("jax", ref_text, None)
  notes = []
  sections = collections.OrderedDict()
  # Output jaxlib rejects is compared in generic form, but never matches.
  sections["jaxlib parse"] = [ours.note] if ours.note else []

  # A pass that succeeds must not print diagnostics (errors or warnings).
  diag = [l for l in pass_stderr.splitlines() if ": error: " in l or ": warning: " in l]
  sections["pass diagnostics"] = (
      [f"pass succeeded but printed {len(diag)} error/warning diagnostic(s); first: {diag[0].strip()}"]
      if diag else [])

  # Signature.
  diffs = []
  with ours.ctx:
    o_ft = ours.function_type()
    o_in, o_out = [str(t) for t in o_ft.inputs], [str(t) for t in o_ft.results]
  with ref.ctx:
    r_ft = ref.function_type()
    r_in, r_out = [str(t) for t in r_ft.inputs], [str(t) for t in r_ft.results]
  if len(o_in) != len(r_in):
    diffs.append(f"{len(o_in)} arguments (ours) vs {len(r_in)} (jax)")
  for i in range(max(len(o_in), len(r_in))):
    o = o_in[i] if i < len(o_in) else ABSENT
    r = r_in[i] if i < len(r_in) else ABSENT
    if o != r:
      diffs.append(f"arg {i}: ours {o}  vs  jax {r}")
  if o_out != r_out:
    diffs.append(f"results: ours ({', '.join(o_out)}) vs jax ({', '.join(r_out)})")
  sections["signature"] = diffs

  # Attributes.
  diffs = []
  with ours.ctx:
    o_attrs = {k: str(v) for k, v in ours.attrs().items()}
  with ref.ctx:
    r_attrs = {k: str(v) for k, v in ref.attrs().items()}
  for key in sorted(set(o_attrs) | set(r_attrs)):
    if key == "window_params":
      continue
    o, r = o_attrs.get(key, ABSENT), r_attrs.get(key, ABSENT)
    if o != r:
      diffs.append(f"{key}: ours {o}  vs  jax {r}")
  o_wp, r_wp = ours.window_params(), ref.window_params()
  if o_wp is None or r_wp is None:
    if (o_wp is None) != (r_wp is None):
      diffs.append(f"window_params: ours {ABSENT if o_wp is None else o_attrs['window_params']}"
                   f"  vs  jax {ABSENT if r_wp is None else r_attrs['window_params']}")
  else:
    if len(o_wp) != len(r_wp):
      diffs.append(f"window_params: {len(o_wp)} entries (ours) vs {len(r_wp)} (jax)")
    for i in range(max(len(o_wp), len(r_wp))):
      o = o_wp[i] if i < len(o_wp) else None
      r = r_wp[i] if i < len(r_wp) else None
      if o is None or r is None:
        diffs.append(f"window_params[{i}]: ours {o if o is not None else ABSENT}  vs  "
                     f"jax {r if r is not None else ABSENT}")
        continue
      for key in sorted(set(o) | set(r)):
        if o.get(key, ABSENT) != r.get(key, ABSENT):
          diffs.append(f"window_params[{i}].{key}: ours {o.get(key, ABSENT)}  vs  "
                       f"jax {r.get(key, ABSENT)}")
  sections["attributes"] = diffs

  # Transform functions.
  diffs = []
  o_names, r_names = ours.transform_names(), ref.transform_names()
  for n in sorted(r_names - o_names):
    diffs.append(f"@{n}: missing in ours")
  for n in sorted(o_names - r_names):
    diffs.append(f"@{n}: extra in ours (jax has none)")
  for side, names in ((ours, o_names), (ref, r_names)):
    for n in sorted(names - set(side.funcs)):
      diffs.append(f"@{n}: referenced from window_params but not defined ({side.label})")
  common = sorted((o_names & r_names) & set(ours.funcs) & set(ref.funcs))
  if common:
    o_norm = normalize_funcs(ours, common, pallas_opt)
    r_norm = normalize_funcs(ref, common, pallas_opt)
    for n in common:
      o, r = o_norm.get(n, ""), r_norm.get(n, "")
      if o != r:
        diffs.append(f"@{n} differs after canonicalize+cse (--- jax, +++ ours):")
        for line in difflib.unified_diff(r.splitlines(), o.splitlines(), "jax", "ours",
                                         lineterm="", n=1):
          if not line.startswith(("---", "+++")):
            diffs.append("    " + line)
  sections["transforms"] = diffs

  # tpu ops.
  diffs = []
  o_ops, r_ops = ours.op_counts(), ref.op_counts()
  for op in sorted(set(o_ops) | set(r_ops)):
    if op.startswith("tpu.") and o_ops[op] != r_ops[op]:
      diffs.append(f"{op}: ours {o_ops[op]}  vs  jax {r_ops[op]}")
  sections["tpu ops"] = diffs

  if verbose:
    other = [f"{op}: ours {o_ops[op]} vs jax {r_ops[op]}"
             for op in sorted(set(o_ops) | set(r_ops))
             if not op.startswith("tpu.") and o_ops[op] != r_ops[op]]
    if other:
      notes.append("other ops (information only): " + "; ".join(other))
  return sections, notes


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("names", nargs="*")
  ap.add_argument("--pallas-opt", default=os.path.join(ROOT, "target", "debug", "pallas-opt"))
  ap.add_argument("--examples", default=os.path.join(ROOT, "examples", "tpu"))
  ap.add_argument("--refs", default=os.path.join(ROOT, "test", "Reference", "TPU"))
  ap.add_argument("--ours-dir", help="read our lowered NAME.mlir from here instead of "
                  "running the pass")
  ap.add_argument("-v", "--verbose", action="store_true")
  opts = ap.parse_args()
  if not os.access(opts.pallas_opt, os.X_OK):
    ap.error(f"{opts.pallas_opt} is not executable (cargo build first)")

  def stems(d):
    return {f[:-5] for f in os.listdir(d) if f.endswith(".mlir")} if os.path.isdir(d) else set()
  names = opts.names or sorted(stems(opts.examples) | stems(opts.refs))
  if not names:
    ap.error(f"no kernels in {opts.examples} or {opts.refs}")

  results = []
  for name in names:
    example = os.path.join(opts.examples, name + ".mlir")
    reference = os.path.join(opts.refs, name + ".mlir")
    print(f"== {name}")
    try:
      if not os.path.exists(reference):
        raise Failure(f"no reference {os.path.relpath(reference, ROOT)} "
                      "(add the kernel to scripts/jax/tpu_kernels.py, make jax-references)")
      pass_err = ""
      if opts.ours_dir:
        path = os.path.join(opts.ours_dir, name + ".mlir")
        if not os.path.exists(path):
          raise Failure(f"no lowered output {path}")
        ours_text = open(path).read()
      else:
        if not os.path.exists(example):
          raise Failure(f"no example {os.path.relpath(example, ROOT)}")
        rc, ours_text, pass_err = run([opts.pallas_opt, "--convert-pallas-to-tpu", example])
        err = pass_err
        if rc != 0:
          lines = [l for l in err.strip().splitlines() if l.strip()]
          shown = "\n      ".join(lines[:6]) + ("\n      ..." if len(lines) > 6 else "")
          raise Failure(f"convert-pallas-to-tpu failed (exit {rc}):\n      {shown}")
      sections, notes = compare(name, ours_text, open(reference).read(), opts.pallas_opt,
                                opts.verbose, pass_err)
    except Failure as f:
      print(f"   FAIL {f}")
      results.append((name, ["not compared"]))
      continue
    differing = [k for k, v in sections.items() if v]
    for key, diffs in sections.items():
      bad_word, good_word = {"pass diagnostics": ("NOT CLEAN", "clean"),
                             "jaxlib parse": ("FAILED", "ok")}.get(key, ("DIFFERENT", "same"))
      print(f"   {key}: {bad_word if diffs else good_word}")
      for d in diffs:
        print(f"      {d}")
    for note in notes:
      print(f"   note: {note}")
    results.append((name, differing))

  ok = [n for n, d in results if not d]
  bad = [(n, d) for n, d in results if d]
  print(f"\ncompare_tpu: {len(ok)}/{len(results)} kernels match JAX")
  for n, d in bad:
    print(f"   {n}: {', '.join(d)}")
  return 1 if bad else 0


if __name__ == "__main__":
  sys.exit(main())
