#!/usr/bin/env python3
"""PTX report: each module through the downstream GPU pipeline to PTX, then
`ptxas -v`; prints registers, spills, shared memory and barriers per kernel
and fails if a module does not lower, ptxas rejects its PTX, a kernel
spills (unless scripts/gpu/allow-spill.txt names its module, with why), or
a launch could not run on the chip (dynamic plus static shared memory over
227 KiB, or registers times threads per block over 64 Ki).

  .venv/bin/python scripts/gpu/ptx_report.py [--out DIR] [FILE or GLOB ...]

Inputs are modules at the level of jaxlib's `lower_mgpu_dialect` output: a
host function whose `gpu.launch` holds gpu/nvvm/llvm/memref/vector code
(today JAX's own, test/Reference/GPU/lowered/*.mlir, written by
`scripts/jax/dump_gpu_reference.py --final`; later the output of our
convert-mosaic-gpu-to-nvvm: `make gpu-report GPU_REPORT_INPUTS=...` takes
any list of files or globs; with `--from-pallas`, pallas kernels such as
examples/gpu/*.mlir, first lowered by convert-pallas-to-mosaic-gpu and the
passes of scripts/gpu-from-pallas.txt, the front of convert-pallas-to-nvvm;
a kernel those passes reject with a diagnostic is listed, not failed: their
own tests check their diagnostics).
Each goes through `pallas-gpu-to-llvm`
(scripts/gpu-pipeline.txt) in mlir-opt 22 with the plugin; the PTX of each
`gpu.binary` is written to DIR/NAME.ptx and assembled with
`ptxas -arch=<chip> -v` into DIR/NAME.cubin; the host side is translated
to LLVM IR (DIR/NAME.ll). The chip is sm_90a, or
sm_100a for modules using Blackwell's tcgen05 instructions (the pipeline's
`chip=` is replaced for them).

Columns: threads per block (the launch's); registers per thread; spill stores/loads and stack frame bytes;
static shared memory (ptxas) and dynamic shared memory (the launch's
`dynamic_shared_memory_size`); named barriers (`bar.sync` ids, ptxas's
"used N barriers"); ptxas's compile time.
"""

import argparse
import glob
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_common as gc  # noqa: E402

DEFAULT_INPUTS = ["test/Reference/GPU/lowered/*.mlir"]
ALLOW_SPILL = os.path.join(gc.HERE, "allow-spill.txt")
DECLINED = os.path.join(gc.HERE, "declined.txt")
# What one block may use (CUDA programming guide, compute capabilities 9.0
# and 10.0): shared memory with the opt-in attribute, and the registers of
# a multiprocessor (a block must fit on one).
DEVICE_LIMITS = {
    "sm_90a": {"smem": 227 * 1024, "regs": 64 * 1024},
    "sm_100a": {"smem": 227 * 1024, "regs": 64 * 1024},
}


def parse_ptxas(text):
  """Per kernel: {regs, spill_st, spill_ld, stack, smem, barriers}."""
  kernels = {}
  current = None
  for line in text.splitlines():
    m = re.search(r"(?:Compiling entry function|Function properties for) '?(\w+)'?", line)
    if m:
      current = kernels.setdefault(m.group(1), {})
      continue
    if current is None:
      continue
    m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
    if m:
      current.update(stack=int(m.group(1)), spill_st=int(m.group(2)), spill_ld=int(m.group(3)))
    m = re.search(r"Used (\d+) registers", line)
    if m:
      current["regs"] = int(m.group(1))
      b = re.search(r"used (\d+) barriers", line)
      current["barriers"] = int(b.group(1)) if b else 0
      s = re.search(r"(\d+) bytes smem", line)
      current["smem"] = int(s.group(1)) if s else 0
  return kernels


def allowed_spills(path=ALLOW_SPILL):
  """The names a list file holds: the first word of each line, `#` starts
  a comment (the reason)."""
  names = set()
  if os.path.exists(path):
    for line in open(path):
      line = line.split("#", 1)[0].strip()
      if line:
        names.add(line.split()[0])
  return names


