// RUN: %pallas_opt %s --convert-pallas-to-scf="mesh-shape=2" -split-input-file -verify-diagnostics
// RUN: not %pallas_opt %s --convert-pallas-to-scf="mesh-shape=2,0" -split-input-file 2>&1 | FileCheck %s --check-prefix=BAD

// The pass option mesh-shape: it must agree with a kernel's declared mesh,
// and a kernel run on 2 devices takes its operands stacked.

// BAD: error: 'builtin.module' op mesh-shape=2,0: expected positive extents separated by commas, e.g. 4 or 2,2

// expected-error @+1 {{the kernel's mesh_shape [4] differs from the pass option mesh-shape=2}}
pallas.kernel @k outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>}}} {
  %d = pallas.device_id
}

// -----

module {
  pallas.kernel @k outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>) {
    %d = pallas.device_id
    %v = vector.broadcast %d : i32 to vector<8xi32>
    pallas.store %v, %o[] : vector<8xi32>, memref<8xi32>
  }
  func.func @host(%o: memref<8xi32>) {
    // expected-error @+1 {{operand 0 has type memref<8xi32>, but the kernel takes memref<2x8xi32> here (the kernel runs on 2 devices, so every array operand stacks their arrays on a leading axis)}}
    pallas.call @k(%o) : (memref<8xi32>) -> ()
    return
  }
}
