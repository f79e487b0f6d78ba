// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf{mesh-shape=2},%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// The named pipeline hands its options to convert-pallas-to-scf:
// RUN: %mlir_opt -p 'builtin.module(pallas-cpu-pipeline{mesh-shape=2})' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %pallas_opt --pallas-cpu-pipeline=mesh-shape=2 %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// The pass option mesh-shape gives a mesh to a kernel that declares none:
// here 2 devices, addressed by LOGICAL device ids. Each device adds
// 5 + its id to the other device's semaphore, waits for 1 of it, and writes
// 100 * device_id + what is left of its semaphore:
//   device 0: 0 + (5 + 1) - 1 = 5;  device 1: 100 + (5 + 0) - 1 = 104
// (by hand). The operands stack the 2 devices' 8xi32 outputs.

// CHECK: Unranked Memref {{.*}} sizes = [2, 8]
// CHECK-NEXT: {{\[\[}}5,   5,   5,   5,   5,   5,   5,   5],
// CHECK-NEXT: [104,   104,   104,   104,   104,   104,   104,   104]]

module {
  pallas.kernel @signal outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>) {
    %me = pallas.device_id
    %c1 = arith.constant 1 : i32
    %c5 = arith.constant 5 : i32
    %other = arith.subi %c1, %me : i32
    %inc = arith.addi %me, %c5 : i32
    pallas.semaphore_signal %sem[], %inc device(%other) {device_id_type = 1 : i32} : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
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
    %o = memref.alloc() : memref<2x8xi32>
    pallas.call @signal(%o) : (memref<2x8xi32>) -> ()
    %u = memref.cast %o : memref<2x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %o : memref<2x8xi32>
    return
  }
}
