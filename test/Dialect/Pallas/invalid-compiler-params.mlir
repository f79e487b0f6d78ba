// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// compiler_params.mosaic_tpu is decoded and checked once, by the kernel's
// verifier (src/dialect/pallas/compiler_params.rs): every key known, every
// value of the kind and range the lowerings use. Several cases are issue 12's
// reproducers, which used to crash or mislower the TPU passes.

// kernel_type of the wrong kind (it used to be read as a string regardless: SIGSEGV).
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu.kernel_type must be a string, got 1 : i64}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = 1 : i64}}} {
  pallas.return
}

// -----

// An unknown kernel type.
// expected-error @+1 {{'pallas.kernel' op unknown mosaic_tpu.kernel_type "bogus"; expected "tc", "sc_vector_subcore" or "sc_scalar_subcore"}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "bogus"}}} {
  pallas.return
}

// -----

// An empty kernel type.
// expected-error @+1 {{'pallas.kernel' op unknown mosaic_tpu.kernel_type ""; expected "tc", "sc_vector_subcore" or "sc_scalar_subcore"}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = ""}}} {
  pallas.return
}

// -----

// mesh_axes as a bare string (it used to abort).
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu.mesh_axes must be an array of axis name strings, got "x"}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = "x", mesh_shape = array<i64: 4>}}} {
  pallas.return
}

// -----

// An empty axis name.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu.mesh_axes must be an array of non-empty axis names, got [""]}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = [""], mesh_shape = array<i64: 4>}}} {
  pallas.return
}

// -----

// An axis named twice.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu.mesh_axes names axis 'x' twice}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "x"], mesh_shape = array<i64: 2, 2>}}} {
  pallas.return
}

// -----

// mesh_shape of i32 elements (it used to be read as i64s: a heap address as an extent).
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu.mesh_shape must be a DenseI64ArrayAttr (array<i64: ...>), got array<i32: 4, 2>}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i32: 4, 2>}}} {
  pallas.return
}

// -----

// More axes than extents (it used to panic on a slice index).
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu.mesh_axes names 2 axes but mesh_shape has 1 extents}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i64: 4>}}} {
  pallas.return
}

// -----

// An empty mesh axis (it used to give `arith.remsi %id, 0`).
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu.mesh_shape must be an array of positive extents, got array<i64: 0>}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 0>}}} {
  pallas.return
}

// -----

// More devices than an i32 id can name.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu.mesh_shape array<i64: 65536, 65536> has more than 2^31 - 1 devices}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i64: 65536, 65536>}}} {
  pallas.return
}

// -----

// Only half of a mesh.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu needs mesh_axes and mesh_shape together}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_shape = array<i64: 4>}}} {
  pallas.return
}

// -----

// A collective id that is not an i32.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu.collective_id must be an integer in [0, 2^31), got 4294967296 : i64}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {collective_id = 4294967296 : i64}}} {
  pallas.return
}

// -----

// A negative VMEM limit.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu.vmem_limit_bytes must be a positive integer, got -1 : i64}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {vmem_limit_bytes = -1 : i64}}} {
  pallas.return
}

// -----

// A misspelled key.
// expected-error @+1 {{'pallas.kernel' op compiler_params.mosaic_tpu has an unknown key 'kernel_typ'; expected one of kernel_type, mesh_axes, mesh_shape, collective_id, vmem_limit_bytes}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {kernel_typ = "tc"}}} {
  pallas.return
}

// -----

// mosaic_tpu that is not a dictionary.
// expected-error @+1 {{'pallas.kernel' op compiler_params for 'mosaic_tpu' must be a dictionary, got "tc"}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = "tc"}} {
  pallas.return
}
