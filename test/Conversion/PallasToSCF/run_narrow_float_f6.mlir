// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// f6E3M2FN on the CPU (JAX's interpret mode has no f6 types): s rounded to
// f6E3M2FN (t), then t * t rounded again. Expected values by hand
// (f6E3M2FN: 2 mantissa bits, bias 3, largest 1.75 * 2^4 = 28, smallest
// normal 0.25, subnormal unit 2^-4 = 0.0625, no infinity or NaN: past 28
// saturates, NaN becomes -0, as XLA and ml_dtypes convert):
//   s      28   30 (tie 28 | 32: even 32, past 28)  32   NaN   0.1875  0.15 (2.4 units)  -0.0625  0.21875 (tie 3 | 4 units: even 4)
//   t      28   28                                  28   -0    0.1875  0.125             -0.0625  0.25
//   t * t  28 (784 saturates)  28  28  0  0.0625 (0.5625 units: 1)  0 (0.25 units)  0 (0.0625 units)  0.0625
// CHECK: Unranked Memref
// CHECK-NEXT: [28,  28,  28,  -0,  0.1875,  0.125,  -0.0625,  0.25]
// CHECK: Unranked Memref
// CHECK-NEXT: [28,  28,  28,  0,  0.0625,  0,  0,  0.0625]
module {
  pallas.kernel @k grid(1)
      ins(%s: memref<8xf32> block [8] map affine_map<(i) -> (0)>)
      outs(%o: memref<8xf32> block [8] map affine_map<(i) -> (0)>,
           %p: memref<8xf32> block [8] map affine_map<(i) -> (0)>) {
    %sv = pallas.load %s[] : memref<8xf32> -> vector<8xf32>
    %t = arith.truncf %sv : vector<8xf32> to vector<8xf6E3M2FN>
    %tw = arith.extf %t : vector<8xf6E3M2FN> to vector<8xf32>
    pallas.store %tw, %o[] : vector<8xf32>, memref<8xf32>
    %sq = arith.mulf %t, %t : vector<8xf6E3M2FN>
    %sqw = arith.extf %sq : vector<8xf6E3M2FN> to vector<8xf32>
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
      dense<[28.0, 30.0, 32.0, 0x7FC00000, 0.1875, 0.15, -0.0625, 0.21875]>
}
