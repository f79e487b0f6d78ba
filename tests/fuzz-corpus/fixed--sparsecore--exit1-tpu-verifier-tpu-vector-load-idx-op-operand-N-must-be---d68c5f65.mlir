// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-sparsecore: exit1-tpu-verifier 'tpu.vector_load_idx' op operand #N must be memref of N-bit signless integer or N-bit float values, but got 'm
module {
  pallas.kernel @sc_load_gather grid(1, 16) names("core", "subcore")
      scratch(%x_vmem: memref<16xbf16, #pallas.memory_space<vmem>>,
              %idx_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %o_vmem: memref<8xbf16, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    pallas.run_scoped {
    }
    // idx = idx_vmem[...]; g = plsc.load_gather(x_vmem, [idx])
    %iv = pallas.load %idx_vmem[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %g = pallas.load_gather %x_vmem[%iv] : memref<16xbf16, #pallas.memory_space<vmem>>, vector<8xi32> -> vector<8xbf16>
  }
}
