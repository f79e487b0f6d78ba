#!/usr/bin/env python3
"""GPU test (`make gpu-test`): runs GPU kernels end to end with mlir-runner
and our runtime, and compares their outputs with numpy.

  .venv/bin/python scripts/gpu/gpu_test.py [-v] [--keep DIR] [NAME ...]
  .venv/bin/python scripts/gpu/gpu_test.py --fake-driver target/fake_cuda.so [NAME ...]
  .venv/bin/python scripts/gpu/gpu_test.py --list
  .venv/bin/python scripts/gpu/gpu_test.py --check-models

Without a GPU (no /dev/nvidia* device, or the driver does not load or sees
no device) it prints "no GPU: skipped" and exits 0.

For each kernel NAME (default: every one with a numpy model below), the
module test/Reference/GPU/lowered/NAME.mlir (a module at the level of
jaxlib's lower_mgpu_dialect output: JAX's own; `--modules DIR` for others),
or with `--from-pallas` our own lowering of the pallas twin
examples/gpu/NAME.mlir to that level (kernels our passes decline are
listed as declined, not failed), gets a host @main from
scripts/gpu/make_main.py (inputs from numpy, seeded with the name), goes
through `pallas-gpu-to-llvm` (mlir-opt 22 with the plugin), and runs with
`mlir-runner -shared-libs=libpallas_cuda_runtime.so,libmlir_c_runner_utils.so,
libmlir_runner_utils.so`. The printed outputs (bit-exact) are compared with
the kernel's numpy model (scripts/jax/gpu_kernels.py says what each kernel
computes) within the model's tolerance.

`--fake-driver LIB` runs the same programs against a stand-in driver
(test/Runtime/Inputs/fake_cuda.c built as a shared library), which runs no
kernel: then each output must come back as the 0xFF fill make_main.py
writes before the launch. That checks the harness, the pipeline and the
runtime calls on any machine; it is how this script is tested without a GPU.

`--check-models` checks the models instead: each kernel's JAX builder runs
in Pallas's interpret mode on the CPU with the same inputs, where JAX can
(today gpu_elementwise_grid, gpu_fori_accumulate, gpu_while_cond and
gpu_debug_print; JAX has no interpret rule for the other kernels' GPU
primitives), and must agree with the model.
"""

import argparse
import os
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_common as gc  # noqa: E402


def f32(x):
  import numpy as np
  return np.asarray(x, np.float32)


def from_bf16(bits):
  import numpy as np
  return (np.asarray(bits, np.uint32) << 16).view(np.float32)


# name -> (number of inputs, model(inputs) -> list of outputs, rtol, atol).
# Tolerances: exact up to an FMA contraction for elementwise kernels;
# approximate exp/rsqrt (PTX ex2.approx, rsqrt.approx: 2 ulp) for
# softmax and layer norm; f16 products accumulated in f32 in another order
# than numpy's for the WGMMA kernels (f16 output: its half-ulp).
def _models():
  import numpy as np

  def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)

  def layer_norm(x, w, b):
    xc = x - x.mean(axis=1, keepdims=True)
    var = (xc * xc).mean(axis=1, keepdims=True)
    return xc / np.sqrt(var + 1e-5) * w[None, :] + b[None, :]

  def while_cond(n, x):
    c = 1
    while c < int(n[0]):
      c *= 2
    return x * 2 if c > 16 else x - 1

  def cluster_multicast(x):
    # Block g's tile x[64g:64g+64] lands in both CTAs c of the cluster,
    # each storing it at rows (2g + c) * 64.
    return np.concatenate([x[0:64], x[0:64], x[64:128], x[64:128]])

  def wgmma_scoped(a, b):
    a, b = a.astype(np.float32), b.astype(np.float32)
    return a[:, :64] @ b + a[:, 64:] @ b + a[:, :64] @ b.T

  return {
      "gpu_elementwise_grid": (2, lambda x, y: [x * y + 1], 1e-6, 0),
      "gpu_tma_barrier": (1, lambda x: [np.concatenate([x[128:] * 3, x[:128] * 3])], 0, 0),
      "gpu_row_softmax": (1, lambda x: [softmax(x)], 1e-5, 1e-7),
      "gpu_layer_norm": (3, lambda x, w, b: [layer_norm(x, w, b)], 1e-5, 1e-6),
      "gpu_wgmma_matmul": (2, lambda a, b: [(a.astype(np.float32) @ b.astype(np.float32))
                                            .astype(np.float16)], 1e-3, 1e-3),
      "gpu_run_scoped": (1, lambda x: [x + 1], 0, 0),
      "gpu_fori_accumulate": (1, lambda x: [x[0:64] + x[64:128] + x[128:192] + x[192:256]],
                              1e-6, 1e-7),
      "gpu_while_cond": (2, lambda n, x: [while_cond(n, x)], 0, 0),
      "gpu_debug_print": (1, lambda x: [x], 0, 0),
      "gpu_warp_specialized": (2, lambda x, y: [x + y], 0, 0),
      "gpu_cluster_multicast": (1, lambda x: [cluster_multicast(x)], 0, 0),
      "gpu_layout_cast": (1, lambda x: [x + np.arange(128, dtype=np.float32)[None, :]], 0, 0),
      "gpu_wgmma_scoped": (2, lambda a, b: [wgmma_scoped(a, b)], 1e-5, 1e-5),
  }


