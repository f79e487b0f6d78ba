#!/usr/bin/env python3
"""Semantic fuzzer for pallas-opt (issue 12).

  .venv/bin/python scripts/fuzz/semantic_fuzz.py [-n N] [--seed S] [-j JOBS]
      [--pallas-opt target/debug/pallas-opt] [--out DIR] [--minimize]
      [--save-corpus DIR] [--known FILE] [--corpus DIR]

Takes the seed kernels (examples/*.mlir, examples/{tpu,sparsecore,cpu,gpu}/*.mlir
and the chunks of the test/Conversion/PallasTo*/ lit tests that expect no error)
and makes N mutants that still parse as text but change the semantics: block,
array, grid and vector extents, element types, memory spaces, index-map
coefficients and operators (`ceildiv`/`floordiv`/`mod` with either sign),
`compiler_params` values of the wrong kind or range (`kernel_type`,
`mesh_axes`, `mesh_shape`, `collective_id`), symbol names (empty, quoted,
colliding with generated ones), integer constants at and past 2^31, element
pads near the i64 maximum, deleted lines, scratch in GPU memory spaces and
ops wrapped in up to 1000 nested regions.
Mutant i of seed S is the same on every machine (its random generator is
seeded with "S:i").

Every mutant goes through convert-pallas-to-tpu, convert-pallas-to-sparsecore,
convert-pallas-to-scf, convert-pallas-to-mosaic-gpu and the whole GPU path to
PTX ("nvvm": pallas-gpu-pipeline, or for a Mosaic GPU module
infer-mosaic-gpu-layouts, convert-mosaic-gpu-to-nvvm and pallas-gpu-to-llvm),
each with a timeout. A run fails (its class is the pass, the kind and a
normalised message) when:
  * it timed out, died on a signal or panicked ("panicked" in stderr);
  * it exited 0 and its output still holds `pallas` ops the pass owns (the TPU
    pass leaves SparseCore kernels, `kernel_type = "sc_*"`; the SparseCore
    pass leaves TensorCore kernels; both leave `pallas.call`s of those; the
    Mosaic GPU pass leaves the kernels without `mosaic_gpu` compiler params);
  * it exited 0 and jaxlib's `tpu` dialect rejects the TPU/SparseCore output
    (scripts/jax/verify_tpu.py's check, when nothing of pallas is left; every
    output is verified, one over 16 MB in a child process that gets 60 s + 2 s
    per MB, and no verdict in that time is a failure too), jaxlib with its
    `mosaic_gpu` dialect rejects the Mosaic GPU output (parse, verify, print
    and parse back: scripts/jax/gpu_verify.py's check), or the CPU output
    fails scripts/cpu-pipeline.txt (`pallas-opt -p`), the GPU path left a
    `mosaic_gpu` op, a `gpu.launch` or an uncompiled `gpu.module`, or what the pipeline
    makes does not compile to machine code (`mlir-translate
    --mlir-to-llvmir`, `llc -O0 -mcpu=native`: cpu_codegen_problem);
  * it exited 1 without an `error:` at a `file:line:col` location, or with
    only generated `tpu`, `mosaic_gpu`, `gpu` or `nvvm` ops failing their
    verifier (or the generated
    module's symbol table: "redefinition of symbol"), or with a generic
    "failed to legalize" (a check that should have named the user's op is
    missing);
  * (convert-pallas-to-scf) it declined the input as "not yet supported"
    while convert-pallas-to-tpu or -sparsecore lowered it whole: the CPU
    reference must run every kernel a TPU lowering takes;
  * it exited with another status.

The first mutant of each class is kept under --out; with --minimize it is
reduced (delta debugging over lines, then over tokens, keeping the same
class) and, with --save-corpus, written there as a regression input. With
--corpus the files of a directory are re-run instead of mutants (their
failures are reported the same way).

Classes listed in --known (one `pass kind` prefix of a class per line, `#`
comments; the default scripts/fuzz/known-failures.txt) are reported but do
not fail the run; any other class makes the exit status 1. A known class
that no longer occurs in a --corpus run is reported, so the list shrinks.
"""

import argparse
import collections
import glob
import hashlib
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "jax"))

PASSES = ("tpu", "sparsecore", "scf", "mosaic-gpu", "nvvm")

# The "nvvm" run goes all the way to LLVM with the kernels compiled to PTX by
# LLVM's NVPTX backend: `pallas-gpu-pipeline` for pallas kernels (Pallas ->
# mosaic_gpu -> layout inference -> NVVM -> PTX), and for Mosaic GPU modules
# (the seeds of test/Conversion/MosaicGPU*) layout inference, the NVVM
# lowering and `pallas-gpu-to-llvm`.
NVVM_FROM_PALLAS = ["--pallas-gpu-pipeline"]
NVVM_FROM_MGPU = ["-p", "builtin.module(infer-mosaic-gpu-layouts,convert-mosaic-gpu-to-nvvm,pallas-gpu-to-llvm)"]
SEED_GLOBS = ("examples/*.mlir", "examples/tpu/*.mlir", "examples/sparsecore/*.mlir",
              "examples/cpu/*.mlir", "examples/gpu/*.mlir", "test/Conversion/PallasTo*/*.mlir",
              "test/Conversion/MosaicGPU*/*.mlir", "test/Reference/GPU/layouts/*.mgpu.mlir")
SC_TYPES = ("sc_vector_subcore", "sc_scalar_subcore")

# ---------------------------------------------------------------------------
# Mutations. Each takes (rng, text) and returns new text or None when it does
# not apply to this text.

BIG_INTS = [0, 1, -1, 2, 3, 7, 127, 128, 129, 1 << 16, (1 << 31) - 1, 1 << 31, 1 << 32,
            (1 << 62), (1 << 63) - 1, 1 << 63]
ELEM_TYPES = ["f32", "bf16", "f16", "i32", "i16", "i8", "i1", "i64", "f64", "index",
              "f8E4M3FN", "f8E5M2", "i4", "ui8", "complex<f32>"]
MEM_SPACES = ["vmem", "smem", "any", "hbm", "semaphore", "semaphore_mem", "vmem_shared",
              "gmem", "shared", "tmem", "regs", "cmem", "host", "bogus"]
SEMANTICS = ["parallel", "arbitrary", "core_parallel", "subcore_parallel", "sequential",
             "bogus"]
KERNEL_TYPES = ['"tc"', '"sc_vector_subcore"', '"sc_scalar_subcore"', '"bogus"', '""',
                "1 : i64", "[\"tc\"]", "unit", "@tc"]
MESH_AXES = ['"x"', '[]', '["x"]', '["x", "y"]', '["x", "y", "z"]', '["x", "x"]', '[1]',
             '[""]', "3 : i64"]
