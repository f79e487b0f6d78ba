// RUN: %pallas_opt %s --convert-pallas-to-scf -split-input-file -verify-diagnostics

// The CPU reference runs one device: axis_index of a mesh axis and
// device_id are rejected on a mesh of more than one device, and an
// axis_index must name a grid or a mesh axis.

pallas.kernel @k grid(1) outs(%o: memref<8xi32> block [8] map affine_map<(i) -> (0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i64: 2, 2>}}} {
  // expected-error @+1 {{not yet supported: pallas.axis_index on a mesh of 4 devices on the CPU reference (it runs one device)}}
  %x = pallas.axis_index "y"
}

// -----

pallas.kernel @k grid(1) outs(%o: memref<8xi32> block [8] map affine_map<(i) -> (0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>}}} {
  // expected-error @+1 {{not yet supported: pallas.device_id on a mesh of 4 devices on the CPU reference (it runs one device)}}
  %d = pallas.device_id
}

// -----

pallas.kernel @k grid(1) names("i") outs(%o: memref<8xi32> block [8] map affine_map<(i) -> (0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 1>}}} {
  // expected-error @+1 {{'z' is neither a grid axis ["i"] nor a mesh axis ["x"]}}
  %z = pallas.axis_index "z"
}
