// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// `semaphore_signal ... core(c)`: a device of the CPU reference has one
// TensorCore (as a v5e / v6e chip, and as JAX's interpret mode with its
// default num_cores_per_device = 1), so core 0 is the device's own core and
// the signal is the plain one (run_core_signal_other.mlir: any other core
// stops the run).
//
// @local: grid of 2 row blocks; step i adds i + 3 to the scratch semaphore
// (core 0), takes 1 back and writes x + what is left: after step 0 the
// count is 3 - 1 = 2, after step 1 2 + 4 - 1 = 5 (by hand); x[j] = j.
// @remote: a mesh of 2 devices; each adds 5 + its id to the other device's
// semaphore on its core 0 (mesh coordinates), waits for 1 and writes
// 100 * id + what is left: device 0: 0 + 6 - 1 = 5, device 1:
// 100 + 5 - 1 = 104 (by hand).

// CHECK: Unranked Memref {{.*}} sizes = [16]
// CHECK-NEXT: [2,  3,  4,  5,  6,  7,  8,  9,  13,  14,  15,  16,  17,  18,  19,  20]
// CHECK: Unranked Memref {{.*}} sizes = [2, 8]
// CHECK-NEXT: {{\[\[}}5,   5,   5,   5,   5,   5,   5,   5],
// CHECK-NEXT: [104,   104,   104,   104,   104,   104,   104,   104]]

module {
  pallas.kernel @local grid(2) semantics(core_parallel)
      ins(%x: memref<16xi32> block [8] map affine_map<(i) -> (i)>)
      outs(%o: memref<16xi32> block [8] map affine_map<(i) -> (i)>)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>) {
    %i = pallas.program_id 0
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %inc = arith.addi %i, %c3 : i32
    pallas.semaphore_signal %sem[], %inc core(%c0) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %left = pallas.semaphore_read %sem[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %v = pallas.load %x[] : memref<8xi32> -> vector<8xi32>
    %b = vector.broadcast %left : i32 to vector<8xi32>
    %r = arith.addi %v, %b : vector<8xi32>
    pallas.store %r, %o[] : vector<8xi32>, memref<8xi32>
  }

  pallas.kernel @remote outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %me = pallas.axis_index "x"
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c5 = arith.constant 5 : i32
    %other = arith.subi %c1, %me : i32
    %inc = arith.addi %me, %c5 : i32
    pallas.semaphore_signal %sem[], %inc device(%other) core(%c0) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %left = pallas.semaphore_read %sem[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %c100 = arith.constant 100 : i32
    %base = arith.muli %me, %c100 : i32
    %v = arith.addi %base, %left : i32
    %vv = vector.broadcast %v : i32 to vector<8xi32>
    pallas.store %vv, %o[] : vector<8xi32>, memref<8xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %x = memref.alloc() : memref<16xi32>
    scf.for %j = %c0 to %c16 step %c1 {
      %v = arith.index_cast %j : index to i32
      memref.store %v, %x[%j] : memref<16xi32>
    }
    %o = memref.alloc() : memref<16xi32>
    pallas.call @local(%x, %o) : (memref<16xi32>, memref<16xi32>) -> ()
    %u = memref.cast %o : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %o2 = memref.alloc() : memref<2x8xi32>
    pallas.call @remote(%o2) : (memref<2x8xi32>) -> ()
    %u2 = memref.cast %o2 : memref<2x8xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    memref.dealloc %x : memref<16xi32>
    memref.dealloc %o : memref<16xi32>
    memref.dealloc %o2 : memref<2x8xi32>
    return
  }
}
