// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-codegen llc signal 6: SmallVector unable to grow
// (seed 20261125, mutant 869 of a 10 000-mutant run: ops_philox_random_bits.mlir
// with its extents grown; reduced by hand.) The CPU reference filled the
// buffer of a 2^20-element ui32 window with one whole-buffer vector store
// (row loops take signless types only), which aborts LLVM's instruction
// selection; large buffers are now filled by a loop (builder.rs fill).
pallas.kernel @k grid(2, 2)
    ins(%offset: memref<1048576xui32> block [1048576] map affine_map<(i, j) -> (0)> in smem)
    outs(%o: memref<512x512xui32> block [256, 256] map affine_map<(i, j) -> (i, j)>) {
  pallas.return
}
