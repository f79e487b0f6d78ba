// Fuzz reproducer of issue 12, minimised against a55c404 (before the fixes), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-scf: panic /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/iter/traits/accum.rs: attempt to multiply with overflow
module {
  pallas.kernel @sc_gather grid(1, 16) names("core", "subcore")
      scratch(%idx_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_shape = [2, 4], kernel_type }}} {
    pallas.run_scoped {
    }
  }
}
