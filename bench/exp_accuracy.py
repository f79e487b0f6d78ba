#!/usr/bin/env python3
"""Accuracy of the CPU reference's `math.exp` (pallas-expand-exp) on f32.

  .venv/bin/python bench/exp_accuracy.py [--pallas-opt P] [--step N]

Lowers a function applying `math.exp` to a buffer, on 16-lane vectors and
on scalars, through the CPU pipeline (scripts/cpu-pipeline.txt), compiles it
to a shared library with clang and calls it through its C interface on:

  every f32 bit pattern with a stride (--step, default 61: 70 million
  inputs covering both signs, every exponent, subnormals, infinities and
  NaNs), every f32 in [-0.5, 0.5] x 2^-k near the ends of the range, and a
  list of edge cases (the overflow and underflow thresholds, the smallest
  subnormal result, +-0, +-inf, NaN);

and compares with numpy's exp in float64 rounded to f32 (the correctly
rounded result but for rare double roundings). Prints the largest distance
in ulps (distance in the ordered bit patterns), how many inputs are off by
1 and by more, and whether the vector and scalar paths agree bit for bit.
Exits non-zero if any result is more than 1 ulp off, or a NaN/inf is wrong.
"""

import argparse
import ctypes
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLVM = os.environ.get("LLVM_PREFIX", "/usr/lib/llvm-22")

KERNELS = """\
module {
  func.func @exp_vec(%in: memref<?xf32>, %out: memref<?xf32>) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %n = memref.dim %in, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c16 {
      %v = vector.load %in[%i] : memref<?xf32>, vector<16xf32>
      %e = math.exp %v : vector<16xf32>
      vector.store %e, %out[%i] : memref<?xf32>, vector<16xf32>
    }
    return
  }
  func.func @exp_scalar(%in: memref<?xf32>, %out: memref<?xf32>) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %in, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %in[%i] : memref<?xf32>
      %e = math.exp %v : f32
      memref.store %e, %out[%i] : memref<?xf32>
    }
    return
  }
}
"""


class Memref1D(ctypes.Structure):
    _fields_ = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
                ("offset", ctypes.c_int64), ("size", ctypes.c_int64), ("stride", ctypes.c_int64)]


def descriptor(a):
    p = a.ctypes.data
    return Memref1D(p, p, 0, a.size, 1)


def build(args, tmp):
    with open(os.path.join(ROOT, "scripts", "cpu-pipeline.txt")) as f:
        pipeline = f.read().strip()
    src = os.path.join(tmp, "exp.mlir")
    with open(src, "w") as f:
        f.write(KERNELS)
    low = subprocess.run([args.pallas_opt, "-p", f"builtin.module({pipeline})", src],
                         capture_output=True, text=True, check=True).stdout
    if "@expf" in low or "llvm.intr.exp" in low:
        sys.exit("the pipeline left a libm/LLVM exp in place")
    ll = subprocess.run([os.path.join(LLVM, "bin", "mlir-translate"), "--mlir-to-llvmir"],
                        input=low, capture_output=True, text=True, check=True).stdout
    ll_path, so = os.path.join(tmp, "exp.ll"), os.path.join(tmp, "libexp.so")
    with open(ll_path, "w") as f:
        f.write(ll)
    subprocess.run([os.path.join(LLVM, "bin", "clang"), "-O2", "-march=native", "-shared",
                    "-fPIC", "-Wno-override-module", ll_path, "-o", so], check=True)
    return ctypes.CDLL(so)


def ordered(bits):
    """f32 bit patterns as integers in the order of the floats."""
    b = bits.astype(np.int64)
    return np.where(b & 0x80000000, 0x80000000 - b, b)


def inputs(step):
    yield "1 in every %d bit patterns" % step, np.arange(0, 2**32, step, dtype=np.uint64).astype(np.uint32).view(np.float32)
    # Dense runs around the points where the result changes regime.
    pts = [88.72283, 88.0, -87.33655, -87.0, -103.97208, -103.2789, -104.0, 0.34657359,
           -0.34657359, 1e-7, -1e-7, 1.0, -1.0, 10.0, -10.0, 50.0, -50.0, 100.0, -100.0]
    dense = []
    for p in pts:
        c = np.float32(p).view(np.uint32).astype(np.int64)
        dense.append(np.arange(c - 200000, c + 200000, dtype=np.int64).astype(np.uint32))
    yield "400 000 consecutive floats around each of %d points" % len(pts), np.concatenate(dense).view(np.float32)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 1e-45, -1e-45, 1.17549435e-38,
                        3.4028235e38, -3.4028235e38, 88.72283, 88.722839, 89.0, 89.1, -104.0,
                        -103.972, -103.9721, -87.33655, -87.336548], dtype=np.float32)
    yield "edge cases", special


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pallas-opt", default=os.path.join(ROOT, "target", "debug", "pallas-opt"))
    ap.add_argument("--step", type=int, default=61)
    args = ap.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        lib = build(args, tmp)
        for what, x in inputs(args.step):
            n = x.size
            pad = (-n) % 16
            x = np.concatenate([x, np.zeros(pad, np.float32)])
            worst, off1, off_more, mismatch, disagree = 0, 0, 0, 0, 0
            worst_x = None
            chunk = 1 << 22
            for s in range(0, x.size, chunk):
                xi = np.ascontiguousarray(x[s:s + chunk])
                yv, ys = np.empty_like(xi), np.empty_like(xi)
                dx, dv, ds = descriptor(xi), descriptor(yv), descriptor(ys)
                lib._mlir_ciface_exp_vec(ctypes.byref(dx), ctypes.byref(dv))
                lib._mlir_ciface_exp_scalar(ctypes.byref(dx), ctypes.byref(ds))
                disagree += int(np.sum(yv.view(np.uint32) != ys.view(np.uint32)))
                with np.errstate(over="ignore", under="ignore", invalid="ignore"):
                    ref = np.exp(xi.astype(np.float64)).astype(np.float32)
                nan_ref, nan_ours = np.isnan(ref), np.isnan(yv)
                mismatch += int(np.sum(nan_ref != nan_ours))
                fin = ~nan_ref & ~nan_ours
                d = np.abs(ordered(yv[fin].view(np.uint32)) - ordered(ref[fin].view(np.uint32)))
                if d.size:
                    i = int(np.argmax(d))
                    if d[i] > worst:
                        worst, worst_x = int(d[i]), float(xi[fin][i])
                off1 += int(np.sum(d == 1))
                off_more += int(np.sum(d > 1))
            print(f"{what}: {n} inputs, max {worst} ulp" + (f" (at x = {worst_x!r})" if worst else "")
                  + f", {off1} off by 1 ulp ({100.0 * off1 / n:.3f}%), {off_more} by more, "
                  f"{mismatch} NaN mismatches, vector/scalar disagree on {disagree}")
            ok &= worst <= 1 and mismatch == 0 and disagree == 0
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
