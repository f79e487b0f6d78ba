// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s --check-prefix=LOWER

// The PRNG on a mesh of 2 devices with a wait between two draws: each
// device seeds with its index, draws a (row 0 of its output), signals the
// other device, waits for its signal and draws b (row 1). Device 0 blocks
// in the wait and resumes after device 1 has seeded and drawn; each device
// has its own generator state in its memory image (prng.rs), so its draws
// continue its own stream.
// Expected numbers: JAX's threefry2x32 primitive
// (jax._src.random.threefry2x32.threefry2x32_p) on the documented
// key/counter: draw k, element e = threefry2x32((d, 0), (k, e))[0] on
// device d.

// The state is a 3 x i32 slot in the devices' image of no memory space
// (per device: o's block, 64 bytes, then the state at byte 64), not the
// module's global.
// LOWER-LABEL: func.func @prng_mesh
// LOWER-NOT: memref.get_global
// LOWER: %[[IMG:.*]] = memref.alloc() : memref<256xi8>
// LOWER: scf.execute_region
// LOWER: %[[AT:.*]] = arith.addi %{{.*}}, %c64{{.*}} : index
// LOWER: memref.view %[[IMG]][%[[AT]]][] : memref<256xi8> to memref<3xi32>

// CHECK: Unranked Memref {{.*}} sizes = [2, 2, 8]
// CHECK-NEXT: {{\[\[\[}}1797259609,   928981903,   -148943191,   -1827506293,   -2009071935,   1524306142,   -502472622,   -1578141107],
// CHECK-NEXT: [1351547692,   -1820994721,   1390163619,   967050713,   428148500,   1501764800,   -1699951961,   582972539]],
// CHECK-NEXT: {{\[\[}}-1271552006,   -388080191,   -198723081,   1540038426,   -111986386,   360620046,   -670846398,   -916784872],
// CHECK-NEXT: [247883890,   -879659596,   211036126,   1712406955,   -2005526245,   -1785734036,   -207126955,   1753866293]]]

module {
  pallas.kernel @prng_mesh outs(%o: memref<2x8xi32> block [2, 8] map affine_map<() -> (0, 0)>)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %me = pallas.axis_index "x"
    %c1 = arith.constant 1 : i32
    %other = arith.subi %c1, %me : i32
    pallas.prng_seed %me
    %a = pallas.prng_random_bits : vector<8xi32>
    pallas.semaphore_signal %sem[], %c1 device(%other) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %b = pallas.prng_random_bits : vector<8xi32>
    %c0 = arith.constant 0 : index
    %c1i = arith.constant 1 : index
    pallas.store %a, %o[%c0, 0:8] : vector<8xi32>, memref<2x8xi32>
    pallas.store %b, %o[%c1i, 0:8] : vector<8xi32>, memref<2x8xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<2x2x8xi32>
    pallas.call @prng_mesh(%o) : (memref<2x2x8xi32>) -> ()
    %u = memref.cast %o : memref<2x2x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %o : memref<2x2x8xi32>
    return
  }
}
