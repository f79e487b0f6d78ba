// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-codegen timeout (OPEN)
// (seed 20261125, mutant 2915 of a 10 000-mutant run: examples/cpu/large_1d.mlir
// with its body wrapped in nested run_scoped/scf.if; reduced by hand.) A
// vector loaded in one block and stored in a nested one is moved whole:
// pallas-row-loops splits work into row loops only within a block (and
// forwards a read to a later write only there), so here the 2^18-element
// load and store reach LLVM as one <262144 x float> each, and llc -O0 spends
// about 50 s in instruction selection (correct code, compiled slowly). The
// same holds for any tile that crosses into a nested region.
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
