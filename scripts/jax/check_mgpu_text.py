#!/usr/bin/env python3
"""Checks our `mosaic_gpu` dialect against jaxlib 0.10.2's own, as text.

  .venv/bin/python scripts/jax/check_mgpu_text.py --pallas-opt target/debug/pallas-opt \\
      [--kernels] [--reference FILE...] [--roundtrip FILE...] [--invalid FILE...] [-v]

--kernels      lowers the Pallas Mosaic GPU kernels below (warpgroup semantics)
               with JAX on the CPU for the `cuda` platform and keeps the module
               JAX's lowering hands to layout inference (NAME.mgpu.mlir), the
               one layout inference returns (NAME.layouts.mlir) and the one
               left once the dialect is lowered away (NAME.lowered.mlir: only
               barrier types and transform attributes remain), written to
               --out; each is then checked like a --reference file.
--reference F  F (IR that JAX emitted) must print identically through
               `pallas-opt F` and through jaxlib's parse + print.
--roundtrip F  our own inputs (test/Dialect/MosaicGPU/roundtrip*.mlir): as
               --reference, in the custom and in the generic form; in addition
               our printed output must parse and verify in jaxlib.
--invalid F    -verify-diagnostics inputs (`// -----` separated): jaxlib must
               reject every case with exactly the `expected-error`s the case
               states, at the lines it states.
--canonicalize F  `pallas-opt --canonicalize F` and jaxlib's canonicalize pass
               on F must print identically (the folder and patterns of
               reinterpret_cast and warp_map).
--mutants N    differential test: N random single mutations (a size, a memory
               space, an element type, a dense array, an integer attribute, a
               vector rank; seeded by --seed) of the --roundtrip and --kernels
               modules. pallas-opt and jaxlib must both accept a mutant and
               print it identically, or both reject it with the same errors
               (up to two wordings MLIR changed upstream after 22: see
               UPSTREAM_WORDING). Disagreeing mutants are written to --out.

Both sides are normalised the same way before comparing: trailing blanks and
trailing empty lines dropped, runs of blanks outside string literals shrunk to
one (MLIR 22 prints `gpu.thread_id  x` and `nvvm.shfl.sync  idx` with two,
jaxlib's MLIR with one). Prints one line per file and a summary; exits 1 if
anything differs or fails.
"""

import argparse
import collections
import os
import re
import subprocess
import sys

from jax._src.interpreters import mlir as jmlir
from jax._src.lib.mlir import ir
from jax.experimental.mosaic import gpu as mgpu

STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
BLANKS = re.compile(r"(?<=\S) {2,}")
# An op of the dialect in either form: `"mosaic_gpu.x"(` or `mosaic_gpu.x ` /
# `= mosaic_gpu.x`, not attributes (`#mosaic_gpu.`, `mosaic_gpu.arch_major =`)
# or types (`!mosaic_gpu.`).
OP = re.compile(r'(?:^|[\s"])mosaic_gpu\.([a-z_0-9]+)(?=["\s(])(?!\s*=)')
# Messages of upstream MLIR that jaxlib's newer MLIR words differently.
UPSTREAM_WORDING = [
    (re.compile(r"for `operandSegmentSizes`: "), ""),
    (re.compile(r"any non-token type"), "any type"),
]
EXPECTED = re.compile(r"//\s*expected-error\s*(@[+-]?\d+)?\s*\{\{(.*)\}\}\s*$")
LINE = re.compile(r":(\d+):\d+")


def context():
  """A jaxlib context with its lowering dialects plus `mosaic_gpu`."""
  ctx = jmlir.make_ir_context()
  mgpu.dialect.register_dialect(ctx)
  return ctx


def normalise(text):
  lines = []
  for line in text.splitlines():
    line = line.rstrip()
    parts = STRING.split(line)
    strings = STRING.findall(line)
    out = BLANKS.sub(" ", parts[0])
    for s, rest in zip(strings, parts[1:]):
      out += s + BLANKS.sub(" ", rest)
    lines.append(out)
  while lines and not lines[-1]:
    lines.pop()
  return "\n".join(lines)


