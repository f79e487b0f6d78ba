// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file -verify-diagnostics

// Ops of dialects a Mosaic kernel cannot hold are rejected at the op: jaxlib
// cannot parse `async` (the pass used to exit 0 with that output), and
// `llvm` parses but is no Mosaic kernel code.

pallas.kernel @k grid(1) outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  // expected-error @+1 {{'async.execute' op is an op of dialect 'async', which a Mosaic TPU kernel cannot hold (it takes ops of arith, math, vector, scf, memref, cf, affine, ub, func, tpu)}}
  %t = async.execute {
    // expected-error @+1 {{'async.yield' op is an op of dialect 'async'}}
    async.yield
  }
}

// -----

pallas.kernel @k grid(1) outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  // expected-error @+1 {{'llvm.mlir.zero' op is an op of dialect 'llvm', which a Mosaic TPU kernel cannot hold}}
  %z = llvm.mlir.zero : !llvm.ptr
}

// -----

// Complex elements: Mosaic has no types for them (nor does any other target).
// expected-error @+1 {{'pallas.kernel' op body operand 0 of type memref<8x128xcomplex<f32>> has complex elements, which Mosaic has no types for}}
pallas.kernel @k grid(1)
    ins(%x: memref<8x128xcomplex<f32>> block [8, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
}
