#!/bin/bash
# Runs pallas-opt under valgrind's memcheck on every example (examples/,
# tpu/, sparsecore/, cpu/, gpu/), lit input and fuzz reproducer
# (tests/fuzz-corpus), each through the four conversions, or on the files
# given, and fails if any run has an invalid read/write, a use of
# uninitialised memory or an invalid free. Leaks are not checked: MLIR
# keeps its context's storage until exit by design.
#   scripts/memcheck.sh [PALLAS_OPT] [FILE...]          (make memcheck)
#   JOBS=4 scripts/memcheck.sh target/release/pallas-opt examples/add.mlir
# JOBS runs that many valgrind processes at once (default 1). A release
# build is many times faster under valgrind than the debug one; build it
# with line tables (CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build
# --release) for file:line in the reports, the release profile has none.
set -u
opt=${1:-target/debug/pallas-opt}
shift || true
jobs=${JOBS:-1}
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

# One run: PASS FILE. Leaves "ok" or "bad" (with valgrind's report) in
# $results, named after the run's number.
one() {
  local n=$1 pass=$2 f=$3 log
  log="$results/$n.log"
  valgrind --tool=memcheck --leak-check=no --error-exitcode=99 --quiet \
    --log-file="$log" "$opt" --split-input-file "--$pass" "$f" -o /dev/null 2>/dev/null
  if [ $? -eq 99 ]; then
    { echo "memcheck: errors in $opt --$pass $f:"; head -n 30 "$log"; } > "$results/$n.bad"
    cat "$results/$n.bad"
  fi
  rm -f "$log"
}
export -f one
export opt results

n=0
for f in "${files[@]}"; do
  for pass in "${passes[@]}"; do
    n=$((n + 1))
    printf '%s\0%s\0%s\0' "$n" "$pass" "$f"
  done
done | xargs -0 -n 3 -P "$jobs" bash -c 'one "$@"' _
n=$((${#files[@]} * ${#passes[@]}))
bad=$(find "$results" -name '*.bad' | wc -l)
echo "memcheck: $n runs, $bad with memory errors"
[ "$bad" -eq 0 ]
