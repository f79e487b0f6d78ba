// RUN: %pallas_opt %s --convert-pallas-to-tpu -verify-diagnostics

// The GPU-only ops of the pallas dialect's GPU surface have no lowering here;
// each is reported at the op, by name.

pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  %v = arith.constant dense<0.0> : vector<16xf32>
  // expected-error @+1 {{'pallas.layout_cast' op is a GPU op; it has no TPU lowering}}
  %c = pallas.layout_cast %v wg_splat : vector<16xf32>
  // expected-error @+1 {{'pallas.wgmma_wait' op is a GPU op; it has no TPU lowering}}
  pallas.wgmma_wait 0
  // expected-error @+1 {{'pallas.set_max_registers' op is a GPU op; it has no TPU lowering}}
  pallas.set_max_registers 40 decrease
  // expected-error @+1 {{'pallas.commit_smem_to_gmem_group' op is a GPU op; it has no TPU lowering}}
  pallas.commit_smem_to_gmem_group
}
