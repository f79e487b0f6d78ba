# pallas-mlir: `make run` and `make test` work on a fresh Debian machine
# (they install the LLVM/MLIR 22 packages first through scripts/setup.sh).

LLVM_PREFIX ?= /usr/lib/llvm-22
export PATH := $(HOME)/.cargo/bin:$(PATH)
CARGO ?= cargo
LIT ?= $(shell if [ -x $(LLVM_PREFIX)/bin/lit ]; then echo $(LLVM_PREFIX)/bin/lit; else echo lit; fi)
LIT_FLAGS ?= -sv
TBLGEN := $(LLVM_PREFIX)/bin/mlir-tblgen
DIALECT_TD := include/pallas/Dialect/Pallas/Pallas.td

.PHONY: all setup build run test cargo-test lit docs fmt fmt-fix lint help venv jax-references jax-check cpu-check bench memcheck fuzz fuzz-check ptxas gpu-report gpu-test gpu-bench

all: build

help:
	@echo "make build     cargo build (libpallas_mlir.so, pallas-opt, libpallas_cuda_runtime.so)"
	@echo "make run       build, then lower and run every examples/*.mlir with a @main"
	@echo "make test      build, cargo test, lit tests under test/, jax-check, cpu-check, fuzz-check"
	@echo "make cpu-check run examples/cpu/*.mlir on the CPU reference and under JAX's interpret mode, compare"
	@echo "make fuzz      semantic fuzzer: N mutants (default 1000, SEED=...) through every pass, failures minimised into target/fuzz"
	@echo "make jax-check lower examples/{tpu,sparsecore} + test/Conversion/PallasTo{TPU,SparseCore}, verify with jaxlib, compare with JAX; verify the GPU references, check examples/gpu"
	@echo "make jax-references  regenerate test/Reference/{TPU,SparseCore,GPU} with JAX (scripts/jax/{tpu,sc,gpu}_kernels.py)"
	@echo "make bench     release build, then lowering time vs JAX (TPU, SparseCore, GPU) and scaling (bench/tpu_lowering.py)"
	@echo "make memcheck  every example and lit input through the four passes under valgrind memcheck (slow; JOBS=N, PALLAS_OPT=...)"
	@echo "make gpu-report  lower GPU_REPORT_INPUTS (default test/Reference/GPU/lowered/*.mlir) to PTX with pallas-gpu-to-llvm, ptxas -v: registers, spills, shared memory per kernel"
	@echo "make gpu-test  run the GPU kernels with mlir-runner + our CUDA runtime, compare with numpy (no GPU: skipped)"
	@echo "make gpu-bench time the GPU kernels against JAX's Pallas Mosaic GPU, Triton and cuBLAS (no GPU: skipped)"
	@echo "make docs      regenerate docs/{Pallas,TPU,MosaicGPU}Dialect.md with mlir-tblgen"
	@echo "make fmt       cargo fmt --check   (make fmt-fix to apply)"
	@echo "make lint      cargo clippy -- -D warnings"

setup:
	@scripts/setup.sh

build:
	$(CARGO) build

run: setup build
	scripts/run-examples.sh

test: setup build cargo-test lit jax-check cpu-check fuzz-check gpu-report

cargo-test:
	$(CARGO) test

# lit.cfg.py sits at the repository root; the tests are under test/.
lit: build
	$(LIT) $(LIT_FLAGS) test/

docs:
	$(TBLGEN) -gen-dialect-doc -I include -I $(LLVM_PREFIX)/include $(DIALECT_TD) -o docs/PallasDialect.md
	$(TBLGEN) -gen-dialect-doc -I include -I $(LLVM_PREFIX)/include include/pallas/Dialect/TPU/TPU.td -o docs/TPUDialect.md
	$(TBLGEN) -gen-dialect-doc -I include -I $(LLVM_PREFIX)/include include/pallas/Dialect/MosaicGPU/MosaicGPU.td -o docs/MosaicGPUDialect.md

fmt:
	$(CARGO) fmt --check

fmt-fix:
	$(CARGO) fmt

lint:
	$(CARGO) clippy --all-targets -- -D warnings

