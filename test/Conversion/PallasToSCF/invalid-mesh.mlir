// RUN: %pallas_opt %s --convert-pallas-to-scf -split-input-file -verify-diagnostics

// Mesh kernels the CPU reference cannot run as its simulated devices
// (devices run in stretches cut before every wait; see mesh.rs), and an
// axis_index naming no axis.

pallas.kernel @k grid(1) names("i") outs(%o: memref<8xi32> block [8] map affine_map<(i) -> (0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 1>}}} {
  // expected-error @+1 {{'z' is neither a grid axis ["i"] nor a mesh axis ["x"]}}
  %z = pallas.axis_index "z"
}

// -----

// A wait under control flow that depends on the device: a device skipping
// it and one blocking in it cannot run in the same stretches.
pallas.kernel @k outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  %me = pallas.axis_index "x"
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %first = arith.cmpi eq, %me, %c0 : i32
  // expected-error @+1 {{not yet supported: a wait under control flow that depends on the device (an operand of scf.if) on a mesh in the CPU reference}}
  scf.if %first {
    pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
  }
}

// -----

// A loop holding a wait runs once for all devices, so what it carries must
// be the same on every device (run_mesh_carry.mlir runs one that is).
pallas.kernel @k outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  %me = pallas.axis_index "x"
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %n = arith.addi %a, %me : i32
    // expected-error @+1 {{not yet supported: a value that depends on the device carried out of a scf.for holding a wait, on a mesh in the CPU reference}}
    scf.yield %n : i32
  }
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

// Only scf.for and scf.if are cut at the waits they hold.
pallas.kernel @k outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  %c1 = arith.constant 1 : i32
  %false = arith.constant false
  // expected-error @+1 {{not yet supported: a wait inside scf.while on a mesh in the CPU reference (devices run in stretches cut at waits; only scf.for and scf.if are cut inside)}}
  scf.while : () -> () {
    scf.condition(%false)
  } do {
    pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    scf.yield
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

// A value that is neither recomputable nor a scalar or vector cannot
// cross a wait.
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

// -----

// The software PRNG has one state, which devices taking turns would share.
pallas.kernel @k outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  %me = pallas.axis_index "x"
  // expected-error @+1 {{not yet supported: the PRNG in a kernel whose 2 devices run in several stretches (it has waits) in the CPU reference}}
  pallas.prng_seed %me
  %c1 = arith.constant 1 : i32
  pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
  %bits = pallas.prng_random_bits : vector<8xi32>
  pallas.store %bits, %o[] : vector<8xi32>, memref<8xi32>
}

// -----

// A scoped buffer on a mesh needs a slot in the devices' images: a static
// shape and the identity layout.
pallas.kernel @k outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
  %me = pallas.axis_index "x"
  // expected-error @+1 {{not yet supported: a scoped allocation of type memref<8xi32, strided<[2]>, #pallas.memory_space<vmem>> on a mesh of 2 devices in the CPU reference}}
  pallas.run_scoped {
  ^bb0(%b: memref<8xi32, strided<[2]>, #pallas.memory_space<vmem>>):
    pallas.yield
  }
}
