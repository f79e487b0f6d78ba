// Oracle twin (scripts/jax/cpu_oracle.py, kernel `ref_bitcast_carried`): a
// ref bitcast that changes the bit width (bf16 16x128 -> i32 8x128, two rows
// per word, the first in the low half), whose view is carried by an scf.for
// (which adds 1 to every word per iteration, twice) and chosen by an scf.if
// before it is read. x is copied into the bf16 output p first; o is the
// packed words after the loop. Mirrors the JAX builder of the same name.
module {
  pallas.kernel @ref_bitcast_carried grid(1)
      ins(%x: memref<16x128xbf16> block [16, 128] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<8x128xi32> block [8, 128] map affine_map<(i) -> (0, 0)>,
           %p: memref<16x128xbf16> block [16, 128] map affine_map<(i) -> (0, 0)>) {
    %xv = pallas.load %x[] : memref<16x128xbf16> -> vector<16x128xbf16>
    pallas.store %xv, %p[] : vector<16x128xbf16>, memref<16x128xbf16>
    %w = pallas.ref_bitcast %p : memref<16x128xbf16> -> memref<8x128xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant dense<1> : vector<8x128xi32>
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%ref = %w) -> (memref<8x128xi32>) {
      %v = pallas.load %ref[] : memref<8x128xi32> -> vector<8x128xi32>
      %v1 = arith.addi %v, %one : vector<8x128xi32>
      pallas.store %v1, %ref[] : vector<8x128xi32>, memref<8x128xi32>
      scf.yield %ref : memref<8x128xi32>
    }
    %t = arith.constant true
    %s = scf.if %t -> (memref<8x128xi32>) {
      scf.yield %r : memref<8x128xi32>
    } else {
      scf.yield %w : memref<8x128xi32>
    }
    %ov = pallas.load %s[] : memref<8x128xi32> -> vector<8x128xi32>
    pallas.store %ov, %o[] : vector<8x128xi32>, memref<8x128xi32>
  }
}
