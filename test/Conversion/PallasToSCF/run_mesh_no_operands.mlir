// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// A kernel on a mesh of 2 devices with no operands at all (its device
// images are empty): each device prints its id, device 0 first.
// CHECK:      device 0
// CHECK-NEXT: device 1

module {
  pallas.kernel @k attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %d = pallas.device_id
    pallas.debug_print "device {}" (%d : i32)
  }

  func.func @main() {
    pallas.call @k() : () -> ()
    return
  }
}
