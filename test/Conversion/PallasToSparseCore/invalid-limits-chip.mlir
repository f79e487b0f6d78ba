// RUN: %pallas_opt %s --convert-pallas-to-sparsecore=chip=v6e -split-input-file -verify-diagnostics
// RUN: not %pallas_opt %s --convert-pallas-to-sparsecore=chip=v5e -split-input-file 2>&1 | FileCheck %s --check-prefix=V5E

// SparseCore memory limits on a given chip (src/conversion/pallas_to_tpu/limits.rs):
// a TPU v6e's vector subcore has 256 KiB = 262144 bytes of VMEM (jaxlib
// 0.10.2's TPU info); a TPU v5e has no SparseCore.

// V5E: error: 'pallas.kernel' op is a sc_vector_subcore kernel, but a TPU v5e has no SparseCore (chip=v5e; jaxlib's TPU info lists SparseCores on v5p, v6e, 7, 7x and 8i)

// 65536 x f32 = 262144 bytes fit exactly.
pallas.kernel @k grid(2, 16) names("core", "subcore")
    scratch(%a: memref<65536xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// Two nested scopes of it are over (they fit the default 512 KiB).
pallas.kernel @k grid(2, 16) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{run_scoped (the allocations of this run_scoped and of the ones nested in it, at their deepest) takes 524288 bytes of VMEM: with it the kernel needs at least 524288 bytes of VMEM, more than the 262144 bytes of VMEM per SparseCore vector subcore of a TPU v6e (chip=v6e); its VMEM buffers: run_scoped 524288 = 524288 bytes}}
  pallas.run_scoped {
  ^bb0(%a: memref<65536xf32, #pallas.memory_space<vmem>>):
    pallas.run_scoped {
    ^bb0(%b: memref<65536xf32, #pallas.memory_space<vmem>>):
      pallas.yield
    }
    pallas.yield
  }
  pallas.return
}
