#!/usr/bin/env bash
# Creates the Python virtual environment the TPU evidence harness needs
# (scripts/jax/*.py: JAX's own Pallas TPU lowering and jaxlib's `tpu`
# dialect). Idempotent and fast when everything is there: pip runs only when
# `import jax, jaxlib, absl` fails or reports another version.
#
#   scripts/setup-venv.sh             # .venv at the repository root
#   PALLAS_VENV=/some/dir scripts/setup-venv.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${PALLAS_VENV:-$ROOT/.venv}"
JAX_VERSION=0.10.2
PY="$VENV/bin/python"

log() { printf 'setup-venv: %s\n' "$*" >&2; }

have_jax() {
  [[ -x "$PY" ]] && "$PY" - "$JAX_VERSION" <<'EOF' >/dev/null 2>&1
import sys
import absl, jax, jaxlib
want = sys.argv[1]
sys.exit(0 if jax.__version__ == want and jaxlib.__version__ == want else 1)
EOF
}

if have_jax; then
  log "ok ($VENV: jax $JAX_VERSION)"
  exit 0
fi

if [[ ! -x "$PY" ]]; then
  log "creating $VENV"
  if ! python3 -m venv "$VENV" 2>/dev/null; then
    # Debian splits ensurepip out of python3; install it like setup.sh does.
    rm -rf "$VENV"
    pkg="python3-venv"
    if [[ $(id -u) -eq 0 ]]; then SUDO=(); elif command -v sudo >/dev/null 2>&1; then SUDO=(sudo); else
      log "python3 -m venv failed and neither root nor sudo: install $pkg yourself"
      exit 1
    fi
    log "python3 -m venv failed: installing $pkg"
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" apt-get update -q
    "${SUDO[@]}" apt-get install -y -q --no-install-recommends "$pkg"
    python3 -m venv "$VENV"
  fi
fi

log "installing jax==$JAX_VERSION jaxlib==$JAX_VERSION absl-py into $VENV"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check \
  "jax==$JAX_VERSION" "jaxlib==$JAX_VERSION" absl-py

if ! have_jax; then
  log "jax $JAX_VERSION still not importable from $PY"
  exit 1
fi
log "ok ($VENV: jax $JAX_VERSION)"
