// A Pallas TPU kernel as Mosaic IR, exactly as jaxlib 0.10.2 prints it
// (re-printed by jaxlib from its own output); must print back byte-identical.
// RUN: %pallas_opt %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
// RUN: %mlir_opt %s | diff -u %t -
#map = affine_map<(d0, d1) -> (0)>
module {
  func.func @kern(%arg0: i32, %arg1: i32, %arg2: memref<8xf32, #tpu.memory_space<hbm>>, %arg3: memref<8xf32, #tpu.memory_space<hbm>>, %arg4: memref<8xf32, #tpu.memory_space<hbm>>, %arg5: memref<8xf32, #tpu.memory_space<vmem>>, %arg6: memref<8xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<core_parallel>, #tpu.dimension_semantics<subcore_parallel>], iteration_bounds = array<i64: 1, 16>, scalar_prefetch = 0 : i64, scratch_operands = 2 : i64, tpu.core_type = #tpu.core_type<sc_vector_subcore>, window_params = [{transform_indices = #map}, {transform_indices = #map}, {transform_indices = #map}]} {
    "tpu.region"() ({
      %8 = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %c0_i32 = arith.constant 0 : i32
      %9 = tpu.memref_slice %arg2[%c0_i32] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      %c0_i32_2 = arith.constant 0 : i32
      %10 = tpu.memref_slice %arg2[%c0_i32_2] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      tpu.enqueue_dma source(%10 : memref<8xf32, #tpu.memory_space<hbm>>) target(%arg5 : memref<8xf32, #tpu.memory_space<vmem>>) target_semaphore(%8 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %c0_i32_3 = arith.constant 0 : i32
      %11 = tpu.memref_slice %arg2[%c0_i32_3] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      %c0_i32_4 = arith.constant 0 : i32
      %12 = tpu.memref_slice %arg2[%c0_i32_4] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      tpu.wait_dma2 semaphore(%8 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%12 : memref<8xf32, #tpu.memory_space<hbm>>) dst(%arg5 : memref<8xf32, #tpu.memory_space<vmem>>)
      tpu.yield
    }) : () -> ()
    "tpu.region"() ({
      %8 = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %c0_i32 = arith.constant 0 : i32
      %9 = tpu.memref_slice %arg3[%c0_i32] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      %c0_i32_2 = arith.constant 0 : i32
      %10 = tpu.memref_slice %arg3[%c0_i32_2] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      tpu.enqueue_dma source(%10 : memref<8xf32, #tpu.memory_space<hbm>>) target(%arg6 : memref<8xf32, #tpu.memory_space<vmem>>) target_semaphore(%8 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %c0_i32_3 = arith.constant 0 : i32
      %11 = tpu.memref_slice %arg3[%c0_i32_3] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      %c0_i32_4 = arith.constant 0 : i32
      %12 = tpu.memref_slice %arg3[%c0_i32_4] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      tpu.wait_dma2 semaphore(%8 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%12 : memref<8xf32, #tpu.memory_space<hbm>>) dst(%arg6 : memref<8xf32, #tpu.memory_space<vmem>>)
      tpu.yield
    }) : () -> ()
    %c0 = arith.constant 0 : index
    %0 = tpu.vector_load %arg5[%c0] {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
    %1 = vector.shape_cast %0 : vector<8xf32> to vector<8xf32>
    %c0_0 = arith.constant 0 : index
    %2 = tpu.vector_load %arg6[%c0_0] {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
    %3 = vector.shape_cast %2 : vector<8xf32> to vector<8xf32>
    %4 = arith.addf %1, %3 : vector<8xf32>
    %c0_1 = arith.constant 0 : index
    %5 = tpu.vector_load %arg5[%c0_1] {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
    %6 = vector.shape_cast %5 : vector<8xf32> to vector<8xf32>
    %7 = vector.shape_cast %4 : vector<8xf32> to vector<8xf32>
    tpu.vector_store %arg5[%c0_1], %7 {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, 
    "tpu.region"() ({
      %8 = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      %c0_i32 = arith.constant 0 : i32
      %9 = tpu.memref_slice %arg4[%c0_i32] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      %c0_i32_2 = arith.constant 0 : i32
      %10 = tpu.memref_slice %arg4[%c0_i32_2] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      tpu.enqueue_dma source(%arg5 : memref<8xf32, #tpu.memory_space<vmem>>) target(%10 : memref<8xf32, #tpu.memory_space<hbm>>) target_semaphore(%8 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
      %c0_i32_3 = arith.constant 0 : i32
      %11 = tpu.memref_slice %arg4[%c0_i32_3] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      %c0_i32_4 = arith.constant 0 : i32
      %12 = tpu.memref_slice %arg4[%c0_i32_4] : memref<8xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
      tpu.wait_dma2 semaphore(%8 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%arg5 : memref<8xf32, #tpu.memory_space<vmem>>) dst(%12 : memref<8xf32, #tpu.memory_space<hbm>>)
      tpu.yield
    }) : () -> ()
    return
  }
}

