// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Blocks larger than their arrays (JAX pads the window): the CPU reference
// copies only the in-bounds part of a window in and out, so writes to the
// padding are dropped and only in-bounds reads are meaningful.
//
// @fill: the (squeezed, 4, squeezed, 128) block of an f32[2, 8, 1, 1] array
// (examples/tpu/tpu_oversized_block.mlir): step (b, h) writes b * 10 + h to
// rows 4h..4h+3 of batch b; worked out by hand, o[b, :, 0, 0] is
//   b = 0: 0 0 0 0 1 1 1 1,   b = 1: 10 10 10 10 11 11 11 11.
// @double: a [2, 8] block over an f32[2, 3] array, y = 2 * x where the
// padding is read but never lands: x = [[1, 2, 3], [4, 5, 6]] gives
// [[2, 4, 6], [8, 10, 12]].

// CHECK: Unranked Memref
// CHECK-NEXT: [0, 0, 0, 0, 1, 1, 1, 1, 10, 10, 10, 10, 11, 11, 11, 11]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}2, 4, 6],
// CHECK-NEXT: [8, 10, 12]]

module {
  pallas.kernel @fill grid(2, 2)
      outs(%o: memref<2x8x1x1xf32> block [squeezed, 4, squeezed, 128] map affine_map<(b, h) -> (b, h, 0, 0)>) {
    %b = pallas.program_id 0
    %h = pallas.program_id 1
    %bf = arith.sitofp %b : i32 to f32
    %hf = arith.sitofp %h : i32 to f32
    %ten = arith.constant 10.0 : f32
    %bt = arith.mulf %bf, %ten : f32
    %v = arith.addf %bt, %hf : f32
    %vb = vector.broadcast %v : f32 to vector<4x128xf32>
    pallas.store %vb, %o[] : vector<4x128xf32>, memref<4x128xf32>
  }

  pallas.kernel @double grid(1)
      ins(%x: memref<2x3xf32> block [2, 8] map affine_map<(i) -> (0, 0)>)
      outs(%y: memref<2x3xf32> block [2, 8] map affine_map<(i) -> (0, 0)>) {
    %v = pallas.load %x[] : memref<2x8xf32> -> vector<2x8xf32>
    %d = arith.addf %v, %v : vector<2x8xf32>
    pallas.store %d, %y[] : vector<2x8xf32>, memref<2x8xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %o = memref.alloc() : memref<2x8x1x1xf32>
    pallas.call @fill(%o) : (memref<2x8x1x1xf32>) -> ()
    %flat = memref.collapse_shape %o [[0, 1, 2, 3]] : memref<2x8x1x1xf32> into memref<16xf32>
    %u = memref.cast %flat : memref<16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %o : memref<2x8x1x1xf32>

    %x = memref.alloc() : memref<2x3xf32>
    %y = memref.alloc() : memref<2x3xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %one = arith.constant 1.0 : f32
    %three = arith.constant 3.0 : f32
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c3 step %c1 {
        // x[i, j] = 3i + j + 1
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %if = arith.sitofp %ii : i32 to f32
        %jf = arith.sitofp %jj : i32 to f32
        %a = arith.mulf %if, %three : f32
        %s = arith.addf %a, %jf : f32
        %e = arith.addf %s, %one : f32
        memref.store %e, %x[%i, %j] : memref<2x3xf32>
      }
    }
    pallas.call @double(%x, %y) : (memref<2x3xf32>, memref<2x3xf32>) -> ()
    %uy = memref.cast %y : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%uy) : (memref<*xf32>) -> ()
    memref.dealloc %x : memref<2x3xf32>
    memref.dealloc %y : memref<2x3xf32>
    return
  }
}
