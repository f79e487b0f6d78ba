// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s -split-input-file -verify-diagnostics

// Kernel operands of complex elements: the CPU reference has no NaN to fill
// a window's padding with nor arithmetic on them (the TPU lowering rejects
// them too). Found by the fuzzer (it panicked building the padding's NaN).

// expected-error @+1 {{'pallas.kernel' op not yet supported: body operand 0 of type memref<8x16xcomplex<f32>>: complex elements in the CPU reference}}
pallas.kernel @k grid(4) ins(%x: memref<8x64xcomplex<f32>> block [8, 16] map affine_map<(i) -> (0, i)>) {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op not yet supported: body operand 0 of type memref<4xcomplex<f64>, #pallas.memory_space<vmem>>: complex elements in the CPU reference}}
pallas.kernel @k grid(1) scratch(%s: memref<4xcomplex<f64>, #pallas.memory_space<vmem>>) {
  pallas.return
}
