#!/usr/bin/env python3
"""Structural comparison of our TPU / SparseCore lowering with JAX's.

  .venv/bin/python scripts/jax/compare_tpu.py [-v] [--pallas-opt P]
      [--sparsecore] [--examples DIR] [--refs DIR] [--pass PASS]
      [--ours-dir DIR] [NAME...]

For every kernel NAME (default: every EXAMPLES/*.mlir and every
REFS/*.mlir) it lowers EXAMPLES/NAME.mlir with `pallas-opt --PASS` (or
reads DIR/NAME.mlir with --ours-dir) and compares the kernel with
REFS/NAME.mlir, the module JAX 0.10.2's Pallas lowering emits for the same
kernel (scripts/jax/dump_tpu_reference.py). The defaults are the TensorCore
ones: EXAMPLES examples/tpu, REFS test/Reference/TPU, PASS
convert-pallas-to-tpu. --sparsecore makes them examples/sparsecore,
test/Reference/SparseCore and convert-pallas-to-sparsecore (an explicit
--examples/--refs/--pass still wins). Both sides are parsed with jaxlib's
MLIR (tpu dialect registered, scripts/jax/jaxlib_ctx.py). The kernel is the
one `func.func` carrying `tpu.core_type`; its name is ignored (JAX uses the
Python function's). Compared:

  signature   argument and result types, in order;
  attributes  every attribute of the kernel function but its name and
              type: dimension_semantics, iteration_bounds, scalar_prefetch,
              scratch_operands, tpu.core_type, window_params (per operand,
              per key), and anything else either side sets; values as
              jaxlib prints them (a SparseCore kernel's
              window_params[i].transform_indices is an inline affine map
              and is compared like every other attribute value);
  transforms  the index map functions (@transform_i, next to the kernel,
              named by window_params' transform_indices symbol refs),
              each side normalised with `pallas-opt --canonicalize --cse`
              (JAX emits dead constants), compared as printed text.
              SparseCore kernels have none (both sides must agree);
  tpu ops     the multiset of `tpu.*` op names in the kernel function
              (nested regions included; see the normalizations below);
  pass diagnostics  a successful pass run must print no error or warning;
  jaxlib parse      our output must parse in jaxlib (if it does not, the
              rest is compared on pallas-opt's generic form of it).

Dead-op normalization (both sides alike, TensorCore and SparseCore): a
side-effect-free tpu op (PURE_TPU_OPS: views such as tpu.memref_slice /
tpu.memref_squeeze, value ops such as tpu.iota) whose results are all
unused, transitively, is an artefact and not counted. JAX 0.10.2 applies a
ref's transforms at every use and leaves such results behind (each
SparseCore sync_copy of `x.at[...]` carries dead slice/squeeze pairs); our
pass erases its own. Live ops always count.

Op counts are taken after `pallas-opt --canonicalize` of each side (no
cse): JAX lowers every dynamic `lax.fori_loop` as a loop plus a remainder
loop over the same body whose bounds only fold to one value (it runs no
iteration); canonicalization removes it, so a plain `scf.for` twin compares
equal. Canonicalization also folds constants and drops dead pure ops, on
both sides alike.

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

from jaxlib_ctx import describe as _describe, ir, make_context, walk

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

IGNORED_ATTRS = {"sym_name", "function_type"}
ABSENT = "<absent>"

TPU_DEFAULTS = {"examples": os.path.join(ROOT, "examples", "tpu"),
                "refs": os.path.join(ROOT, "test", "Reference", "TPU"),
                "pass_name": "convert-pallas-to-tpu"}
SC_DEFAULTS = {"examples": os.path.join(ROOT, "examples", "sparsecore"),
               "refs": os.path.join(ROOT, "test", "Reference", "SparseCore"),
               "pass_name": "convert-pallas-to-sparsecore"}
# Side-effect-free tpu ops: where their results are unused (transitively)
# they are artefacts, not part of the kernel (see the docstring).
PURE_TPU_OPS = frozenset(
    "tpu." + n for n in """
    memref_slice memref_squeeze memref_reshape memref_bitcast erase_memref_layout
    reinterpret_cast assume_layout assume_multiple iota reshape repeat bitcast
    bitcast_vreg broadcast_in_sublanes unpack_subelements pack_subelements
    relayout pack_vmsk gather dynamic_gather extf truncf matmul concatenate
    transpose create_mask create_subelement_mask mask_cast all_reduce
    reduce_index sort roll_vectors unroll_vectors device_id core_id subcore_id
    iteration_bound""".split())


class Failure(Exception):
  """A kernel that cannot be compared at all (missing, unparsable ...)."""


def describe(err):
  return _describe(err, notes=False)


def run(cmd, stdin=None):
  p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
  return p.returncode, p.stdout, p.stderr


def sym_name(op):
  return ir.StringAttr(op.attributes["sym_name"]).value


def asm(x):
  return x.get_asm(enable_debug_info=False) if hasattr(x, "get_asm") else str(x)


class Side:
  """One side (ours / jax) of a comparison: the parsed module, its kernel
  function and the functions next to it."""

  def __init__(self, label, text, pallas_opt, generic_fallback=True):
    self.label = label
    self.ctx = make_context()
    self.module = None
    try:
      with self.ctx:
        self.module = ir.Module.parse(text)
    except Exception as first:
      # Not valid for jaxlib (verify_tpu.py reports that); still compare the
      # structure: reprint in generic form and parse with unregistered ops.
      if pallas_opt is None or not generic_fallback:
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
    self.canonical_kernel = self._canonicalized_kernel(pallas_opt)

  def _canonicalized_kernel(self, pallas_opt):
    """The kernel after `pallas-opt --canonicalize` (no cse), in its own
    context: folding makes the bounds of JAX's remainder loop after a dynamic
    fori_loop one value, and the loop, which runs no iteration, goes away.
    The kernel itself when canonicalization is not possible."""
    if pallas_opt is None:
      return self.kernel
    with self.ctx:
      text = asm(self.module)
    rc, out, _ = run([pallas_opt, "--canonicalize", "--mlir-print-op-generic", "-"], text)
    if rc != 0:
      return self.kernel
    ctx = make_context(unregistered=True)
    with ctx:
      mod = ir.Module.parse(out)
      kernels = [op for op in walk(mod.operation)
                 if op.name == "func.func" and "tpu.core_type" in op.attributes]
    if len(kernels) != 1:
      return self.kernel
    self.canonical_ctx, self.canonical_module = ctx, mod
    return kernels[0]

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
      # A symbol ref names a transform function; SparseCore kernels carry an
      # inline affine map instead (compared with the attributes).
      if ref is not None and ref.startswith("@"):
        names.add(ref.lstrip("@"))
    names.update(n for n in self.funcs if n.startswith("transform_"))
    return names

  def op_counts(self):
    """Multiset of the op names in the canonicalized kernel, less the
    side-effect-free tpu ops whose results are all unused (transitively)."""
    kernel = self.canonical_kernel
    with kernel.context:
      ops = [op for op in walk(kernel) if op != kernel]
      dead = set()
      pure = [op for op in ops if op.name in PURE_TPU_OPS and len(op.results) > 0]
      changed = True
      while changed:
        changed = False
        for op in pure:
          if hash(op) in dead:
            continue
          if all(hash(use.owner.operation) in dead for r in op.results for use in r.uses):
            dead.add(hash(op))
            changed = True
      return collections.Counter(op.name for op in ops if hash(op) not in dead)


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
  ref = Side("jax", ref_text, pallas_opt, generic_fallback=False)
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

  # tpu ops, less dead side-effect-free ones (both sides).
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
  ap.add_argument("--sparsecore", action="store_true",
                  help="SparseCore defaults: --examples examples/sparsecore --refs "
                  "test/Reference/SparseCore --pass convert-pallas-to-sparsecore")
  ap.add_argument("--examples", help="pallas twins (default examples/tpu)")
  ap.add_argument("--refs", help="JAX's lowerings (default test/Reference/TPU)")
  ap.add_argument("--pass", dest="pass_name",
                  help="pallas-opt pass that lowers the twins (default convert-pallas-to-tpu)")
  ap.add_argument("--ours-dir", help="read our lowered NAME.mlir from here instead of "
                  "running the pass")
  ap.add_argument("-v", "--verbose", action="store_true")
  opts = ap.parse_args()
  for key, value in (SC_DEFAULTS if opts.sparsecore else TPU_DEFAULTS).items():
    if getattr(opts, key) is None:
      setattr(opts, key, value)
  sparsecore = opts.sparsecore or opts.pass_name == SC_DEFAULTS["pass_name"]
  kernels_py = "scripts/jax/sc_kernels.py" if sparsecore else "scripts/jax/tpu_kernels.py"
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
                      f"(add the kernel to {kernels_py}, make jax-references)")
      pass_err = ""
      if opts.ours_dir:
        path = os.path.join(opts.ours_dir, name + ".mlir")
        if not os.path.exists(path):
          raise Failure(f"no lowered output {path}")
        ours_text = open(path).read()
      else:
        if not os.path.exists(example):
          raise Failure(f"no example {os.path.relpath(example, ROOT)}")
        rc, ours_text, pass_err = run([opts.pallas_opt, "--" + opts.pass_name, example])
        err = pass_err
        if rc != 0:
          lines = [l for l in err.strip().splitlines() if l.strip()]
          shown = "\n      ".join(lines[:6]) + ("\n      ..." if len(lines) > 6 else "")
          raise Failure(f"{opts.pass_name} failed (exit {rc}):\n      {shown}")
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
