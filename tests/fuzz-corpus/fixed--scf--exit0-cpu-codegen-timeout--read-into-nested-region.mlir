// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-codegen timeout
// (seed 20261125, mutant 2915 of a 10 000-mutant run: examples/cpu/large_1d.mlir
// with its body wrapped in nested run_scoped/scf.if; reduced by hand to its
// plainest form.) A vector loaded in one block and stored in a nested one
// was moved whole (one <262144 x float> load and store; llc -O0 took about
// 50 s). pallas-row-loops now reads such a buffer again, in chunks, in the
// nested region when nothing may write it up to the end of the op that
// holds the use (a computed value goes through a buffer of its own:
// fixed--scf--exit0-cpu-codegen-timeout--value-into-nested-region.mlir).
pallas.kernel @k grid(1)
    ins(%x: memref<262144xf32> block [262144] map affine_map<(i) -> (0)>)
    outs(%o: memref<262144xf32> block [262144] map affine_map<(i) -> (0)>) {
  %c = arith.constant true
  %v = pallas.load %x[] : memref<262144xf32> -> vector<262144xf32>
  scf.if %c {
    pallas.store %v, %o[] : vector<262144xf32>, memref<262144xf32>
  }
  pallas.return
}
