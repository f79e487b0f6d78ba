// RUN: %pallas_opt %s --convert-pallas-to-scf | FileCheck %s

// pallas.run_scoped becomes its body inlined in place: each scoped buffer is
// a memref.alloc before it (semaphores zeroed) and a memref.dealloc after it,
// and the yielded values replace the op's results. No region is left, so the
// upstream pipeline may turn loops in the body into blocks.

// CHECK-LABEL: func.func @scoped
// CHECK: scf.for
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT: %[[SEM:.*]] = memref.alloc() : memref<i32>
// CHECK: memref.store %{{.*}}, %[[SEM]][] : memref<i32>
// CHECK-NOT: alloca_scope
// CHECK: vector.transfer_write %{{.*}}, %[[BUF]]
// CHECK: %[[V:.*]] = vector.transfer_read %[[BUF]]
// CHECK: %[[R:.*]] = vector.reduction <add>, %[[V]]
// CHECK: memref.dealloc %[[BUF]] : memref<8xf32>
// CHECK-NEXT: memref.dealloc %[[SEM]] : memref<i32>
// CHECK: vector.broadcast %[[R]] : f32 to vector<1xf32>
module {
  pallas.kernel @scoped grid(2) semantics(arbitrary)
      ins(%x: memref<2x8xf32> block [squeezed, 8] map affine_map<(b) -> (b, 0)>)
      outs(%s: memref<2xf32> block [1] map affine_map<(b) -> (b)>) {
    %t = pallas.run_scoped -> f32 {
    ^bb0(%tmp: memref<8xf32, #pallas.memory_space<vmem>>,
         %sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>):
      %v = pallas.load %x[] : memref<8xf32> -> vector<8xf32>
      pallas.store %v, %tmp[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
      %u = pallas.load %tmp[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
      %r = vector.reduction <add>, %u : vector<8xf32> into f32
      pallas.yield %r : f32
    }
    %tv = vector.broadcast %t : f32 to vector<1xf32>
    pallas.store %tv, %s[] : vector<1xf32>, memref<1xf32>
  }
}
