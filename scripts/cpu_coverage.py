#!/usr/bin/env python3
"""Checks issue 10's promise on every kernel the repository holds: where the
CPU reference (`convert-pallas-to-scf`) says "not yet supported", the TPU
and SparseCore lowerings reject the kernel too.

  python3 scripts/cpu_coverage.py [--pallas-opt P] [-v] [PATH...]

PATHs are .mlir files or directories searched for them (default: test/
without test/Reference, examples/, tests/fuzz-corpus/). Each file is cut at
its `// -----` lines, as `-split-input-file` cuts it; each piece goes
through the CPU lowering, and each piece the CPU lowering declines with "not
yet supported" through `convert-pallas-to-tpu` and
`convert-pallas-to-sparsecore`. A lowering accepts a piece when it exits 0
and leaves no `pallas.kernel` (each pass leaves the other's kernels alone,
which is not accepting them). A piece some TPU lowering accepts is a
failure: the CPU reference does not run a kernel a TPU runs. So is a piece
the CPU lowering crashes on (a signal, or an exit status other than 0 and
1): hostile or not, input gets a diagnostic. Exit status 1 when there is
one.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPLIT = re.compile(r"^// -----\s*$", re.M)
DEFAULT_PATHS = ["test", "examples", "tests/fuzz-corpus"]


def mlir_files(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for d, dirs, files in os.walk(p):
            dirs[:] = sorted(x for x in dirs if os.path.join(d, x) != os.path.join(ROOT, "test", "Reference")
                             and x != "Reference")
            for f in sorted(files):
                if f.endswith(".mlir"):
                    yield os.path.join(d, f)


def run(opt, pass_name, path):
    p = subprocess.run([opt, "--" + pass_name, path], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def accepts(opt, pass_name, path):
    rc, out, _ = run(opt, pass_name, path)
    return rc == 0 and "pallas.kernel" not in out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pallas-opt", default=os.path.join(ROOT, "target", "debug", "pallas-opt"))
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("paths", nargs="*")
    args = ap.parse_args()
    paths = args.paths or [os.path.join(ROOT, p) for p in DEFAULT_PATHS]
    pieces = declined = 0
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        piece_path = os.path.join(tmp, "piece.mlir")
        for f in mlir_files(paths):
            with open(f) as fh:
                text = fh.read()
            if "pallas.kernel" not in text:
                continue
            for k, piece in enumerate(SPLIT.split(text)):
                if "pallas.kernel" not in piece:
                    continue
                pieces += 1
                with open(piece_path, "w") as fh:
                    fh.write(piece)
                rc, _, err = run(args.pallas_opt, "convert-pallas-to-scf", piece_path)
                where = "%s (piece %d)" % (os.path.relpath(f, ROOT), k)
                if rc not in (0, 1):
                    frames = [l.strip() for l in err.splitlines() if "pallas_mlir::" in l]
                    failures.append("%s: the CPU reference crashed (exit status %d)%s"
                                    % (where, rc, ": " + frames[0] if frames else ""))
                    continue
                if rc == 0 or "not yet supported" not in err:
                    continue
                declined += 1
                why = next(l for l in err.splitlines() if "not yet supported" in l)
                why = why.split("error: ", 1)[-1]
                by = [p for p in ("convert-pallas-to-tpu", "convert-pallas-to-sparsecore")
                      if accepts(args.pallas_opt, p, piece_path)]
                if by:
                    failures.append("%s: the CPU reference says %r, but %s accepts it"
                                    % (where, why, " and ".join(by)))
                elif args.verbose:
                    print("ok: %s: %s (the TPU lowerings reject it too)" % (where, why))
    for line in failures:
        print("FAIL " + line)
    print("cpu-coverage: %d kernels' pieces, %d declined by the CPU reference as not yet supported; "
          "%d failures (crashes, or declined pieces a TPU lowering accepts)" % (pieces, declined, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