def expand(patterns):
  files = []
  for p in patterns:
    hits = sorted(glob.glob(p if os.path.isabs(p) else os.path.join(gc.ROOT, p)))
    files += hits if hits else ([p] if os.path.exists(p) else [])
  return files


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("inputs", nargs="*", help=f"files or globs (default {' '.join(DEFAULT_INPUTS)})")
  ap.add_argument("--plugin", default=os.path.join(gc.ROOT, "target", "debug", "libpallas_mlir.so"))
  ap.add_argument("--ptxas", default=None, help="ptxas to use (default: $PTXAS, the venv's wheel, PATH)")
  ap.add_argument("--out", default=os.path.join(gc.ROOT, "target", "gpu-report"))
  ap.add_argument("--timeout", type=int, default=600)
  ap.add_argument("--from-pallas", action="store_true",
                  help="the inputs are pallas kernels (examples/gpu/*.mlir): first lower them to the "
                  "lower_mgpu_dialect level (convert-pallas-to-mosaic-gpu + scripts/gpu-from-pallas.txt); "
                  "kernels those passes reject with a diagnostic are listed, not failed, when "
                  "--declined names them")
  ap.add_argument("--declined", default=DECLINED,
                  help="with --from-pallas: the kernels expected to be declined before the pipeline, "
                  "one name per line with the reason (default %(default)s); a kernel declined and "
                  "not listed, or listed and lowered, is a failure, so the list only shrinks")
  opts = ap.parse_args()
  ptxas = opts.ptxas or gc.find_ptxas()
  if not ptxas:
    print("ptx_report: no ptxas: run scripts/setup.sh (installs nvidia-cuda-nvcc-cu12 into the venv) "
          "or set PTXAS", file=sys.stderr)
    return 1
  files = expand(opts.inputs or DEFAULT_INPUTS)
  if not files:
    print(f"ptx_report: no input matches {opts.inputs or DEFAULT_INPUTS}", file=sys.stderr)
    return 1
  os.makedirs(opts.out, exist_ok=True)
  # pallas-gpu-link-libdevice finds libdevice next to this ptxas.
  env = dict(os.environ, PTXAS=ptxas)
  allow = allowed_spills()
  failures = []
  declined = []
  header = (f"{'module':34} {'kernel':34} {'chip':8} {'threads':>7} {'regs':>5} {'spill st/ld':>12} "
            f"{'stack':>6} {'smem':>6} {'dyn smem':>9} {'bars':>5} {'ptxas ms':>9}")
  print(f"ptxas: {ptxas}")
  print(header)
  print("-" * len(header))
  for path in files:
    name = os.path.basename(path)[:-5] if path.endswith(".mlir") else os.path.basename(path)
    if opts.from_pallas:
      staged = os.path.join(opts.out, f"{name}.nvvm.mlir")
      r = gc.run(gc.opt_command(opts.plugin, gc.from_pallas_text()) + [path, "-o", staged],
                 timeout=opts.timeout)
      if r.returncode != 0:
        # A diagnostic at the user's op is the middle passes' business
        # (their own tests check them); anything else is a failure.
        first = next((l for l in r.stderr.splitlines() if re.search(r":\d+:\d+: error: ", l)), None)
        if first is not None:
          declined.append(name)
          print(f"{name:34} declined before this pipeline: {first.split('error: ', 1)[-1][:150]}")
        else:
          failures.append(f"{name}: lowering the pallas kernel fails:\n{r.stderr.strip()[:2000]}")
          print(f"{name:34} lowering FAILED")
        continue
      path = staged
    text = open(path).read()
    chip = gc.chip_for(text)
    lowered = os.path.join(opts.out, f"{name}.llvm.mlir")
    r = gc.run(gc.opt_command(opts.plugin, gc.pipeline_text(chip)) + [path, "-o", lowered],
               timeout=opts.timeout, env=env)
    if r.returncode != 0:
      failures.append(f"{name}: the pipeline fails:\n{r.stderr.strip()[:2000]}")
      print(f"{name:34} pipeline FAILED")
      continue
    if r.stderr.strip():
      # A pass that reports an error and still succeeds hides a problem.
      failures.append(f"{name}: the pipeline succeeds but prints:\n{r.stderr.strip()[:2000]}")
    # The host side must translate to LLVM IR (what mlir-runner and a
    # linker take).
    r = gc.run([os.path.join(gc.LLVM_BIN, "mlir-translate"), "--mlir-to-llvmir", lowered,
                "-o", os.path.join(opts.out, f"{name}.ll")], timeout=opts.timeout)
    if r.returncode != 0:
      failures.append(f"{name}: the lowered module does not translate to LLVM IR:\n{r.stderr.strip()[:2000]}")
    out_text = open(lowered).read()
    ptx = gc.ptx_of(out_text)
    launched = gc.launches(out_text)
    if not ptx:
      failures.append(f"{name}: no gpu.binary with PTX in the pipeline's output")
      continue
    for binary, code in ptx.items():
      stem = name if len(ptx) == 1 else f"{name}.{binary}"
      ptx_path = os.path.join(opts.out, f"{stem}.ptx")
      with open(ptx_path, "w") as fh:
        fh.write(code)
      start = time.time()
      r = gc.run([ptxas, f"-arch={chip}", "-v", ptx_path, "-o",
                  os.path.join(opts.out, f"{stem}.cubin")], timeout=opts.timeout)
      ms = (time.time() - start) * 1000
      if r.returncode != 0:
        failures.append(f"{name}: ptxas rejects {ptx_path}:\n{(r.stderr + r.stdout).strip()[:2000]}")
        print(f"{name:34} {binary:34} {chip:8} ptxas REJECTED")
        continue
      kernels = parse_ptxas(r.stderr + r.stdout)
      if not kernels:
        failures.append(f"{name}: ptxas -v reported no entry function")
      for kernel, k in kernels.items():
        spills = k.get("spill_st", 0) + k.get("spill_ld", 0)
        mark = ""
        if spills and name not in allow:
          failures.append(f"{name}: kernel {kernel} spills ({k['spill_st']} bytes stored, "
                          f"{k['spill_ld']} loaded); list it in {os.path.relpath(ALLOW_SPILL, gc.ROOT)} "
                          "with the reason if that is expected")
          mark = "  SPILLS"
        threads, dyn_smem = launched.get(kernel, launched.get(binary, (None, None)))
        limits = DEVICE_LIMITS[chip]
        if dyn_smem is not None and dyn_smem + k.get("smem", 0) > limits["smem"]:
          failures.append(f"{name}: kernel {kernel} asks for {dyn_smem} + {k.get('smem', 0)} bytes of "
                          f"shared memory, over the {limits['smem']} a block may have on {chip}")
          mark += "  SMEM"
        if threads is not None and "regs" in k and k["regs"] * threads > limits["regs"]:
          failures.append(f"{name}: kernel {kernel} needs {k['regs']} registers x {threads} threads, "
                          f"over the {limits['regs']} of a multiprocessor")
          mark += "  REGS"
        dyn_smem = "?" if dyn_smem is None else dyn_smem
        shown = kernel if len(kernel) <= 34 else kernel[:31] + "..."
        print(f"{name:34} {shown:34} {chip:8} {threads or '?':>7} {k.get('regs', '?'):>5} "
              f"{str(k.get('spill_st', '?')) + '/' + str(k.get('spill_ld', '?')):>12} "
              f"{k.get('stack', '?'):>6} {k.get('smem', '?'):>6} {dyn_smem:>9} "
              f"{k.get('barriers', '?'):>5} {ms:9.0f}{mark}")
  print()
  if failures:
    print(f"ptx_report: {len(failures)} problem(s):")
    for f in failures:
      print(f"- {f}")
    return 1
  if opts.from_pallas:
    expected = allowed_spills(opts.declined)
    for name in declined:
      if name not in expected:
        failures.append(f"{name}: declined before this pipeline, and not listed in "
                        f"{os.path.relpath(opts.declined, gc.ROOT)}")
    lowered_names = {os.path.basename(p)[:-5] for p in files} - set(declined)
    for name in sorted(lowered_names & set(expected)):
      failures.append(f"{name}: now reaches PTX; remove it from {os.path.relpath(opts.declined, gc.ROOT)}")
    if failures:
      print(f"ptx_report: {len(failures)} problem(s):")
      for f in failures:
        print(f"- {f}")
      return 1
  done = len(files) - len(declined)
  print(f"ptx_report: {done} module(s) lowered to PTX and accepted by ptxas, no unexpected spills"
        + (f"; {len(declined)} declined before this pipeline ({', '.join(declined)})" if declined else ""))
  return 0


if __name__ == "__main__":
  sys.exit(main())
