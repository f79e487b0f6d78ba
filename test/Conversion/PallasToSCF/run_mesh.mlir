// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s --check-prefix=LOWER

// pallas.axis_index / device_id on the CPU reference for a kernel on a
// mesh of one device that does not talk to other devices: a grid axis's
// axis_index is its program id; a mesh axis's axis_index and device_id are
// 0 (device 0 of a one-device mesh). Meshes of more devices: run_mesh_*.
// Grid (2, 3) named ("i", "j"), 1x1 blocks:
//   o[i, j] = 100 * axis_index("j") + 10 * axis_index("i")
//             + axis_index("x") + device_id + 1
// Expected by hand: o[i, j] = 100 j + 10 i + 1.

// LOWER-LABEL: func.func @mesh
// LOWER-NOT: pallas.

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}1,   101,   201],
// CHECK-NEXT: [11,   111,   211]]

module {
  pallas.kernel @mesh grid(2, 3) names("i", "j")
      outs(%o: memref<2x3xi32> block [1, 1] map affine_map<(i, j) -> (i, j)>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 1>}}} {
    %i = pallas.axis_index "i"
    %j = pallas.axis_index "j"
    %x = pallas.axis_index "x"
    %d = pallas.device_id
    %c100 = arith.constant 100 : i32
    %c10 = arith.constant 10 : i32
    %c1 = arith.constant 1 : i32
    %a = arith.muli %j, %c100 : i32
    %b = arith.muli %i, %c10 : i32
    %s0 = arith.addi %a, %b : i32
    %s1 = arith.addi %s0, %x : i32
    %s2 = arith.addi %s1, %d : i32
    %s = arith.addi %s2, %c1 : i32
    %c0 = arith.constant 0 : index
    pallas.store %s, %o[%c0, %c0] : i32, memref<1x1xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<2x3xi32>
    pallas.call @mesh(%o) : (memref<2x3xi32>) -> ()
    %u = memref.cast %o : memref<2x3xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %o : memref<2x3xi32>
    return
  }
}
