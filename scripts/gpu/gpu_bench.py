#!/usr/bin/env python3
"""GPU benchmark (`make gpu-bench`): time per kernel call of our GPU path
against JAX's own Pallas Mosaic GPU kernels, Triton twins of the same
kernels and, for the matmuls, cuBLAS, on the same device in one run.

  python scripts/gpu/gpu_bench.py [--repeat N] [--from-pallas] [NAME ...]
  python scripts/gpu/gpu_bench.py --check-triton-interpret [NAME ...]
  python scripts/gpu/gpu_bench.py --check-triton-compile [NAME ...]
  python scripts/gpu/gpu_bench.py --self-check

Without a GPU (no /dev/nvidia* device, or the driver does not load or sees
no device) it prints "no GPU: skipped" and exits 0. `make gpu-bench` runs it
with the python of .venv-gpu-bench, which scripts/gpu/setup-bench.sh fills
(only on a machine with a GPU) with pinned `jax[cuda12]`, `triton` and
`cupy-cuda12x`; a column whose package is missing says "n/a".

Per kernel of scripts/gpu/gpu_test.py's list (the gpu_* kernels of
scripts/jax/gpu_kernels.py with a numpy model; gpu_debug_print has no
Triton twin):

* ours: the module (test/Reference/GPU/lowered/NAME.mlir, or --modules DIR,
  or with --from-pallas our own lowering of examples/gpu/NAME.mlir) with a
  timing host @main (scripts/gpu/make_main.py --repeat N: one warm-up call,
  then N calls between two host clock readings, each after a full stream
  synchronization), through pallas-gpu-to-llvm, run by mlir-runner with our
  runtime: seconds per call of the host entry (its TMA descriptor encoding
  and launch included, as in JAX's custom call);
* JAX: the kernel's builder from gpu_kernels.py, jitted, N calls between
  two host clock readings, then block_until_ready;
* Triton: the twin in scripts/gpu/triton_kernels.py on CuPy arrays; its
  outputs are first checked against the numpy model (a wrong twin is
  reported, not timed); then one warm-up launch and N launches between two
  CUDA events on the stream Triton and CuPy share (the legacy default one);
* cuBLAS (the matmuls): cupy.matmul on operands of the same shapes and
  dtypes, timed with CUDA events like Triton. gpu_wgmma_scoped computes
  a[:, :64] @ b + a[:, 64:] @ b + a[:, :64] @ b.T; its cuBLAS figure is the
  single GEMM [a0 a1 a0] @ [b; b; b.T] of the same FLOPs (operands stacked
  before timing, f16 output);
* JAX/ours and Triton/ours (above 1: ours is faster); for kernels that move
  memory, the bandwidth our call reaches (bytes of all operands / time) and
  its fraction of the device's peak HBM bandwidth; for the matmuls
  TFLOP/s and ours as a fraction of cuBLAS's time.

The peak HBM bandwidth comes from the driver: two transfers per memory
clock (HBM is double data rate) x the bus width
(cuDeviceGetAttribute: MEMORY_CLOCK_RATE in kHz, GLOBAL_MEMORY_BUS_WIDTH in
bits; an H100 SXM reports 2619 MHz and 5120 bits: 3.35 TB/s). Where the
driver reports no clock, NVIDIA's datasheet figure for the device name
(HBM_PEAK_TABLE) is used; the table header says which.

The last line states which of issue 14's goals are met: >= 1.0x JAX and
Triton on every kernel, >= 90 % of peak HBM bandwidth on the elementwise
kernels, matmul >= 75 % of cuBLAS. The goal names a bf16 matmul; the
benchmarked matmuls (gpu_wgmma_matmul, gpu_wgmma_scoped) are f16 x f16
with f32 accumulation, and the line says so. These kernels are small (at
most 384 KiB of operands): their times are dominated by launch latency and
repeated calls find their operands in L2, so the bandwidth goal is not
reachable at these sizes (see the README).

`--check-triton-interpret` needs no GPU: it runs every Triton twin under
Triton's interpreter (TRITON_INTERPRET=1) on the inputs gpu-test draws and
compares with gpu_test.py's numpy models; the twins' operand shapes and
dtypes must be those of JAX's module. Triton comes from the python's own
packages or from $PALLAS_TRITON_PATH (a directory put on sys.path, e.g.
one filled by `pip install --target DIR triton`); without it the mode says
"triton not importable: skipped" and exits 0. `--check-triton-compile`
compiles every twin for sm_90 with Triton's ahead-of-time compiler (to a
cubin, with the ptxas of Triton's wheel; no GPU needed) and checks that the
matmul twins' PTX uses wgmma.mma_async. `--self-check` checks the
peak-bandwidth arithmetic and the goal summary on made-up figures.
"""

