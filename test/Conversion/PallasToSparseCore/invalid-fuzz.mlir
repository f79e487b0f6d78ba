// RUN: %pallas_opt %s --convert-pallas-to-sparsecore -split-input-file -verify-diagnostics

// Rejections found by the semantic fuzzer (scripts/fuzz/semantic_fuzz.py):
// inputs that used to reach a generated tpu op's verifier.

// tpu.vector_load_idx / tpu.vector_store_idx take i32 or f32 lanes only.
pallas.kernel @k grid(1, 16) names("core", "subcore")
    scratch(%a: memref<8xf64, #pallas.memory_space<vmem>>, %h: memref<8xf16, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %i = pallas.iota dim 0 : vector<8xi32>
  // expected-error @+1 {{'pallas.load_gather' op not yet supported: 'pallas.load_gather' on SparseCore moves 32-bit lanes (i32 or f32), got memref<8xf64, #pallas.memory_space<vmem>> and vector<8xf64>}}
  %g = pallas.load_gather %a[%i] : memref<8xf64, #pallas.memory_space<vmem>>, vector<8xi32> -> vector<8xf64>
  %f = arith.constant dense<1.0> : vector<8xf16>
  // expected-error @+1 {{'pallas.store_scatter' op not yet supported: 'pallas.store_scatter' on SparseCore moves 32-bit lanes (i32 or f32), got memref<8xf16, #pallas.memory_space<vmem>> and vector<8xf16>}}
  pallas.store_scatter %f, %h[%i] {add} : vector<8xf16>, memref<8xf16, #pallas.memory_space<vmem>>, vector<8xi32>
}

// -----

// Scratch in a GPU memory space (it used to reach tpu.vector_load's
// "Expected base memref to be in VMEM").
// expected-error @+1 {{'pallas.kernel' op kernel body argument 1 has type memref<8xf32, #pallas.memory_space<gmem>>, in the GPU memory space gmem; SparseCore kernels use the TPU spaces (hbm, vmem, vmem_shared, smem, semaphore, any)}}
pallas.kernel @k grid(1, 16) names("core", "subcore")
    ins(%x: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
    scratch(%a: memref<8xf32, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %v = pallas.load %a[] : memref<8xf32, #pallas.memory_space<gmem>> -> vector<8xf32>
}

// -----

// An operand in a GPU memory space (it used to be a generic "failed to
// legalize").
// expected-error @+1 {{'pallas.kernel' op kernel body argument 0 has type memref<8xf32, #pallas.memory_space<shared>>, in the GPU memory space shared}}
pallas.kernel @k grid(1, 16) names("core", "subcore")
    ins(%x: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in shared)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

pallas.kernel @k grid(1, 16) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{'pallas.run_scoped' op scoped allocation 0 has type memref<8xf32, #pallas.memory_space<tmem>>, in the GPU memory space tmem}}
  pallas.run_scoped {
  ^bb0(%t: memref<8xf32, #pallas.memory_space<tmem>>):
    pallas.yield
  }
}

// -----

// Vector loads from CMEM (not core-local) used to reach tpu.vector_load's
// verifier.
pallas.kernel @k grid(1, 16) names("core", "subcore")
    scratch(%c: memref<8xf32, #pallas.memory_space<cmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{'pallas.load' op Get does not support loading from CMEM. Copy the data to a core-local memory space, e.g. VMEM, via `pltpu.async_copy`.}}
  %v = pallas.load %c[] : memref<8xf32, #pallas.memory_space<cmem>> -> vector<8xf32>
}

// -----

// An axis name that is neither a grid name nor a mesh axis (it used to be a
// generic "failed to legalize").
pallas.kernel @k grid(2) names("core")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  // expected-error @+1 {{'pallas.axis_index' op 'subcore' is neither a mesh axis of the kernel ["core"] nor a device mesh axis []}}
  %s = pallas.axis_index "subcore"
}
