// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-codegen mlir-translate exit 1: Dialect `affine' not found for custom op 'affine.apply'
// (seed 12, mutant 430: test/Conversion/PallasToTPU/load_store.mlir with an index map result made `i mod -3`; reduced by hand.) The CPU reference applied the index map with affine.apply, which lower-affine leaves in place for a negative modulus: the pipeline's output held an affine op that no LLVM translation knows (mlir-runner failed). The TPU passes expand the map with arith ops; since main's 6a4dd59 so does the CPU reference, and the output compiles.
pallas.kernel @k grid(1)
    ins(%b: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, i mod -3)>)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  pallas.return
}