import argparse
import collections
import ctypes
import os
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_common as gc  # noqa: E402

# Kernels whose output elements each come from the same-index input
# elements (or a fixed permutation of them): the HBM bandwidth goal's set.
ELEMENTWISE = {"gpu_elementwise_grid", "gpu_run_scoped", "gpu_tma_barrier", "gpu_layout_cast",
               "gpu_warp_specialized", "gpu_while_cond"}
MATMUL_FLOPS = {"gpu_wgmma_matmul": 2 * 256 * 256 * 256, "gpu_wgmma_scoped": 3 * 2 * 64 * 64 * 64}
GOAL_HBM_FRACTION = 0.90
GOAL_CUBLAS_FRACTION = 0.75

# NVIDIA's datasheet peak HBM bandwidth (bytes/s), by a substring of the
# device name, most specific first; used only when the driver reports no
# memory clock or bus width.
HBM_PEAK_TABLE = [("H200", 4.8e12), ("H100 NVL", 3.9e12), ("H100 PCIe", 2.0e12),
                  ("H100", 3.35e12)]


def hbm_peak(name, clock_khz, bus_bits):
  """(peak bytes/s or None, how it was found) for device `name`."""
  if clock_khz and bus_bits:
    return (2 * clock_khz * 1e3 * bus_bits / 8,
            f"driver: 2 x {clock_khz / 1e3:.0f} MHz x {bus_bits}-bit bus")
  for key, peak in HBM_PEAK_TABLE:
    if key in name:
      return peak, f"datasheet figure for {key} (driver reports no memory clock)"
  return None, "unknown (driver reports no memory clock, device not in HBM_PEAK_TABLE)"


def device_info():
  """(name, peak bytes/s or None, how) of device 0, asked of the driver."""
  driver = os.environ.get("PALLAS_CUDA_DRIVER") or "libcuda.so.1"
  lib = ctypes.CDLL(driver)
  lib.cuInit(0)
  dev = ctypes.c_int(0)
  lib.cuDeviceGet(ctypes.byref(dev), 0)
  buf = ctypes.create_string_buffer(256)
  lib.cuDeviceGetName(buf, 256, dev)
  name = buf.value.decode(errors="replace")

  def attribute(code):
    v = ctypes.c_int(0)
    return v.value if lib.cuDeviceGetAttribute(ctypes.byref(v), code, dev) == 0 else 0

  # CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE (kHz), ..._GLOBAL_MEMORY_BUS_WIDTH (bits).
  return (name,) + hbm_peak(name, attribute(36), attribute(37))


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


def inputs_for(name, opts):
  """The numpy inputs gpu-test draws for `name` (seeded with the name, shaped
  by JAX's module), bf16 as its 16 bits."""
  import make_main
  text = open(os.path.join(gc.ROOT, "test", "Reference", "GPU", "lowered", f"{name}.mlir")).read()
  operands = make_main.kernel_operands(text)
  num_inputs = opts.models[name][0]
  return operands, make_main.draw_inputs(operands, num_inputs, zlib.crc32(name.encode()))


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


def import_triton(interpret):
  """triton_kernels (the twins), or None when triton is not importable.
  $PALLAS_TRITON_PATH goes on sys.path first; the interpreter is chosen
  here, before triton is imported, since triton.jit reads it then."""
  extra = os.environ.get("PALLAS_TRITON_PATH")
  if extra and extra not in sys.path:
    sys.path.insert(0, extra)
  # Triton 3.9 warns unless told; contracting to FMA is its default, and
  # our PTX contracts too.
  os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
  if interpret:
    os.environ["TRITON_INTERPRET"] = "1"
  else:
    os.environ.pop("TRITON_INTERPRET", None)
  try:
    import triton  # noqa: F401
  except ImportError:
    return None
  import triton_kernels
  return triton_kernels


