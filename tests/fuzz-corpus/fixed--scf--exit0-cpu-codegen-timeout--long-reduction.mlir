// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-codegen timeout
// (seed 20261126, mutant 2354 of a 10 000-mutant run: test/Conversion/
// PallasToSCF/run_revisited_output.mlir with its block widened to 2^20
// lanes.) The same cause as fixed--scf--exit0-cpu-codegen-llc-signal-11--
// long-reduction.mlir: a vector.reduction of 2^20 lanes reached LLVM whole
// (llc -O0 past 20 s); now reduced chunk by chunk by pallas-row-loops.



module {
  pallas.kernel @sum_lanes grid(2, 1) semantics(parallel, arbitrary)
      outs(%o: memref<2x1xf32> block [squeezed, 1048576] map affine_map<(i, j) -> (i, 0)>) {
    %i = pallas.program_id 0
    %j = pallas.program_id 1
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %first = arith.cmpi eq, %j, %c0 : i32
    scf.if %first {
      %i1 = arith.addi %i, %c1 : i32
      %f = arith.sitofp %i1 : i32 to f32
      %init = vector.broadcast %f : f32 to vector<1048576xf32>
      pallas.store %init, %o[] : vector<1048576xf32>, memref<1048576xf32>
    } else {
      %v = pallas.load %o[] : memref<1048576xf32> -> vector<1048576xf32>
      %s = vector.reduction <add>, %v : vector<1048576xf32> into f32
      %b = vector.broadcast %s : f32 to vector<1048576xf32>
      pallas.store %b, %o[] : vector<1048576xf32>, memref<1048576xf32>
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %o = memref.alloc() : memref<2x1xf32>
    pallas.call @sum_lanes(%o) : (memref<2x1xf32>) -> ()
    %u = memref.cast %o : memref<2x1xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %o : memref<2x1xf32>
    return
  }
}