MESH_SHAPES = ["array<i64: 0>", "array<i64: -1>", "array<i32: 4, 2>", "array<i64: 2>",
               "array<i64: 2, 4>", "array<i64: 4, 2, 2>", '"x"', "array<i64>",
               "array<i64: 4294967296>", "[2, 4]"]
COLLECTIVE_IDS = ["0 : i64", "-1 : i64", "4294967296 : i64", "9223372036854775807 : i64",
                  '"a"', "1 : i32", "1.5 : f32", "0"]
SYMBOLS = ['@""', '@"x\\"y"', "@transform_0", "@transform_1", "@main", '@"a b"', "@k$1",
           "@_", '@"0"']
MAP_EXPRS = ["{v} ceildiv 3", "{v} floordiv -1", "{v} mod -3", "{v} floordiv 2",
             "{v} mod 2", "{v} * -2", "-{v}", "{v} + 2147483648", "{v} * 4294967296",
             "{v} - 1", "{v} + 100", "0", "{v} ceildiv -2", "({v} + 1) floordiv 2"]


def _pick_match(rng, pattern, text, flags=0):
  ms = list(re.finditer(pattern, text, flags))
  return rng.choice(ms) if ms else None


def _splice(text, m, group, new):
  return text[:m.start(group)] + new + text[m.end(group):]