def check_triton_interpret(names, models):
  """Runs the Triton twins under the interpreter on gpu-test's inputs and
  compares with the numpy models; returns the number of disagreements, or
  None when triton is not importable."""
  tk = import_triton(interpret=True)
  if tk is None:
    return None
  import gpu_test
  opts = argparse.Namespace(models=models)
  bad = 0
  for name in names:
    if name not in tk.TWINS:
      print(f"[{name}] no Triton twin")
      continue
    operands, inputs = inputs_for(name, opts)
    twin = tk.TWINS[name]
    declared = [(s, d.name) for s, d in twin.inputs + twin.outputs]
    expected = [(tuple(s), {"f32": "float32", "f16": "float16", "i32": "int32"}.get(e, e))
                for s, e in operands]
    if declared != expected:
      msg = f"operands {declared}, JAX's module has {expected}"
    else:
      _, model, rtol, atol = models[name]
      try:
        msg = gpu_test.compare(name, tk.run_on_host(name, inputs), model(*inputs), rtol, atol)
      except Exception as e:  # report every twin
        msg = f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
    bad += msg is not None
    print(f"[{name}] " + ("Triton twin matches the numpy model under the interpreter"
                          if msg is None else f"TWIN DIFFERS: {msg}"))
  return bad


def check_triton_compile(names):
  """Compiles every Triton twin for sm_90 as Triton would on an H100 (to a
  cubin) and checks that the matmul twins use WGMMA; returns the number of
  failures, or None when triton is not importable."""
  tk = import_triton(interpret=False)
  if tk is None:
    return None
  bad = 0
  for name in names:
    if name not in tk.TWINS:
      print(f"[{name}] no Triton twin")
      continue
    try:
      asm = tk.TWINS[name].compile(90).asm
      wgmma = asm["ptx"].count("wgmma.mma_async")
      msg = None
      if not asm.get("cubin"):
        msg = "no cubin"
      elif name in MATMUL_FLOPS and not wgmma:
        msg = "the matmul twin's PTX has no wgmma.mma_async"
    except Exception as e:  # report every twin
      msg = f"{type(e).__name__}: {str(e).strip().splitlines()[-1][:200]}"
    bad += msg is not None
    extra = f" ({wgmma} wgmma.mma_async)" if msg is None and wgmma else ""
    print(f"[{name}] " + (f"Triton twin compiles for sm_90{extra}" if msg is None
                          else f"TWIN DOES NOT COMPILE: {msg}"))
  return bad


def cuda_event_time(fn, repeat):
  """Seconds per call of `fn` (launches on the legacy default stream): one
  warm-up call, then `repeat` calls between two CUDA events."""
  import cupy as cp
  fn()
  cp.cuda.Device().synchronize()
  start, end = cp.cuda.Event(), cp.cuda.Event()
  start.record()
  for _ in range(repeat):
    fn()
  end.record()
  end.synchronize()
  return cp.cuda.get_elapsed_time(start, end) / 1e3 / repeat


def triton_time(name, opts):
  """(seconds per call or None, note) of the Triton twin of `name`."""
  tk, cp = opts.triton, opts.cupy
  if tk is not None and name not in tk.TWINS:
    return None, "no Triton twin"
  if tk is None or cp is None:
    return None, ""
  import gpu_test
  import numpy as np
  twin = tk.TWINS[name]
  _, inputs = inputs_for(name, opts)
  ins = [cp.asarray(np.ascontiguousarray(x, d)) for x, (_, d) in zip(inputs, twin.inputs)]
  outs = [cp.full(s, np.nan if d.kind == "f" else -1, d) for s, d in twin.outputs]
  args = [tk.DeviceTensor(a) for a in ins + outs]
  launch = lambda: twin.launch(*args)
  launch()
  cp.cuda.Device().synchronize()
  _, model, rtol, atol = opts.models[name]
  msg = gpu_test.compare(name, [cp.asnumpy(o) for o in outs], model(*inputs), rtol, atol)
  if msg:
    return None, f"Triton twin WRONG: {msg[:120]}"
  return cuda_event_time(launch, opts.repeat), ""


def cublas_time(name, opts):
  """Seconds per cupy.matmul (cuBLAS) of the matmul `name`, or None."""
  cp = opts.cupy
  if cp is None or name not in MATMUL_FLOPS:
    return None
  import numpy as np
  _, (a, b) = inputs_for(name, opts)
  a, b = cp.asarray(a), cp.asarray(b)
  if name == "gpu_wgmma_scoped":
    # The three 64x64x64 products as one GEMM of the same FLOPs.
    a = cp.ascontiguousarray(cp.concatenate([a[:, :64], a[:, 64:], a[:, :64]], axis=1))
    b = cp.ascontiguousarray(cp.concatenate([b, b, b.T], axis=0))
  assert a.dtype == np.float16
  return cuda_event_time(lambda: cp.matmul(a, b), opts.repeat)