def jaxlib_print(text, generic=False, pipeline=None):
  from jax._src.lib.mlir import passmanager

  with context():
    module = ir.Module.parse(text)
    if not module.operation.verify():
      raise ValueError("jaxlib: the module does not verify")
    if pipeline:
      passmanager.PassManager.parse(f"builtin.module({pipeline})").run(module.operation)
    return module.operation.get_asm(print_generic_op_form=generic, enable_debug_info=False)


def ours_print(pallas_opt, path, generic=False, pipeline=None):
  cmd = [pallas_opt, path] + (["--mlir-print-op-generic"] if generic else [])
  if pipeline:
    cmd.append(f"--pass-pipeline=builtin.module({pipeline})")
  res = subprocess.run(cmd, capture_output=True, text=True)
  if res.returncode != 0:
    raise ValueError(f"pallas-opt failed: {res.stderr.strip()[:800]}")
  return res.stdout


def first_difference(a, b):
  for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines())):
    if x != y:
      return f"line {i + 1}:\n    jaxlib: {x[:300]}\n    ours:   {y[:300]}"
  return f"lengths differ ({len(a.splitlines())} vs {len(b.splitlines())} lines)"


class Report:
  def __init__(self, verbose):
    self.verbose = verbose
    self.failed = 0
    self.files = 0
    self.identical = 0
    self.ops = collections.Counter()

  def ok(self, what, detail=""):
    self.files += 1
    self.identical += 1
    print(f"OK    {what}{detail}")

  def fail(self, what, why):
    self.files += 1
    self.failed += 1
    print(f"FAIL  {what}: {why}")


def compare(report, pallas_opt, path, generic=False, verify_ours=False, pipeline=None):
  text = open(path).read()
  form = " (generic)" if generic else f" ({pipeline})" if pipeline else ""
  try:
    theirs = normalise(jaxlib_print(text, generic, pipeline))
    ours = normalise(ours_print(pallas_opt, path, generic, pipeline))
  except Exception as e:  # noqa: BLE001 - one line per file, whatever failed
    report.fail(path + form, str(e).strip().splitlines()[0][:800])
    return
  if theirs != ours:
    report.fail(path + form, "prints differently, first at " + first_difference(theirs, ours))
    return
  if verify_ours:
    try:
      again = normalise(jaxlib_print(ours, generic))
    except Exception as e:  # noqa: BLE001
      report.fail(path + form, f"jaxlib rejects our output: {str(e)[:800]}")
      return
    if again != ours:
      report.fail(path + form, "jaxlib prints our output differently, first at "
                  + first_difference(again, ours))
      return
  ops = collections.Counter(m.group(1) for m in OP.finditer(ours))
  if not generic:
    report.ops.update(ops)
  report.ok(path + form, f"  ({sum(ops.values())} mosaic_gpu ops, {len(ops)} kinds)")


def check_invalid(report, path):
  """Every `// -----` case must fail in jaxlib with exactly its expected
  errors (message and line)."""
  chunks = re.split(r"^// -----.*$", open(path).read(), flags=re.M)
  bad = 0
  for n, chunk in enumerate(chunks):
    expected = collections.Counter()
    for i, line in enumerate(chunk.splitlines()):
      m = EXPECTED.search(line)
      if m:
        offset = int(m.group(1)[1:]) if m.group(1) else 0
        expected[(i + 1 + offset, m.group(2))] += 1
    if not expected:
      continue
    got = collections.Counter()
    with context():
      try:
        module = ir.Module.parse(chunk)
        module.operation.verify()
      except ir.MLIRError as e:
        for d in e.error_diagnostics:
          m = LINE.search(str(d.location))
          got[(int(m.group(1)) if m else 0, d.message)] += 1
    if got != expected:
      bad += 1
      print(f"      case {n} of {path}: expected {sorted(expected.items())},"
            f" jaxlib gives {sorted(got.items())}")
  if bad:
    report.fail(path, f"{bad} of {len(chunks)} cases differ from jaxlib")
  else:
    report.ok(path, f"  ({len(chunks)} cases, every error as jaxlib reports it)")


#===------------------------------------------------------------------------===#
# Differential mutants
#===------------------------------------------------------------------------===#

SPACES = ["#gpu.address_space<workgroup>", "#mosaic_gpu.tmem", "#mosaic_gpu.smem_cluster",
          "#gpu.address_space<global>"]
