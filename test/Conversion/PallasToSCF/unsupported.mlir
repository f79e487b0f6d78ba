// RUN: not %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s 2>&1 | FileCheck %s

// The CPU reference simulates devices (mesh.rs) but not the cores of a
// device: a signal to another core is reported.

module {
  pallas.kernel @k grid(1)
      ins(%x: memref<8xf32> block [8] map affine_map<(i) -> (i)>)
      outs(%o: memref<8xf32> block [8] map affine_map<(i) -> (i)>)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %v = pallas.load %x[] : memref<8xf32> -> vector<8xf32>
    %one = arith.constant 1 : i32
    %dev = pallas.device_id
    // CHECK: error: 'pallas.semaphore_signal' op not yet supported: semaphore_signal to another core (core_index) in the CPU reference lowering
    pallas.semaphore_signal %sem[], %one device(%dev) core(%one) {device_id_type = 1 : i32} : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.store %v, %o[] : vector<8xf32>, memref<8xf32>
  }
}
