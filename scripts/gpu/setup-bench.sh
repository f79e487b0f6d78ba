#!/usr/bin/env bash
# The packages `make gpu-bench` compares against, in their own venv
# (.venv-gpu-bench, apart from the CPU-only jax of .venv): JAX with its CUDA
# 12 plugin (Pallas Mosaic GPU), Triton, and CuPy (cuBLAS, CUDA events)
# with NVIDIA's CUDA 12 libraries from PyPI. Versions pinned so that
# figures taken on different days compare. Idempotent: pip runs only when
# the venv's stamp does not list exactly these pins. `make gpu-bench` calls
# it only on a machine with an NVIDIA GPU.
#
#   scripts/gpu/setup-bench.sh                 # .venv-gpu-bench at the repository root
#   PALLAS_BENCH_VENV=/some/dir PALLAS_BENCH_PYTHON=/usr/bin/python3.11 scripts/gpu/setup-bench.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="${PALLAS_BENCH_VENV:-$ROOT/.venv-gpu-bench}"
PYTHON="${PALLAS_BENCH_PYTHON:-python3}"
PACKAGES=("jax[cuda12]==0.10.2" "triton==3.9.0" "cupy-cuda12x[ctk]==14.2.0")
STAMP="$VENV/.pallas-bench-packages"

log() { printf 'setup-bench: %s\n' "$*" >&2; }

if [[ -f "$STAMP" && "$(cat "$STAMP")" == "${PACKAGES[*]}" ]]; then
  log "ok ($VENV)"
  exit 0
fi
if [[ ! -x "$VENV/bin/python" ]]; then
  log "creating $VENV with $PYTHON"
  "$PYTHON" -m venv "$VENV"
fi
log "installing ${PACKAGES[*]} into $VENV"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check "${PACKAGES[@]}"
# Importable, and JAX sees the GPU through its CUDA plugin.
"$VENV/bin/python" - <<'PY'
import cupy, jax, numpy, triton
print(f"setup-bench: jax {jax.__version__} on {jax.devices()[0].platform}, "
      f"triton {triton.__version__}, cupy {cupy.__version__}, numpy {numpy.__version__}")
if jax.devices()[0].platform != "gpu":
    raise SystemExit("setup-bench: jax sees no GPU")
PY
printf '%s' "${PACKAGES[*]}" > "$STAMP"
log "ok ($VENV)"
