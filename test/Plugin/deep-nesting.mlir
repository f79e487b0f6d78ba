// Deep nesting in stock mlir-opt (issue 12, "Limits"): the plugin's passes
// must take any depth MLIR's own parser takes on mlir-opt's usual 8 MiB
// stack. The input holds 2000 nested scf.for loops around a copy; MLIR 22's
// mlir-opt parses about 2850 levels of scf.for and crashes in its parser
// beyond (pallas-opt runs on a 1 GiB stack and goes much deeper, see
// README). Measured on the release and debug plugins: 2800 levels go
// through all four conversions. TensorCore and CPU lowerings keep every
// loop; SparseCore and GPU leave the (TensorCore) kernel as it is, after
// walking all of it.
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-tpu)' %S/../../tests/fuzz-corpus/fixed--all--deep-scf-for.mlir | FileCheck %s --check-prefix=TPU
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %S/../../tests/fuzz-corpus/fixed--all--deep-scf-for.mlir | FileCheck %s --check-prefix=CPU
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-sparsecore)' %S/../../tests/fuzz-corpus/fixed--all--deep-scf-for.mlir | FileCheck %s --check-prefix=KEPT
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-mosaic-gpu)' %S/../../tests/fuzz-corpus/fixed--all--deep-scf-for.mlir | FileCheck %s --check-prefix=KEPT

// TPU: func.func @k(
// TPU-COUNT-2000: scf.for
// TPU: vector.load
// TPU: tpu.vector_store

// CPU: func.func @k(
// CPU-COUNT-2000: scf.for
// CPU: vector.transfer_read

// KEPT: pallas.kernel @k
// KEPT-COUNT-2000: scf.for
// KEPT: pallas.load
// KEPT: pallas.store
