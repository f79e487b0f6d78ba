// RUN: %pallas_opt %s --convert-pallas-to-tpu | FileCheck %s

// pallas.run_scoped becomes a generic "tpu.region" whose block starts with
// the allocations (memref.alloca for VMEM/SMEM buffers, bools as i32;
// tpu.sem_alloc for semaphores) and ends with tpu.yield.

// CHECK-LABEL: module @scoped
// CHECK: func.func @scoped(%{{.*}}: i32, %[[X:.*]]: memref<8x128xf32, #tpu.memory_space<any>>, %[[O:.*]]: memref<8x128xf32, #tpu.memory_space<vmem>>)
// CHECK: %[[R:.*]] = "tpu.region"() ({
// CHECK-NEXT: %[[BUF:.*]] = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK-NEXT: %{{.*}} = memref.alloca() : memref<4xi32, #tpu.memory_space<smem>>
// CHECK-NEXT: %[[SEM:.*]] = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK-NEXT: %[[SEMS:.*]] = tpu.sem_alloc : memref<3x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK-NEXT: tpu.enqueue_dma source(%[[X]] : memref<8x128xf32, #tpu.memory_space<any>>) target(%[[BUF]] : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-NEXT: tpu.wait_dma2 semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[X]] : memref<8x128xf32, #tpu.memory_space<any>>) dst(%[[BUF]] : memref<8x128xf32, #tpu.memory_space<vmem>>)
// CHECK: %[[V:.*]] = vector.load %[[BUF]]
// CHECK: tpu.vector_store %[[O]][%{{.*}}, %{{.*}}], %[[V]]
// CHECK: %[[SL:.*]] = tpu.memref_slice %[[SEMS]][%{{.*}}] : memref<3x!tpu.semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK: %[[SQ:.*]] = tpu.memref_squeeze %[[SL]]
// CHECK: %[[N:.*]] = tpu.sem_read %[[SQ]] : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>> -> i32
// CHECK-NEXT: tpu.yield %[[N]] : i32
// CHECK-NEXT: }) : () -> i32
// CHECK: "tpu.region"() ({
// CHECK-NEXT: %[[T:.*]] = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: vector.load %[[T]]
// CHECK-NEXT: tpu.yield
// CHECK-NEXT: }) : () -> ()
// CHECK: return
pallas.kernel @scoped grid(1) semantics(arbitrary)
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in any)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  %r = pallas.run_scoped -> i32 {
  ^bb0(%buf: memref<8x128xf32, #pallas.memory_space<vmem>>,
       %flags: memref<4xi1, #pallas.memory_space<smem>>,
       %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
       %sems: memref<3x!pallas.semaphore, #pallas.memory_space<semaphore>>):
    pallas.dma_start %x -> %buf, %sem[] : memref<8x128xf32, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %x -> %buf, %sem[] : memref<8x128xf32, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %v = pallas.load %buf[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
    pallas.store %v, %o[] : vector<8x128xf32>, memref<8x128xf32>
    %c2 = arith.constant 2 : index
    %n = pallas.semaphore_read %sems[%c2] : memref<3x!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.yield %n : i32
  }
  pallas.run_scoped {
  ^bb0(%tmp: memref<8x128xf32, #pallas.memory_space<vmem>>):
    %v = pallas.load %tmp[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
    pallas.yield
  }
}
