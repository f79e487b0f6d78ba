// Expected text printed by jaxlib 0.10.2 (parse + print of hand-written input);
// this file is that output verbatim, so it must print back byte-identical.
// RUN: %pallas_opt %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
// RUN: %mlir_opt %s | diff -u %t -
module {
  func.func @loads(%arg0: memref<16x128xf32, #tpu.memory_space<vmem>>, %arg1: vector<8x128xf32>, %arg2: vector<8x128xi1>, %arg3: vector<8x128xi32>) attributes {tpu.core_type = #tpu.core_type<tc>} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %0 = tpu.load %arg0[%c0, %c0] sublanes [true, true, true, true, true, true, true, true] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %1 = tpu.load %arg0[%c8, %c0] sublanes [true, false, true, false, true, false, true, false] sublane_stride 2 : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    tpu.store %arg0[%c0, %c0], %arg1 sublanes [true, true, true, true, true, true, true, true] : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    tpu.store %arg0[%c0, %c0], %arg1 masked %arg3 sublanes [true, true, true, true, true, true, true, true] sublane_stride 2 {add = true} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, vector<8x128xi32>
    %2 = tpu.vector_load %arg0[%c0, %c0] {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    %3 = tpu.vector_load %arg0[%c8, %c0] masked %arg2 {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, vector<8x128xi1>
    tpu.vector_store %arg0[%c0, %c0], %arg1 {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    tpu.vector_store %arg0[%c8, %c0], %arg1 masked %arg2 {add = true, strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, vector<8x128xi1>
    %4 = tpu.strided_load %arg0[%c0, %c0] {strides = array<i32: 2, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    tpu.strided_store %arg0[%c0, %c0], %arg1 {strides = array<i32: 2, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %5 = tpu.shuffled_load %arg0[%c0, %c0] {sublane_mask = array<i1: true, true, true, true, true, true, true, true>, sublane_offsets = array<i32: 7, 6, 5, 4, 3, 2, 1, 0>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    tpu.shuffled_store %arg0[%c0, %c0], %arg1 {sublane_mask = array<i1: true, true, true, true, true, true, true, true>, sublane_offsets = array<i32: 7, 6, 5, 4, 3, 2, 1, 0>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    return
  }
  func.func @sc_memory(%arg0: memref<64xi32, #tpu.memory_space<vmem>>, %arg1: memref<8x64xf32, #tpu.memory_space<vmem>>, %arg2: vector<16xi32>, %arg3: vector<16xf32>, %arg4: vector<16xi1>, %arg5: memref<128x64xf32, #tpu.memory_space<hbm>>, %arg6: memref<128x64xf32, #tpu.memory_space<vmem_shared, sc_vector_subcore>>, %arg7: memref<8xi32, #tpu.memory_space<vmem>>, %arg8: memref<4xi32, #tpu.memory_space<smem>>) attributes {tpu.core_type = #tpu.core_type<sc_vector_subcore>} {
    %0 = tpu.vector_load_idx %arg0[%arg2] : memref<64xi32, #tpu.memory_space<vmem>>[vector<16xi32>], vector<16xi32>, 
    %1 = tpu.vector_load_idx %arg1[%arg2, %arg2] masked %arg4 : memref<8x64xf32, #tpu.memory_space<vmem>>[vector<16xi32>, vector<16xi32>], vector<16xf32>, vector<16xi1>
    tpu.vector_store_idx %arg0[%arg2], %0 : memref<64xi32, #tpu.memory_space<vmem>>[vector<16xi32>], vector<16xi32>, 
    tpu.vector_store_idx %arg1[%arg2, %arg2], %arg3 masked %arg4 {add = true} : memref<8x64xf32, #tpu.memory_space<vmem>>[vector<16xi32>, vector<16xi32>], vector<16xf32>, vector<16xi1>
    %2 = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    tpu.enqueue_indirect_dma source(%arg5 : memref<128x64xf32, #tpu.memory_space<hbm>>) target(%arg1 : memref<8x64xf32, #tpu.memory_space<vmem>>) offsets(%arg7 : memref<8xi32, #tpu.memory_space<vmem>>) semaphore(%2 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    tpu.wait_indirect_dma semaphore(%2 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%arg5 : memref<128x64xf32, #tpu.memory_space<hbm>>) dst(%arg1 : memref<8x64xf32, #tpu.memory_space<vmem>>)
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %3 = tpu.fetch_and_add_sync %arg8[%c0_i32], %c1_i32, %c0_i32 : memref<4xi32, #tpu.memory_space<smem>>, i32 -> i32
    %c0 = arith.constant 0 : index
    tpu.barrier barrier_id(%c0)
    %4 = tpu.subcore_id : i32
    %5 = tpu.core_id : i32
    return
  }
}

