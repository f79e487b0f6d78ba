// Pipeline mistakes with plugin passes are reported, not crashes.
// RUN: not %mlir_opt -p 'builtin.module(convert-pallas-to-scf{bogus=1})' %s 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: {{.*}}no such option bogus
// RUN: not %mlir_opt -p 'builtin.module(convert-pallas-to-nothing)' %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: {{.*}}'convert-pallas-to-nothing' does not refer to a registered pass
// Plugin passes are not mlir-opt flags (they are in pallas-opt).
// RUN: not %mlir_opt --convert-pallas-to-scf %s 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: Unknown command line argument '--convert-pallas-to-scf'

pallas.kernel @k grid(8) outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  pallas.return
}
