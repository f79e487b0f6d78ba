// Generic form of every op, as printed by jaxlib 0.10.2 (print_generic_op_form).
// RUN: %pallas_opt --mlir-print-op-generic %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
#map = affine_map<(d0, d1) -> (0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<16x128xf32, #tpu.memory_space<any>>, memref<4x16x128xf32, #tpu.memory_space<vmem>>, memref<16x128xbf16, #tpu.tiled<(16,128)(2,1),[1,1]>, #tpu.memory_space<vmem>>, memref<16x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>, i32) -> (), sym_name = "views"}> ({
  ^bb0(%arg9: memref<16x128xf32, #tpu.memory_space<any>>, %arg10: memref<4x16x128xf32, #tpu.memory_space<vmem>>, %arg11: memref<16x128xbf16, #tpu.tiled<(16,128)(2,1),[1,1]>, #tpu.memory_space<vmem>>, %arg12: memref<16x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>, %arg13: i32):
    %14 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %15 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %16 = "tpu.memref_slice"(%arg9, %15, %14) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<16x128xf32, #tpu.memory_space<any>>, i32, i32) -> memref<8x128xf32, #tpu.memory_space<any>>
    %17 = "tpu.memref_slice"(%arg10, %14, %14, %14, %arg13) <{operandSegmentSizes = array<i32: 1, 3, 1>}> : (memref<4x16x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32, i32) -> memref<1x?x128xf32, #tpu.memory_space<vmem>>
    %18 = "tpu.memref_slice"(%arg10, %14, %14, %14) <{operandSegmentSizes = array<i32: 1, 3, 0>}> : (memref<4x16x128xf32, #tpu.memory_space<vmem>>, i32, i32, i32) -> memref<1x16x128xf32, #tpu.memory_space<vmem>>
    %19 = "tpu.memref_squeeze"(%18) : (memref<1x16x128xf32, #tpu.memory_space<vmem>>) -> memref<16x128xf32, #tpu.memory_space<vmem>>
    %20 = "tpu.memref_reshape"(%arg10) : (memref<4x16x128xf32, #tpu.memory_space<vmem>>) -> memref<64x128xf32, #tpu.memory_space<vmem>>
    %21 = "tpu.memref_bitcast"(%arg11) : (memref<16x128xbf16, #tpu.tiled<(16,128)(2,1),[1,1]>, #tpu.memory_space<vmem>>) -> memref<8x128xi32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>
    %22 = "tpu.reinterpret_cast"(%arg12) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (memref<16x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>) -> memref<16x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>
    %23 = "tpu.reinterpret_cast"(%arg12, %15, %arg13) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<16x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>, i32, i32) -> memref<?x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>
    %24 = "tpu.erase_memref_layout"(%arg12) : (memref<16x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>) -> memref<16x128xf32, #tpu.memory_space<vmem>>
    %25 = "tpu.internal_scratch"() : () -> memref<8x128xf32, #tpu.memory_space<vmem>>
    %26 = "tpu.iteration_bound"() <{dim = 0 : i32}> : () -> i32
    %27 = "tpu.device_id"() : () -> i32
    "func.return"() : () -> ()
  }) {tpu.core_type = #tpu.core_type<tc>} : () -> ()
  "func.func"() <{function_type = (memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>, i32, memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem, sc_scalar_subcore>>) -> (), sym_name = "sems"}> ({
  ^bb0(%arg3: memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, %arg4: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %arg5: memref<8x128xf32, #tpu.memory_space<hbm>>, %arg6: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg7: i32, %arg8: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem, sc_scalar_subcore>>):
    %6 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %7 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %8 = "tpu.memref_slice"(%arg3, %6) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> memref<1x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %9 = "tpu.memref_squeeze"(%8) : (memref<1x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) -> memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %10 = "tpu.sem_read"(%9) : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) -> i32
    %11 = "tpu.sem_read"(%arg4) : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> i32
    "tpu.sem_signal"(%9, %6) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
    "tpu.sem_signal"(%9, %6, %arg7) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}> : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32, i32) -> ()
    "tpu.sem_signal"(%9, %6, %arg7, %7) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32, i32, i32) -> ()
    "tpu.sem_signal"(%arg8, %6, %7) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 0>}> : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem, sc_scalar_subcore>>, i32, i32) -> ()
    "tpu.sem_wait"(%9, %6) : (memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
    %12 = "tpu.sem_barrier"() : () -> memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %13 = "tpu.sem_alloc"() : () -> memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    "tpu.enqueue_dma"(%arg5, %arg6, %arg4) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false}> : (memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.enqueue_dma"(%arg5, %arg6, %arg4) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 1 : i32, strict_ordering = false}> : (memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.enqueue_dma"(%arg6, %arg4, %arg5, %arg4, %arg7, %7) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0>, priority = 0 : i32, strict_ordering = false}> : (memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<hbm>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32, i32) -> ()
    "tpu.wait_dma2"(%arg4, %arg5, %arg6) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, strict_ordering = false}> : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
    "tpu.wait_dma2"(%arg4, %arg6, %arg5, %arg7, %7) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>, strict_ordering = false}> : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<hbm>>, i32, i32) -> ()
    "tpu.wait_dma"(%arg5, %arg6, %arg4) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0, 0>, priority = 0 : i32, strict_ordering = false, wait_target = true}> : (memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_dma"(%arg5, %arg4, %arg6, %arg7) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 0, 0>, priority = 0 : i32, strict_ordering = false, wait_target = false}> : (memref<8x128xf32, #tpu.memory_space<hbm>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, i32) -> ()
    "func.return"() : () -> ()
  }) {tpu.core_type = #tpu.core_type<tc>} : () -> ()
  "func.func"() <{function_type = (i32, f32, memref<8x128xf32, #tpu.memory_space<vmem>>) -> i32, sym_name = "scoped"}> ({
  ^bb0(%arg0: i32, %arg1: f32, %arg2: memref<8x128xf32, #tpu.memory_space<vmem>>):
    "tpu.region"() ({
      %5 = "tpu.sem_alloc"() : () -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
      "tpu.yield"() : () -> ()
    }) : () -> ()
    %0 = "tpu.region"() ({
      %4 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      "tpu.yield"(%4) : (i32) -> ()
    }) : () -> i32
    %1 = "tpu.trace"() <{level = 10 : i32, message = "step"}> ({
      %3 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "tpu.yield"(%3) : (i32) -> ()
    }) : () -> i32
    "tpu.trace"() <{level = 1 : i32, message = "empty"}> ({
      "tpu.yield"() : () -> ()
    }) : () -> ()
    "tpu.trace_start"() <{level = 10 : i32, message = "x"}> : () -> ()
    "tpu.trace_stop"() : () -> ()
    "tpu.trace_value"(%arg0) <{label = "x"}> : (i32) -> ()
    "tpu.trace_value"(%arg1) <{label = "f"}> : (f32) -> ()
    "tpu.delay"(%arg0) : (i32) -> ()
    "tpu.prng_set_seed_32"(%arg0, %arg0) : (i32, i32) -> ()
    %2 = "tpu.prng_random_bits"() : () -> vector<8x128xi32>
    "tpu.log"() <{formatted = false, tag = "hello"}> : () -> ()
    "tpu.log"(%arg0) <{formatted = true, tag = "x = {}"}> : (i32) -> ()
    "tpu.log"(%arg0, %arg1) <{formatted = false, tag = "two"}> : (i32, f32) -> ()
    "tpu.log_buffer"(%arg2) <{shape = array<i64: 8, 128>, tag = "buf"}> : (memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
    "func.return"(%1) : (i32) -> ()
  }) {dimension_semantics = [#tpu.dimension_semantics<parallel>, #tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 2, 3>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{pipeline_mode = #tpu.pipeline_mode<double_buffered>, revisit_mode = #tpu.revisit_mode<any>, transform_indices = #map, window_bounds = array<i64: 8, 128>, window_kind = #tpu.element_window<[0, 0], [1, 2]>}, {pipeline_mode = #tpu.pipeline_mode<synchronous>, revisit_mode = #tpu.revisit_mode<immediate>}]} : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "attrs"}> ({
    "func.return"() : () -> ()
  }) {dims = #tpu.dot_dimension_numbers<[1], [0], [], [], [1, 1], [], []>, enums = [#tpu.core_type<tc>, #tpu.core_type<sc_vector_subcore>, #tpu.dimension_semantics<core_parallel>, #tpu.dimension_semantics<subcore_parallel>, #tpu.contract_precision<bf16>, #tpu.pack_format<compressed>, #tpu.reduction_kind<min>, #tpu.reduction_kind<arg_min>, #tpu.reduction_kind<find_first_set>, #tpu.rounding_mode<towards_zero>], layouts = [#tpu.vpad<"32,{0,0},(8,128)">, #tpu.vpad<"16,{*,0},(16,128),-2">, #tpu.vpad<"none">, #tpu.vpad<"8,{0,*},(32,128),-2,-1">, #tpu.vpad<"32,{3,5},(8,128),-1">], spaces = [#tpu.memory_space<any>, #tpu.memory_space<vmem>, #tpu.memory_space<smem>, #tpu.memory_space<hbm>, #tpu.memory_space<cmem>, #tpu.memory_space<semaphore_mem>, #tpu.memory_space<vmem_shared>, #tpu.memory_space<host>, #tpu.memory_space<vmem, tc>, #tpu.memory_space<smem, sc_scalar_subcore>], tpu.core_type = #tpu.core_type<sc_scalar_subcore>, types = [!tpu.float8_exmy<f8E4M3FN>, !tpu.float8_exmy<f4E2M1FN>, !tpu.semaphore, !tpu.dma_semaphore, memref<8x128xf32, #tpu.tiled<,[1,1]>>, memref<8x128xf32, #tpu.tiled<(8,128),[1,1]>>, memref<2x16x128xbf16, #tpu.tiled<(16,128)(2,1),[2,1,1]>>, memref<1024xf32, #tpu.tiled<(128),[1]>>]} : () -> ()
}) : () -> ()

