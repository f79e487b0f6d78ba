#!/bin/bash
# Runs pallas-opt under valgrind's memcheck on every example (examples/,
# tpu/, sparsecore/, cpu/, gpu/), lit input and fuzz reproducer
# (tests/fuzz-corpus), each through the four conversions, or on the files
# given, and fails if any run has an invalid read/write, a use of
# uninitialised memory or an invalid free. Leaks are not checked: MLIR
# keeps its context's storage until exit by design.
#   scripts/memcheck.sh [PALLAS_OPT] [FILE...]          (make memcheck)
#   JOBS=4 scripts/memcheck.sh target/release/pallas-opt examples/add.mlir
#
# Starting pallas-opt under valgrind costs seconds (it maps all of MLIR and
# LLVM), far more than lowering one input, so the inputs of one conversion
# go through one process: all files joined at `// -----` lines and run with
# --split-input-file, as each file alone would be. When such a run reports
# errors, its files are run one by one to say which (PER_FILE=1 does that
# from the start). JOBS runs that many valgrind processes at once (default
# 1). A release build is many times faster under valgrind than the debug
# one; build it with line tables (CARGO_PROFILE_RELEASE_DEBUG=line-tables-only
# cargo build --release) for file:line in the reports.
set -u
# The Rust code's small blocks come from malloc itself, not from the
# crate's free lists (src/ir/alloc.rs), so that memcheck sees into them.
export PALLAS_SYSTEM_ALLOC=1
opt=${1:-target/debug/pallas-opt}
shift || true
jobs=${JOBS:-1}
per_file=${PER_FILE:-0}
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  mapfile -t files < <(ls examples/*.mlir examples/tpu/*.mlir examples/sparsecore/*.mlir \
    examples/cpu/*.mlir examples/gpu/*.mlir; find test -name '*.mlir' -not -path 'test/Reference/*' | sort; \
    ls tests/fuzz-corpus/*.mlir)
fi
if [ ! -x "$opt" ]; then
  echo "memcheck: no executable $opt (build it first)" >&2
  exit 2
fi
passes=(convert-pallas-to-tpu convert-pallas-to-sparsecore convert-pallas-to-scf
  convert-pallas-to-mosaic-gpu)
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# One valgrind run: NAME PASS FILE. Leaves "NAME.bad" (with valgrind's
# report) in $results when memcheck found errors or the run crashed.
one() {
  local name=$1 pass=$2 f=$3 log
  log="$results/$name.log"
  valgrind --tool=memcheck --leak-check=no --error-exitcode=99 --quiet \
    --log-file="$log" "$opt" --split-input-file "--$pass" "$f" -o /dev/null 2>/dev/null
  local rc=$?
  # 99: memcheck's errors; 128 and up: killed by a signal. With --quiet
  # the log holds only errors: a crash that LLVM's handler turned into
  # exit status 1 still leaves valgrind's report there.
  if [ $rc -eq 99 ] || [ $rc -ge 128 ] || [ -s "$log" ]; then
    { echo "memcheck: errors in $opt --$pass $f (exit status $rc):"; head -n 30 "$log"; } \
      > "$results/$name.bad"
  fi
  rm -f "$log"
}
export -f one
export opt results

# Every file, then a split marker: pieces stay the pieces of their file.
joined="$results/all.mlir"
for f in "${files[@]}"; do
  cat "$f"
  printf '\n// -----\n'
done > "$joined"

if [ "$per_file" = 1 ]; then
  suspects=("${passes[@]}")
else
  printf '%s\0' "${passes[@]}" \
    | xargs -0 -I{} -P "$jobs" bash -c 'one "joined-{}" "{}" "$0"' "$joined"
  suspects=()
  for pass in "${passes[@]}"; do
    if [ -e "$results/joined-$pass.bad" ]; then
      suspects+=("$pass")
      rm -f "$results/joined-$pass.bad"
    fi
  done
fi

n=0
for pass in "${suspects[@]}"; do
  for f in "${files[@]}"; do
    n=$((n + 1))
    printf '%s\0%s\0%s\0' "$n" "$pass" "$f"
  done
done | xargs -0 -r -n 3 -P "$jobs" bash -c 'one "$@"' _
for bad in "$results"/*.bad; do
  [ -e "$bad" ] && cat "$bad"
done
bad=$(find "$results" -name '*.bad' | wc -l)
echo "memcheck: ${#files[@]} files x ${#passes[@]} conversions, $bad runs with memory errors"
if [ "$bad" -gt 0 ]; then
  exit 1
fi
if [ "$per_file" != 1 ] && [ ${#suspects[@]} -gt 0 ]; then
  echo "memcheck: the joined runs of ${suspects[*]} had errors that no file alone shows" >&2
  exit 1
fi
