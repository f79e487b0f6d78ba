// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Element padding far larger than the array (2^62 elements in front): every
// window lies wholly in the padding. Input windows read padding only (NaN),
// and an output window's stores fall in the padding, so the output keeps
// its initial contents. Worked out by hand: y = NaN everywhere; z keeps its
// initial 5s. (A fuzzer mutant of run_dot_variants.mlir: the window copy
// built offsets past the memref that overflowed i64 once multiplied by the
// strides.)

// The index maps are constants, so the window offsets fold to constants,
// which the memref verifier checks.

// CHECK: Unranked Memref
// CHECK-NEXT: [nan, nan, nan, nan, nan, nan, nan, nan]
// CHECK: Unranked Memref
// CHECK-NEXT: [5, 5, 5],
// CHECK-NEXT: [5, 5, 5],
// CHECK-NEXT: [5, 5, 5]]
module {
  pallas.kernel @k grid(1)
      ins(%x: memref<8xf32> block [element(8, pad = [4611686018427387904, 1])] map affine_map<(i) -> (0)>)
      outs(%y: memref<8xf32> block [8] map affine_map<(i) -> (0)>,
           %z: memref<3x3xi32> block [element(3, pad = [4611686018427387904, 4294967296]), 3] map affine_map<(i) -> (0, 0)>) {
    %l = pallas.load %x[] : memref<8xf32> -> vector<8xf32>
    pallas.store %l, %y[] : vector<8xf32>, memref<8xf32>
    %seven = arith.constant dense<7> : vector<3x3xi32>
    pallas.store %seven, %z[] : vector<3x3xi32>, memref<3x3xi32>
  }

  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.0 : f32
    %five = arith.constant 5 : i32
    %x = memref.alloc() : memref<8xf32>
    %y = memref.alloc() : memref<8xf32>
    %c3 = arith.constant 3 : index
    %z = memref.alloc() : memref<3x3xi32>
    scf.for %j = %c0 to %c8 step %c1 {
      memref.store %one, %x[%j] : memref<8xf32>
    }
    scf.for %i = %c0 to %c3 step %c1 {
      scf.for %j = %c0 to %c3 step %c1 {
        memref.store %five, %z[%i, %j] : memref<3x3xi32>
      }
    }
    pallas.call @k(%x, %y, %z) : (memref<8xf32>, memref<8xf32>, memref<3x3xi32>) -> ()
    %u = memref.cast %y : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %v = memref.cast %z : memref<3x3xi32> to memref<*xi32>
    call @printMemrefI32(%v) : (memref<*xi32>) -> ()
    memref.dealloc %x : memref<8xf32>
    memref.dealloc %y : memref<8xf32>
    memref.dealloc %z : memref<3x3xi32>
    return
  }
}
