# pallas-mlir: `make run` and `make test` work on a fresh Debian machine
# (they install the LLVM/MLIR 22 packages first through scripts/setup.sh).

LLVM_PREFIX ?= /usr/lib/llvm-22
export PATH := $(HOME)/.cargo/bin:$(PATH)
CARGO ?= cargo
LIT ?= $(shell if [ -x $(LLVM_PREFIX)/bin/lit ]; then echo $(LLVM_PREFIX)/bin/lit; else echo lit; fi)
LIT_FLAGS ?= -sv
TBLGEN := $(LLVM_PREFIX)/bin/mlir-tblgen
DIALECT_TD := include/pallas/Dialect/Pallas/Pallas.td

.PHONY: all setup build run test cargo-test lit docs fmt fmt-fix lint help venv jax-references jax-check

all: build

help:
	@echo "make build     cargo build (libpallas_mlir.so, pallas-opt)"
	@echo "make run       build, then lower and run every examples/*.mlir with a @main"
	@echo "make test      build, cargo test, lit tests under test/, jax-check"
	@echo "make jax-check lower examples/tpu + test/Conversion/PallasToTPU, verify with jaxlib, compare with JAX"
	@echo "make jax-references  regenerate test/Reference/TPU with JAX (scripts/jax/tpu_kernels.py)"
	@echo "make docs      regenerate docs/PallasDialect.md with mlir-tblgen"
	@echo "make fmt       cargo fmt --check   (make fmt-fix to apply)"
	@echo "make lint      cargo clippy -- -D warnings"

setup:
	@scripts/setup.sh

build:
	$(CARGO) build

run: setup build
	scripts/run-examples.sh

test: setup build cargo-test lit jax-check

cargo-test:
	$(CARGO) test

# lit.cfg.py sits at the repository root; the tests are under test/.
lit: build
	$(LIT) $(LIT_FLAGS) test/

docs:
	$(TBLGEN) -gen-dialect-doc -I include -I $(LLVM_PREFIX)/include $(DIALECT_TD) -o docs/PallasDialect.md
	$(TBLGEN) -gen-dialect-doc -I include -I $(LLVM_PREFIX)/include include/pallas/Dialect/TPU/TPU.td -o docs/TPUDialect.md

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
JAX_PY := $(VENV)/bin/python
PALLAS_OPT := target/debug/pallas-opt
JAX_CHECK_DIR := target/jax-check

venv:
	@PALLAS_VENV=$(VENV) scripts/setup-venv.sh

# test/Reference/TPU/<name>.mlir: what JAX emits for scripts/jax/tpu_kernels.py.
jax-references: venv
	$(JAX_PY) scripts/jax/dump_tpu_reference.py

# 1. lower every examples/tpu/*.mlir and every test/Conversion/PallasToTPU/*.mlir
#    that expects no error (no expected-error, no `RUN: not ...`), the latter
#    with --split-input-file, into $(JAX_CHECK_DIR);
# 2. parse + verify all of it with jaxlib (verify_tpu.py);
# 3. compare the examples with test/Reference/TPU (compare_tpu.py).
# Every step runs; the target fails if any did.
jax-check: venv build
	@rm -rf $(JAX_CHECK_DIR); mkdir -p $(JAX_CHECK_DIR)/examples $(JAX_CHECK_DIR)/lit; \
	fail=0; outs=""; \
	for f in examples/tpu/*.mlir; do \
	  o=$(JAX_CHECK_DIR)/examples/$$(basename $$f); \
	  if $(PALLAS_OPT) --convert-pallas-to-tpu $$f -o $$o 2>$$o.log; then outs="$$outs $$o"; \
	  else echo "jax-check: convert-pallas-to-tpu failed on $$f:"; head -n 5 $$o.log; fail=1; fi; \
	done; \
	for f in test/Conversion/PallasToTPU/*.mlir; do \
	  [ -e "$$f" ] || continue; \
	  if grep -q 'expected-error' $$f || grep -Eq 'RUN:.*not %(pallas_opt|mlir_opt)' $$f; then \
	    echo "jax-check: skipping $$f (expects errors)"; continue; fi; \
	  o=$(JAX_CHECK_DIR)/lit/$$(basename $$f); \
	  if $(PALLAS_OPT) --split-input-file --convert-pallas-to-tpu $$f -o $$o 2>$$o.log; then outs="$$outs $$o"; \
	  else echo "jax-check: convert-pallas-to-tpu failed on $$f:"; head -n 5 $$o.log; fail=1; fi; \
	done; \
	echo "jax-check: verifying with jaxlib's tpu dialect"; \
	if [ -n "$$outs" ]; then $(JAX_PY) scripts/jax/verify_tpu.py --split-input-file $$outs || fail=1; fi; \
	echo "jax-check: comparing with JAX's lowering (test/Reference/TPU)"; \
	xfail=$$(grep -v '^#' scripts/jax/compare-xfail.txt | awk '{print $$1}'); \
	names=$$(for f in examples/tpu/*.mlir; do n=$$(basename $$f .mlir); \
	  echo "$$xfail" | grep -qx "$$n" || echo $$n; done); \
	$(JAX_PY) scripts/jax/compare_tpu.py --pallas-opt $(PALLAS_OPT) $$names || fail=1; \
	for n in $$xfail; do \
	  if $(JAX_PY) scripts/jax/compare_tpu.py --pallas-opt $(PALLAS_OPT) $$n >/dev/null 2>&1; then \
	    echo "jax-check: $$n now matches JAX; remove it from scripts/jax/compare-xfail.txt"; fail=1; \
	  else echo "jax-check: $$n differs from JAX (expected, see scripts/jax/compare-xfail.txt)"; fi; \
	done; \
	exit $$fail
