// RUN: %mlir_opt %s | %mlir_opt | FileCheck %s
// RUN: %mlir_opt %s --mlir-print-op-generic | %mlir_opt | FileCheck %s

// The SparseCore ops and the SparseCore forms of load, store and DMA,
// round-tripped through the custom and the generic form.

// CHECK-LABEL: pallas.kernel @sparsecore
pallas.kernel @sparsecore grid(1)
    scratch(%table: memref<64x8xf32, #pallas.memory_space<hbm>>,
            %rows: memref<8x8xf32, #pallas.memory_space<vmem>>,
            %idx: memref<8xi32, #pallas.memory_space<vmem>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
            %tile: memref<8x64xf32, #pallas.memory_space<vmem>>,
            %acc: memref<64xf32, #pallas.memory_space<vmem>>,
            %shared: memref<64x8xf32, #pallas.memory_space<vmem_shared>>) {
  %k = arith.constant dense<1.0> : vector<16xf32>
  %v = arith.constant dense<2> : vector<16xi32>
  %m = arith.constant dense<true> : vector<16xi1>

  // CHECK: %{{.*}}, %{{.*}}, %{{.*}} = pallas.sort %{{.*}}, %{{.*}} mask(%{{.*}} : vector<16xi1>) descending : vector<16xf32>, vector<16xi32>
  %k1, %v1, %valid1 = pallas.sort %k, %v mask(%m : vector<16xi1>) descending : vector<16xf32>, vector<16xi32>
  // CHECK: %{{.*}}, %{{.*}}, %{{.*}} = pallas.sort %{{.*}}, %{{.*}} : vector<16xi32>, vector<16xf32>
  %k2, %v2, %valid2 = pallas.sort %v, %k : vector<16xi32>, vector<16xf32>
  // The derived result types are usable as such.
  // CHECK: arith.andi %{{.*}}, %{{.*}} : vector<16xi1>
  %both = arith.andi %valid1, %valid2 : vector<16xi1>
  // CHECK: arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
  %kv = arith.addf %k1, %v2 : vector<16xf32>

  // CHECK: pallas.cumulative sum %{{.*}} mask(%{{.*}} : vector<16xi1>) : vector<16xf32>
  %c1 = pallas.cumulative sum %k mask(%m : vector<16xi1>) : vector<16xf32>
  // CHECK: pallas.cumulative max %{{.*}} : vector<16xi32>
  %c2 = pallas.cumulative max %v : vector<16xi32>
  // CHECK: pallas.cumulative min %{{.*}} : vector<16xf32>
  %c3 = pallas.cumulative min %c1 : vector<16xf32>

  // CHECK: %{{.*}}, %{{.*}} = pallas.scan_count %{{.*}} mask(%{{.*}} : vector<16xi1>) : vector<16xi32>
  %counts, %last = pallas.scan_count %v mask(%m : vector<16xi1>) : vector<16xi32>
  // CHECK: %{{.*}}, %{{.*}} = pallas.scan_count %{{.*}} : vector<16xf32>
  %counts2, %last2 = pallas.scan_count %k : vector<16xf32>
  // CHECK: arith.addi %{{.*}}, %{{.*}} : vector<16xi32>
  %csum = arith.addi %counts, %counts2 : vector<16xi32>
  // CHECK: arith.ori %{{.*}}, %{{.*}} : vector<16xi1>
  %lor = arith.ori %last, %last2 : vector<16xi1>

  // CHECK: pallas.take_along_axis %{{.*}}, %{{.*}} dim 0 : vector<16xf32>, vector<16xi32>
  %t1 = pallas.take_along_axis %k, %v dim 0 : vector<16xf32>, vector<16xi32>
  %x2 = arith.constant dense<0.0> : vector<4x16xf32>
  %i2 = arith.constant dense<1> : vector<4x8xi32>
  // CHECK: pallas.take_along_axis %{{.*}}, %{{.*}} dim 1 : vector<4x16xf32>, vector<4x8xi32>
  %t2 = pallas.take_along_axis %x2, %i2 dim 1 : vector<4x16xf32>, vector<4x8xi32>
  // CHECK: arith.negf %{{.*}} : vector<4x8xf32>
  %t2n = arith.negf %t2 : vector<4x8xf32>

  // CHECK: pallas.rev %{{.*}} dims [0] : vector<16xf32>
  %r1 = pallas.rev %k dims [0] : vector<16xf32>
  // CHECK: pallas.rev %{{.*}} dims [1, 0] : vector<4x16xf32>
  %r2 = pallas.rev %x2 dims [1, 0] : vector<4x16xf32>

  // CHECK: pallas.load_gather %{{.*}}[%{{.*}}, %{{.*}}] mask(%{{.*}} : vector<16xi1>) : memref<8x64xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<16xi32> -> vector<16xf32>
  %g1 = pallas.load_gather %tile[%v, %v] mask(%m : vector<16xi1>) : memref<8x64xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<16xi32> -> vector<16xf32>
  // CHECK: pallas.load_gather %{{.*}}[%{{.*}}] : memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32> -> vector<16xf32>
  %g2 = pallas.load_gather %acc[%v] : memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32> -> vector<16xf32>

  // CHECK: pallas.store_scatter %{{.*}}, %{{.*}}[%{{.*}}] mask(%{{.*}} : vector<16xi1>) {add} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32>
  pallas.store_scatter %g1, %acc[%v] mask(%m : vector<16xi1>) {add} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>, vector<16xi32>
  // CHECK: pallas.store_scatter %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : vector<16xf32>, memref<8x64xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<16xi32>
  pallas.store_scatter %g2, %tile[%v, %v] : vector<16xf32>, memref<8x64xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<16xi32>

  // CHECK: pallas.subcore_barrier
  pallas.subcore_barrier

  // Indirect DMAs: a gather from HBM with a filter, a scatter-add into
  // VMEM_SHARED with vector offsets.
  %pad = arith.constant -1 : i32
  // CHECK: pallas.dma_start %{{.*}} -> %{{.*}}, %{{.*}}[] offsets(%{{.*}} : memref<8xi32, #pallas.memory_space<vmem>>) filter(%{{.*}} : i32) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_start %table -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) filter(%pad : i32) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  // CHECK: pallas.dma_wait %{{.*}} -> %{{.*}}, %{{.*}}[] offsets(%{{.*}} : memref<8xi32, #pallas.memory_space<vmem>>) filter(%{{.*}} : i32) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %table -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) filter(%pad : i32) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  %vidx = arith.constant dense<3> : vector<8xi32>
  // CHECK: pallas.dma_start %{{.*}} -> %{{.*}}, %{{.*}}[] offsets(%{{.*}} : vector<8xi32>) {add} : memref<8x8xf32, #pallas.memory_space<vmem>> -> memref<64x8xf32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_start %rows -> %shared, %sem[] offsets(%vidx : vector<8xi32>) {add} : memref<8x8xf32, #pallas.memory_space<vmem>> -> memref<64x8xf32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  // A plain DMA prints as before.
  // CHECK: pallas.dma_start %{{.*}} -> %{{.*}}, %{{.*}}[] : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<64x8xf32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_start %table -> %shared, %sem[] : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<64x8xf32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>

  // CHECK: pallas.load %{{.*}}[0:16] mask(%{{.*}} : vector<16xi1>) {expand} : memref<64xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
  %e = pallas.load %acc[0:16] mask(%m : vector<16xi1>) {expand} : memref<64xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
  // CHECK: pallas.store %{{.*}}, %{{.*}}[16:16] mask(%{{.*}} : vector<16xi1>) {compress} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>
  pallas.store %e, %acc[16:16] mask(%m : vector<16xi1>) {compress} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>
  // CHECK: pallas.store %{{.*}}, %{{.*}}[32:16] {add} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>
  pallas.store %e, %acc[32:16] {add} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>
  // CHECK: pallas.store %{{.*}}, %{{.*}}[48:16] mask(%{{.*}} : vector<16xi1>) {add, compress} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>
  pallas.store %e, %acc[48:16] mask(%m : vector<16xi1>) {add, compress} : vector<16xf32>, memref<64xf32, #pallas.memory_space<vmem>>
  pallas.return
}
