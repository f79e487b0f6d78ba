// Expected text printed by jaxlib 0.10.2 (parse + print of hand-written input);
// this file is that output verbatim, so it must print back byte-identical.
// RUN: %pallas_opt %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
// RUN: %mlir_opt %s | diff -u %t -
#map = affine_map<(d0, d1) -> (0)>
module {
  func.func @views(%arg0: memref<16x128xf32, #tpu.memory_space<any>>, %arg1: memref<4x16x128xf32, #tpu.memory_space<vmem>>, %arg2: memref<16x128xbf16, #tpu.tiled<(16,128)(2,1),[1,1]>, #tpu.memory_space<vmem>>, %arg3: memref<16x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>, %arg4: i32) attributes {tpu.core_type = #tpu.core_type<tc>} {
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %0 = tpu.memref_slice %arg0[%c8_i32, %c0_i32] : memref<16x128xf32, #tpu.memory_space<any>> -> memref<8x128xf32, #tpu.memory_space<any>>
    %1 = tpu.memref_slice %arg1[%c0_i32, %c0_i32, %c0_i32] <%arg4> : memref<4x16x128xf32, #tpu.memory_space<vmem>> -> memref<1x?x128xf32, #tpu.memory_space<vmem>>
    %2 = tpu.memref_slice %arg1[%c0_i32, %c0_i32, %c0_i32] : memref<4x16x128xf32, #tpu.memory_space<vmem>> -> memref<1x16x128xf32, #tpu.memory_space<vmem>>
    %3 = tpu.memref_squeeze %2 : memref<1x16x128xf32, #tpu.memory_space<vmem>> -> memref<16x128xf32, #tpu.memory_space<vmem>>
    %4 = tpu.memref_reshape %arg1 : memref<4x16x128xf32, #tpu.memory_space<vmem>> -> memref<64x128xf32, #tpu.memory_space<vmem>>
    %5 = tpu.memref_bitcast %arg2 : memref<16x128xbf16, #tpu.tiled<(16,128)(2,1),[1,1]>, #tpu.memory_space<vmem>> -> memref<8x128xi32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>
    %6 = tpu.reinterpret_cast %arg3 : memref<16x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>> -> memref<16x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>
    %7 = tpu.reinterpret_cast %arg3 %c8_i32<%arg4> : memref<16x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>> -> memref<?x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>
    %8 = tpu.erase_memref_layout %arg3 : memref<16x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>> -> memref<16x128xf32, #tpu.memory_space<vmem>>
    %9 = tpu.internal_scratch : memref<8x128xf32, #tpu.memory_space<vmem>>
    %10 = tpu.iteration_bound 0 : i32
    %11 = tpu.device_id : i32
    return
  }
  func.func @sems(%arg0: memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, %arg1: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %arg2: memref<8x128xf32, #tpu.memory_space<hbm>>, %arg3: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg4: i32, %arg5: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem, sc_scalar_subcore>>) attributes {tpu.core_type = #tpu.core_type<tc>} {
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = tpu.memref_slice %arg0[%c1_i32] : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %1 = tpu.memref_squeeze %0 : memref<1x!tpu.semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %2 = tpu.sem_read %1 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>> -> i32
    %3 = tpu.sem_read %arg1 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> i32
    tpu.sem_signal %1, %c1_i32 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    tpu.sem_signal %1, %c1_i32 device_id %arg4 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    tpu.sem_signal %1, %c1_i32 device_id %arg4 core_id %c0_i32 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    tpu.sem_signal %arg5, %c1_i32 core_id %c0_i32 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem, sc_scalar_subcore>>
    tpu.sem_wait %1, %c1_i32 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %4 = tpu.sem_barrier : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %5 = tpu.sem_alloc : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    tpu.enqueue_dma source(%arg2 : memref<8x128xf32, #tpu.memory_space<hbm>>) target(%arg3 : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg1 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
    tpu.enqueue_dma source(%arg2 : memref<8x128xf32, #tpu.memory_space<hbm>>) target(%arg3 : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg1 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {priority = 1 : i32}
    tpu.enqueue_dma source(%arg3 : memref<8x128xf32, #tpu.memory_space<vmem>>) target(%arg2 : memref<8x128xf32, #tpu.memory_space<hbm>>) source_semaphore(%arg1 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) target_semaphore(%arg1 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) device_id(%arg4) core_id(%c0_i32)
    tpu.wait_dma2 semaphore(%arg1 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%arg2 : memref<8x128xf32, #tpu.memory_space<hbm>>) dst(%arg3 : memref<8x128xf32, #tpu.memory_space<vmem>>)
    tpu.wait_dma2 semaphore(%arg1 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%arg3 : memref<8x128xf32, #tpu.memory_space<vmem>>) dst(%arg2 : memref<8x128xf32, #tpu.memory_space<hbm>>) device_id(%arg4) core_id(%c0_i32)
    tpu.wait_dma source(%arg2 : memref<8x128xf32, #tpu.memory_space<hbm>>) target(%arg3 : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%arg1 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {wait_target = true}
    tpu.wait_dma source(%arg2 : memref<8x128xf32, #tpu.memory_space<hbm>>) target(%arg3 : memref<8x128xf32, #tpu.memory_space<vmem>>) source_semaphore(%arg1 : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) device_id(%arg4) {wait_target = false}
    return
  }
  func.func @scoped(%arg0: i32, %arg1: f32, %arg2: memref<8x128xf32, #tpu.memory_space<vmem>>) -> i32 attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2, 3>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{pipeline_mode = #tpu.pipeline_mode<double_buffered>, revisit_mode = #tpu.revisit_mode<any>, transform_indices = #map, window_bounds = array<i64: 8, 128>, window_kind = #tpu.element_window<[0, 0], [1, 2]>}, {pipeline_mode = #tpu.pipeline_mode<synchronous>, revisit_mode = #tpu.revisit_mode<immediate>}]} {
    "tpu.region"() ({
      %3 = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      tpu.yield
    }) : () -> ()
    %0 = "tpu.region"() ({
      %c1_i32 = arith.constant 1 : i32
      tpu.yield %c1_i32 : i32
    }) : () -> i32
    %1 = "tpu.trace"() <{level = 10 : i32, message = "step"}> ({
      %3 = arith.addi %arg0, %arg0 : i32
      tpu.yield %3 : i32
    }) : () -> i32
    "tpu.trace"() <{level = 1 : i32, message = "empty"}> ({
      tpu.yield
    }) : () -> ()
    "tpu.trace_start"() <{level = 10 : i32, message = "x"}> : () -> ()
    "tpu.trace_stop"() : () -> ()
    tpu.trace_value %arg0, "x" : i32
    tpu.trace_value %arg1, "f" : f32
    tpu.delay %arg0
    "tpu.prng_set_seed_32"(%arg0, %arg0) : (i32, i32) -> ()
    %2 = "tpu.prng_random_bits"() : () -> vector<8x128xi32>
    tpu.log "hello"
    tpu.log "x = {}" {formatted = true} : [%arg0] : i32
    tpu.log "two" : [%arg0, %arg1] : i32, f32
    tpu.log_buffer "buf" {shape = array<i64: 8, 128>} : %arg2 : memref<8x128xf32, #tpu.memory_space<vmem>>
    return %1 : i32
  }
  func.func @attrs() attributes {dims = #tpu.dot_dimension_numbers<[1], [0], [], [], [1, 1], [], []>, enums = [#tpu.core_type<tc>, #tpu.core_type<sc_vector_subcore>, #tpu.dimension_semantics<core_parallel>, #tpu.dimension_semantics<subcore_parallel>, #tpu.contract_precision<bf16>, #tpu.pack_format<compressed>, #tpu.reduction_kind<min>, #tpu.reduction_kind<arg_min>, #tpu.reduction_kind<find_first_set>, #tpu.rounding_mode<towards_zero>], layouts = [#tpu.vpad<"32,{0,0},(8,128)">, #tpu.vpad<"16,{*,0},(16,128),-2">, #tpu.vpad<"none">, #tpu.vpad<"8,{0,*},(32,128),-2,-1">, #tpu.vpad<"32,{3,5},(8,128),-1">], spaces = [#tpu.memory_space<any>, #tpu.memory_space<vmem>, #tpu.memory_space<smem>, #tpu.memory_space<hbm>, #tpu.memory_space<cmem>, #tpu.memory_space<semaphore_mem>, #tpu.memory_space<vmem_shared>, #tpu.memory_space<host>, #tpu.memory_space<vmem, tc>, #tpu.memory_space<smem, sc_scalar_subcore>], tpu.core_type = #tpu.core_type<sc_scalar_subcore>, types = [!tpu.float8_exmy<f8E4M3FN>, !tpu.float8_exmy<f4E2M1FN>, !tpu.semaphore, !tpu.dma_semaphore, memref<8x128xf32, #tpu.tiled<,[1,1]>>, memref<8x128xf32, #tpu.tiled<(8,128),[1,1]>>, memref<2x16x128xbf16, #tpu.tiled<(16,128)(2,1),[2,1,1]>>, memref<1024xf32, #tpu.tiled<(128),[1]>>]} {
    return
  }
}

