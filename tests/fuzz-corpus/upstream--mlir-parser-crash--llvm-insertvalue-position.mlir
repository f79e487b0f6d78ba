// fuzz: pass nvvm, class: upstream-mlir-parser-crash signal 11 (seed 20261126,
// mutant of test/Conversion/MosaicGPUToNVVM/mixed_type_matmul.mlir via
// extent_all, reduced by hand). MLIR 22's parser of `llvm.insertvalue`
// crashes on a position of 2^32 or more; stock mlir-opt without the plugin
// crashes on this file too, before any pass runs, so the fuzzer reports the
// class apart and does not fail on it (a position below 2^32 out of bounds
// gets MLIR's "position out of bounds" error).
func.func @f(%a: !llvm.struct<(ptr, array<2 x i64>)>, %v: i64) {
  %0 = llvm.insertvalue %v, %a[4294967296, 1] : !llvm.struct<(ptr, array<2 x i64>)>
  return
}
