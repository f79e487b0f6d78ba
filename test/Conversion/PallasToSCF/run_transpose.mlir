// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s --check-prefix=LOWER

// A 2-D vector.transpose in a kernel goes through buffers: the tile is
// written, copied transposed by a loop nest, and read back (no
// element-by-element unrolling); a transpose with a unit dim stays. By hand: [[1, 2, 3], [4, 5, 6]]^T = [[1, 4], [2, 5], [3, 6]].

// LOWER-LABEL: func.func @transpose
// LOWER: %[[SRC:.*]] = memref.alloc() : memref<2x3xf32>
// LOWER: %[[DST:.*]] = memref.alloc() : memref<3x2xf32>
// LOWER: vector.transfer_write %{{.*}}, %[[SRC]][%{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<2x3xf32>, memref<2x3xf32>
// LOWER: scf.for %[[I:.*]] =
// LOWER: scf.for %[[J:.*]] =
// LOWER: %[[X:.*]] = memref.load %[[SRC]][%[[I]], %[[J]]] : memref<2x3xf32>
// LOWER: memref.store %[[X]], %[[DST]][%[[J]], %[[I]]] : memref<3x2xf32>
// LOWER: vector.transfer_read %[[DST]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : memref<3x2xf32>, vector<3x2xf32>
// LOWER: vector.transpose %{{.*}}, [1, 0] : vector<1x3xf32> to vector<3x1xf32>

// CHECK: {{\[\[}}1, 4],
// CHECK-NEXT: [2, 5],
// CHECK-NEXT: [3, 6]]

module {
  pallas.kernel @transpose grid(1)
      outs(%o: memref<3x2xf32> block [3, 2] map affine_map<(i) -> (0, 0)>,
           %p: memref<3x1xf32> block [3, 1] map affine_map<(i) -> (0, 0)>) {
    %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
    %t = vector.transpose %a, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
    pallas.store %t, %o[] : vector<3x2xf32>, memref<3x2xf32>
    %r = arith.constant dense<[[7.0, 8.0, 9.0]]> : vector<1x3xf32>
    %rt = vector.transpose %r, [1, 0] : vector<1x3xf32> to vector<3x1xf32>
    pallas.store %rt, %p[] : vector<3x1xf32>, memref<3x1xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %o = memref.alloc() : memref<3x2xf32>
    %p = memref.alloc() : memref<3x1xf32>
    pallas.call @transpose(%o, %p) : (memref<3x2xf32>, memref<3x1xf32>) -> ()
    %u = memref.cast %o : memref<3x2xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %o : memref<3x2xf32>
    memref.dealloc %p : memref<3x1xf32>
    return
  }
}
