// Fuzz reproducer of issue 12 (campaign seed 1212 at a00736a, before main's TPU fixes were merged), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-scf: panic src/conversion/pallas_to_scf/mesh.rs: an attribute
pallas.kernel@shapes grid()attributes{compiler_params= {mosaic_tpu = {mesh_shape = array<i64: 2>}}} {
}