ELEMENTS = ["f32", "f16", "bf16", "f64", "i32", "i16", "i8", "i2", "i1", "index",
            "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "!mosaic_gpu.barrier"]


def mutate(rng, text):
  """`text` with one random edit of a kind the verifiers look at."""
  def pick(pattern):
    found = list(re.finditer(pattern, text))
    return rng.choice(found) if found else None

  kind = rng.randrange(6)
  if kind == 0:  # a static size in a shape
    m = pick(r"(?<=[<x])\d+(?=x)")
    new = str(rng.choice([1, 2, 3, 16, 32, 48, 64, 96, 128, 256, 1024]))
  elif kind == 1:  # a memory space
    m = pick("|".join(re.escape(s) for s in SPACES))
    new = rng.choice(SPACES + [""])
    if m and not new:  # dropping the space also drops its comma
      return text[:m.start()].rstrip(", ") + text[m.end():]
  elif kind == 2:  # an element type
    m = pick(r"(?<=x)(?:f32|f16|bf16|i32|i8|i2|f8E4M3FN|f8E8M0FNU)\b")
    new = rng.choice(ELEMENTS)
  elif kind == 3:  # a dense array attribute
    m = pick(r"array<i(?:32|64): [-\d, ]*>")
    if m:
      width = m.group(0)[7:9]
      values = [rng.choice([-2, -1, 0, 1, 2, 8, 64, 128]) for _ in range(rng.randrange(5))]
      new = f"array<i{width}: {', '.join(map(str, values))}>" if values else f"array<i{width}>"
  elif kind == 4:  # an integer attribute
    m = pick(r"(?<== )-?\d+(?= : i(?:32|64)\b)")
    new = str(rng.choice([-1, 0, 1, 3, 5, 12, 64, 1 << 20]))
  else:  # the rank of a vector type
    m = pick(r"vector<(?:\d+x)*")
    new = rng.choice(["vector<", "vector<1x", "vector<2x3x", "vector<64x"])
  if not m:
    return text
  return text[:m.start()] + new + text[m.end():]


def upstream_wording(messages):
  out = set()
  for msg in messages:
    for pattern, repl in UPSTREAM_WORDING:
      msg = pattern.sub(repl, msg)
    out.add(msg)
  return sorted(out)


def check_mutants(report, pallas_opt, bases, count, seed, out_dir):
  import random

  rng = random.Random(seed)
  texts = [open(p).read() for p in bases]
  agree = accepted = 0
  disagreements = []
  for n in range(count):
    text = mutate(rng, rng.choice(texts))
    res = subprocess.run([pallas_opt, "-"], input=text, capture_output=True, text=True)
    ours_ok = res.returncode == 0
    if res.returncode not in (0, 1):
      disagreements.append((n, text, f"pallas-opt exited with {res.returncode}"))
      continue
    ours_errors = upstream_wording(re.findall(r"error: (.*)", res.stderr))
    with context():
      try:
        module = ir.Module.parse(text)
        theirs_ok = module.operation.verify()
        theirs_text = module.operation.get_asm(enable_debug_info=False)
        theirs_errors = []
      except ir.MLIRError as e:
        theirs_ok, theirs_text = False, ""
        theirs_errors = upstream_wording(d.message for d in e.error_diagnostics)
    if ours_ok != theirs_ok:
      why = f"pallas-opt {'accepts' if ours_ok else 'rejects'}, jaxlib does not: " \
            f"{(ours_errors or theirs_errors)[:2]}"
    elif ours_ok and normalise(res.stdout) != normalise(theirs_text):
      why = "prints differently, first at " + first_difference(normalise(theirs_text),
                                                               normalise(res.stdout))
    elif not ours_ok and ours_errors != theirs_errors:
      why = f"errors differ: ours {ours_errors[:2]}, jaxlib {theirs_errors[:2]}"
    else:
      agree += 1
      accepted += ours_ok
      continue
    disagreements.append((n, text, why))
  os.makedirs(out_dir, exist_ok=True)
  for n, text, why in disagreements:
    path = os.path.join(out_dir, f"mutant-{seed}-{n}.mlir")
    with open(path, "w") as f:
      f.write(text)
    print(f"      mutant {path}: {why}")
  what = f"{count} mutants (seed {seed})"
  if disagreements:
    report.fail(what, f"{len(disagreements)} disagree with jaxlib")
  else:
    report.ok(what, f"  (all agree with jaxlib: {accepted} accepted and printed alike, "
              f"{agree - accepted} rejected with the same errors)")


#===------------------------------------------------------------------------===#
# Pallas Mosaic GPU kernels lowered by JAX on the CPU
#===------------------------------------------------------------------------===#

def kernels():
  """name -> (function, argument specs). Warpgroup semantics throughout."""
  import jax
  import jax.numpy as jnp
  from jax.experimental import pallas as pl
  from jax.experimental.pallas import mosaic_gpu as plgpu

  wg = plgpu.LoweringSemantics.Warpgroup
  params = plgpu.CompilerParams(lowering_semantics=wg)
  f32 = jnp.float32

  def same_shape(kernel, spec):
    return (lambda x: pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                                     compiler_params=params)(x)), (spec,)

  def masked_columns(x_ref, o_ref):
    col = jax.lax.broadcasted_iota(jnp.int32, x_ref.shape, 1)
    o_ref[...] = jnp.where(col < 64, x_ref[...], 0.0)

  def centred_rows(x_ref, o_ref):
    x = plgpu.layout_cast(x_ref[...], plgpu.Layout.WGMMA)
    total = jnp.sum(x, axis=1)
    o_ref[...] = x - jax.lax.broadcast_in_dim(total, x.shape, (0,))

  def printed(x_ref, o_ref):
    pl.debug_print("x: {}", x_ref[...])
    o_ref[...] = x_ref[...] + 1.0

  def row_broadcast(x):
    def kernel(x_ref, o_ref):
      o_ref[...] = jax.lax.broadcast_in_dim(x_ref[...], o_ref.shape, (1,))
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((64, 128), x.dtype),
                          compiler_params=params)(x)

  def tma_scale(x):
    @plgpu.kernel(out_type=jax.ShapeDtypeStruct((64, 128), f32),
                  scratch_types=[plgpu.SMEM((64, 128), f32), plgpu.Barrier()],
                  compiler_params=params)
    def kern(x_gmem, o_gmem, smem, barrier):
      plgpu.copy_gmem_to_smem(x_gmem, smem, barrier)
      plgpu.barrier_wait(barrier)
      smem[...] = smem[...] * 0.5
      plgpu.commit_smem()
      plgpu.copy_smem_to_gmem(smem, o_gmem)
      plgpu.wait_smem_to_gmem(0)
    return kern(x)

  def matmul_k_pipeline(a, b):
    # f16 operands tiled (8, 64) and swizzled by 128 bytes, K in two steps.
    transforms = (plgpu.TilingTransform((8, 64)), plgpu.SwizzleTransform(128))

    def kernel(a_ref, b_ref, o_ref, acc_ref):
      @pl.when(pl.program_id(0) == 0)
      def _():
        acc_ref[...] = jnp.zeros_like(acc_ref)

      plgpu.wgmma(acc_ref, a_ref, b_ref)
      plgpu.wgmma_wait(0)

      @pl.when(pl.program_id(0) == 1)
      def _():
        o_ref[...] = acc_ref[...].astype(o_ref.dtype)

    return pl.pallas_call(
        kernel, grid=(2,),
        in_specs=[plgpu.BlockSpec((64, 64), lambda k: (0, k), transforms=transforms),
                  plgpu.BlockSpec((64, 128), lambda k: (k, 0), transforms=transforms)],
        out_specs=plgpu.BlockSpec((64, 128), lambda k: (0, 0)),
        out_shape=jax.ShapeDtypeStruct((64, 128), jnp.float16),
        scratch_shapes=[plgpu.ACC((64, 128), f32)],
        compiler_params=plgpu.CompilerParams(lowering_semantics=wg,
                                             dimension_semantics=["sequential"]))(a, b)

  def exp_grid(x):
    def kernel(x_ref, o_ref):
      o_ref[...] = jnp.exp(x_ref[...]) - 1.0
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(4,),
                          in_specs=[pl.BlockSpec((32, 128), lambda i: (i, 0))],
                          out_specs=pl.BlockSpec((32, 128), lambda i: (i, 0)),
                          compiler_params=params)(x)

  spec = jax.ShapeDtypeStruct
  return {
      "mgpu_masked_columns": same_shape(masked_columns, spec((64, 128), f32)),
      "mgpu_centred_rows": same_shape(centred_rows, spec((64, 128), f32)),
      "mgpu_debug_print": same_shape(printed, spec((256,), f32)),
      "mgpu_row_broadcast": (row_broadcast, (spec((128,), f32),)),
      "mgpu_tma_scale": (tma_scale, (spec((64, 128), f32),)),
      "mgpu_matmul_k_pipeline": (matmul_k_pipeline,
                                 (spec((64, 128), jnp.float16), spec((128, 128), jnp.float16))),
      "mgpu_exp_grid": (exp_grid, (spec((128, 128), f32),)),
  }


