// RUN: %pallas_opt %s --convert-pallas-to-scf | FileCheck %s

// An iota in an integer type narrower than its indices wraps around (two's
// complement), as integer arithmetic does: i4 counts 0..7, -8..-1, 0, ...
// (by hand). It used to splice out-of-range values into the literal's text.
// CHECK-LABEL: func.func @narrow
// CHECK: arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1, 0, 1]> : vector<18xi4>
pallas.kernel @narrow grid(1)
    outs(%o: memref<2x18xi4> block [2, 18] map affine_map<(i) -> (0, 0)>) {
  %b = pallas.iota dim 1 : vector<2x18xi4>
  pallas.store %b, %o[] : vector<2x18xi4>, memref<2x18xi4>
}
