// fuzz reproducer: convert-pallas-to-sparsecore: exit1-failed-legalize
// (seed 20261126, mutant 6293: test/Conversion/PallasToSCF/
// run_upstream_vector_access.mlir made a sc_scalar_subcore kernel,
// minimised.) Upstream vector.load/store in a SparseCore kernel stopped the
// pass with a generic "failed to legalize operation 'vector.load'"; the
// checks now say "not yet supported" at the op (the SparseCore lowering
// makes its vector loads and stores from pallas.load/store only).
module {
  pallas.kernel @k grid(1)
      ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %v = vector.load %x[%c2, %c0] : memref<8x128xf32>, vector<4x128xf32>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %x = memref.alloc() : memref<8x128xf32>
    %o = memref.alloc() : memref<8x128xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c128 step %c1 {
        %r = arith.muli %i, %c128 : index
        %e = arith.addi %r, %j : index
      }
    }
    pallas.call @k(%x, %o) : (memref<8x128xf32>, memref<8x128xf32>) -> ()
    return
  }
}
