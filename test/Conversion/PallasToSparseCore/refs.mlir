// RUN: %pallas_opt %s --convert-pallas-to-sparsecore | FileCheck %s

// Ref views on SparseCore, as JAX's Pallas SparseCore lowering emits them
// (it shares the TensorCore ref transforms): tpu.memref_reshape /
// tpu.memref_bitcast, again at every use; a view of an HBM operand (an
// operand without a memory space is in HBM) stays in HBM.

// CHECK-LABEL: module @sc_views
// CHECK: func.func @sc_views(%{{.*}}: i32, %{{.*}}: i32, %[[X:.*]]: memref<16x8xf32, #tpu.memory_space<hbm>>, %{{.*}}: memref<16x8xbf16, #tpu.memory_space<hbm>>, %{{.*}}: memref<16x8xf32, #tpu.memory_space<hbm>>, %[[A:.*]]: memref<16x8xf32, #tpu.memory_space<vmem>>, %[[C:.*]]: memref<2x8x8xf32, #tpu.memory_space<vmem>>, %[[HB:.*]]: memref<16x8xbf16, #tpu.memory_space<vmem>>, %{{.*}}: memref<8x8xi32, #tpu.memory_space<vmem>>)
// CHECK: "tpu.region"
// CHECK: %[[SEM:.*]] = tpu.sem_alloc
// CHECK: %[[XR0:.*]] = tpu.memref_reshape %[[X]] : memref<16x8xf32, #tpu.memory_space<hbm>> -> memref<2x8x8xf32, #tpu.memory_space<hbm>>
// CHECK: tpu.enqueue_dma source(%[[XR0]] : memref<2x8x8xf32, #tpu.memory_space<hbm>>) target(%[[C]] : memref<2x8x8xf32, #tpu.memory_space<vmem>>)
// CHECK: %[[XR1:.*]] = tpu.memref_reshape %[[X]] : memref<16x8xf32, #tpu.memory_space<hbm>> -> memref<2x8x8xf32, #tpu.memory_space<hbm>>
// CHECK: tpu.wait_dma2 semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[XR1]] : memref<2x8x8xf32, #tpu.memory_space<hbm>>) dst(%[[C]] : memref<2x8x8xf32, #tpu.memory_space<vmem>>)
// CHECK: tpu.yield
// CHECK: %[[AR:.*]] = tpu.memref_reshape %[[A]] : memref<16x8xf32, #tpu.memory_space<vmem>> -> memref<2x8x8xf32, #tpu.memory_space<vmem>>
// CHECK: %[[ROW:.*]] = tpu.vector_load %[[AR]][%{{.*}}, %{{.*}}, %{{.*}}] {strides = array<i32>} : memref<2x8x8xf32, #tpu.memory_space<vmem>>, vector<1x8x8xf32>,
// CHECK: vector.shape_cast %[[ROW]] : vector<1x8x8xf32> to vector<8x8xf32>
// CHECK: %[[B:.*]] = tpu.memref_bitcast %[[HB]] : memref<16x8xbf16, #tpu.memory_space<vmem>> -> memref<8x8xi32, #tpu.memory_space<vmem>>
// CHECK: tpu.vector_load %[[B]][%{{.*}}, %{{.*}}] {strides = array<i32>} : memref<8x8xi32, #tpu.memory_space<vmem>>, vector<8x8xi32>,
// CHECK-NOT: tpu.memref_reshape
// CHECK-NOT: tpu.memref_bitcast
#vmem = #pallas.memory_space<vmem>
#hbm = #pallas.memory_space<hbm>
pallas.kernel @sc_views grid(1, 16) names("core", "subcore")
    ins(%x: memref<16x8xf32> block [16, 8] map affine_map<(c, s) -> (0, 0)>,
        %h: memref<16x8xbf16> block [16, 8] map affine_map<(c, s) -> (0, 0)>)
    outs(%o: memref<16x8xf32> block [16, 8] map affine_map<(c, s) -> (0, 0)>)
    scratch(%a: memref<16x8xf32, #vmem>, %c: memref<2x8x8xf32, #vmem>, %hb: memref<16x8xbf16, #vmem>, %w: memref<8x8xi32, #vmem>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %xr = pallas.ref_reshape %x : memref<16x8xf32> -> memref<2x8x8xf32>
  pallas.run_scoped {
  ^bb0(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
    pallas.dma_start %xr -> %c, %sem[] : memref<2x8x8xf32> -> memref<2x8x8xf32, #vmem>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %xr -> %c, %sem[] : memref<2x8x8xf32> -> memref<2x8x8xf32, #vmem>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  }
  %ar = pallas.ref_reshape %a : memref<16x8xf32, #vmem> -> memref<2x8x8xf32, #vmem>
  %row = pallas.load %ar[1, 0:8, 0:8] : memref<2x8x8xf32, #vmem> -> vector<8x8xf32>
  pallas.store %row, %c[0, 0:8, 0:8] : vector<8x8xf32>, memref<2x8x8xf32, #vmem>
  %b = pallas.ref_bitcast %hb : memref<16x8xbf16, #vmem> -> memref<8x8xi32, #vmem>
  %bv = pallas.load %b[] : memref<8x8xi32, #vmem> -> vector<8x8xi32>
  pallas.store %bv, %w[] : vector<8x8xi32>, memref<8x8xi32, #vmem>
}
