// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// pallas.take_along_axis and pallas.rev on 2-D vectors on the CPU, with
// x[r, c] = 10 r + c (2x4). Expected rows worked out by hand:
// rows 0-1: x[r, i1[r, c]] with i1 = [[3, 0, 1, 1], [2, 2, 0, 3]];
// rows 2-4: x[i0[r, c], c] with i0 = [[1, 0, 1, 0], [0, 0, 0, 0],
// [1, 1, 1, 1]] (3 rows: the result has the shape of the indices);
// rows 5-6: x reversed along both dims.

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}3, 0, 1, 1],
// CHECK-NEXT: [12, 12, 10, 13],
// CHECK-NEXT: [10, 1, 12, 3],
// CHECK-NEXT: [0, 1, 2, 3],
// CHECK-NEXT: [10, 11, 12, 13],
// CHECK-NEXT: [13, 12, 11, 10],
// CHECK-NEXT: [3, 2, 1, 0]]

module {
  pallas.kernel @nd grid(1)
      outs(%o: memref<7x4xf32> block [7, 4] map affine_map<(i) -> (0, 0)>) {
    %x = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0]]> : vector<2x4xf32>
    %i1 = arith.constant dense<[[3, 0, 1, 1], [2, 2, 0, 3]]> : vector<2x4xi32>
    %t1 = pallas.take_along_axis %x, %i1 dim 1 : vector<2x4xf32>, vector<2x4xi32>
    pallas.store %t1, %o[0:2, 0:4] : vector<2x4xf32>, memref<7x4xf32>
    %i0 = arith.constant dense<[[1, 0, 1, 0], [0, 0, 0, 0], [1, 1, 1, 1]]> : vector<3x4xi32>
    %t0 = pallas.take_along_axis %x, %i0 dim 0 : vector<2x4xf32>, vector<3x4xi32>
    pallas.store %t0, %o[2:3, 0:4] : vector<3x4xf32>, memref<7x4xf32>
    %r = pallas.rev %x dims [0, 1] : vector<2x4xf32>
    pallas.store %r, %o[5:2, 0:4] : vector<2x4xf32>, memref<7x4xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %o = memref.alloc() : memref<7x4xf32>
    pallas.call @nd(%o) : (memref<7x4xf32>) -> ()
    %u = memref.cast %o : memref<7x4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %o : memref<7x4xf32>
    return
  }
}
