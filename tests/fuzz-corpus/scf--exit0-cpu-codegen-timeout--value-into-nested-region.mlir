// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-codegen timeout (OPEN)
// (seed 20261125, mutant 2915 of a 10 000-mutant run: examples/cpu/large_1d.mlir
// with its body wrapped in nested run_scoped/scf.if; reduced by hand.) A
// vector computed in one block (here a roll) and stored in a nested one
// reaches LLVM whole: pallas-row-loops splits work into row loops within a
// block, and hands a value to a nested region only as one whole vector. The
// 2^18-element load and store take llc -O0 about 50 s (correct code,
// compiled slowly).
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