Row = collections.namedtuple("Row", "name ours jax triton cublas nbytes note")


def us(t):
  return f"{t * 1e6:9.1f}" if t else f"{'n/a':>9}"


def ratio(base, t):
  return f"{base / t:8.2f}" if base and t else f"{'n/a':>8}"


def format_row(r, peak):
  """One line of the table for Row `r`."""
  if r.ours is None:
    return f"{r.name:24} FAILED: {r.note}"
  gbs = pct = tflops = frac = ""
  if r.name not in MATMUL_FLOPS:
    bw = r.nbytes / r.ours
    gbs = f"{bw / 1e9:.0f}"
    pct = f"{100 * bw / peak:.1f}%" if peak else "n/a"
  else:
    tflops = f"{MATMUL_FLOPS[r.name] / r.ours / 1e12:.2f}"
    frac = f"{100 * r.cublas / r.ours:.1f}%" if r.cublas else "n/a"
  return (f"{r.name:24} {us(r.ours)} {us(r.jax)} {us(r.triton)} {us(r.cublas)} "
          f"{ratio(r.jax, r.ours)} {ratio(r.triton, r.ours)} {gbs:>7} {pct:>6} {tflops:>7} "
          f"{frac:>7}  {r.note}").rstrip()


HEADER = (f"{'kernel':24} {'ours us':>9} {'JAX us':>9} {'Triton us':>9} {'cuBLAS us':>9} "
          f"{'JAX/ours':>8} {'Tri/ours':>8} {'GB/s':>7} {'%peak':>6} {'TFLOP/s':>7} "
          f"{'%cuBLAS':>7}  notes")


def summary(rows, peak):
  """The goals line: met, not met (with the kernels that miss), or not
  measured (with why)."""
  done = [r for r in rows if r.ours is not None]
  parts = []

  def goal(label, subset, value, threshold, missing_why):
    measured = [(r.name, value(r)) for r in subset if value(r) is not None]
    if not subset or not measured:
      parts.append(f"{label}: not measured ({missing_why})")
      return
    miss = [n for n, v in measured if v < threshold]
    unmeasured = len(subset) - len(measured)
    state = "met" if not miss else "NOT met (" + ", ".join(miss) + ")"
    if unmeasured:
      state += f"; {unmeasured} kernel(s) not measured"
    parts.append(f"{label}: {state}")

  goal(">=1.0x JAX", done, lambda r: r.jax / r.ours if r.jax else None, 1.0,
       "no jax with a GPU backend")
  goal(">=1.0x Triton", done, lambda r: r.triton / r.ours if r.triton else None, 1.0,
       "no triton/cupy")
  goal(f"elementwise >={GOAL_HBM_FRACTION:.0%} of HBM peak", [r for r in done if r.name in ELEMENTWISE],
       lambda r: r.nbytes / r.ours / peak if peak else None, GOAL_HBM_FRACTION,
       "peak bandwidth unknown" if not peak else "no elementwise kernel ran")
  goal(f"matmul >={GOAL_CUBLAS_FRACTION:.0%} of cuBLAS (f16; no bf16 matmul benchmarked)",
       [r for r in done if r.name in MATMUL_FLOPS],
       lambda r: r.cublas / r.ours if r.cublas else None, GOAL_CUBLAS_FRACTION,
       "no cupy" if done else "no matmul ran")
  failed = len(rows) - len(done)
  return "goals: " + "; ".join(parts) + (f"; {failed} kernel(s) FAILED" if failed else "")


