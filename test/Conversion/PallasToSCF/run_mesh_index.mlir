// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// An operand of index elements on a mesh of 2 devices on the CPU. The CPU
// reference declined it ("not yet supported: body operand 0 of type
// memref<...xindex, ...> on a mesh"): a device image slot needs the
// element's width, and index has no bit width of its own; the CPU
// reference's index is 64 bits. The TPU lowering takes such a kernel (fuzz
// seed 20261126, cross-pass oracle). By hand: device d's array is
// [10 d, 10 d + 1, 10 d + 2, 10 d + 3] and o = 2 x + d.
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}0,   2,   4,   6],
// CHECK-NEXT: [21,   23,   25,   27]]

module {
  pallas.kernel @index_on_mesh grid(1)
      ins(%x: memref<4xindex> block [4] map affine_map<(i) -> (0)> in vmem)
      outs(%o: memref<4xi32> block [4] map affine_map<(i) -> (0)>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %v = pallas.load %x[] : memref<4xindex, #pallas.memory_space<vmem>> -> vector<4xindex>
    %w = arith.index_cast %v : vector<4xindex> to vector<4xi32>
    %two = arith.constant dense<2> : vector<4xi32>
    %twice = arith.muli %w, %two : vector<4xi32>
    %d = pallas.device_id
    %db = vector.broadcast %d : i32 to vector<4xi32>
    %r = arith.addi %twice, %db : vector<4xi32>
    pallas.store %r, %o[] : vector<4xi32>, memref<4xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %x = memref.alloc() : memref<2x4xindex>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c10 = arith.constant 10 : index
    scf.for %d = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c4 step %c1 {
        %t = arith.muli %d, %c10 : index
        %v = arith.addi %t, %k : index
        memref.store %v, %x[%d, %k] : memref<2x4xindex>
      }
    }
    %o = memref.alloc() : memref<2x4xi32>
    pallas.call @index_on_mesh(%x, %o) : (memref<2x4xindex>, memref<2x4xi32>) -> ()
    %u = memref.cast %o : memref<2x4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %x : memref<2x4xindex>
    memref.dealloc %o : memref<2x4xi32>
    return
  }
}
