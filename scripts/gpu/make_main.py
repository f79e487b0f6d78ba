#!/usr/bin/env python3
"""Appends a host `@main` to a Mosaic GPU module at the level of jaxlib's
`lower_mgpu_dialect` output, so that `pallas-gpu-to-llvm` + mlir-runner run
it end to end with our runtime (`make gpu-test`).

  .venv/bin/python scripts/gpu/make_main.py MODULE --num-inputs N [--seed S] [-o OUT]

The module's host entry is `func.func @<kernel>_mosaic_gpu(%stream:
!llvm.ptr, %buffers: !llvm.ptr)`, the calling convention of jaxlib's CUDA
custom call: the first argument is the CUDA stream (cast to the launch's
async token), the second an array of device pointers, one per kernel
operand, inputs first then outputs; each operand's shape and element type
are those of the `memref` its pointer is cast to (the cast carries
`mosaic_gpu.from_kernel_arg_idx`). `@main` does what the custom call's
caller does, in the gpu dialect (which `gpu-to-llvm` turns into `mgpu*`
calls of runtime/cuda):

* a stream (`gpu.wait async`); each operand in device memory
  (`gpu.alloc`); each input copied from a `memref.global` holding its exact
  bytes (`gpu.memcpy`); each output filled with a sentinel byte pattern
  (0xFF bytes: NaN for floats, -1 for integers) so that elements the kernel
  leaves unwritten show;
* the host entry called with the stream and a stack array of the device
  pointers (the launch is asynchronous on the stream);
* with `--repeat N`, N more calls timed with the host clock between two
  full synchronizations (the seconds per call printed first, printF64);
* each output copied back, the stream synchronized (`gpu.wait`), and the
  output printed bit for bit with `printMemrefI32` (one i32 per element:
  32-bit elements bit-cast, narrower ones zero-extended), as
  scripts/jax/cpu_oracle.py prints its outputs.

`--num-inputs` says how many leading operands are inputs. Inputs are drawn
from numpy (uniform in [-1, 1) for floats, [-8, 8) for integers) seeded
with `--seed` (default: the module's file name); `--save-inputs F.npz`
keeps them for the comparison. Kernels with semaphore operands or
collective (multi-device) semantics are not for this harness.
"""

import argparse
import os
import re
import sys
import zlib

import numpy as np

# The numpy type holding each element type (bf16 as its 16 bits).
ELEMENT = {
    "f32": np.float32, "f16": np.float16, "bf16": np.uint16,
    "i32": np.int32, "i16": np.int16, "i8": np.int8,
}

HOST_ENTRY = re.compile(r"func\.func @(\w+_mosaic_gpu)\((%\w+): !llvm\.ptr, (%\w+): !llvm\.ptr\)")
KERNEL_ARG = re.compile(
    r"to memref<((?:\d+x)*)(\w+)> \{mosaic_gpu\.from_kernel_arg_idx = (\d+) : i32")


def host_entry(text):
  m = HOST_ENTRY.search(text)
  if not m:
    raise ValueError("no host entry `func.func @<kernel>_mosaic_gpu(!llvm.ptr, !llvm.ptr)`")
  return m.group(1)


def kernel_operands(text):
  """[(shape, element type)] of the operands, by their index."""
  found = {}
  for dims, elem, idx in KERNEL_ARG.findall(text):
    shape = tuple(int(d) for d in dims.split("x") if d)
    found[int(idx)] = (shape, elem)
  if sorted(found) != list(range(len(found))):
    raise ValueError(f"operand indices {sorted(found)} are not 0..n-1")
  for shape, elem in found.values():
    if elem not in ELEMENT:
      raise ValueError(f"not yet supported: operands of element type {elem}")
  return [found[i] for i in range(len(found))]


def module_end(text):
  """Where to insert @main: before the closing brace of the module that
  holds the host entry. That is the file's module for JAX's modules; ours
  keep each kernel's module nested in the file's (`module { module @k {
  ... } }`, printed with the nested module's brace on a line `  }`)."""
  end = text.rstrip().rfind("}")
  m = HOST_ENTRY.search(text)
  line_start = text.rfind("\n", 0, m.start()) + 1
  indent = m.start() - line_start
  if indent <= 2:
    return end
  inner = text.rfind("\n  }\n", 0, end)
  if inner < 0 or inner < m.start():
    raise ValueError("cannot find the end of the module holding the host entry")
  return inner + 3


def memref_type(shape, elem):
  return "memref<" + "".join(f"{d}x" for d in shape) + elem + ">"


def bf16_bits(x):
  """Round-to-nearest-even bf16 bits of float32 values, as uint16."""
  u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
  return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def draw_inputs(operands, num_inputs, seed):
  """Arrays for the first `num_inputs` operands: floats uniform in [-1, 1)
  (bf16 as the bits of the rounded f32), integers in [-8, 8)."""
  rng = np.random.default_rng(seed)
  arrays = []
  for shape, elem in operands[:num_inputs]:
    if elem in ("f32", "f16", "bf16"):
      x = rng.uniform(-1.0, 1.0, shape).astype(np.float32)
      arrays.append(bf16_bits(x) if elem == "bf16" else x.astype(ELEMENT[elem]))
    else:
      arrays.append(rng.integers(-8, 8, shape).astype(ELEMENT[elem]))
  return arrays