def self_check():
  """Checks hbm_peak and summary on made-up figures; returns the number of
  failures."""
  bad = 0

  def expect(what, got, want):
    nonlocal bad
    ok = got == want
    bad += not ok
    print(f"{'ok' if ok else 'FAIL'}: {what}: {got!r}" + ("" if ok else f", expected {want!r}"))

  # H100 SXM5: HBM3 at 2619 MHz on a 5120-bit bus: 2 x 2.619e9 x 640 B.
  expect("peak from the driver (H100 SXM)", round(hbm_peak("NVIDIA H100 80GB HBM3", 2619000, 5120)[0] / 1e9),
         3352)
  expect("table fallback (H200)", hbm_peak("NVIDIA H200", 0, 0)[0], 4.8e12)
  expect("table fallback (H100 PCIe)", hbm_peak("NVIDIA H100 PCIe", 0, 5120)[0], 2.0e12)
  expect("unknown device", hbm_peak("NVIDIA A2", 0, 0)[0], None)
  rows = [Row("gpu_elementwise_grid", 10e-6, 12e-6, 9e-6, None, 393216, ""),
          Row("gpu_wgmma_matmul", 20e-6, 25e-6, 21e-6, 16e-6, 393216, ""),
          Row("gpu_row_softmax", None, None, None, None, 0, "pipeline failed")]
  expect("summary", summary(rows, 1e12),
         "goals: >=1.0x JAX: met; >=1.0x Triton: NOT met (gpu_elementwise_grid); "
         "elementwise >=90% of HBM peak: NOT met (gpu_elementwise_grid); "
         "matmul >=75% of cuBLAS (f16; no bf16 matmul benchmarked): met; 1 kernel(s) FAILED")
  expect("summary without baselines", summary([rows[0]._replace(jax=None, triton=None)], None),
         "goals: >=1.0x JAX: not measured (no jax with a GPU backend); "
         ">=1.0x Triton: not measured (no triton/cupy); "
         "elementwise >=90% of HBM peak: not measured (peak bandwidth unknown); "
         "matmul >=75% of cuBLAS (f16; no bf16 matmul benchmarked): not measured (no cupy)")
  expect("row", format_row(rows[1], 1e12).split()[1:8],
         ["20.0", "25.0", "21.0", "16.0", "1.25", "1.05", "1.68"])
  return bad


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
  ap.add_argument("--check-triton-interpret", action="store_true",
                  help="check the Triton twins under Triton's interpreter against the numpy "
                  "models (no GPU needed)")
  ap.add_argument("--check-triton-compile", action="store_true",
                  help="compile the Triton twins for sm_90 (no GPU needed)")
  ap.add_argument("--self-check", action="store_true",
                  help="check the peak-bandwidth arithmetic and the goal summary (no GPU needed)")
  opts = ap.parse_args()
  if opts.self_check:
    return 1 if self_check() else 0
  if opts.check_triton_interpret or opts.check_triton_compile:
    import gpu_test
    models = gpu_test._models()
    names = opts.names or sorted(models)
    bad = (check_triton_interpret(names, models) if opts.check_triton_interpret
           else check_triton_compile(names))
    if bad is None:
      print("gpu-bench: triton not importable: skipped (install it or set PALLAS_TRITON_PATH)")
      return 0
    return 1 if bad else 0
  ok, why = gc.gpu_available()
  if not ok:
    print(f"gpu-bench: no GPU: skipped ({why})")
    return 0
  import gpu_test
  opts.models = gpu_test._models()
  names = opts.names or sorted(opts.models)
  opts.triton = import_triton(interpret=False)
  try:
    import cupy
    opts.cupy = cupy
  except ImportError:
    opts.cupy = None
  dev, peak, how = device_info()
  print(f"gpu-bench: {dev}; peak HBM bandwidth "
        f"{f'{peak / 1e9:.0f} GB/s' if peak else 'unknown'} ({how}); {opts.repeat} calls each; "
        f"ours: {'our lowering of examples/gpu' if opts.from_pallas else 'JAX modules'} "
        f"through pallas-gpu-to-llvm; triton {'yes' if opts.triton else 'n/a'}, "
        f"cupy {'yes' if opts.cupy else 'n/a'}")
  print(HEADER)
  workdir = tempfile.mkdtemp(prefix="gpu-bench-")
  rows = []
  for name in names:
    try:
      t, nbytes = ours(name, opts, workdir)
    except Exception as e:  # report every kernel
      rows.append(Row(name, None, None, None, None, 0, str(e)))
      print(format_row(rows[-1], peak), flush=True)
      continue
    notes = []
    try:
      tt, note = triton_time(name, opts)
    except Exception as e:
      tt, note = None, f"Triton failed: {type(e).__name__}: {str(e).splitlines()[0][:100]}"
    notes += [note] if note else []
    try:
      tc = cublas_time(name, opts)
    except Exception as e:
      tc = None
      notes.append(f"cuBLAS failed: {type(e).__name__}: {str(e).splitlines()[0][:100]}")
    rows.append(Row(name, t, jax_time(name, opts.repeat), tt, tc, nbytes, "; ".join(notes)))
    print(format_row(rows[-1], peak), flush=True)
  print(summary(rows, peak))
  return 1 if any(r.ours is None for r in rows) else 0


if __name__ == "__main__":
  sys.exit(main())
