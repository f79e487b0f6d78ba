#!/bin/bash
# Runs pallas-opt under valgrind's memcheck on every example, lit input and
# fuzz reproducer (tests/fuzz-corpus), each through the three conversions,
# or on the files given, and
# fails on the first invalid read/write, use of uninitialised memory or
# invalid free. Leaks are not checked: MLIR keeps its context's storage
# until exit by design.
#   scripts/memcheck.sh [PALLAS_OPT] [FILE...]     (make memcheck)
set -u
opt=${1:-target/debug/pallas-opt}
shift || true
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  mapfile -t files < <(ls examples/*.mlir examples/tpu/*.mlir examples/sparsecore/*.mlir \
    examples/cpu/*.mlir; find test -name '*.mlir' -not -path 'test/Reference/*' | sort; \
    ls tests/fuzz-corpus/*.mlir)
fi
runs=0
bad=0
for f in "${files[@]}"; do
  for pass in convert-pallas-to-tpu convert-pallas-to-sparsecore convert-pallas-to-scf; do
    runs=$((runs + 1))
    log=$(mktemp)
    valgrind --tool=memcheck --leak-check=no --error-exitcode=99 --quiet \
      --log-file="$log" "$opt" --split-input-file "--$pass" "$f" -o /dev/null 2>/dev/null
    if [ $? -eq 99 ]; then
      bad=$((bad + 1))
      echo "memcheck: errors in $opt --$pass $f:"
      head -n 30 "$log"
    fi
    rm -f "$log"
  done
done
echo "memcheck: $runs runs, $bad with memory errors"
[ $bad -eq 0 ]
