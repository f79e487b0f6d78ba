// RUN: %pallas_opt %s --convert-pallas-to-scf -split-input-file -verify-diagnostics

// Mesh kernels the CPU reference cannot run as its simulated devices
// (mesh.rs, mesh_schedule.rs), and an axis_index naming no axis. (The TPU
// pass rejects these kernels too: memref.alloc and memref.alloca_scope
// are no TensorCore kernel ops.)

pallas.kernel @k grid(1) names("i") outs(%o: memref<8xi32> block [8] map affine_map<(i) -> (0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 1>}}} {
  // expected-error @+1 {{'z' is neither a grid axis ["i"] nor a mesh axis ["x"]}}
  %z = pallas.axis_index "z"
}

// -----

// A buffer the kernel allocates itself has no slot in the devices' images
// (run_scoped buffers do: run_mesh_scoped.mlir).
pallas.kernel @k outs(%o: memref<8xf32> block [8] map affine_map<() -> (0)> in vmem)
    scratch(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  %me = pallas.axis_index "x"
  %buf = memref.alloc() : memref<8xf32, #pallas.memory_space<vmem>>
  // expected-error @+1 {{not yet supported: pallas.dma_start on another device's memref<8xf32, #pallas.memory_space<vmem>> that is not (a view of) a kernel operand, scratch buffer, run_scoped buffer or the barrier semaphore, in the CPU reference}}
  pallas.dma_start %o -> %buf, %sem[] src_sem(%sem[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%me) : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// A device suspends at a wait only through the structured control flow the
// schedule flattens (scf and affine loops, ifs, switches, regions).
pallas.kernel @k outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{not yet supported: a wait inside memref.alloca_scope on a mesh of 2 devices in the CPU reference (a device suspends at a wait only through scf.for, scf.if, scf.while, scf.index_switch, scf.execute_region, scf.parallel, scf.forall, affine.for, affine.if, affine.parallel)}}
  memref.alloca_scope {
    pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
  }
}

// -----

// Mesh coordinates name one index per mesh axis.
pallas.kernel @k outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i64: 2, 2>}}} {
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{1 device ids (mesh coordinates) for a mesh of rank 2 ([2, 2])}}
  pallas.semaphore_signal %sem[], %c1 device(%c1) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
}

// -----

// A value that is neither recomputable nor a scalar or vector cannot be
// kept across a wait (a device suspended there resumes in a later turn).
pallas.kernel @k outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  %c1 = arith.constant 1 : i32
  %t = memref.alloc() : memref<8xi32>
  pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{not yet supported: a value of memref.alloc (memref<8xi32>) computed before a wait and used after it on a mesh in the CPU reference}}
  memref.store %c1, %t[%c0] : memref<8xi32>
}

