// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// f8E4M3FN on the CPU: s rounded to f8E4M3FN (t), then t * t rounded again.
// Expected values by hand (f8E4M3FN: 3 mantissa bits, bias 7, largest
// finite 448, smallest subnormal 2^-9, no infinity, overflow is NaN):
//   s       1.5   3.25   464            480   -0   2^-9        3*2^-11     1e9
//   t       1.5   3.25   448 (tie,even) NaN   -0   2^-9        2^-9 (0.75 of a unit rounds up)  NaN
//   t * t   2.25  11 (10.5625, spacing 1 in [8,16))  NaN (200704 > 448)  NaN  0  0 (2^-18)  0  NaN
// CHECK: Unranked Memref
// CHECK-NEXT: [1.5,  3.25,  448,  nan,  -0,  0.00195312,  0.00195312,  nan]
// CHECK: Unranked Memref
// CHECK-NEXT: [2.25,  11,  nan,  nan,  0,  0,  0,  nan]
module {
  pallas.kernel @k grid(1)
      ins(%s: memref<8xf32> block [8] map affine_map<(i) -> (0)>)
      outs(%o: memref<8xf32> block [8] map affine_map<(i) -> (0)>,
           %p: memref<8xf32> block [8] map affine_map<(i) -> (0)>) {
    %sv = pallas.load %s[] : memref<8xf32> -> vector<8xf32>
    %t = arith.truncf %sv : vector<8xf32> to vector<8xf8E4M3FN>
    %tw = arith.extf %t : vector<8xf8E4M3FN> to vector<8xf32>
    pallas.store %tw, %o[] : vector<8xf32>, memref<8xf32>
    %sq = arith.mulf %t, %t : vector<8xf8E4M3FN>
    %sqw = arith.extf %sq : vector<8xf8E4M3FN> to vector<8xf32>
    pallas.store %sqw, %p[] : vector<8xf32>, memref<8xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %g = memref.get_global @inputs : memref<8xf32>
    %s = memref.alloc() : memref<8xf32>
    memref.copy %g, %s : memref<8xf32> to memref<8xf32>
    %o = memref.alloc() : memref<8xf32>
    %p = memref.alloc() : memref<8xf32>
    pallas.call @k(%s, %o, %p) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> ()
    %uo = memref.cast %o : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
    %up = memref.cast %p : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%up) : (memref<*xf32>) -> ()
    return
  }
  memref.global "private" constant @inputs : memref<8xf32> =
      dense<[1.5, 3.25, 464.0, 480.0, -0.0, 0.001953125, 0.00146484375, 1.0e9]>
}
