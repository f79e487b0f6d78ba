// RUN: %mlir_opt -p 'builtin.module(pallas-copy-loops,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// A 3x20 window (rows 1..3, columns 2..21) of a 4x24 array with a[i][j] =
// 100 i + j, copied into columns 5..24 of a 3x32 buffer: per row one
// 16-lane vector and a tail of 4 single elements. Expected rows written by
// hand from the formula: 100 i + j for j = 2..21.
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121],
// CHECK-NEXT: [202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221],
// CHECK-NEXT: [302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321]]
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c24 = arith.constant 24 : index
  %c100 = arith.constant 100 : index
  %a = memref.alloc() : memref<4x24xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c24 step %c1 {
      %h = arith.muli %i, %c100 : index
      %v = arith.addi %h, %j : index
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      memref.store %vf, %a[%i, %j] : memref<4x24xf32>
    }
  }
  %b = memref.alloc() : memref<3x32xf32>
  %src = memref.subview %a[1, 2] [3, 20] [1, 1] : memref<4x24xf32> to memref<3x20xf32, strided<[24, 1], offset: 26>>
  %dst = memref.subview %b[0, 5] [3, 20] [1, 1] : memref<3x32xf32> to memref<3x20xf32, strided<[32, 1], offset: 5>>
  memref.copy %src, %dst : memref<3x20xf32, strided<[24, 1], offset: 26>> to memref<3x20xf32, strided<[32, 1], offset: 5>>
  %out = memref.alloc() : memref<3x20xf32>
  memref.copy %dst, %out : memref<3x20xf32, strided<[32, 1], offset: 5>> to memref<3x20xf32>
  %u = memref.cast %out : memref<3x20xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
