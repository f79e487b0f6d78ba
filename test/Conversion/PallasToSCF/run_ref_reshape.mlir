// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// pallas.ref_reshape on the CPU: views of the same memory, row-major. Over a
// grid of 2 steps with 4x8 windows X of x[i, j] = 8 i + j:
//   o block (2x8) = X.reshape(2, 2, 8)[0] + X.reshape(2, 2, 8)[1];
//   S = X[2g : 2g + 2] (a view at a dynamic offset), T = S.reshape(4, 4)[0::2];
//   p block (4x8): P.reshape(8, 4)[...] = X.reshape(8, 4) + 100, then
//   P.reshape(8, 4)[0:2] = T (a store through the view).
// Expected values from numpy (the same steps on np.arange(64).reshape(8, 8));
// the loads also agree with JAX 0.10.2's pallas_call(interpret=True).

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}16, 18, 20, 22, 24, 26, 28, 30],
// CHECK-NEXT: [32, 34, 36, 38, 40, 42, 44, 46],
// CHECK-NEXT: [80, 82, 84, 86, 88, 90, 92, 94],
// CHECK-NEXT: [96, 98, 100, 102, 104, 106, 108, 110]]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}0, 1, 2, 3, 8, 9, 10, 11],
// CHECK-NEXT: [108, 109, 110, 111, 112, 113, 114, 115],
// CHECK-NEXT: [116, 117, 118, 119, 120, 121, 122, 123],
// CHECK-NEXT: [124, 125, 126, 127, 128, 129, 130, 131],
// CHECK-NEXT: [48, 49, 50, 51, 56, 57, 58, 59],
// CHECK-NEXT: [140, 141, 142, 143, 144, 145, 146, 147],
// CHECK-NEXT: [148, 149, 150, 151, 152, 153, 154, 155],
// CHECK-NEXT: [156, 157, 158, 159, 160, 161, 162, 163]]

#vmem = #pallas.memory_space<vmem>
module {
  pallas.kernel @reshape grid(2) semantics(arbitrary)
      ins(%x: memref<8x8xf32> block [4, 8] map affine_map<(i) -> (i, 0)>)
      outs(%o: memref<4x8xf32> block [2, 8] map affine_map<(i) -> (i, 0)>,
           %p: memref<8x8xf32> block [4, 8] map affine_map<(i) -> (i, 0)>) {
    %r = pallas.ref_reshape %x : memref<4x8xf32> -> memref<2x2x8xf32>
    %a = pallas.load %r[0, 0:2, 0:8] : memref<2x2x8xf32> -> vector<2x8xf32>
    %b = pallas.load %r[1, 0:2, 0:8] : memref<2x2x8xf32> -> vector<2x8xf32>
    %sum = arith.addf %a, %b : vector<2x8xf32>
    pallas.store %sum, %o[] : vector<2x8xf32>, memref<2x8xf32>

    %g = pallas.program_id 0
    %gi = arith.index_cast %g : i32 to index
    %c2 = arith.constant 2 : index
    %k = arith.muli %gi, %c2 : index
    %s = memref.subview %x[%k, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
    %rs = pallas.ref_reshape %s : memref<2x8xf32, strided<[8, 1], offset: ?>> -> memref<4x4xf32, strided<[4, 1], offset: ?>>
    %t = pallas.load %rs[0:2:2, 0:4] : memref<4x4xf32, strided<[4, 1], offset: ?>> -> vector<2x4xf32>

    %xr = pallas.ref_reshape %x : memref<4x8xf32> -> memref<8x4xf32>
    %pr = pallas.ref_reshape %p : memref<4x8xf32> -> memref<8x4xf32>
    %v = pallas.load %xr[] : memref<8x4xf32> -> vector<8x4xf32>
    %hundred = arith.constant dense<100.0> : vector<8x4xf32>
    %w = arith.addf %v, %hundred : vector<8x4xf32>
    pallas.store %w, %pr[] : vector<8x4xf32>, memref<8x4xf32>
    pallas.store %t, %pr[0:2, 0:4] : vector<2x4xf32>, memref<8x4xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %x = memref.alloc() : memref<8x8xf32>
    %o = memref.alloc() : memref<4x8xf32>
    %p = memref.alloc() : memref<8x8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %r = arith.muli %i, %c8 : index
        %s = arith.addi %r, %j : index
        %si = arith.index_cast %s : index to i32
        %f = arith.sitofp %si : i32 to f32
        memref.store %f, %x[%i, %j] : memref<8x8xf32>
      }
    }
    pallas.call @reshape(%x, %o, %p) : (memref<8x8xf32>, memref<4x8xf32>, memref<8x8xf32>) -> ()
    %uo = memref.cast %o : memref<4x8xf32> to memref<*xf32>
    call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
    %up = memref.cast %p : memref<8x8xf32> to memref<*xf32>
    call @printMemrefF32(%up) : (memref<*xf32>) -> ()
    memref.dealloc %x : memref<8x8xf32>
    memref.dealloc %o : memref<4x8xf32>
    memref.dealloc %p : memref<8x8xf32>
    return
  }
}
