// A Pallas TPU kernel as Mosaic IR, exactly as jaxlib 0.10.2 prints it
// (re-printed by jaxlib from its own output); must print back byte-identical.
// RUN: %pallas_opt %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
// RUN: %mlir_opt %s | diff -u %t -
module {
  func.func @kernel(%arg0: memref<16x128xf32, #tpu.memory_space<any>>, %arg1: memref<16x128xf32, #tpu.memory_space<any>>, %arg2: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg3: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 2 : i64, tpu.core_type = #tpu.core_type<tc>} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tpu.memref_slice %arg3[%c0_i32] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %1 = tpu.memref_squeeze %0 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %2 = tpu.memref_slice %arg0[%c0_i32_0, %c0_i32_1] : memref<16x128xf32, #tpu.memory_space<any>> -> memref<8x128xf32, #tpu.memory_space<any>>
    tpu.enqueue_dma source(%2 : memref<8x128xf32, #tpu.memory_space<any>>) target(%arg2 : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%1 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    %c0_i32_2 = arith.constant 0 : i32
    %3 = tpu.memref_slice %arg3[%c0_i32_2] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %4 = tpu.memref_squeeze %3 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %c0_i32_3 = arith.constant 0 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %5 = tpu.memref_slice %arg0[%c0_i32_3, %c0_i32_4] : memref<16x128xf32, #tpu.memory_space<any>> -> memref<8x128xf32, #tpu.memory_space<any>>
    tpu.wait_dma2 semaphore(%4 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%5 : memref<8x128xf32, #tpu.memory_space<any>>) dst(%arg2 : memref<8x128xf32, #tpu.memory_space<vmem>>)
    %c0 = arith.constant 0 : index
    %c0_5 = arith.constant 0 : index
    %6 = vector.load %arg2[%c0, %c0_5] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %cst = arith.constant 2.000000e+00 : f32
    %7 = vector.broadcast %cst : f32 to vector<8x128xf32>
    %8 = arith.mulf %6, %7 : vector<8x128xf32>
    %c0_6 = arith.constant 0 : index
    %c0_7 = arith.constant 0 : index
    %9 = vector.load %arg2[%c0_6, %c0_7] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    tpu.vector_store %arg2[%c0_6, %c0_7], %8 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    %c1_i32 = arith.constant 1 : i32
    %10 = tpu.memref_slice %arg3[%c1_i32] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %11 = tpu.memref_squeeze %10 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %c0_i32_8 = arith.constant 0 : i32
    %c0_i32_9 = arith.constant 0 : i32
    %12 = tpu.memref_slice %arg1[%c0_i32_8, %c0_i32_9] : memref<16x128xf32, #tpu.memory_space<any>> -> memref<8x128xf32, #tpu.memory_space<any>>
    tpu.enqueue_dma source(%arg2 : memref<8x128xf32, #tpu.memory_space<vmem>>) target(%12 : memref<8x128xf32, #tpu.memory_space<any>>) target_semaphore(%11 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    %c1_i32_10 = arith.constant 1 : i32
    %13 = tpu.memref_slice %arg3[%c1_i32_10] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %14 = tpu.memref_squeeze %13 : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    %c0_i32_11 = arith.constant 0 : i32
    %c0_i32_12 = arith.constant 0 : i32
    %15 = tpu.memref_slice %arg1[%c0_i32_11, %c0_i32_12] : memref<16x128xf32, #tpu.memory_space<any>> -> memref<8x128xf32, #tpu.memory_space<any>>
    tpu.wait_dma2 semaphore(%14 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%arg2 : memref<8x128xf32, #tpu.memory_space<vmem>>) dst(%15 : memref<8x128xf32, #tpu.memory_space<any>>)
    return
  }
}

