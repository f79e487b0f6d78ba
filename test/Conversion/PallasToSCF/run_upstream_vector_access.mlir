// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s --check-prefix=LOWER

// Upstream vector.load / vector.store in a kernel, n-D and 1-D (the LLVM
// lowering takes only 1-D vector.loads; the CPU reference makes them
// in-bounds transfers). x[i, j] = 128 i + j. The kernel stores rows 2..5
// of x as rows 0..3 of o, zeros as rows 4..7, then the last 64 elements of
// x's row 7 plus 1000 as the first 64 of o's row 6:
//   o[0, 0] = x[2, 0] = 256       o[3, 127] = x[5, 127] = 767
//   o[4, 0] = 0                   o[6, 0] = x[7, 64] + 1000 = 1960
//   o[6, 63] = x[7, 127] + 1000 = 2023                 o[6, 64] = 0
// (derived by hand from those definitions).
// CHECK: Unranked Memref
// CHECK-NEXT: [256,  767,  0,  1960,  2023,  0]

// LOWER-NOT: vector.load
// LOWER-NOT: vector.store
// LOWER: vector.transfer_read

module {
  pallas.kernel @k grid(1)
      ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %v = vector.load %x[%c2, %c0] : memref<8x128xf32>, vector<4x128xf32>
    vector.store %v, %o[%c0, %c0] : memref<8x128xf32>, vector<4x128xf32>
    %z = arith.constant dense<0.0> : vector<4x128xf32>
    vector.store %z, %o[%c4, %c0] : memref<8x128xf32>, vector<4x128xf32>
    %r = vector.load %x[%c7, %c64] : memref<8x128xf32>, vector<64xf32>
    %k = arith.constant dense<1000.0> : vector<64xf32>
    %s = arith.addf %r, %k : vector<64xf32>
    vector.store %s, %o[%c6, %c0] : memref<8x128xf32>, vector<64xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %x = memref.alloc() : memref<8x128xf32>
    %o = memref.alloc() : memref<8x128xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c128 step %c1 {
        %r = arith.muli %i, %c128 : index
        %e = arith.addi %r, %j : index
        %e32 = arith.index_cast %e : index to i32
        %f = arith.sitofp %e32 : i32 to f32
        memref.store %f, %x[%i, %j] : memref<8x128xf32>
      }
    }
    pallas.call @k(%x, %o) : (memref<8x128xf32>, memref<8x128xf32>) -> ()
    %p = memref.alloc() : memref<6xf32>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c63 = arith.constant 63 : index
    %c64 = arith.constant 64 : index
    %c127 = arith.constant 127 : index
    %a = memref.load %o[%c0, %c0] : memref<8x128xf32>
    %b = memref.load %o[%c3, %c127] : memref<8x128xf32>
    %c = memref.load %o[%c4, %c0] : memref<8x128xf32>
    %d = memref.load %o[%c6, %c0] : memref<8x128xf32>
    %e = memref.load %o[%c6, %c63] : memref<8x128xf32>
    %f = memref.load %o[%c6, %c64] : memref<8x128xf32>
    memref.store %a, %p[%c0] : memref<6xf32>
    memref.store %b, %p[%c1] : memref<6xf32>
    memref.store %c, %p[%c2] : memref<6xf32>
    memref.store %d, %p[%c3] : memref<6xf32>
    memref.store %e, %p[%c4] : memref<6xf32>
    memref.store %f, %p[%c5] : memref<6xf32>
    %u = memref.cast %p : memref<6xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
