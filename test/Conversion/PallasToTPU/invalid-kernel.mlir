// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file -verify-diagnostics

// expected-error @+1 {{The Pallas TPU lowering currently requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the overall array. Block spec for inputs[0] in pallas_call k has block shape (8, 64), array shape (16, 256), and index_map (d0) -> (d0, 0), in memory space vmem.}}
pallas.kernel @k grid(2) ins(%x: memref<16x256xf32> block [8, 64] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x256xf32> block [8, 256] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

// expected-error @+1 {{requires that the last two dimensions of your block shape are divisible by 8 and 128 respectively, or be equal to the respective dimensions of the overall array. Block spec for outputs[0] in pallas_call k has block shape (4, 128)}}
pallas.kernel @k grid(4) ins(%x: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<16x128xf32> block [4, 128] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

// Rank 1: bf16 tiles are 128 * (32 // 16) = 256 elements.
// expected-error @+1 {{requires that rank 1 block shapes, either 1) the first (and only) dimension of the block shape is equal to the first (and only) dimension of the array shape, or 2) the first (and only) dimension of the block shape is a multiple of the tiling size (256 = 128 * (32 // 16)) of the array shape. Block spec for inputs[0] in pallas_call k has block shape (128,), array shape (1024,)}}
pallas.kernel @k grid(8) ins(%x: memref<1024xbf16> block [128] map affine_map<(i) -> (i)>)
    outs(%o: memref<1024xbf16> block [1024] map affine_map<(i) -> (0)>) {
  pallas.return
}

// -----

// expected-error @+1 {{inputs[0] is in the GPU memory space 'shared'; TPU kernels use any, hbm, vmem, vmem_shared, smem, cmem, semaphore or host}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> in shared)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

// expected-error @+1 {{inputs[0] asks for 3 buffers: only single (1) and double (2) buffering are supported}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> buffers 3)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

// A window that never moves is single-buffered whatever it asks (no error).
pallas.kernel @k grid(2) ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> buffers 3 revisit any)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

// expected-error @+1 {{outputs[0] has revisit mode 'any' with 2 buffers: RevisitMode.ANY is not supported with double buffering}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)> buffers 2 revisit any) {
  pallas.return
}

// -----

pallas.index_map @rows(%i: i32) -> (i32, i32, i32) {
  %c8 = arith.constant 8 : i32
  %s = arith.muli %i, %c8 : i32
  %c0 = arith.constant 0 : i32
  pallas.yield %s, %c8, %c0 : i32, i32, i32
}
// expected-error @+1 {{not yet supported: bounded block dims (inputs[0]) in the TPU lowering}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [bounded(8), 128] map @rows)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

pallas.kernel @k grid(2) names("x") semantics(parallel)
    ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  // expected-error @+1 {{Cannot use communication in pallas_call without shard_map.}}
  %d = pallas.axis_index "devices"
  pallas.return
}

// -----

// expected-error @+1 {{Cannot shadow axis mesh axis names with grid names. mesh axis names: ["x"], grid names: ["x"]}}
pallas.kernel @k grid(2) names("x") semantics(parallel)
    ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>}}} {
  pallas.return
}

// -----

pallas.kernel @k grid(2) ins(%x: memref<16x128xi32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xi32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.atomic_cas' op is a GPU op; it has no TPU lowering}}
  %r = pallas.atomic_cas %x[%c0, %c0], %v, %v : memref<8x128xi32>, i32
  pallas.return
}

// -----

func.func @host(%x: memref<16x128xf32>, %o: memref<16x128xf32>) {
  // expected-error @+1 {{'pallas.call' op has no TPU lowering: Mosaic kernels are called by the TPU runtime, not from host code in the module}}
  pallas.call @k(%x, %o) : (memref<16x128xf32>, memref<16x128xf32>) -> ()
  return
}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

pallas.kernel @k grid(2) names("i") semantics(parallel)
    ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>}}} {
  // expected-error @+1 {{'y' is neither a grid axis ["i"] nor a mesh axis ["x"]}}
  %d = pallas.axis_index "y"
  pallas.return
}

// -----

// A misspelled kernel type is an error (of the kernel's verifier), not a
// kernel left unlowered.
// expected-error @+1 {{'pallas.kernel' op unknown mosaic_tpu.kernel_type "sc_vector_subcor"; expected "tc", "sc_vector_subcore" or "sc_scalar_subcore"}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcor"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu.kernel_type must be a string, got 3 : i32}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = 3 : i32}}} {
  pallas.return
}

// -----

// The kernel may not take the name of a transform function of the Mosaic
// module it becomes (which would hold two @transform_0).
// expected-error @+1 {{'pallas.kernel' op kernel name 'transform_0' is the name of the transform function of inputs[0] in the Mosaic module; rename the kernel}}
pallas.kernel @transform_0 grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

// Scratch in a GPU memory space has no TPU form (it used to be left in the
// output as #pallas.memory_space<gmem>).
// expected-error @+1 {{'pallas.kernel' op scratch[0] is in the GPU memory space 'gmem'; TPU kernels use any, hbm, vmem, vmem_shared, smem, cmem, semaphore or host}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    scratch(%s: memref<8x128xf32, #pallas.memory_space<gmem>>) {
  pallas.return
}

// -----

// JAX's rank-1 tiling rule, 128 * (32 // bits), is 0 for 64-bit elements:
// a rank-1 block of i64 that is not the whole array is rejected (it used to
// divide by zero).
// expected-error @+1 {{'pallas.kernel' op not yet supported: a rank 1 block of 64-bit elements that is not the whole array (JAX's tiling rule, 128 * (32 // 64), is 0).}}
pallas.kernel @k grid(2) ins(%h: memref<20xi64> block [16] map affine_map<(i) -> (i)>) {
  pallas.return
}
