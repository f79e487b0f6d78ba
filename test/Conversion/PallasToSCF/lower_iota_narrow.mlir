// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// An iota in an integer type narrower than its indices wraps around (two's
// complement), as integer arithmetic does: i4 counts 0..7, -8..-1, 0, 1
// (by hand); i1 is the index's low bit. The kernel widens them (sign- and
// zero-extended) to i32 to print them. Along dim 1 of 2x18, both rows.
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}0,   1,   2,   3,   4,   5,   6,   7,   -8,   -7,   -6,   -5,   -4,   -3,   -2,   -1,   0,   1],
// CHECK-NEXT: [0,   1,   2,   3,   4,   5,   6,   7,   -8,   -7,   -6,   -5,   -4,   -3,   -2,   -1,   0,   1]]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}0,   1,   0,   1,   0,   1,   0,   1,   0,   1,   0,   1,   0,   1,   0,   1,   0,   1],
// CHECK-NEXT: [0,   1,   0,   1,   0,   1,   0,   1,   0,   1,   0,   1,   0,   1,   0,   1,   0,   1]]
module {
  pallas.kernel @narrow grid(1)
      outs(%o: memref<2x18xi32> block [2, 18] map affine_map<(i) -> (0, 0)>,
           %p: memref<2x18xi32> block [2, 18] map affine_map<(i) -> (0, 0)>) {
    %b = pallas.iota dim 1 : vector<2x18xi4>
    %w = arith.extsi %b : vector<2x18xi4> to vector<2x18xi32>
    pallas.store %w, %o[] : vector<2x18xi32>, memref<2x18xi32>
    %m = pallas.iota dim 1 : vector<2x18xi1>
    %u = arith.extui %m : vector<2x18xi1> to vector<2x18xi32>
    pallas.store %u, %p[] : vector<2x18xi32>, memref<2x18xi32>
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %o = memref.alloc() : memref<2x18xi32>
    %p = memref.alloc() : memref<2x18xi32>
    pallas.call @narrow(%o, %p) : (memref<2x18xi32>, memref<2x18xi32>) -> ()
    %a = memref.cast %o : memref<2x18xi32> to memref<*xi32>
    call @printMemrefI32(%a) : (memref<*xi32>) -> ()
    %b = memref.cast %p : memref<2x18xi32> to memref<*xi32>
    call @printMemrefI32(%b) : (memref<*xi32>) -> ()
    return
  }
}
