# pallas-mlir: `make run` and `make test` work on a fresh Debian machine
# (they install the LLVM/MLIR 22 packages first through scripts/setup.sh).

LLVM_PREFIX ?= /usr/lib/llvm-22
export PATH := $(HOME)/.cargo/bin:$(PATH)
CARGO ?= cargo
LIT ?= $(shell if [ -x $(LLVM_PREFIX)/bin/lit ]; then echo $(LLVM_PREFIX)/bin/lit; else echo lit; fi)
LIT_FLAGS ?= -sv
TBLGEN := $(LLVM_PREFIX)/bin/mlir-tblgen
DIALECT_TD := include/pallas/Dialect/Pallas/Pallas.td

.PHONY: all setup build run test cargo-test lit docs fmt fmt-fix lint help

all: build

help:
	@echo "make build     cargo build (libpallas_mlir.so, pallas-opt)"
	@echo "make run       build, then lower and run every examples/*.mlir with a @main"
	@echo "make test      build, cargo test, lit tests under test/"
	@echo "make docs      regenerate docs/PallasDialect.md with mlir-tblgen"
	@echo "make fmt       cargo fmt --check   (make fmt-fix to apply)"
	@echo "make lint      cargo clippy -- -D warnings"

setup:
	@scripts/setup.sh

build:
	$(CARGO) build

run: setup build
	scripts/run-examples.sh

test: setup build cargo-test lit

cargo-test:
	$(CARGO) test

# lit.cfg.py sits at the repository root; the tests are under test/.
lit: build
	$(LIT) $(LIT_FLAGS) test/

docs:
	$(TBLGEN) -gen-dialect-doc -I include -I $(LLVM_PREFIX)/include $(DIALECT_TD) -o docs/PallasDialect.md

fmt:
	$(CARGO) fmt --check

fmt-fix:
	$(CARGO) fmt

lint:
	$(CARGO) clippy --all-targets -- -D warnings