def compare(name, got, want, rtol, atol):
  """None when every output matches, else a line saying where not."""
  import numpy as np
  for k, (g, w) in enumerate(zip(got, want)):
    g = np.asarray(g, np.float64)
    w = np.asarray(w, np.float64)
    if g.shape != w.shape:
      return f"output {k}: shape {g.shape}, expected {w.shape}"
    bad = ~np.isclose(g, w, rtol=rtol, atol=atol, equal_nan=False)
    if bad.any():
      idx = tuple(int(i) for i in np.argwhere(bad)[0])
      return (f"output {k}: {int(bad.sum())} of {g.size} elements differ; first at {idx}: "
              f"got {g[idx]!r}, expected {w[idx]!r} (rtol {rtol}, atol {atol})")
  return None


def run_one(name, opts, models, workdir):
  """(ok, message, seconds) for kernel `name`; ok is None when our passes
  before pallas-gpu-to-llvm decline the kernel (--from-pallas)."""
  import numpy as np
  import make_main
  start = time.time()
  path = os.path.join(opts.modules, f"{name}.mlir")
  if opts.from_pallas:
    # Our whole lowering: the pallas twin through convert-pallas-to-mosaic-gpu
    # and the passes after it, to the level pallas-gpu-to-llvm takes.
    twin = os.path.join(gc.ROOT, "examples", "gpu", f"{name}.mlir")
    path = os.path.join(workdir, f"{name}.nvvm.mlir")
    r = gc.run(gc.opt_command(opts.plugin, gc.from_pallas_text()) + [twin, "-o", path],
               timeout=opts.timeout)
    if r.returncode != 0:
      first = next((l for l in r.stderr.splitlines() if "error:" in l), r.stderr.strip()[:300])
      return None, f"declined before pallas-gpu-to-llvm: {first.split('error: ', 1)[-1][:200]}", \
          time.time() - start
  text = open(path).read()
  operands = make_main.kernel_operands(text)
  num_inputs, model, rtol, atol = models[name]
  inputs = make_main.draw_inputs(operands, num_inputs, zlib.crc32(name.encode()))
  program = os.path.join(workdir, f"{name}.main.mlir")
  with open(program, "w") as fh:
    fh.write(make_main.main_text(text, inputs, operands))
  lowered = os.path.join(workdir, f"{name}.llvm.mlir")
  env = dict(os.environ)
  ptxas = gc.find_ptxas()
  if ptxas:
    env["PTXAS"] = ptxas
  r = gc.run(gc.opt_command(opts.plugin, gc.pipeline_text(gc.chip_for(text)))
             + [program, "-o", lowered], env=env, timeout=opts.timeout)
  if r.returncode != 0:
    return False, f"pipeline failed: {r.stderr.strip()[:1500]}", time.time() - start
  lib = os.path.join(gc.LLVM_BIN, "..", "lib")
  libs = [opts.runtime, os.path.join(lib, "libmlir_c_runner_utils.so"),
          os.path.join(lib, "libmlir_runner_utils.so")]
  if opts.fake_driver:
    env["PALLAS_CUDA_DRIVER"] = os.path.abspath(opts.fake_driver)
  r = gc.run([os.path.join(gc.LLVM_BIN, "mlir-runner"), lowered, "-e", "main",
              "-entry-point-result=void", "-shared-libs=" + ",".join(libs)],
             env=env, timeout=opts.timeout)
  if r.returncode != 0:
    return False, f"mlir-runner failed: {(r.stderr or r.stdout).strip()[-1500:]}", time.time() - start
  got = make_main.parse_output(r.stdout, operands, num_inputs)
  if opts.fake_driver:
    # No kernel ran: every output must be the fill, all bits set.
    for k, g in enumerate(got):
      raw = np.ascontiguousarray(g).view(np.uint8)
      if not (raw == 0xFF).all():
        return False, f"output {k} is not the 0xFF fill the stand-in driver leaves", time.time() - start
    return True, "ran against the stand-in driver (outputs: the fill)", time.time() - start
  ins = [from_bf16(x) if operands[i][1] == "bf16" else x for i, x in enumerate(inputs)]
  want = model(*ins)
  msg = compare(name, got, want, rtol, atol)
  return msg is None, msg or "matches numpy", time.time() - start


