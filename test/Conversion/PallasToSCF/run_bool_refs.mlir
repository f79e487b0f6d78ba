// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Vector loads and stores on refs of i1. A memref's i1 elements are bytes
// (the host's dense global and memref.copy, memref.load/store), while LLVM
// packs a vector<Nxi1> into bits; the lowering must read and write the
// bytes. (Splash attention's partial mask blocks are such a ref.)
//
// m (2x8) holds row 0 = 1 0 0 1 1 1 0 0 and row 1 = 1 0 1 0 0 0 0 1.
// o = select(m[1:2, 0:8] (row 1), 1.0, 0.0) as an 8-vector, so by hand
// o = 1 0 1 0 0 0 0 1; n = not m, stored as a whole 2x8 vector, then
// n[0, 2:6] is overwritten with m[0, 0:4] = 1 0 0 1, so by hand
// n row 0 = 0 1 1 0 0 1 1 1 and row 1 = 0 1 0 1 1 1 1 0 (printed as i32).

// CHECK: Unranked Memref
// CHECK-NEXT: [1,  0,  1,  0,  0,  0,  0,  1]
// CHECK: Unranked Memref
// CHECK-NEXT: [0,  1,  1,  0,  0,  1,  1,  1,  0,  1,  0,  1,  1,  1,  1,  0]

module {
  pallas.kernel @k grid(1)
      ins(%m: memref<2x8xi1> block [2, 8] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<8xf32> block [8] map affine_map<(i) -> (0)>,
           %n: memref<2x8xi1> block [2, 8] map affine_map<(i) -> (0, 0)>) {
    %row = pallas.load %m[1, 0:8] : memref<2x8xi1> -> vector<8xi1>
    %one = arith.constant dense<1.0> : vector<8xf32>
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %s = arith.select %row, %one, %zero : vector<8xi1>, vector<8xf32>
    pallas.store %s, %o[] : vector<8xf32>, memref<8xf32>
    %all = pallas.load %m[] : memref<2x8xi1> -> vector<2x8xi1>
    %true = arith.constant dense<true> : vector<2x8xi1>
    %not = arith.xori %all, %true : vector<2x8xi1>
    pallas.store %not, %n[] : vector<2x8xi1>, memref<2x8xi1>
    %head = pallas.load %m[0, 0:4] : memref<2x8xi1> -> vector<4xi1>
    pallas.store %head, %n[0, 2:4] : vector<4xi1>, memref<2x8xi1>
  }

  memref.global "private" constant @mask : memref<2x8xi1> =
      dense<[[true, false, false, true, true, true, false, false],
             [true, false, true, false, false, false, false, true]]>
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %g = memref.get_global @mask : memref<2x8xi1>
    %m = memref.alloc() : memref<2x8xi1>
    memref.copy %g, %m : memref<2x8xi1> to memref<2x8xi1>
    %o = memref.alloc() : memref<8xf32>
    %n = memref.alloc() : memref<2x8xi1>
    pallas.call @k(%m, %o, %n) : (memref<2x8xi1>, memref<8xf32>, memref<2x8xi1>) -> ()
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    // Both outputs printed as i32, element by element (scalar loads read
    // the bytes).
    %oi = memref.alloc() : memref<8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %v = memref.load %o[%i] : memref<8xf32>
      %w = arith.fptosi %v : f32 to i32
      memref.store %w, %oi[%i] : memref<8xi32>
    }
    %ni = memref.alloc() : memref<16xi32>
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %c = %c0 to %c8 step %c1 {
        %v = memref.load %n[%r, %c] : memref<2x8xi1>
        %w = arith.extui %v : i1 to i32
        %r8 = arith.muli %r, %c8 : index
        %at = arith.addi %r8, %c : index
        memref.store %w, %ni[%at] : memref<16xi32>
      }
    }
    %u = memref.cast %oi : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %v = memref.cast %ni : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%v) : (memref<*xi32>) -> ()
    return
  }
}