# ---------------------------------------------------------------------------
# TPU evidence harness (scripts/jax/): JAX 0.10.2's own Pallas TPU lowering and
# jaxlib's `tpu` dialect, in a venv that scripts/setup-venv.sh creates.
VENV ?= $(CURDIR)/.venv
# lit (ptxas and venv-python features, lit.cfg.py) and scripts/setup-*.sh
# look for the venv here.
export PALLAS_VENV := $(VENV)
JAX_PY := $(VENV)/bin/python
PALLAS_OPT := target/debug/pallas-opt
JAX_CHECK_DIR := target/jax-check

venv:
	@PALLAS_VENV=$(VENV) scripts/setup-venv.sh

# test/Reference/TPU/<name>.mlir: what JAX emits for scripts/jax/tpu_kernels.py.
jax-references: venv
	$(JAX_PY) scripts/jax/dump_tpu_reference.py
	$(JAX_PY) scripts/jax/dump_gpu_reference.py
	$(JAX_PY) scripts/jax/dump_gpu_reference.py --final

# Two rounds, TensorCore then SparseCore, each:
# 1. lower every EXAMPLES/*.mlir and every LIT/*.mlir that expects no error
#    (no expected-error, no `RUN: not ...`), the latter with
#    --split-input-file, with PASS into $(JAX_CHECK_DIR);
# 2. parse + verify all of it with jaxlib (verify_tpu.py);
# 3. compare the examples with REFS (compare_tpu.py), but those named in
#    XFAIL, which must still differ (the list only shrinks).
#   TensorCore: examples/tpu, test/Conversion/PallasToTPU,
#     convert-pallas-to-tpu, test/Reference/TPU, scripts/jax/compare-xfail.txt
#   SparseCore: examples/sparsecore, test/Conversion/PallasToSparseCore,
#     convert-pallas-to-sparsecore, test/Reference/SparseCore,
#     scripts/jax/compare-xfail-sc.txt (compare_tpu.py --sparsecore)
# Then the mosaic_gpu dialect (scripts/jax/check_mgpu_text.py): IR that JAX's
# Pallas Mosaic GPU lowering emits for the script's kernels (and any
# test/Reference/GPU/*.mlir) prints as jaxlib prints it, our round-trip inputs
# too (and jaxlib verifies our output), jaxlib rejects every invalid case
# with the stated errors, --canonicalize gives the same output with both, and
# 200 seeded mutants of those modules are accepted and printed, or rejected,
# alike by both.
# Every step runs; the target fails if any did.
jax-check: venv build
	@rm -rf $(JAX_CHECK_DIR); \
	mkdir -p $(JAX_CHECK_DIR)/examples $(JAX_CHECK_DIR)/lit $(JAX_CHECK_DIR)/sc-examples $(JAX_CHECK_DIR)/sc-lit; \
	fail=0; \
	lower() { pass=$$1; dir=$$2; split=$$3; shift 3; \
	  for f in "$$@"; do \
	    [ -e "$$f" ] || continue; \
	    if [ -n "$$split" ] && { grep -q 'expected-error' $$f || grep -Eq 'RUN:.*not %(pallas_opt|mlir_opt)' $$f; }; then \
	      echo "jax-check: skipping $$f (expects errors)"; continue; fi; \
	    o=$$dir/$$(basename $$f); \
	    if $(PALLAS_OPT) $$split --$$pass $$f -o $$o 2>$$o.log; then outs="$$outs $$o"; \
	    else echo "jax-check: $$pass failed on $$f:"; head -n 5 $$o.log; fail=1; fi; \
	  done; }; \
	compare() { refs=$$1; list=$$2; flags=$$3; shift 3; \
	  echo "jax-check: comparing with JAX's lowering ($$refs)"; \
	  xfail=$$(grep -v '^#' $$list | awk '{print $$1}'); \
	  names=$$(for f in "$$@"; do [ -e "$$f" ] || continue; n=$$(basename $$f .mlir); \
	    echo "$$xfail" | grep -qx "$$n" || echo $$n; done); \
	  if [ -n "$$names" ]; then \
	    $(JAX_PY) scripts/jax/compare_tpu.py --pallas-opt $(PALLAS_OPT) $$flags $$names || fail=1; fi; \
	  for n in $$xfail; do \
	    if $(JAX_PY) scripts/jax/compare_tpu.py --pallas-opt $(PALLAS_OPT) $$flags $$n >/dev/null 2>&1; then \
	      echo "jax-check: $$n now matches JAX; remove it from $$list"; fail=1; \
	    else echo "jax-check: $$n differs from JAX (expected, see $$list)"; fi; \
	  done; }; \
	outs=""; \
	lower convert-pallas-to-tpu $(JAX_CHECK_DIR)/examples "" examples/tpu/*.mlir; \
	lower convert-pallas-to-tpu $(JAX_CHECK_DIR)/lit --split-input-file test/Conversion/PallasToTPU/*.mlir; \
	echo "jax-check: verifying with jaxlib's tpu dialect"; \
	if [ -n "$$outs" ]; then $(JAX_PY) scripts/jax/verify_tpu.py --split-input-file $$outs || fail=1; fi; \
	compare test/Reference/TPU scripts/jax/compare-xfail.txt "" examples/tpu/*.mlir; \
	echo "jax-check: SparseCore (convert-pallas-to-sparsecore)"; \
	outs=""; \
	lower convert-pallas-to-sparsecore $(JAX_CHECK_DIR)/sc-examples "" examples/sparsecore/*.mlir; \
	lower convert-pallas-to-sparsecore $(JAX_CHECK_DIR)/sc-lit --split-input-file test/Conversion/PallasToSparseCore/*.mlir; \
	echo "jax-check: verifying SparseCore output with jaxlib's tpu dialect"; \
	if [ -n "$$outs" ]; then $(JAX_PY) scripts/jax/verify_tpu.py --split-input-file $$outs || fail=1; fi; \
	compare test/Reference/SparseCore scripts/jax/compare-xfail-sc.txt --sparsecore examples/sparsecore/*.mlir; \
	echo "jax-check: the mosaic_gpu dialect against jaxlib's (check_mgpu_text.py)"; \
	$(JAX_PY) scripts/jax/check_mgpu_text.py --pallas-opt $(PALLAS_OPT) --kernels --out $(JAX_CHECK_DIR)/mgpu \
	  --reference $(wildcard test/Reference/GPU/*.mlir) --roundtrip test/Dialect/MosaicGPU/roundtrip*.mlir \
	  --invalid test/Dialect/MosaicGPU/invalid*.mlir --canonicalize test/Dialect/MosaicGPU/canonicalize.mlir $(wildcard test/Reference/GPU/*.mlir) \
	  --mutants 200 --seed 1 || fail=1; \
	echo "jax-check: GPU references (test/Reference/GPU) with jaxlib's mosaic_gpu dialect"; \
	$(JAX_PY) scripts/jax/gpu_verify.py -q test/Reference/GPU || fail=1; \
	$(JAX_PY) scripts/jax/gpu_check.py --pallas-opt $(PALLAS_OPT) || fail=1; \
	echo "jax-check: convert-pallas-to-mosaic-gpu lit outputs verified with jaxlib"; \
	mkdir -p $(JAX_CHECK_DIR)/gpu-lit; outs=""; \
	for f in test/Conversion/PallasToMosaicGPU/*.mlir; do \
	  grep -q 'expected-error' $$f && continue; \
	  o=$(JAX_CHECK_DIR)/gpu-lit/$$(basename $$f); \
	  if $(PALLAS_OPT) --mlir-print-op-generic --split-input-file --convert-pallas-to-mosaic-gpu $$f -o $$o 2>$$o.log; \
	  then outs="$$outs $$o"; else echo "jax-check: convert-pallas-to-mosaic-gpu failed on $$f"; head -n 5 $$o.log; fail=1; fi; \
	done; \
	$(JAX_PY) scripts/jax/compare_gpu.py --verify $$outs || fail=1; \
	echo "jax-check: convert-pallas-to-mosaic-gpu against JAX's lowering (compare_gpu.py; verified in jaxlib; listed structure differences: compare-gpu-xfail.txt)"; \
	$(JAX_PY) scripts/jax/compare_gpu.py --pallas-opt $(PALLAS_OPT) || fail=1; \
	echo "jax-check: convert-mosaic-gpu-to-nvvm against jaxlib's lower_mgpu_dialect (compare_nvvm.py, listed: compare-nvvm-xfail.txt)"; \
	$(JAX_PY) scripts/jax/compare_nvvm.py --pallas-opt $(PALLAS_OPT) || fail=1; \
	echo "jax-check: the same with our side annotated by infer-mosaic-gpu-layouts (no Python on our side)"; \
	$(JAX_PY) scripts/jax/compare_nvvm.py --rust-layouts --pallas-opt $(PALLAS_OPT) || fail=1; \
	echo "jax-check: the same on JAX's own modules (test/Reference/GPU, listed: compare-nvvm-xfail-refs.txt)"; \
	$(JAX_PY) scripts/jax/compare_nvvm.py --references --pallas-opt $(PALLAS_OPT) || fail=1; \
	exit $$fail

# CPU oracle (scripts/jax/cpu_oracle.py; README "CPU oracle"): every
# examples/cpu/NAME.mlir twin runs under convert-pallas-to-scf +
# scripts/cpu-pipeline.txt + mlir-runner and its JAX builder under JAX's TPU
# interpret mode on the same inputs; outputs are compared (integers exactly,
# floats bit-exactly or within the kernel's stated tolerance).
# scripts/cpu_coverage.py: every kernel piece of test/, examples/ and the fuzz
# corpus that the CPU reference declines as "not yet supported" must be
# rejected by the TPU and SparseCore lowerings too (issue 10).
cpu-check: venv build
	$(JAX_PY) scripts/jax/cpu_oracle.py --pallas-opt $(PALLAS_OPT)
	$(JAX_PY) scripts/cpu_coverage.py --pallas-opt $(PALLAS_OPT)

# Lowering time of examples/tpu, examples/sparsecore and examples/gpu vs
# JAX's own lowering, and scaling of the pass over 1/100/10000 kernels
# (bench/tpu_lowering.py; README "Benchmark").
bench: venv
	$(CARGO) build --release
	$(JAX_PY) bench/tpu_lowering.py --opt target/release/pallas-opt
	$(JAX_PY) bench/tpu_lowering.py --gpu --opt target/release/pallas-opt
	$(JAX_PY) bench/cpu_reference.py --pallas-opt target/release/pallas-opt

# Semantic fuzzer (scripts/fuzz/semantic_fuzz.py; README "Semantic fuzzer"):
# mutants of the examples through convert-pallas-to-{tpu,sparsecore,scf},
# checked for signals, panics, timeouts, pallas ops left behind, output that
# jaxlib or the CPU pipeline rejects or that LLVM cannot compile (llc), and
# errors without a location.
# fuzz-check (part of `make test`) re-runs the minimised reproducers of
# tests/fuzz-corpus and a small fixed-seed run; classes still open are listed
# in scripts/fuzz/known-failures.txt (which only shrinks).
N ?= 1000
SEED ?= $(shell date +%s)
FUZZ_JOBS ?= 2
FUZZ := $(JAX_PY) scripts/fuzz/semantic_fuzz.py --pallas-opt $(PALLAS_OPT) -j $(FUZZ_JOBS)

fuzz: venv build
	$(FUZZ) -n $(N) --seed $(SEED) --out target/fuzz/first --minimize --save-corpus target/fuzz/minimized

fuzz-check: venv build
	@fail=0; \
	$(FUZZ) --corpus tests/fuzz-corpus || fail=1; \
	$(FUZZ) -n 500 --seed 12 || fail=1; \
	exit $$fail

# Memory errors (invalid reads/writes, uninitialised values, bad frees) of
# the Rust + C++ plugin under valgrind: every example and lit input through
# the four conversions (scripts/memcheck.sh; README "Testing under
# valgrind"). JOBS=N runs N valgrinds at once; PALLAS_OPT=... checks
# another build (a release build is far faster under valgrind).
JOBS ?= 1
memcheck: build
	JOBS=$(JOBS) scripts/memcheck.sh $(PALLAS_OPT)

# Layout inference (scripts/jax/check_gpu_layouts.py; README "Layout
# inference"): infer-mosaic-gpu-layouts against jaxlib's own infer_layout on
# the same modules, op by op (in/out_layouts, in/out_transforms): the
# convert-pallas-to-mosaic-gpu output of every examples/gpu twin and of every
# chunk of test/Conversion/PallasToMosaicGPU, and JAX's own modules before
# inference (test/Reference/GPU/layouts/*.mgpu.mlir, test/Reference/GPU/*.mlir),
# and the chunks of the pass's own lit tests (test/Conversion/MosaicGPULayouts).
# Where jaxlib's inference fails ours must fail too; kernels listed in
# scripts/jax/gpu-layouts-xfail.txt must still differ (the list only shrinks).
# Then 40 seeded single-change variants of those modules (LAYOUT_MUTANTS=N for
# more), which must agree too. Part of jax-check.
LAYOUT_MUTANTS ?= 40
.PHONY: gpu-layouts-check
gpu-layouts-check: venv build
	$(JAX_PY) scripts/jax/check_gpu_layouts.py --pallas-opt $(PALLAS_OPT) \
	  --mutants $(LAYOUT_MUTANTS) --seed 1 --lit test/Conversion/PallasToMosaicGPU \
	  $(wildcard test/Reference/GPU/layouts/*.mgpu.mlir) $(wildcard test/Reference/GPU/*.mlir) \
	  $(wildcard test/Conversion/MosaicGPULayouts/infer*.mlir test/Conversion/MosaicGPULayouts/invalid*.mlir)

jax-check: gpu-layouts-check

# ---------------------------------------------------------------------------
# The GPU path (README "The GPU path"): modules at the level of jaxlib's
# lower_mgpu_dialect output (today JAX's own, test/Reference/GPU/lowered,
# from `dump_gpu_reference.py --final`) through the registered pipeline
# pallas-gpu-to-llvm (scripts/gpu-pipeline.txt) to host LLVM + PTX.
# gpu-report: each module to PTX, then `ptxas -arch=sm_90a -v` (sm_100a for
# tcgen05 kernels); fails if a module does not lower, ptxas rejects it, or a
# kernel spills that scripts/gpu/allow-spill.txt does not list. Extend the
# inputs with GPU_REPORT_INPUTS='test/Reference/GPU/lowered/*.mlir more/*.mlir'.
# Then the same for our whole lowering of the pallas twins GPU_EXAMPLES
# (convert-pallas-to-mosaic-gpu + scripts/gpu-from-pallas.txt first; kernels
# those passes reject must be listed in scripts/gpu/declined.txt, with the
# reason; the list only shrinks). Part of `make test`. gpu-test and gpu-bench
# run both too.
# gpu-test / gpu-bench need an NVIDIA GPU and its driver; without one they
# print "no GPU: skipped" and succeed.
GPU_REPORT_INPUTS ?= test/Reference/GPU/lowered/*.mlir
GPU_EXAMPLES ?= examples/gpu/*.mlir
NO_GPU = if ! ls /dev/nvidia[0-9]* >/dev/null 2>&1; then echo "$@: no GPU: skipped (no /dev/nvidia* device)"; exit 0; fi

ptxas: venv
	@PALLAS_VENV=$(VENV) scripts/setup-ptxas.sh

gpu-report: ptxas build
	@fail=0; \
	$(JAX_PY) scripts/gpu/ptx_report.py --out target/gpu-report $(GPU_REPORT_INPUTS) || fail=1; \
	echo "gpu-report: our own lowering of $(GPU_EXAMPLES) (convert-pallas-to-nvvm's passes first)"; \
	$(JAX_PY) scripts/gpu/ptx_report.py --from-pallas --out target/gpu-report/ours '$(GPU_EXAMPLES)' || fail=1; \
	exit $$fail

gpu-test:
	@$(NO_GPU); \
	$(MAKE) --no-print-directory ptxas build && \
	$(JAX_PY) scripts/gpu/gpu_test.py && $(JAX_PY) scripts/gpu/gpu_test.py --from-pallas

# gpu-bench's baselines (JAX Pallas Mosaic GPU, Triton, cuBLAS through CuPy)
# run from their own venv, which scripts/gpu/setup-bench.sh fills (pinned
# jax[cuda12], triton, cupy-cuda12x) only on a machine with a GPU; ptxas
# stays the one of $(VENV).
BENCH_VENV ?= $(CURDIR)/.venv-gpu-bench
gpu-bench:
	@$(NO_GPU); \
	$(MAKE) --no-print-directory ptxas build && \
	PALLAS_BENCH_VENV=$(BENCH_VENV) PALLAS_BENCH_PYTHON=$(JAX_PY) scripts/gpu/setup-bench.sh && \
	export PTXAS="$${PTXAS:-$$(ls $(VENV)/lib/python3*/site-packages/nvidia/cuda_nvcc/bin/ptxas | tail -1)}" && \
	$(BENCH_VENV)/bin/python scripts/gpu/gpu_bench.py && \
	$(BENCH_VENV)/bin/python scripts/gpu/gpu_bench.py --from-pallas
