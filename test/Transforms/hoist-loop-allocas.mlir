// RUN: %mlir_opt -p 'builtin.module(pallas-hoist-loop-allocas)' %s | FileCheck %s

// Statically sized allocas inside loops (the buffers convert-vector-to-scf
// creates at the start of the scf.for scope) move to the entry block of
// their function; an alloca with a dynamic size and one outside any loop
// stay where they are.

// CHECK-LABEL: func.func @f
// CHECK-NEXT: %[[A:.*]] = memref.alloca() : memref<vector<128x128xf32>>
// CHECK-NEXT: %[[B:.*]] = memref.alloca() : memref<4xi32>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK: memref.alloca() : memref<2xf32>
// CHECK: scf.for
// CHECK-NOT: memref.alloca() : memref<vector
// CHECK: memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK: return
func.func @f(%n: index, %v: vector<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %outside = memref.alloca() : memref<2xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloca() : memref<vector<128x128xf32>>
    memref.store %v, %t[] : memref<vector<128x128xf32>>
    scf.for %j = %c0 to %c4 step %c1 {
      %dyn = memref.alloca(%n) : memref<?xf32>
      %s = memref.alloca() : memref<4xi32>
      %x = arith.constant 7 : i32
      memref.store %x, %s[%j] : memref<4xi32>
    }
  }
  return
}

// A statically sized heap buffer allocated and freed in one loop iteration
// moves to the entry block, its dealloc before the return. One not in a
// loop, one of dynamic size, and one handed to the next iteration (yielded)
// stay where they are.
// CHECK-LABEL: func.func @heap
// CHECK-NEXT: %[[H:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: arith.constant 0 : index
// CHECK: scf.for
// CHECK-NEXT: memref.copy %{{.*}}, %[[H]]
// CHECK-NEXT: }
// CHECK: %[[KEPT:.*]] = memref.alloc() : memref<8xf32>
// CHECK: scf.for
// CHECK-NEXT: %[[D:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT: memref.dealloc %[[D]]
// CHECK: scf.for
// CHECK-NEXT: %[[X:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: scf.yield %[[X]]
// CHECK: memref.dealloc %{{.*}} : memref<8xf32>
// CHECK-NEXT: memref.dealloc %[[H]] : memref<16xf32>
// CHECK-NEXT: return
func.func @heap(%n: index, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %h = memref.alloc() : memref<16xf32>
    memref.copy %out, %h : memref<16xf32> to memref<16xf32>
    memref.dealloc %h : memref<16xf32>
  }
  %kept = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %dyn = memref.alloc(%n) : memref<?xf32>
    memref.dealloc %dyn : memref<?xf32>
  }
  %carried = scf.for %i = %c0 to %c4 step %c1 iter_args(%b = %kept) -> (memref<8xf32>) {
    %x = memref.alloc() : memref<8xf32>
    memref.dealloc %b : memref<8xf32>
    scf.yield %x : memref<8xf32>
  }
  memref.dealloc %carried : memref<8xf32>
  return
}
