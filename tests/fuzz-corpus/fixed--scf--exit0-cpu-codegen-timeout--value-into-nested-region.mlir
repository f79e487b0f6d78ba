// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-codegen timeout
// (seed 20261125, mutant 2915 of a 10 000-mutant run: examples/cpu/large_1d.mlir
// with its body wrapped in nested run_scoped/scf.if; reduced by hand.) A
// vector computed in one block (here a roll) and stored in a nested one
// reached LLVM whole: the roll's read of its doubled buffer had no cluster
// to join in its block, and the store in the scf.if took it as one
// <262144 x float> value (llc -O0 about 50 s). pallas-row-loops now hands
// a large value used in a nested region on through a buffer, written in
// chunks where it is defined and read in chunks where it is used (llc
// 0.02 s).
pallas.kernel @k grid(1)
    ins(%x: memref<262144xf32> block [262144] map affine_map<(i) -> (0)>)
    outs(%r: memref<262144xf32> block [262144] map affine_map<(i) -> (0)>) {
  %c = arith.constant true
  %v = pallas.load %x[] : memref<262144xf32> -> vector<262144xf32>
  %k = arith.constant 1000 : i32
  %rl = pallas.roll %v, %k axis 0 : vector<262144xf32>
  scf.if %c {
    pallas.store %rl, %r[] : vector<262144xf32>, memref<262144xf32>
  }
  pallas.return
}
