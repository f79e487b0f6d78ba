"""What the GPU scripts (ptx_report.py, make_main.py, gpu_test.py,
gpu_bench.py) share: where the tools are, the downstream pipeline
(scripts/gpu-pipeline.txt, registered as `pallas-gpu-to-llvm`), pulling the
PTX out of a lowered module, and whether this machine can run GPU code.

ptxas comes from the PyPI wheel `nvidia-cuda-nvcc-cu12` that
scripts/setup.sh installs into the venv; `PTXAS=/path/to/ptxas` overrides
the search.
"""

import glob
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LLVM_BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
PIPELINE_FILE = os.path.join(ROOT, "scripts", "gpu-pipeline.txt")
# After convert-pallas-to-mosaic-gpu, the passes to the level of jaxlib's
# lower_mgpu_dialect output (the front of convert-pallas-to-nvvm).
FROM_PALLAS_FILE = os.path.join(ROOT, "scripts", "gpu-from-pallas.txt")
DEFAULT_CHIP = "sm_90a"


def find_ptxas(venv=None):
  """The ptxas to use: $PTXAS, then the one of the nvidia-cuda-nvcc wheel in
  `venv` (default: this Python's prefix, then ./.venv), then PATH; None if
  there is none."""
  env = os.environ.get("PTXAS")
  if env:
    return env if os.access(env, os.X_OK) else None
  prefixes = [venv] if venv else [sys.prefix, os.path.join(ROOT, ".venv")]
  for prefix in prefixes:
    hits = sorted(glob.glob(os.path.join(
        prefix, "lib", "python3*", "site-packages", "nvidia", "cuda_nvcc", "bin", "ptxas")))
    if hits and os.access(hits[-1], os.X_OK):
      return hits[-1]
  return shutil.which("ptxas")


# The PTX ISA version each chip needs: 8.1 for sm_90a (multimem, used by
# the collective kernels), 8.6 for sm_100a.
PTX_FEATURES = {"sm_90a": "+ptx81", "sm_100a": "+ptx86"}


def pipeline_text(chip=DEFAULT_CHIP):
  """The downstream pipeline's passes for `chip` (the file says sm_90a)."""
  text = open(PIPELINE_FILE).read().strip()
  old = f"chip={DEFAULT_CHIP} features={PTX_FEATURES[DEFAULT_CHIP]}"
  if old not in text:
    raise RuntimeError(f"{PIPELINE_FILE} no longer says {old}")
  return text.replace(old, f"chip={chip} features={PTX_FEATURES[chip]}")


def from_pallas_text():
  """convert-pallas-to-mosaic-gpu and the passes after it, up to the level
  pallas-gpu-to-llvm takes."""
  return "convert-pallas-to-mosaic-gpu," + open(FROM_PALLAS_FILE).read().strip()


def chip_for(module_text):
  """The target a module needs: Blackwell's tcgen05/TMEM instructions exist
  only on sm_100a, everything else is compiled for Hopper (sm_90a)."""
  return "sm_100a" if "nvvm.tcgen05" in module_text else DEFAULT_CHIP


def opt_command(plugin, pipeline):
  """mlir-opt 22 with the plugin, running `pipeline` on a module."""
  return [os.path.join(LLVM_BIN, "mlir-opt"), f"--load-dialect-plugin={plugin}",
          f"--load-pass-plugin={plugin}", "-p", f"builtin.module({pipeline})"]


_ASSEMBLY = re.compile(r'gpu\.binary @(\w+)\s.*?assembly = "((?:[^"\\]|\\.)*)"', re.S)


def _unescape(s):
  """An MLIR string literal's body as bytes (\\XX hex escapes, \\\\, \\")."""
  out = bytearray()
  i = 0
  raw = s.encode()
  while i < len(raw):
    if raw[i:i + 1] == b"\\":
      nxt = raw[i + 1:i + 2]
      if nxt in (b"\\", b'"'):
        out += nxt
        i += 2
        continue
      out.append(int(raw[i + 1:i + 3], 16))
      i += 3
      continue
    out += raw[i:i + 1]
    i += 1
  return bytes(out)


def ptx_of(lowered_text):
  """{gpu.binary name: PTX text} of a module lowered with format=isa."""
  return {m.group(1): _unescape(m.group(2)).decode() for m in _ASSEMBLY.finditer(lowered_text)}


def launches(lowered_text):
  """{kernel symbol: (threads per block, dynamic shared memory bytes)} of
  the launches of a lowered module, from the constants their operands name
  (None where an operand is not a constant)."""
  consts = dict(re.findall(r"(%\w+) = llvm\.mlir\.constant\((-?\d+) : (?:i32|i64|index)\)",
                           lowered_text))
  value = lambda v: int(consts[v]) if v in consts else None
  out = {}
  for kernel, threads, smem in re.findall(
      r"gpu\.launch_func .*?@\w+::@(\w+) .*?threads in \(([^)]*)\)"
      r"(?:.*?dynamic_shared_memory_size (%\w+))?", lowered_text):
    dims = [value(t.strip()) for t in threads.split(",")]
    count = None if None in dims else dims[0] * dims[1] * dims[2]
    out[kernel] = (count, value(smem) if smem else 0)
  return out


def gpu_available(runtime_so=None):
  """(True, description) when this machine can run GPU code: an NVIDIA
  device node and a driver library that loads; (False, why) otherwise."""
  if not glob.glob("/dev/nvidia[0-9]*"):
    return False, "no /dev/nvidia* device"
  driver = os.environ.get("PALLAS_CUDA_DRIVER") or "libcuda.so.1"
  try:
    import ctypes
    lib = ctypes.CDLL(driver)
    if lib.cuInit(0) != 0:
      return False, f"cuInit failed in {driver}"
    count = ctypes.c_int(0)
    if lib.cuDeviceGetCount(ctypes.byref(count)) != 0 or count.value == 0:
      return False, "the driver sees no device"
  except OSError as e:
    return False, f"cannot load {driver}: {e}"
  return True, f"{count.value} device(s) through {driver}"


def run(cmd, **kw):
  return subprocess.run(cmd, capture_output=True, text=True, **kw)
