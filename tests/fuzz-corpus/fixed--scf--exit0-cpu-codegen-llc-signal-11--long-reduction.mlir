// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-codegen llc signal 11
// (seed 20261126, mutant 2547 of a 10 000-mutant run: examples/cpu/
// softmax_rows.mlir with its block widened to 2^20 lanes.) The upstream
// vector.reduction ops of the row softmax reached LLVM as reductions of one
// <1048576 x float> vector, and llc -O0 crashed (SIGSEGV) in instruction
// selection. pallas-row-loops now reduces a vector.reduction longer than a
// chunk chunk by chunk, as a row of a vector.multi_reduction.
module {
  pallas.kernel @softmax grid(8) semantics(parallel)
      ins(%x: memref<8x16xf32> block [squeezed, 1048576] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<8x16xf32> block [squeezed, 1048576] map affine_map<(i) -> (i, 0)>) {
    %v = pallas.load %x[] : memref<1048576xf32> -> vector<1048576xf32>
    %m = vector.reduction <maximumf>, %v : vector<1048576xf32> into f32
    %mb = vector.broadcast %m : f32 to vector<1048576xf32>
    %d = arith.subf %v, %mb : vector<1048576xf32>
    %e = math.exp %d : vector<1048576xf32>
    %s = vector.reduction <add>, %e : vector<1048576xf32> into f32
    %sb = vector.broadcast %s : f32 to vector<1048576xf32>
    %r = arith.divf %e, %sb : vector<1048576xf32>
    pallas.store %r, %o[] : vector<1048576xf32>, memref<1048576xf32>
  }
}