def check_models(names, models):
  """Runs each kernel's JAX builder (scripts/jax/gpu_kernels.py) in Pallas's
  interpret mode on the CPU, where JAX can, on the inputs gpu-test draws, and
  compares with the numpy model: a check of the models themselves. Returns
  the number of disagreements."""
  import numpy as np
  import make_main
  os.environ.setdefault("JAX_PLATFORMS", "cpu")
  sys.path.insert(0, os.path.join(gc.ROOT, "scripts", "jax"))
  import jax
  from jax.experimental import pallas as pl
  import gpu_kernels
  original = pl.pallas_call

  def interpreted(*args, **kwargs):
    kwargs["interpret"] = True
    return original(*args, **kwargs)

  pl.pallas_call = interpreted
  bad = 0
  try:
    for name in names:
      text = open(os.path.join(gc.ROOT, "test", "Reference", "GPU", "lowered", f"{name}.mlir")).read()
      operands = make_main.kernel_operands(text)
      num_inputs, model, rtol, atol = models[name]
      inputs = make_main.draw_inputs(operands, num_inputs, zlib.crc32(name.encode()))
      fn, _ = gpu_kernels.KERNELS[name]()
      try:
        out = jax.jit(fn)(*inputs)
      except Exception as e:  # JAX's interpret mode lacks rules for most GPU primitives
        print(f"[{name}] JAX cannot interpret it: {type(e).__name__}: {str(e).splitlines()[0][:120]}")
        continue
      msg = compare(name, [np.asarray(out)], model(*inputs), max(rtol, 1e-6), max(atol, 1e-6))
      bad += msg is not None
      print(f"[{name}] {'model agrees with JAX interpret mode' if msg is None else 'MODEL DIFFERS: ' + msg}")
  finally:
    pl.pallas_call = original
  return bad


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("names", nargs="*")
  ap.add_argument("-v", "--verbose", action="store_true")
  ap.add_argument("--list", action="store_true", help="name the kernels with a numpy model")
  ap.add_argument("--check-models", action="store_true",
                  help="compare the numpy models with JAX's interpret mode on the CPU (no GPU needed)")
  ap.add_argument("--modules", default=os.path.join(gc.ROOT, "test", "Reference", "GPU", "lowered"))
  ap.add_argument("--plugin", default=os.path.join(gc.ROOT, "target", "debug", "libpallas_mlir.so"))
  ap.add_argument("--runtime", default=os.path.join(gc.ROOT, "target", "debug",
                                                    "libpallas_cuda_runtime.so"))
  ap.add_argument("--fake-driver", default=None,
                  help="run against this stand-in driver library (no GPU needed; outputs not compared)")
  ap.add_argument("--keep", default=None, help="keep the generated programs in this directory")
  ap.add_argument("--from-pallas", action="store_true",
                  help="run our own lowering of the pallas twins examples/gpu/NAME.mlir "
                  "(convert-pallas-to-mosaic-gpu + scripts/gpu-from-pallas.txt) instead of JAX's modules")
  ap.add_argument("--timeout", type=int, default=600)
  opts = ap.parse_args()
  if opts.check_models:
    models = _models()
    return 1 if check_models(opts.names or sorted(models), models) else 0
  if not opts.fake_driver:
    ok, why = gc.gpu_available()
    if not ok:
      print(f"gpu-test: no GPU: skipped ({why})")
      return 0
  models = _models()
  if opts.list:
    print("\n".join(sorted(models)))
    return 0
  names = opts.names or sorted(models)
  unknown = [n for n in names if n not in models]
  if unknown:
    ap.error(f"no numpy model for: {', '.join(unknown)} (--list names those with one)")
  workdir = opts.keep or tempfile.mkdtemp(prefix="gpu-test-")
  os.makedirs(workdir, exist_ok=True)
  failures = declined = 0
  for name in names:
    try:
      ok, msg, secs = run_one(name, opts, models, workdir)
    except Exception as e:  # report every kernel
      ok, msg, secs = False, f"{type(e).__name__}: {e}", 0.0
    failures += ok is False
    declined += ok is None
    status = "declined" if ok is None else "ok" if ok else "FAIL"
    print(f"[{name}] {status} ({secs:.1f} s): {msg}")
  tail = f", {declined} declined by the passes before pallas-gpu-to-llvm" if declined else ""
  print(f"gpu-test: {len(names) - failures - declined} of {len(names)} kernel(s) passed{tail}")
  return 1 if failures else 0


if __name__ == "__main__":
  sys.exit(main())