def dense_hex(arr):
  return 'dense<"0x' + np.ascontiguousarray(arr).tobytes().hex().upper() + '">'


def main_text(text, inputs, operands, repeat=0):
  """`text` (a module) with input globals, the printer's declaration and a
  host @main appended; with `repeat`, @main also times that many calls and
  prints the seconds per call (printF64) before the outputs."""
  entry = host_entry(text)
  end = module_end(text)
  globals_, lines = [], []
  lines.append("    %t0 = gpu.wait async")
  tok = "%t0"
  ntok = 0

  def next_tok():
    nonlocal ntok
    ntok += 1
    return f"%t{ntok}"

  for k, (shape, elem) in enumerate(operands):
    t = memref_type(shape, elem)
    d = next_tok()
    lines.append(f"    %d{k}, {d} = gpu.alloc async [{tok}] () : {t}")
    tok = d
    if k < len(inputs):
      globals_.append(f'  memref.global "private" constant @gpu_test_in{k} : {t} = {dense_hex(inputs[k])}')
      lines.append(f"    %h{k} = memref.get_global @gpu_test_in{k} : {t}")
      c = next_tok()
      lines.append(f"    {c} = gpu.memcpy async [{tok}] %d{k}, %h{k} : {t}, {t}")
      tok = c
    else:
      # The sentinel: every byte 0xFF, as the element type's all-ones
      # value (gpu.memset takes 16- and 32-bit elements).
      if elem == "i8":
        raise ValueError("not yet supported: i8 outputs (gpu.memset takes 16- and 32-bit values)")
      fill = "0xFFFFFFFF" if elem == "f32" else "0xFFFF" if elem in ("f16", "bf16") else "-1"
      c = next_tok()
      lines.append(f"    %fill{k} = arith.constant {fill} : {elem}")
      lines.append(f"    {c} = gpu.memset async [{tok}] %d{k}, %fill{k} : {t}, {elem}")
      tok = c
  nops = len(operands)
  lines.append(f"    %nops = llvm.mlir.constant({nops} : i64) : i64")
  lines.append("    %buffers = llvm.alloca %nops x !llvm.ptr : (i64) -> !llvm.ptr")
  for k, (shape, elem) in enumerate(operands):
    t = memref_type(shape, elem)
    lines += [
        f"    %pi{k} = memref.extract_aligned_pointer_as_index %d{k} : {t} -> index",
        f"    %pw{k} = arith.index_cast %pi{k} : index to i64",
        f"    %pp{k} = llvm.inttoptr %pw{k} : i64 to !llvm.ptr",
        f"    %slot{k} = llvm.getelementptr %buffers[{k}] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr",
        f"    llvm.store %pp{k}, %slot{k} : !llvm.ptr, !llvm.ptr",
    ]
  lines.append(f"    %stream = builtin.unrealized_conversion_cast {tok} : !gpu.async.token to !llvm.ptr")
  lines.append(f"    func.call @{entry}(%stream, %buffers) : (!llvm.ptr, !llvm.ptr) -> ()")
  if repeat:
    # The first call above is the warm-up. Then `repeat` calls on a fresh
    # stream between two host clock readings, each after a full
    # synchronization (a non-async gpu.wait synchronizes and destroys its
    # stream); the outputs are copied back on a third stream.
    lines += [
        f"    gpu.wait [{tok}]",
        "    %tb0 = gpu.wait async",
        # A word to memset after the timed calls: a wait on a stream that
        # only `gpu.wait async` made would be folded away by canonicalize,
        # and the calls would not be waited for.
        "    %marker, %tb = gpu.alloc async [%tb0] () : memref<1xi32>",
        "    %bstream = builtin.unrealized_conversion_cast %tb : !gpu.async.token to !llvm.ptr",
        "    %r0 = arith.constant 0 : index",
        "    %r1 = arith.constant 1 : index",
        f"    %rn = arith.constant {repeat} : index",
        "    %clock0 = func.call @rtclock() : () -> f64",
        "    scf.for %r = %r0 to %rn step %r1 {",
        f"      func.call @{entry}(%bstream, %buffers) : (!llvm.ptr, !llvm.ptr) -> ()",
        "    }",
        "    %zero_word = arith.constant 0 : i32",
        "    %tb1 = gpu.memset async [%tb] %marker, %zero_word : memref<1xi32>, i32",
        "    gpu.wait [%tb1]",
        "    %clock1 = func.call @rtclock() : () -> f64",
        "    %elapsed = arith.subf %clock1, %clock0 : f64",
        f"    %calls = arith.constant {float(repeat)} : f64",
        "    %per_call = arith.divf %elapsed, %calls : f64",
        "    func.call @printF64(%per_call) : (f64) -> ()",
        "    func.call @printNewline() : () -> ()",
        "    %tc = gpu.wait async",
    ]
    tok = "%tc"
  outs = list(range(len(inputs), nops))
  for k in outs:
    shape, elem = operands[k]
    t = memref_type(shape, elem)
    lines.append(f"    %o{k} = memref.alloc() : {t}")
    c = next_tok()
    lines.append(f"    {c} = gpu.memcpy async [{tok}] %o{k}, %d{k} : {t}, {t}")
    tok = c
  lines.append(f"    gpu.wait [{tok}]")
  lines += ["    %c0 = arith.constant 0 : index", "    %c1 = arith.constant 1 : index"]
  for k in outs:
    shape, elem = operands[k]
    t = memref_type(shape, elem)
    n = int(np.prod(shape))
    flat_t = memref_type((n,), elem)
    src = f"%o{k}"
    if len(shape) != 1:
      reassoc = "[[" + ", ".join(str(d) for d in range(len(shape))) + "]]"
      lines.append(f"    %of{k} = memref.collapse_shape %o{k} {reassoc} : {t} into {flat_t}")
      src = f"%of{k}"
    bits_t = memref_type((n,), "i32")
    conv = [f"%v = memref.load {src}[%i] : {flat_t}"]
    if elem in ("f16", "bf16"):
      conv += [f"%w = arith.bitcast %v : {elem} to i16", "%b = arith.extui %w : i16 to i32"]
    elif elem in ("f32", "i32"):
      conv.append(f"%b = arith.bitcast %v : {elem} to i32")
    else:
      conv.append(f"%b = arith.extui %v : {elem} to i32")
    lines += [
        f"    %n{k} = arith.constant {n} : index",
        f"    %bits{k} = memref.alloc() : {bits_t}",
        f"    scf.for %i = %c0 to %n{k} step %c1 {{",
        *("      " + c for c in conv),
        f"      memref.store %b, %bits{k}[%i] : {bits_t}",
        "    }",
        f"    %u{k} = memref.cast %bits{k} : {bits_t} to memref<*xi32>",
        f"    func.call @printMemrefI32(%u{k}) : (memref<*xi32>) -> ()",
    ]
  lines.append("    return")
  body = ("\n  // Host side generated by scripts/gpu/make_main.py.\n" + "\n".join(globals_)
          + "\n  func.func private @printMemrefI32(memref<*xi32>)\n"
          + ("  func.func private @rtclock() -> f64\n  func.func private @printF64(f64)\n"
             "  func.func private @printNewline()\n" if repeat else "")
          + "  func.func @main() {\n" + "\n".join(l for l in lines if l) + "\n  }\n")
  return text[:end] + body + text[end:].rstrip() + "\n"


