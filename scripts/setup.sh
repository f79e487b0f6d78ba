#!/usr/bin/env bash
# Installs what building and testing pallas-mlir needs. Idempotent and fast
# when everything is present: apt-get runs only when a package is missing.
#
#   scripts/setup.sh            # check, install what is missing
#   PALLAS_SETUP_PYTHON=0 scripts/setup.sh   # skip the Python venv (.venv, see below)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM_PREFIX="${LLVM_PREFIX:-/usr/lib/llvm-22}"

# LLVM/MLIR 22 from apt.llvm.org-style Debian packages. clang-22 compiles the
# C++ shims (it must be the compiler libMLIR.so was built with); libpolly and
# zstd are link dependencies of melior's tblgen crate; the rest are what
# llvm-config --system-libs asks for.
PACKAGES=(
  mlir-22-tools libmlir-22-dev llvm-22-dev llvm-22-tools
  libclang1-22 libclang-common-22-dev clang-22 libpolly-22-dev
  libzstd-dev zlib1g-dev libxml2-dev libedit-dev libncurses-dev libffi-dev libz3-dev
)

log() { printf 'setup: %s\n' "$*" >&2; }

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  log "installing: ${missing[*]}"
  if [[ $(id -u) -eq 0 ]]; then
    SUDO=()
  elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    log "not root and no sudo: install these packages yourself: ${missing[*]}"
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update -q
  "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# Tools the build and the tests call.
for tool in mlir-opt mlir-tblgen mlir-runner llvm-config FileCheck clang; do
  if [[ ! -x "$LLVM_PREFIX/bin/$tool" ]]; then
    log "missing $LLVM_PREFIX/bin/$tool"
    exit 1
  fi
done
if ! command -v cargo >/dev/null 2>&1 && [[ ! -x "$HOME/.cargo/bin/cargo" ]]; then
  log "cargo not found: install a stable Rust toolchain (https://rustup.rs)"
  exit 1
fi
# lit: the LLVM package ships it; fall back to a pip-installed one.
if [[ ! -x "$LLVM_PREFIX/bin/lit" ]] && ! command -v lit >/dev/null 2>&1; then
  log "lit not found in $LLVM_PREFIX/bin: installing it with pip"
  python3 -m pip install --user lit
fi

# Python venv at .venv with jax/jaxlib 0.10.2 for the TPU evidence harness
# (`make jax-check`, part of `make test`): scripts/setup-venv.sh, idempotent;
# then ptxas for the GPU path in the same venv: scripts/setup-ptxas.sh.
# Skip it with PALLAS_SETUP_PYTHON=0.
if [[ "${PALLAS_SETUP_PYTHON:-1}" == 1 ]]; then
  "$ROOT/scripts/setup-venv.sh"
  # ptxas and libdevice for the GPU path (the nvidia-cuda-nvcc-cu12 wheel).
  "$ROOT/scripts/setup-ptxas.sh"
fi

log "ok"