def lower_kernels(out_dir):
  """Writes NAME.mgpu.mlir and NAME.layouts.mlir for every kernel; returns
  the paths, and the names that JAX failed to lower (with its error)."""
  import jax

  os.makedirs(out_dir, exist_ok=True)
  stages = {}
  original = mgpu.infer_layout, mgpu.lower_mgpu_dialect

  def capturing_infer_layout(module, *args, **kwargs):
    stages["mgpu"] = module.operation.get_asm(enable_debug_info=False)
    result = original[0](module, *args, **kwargs)
    stages["layouts"] = module.operation.get_asm(enable_debug_info=False)
    return result

  def capturing_lower_mgpu_dialect(module, *args, **kwargs):
    result = original[1](module, *args, **kwargs)
    stages["lowered"] = module.operation.get_asm(enable_debug_info=False)
    return result

  mgpu.infer_layout = capturing_infer_layout
  mgpu.lower_mgpu_dialect = capturing_lower_mgpu_dialect
  paths, failures = [], []
  try:
    for name, (fn, args) in kernels().items():
      stages.clear()
      try:
        jax.jit(fn).trace(*args).lower(lowering_platforms=("cuda",))
      except Exception as e:  # noqa: BLE001
        failures.append(f"{name}: {type(e).__name__}: {str(e)[:300]}")
        continue
      for stage in ("mgpu", "layouts", "lowered"):
        if stage not in stages:
          failures.append(f"{name}: no {stage} stage captured")
          continue
        path = os.path.join(out_dir, f"{name}.{stage}.mlir")
        with open(path, "w") as f:
          f.write(stages[stage])
        paths.append(path)
  finally:
    mgpu.infer_layout, mgpu.lower_mgpu_dialect = original
  return paths, failures


