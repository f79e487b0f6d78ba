// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s --check-prefix=LOWER

// Reductions over the leading dim of a 2-D tile fold its rows in a loop
// (the tile goes through a buffer; no element-by-element transpose).
// x is the 3x4 constant below; by hand (the xors checked with Python):
//   rows: [-3, 0, -4, -1], [2, -2, 1, -3], [0, 3, -1, 2]
//   column max (acc -100):         [2, 3, 1, 2]
//   column xor (acc 0):            -3^2^0 = -1, 0^-2^3 = -3, -4^1^-1 = 2, -1^-3^2 = 0
//   column sum (acc 10, as f32):   [9, 11, 6, 8]

// LOWER-LABEL: func.func @columns
// LOWER-NOT: vector.multi_reduction
// LOWER: scf.for
// LOWER: arith.maxsi %{{.*}}, %{{.*}} : vector<4xi32>
// LOWER: scf.for
// LOWER: arith.xori %{{.*}}, %{{.*}} : vector<4xi32>
// LOWER: scf.for
// LOWER: arith.addf %{{.*}}, %{{.*}} : vector<4xf32>

// CHECK: [2, 3, 1, 2]
// CHECK: [-1, -3, 2, 0]
// CHECK: [9, 11, 6, 8]

module {
  pallas.kernel @columns grid(1)
      outs(%mx: memref<4xi32> block [4] map affine_map<(i) -> (0)>,
           %xr: memref<4xi32> block [4] map affine_map<(i) -> (0)>,
           %sm: memref<4xf32> block [4] map affine_map<(i) -> (0)>) {
    %x = arith.constant dense<[[-3, 0, -4, -1], [2, -2, 1, -3], [0, 3, -1, 2]]> : vector<3x4xi32>
    %lo = arith.constant dense<-100> : vector<4xi32>
    %m = vector.multi_reduction <maxsi>, %x, %lo [0] : vector<3x4xi32> to vector<4xi32>
    pallas.store %m, %mx[] : vector<4xi32>, memref<4xi32>
    %z = arith.constant dense<0> : vector<4xi32>
    %r = vector.multi_reduction <xor>, %x, %z [0] : vector<3x4xi32> to vector<4xi32>
    pallas.store %r, %xr[] : vector<4xi32>, memref<4xi32>
    %xf = arith.sitofp %x : vector<3x4xi32> to vector<3x4xf32>
    %ten = arith.constant dense<10.0> : vector<4xf32>
    %s = vector.multi_reduction <add>, %xf, %ten [0] : vector<3x4xf32> to vector<4xf32>
    pallas.store %s, %sm[] : vector<4xf32>, memref<4xf32>
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %mx = memref.alloc() : memref<4xi32>
    %xr = memref.alloc() : memref<4xi32>
    %sm = memref.alloc() : memref<4xf32>
    pallas.call @columns(%mx, %xr, %sm) : (memref<4xi32>, memref<4xi32>, memref<4xf32>) -> ()
    %u1 = memref.cast %mx : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    %u2 = memref.cast %xr : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    %u3 = memref.cast %sm : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
    memref.dealloc %mx : memref<4xi32>
    memref.dealloc %xr : memref<4xi32>
    memref.dealloc %sm : memref<4xf32>
    return
  }
}
