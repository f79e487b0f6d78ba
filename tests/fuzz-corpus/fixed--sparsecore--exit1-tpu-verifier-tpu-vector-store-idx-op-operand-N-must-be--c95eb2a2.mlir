// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-sparsecore: exit1-tpu-verifier 'tpu.vector_store_idx' op operand #N must be vector of N-bit signless integer or N-bit float values, but got '
module {
  pallas.kernel @sc_segment_sum grid(1, 16) names("core", "subcore")
      scratch(%vals_vmem: memref<8xf64, #pallas.memory_space<vmem>>,
              %seg_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %acc_vmem: memref<8xf64, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {collective_id = 1 : i32, kernel_type = "sc_vector_subcore"}}} {
    pallas.run_scoped {
    }
    %sv = pallas.load %seg_vmem[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %vv = pallas.load %vals_vmem[] : memref<8xf64, #pallas.memory_space<vmem>> -> vector<8xf64>
    pallas.store_scatter %vv, %acc_vmem[%sv] {add} : vector<8xf64>, memref<8xf64, #pallas.memory_space<vmem>>, vector<8xi32>
    pallas.run_scoped {
    }
  }
}
