// Fuzz reproducer of issue 12 (campaign seed 1212): a 2^31-element vector; convert-pallas-to-scf ran for minutes. Now the CPU reference's vector bound (the TPU passes' VMEM rule, 192 MiB, src/conversion/pallas_to_scf/limits.rs) rejects it at the op.
pallas.kernel @sort grid(1) outs(%o: memref<2147483648xf32> block [2147483648] map affine_map<(i) -> (0)>) {
  %k = pallas.load %o[] : memref<2147483648xf32> -> vector<2147483648xf32>
  %i = pallas.iota dim 0 : vector<2147483648xi32>
  %sk, %sv, %valid = pallas.sort %k, %i : vector<2147483648xf32>, vector<2147483648xi32>
  pallas.store %sk, %o[] : vector<2147483648xf32>, memref<2147483648xf32>
}
