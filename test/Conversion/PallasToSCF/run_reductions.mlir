// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// vector.multi_reduction along each axis of a 2-D block (sum and max), as in
// row softmax / layer norm (axis 1) and column reductions (axis 0).
// x[i, j] = ((5i + 3j) mod 11) - 5 over a 4x8 array, two grid steps of 2x8
// blocks. Expected values from the formula with a few lines of plain Python
// (all small integers, exact in f32):
//   x = [[-5, -2,  1,  4, -4, -1,  2,  5],
//        [ 0,  3, -5, -2,  1,  4, -4, -1],
//        [ 5, -3,  0,  3, -5, -2,  1,  4],
//        [-1,  2,  5, -3,  0,  3, -5, -2]]
//   row sums 0, -4, 3, -1; row maxima 5, 4, 5, 5;
//   per block column sums  [-5, 1, -4, 2, -3, 3, -2, 4], [4, -1, 5, 0, -5, 1, -4, 2]
//   per block column maxima [0, 3, 1, 4, 1, 4, 2, 5], [5, 2, 5, 3, 0, 3, 1, 4]

module {
  pallas.kernel @reduce grid(2) semantics(parallel)
      ins(%x: memref<4x8xf32> block [2, 8] map affine_map<(i) -> (i, 0)>)
      outs(%rs: memref<4xf32> block [2] map affine_map<(i) -> (i)>,
           %rm: memref<4xf32> block [2] map affine_map<(i) -> (i)>,
           %cs: memref<2x8xf32> block [squeezed, 8] map affine_map<(i) -> (i, 0)>,
           %cm: memref<2x8xf32> block [squeezed, 8] map affine_map<(i) -> (i, 0)>) {
    %v = pallas.load %x[] : memref<2x8xf32> -> vector<2x8xf32>
    %z2 = arith.constant dense<0.0> : vector<2xf32>
    %n2 = arith.constant dense<0xFF800000> : vector<2xf32>
    %z8 = arith.constant dense<0.0> : vector<8xf32>
    %n8 = arith.constant dense<0xFF800000> : vector<8xf32>
    %row_sum = vector.multi_reduction <add>, %v, %z2 [1] : vector<2x8xf32> to vector<2xf32>
    %row_max = vector.multi_reduction <maximumf>, %v, %n2 [1] : vector<2x8xf32> to vector<2xf32>
    %col_sum = vector.multi_reduction <add>, %v, %z8 [0] : vector<2x8xf32> to vector<8xf32>
    %col_max = vector.multi_reduction <maximumf>, %v, %n8 [0] : vector<2x8xf32> to vector<8xf32>
    pallas.store %row_sum, %rs[] : vector<2xf32>, memref<2xf32>
    pallas.store %row_max, %rm[] : vector<2xf32>, memref<2xf32>
    pallas.store %col_sum, %cs[] : vector<8xf32>, memref<8xf32>
    pallas.store %col_max, %cm[] : vector<8xf32>, memref<8xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %x = memref.alloc() : memref<4x8xf32>
    %rs = memref.alloc() : memref<4xf32>
    %rm = memref.alloc() : memref<4xf32>
    %cs = memref.alloc() : memref<2x8xf32>
    %cm = memref.alloc() : memref<2x8xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %c3 = arith.constant 3 : i32
        %c5 = arith.constant 5 : i32
        %c11 = arith.constant 11 : i32
        %a = arith.muli %ii, %c5 : i32
        %b = arith.muli %jj, %c3 : i32
        %s = arith.addi %a, %b : i32
        %m = arith.remsi %s, %c11 : i32
        %d = arith.subi %m, %c5 : i32
        %f = arith.sitofp %d : i32 to f32
        memref.store %f, %x[%i, %j] : memref<4x8xf32>
      }
    }
    pallas.call @reduce(%x, %rs, %rm, %cs, %cm)
        : (memref<4x8xf32>, memref<4xf32>, memref<4xf32>, memref<2x8xf32>, memref<2x8xf32>) -> ()
    %u0 = memref.cast %rs : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
    %u1 = memref.cast %rm : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
    %u2 = memref.cast %cs : memref<2x8xf32> to memref<*xf32>
    call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
    %u3 = memref.cast %cm : memref<2x8xf32> to memref<*xf32>
    call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
    memref.dealloc %x : memref<4x8xf32>
    memref.dealloc %rs : memref<4xf32>
    memref.dealloc %rm : memref<4xf32>
    memref.dealloc %cs : memref<2x8xf32>
    memref.dealloc %cm : memref<2x8xf32>
    return
  }
}

// CHECK: Unranked Memref
// CHECK-NEXT: [0,  -4,  3,  -1]
// CHECK: Unranked Memref
// CHECK-NEXT: [5,  4,  5,  5]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}-5,   1,   -4,   2,   -3,   3,   -2,   4],
// CHECK-NEXT: [4,   -1,   5,   0,   -5,   1,   -4,   2]]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}0,   3,   1,   4,   1,   4,   2,   5],
// CHECK-NEXT: [5,   2,   5,   3,   0,   3,   1,   4]]
