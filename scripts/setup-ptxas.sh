#!/usr/bin/env bash
# Installs ptxas and libdevice for the GPU path (`make gpu-report`, the lit
# feature `ptxas`, pallas-gpu-link-libdevice) into the Python venv: NVIDIA's
# PyPI wheel nvidia-cuda-nvcc-cu12, pinned so that the ptxas figures in the
# README stay comparable. Idempotent: pip runs only when the venv has no
# ptxas. Called by scripts/setup.sh; PTXAS=/path/to/ptxas makes the scripts
# use another one.
#
#   scripts/setup-ptxas.sh              # into .venv at the repository root
#   PALLAS_VENV=/some/dir scripts/setup-ptxas.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${PALLAS_VENV:-$ROOT/.venv}"
WHEEL="nvidia-cuda-nvcc-cu12==12.9.86"

log() { printf 'setup-ptxas: %s\n' "$*" >&2; }

if compgen -G "$VENV/lib/python3*/site-packages/nvidia/cuda_nvcc/bin/ptxas" >/dev/null; then
  log "ok ($VENV)"
  exit 0
fi
if [[ ! -x "$VENV/bin/python" ]]; then
  log "no venv at $VENV: run scripts/setup-venv.sh first"
  exit 1
fi
log "installing $WHEEL (ptxas, libdevice) into $VENV"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check "$WHEEL"
if ! compgen -G "$VENV/lib/python3*/site-packages/nvidia/cuda_nvcc/bin/ptxas" >/dev/null; then
  log "the wheel installed no ptxas under $VENV"
  exit 1
fi
log "ok ($VENV)"
