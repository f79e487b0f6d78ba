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

// -----

// Unrolled loops (src/conversion/common/unroll.rs, shared by every
// lowering): a zero step used to divide by zero, a loop end past i32 wrapped
// in the constants, a huge trip count made millions of copies.
pallas.kernel @k grid(1, 16) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %c0 = arith.constant 0 : i32
  %c0s = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c2 = arith.constant 2 : i32
  %big = arith.constant 2147483647 : i32
  %many = arith.constant 100000000 : i32
  // expected-error @+1 {{'scf.for' op pallas.unroll needs a positive loop step, got 0}}
  scf.for %i = %c0 to %c8 step %c0s : i32 {
  } {pallas.unroll}
  // expected-error @+1 {{'scf.for' op not yet supported: pallas.unroll on a loop whose end 2147483648 (lower bound + trip count * step) overflows its type i32}}
  scf.for %i = %c0 to %big step %c2 : i32 {
  } {pallas.unroll = 3}
  // expected-error @+1 {{'scf.for' op not yet supported: pallas.unroll making 100000000 copies of the loop body (at most 65536)}}
  scf.for %i = %c0 to %many step %c1 : i32 {
  } {pallas.unroll}
}