def main():
  ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
  ap.add_argument("--pallas-opt", default="target/debug/pallas-opt")
  ap.add_argument("--kernels", action="store_true")
  ap.add_argument("--out", default="target/jax-check/mgpu")
  ap.add_argument("--reference", nargs="*", default=[])
  ap.add_argument("--roundtrip", nargs="*", default=[])
  ap.add_argument("--invalid", nargs="*", default=[])
  ap.add_argument("--canonicalize", nargs="*", default=[])
  ap.add_argument("--mutants", type=int, default=0)
  ap.add_argument("--seed", type=int, default=0)
  ap.add_argument("-v", action="store_true")
  opts = ap.parse_args()
  report = Report(opts.v)
  references = list(opts.reference)
  if opts.kernels:
    paths, failures = lower_kernels(opts.out)
    for f in failures:
      report.fail("JAX lowering", f)
    references += paths
  for path in references:
    compare(report, opts.pallas_opt, path)
  for path in opts.roundtrip:
    compare(report, opts.pallas_opt, path, verify_ours=True)
    compare(report, opts.pallas_opt, path, generic=True, verify_ours=True)
  for path in opts.invalid:
    check_invalid(report, path)
  for path in opts.canonicalize:
    compare(report, opts.pallas_opt, path, pipeline="canonicalize")
  if opts.mutants:
    bases = [p for p in references + opts.roundtrip if "lowered" not in p]
    check_mutants(report, opts.pallas_opt, bases, opts.mutants, opts.seed, opts.out)
  kinds = ", ".join(f"{k} {n}" for k, n in sorted(report.ops.items()))
  print(f"mosaic_gpu text: {report.identical}/{report.files} checks identical to jaxlib; "
        f"{sum(report.ops.values())} mosaic_gpu ops of {len(report.ops)} kinds compared"
        + (f" ({kinds})" if opts.v else ""))
  return 1 if report.failed else 0


if __name__ == "__main__":
  sys.exit(main())
