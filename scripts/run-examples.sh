#!/usr/bin/env bash
# Lowers and runs every examples/*.mlir that defines `func.func @main`:
#   stock mlir-opt + the plugin runs the plugin's named pipeline
#   pallas-cpu-pipeline (convert-pallas-to-scf, then the upstream lowering of
#   scripts/cpu-pipeline.txt to the LLVM dialect); mlir-runner executes @main
#   (which prints its results with vector.print / printMemref*).
# Usage: scripts/run-examples.sh [FILE.mlir...]   (default: examples/*.mlir)
# Env: PALLAS_PROFILE (debug), LLVM_PREFIX (/usr/lib/llvm-22).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM_PREFIX="${LLVM_PREFIX:-/usr/lib/llvm-22}"
PROFILE="${PALLAS_PROFILE:-debug}"
PLUGIN="$ROOT/target/$PROFILE/libpallas_mlir.so"
MLIR_OPT="$LLVM_PREFIX/bin/mlir-opt"
MLIR_RUNNER="$LLVM_PREFIX/bin/mlir-runner"
LIBS="$LLVM_PREFIX/lib/libmlir_c_runner_utils.so,$LLVM_PREFIX/lib/libmlir_runner_utils.so"

[[ -f "$PLUGIN" ]] || { echo "run: $PLUGIN is missing (cargo build first)" >&2; exit 1; }

if (($#)); then files=("$@"); else
  shopt -s nullglob
  files=("$ROOT"/examples/*.mlir)
fi

ran=0 failed=()
for f in "${files[@]}"; do
  grep -q 'func\.func @main' "$f" || continue
  name="${f#"$ROOT"/}"
  echo "=== $name"
  ran=$((ran + 1))
  if ! llvm="$("$MLIR_OPT" --load-dialect-plugin="$PLUGIN" --load-pass-plugin="$PLUGIN" \
      -p "builtin.module(pallas-cpu-pipeline)" "$f")"; then
    echo "--- $name: lowering failed" >&2
    failed+=("$name"); continue
  fi
  if ! "$MLIR_RUNNER" -e main -entry-point-result=void -shared-libs="$LIBS" <<<"$llvm"; then
    echo "--- $name: mlir-runner failed" >&2
    failed+=("$name"); continue
  fi
done

if ((ran == 0)); then
  echo "run: no example with func.func @main under examples/"
  exit 0
fi
if ((${#failed[@]})); then
  echo "run: $ran example(s), ${#failed[@]} failed: ${failed[*]}" >&2
  exit 1
fi
echo "run: $ran example(s) ok"
