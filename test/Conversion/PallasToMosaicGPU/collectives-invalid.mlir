// RUN: %pallas_opt %s --split-input-file --verify-diagnostics --convert-pallas-to-mosaic-gpu

// JAX supports only collectives over all axes of the device mesh.
pallas.kernel @k
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)> in gmem)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)> in gmem)
    scratch(%s: memref<!pallas.semaphore, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x", "y"], mesh_shape = array<i64: 2, 2>}}} {
  // expected-error @+1 {{'pallas.multimem_load_reduce' op Only collective_axes that include all JAX device mesh (('x', 'y')) axes are supported, but got ('x',)}}
  %v = pallas.multimem_load_reduce %x add {collective_axes = ["x"]} : memref<8x128xf32, #pallas.memory_space<gmem>> -> vector<8x128xf32>
  pallas.store %v, %o[] : vector<8x128xf32>, memref<8x128xf32, #pallas.memory_space<gmem>>
  %one = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.semaphore_signal_multicast' op collective_axes ('y',) must equal entire mesh axes ('x', 'y')}}
  pallas.semaphore_signal_multicast %s[], %one {collective_axes = ["y"]} : memref<!pallas.semaphore, #pallas.memory_space<gmem>>
  pallas.return
}

// -----

pallas.kernel @k
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)> in gmem)
    scratch(%s: memref<!pallas.semaphore, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %one = arith.constant 1 : i32
  %d = arith.constant 0 : i32
  // expected-error @+1 {{'pallas.semaphore_signal' op not yet supported: semaphore_signal to another device without a device mesh (NVSHMEM)}}
  pallas.semaphore_signal %s[], %one device(%d) : memref<!pallas.semaphore, #pallas.memory_space<gmem>>
  // expected-error @+1 {{'pallas.semaphore_signal' op Mosaic GPU backend does not support the concept of cores, but core_index is specified}}
  pallas.semaphore_signal %s[], %one core(%d) : memref<!pallas.semaphore, #pallas.memory_space<gmem>>
  // expected-error @+1 {{'pallas.semaphore_read' op not yet supported: `pallas.semaphore_read` in convert-pallas-to-mosaic-gpu}}
  %r = pallas.semaphore_read %s[] : memref<!pallas.semaphore, #pallas.memory_space<gmem>>
  pallas.return
}

// -----

// A mesh of one device: JAX reaches the peers through NVSHMEM there.
pallas.kernel @k
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", mesh_axes = ["x"], mesh_shape = array<i64: 1>}}} {
  // expected-error @+1 {{'pallas.axis_index' op not yet supported: device collectives under a mesh of one device (JAX uses NVSHMEM there)}}
  %d = pallas.axis_index "x"
  pallas.return
}

// -----

pallas.kernel @k
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %v = memref.subview %x[0, 0] [4, 128] [1, 1] : memref<8x128xf32, #pallas.memory_space<gmem>> to memref<4x128xf32, strided<[128, 1]>, #pallas.memory_space<gmem>>
  // expected-error @+1 {{'pallas.ref_reshape' op not yet supported: ref_reshape other than of a whole GMEM or shared ref}}
  %r = pallas.ref_reshape %v : memref<4x128xf32, strided<[128, 1]>, #pallas.memory_space<gmem>> -> memref<512xf32, strided<[1]>, #pallas.memory_space<gmem>>
  pallas.return
}

// -----

// JAX allocates GMEM semaphores in run_scoped only for the whole CTA; a
// kernel of several warpgroups scopes them per warpgroup.
pallas.kernel @k
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", num_threads = 2 : i64, thread_name = "wg"}}} {
  // expected-error @+1 {{'pallas.run_scoped' op Only thread-collective allocations are supported in run_scoped. To allocate global semaphores, use pl.get_global.}}
  pallas.run_scoped {
  ^bb0(%t: memref<!pallas.semaphore, #pallas.memory_space<gmem>>):
    pallas.yield
  }
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op not yet supported: scratch in a memory space other than shared (memref<!pallas.barrier_semaphore, #pallas.memory_space<gmem>>)}}
pallas.kernel @k
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)> in gmem)
    scratch(%s: memref<!pallas.barrier_semaphore, #pallas.memory_space<gmem>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %one = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.semaphore_wait' op not yet supported: semaphores other than GMEM semaphores (memref<... x !pallas.semaphore, #pallas.memory_space<gmem>>) in convert-pallas-to-mosaic-gpu}}
  pallas.semaphore_wait %s[], %one : memref<!pallas.barrier_semaphore, #pallas.memory_space<gmem>>
  pallas.return
}