def parse_output(stdout, operands, num_inputs):
  """The printed outputs as numpy arrays (bf16 as its uint16 bits)."""
  blocks = re.findall(r"data =\s*\[([^\]]*)\]", stdout)
  outs = operands[num_inputs:]
  if len(blocks) != len(outs):
    raise ValueError(f"expected {len(outs)} printed outputs, got {len(blocks)}")
  arrays = []
  for text, (shape, elem) in zip(blocks, outs):
    bits = np.array([int(v) for v in text.replace("\n", " ").split(",") if v.strip()], np.int64)
    u32 = bits.astype(np.uint32)
    if elem == "f32":
      arr = u32.view(np.float32)
    elif elem in ("f16",):
      arr = u32.astype(np.uint16).view(np.float16)
    elif elem == "bf16":
      arr = u32.astype(np.uint16)
    else:
      arr = bits.astype(ELEMENT[elem])
    arrays.append(arr.reshape(shape))
  return arrays


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("module")
  ap.add_argument("--num-inputs", type=int, required=True)
  ap.add_argument("--seed", type=int, default=None)
  ap.add_argument("--save-inputs", default=None, help="write the inputs to this .npz")
  ap.add_argument("--repeat", type=int, default=0,
                  help="also time this many calls after a warm-up and print the seconds per call")
  ap.add_argument("-o", "--output", default="-")
  opts = ap.parse_args()
  text = open(opts.module).read()
  operands = kernel_operands(text)
  if not 0 <= opts.num_inputs <= len(operands):
    ap.error(f"--num-inputs {opts.num_inputs}: the kernel has {len(operands)} operands")
  seed = opts.seed if opts.seed is not None else zlib.crc32(os.path.basename(opts.module).encode())
  inputs = draw_inputs(operands, opts.num_inputs, seed)
  if opts.save_inputs:
    np.savez(opts.save_inputs, *inputs)
  out = main_text(text, inputs, operands, opts.repeat)
  if opts.output == "-":
    sys.stdout.write(out)
  else:
    with open(opts.output, "w") as fh:
      fh.write(out)
  return 0


if __name__ == "__main__":
  sys.exit(main())
