#!/usr/bin/env python3
"""GPU benchmark (`make gpu-bench`): time per kernel call of our GPU path
against JAX's own Pallas Mosaic GPU kernels on the same device.

  .venv/bin/python scripts/gpu/gpu_bench.py [--repeat N] [NAME ...]

Without a GPU (no /dev/nvidia* device, or the driver does not load or sees
no device) it prints "no GPU: skipped" and exits 0.

What it measures, per kernel of scripts/gpu/gpu_test.py's list (the
gpu_* kernels of scripts/jax/gpu_kernels.py with a numpy model):

* ours: the module (test/Reference/GPU/lowered/NAME.mlir, or --modules DIR,
  or with --from-pallas our own lowering of examples/gpu/NAME.mlir)
  with a timing host @main (scripts/gpu/make_main.py --repeat N: one warm-up
  call, then N calls between two host clock readings, each after a full
  stream synchronization), through pallas-gpu-to-llvm, run by mlir-runner
  with our runtime: seconds per call of the host entry (its TMA descriptor
  encoding and launch included, as in JAX's custom call);
* JAX: the kernel's builder from gpu_kernels.py, jitted and run on the
  device (needs `jax[cuda12]` in the venv; the column says "n/a" without it),
  timed the same way (N calls, block_until_ready);
* the ratio JAX / ours (above 1: ours is faster), and for the elementwise
  kernels the HBM bandwidth our call reaches (bytes read and written / time),
  for the matmuls TFLOP/s.

Not measured yet (they need kernels or packages this project does not
have): Triton versions of the same kernels (PyPI `triton`), and the
fraction of cuBLAS (through CuPy) for the matmuls. Until now no GPU machine
has run this script: its figures are not in the README.
"""

import argparse
import os
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_common as gc  # noqa: E402

ELEMENTWISE = {"gpu_elementwise_grid", "gpu_run_scoped", "gpu_tma_barrier", "gpu_layout_cast"}
MATMUL_FLOPS = {"gpu_wgmma_matmul": 2 * 256 * 256 * 256, "gpu_wgmma_scoped": 3 * 2 * 64 * 64 * 64}


def ours(name, opts, workdir):
  """Seconds per call of our path, and the bytes of all operands."""
  import numpy as np
  import make_main
  path = os.path.join(opts.modules, f"{name}.mlir")
  if opts.from_pallas:
    twin = os.path.join(gc.ROOT, "examples", "gpu", f"{name}.mlir")
    path = os.path.join(workdir, f"{name}.nvvm.mlir")
    r = gc.run(gc.opt_command(opts.plugin, gc.from_pallas_text()) + [twin, "-o", path])
    if r.returncode != 0:
      raise RuntimeError("declined before pallas-gpu-to-llvm: "
                         + next((l for l in r.stderr.splitlines() if "error:" in l), "")[:200])
  text = open(path).read()
  operands = make_main.kernel_operands(text)
  num_inputs = opts.models[name][0]
  inputs = make_main.draw_inputs(operands, num_inputs, zlib.crc32(name.encode()))
  program = os.path.join(workdir, f"{name}.bench.mlir")
  with open(program, "w") as fh:
    fh.write(make_main.main_text(text, inputs, operands, repeat=opts.repeat))
  lowered = os.path.join(workdir, f"{name}.bench.llvm.mlir")
  env = dict(os.environ)
  ptxas = gc.find_ptxas()
  if ptxas:
    env["PTXAS"] = ptxas
  r = gc.run(gc.opt_command(opts.plugin, gc.pipeline_text(gc.chip_for(text))) + [program, "-o", lowered],
             env=env)
  if r.returncode != 0:
    raise RuntimeError(f"pipeline failed: {r.stderr.strip()[:500]}")
  lib = os.path.join(gc.LLVM_BIN, "..", "lib")
  libs = [opts.runtime, os.path.join(lib, "libmlir_c_runner_utils.so"),
          os.path.join(lib, "libmlir_runner_utils.so")]
  r = gc.run([os.path.join(gc.LLVM_BIN, "mlir-runner"), lowered, "-e", "main",
              "-entry-point-result=void", "-shared-libs=" + ",".join(libs)], env=env)
  if r.returncode != 0:
    raise RuntimeError(f"mlir-runner failed: {(r.stderr or r.stdout).strip()[-500:]}")
  seconds = float(r.stdout.strip().splitlines()[0])
  nbytes = sum(int(np.prod(s)) * (2 if e in ("f16", "bf16", "i16") else 4 if e in ("f32", "i32") else 1)
               for s, e in operands)
  return seconds, nbytes


def jax_time(name, repeat):
  """Seconds per call of JAX's own kernel on the GPU, or None."""
  try:
    import jax
    if not jax.devices("gpu"):
      return None
  except Exception:
    return None
  import numpy as np
  sys.path.insert(0, os.path.join(gc.ROOT, "scripts", "jax"))
  import gpu_kernels
  fn, specs = gpu_kernels.KERNELS[name]()
  rng = np.random.default_rng(zlib.crc32(name.encode()))
  args = [jax.device_put(rng.uniform(-1, 1, s.shape).astype(s.dtype)
                         if np.issubdtype(s.dtype, np.floating)
                         else rng.integers(-8, 8, s.shape).astype(s.dtype)) for s in specs]
  f = jax.jit(fn)
  f(*args).block_until_ready()
  start = time.perf_counter()
  for _ in range(repeat):
    out = f(*args)
  jax.block_until_ready(out)
  return (time.perf_counter() - start) / repeat


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("names", nargs="*")
  ap.add_argument("--repeat", type=int, default=200)
  ap.add_argument("--modules", default=os.path.join(gc.ROOT, "test", "Reference", "GPU", "lowered"))
  ap.add_argument("--plugin", default=os.path.join(gc.ROOT, "target", "debug", "libpallas_mlir.so"))
  ap.add_argument("--runtime", default=os.path.join(gc.ROOT, "target", "debug",
                                                    "libpallas_cuda_runtime.so"))
  ap.add_argument("--from-pallas", action="store_true",
                  help="time our own lowering of the pallas twins examples/gpu/NAME.mlir "
                  "instead of JAX's modules through our downstream pipeline")
  opts = ap.parse_args()
  ok, why = gc.gpu_available()
  if not ok:
    print(f"gpu-bench: no GPU: skipped ({why})")
    return 0
  import gpu_test
  opts.models = gpu_test._models()
  names = opts.names or sorted(opts.models)
  workdir = tempfile.mkdtemp(prefix="gpu-bench-")
  print(f"{'kernel':26} {'ours us':>9} {'JAX us':>9} {'JAX/ours':>9}  notes")
  failed = 0
  for name in names:
    try:
      t, nbytes = ours(name, opts, workdir)
    except Exception as e:  # report every kernel
      print(f"{name:26} FAILED: {e}")
      failed += 1
      continue
    tj = jax_time(name, opts.repeat)
    notes = []
    if name in ELEMENTWISE:
      notes.append(f"{nbytes / t / 1e9:.0f} GB/s")
    if name in MATMUL_FLOPS:
      notes.append(f"{MATMUL_FLOPS[name] / t / 1e12:.1f} TFLOP/s")
    jcol = f"{tj * 1e6:9.1f}" if tj else f"{'n/a':>9}"
    ratio = f"{tj / t:9.2f}" if tj else f"{'n/a':>9}"
    print(f"{name:26} {t * 1e6:9.1f} {jcol} {ratio}  {', '.join(notes)}")
  return 1 if failed else 0


if __name__ == "__main__":
  sys.exit(main())