def _new_int(rng, old):
  choices = BIG_INTS + [old * 2, old + 1, max(old - 1, 0), old // 2, -old]
  return rng.choice(choices)


def mut_extent(rng, text):
  """An extent of a block spec, grid, element spec or shape."""
  pats = [r"block \[([^\]]*)\]", r"grid\(([^)]*)\)", r"(?:memref|vector)<([0-9x?]+)x",
          r"element\((\d+)"]
  m = _pick_match(rng, rng.choice(pats), text)
  if not m:
    return None
  body = m.group(1)
  nums = list(re.finditer(r"-?\d+", body))
  if not nums:
    return None
  n = rng.choice(nums)
  new = str(_new_int(rng, int(n.group(0))))
  if "memref" in m.group(0) or "vector" in m.group(0):
    new = new.lstrip("-") or "0"
  body = body[:n.start()] + new + body[n.end():]
  return _splice(text, m, 1, body)


SHAPE_CTX = r"(?:memref|vector)<[^>]*>|block \[[^\]]*\]|grid\([^)]*\)|element\([^)]*\)"


def mut_extent_all(rng, text):
  """One extent changed everywhere it appears in shapes, block specs and the
  grid, so that the kernel often stays well-typed and reaches the passes."""
  nums = sorted({int(n) for m in re.finditer(SHAPE_CTX, text)
                 for n in re.findall(r"(?<![\w.])\d+(?=[x\],)]|$)", m.group(0))})
  nums = [n for n in nums if n > 0]
  if not nums:
    return None
  old = rng.choice(nums)
  new = rng.choice([1, 2, 3, 4, 7, 16, 24, 127, 128, 129, 256, 1024, 1 << 20, 1 << 31,
                    old * 2, old * 3, max(old // 2, 1), old + 1])
  if new == old:
    return None

  def fix(m):
    return re.sub(r"(?<![\w.])%d(?=[x\],)]|$)" % old, str(new), m.group(0))
  return re.sub(SHAPE_CTX, fix, text)


def mut_memspace_all(rng, text):
  """Every use of one memory space becomes another."""
  spaces = sorted(set(re.findall(r"memory_space<([a-z_]+)>", text)))
  if not spaces:
    return None
  old = rng.choice(spaces)
  new = rng.choice(MEM_SPACES)
  return text.replace("memory_space<%s>" % old, "memory_space<%s>" % new)


def mut_rank(rng, text):
  """Drops or adds a dimension of a block spec."""
  m = _pick_match(rng, r"block \[([^\]]*)\]", text)
  if not m:
    return None
  dims = [d.strip() for d in m.group(1).split(",") if d.strip()]
  if dims and rng.random() < 0.5:
    dims.pop(rng.randrange(len(dims)))
  else:
    dims.insert(rng.randrange(len(dims) + 1), str(rng.choice([1, 8, 128])))
  return _splice(text, m, 1, ", ".join(dims))


def mut_elem_type(rng, text):
  m = _pick_match(rng, r"(?<=[x<, ])(f32|bf16|f16|i32|i16|i8|i1|i64|f64|f8E4M3FN)\b(?=[>,) ])",
                  text)
  if not m:
    return None
  return _splice(text, m, 0, rng.choice(ELEM_TYPES))


def mut_elem_type_all(rng, text):
  """Every occurrence of one element type (keeps the kernel self-consistent)."""
  ts = sorted(set(re.findall(r"(?<=[x<])(f32|bf16|f16|i32|i8|i16)(?=[>,])", text)))
  if not ts:
    return None
  old = rng.choice(ts)
  new = rng.choice(ELEM_TYPES)
  return re.sub(r"(?<=[x<])%s(?=[>,])" % old, new, text)


def mut_memspace(rng, text):
  m = _pick_match(rng, r"memory_space<([a-z_]+)>", text) or _pick_match(rng, r"\bin ([a-z_]+)\b", text)
  if not m:
    return None
  return _splice(text, m, 1, rng.choice(MEM_SPACES))


def mut_scratch_gpu(rng, text):
  """Scratch (or any ref) in a GPU memory space."""
  m = _pick_match(rng, r"scratch\([^)]*?memory_space<([a-z_]+)>", text, re.S)
  if not m:
    return mut_memspace(rng, text)
  return _splice(text, m, 1, rng.choice(["gmem", "shared", "tmem", "regs"]))


def mut_semantics(rng, text):
  m = _pick_match(rng, r"semantics\(([^)%]*)\)", text)
  if not m:
    return None
  parts = [p.strip() for p in m.group(1).split(",")]
  i = rng.randrange(len(parts))
  parts[i] = rng.choice(SEMANTICS)
  if rng.random() < 0.2:
    parts.pop() if len(parts) > 1 else parts.append("parallel")
  return _splice(text, m, 1, ", ".join(parts))


def mut_index_map(rng, text):
  m = _pick_match(rng, r"affine_map<\(([^)]*)\)(\[[^\]]*\])? -> \(([^)]*)\)>", text)
  if not m:
    return None
  dims = [d.strip() for d in m.group(1).split(",") if d.strip()]
  results = [r.strip() for r in m.group(3).split(",")]
  i = rng.randrange(len(results))
  if rng.random() < 0.3 and re.search(r"-?\d+", results[i]):
    results[i] = re.sub(r"-?\d+", lambda _: str(rng.choice(BIG_INTS + [-1, -8])), results[i], count=1)
  else:
    v = rng.choice(dims) if dims and rng.random() < 0.8 else results[i]
    results[i] = rng.choice(MAP_EXPRS).format(v=v)
  if rng.random() < 0.1:
    results.pop(i) if len(results) > 1 else results.append("0")
  return _splice(text, m, 3, ", ".join(results))


def _params_span(text):
  return list(re.finditer(r"mosaic_tpu = \{", text))


def mut_compiler_param(rng, text):
  """Sets one compiler_params entry to a value of the wrong kind or range."""
  key, vals = rng.choice([("kernel_type", KERNEL_TYPES), ("mesh_axes", MESH_AXES),
                          ("mesh_shape", MESH_SHAPES), ("collective_id", COLLECTIVE_IDS),
                          ("vmem_limit_bytes", COLLECTIVE_IDS)])
  val = rng.choice(vals)
  m = _pick_match(rng, r"\b%s = (\"[^\"]*\"|\[[^\]]*\]|array<[^>]*>|-?\d+(?: : i\d+)?)" % key, text)
  if m:
    return _splice(text, m, 1, val)
  ms = _params_span(text)
  if ms:
    m = rng.choice(ms)
    return text[:m.end()] + "%s = %s, " % (key, val) + text[m.end():]
  # A kernel without compiler_params: give it some, before the body.
  m = _pick_match(rng, r"(pallas\.kernel @[^\n]*(?:\n(?!\s*%)[^\n]*)*?)( \{\n)", text)
  if not m or "attributes {" in m.group(1):
    return None
  return (text[:m.end(1)] + " attributes {compiler_params = {mosaic_tpu = {%s = %s}}}" % (key, val)
          + text[m.end(1):])


GPU_PARAMS = [
    ("lowering_semantics", ['"warpgroup"', '"lane"', '"bogus"', '""', "1 : i64"]),
    ("max_concurrent_steps", ["0 : i64", "1 : i64", "-1 : i64", "4294967296 : i64", '"2"']),
    ("delay_release", ["0 : i64", "-1 : i64", "2147483648 : i64", "1.5 : f32"]),
    ("approx_math", ["true", "false", "1 : i64", '"yes"']),
    ("reduction_scratch_bytes", ["0 : i64", "-8 : i64", "9223372036854775807 : i64"]),
    ("cluster", ["array<i64: 2>", "array<i64: 2, 1>", "array<i64: 0>", "array<i64: -1>",
                 "array<i64: 1, 1, 1, 1>", "array<i32: 2>", "array<i64: 4294967296>", '"x"']),
    ("cluster_names", ['["c"]', '["c", "c"]', '[""]', '[1]', '"c"']),
    ("num_threads", ["1 : i64", "2 : i64", "0 : i64", "-2 : i64", "4294967296 : i64"]),
    ("thread_name", ['"wg"', '""', "1 : i64"]),
    ("mesh_axes", MESH_AXES), ("mesh_shape", MESH_SHAPES),
]


def mut_gpu_param(rng, text):
  """Sets one `mosaic_gpu` compiler_params entry to a value of the wrong
  kind or range (or adds it)."""
  m = _pick_match(rng, r"mosaic_gpu = \{", text)
  if not m:
    return None
  key, vals = rng.choice(GPU_PARAMS)
  val = rng.choice(vals)
  old = _pick_match(rng, r"\b%s = (\"[^\"]*\"|\[[^\]]*\]|array<[^>]*>|true|false|-?\d+(?: : i\d+)?)" % key,
                    text)
  if old:
    return _splice(text, old, 1, val)
  return text[:m.end()] + "%s = %s%s" % (key, val, "" if text[m.end()] == "}" else ", ") + text[m.end():]


def mut_params_kind(rng, text):
  """compiler_params itself, or mosaic_tpu, of the wrong kind."""
  m = _pick_match(rng, r"compiler_params = (\{mosaic_tpu = \{[^}]*\}\})", text)
  if not m:
    return None
  return _splice(text, m, 1, rng.choice(["1 : i64", "{mosaic_tpu = 1 : i64}", '{mosaic_tpu = "x"}',
                                         "{}", "{mosaic_tpu = {}}", "{mosaic_gpu = {}}",
                                         "{mosaic_tpu = {}, mosaic_gpu = {}}"]))


def mut_symbol(rng, text):
  """Renames a kernel (and its callers), or only one side of it."""
  names = re.findall(r"pallas\.kernel @([\w$.]+)", text)
  if not names:
    return None
  old = rng.choice(names)
  others = [n for n in re.findall(r"func\.func (?:private )?@([\w$.]+)", text)] + names
  new = rng.choice(SYMBOLS + ["@" + rng.choice(others)])
  if rng.random() < 0.85:
    return re.sub(r"@%s\b" % re.escape(old), lambda _: new, text)
  return re.sub(r"pallas\.kernel @%s\b" % re.escape(old), lambda _: "pallas.kernel " + new, text)


def mut_constant(rng, text):
  m = _pick_match(rng, r"arith\.constant (-?\d+)( : (?:i\d+|index))", text)
  if not m:
    m = _pick_match(rng, r"\[(\d+)\]", text)
    if not m:
      return None
  return _splice(text, m, 1, str(rng.choice(BIG_INTS + [-1, -2147483649, 1 << 40])))


def mut_pad(rng, text):
  m = _pick_match(rng, r"element\((\d+)(?:, pad = \[(-?\d+), (-?\d+)\])?\)", text)
  if not m:
    m = _pick_match(rng, r"block \[(\d+)", text)
    if not m:
      return None
    e = rng.choice(BIG_INTS[:6])
    return _splice(text, m, 1, "element(%d, pad = [%d, %d])" % (max(e, 1), rng.choice(BIG_INTS),
                                                                 rng.choice(BIG_INTS)))
  a, b = rng.choice(BIG_INTS + [-1]), rng.choice(BIG_INTS + [-1])
  return text[:m.start()] + "element(%s, pad = [%d, %d])" % (m.group(1), a, b) + text[m.end():]


def mut_delete_line(rng, text):
  """Deletes an op line inside a kernel (one that defines no value, or any)."""
  lines = text.split("\n")
  cands = [i for i, l in enumerate(lines)
           if re.match(r"\s+(%[\w#:, ]+ = )?(pallas|arith|vector|tpu|scf|memref|math)\.", l)
           and not l.rstrip().endswith("{")]
  if not cands:
    return None
  safe = [i for i in cands if "=" not in lines[i].split(".")[0]]
  i = rng.choice(safe if safe and rng.random() < 0.7 else cands)
  del lines[i]
  return "\n".join(lines)


def mut_duplicate_kernel(rng, text):
  """A second kernel with the same (or a generated) name."""
  m = _pick_match(rng, r"(?ms)^(  pallas\.kernel @([\w$.]+).*?^  \}\n)", text)
  if not m:
    return None
  dup = m.group(1)
  if rng.random() < 0.5:
    dup = dup.replace("@" + m.group(2), rng.choice(["@transform_0", "@" + m.group(2) + "_", '@""']), 1)
  return text[:m.end(1)] + dup + text[m.end(1):]


def mut_semaphore_index(rng, text):
  m = _pick_match(rng, r"(?:dma_start|dma_wait|semaphore_signal|semaphore_wait)[^\n]*?\[(-?\d+)", text)
  if not m:
    m = _pick_match(rng, r"%(\w+)\[(\d+)", text)
    if not m:
      return None
    return _splice(text, m, 2, str(rng.choice(BIG_INTS)))
  return _splice(text, m, 1, str(rng.choice(BIG_INTS)))


def mut_nest(rng, text):
  """Wraps an op that defines no value in many nested regions (run_scoped
  and scf.if), up to 1000 levels (MLIR 22's parser itself overflows its
  stack at about 3400; tests/fuzz-corpus has a 1500-level case)."""
  lines = text.split("\n")
  cands = [i for i, l in enumerate(lines)
           if re.match(r"\s+pallas\.(store|dma_start|dma_wait|semaphore_signal|semaphore_wait)\b", l)]
  if not cands:
    return None
  i = rng.choice(cands)
  depth = rng.choice([1, 2, 8, 64, 256, 1000])
  indent = re.match(r"\s*", lines[i]).group(0)
  head, tail = [indent + "%nest_c = arith.constant true"], []
  for d in range(depth):
    head.append(indent + ("scf.if %nest_c {" if d % 2 else "pallas.run_scoped {"))
    tail.append(indent + "}")
  return "\n".join(lines[:i] + head + [lines[i]] + tail + lines[i + 1:])


MUTATORS = [
    (mut_extent, 4), (mut_extent_all, 6), (mut_memspace_all, 3), (mut_rank, 2), (mut_elem_type, 3), (mut_elem_type_all, 2),
    (mut_memspace, 4), (mut_scratch_gpu, 2), (mut_semantics, 2), (mut_index_map, 5),
    (mut_compiler_param, 5), (mut_params_kind, 1), (mut_symbol, 3), (mut_constant, 3),
    (mut_pad, 2), (mut_delete_line, 3), (mut_duplicate_kernel, 1), (mut_semaphore_index, 2),
    (mut_nest, 1), (mut_gpu_param, 4),
]


_CHUNKS = {}


def seed_chunks(path):
  """The inputs a seed file holds: the file, or for a lit test (cut at
  `// -----`) its chunks; none for a test that expects errors."""
  if path not in _CHUNKS:
    with open(path) as f:
      text = f.read()
    if re.search(r"expected-(error|warning)|RUN:.*\bnot\b", text):
      _CHUNKS[path] = []
    else:
      _CHUNKS[path] = [c for c in re.split(r"(?m)^// -----.*$", text) if "pallas." in c]
  return _CHUNKS[path]


def make_mutant(seed, index, seeds):
  rng = random.Random("%s:%d" % (seed, index))
  seeds = [p for p in seeds if seed_chunks(p)]
  path = rng.choice(seeds)
  text = rng.choice(seed_chunks(path))
  applied = []
  for _ in range(rng.choice([1, 1, 1, 1, 2, 2, 3])):
    for _attempt in range(6):
      fn = rng.choices([m for m, _ in MUTATORS], [w for _, w in MUTATORS])[0]
      new = fn(rng, text)
      if new is not None and new != text:
        text = new
        applied.append(fn.__name__[4:])
        break
  return os.path.relpath(path, ROOT), applied, text


# ---------------------------------------------------------------------------
# Oracles.

_VERIFY_CTX = None
# Outputs past this size are verified in a child process with a timeout
# (jaxlib takes about a second per 2 MB, in-process with no timeout), the
# smaller ones in this process.
MAX_VERIFY_BYTES = 16 << 20
_VERIFY_USES = 0
# Outputs nested deeper than this (MLIR prints two spaces a level) go to the
# child process too, which parses on a thread with a 1 GiB stack as
# pallas-opt does: jaxlib's parser recurses once per level, and this
# process's 8 MiB main stack overflows a few thousand levels down.
MAX_INPROCESS_DEPTH = 1000
VERIFY_STACK_BYTES = 1 << 30


def nesting_depth(text):
  """The deepest indentation of `text`, in levels of two spaces."""
  return max((len(l) - len(l.lstrip(" ")) for l in text.split("\n")), default=0) // 2


def verify_timeout(size, timeout):
  """Seconds a child process gets to verify `size` bytes of output."""
  return max(timeout, 60 + 2 * size / (1 << 20))


def jaxlib_problems_child(text, path, timeout, gpu=False):
  """jaxlib's verdict on a large output, from a child process; None if it
  did not finish in time."""
  out = path + ".out.mlir"
  with open(out, "w") as f:
    f.write(text)
  try:
    rc, stdout, stderr = run_proc([sys.executable, os.path.abspath(__file__),
                                   "--verify-gpu-output" if gpu else "--verify-output", out],
                                  timeout)
  finally:
    os.unlink(out)
  if rc is None:
    return None
  if rc != 0:
    return ["verifier process: exit %d: %s" % (rc, stderr.strip()[-500:])]
  return json.loads(stdout)


def jaxlib_problems(text):
  """jaxlib's verdict on TPU/SparseCore output (verify_tpu.check_text)."""
  global _VERIFY_CTX, _VERIFY_USES
  import verify_tpu  # imports jax; only in the processes that verify
  if _VERIFY_CTX is None or _VERIFY_USES > 200:
    _VERIFY_CTX = verify_tpu.make_context()
    _VERIFY_USES = 0
  _VERIFY_USES += 1
  problems, _ = verify_tpu.check_text(_VERIFY_CTX, text, require_kernel=False)
  return problems


_MGPU_CTX = None
_MGPU_USES = 0


def mgpu_problems(text):
  """jaxlib's verdict on Mosaic GPU output: it must parse and verify with
  the `mosaic_gpu` dialect registered, print, and parse back (the check of
  scripts/jax/gpu_verify.py, in a context kept for 200 uses)."""
  global _MGPU_CTX, _MGPU_USES
  from jax._src.interpreters import mlir as jax_mlir
  from jax._src.lib.mlir import ir
  from jax.experimental.mosaic import gpu as mgpu
  if _MGPU_CTX is None or _MGPU_USES > 200:
    _MGPU_CTX = jax_mlir.make_ir_context()
    mgpu.dialect.register_dialect(_MGPU_CTX)
    _MGPU_USES = 0
  _MGPU_USES += 1
  with _MGPU_CTX:
    try:
      module = ir.Module.parse(text)
      if not module.operation.verify():
        return ["verify: does not verify"]
      ir.Module.parse(module.operation.get_asm(enable_debug_info=False))
    except Exception as e:  # jaxlib raises MLIRError (and others) on bad IR
      return ["parse: " + str(e).strip()]
  return []


def _strip_strings(text):
  return re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)


SYM_RE = r'@(?:"(?:[^"\\]|\\.)*"|[^\s("]+)'


def left_pallas_ops(pass_name, out):
  """(op names, rest): the pallas ops left in `out` that the pass owns, and
  `out` without what the pass leaves by design: the kernels of the other
  core kind, the calls of them and, for the SparseCore pass, the
  `pallas.index_map` functions of the TensorCore kernels."""
  lines = out.split("\n")
  keep = [True] * len(lines)
  spans = []  # (what, name, first line, last line, kernel_type)
  i = 0
  while i < len(lines):
    m = re.match(r"^(\s*)pallas\.(kernel|index_map) (%s)" % SYM_RE, lines[i])
    if not m:
      i += 1
      continue
    indent, what, name = m.group(1), m.group(2), m.group(3)
    j = i
    while j < len(lines) and not re.match(r"^%s\}\s*$" % indent, lines[j]):
      j += 1
    header = []
    for k in range(i, j):
      header.append(lines[k])
      if lines[k].rstrip().endswith(" {"):
        break
    km = re.search(r'kernel_type = "([^"]*)"', "\n".join(header))
    gpu = re.search(r"\bmosaic_gpu\s*=", "\n".join(header)) is not None
    spans.append((what, name, i, min(j, len(lines) - 1), km.group(1) if km else "tc", gpu))
    i = j + 1
  left_kernels = set()
  left_text = ""
  for what, name, a, b, ktype, gpu in spans:
    if what == "kernel" and ((pass_name == "tpu" and ktype in SC_TYPES)
                             or (pass_name == "sparsecore" and ktype == "tc")
                             or (pass_name in ("mosaic-gpu", "nvvm") and not gpu)):
      left_kernels.add(name)
      left_text += "\n".join(lines[a:b + 1])
      for k in range(a, b + 1):
        keep[k] = False
  for what, name, a, b, _, _ in spans:
    # Index maps stay with the kernels that stay; the TensorCore pass keeps
    # all of them while any kernel stays (the SparseCore pass lowers the
    # rest), and the SparseCore pass has no use for any.
    if what == "index_map" and (pass_name == "sparsecore"
                                or (pass_name == "tpu" and left_kernels)
                                or re.search(re.escape(name) + r"\b", left_text)):
      for k in range(a, b + 1):
        keep[k] = False
  ops = set()
  for idx, line in enumerate(lines):
    if not keep[idx]:
      continue
    call = re.search(r"(?<![#!\w.])pallas\.call (%s)" % SYM_RE, line)
    if call and call.group(1) in left_kernels:
      keep[idx] = False
      continue
    line = _strip_strings(line)
    for m in re.finditer(r"(?<![#!\w.])pallas\.(\w+)", line):
      ops.add("pallas." + m.group(1))
    # Attributes and types of the dialect (a memory space the pass did not
    # map) are as unlowered as its ops.
    for m in re.finditer(r"(?<![\w.])([#!])pallas\.(\w+)", line):
      ops.add(m.group(1) + "pallas." + m.group(2))
  rest = "\n".join(l for l, k in zip(lines, keep) if k)
  return sorted(ops), rest


_CPU_PIPELINE = None


def cpu_pipeline():
  global _CPU_PIPELINE
  if _CPU_PIPELINE is None:
    with open(os.path.join(ROOT, "scripts", "cpu-pipeline.txt")) as f:
      _CPU_PIPELINE = "".join(l.strip() for l in f if not l.startswith("#"))
  return _CPU_PIPELINE


LLVM_BIN = os.path.join(os.environ.get("LLVM_PREFIX", "/usr/lib/llvm-22"), "bin")
LLVM_ERROR_RE = re.compile(r"^LLVM ERROR: (.*)$", re.M)


def cpu_codegen_problem(llvm_dialect, timeout):
  """None if the CPU pipeline's output (LLVM dialect) becomes LLVM IR and
  LLVM's backend selects instructions for it, else (class, detail). The
  pipeline only lowers to the LLVM dialect; what mlir-runner then compiles
  can still abort in the backend (a vector too wide for instruction
  selection) or hold ops no LLVM translation knows. `llc -O0
  -filetype=null` runs instruction selection and register allocation
  without writing an object, for the host CPU as mlir-runner's JIT
  compiles: the verdict can depend on the machine (on the generic x86-64
  target, one load of a `[128 x <128 x bfloat>]` aggregate takes 13 s to
  select, 0.04 s with the host's native bf16)."""
  steps = (("mlir-translate", ["--mlir-to-llvmir"]),
           ("llc", ["-O0", "-mcpu=native", "-filetype=null"]))
  text = llvm_dialect
  for tool, flags in steps:
    rc, text, err = run_proc([os.path.join(LLVM_BIN, tool)] + flags, timeout, stdin=text)
    if rc is None:
      return ("exit0-cpu-codegen timeout", "%s: no exit after %ss" % (tool, timeout))
    if rc == 0:
      continue
    fatal = LLVM_ERROR_RE.search(err)
    m = fatal or ERR_ANY_RE.search(err)
    what = norm(m.group(1) if m else err.strip()[-100:])
    kind = "signal %d" % -rc if rc < 0 else "exit %d" % rc
    return ("exit0-cpu-codegen %s %s: %s" % (tool, kind, what), err[-3000:])
  return None


def nvvm_output_problem(out):
  """None if the NVVM pipeline's output is what it promises: no `mosaic_gpu`
  op left (its attributes may stay on the module), no `gpu.launch` left
  (every kernel outlined) and every `gpu.module` compiled to a `gpu.binary`
  (the PTX came out of LLVM's NVPTX backend); else (class, detail)."""
  left = sorted(set(re.findall(r'^\s*(?:%[^=]*=\s*)?"?(mosaic_gpu\.[a-z_]+)', out, re.M)))
  if left:
    return ("exit0-left-mosaic-gpu %s" % " ".join(left), "")
  if re.search(r"\bgpu\.launch\b(?!_func)", out):
    return ("exit0-gpu-launch-left", "")
  if re.search(r"^\s*gpu\.module\b", out, re.M):
    return ("exit0-gpu-module-not-compiled", "")
  return None


# Stock mlir-opt 22, without the plugin, crashing on the same text: MLIR's
# parser of an upstream dialect dies before any code of ours runs (e.g.
# `llvm.insertvalue` at a position of 2^32 or more, in a mutated Mosaic GPU
# module). Such a run is its own class, reported and not failing.
UPSTREAM_CRASH = "upstream-mlir-parser-crash"


def upstream_parser_crashes(path, timeout):
  rc, _, _ = run_proc([os.path.join(LLVM_BIN, "mlir-opt"), "--allow-unregistered-dialect",
                       path, "-o", os.devnull], timeout)
  return rc is not None and rc < 0


def norm(msg, limit=110):
  msg = re.sub(r'"(?:[^"\\]|\\.)*"', '"S"', msg)
  msg = re.sub(r"@[\w$.\"]+", "@S", msg)
  msg = re.sub(r"%[\w#]+", "%V", msg)
  msg = re.sub(r"-?\d+", "N", msg)
  msg = re.sub(r"\s+", " ", msg).strip()
  return msg[:limit]


ERR_LOC_RE = re.compile(r"^(.+?):(\d+):(\d+): error: (.*)$", re.M)
ERR_ANY_RE = re.compile(r"error: (.*)$", re.M)


def run_proc(args, timeout, stdin=None):
  try:
    p = subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=timeout,
                       errors="replace")
    return p.returncode, p.stdout, p.stderr
  except subprocess.TimeoutExpired:
    return None, "", ""


# How the last classify() call's run ended (for the summary's figures):
# "exit 0" (output checked), "exit 0 over 16 MB" (checked in a child
# process, as are outputs nested over MAX_INPROCESS_DEPTH levels), "exit 1"
# (diagnostics) or "other".
_OUTCOME = ["other"]

# How each pass's last run ended, for the oracle across passes (check_text):
# pass -> (exit status, stderr, whether the output still holds a
# pallas.kernel, i.e. the pass left a kernel of another target alone).
_RUNS = {}


def classify(opt, pass_name, path, timeout, verify=True):
  """None if the run is fine, else (class, detail)."""
  _OUTCOME[0] = "other"
  if pass_name == "nvvm":
    with open(path) as f:
      from_pallas = "pallas.kernel" in f.read()
    # A Mosaic GPU module the verifier rejects is the user's error, which
    # the parse reports before any pass runs.
    args = NVVM_FROM_PALLAS if from_pallas else NVVM_FROM_MGPU
  else:
    args = ["--convert-pallas-to-" + pass_name]
  rc, out, err = run_proc([opt] + args + [path], timeout)
  _RUNS[pass_name] = (rc, err, "pallas.kernel" in out)
  if rc is None:
    return ("timeout", "no exit after %ss" % timeout)
  if "panicked" in err:
    m = re.search(r"panicked at ([^:\n]+):\d+:\d+:\n(.*)", err)
    where, what = (m.group(1), m.group(2)) if m else ("?", err.strip().split("\n")[-1])
    return ("panic %s: %s" % (where, norm(what, 80)), err[-2000:])
  if rc < 0:
    if upstream_parser_crashes(path, timeout):
      return ("%s signal %d" % (UPSTREAM_CRASH, -rc), err[-2000:])
    return ("signal %d" % -rc, err[-2000:])
  if rc == 0:
    left, rest = left_pallas_ops(pass_name, out)
    if left:
      return ("exit0-left-pallas %s" % " ".join(left), "")
    if not verify:
      return None
    _OUTCOME[0] = "exit 0"
    if pass_name == "nvvm":
      return nvvm_output_problem(rest)
    if pass_name in ("tpu", "sparsecore", "mosaic-gpu"):
      gpu = pass_name == "mosaic-gpu"
      if len(rest) > MAX_VERIFY_BYTES or nesting_depth(rest) > MAX_INPROCESS_DEPTH:
        _OUTCOME[0] = "exit 0 over 16 MB"
        limit = verify_timeout(len(rest), timeout)
        problems = jaxlib_problems_child(rest, path, limit, gpu)
        if problems is None:
          return ("exit0-jaxlib-verify-timeout", "%d bytes, no verdict after %.0fs" % (len(rest), limit))
      else:
        problems = mgpu_problems(rest) if gpu else jaxlib_problems(rest)
      if problems:
        first = problems[0].split("\n")[0]
        first = re.sub(r"^[^:]*loc\([^)]*\)[^:]*: ", "", first)
        first = re.sub(r"^(parse|verify|round trip|nested module \S+): (\S+:\d+:\d+: )?", r"\1: ", first)
        return ("exit0-jaxlib-rejects %s" % norm(first), "\n".join(problems)[:3000])
    else:
      rc2, llvm_dialect, err2 = run_proc([opt, "-p", "builtin.module(%s)" % cpu_pipeline()], timeout,
                                         stdin=out)
      if rc2 is None:
        return ("exit0-cpu-pipeline timeout", "")
      if rc2 != 0:
        m = ERR_ANY_RE.search(err2)
        return ("exit0-cpu-pipeline %s" % norm(m.group(1) if m else err2.strip()[-100:]), err2[-3000:])
      return cpu_codegen_problem(llvm_dialect, timeout)
    return None
  if rc == 1:
    _OUTCOME[0] = "exit 1"
    located = [m for m in ERR_LOC_RE.finditer(err) if m.group(1) == path]
    if not located:
      m = ERR_ANY_RE.search(err)
      return ("exit1-no-location %s" % norm(m.group(1) if m else err.strip()[-100:]), err[-3000:])
    msgs = [m.group(4) for m in located]
    with open(path) as f:
      from_pallas = "pallas.kernel" in f.read()
    if any("failed to legalize" in x for x in msgs):
      return ("exit1-failed-legalize %s" % norm(msgs[0]), err[-3000:])
    # Errors of generated ops (their verifiers, or the symbol table of the
    # generated module) mean a check at the user's op is missing.
    def generated(m):
      # The GPU path's later passes decline forms of the intermediate
      # `mosaic_gpu` ops they do not lower yet; the diagnostic carries the
      # location of the user's op that made them.
      if pass_name == "nvvm" and "not yet supported" in m.group(4):
        return False
      # In a Mosaic GPU module (no pallas kernel) the mosaic_gpu ops are the
      # user's: the GPU path makes none, so their verifier errors are the
      # parser's verdict on the input.
      if pass_name == "nvvm" and m.group(4).startswith("'mosaic_gpu.") and not from_pallas:
        return False
      if re.match(r"'(tpu|mosaic_gpu)\.", m.group(4)):
        return True
      # The Mosaic GPU pass generates the `gpu` and `nvvm` ops (a pallas
      # kernel holds none of them).
      if pass_name == "mosaic-gpu" and re.match(r"'(gpu|nvvm)\.", m.group(4)):
        return True
      # The NVVM lowering and the pipeline after it generate nvvm, llvm and
      # nvgpu ops (gpu.* ops of a Mosaic GPU seed are the user's, and the
      # verifier reports their errors before any pass runs).
      if pass_name == "nvvm" and (re.match(r"'(nvvm|llvm|nvgpu)\.", m.group(4))
                                  or m.group(4).startswith("'gpu.")
                                  and "pallas.kernel" in open(path).read()):
        return True
      nxt = ERR_LOC_RE.search(err, m.end())
      tail = err[m.end():nxt.start() if nxt else len(err)]
      cur = re.search(r'see current operation:\s*"?([\w.]+)', tail)
      red = re.match(r"redefinition of symbol named '([^']*)'", m.group(4))
      if not red or cur is None or cur.group(1).startswith("pallas."):
        return False
      # Two definitions of the name in the input are the user's error.
      with open(path) as f:
        src = f.read()
      # The message names the symbol bare; the source may quote it
      # (`@"x\"y"`, with `"` and `\` escaped).
      name = red.group(1)
      quoted = '"%s"' % name.replace("\\", "\\\\").replace('"', '\\"')
      defs = re.findall(r"(?:pallas\.kernel|pallas\.index_map|func\.func(?: private)?) @(?:%s|%s)(?![\w$.])"
                        % (re.escape(name), re.escape(quoted)), src)
      return len(defs) < 2
    if all(generated(m) for m in located):
      kind = (("exit1-gpu-verifier" if pass_name in ("mosaic-gpu", "nvvm") else "exit1-tpu-verifier")
              if msgs[0].startswith("'") else "exit1-generated-symbol")
      return ("%s %s" % (kind, norm(msgs[0])), err[-3000:])
    return None
  return ("exit%d" % rc, err[-2000:])


def check_text(opt, text, timeout, workdir, passes=PASSES, verify=True, outcomes=None):
  """{pass: (class, detail)} for the failing passes of one input text;
  `outcomes` (a dict) gets how each pass's run ended."""
  h = hashlib.sha1(text.encode()).hexdigest()[:16]
  path = os.path.join(workdir, "m_%s_%d.mlir" % (h, os.getpid()))
  # A Mosaic GPU module (a seed of test/Conversion/MosaicGPU*) holds nothing
  # the pallas conversions own: only the GPU path's passes take it.
  if "pallas.kernel" not in text and "pallas.call" not in text and "mosaic_gpu" in text:
    passes = tuple(p for p in passes if p == "nvvm")
  with open(path, "w") as f:
    f.write(text)
  try:
    res = {}
    _RUNS.clear()
    for p in passes:
      c = classify(opt, p, path, timeout, verify)
      if outcomes is not None:
        outcomes[p] = _OUTCOME[0]
      if c:
        res[p] = c
    if "scf" not in res:
      c = cpu_declines_what_tpu_takes()
      if c:
        res["scf"] = c
    return res
  finally:
    os.unlink(path)


# The CPU reference must run every kernel the TPU and SparseCore lowerings
# take (issue 10; scripts/cpu_coverage.py checks the repository's kernels):
# its "not yet supported" on an input one of them lowers whole is a failure.
CROSS_PASSES = ("tpu", "sparsecore", "scf")
CROSS_CLASS = "exit1-cpu-declines-what-%s-lowers"


def cpu_declines_what_tpu_takes():
  """(class, detail) when the last runs had the CPU reference decline an
  input as not yet supported that a TPU lowering lowered, else None."""
  if "scf" not in _RUNS:
    return None
  rc, err, _ = _RUNS["scf"]
  if rc != 1 or "not yet supported" not in err:
    return None
  for p in ("tpu", "sparsecore"):
    run = _RUNS.get(p)
    if run and run[0] == 0 and not run[2]:
      why = next(l for l in err.splitlines() if "not yet supported" in l)
      why = why.split("error: ", 1)[-1]
      return ("%s %s" % (CROSS_CLASS % p, norm(why)), err[-2000:])
  return None


# ---------------------------------------------------------------------------
# Minimisation: ddmin over lines, then over tokens, keeping (pass, class).

def ddmin(units, keeps, budget):
  """Smallest sublist of units (1-minimal within `budget` tests) for which
  keeps(sublist) holds."""
  n = 2
  while len(units) >= 2 and budget[0] > 0:
    chunk = max(1, len(units) // n)
    subsets = [units[i:i + chunk] for i in range(0, len(units), chunk)]
    reduced = False
    for i in range(len(subsets)):
      complement = [u for j, s in enumerate(subsets) if j != i for u in s]
      budget[0] -= 1
      if budget[0] <= 0:
        break
      if keeps(complement):
        units, n, reduced = complement, max(n - 1, 2), True
        break
    if not reduced:
      if n >= len(units):
        break
      n = min(len(units), n * 2)
  return units


def minimize(opt, text, pass_name, cls, timeout, workdir, budget=150, seconds=120):
  """Reduces `text` keeping (pass, class), within `budget` tests and about
  `seconds` of wall time."""
  b = [budget]
  deadline = time.time() + seconds

  def keeps(t):
    if time.time() > deadline:
      b[0] = 0
      return False
    cross = cls.startswith(CROSS_CLASS.split("%")[0])
    r = check_text(opt, t, timeout, workdir, passes=CROSS_PASSES if cross else (pass_name,))
    return pass_name in r and r[pass_name][0] == cls
  lines = ddmin(text.split("\n"), lambda ls: keeps("\n".join(ls)), b)
  text = "\n".join(lines)
  toks = re.findall(r"\s+|[\w.$#%@]+|\"(?:[^\"\\]|\\.)*\"|.", text)
  toks = ddmin(toks, lambda ts: keeps("".join(ts)), b)
  return "".join(toks)


# ---------------------------------------------------------------------------

_G = {}


def _init(opt, timeout, workdir, seed, seeds):
  try:
    os.nice(5)
  except OSError:
    pass
  _G.update(opt=opt, timeout=timeout, workdir=workdir, seed=seed, seeds=seeds)


def _job_mutant(i):
  src, applied, text = make_mutant(_G["seed"], i, _G["seeds"])
  outcomes = {}
  res = check_text(_G["opt"], text, _G["timeout"], _G["workdir"], outcomes=outcomes)
  return i, src, applied, text, res, outcomes


def _job_file(path):
  with open(path) as f:
    text = f.read()
  outcomes = {}
  res = check_text(_G["opt"], text, _G["timeout"], _G["workdir"], outcomes=outcomes)
  return path, os.path.relpath(path, ROOT), ["corpus"], text, res, outcomes


def _job_min(args):
  text, pass_name, cls = args
  return (pass_name, cls), minimize(_G["opt"], text, pass_name, cls, _G["timeout"], _G["workdir"])


def load_known(path):
  known = []
  if path and os.path.exists(path):
    with open(path) as f:
      for line in f:
        line = line.split("#", 1)[0].strip()
        if line:
          known.append(line)
  return known


def is_known(known, key):
  # A crash of stock MLIR's own parser is reported but is not ours to fix.
  return UPSTREAM_CRASH in key or any(key.startswith(k) for k in known)


def slug(s):
  return re.sub(r"[^a-zA-Z0-9]+", "-", s).strip("-")[:60]


def summary(args, known, counts, by_mut, n_inputs, n_runs, dt, corpus_mode, ends):
  print("\n%d %s, %d pass runs, %.1fs (seed %s)" % (
      n_inputs, "corpus files" if corpus_mode else "mutants", n_runs, dt, args.seed))
  unknown = 0
  for pass_name in PASSES:
    ks = sorted((k for k in counts if k[0] == pass_name), key=lambda k: -counts[k])
    print("convert-pallas-to-%s: %d failing runs in %d classes (runs: %s)" % (
        pass_name, sum(counts[k] for k in ks), len(ks),
        ", ".join("%s %d" % (e, ends[(pass_name, e)])
                  for e in ("exit 0", "exit 0 over 16 MB", "exit 1", "other"))))
    for k in ks:
      kn = is_known(known, "%s %s" % k)
      unknown += not kn
      print("  %5d  %s%s" % (counts[k], k[1], "  (known)" if kn else ""))
      if args.verbose:
        muts = sorted(((a, c) for (kk, a), c in by_mut.items() if kk == k), key=lambda x: -x[1])
        print("         mutations: " + ", ".join("%s %d" % mc for mc in muts))
  if corpus_mode:
    seen = {"%s %s" % k for k in counts}
    for k in known:
      if not any(s.startswith(k) for s in seen):
        print("known class no longer seen in the corpus: %s (remove it from %s)" % (k, args.known))
  print("%d unknown failure class(es)" % unknown)
  return unknown


def main():
  ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  ap.add_argument("-n", type=int, default=100, help="number of mutants")
  ap.add_argument("--seed", default="1")
  ap.add_argument("--start", type=int, default=0, help="first mutant index")
  ap.add_argument("-j", "--jobs", type=int, default=2)
  ap.add_argument("--timeout", type=float, default=20.0)
  ap.add_argument("--pallas-opt", default=os.path.join(ROOT, "target/debug/pallas-opt"))
  ap.add_argument("--out", default=None, help="directory for the first mutant of each class")
  ap.add_argument("--minimize", action="store_true")
  ap.add_argument("--save-corpus", default=None, help="write minimised reproducers here")
  ap.add_argument("--corpus", default=None, help="re-run the .mlir files of this directory")
  ap.add_argument("--known", default=os.path.join(ROOT, "scripts/fuzz/known-failures.txt"))
  ap.add_argument("--seeds", nargs="*", default=list(SEED_GLOBS),
                  help="globs (relative to the repository) of the seed kernels")
  ap.add_argument("--time-limit", type=float, default=None,
                  help="stop making mutants after this many seconds (then minimise)")
  ap.add_argument("-v", "--verbose", action="store_true")
  ap.add_argument("--verify-output", default=None, help=argparse.SUPPRESS)
  ap.add_argument("--verify-gpu-output", default=None, help=argparse.SUPPRESS)
  args = ap.parse_args()
  if args.verify_output or args.verify_gpu_output:
    # The child process of jaxlib_problems_child: the problems as JSON.
    with open(args.verify_output or args.verify_gpu_output) as f:
      text = f.read()
    import threading
    verdict = []
    threading.stack_size(VERIFY_STACK_BYTES)
    t = threading.Thread(target=lambda: verdict.append(
        jaxlib_problems(text) if args.verify_output else mgpu_problems(text)))
    t.start()
    t.join()
    print(json.dumps(verdict[0]))
    return 0

  opt = os.path.abspath(args.pallas_opt)
  seeds = sorted(p for g in args.seeds for p in glob.glob(os.path.join(ROOT, g)))
  known = load_known(args.known)
  workdir = tempfile.mkdtemp(prefix="pallas-fuzz-")
  t0 = time.time()
  counts = collections.Counter()
  ends = collections.Counter()
  first = {}
  by_mut = collections.Counter()
  n_inputs = n_runs = 0
  corpus_mode = args.corpus is not None
  init = (opt, args.timeout, workdir, args.seed, seeds)
  if args.out:
    os.makedirs(args.out, exist_ok=True)
  pool = multiprocessing.Pool(args.jobs, _init, init)
  if corpus_mode:
    files = sorted(glob.glob(os.path.join(args.corpus, "*.mlir")))
    it = pool.imap_unordered(_job_file, files)
  else:
    it = pool.imap_unordered(_job_mutant, range(args.start, args.start + args.n), chunksize=2)
  for key, src, applied, text, res, outcomes in it:
    n_inputs += 1
    n_runs += len(PASSES)
    for p, e in outcomes.items():
      ends[(p, e)] += 1
    for p, (cls, detail) in res.items():
      k = (p, cls)
      counts[k] += 1
      for a in applied:
        by_mut[(k, a)] += 1
      if k not in first:
        first[k] = (key, src, applied, text, detail)
        if args.verbose or not is_known(known, "%s %s" % k):
          print("new class [%s] %s  (from %s #%s via %s)" % (p, cls, src, key, ",".join(applied)),
                flush=True)
        if args.out:
          base = os.path.join(args.out, "%s--%s" % (p, slug(cls)))
          with open(base + ".mlir", "w") as f:
            f.write("// fuzz: pass %s, class: %s\n// from %s (mutant %s: %s)\n" % (
                p, cls, src, key, ", ".join(applied)) + text)
          with open(base + ".log", "w") as f:
            f.write(detail)
    if n_inputs % 250 == 0:
      print("... %d inputs, %d failing runs, %.0fs" % (n_inputs, sum(counts.values()),
                                                      time.time() - t0), flush=True)
    if args.time_limit and time.time() - t0 > args.time_limit:
      print("... time limit reached after %d inputs" % n_inputs, flush=True)
      break
  pool.terminate()
  pool.join()

  dt = time.time() - t0
  unknown = summary(args, known, counts, by_mut, n_inputs, n_runs, dt, corpus_mode, ends)

  # Minimisation after the summary (a run cut short still has its figures);
  # each reproducer is written as soon as it is reduced. Timeouts are kept
  # as they are (every test of them would wait for the timeout).
  if args.minimize and first:
    todo = [k for k in sorted(first) if "timeout" not in k[1]]
    print("minimising %d classes" % len(todo), flush=True)
    if args.save_corpus:
      os.makedirs(args.save_corpus, exist_ok=True)
    with multiprocessing.Pool(args.jobs, _init, init) as pool:
      jobs = [(first[k][3], k[0], k[1]) for k in todo]
      for (p, cls), small in pool.imap_unordered(_job_min, jobs):
        if args.save_corpus:
          h = hashlib.sha1(small.encode()).hexdigest()[:8]
          with open(os.path.join(args.save_corpus, "%s--%s--%s.mlir" % (p, slug(cls), h)), "w") as f:
            f.write("// fuzz reproducer: convert-pallas-to-%s: %s\n" % (p, cls)
                    + small.rstrip("\n") + "\n")
        print("minimised [%s] %s: %d -> %d lines" % (p, cls, first[(p, cls)][3].count("\n") + 1,
                                                   small.count("\n") + 1), flush=True)
  return 1 if unknown else 0


if __name__ == "__main__":
  sys.exit(main())
