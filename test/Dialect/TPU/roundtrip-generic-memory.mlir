// Generic form of every op, as printed by jaxlib 0.10.2 (print_generic_op_form).
// RUN: %pallas_opt --mlir-print-op-generic %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
"builtin.module"() ({
  "func.func"() <{function_type = (memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, vector<8x128xi1>, vector<8x128xi32>) -> (), sym_name = "loads"}> ({
  ^bb0(%arg9: memref<16x128xf32, #tpu.memory_space<vmem>>, %arg10: vector<8x128xf32>, %arg11: vector<8x128xi1>, %arg12: vector<8x128xi32>):
    %9 = "arith.constant"() <{value = 0 : index}> : () -> index
    %10 = "arith.constant"() <{value = 8 : index}> : () -> index
    %11 = "tpu.load"(%arg9, %9, %9) <{sublane_mask = array<i1: true, true, true, true, true, true, true, true>, sublane_stride = 1 : i32}> : (memref<16x128xf32, #tpu.memory_space<vmem>>, index, index) -> vector<8x128xf32>
    %12 = "tpu.load"(%arg9, %10, %9) <{sublane_mask = array<i1: true, false, true, false, true, false, true, false>, sublane_stride = 2 : i32}> : (memref<16x128xf32, #tpu.memory_space<vmem>>, index, index) -> vector<8x128xf32>
    "tpu.store"(%arg10, %arg9, %9, %9) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, sublane_mask = array<i1: true, true, true, true, true, true, true, true>, sublane_stride = 1 : i32}> : (vector<8x128xf32>, memref<16x128xf32, #tpu.memory_space<vmem>>, index, index) -> ()
    "tpu.store"(%arg10, %arg9, %9, %9, %arg12) <{add = true, operandSegmentSizes = array<i32: 1, 1, 2, 1>, sublane_mask = array<i1: true, true, true, true, true, true, true, true>, sublane_stride = 2 : i32}> : (vector<8x128xf32>, memref<16x128xf32, #tpu.memory_space<vmem>>, index, index, vector<8x128xi32>) -> ()
    %13 = "tpu.vector_load"(%arg9, %9, %9) <{operandSegmentSizes = array<i32: 1, 2, 0>, strides = array<i32>}> : (memref<16x128xf32, #tpu.memory_space<vmem>>, index, index) -> vector<8x128xf32>
    %14 = "tpu.vector_load"(%arg9, %10, %9, %arg11) <{operandSegmentSizes = array<i32: 1, 2, 1>, strides = array<i32>}> : (memref<16x128xf32, #tpu.memory_space<vmem>>, index, index, vector<8x128xi1>) -> vector<8x128xf32>
    "tpu.vector_store"(%arg10, %arg9, %9, %9) <{add = false, operandSegmentSizes = array<i32: 1, 1, 2, 0>, strides = array<i32>}> : (vector<8x128xf32>, memref<16x128xf32, #tpu.memory_space<vmem>>, index, index) -> ()
    "tpu.vector_store"(%arg10, %arg9, %10, %9, %arg11) <{add = true, operandSegmentSizes = array<i32: 1, 1, 2, 1>, strides = array<i32>}> : (vector<8x128xf32>, memref<16x128xf32, #tpu.memory_space<vmem>>, index, index, vector<8x128xi1>) -> ()
    %15 = "tpu.strided_load"(%arg9, %9, %9) <{strides = array<i32: 2, 1>}> : (memref<16x128xf32, #tpu.memory_space<vmem>>, index, index) -> vector<8x128xf32>
    "tpu.strided_store"(%arg10, %arg9, %9, %9) <{strides = array<i32: 2, 1>}> : (vector<8x128xf32>, memref<16x128xf32, #tpu.memory_space<vmem>>, index, index) -> ()
    %16 = "tpu.shuffled_load"(%arg9, %9, %9) <{sublane_mask = array<i1: true, true, true, true, true, true, true, true>, sublane_offsets = array<i32: 7, 6, 5, 4, 3, 2, 1, 0>}> : (memref<16x128xf32, #tpu.memory_space<vmem>>, index, index) -> vector<8x128xf32>
    "tpu.shuffled_store"(%arg10, %arg9, %9, %9) <{sublane_mask = array<i1: true, true, true, true, true, true, true, true>, sublane_offsets = array<i32: 7, 6, 5, 4, 3, 2, 1, 0>}> : (vector<8x128xf32>, memref<16x128xf32, #tpu.memory_space<vmem>>, index, index) -> ()
    "func.return"() : () -> ()
  }) {tpu.core_type = #tpu.core_type<tc>} : () -> ()
  "func.func"() <{function_type = (memref<64xi32, #tpu.memory_space<vmem>>, memref<8x64xf32, #tpu.memory_space<vmem>>, vector<16xi32>, vector<16xf32>, vector<16xi1>, memref<128x64xf32, #tpu.memory_space<hbm>>, memref<128x64xf32, #tpu.memory_space<vmem_shared, sc_vector_subcore>>, memref<8xi32, #tpu.memory_space<vmem>>, memref<4xi32, #tpu.memory_space<smem>>) -> (), sym_name = "sc_memory"}> ({
  ^bb0(%arg0: memref<64xi32, #tpu.memory_space<vmem>>, %arg1: memref<8x64xf32, #tpu.memory_space<vmem>>, %arg2: vector<16xi32>, %arg3: vector<16xf32>, %arg4: vector<16xi1>, %arg5: memref<128x64xf32, #tpu.memory_space<hbm>>, %arg6: memref<128x64xf32, #tpu.memory_space<vmem_shared, sc_vector_subcore>>, %arg7: memref<8xi32, #tpu.memory_space<vmem>>, %arg8: memref<4xi32, #tpu.memory_space<smem>>):
    %0 = "tpu.vector_load_idx"(%arg0, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<64xi32, #tpu.memory_space<vmem>>, vector<16xi32>) -> vector<16xi32>
    %1 = "tpu.vector_load_idx"(%arg1, %arg2, %arg2, %arg4) <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (memref<8x64xf32, #tpu.memory_space<vmem>>, vector<16xi32>, vector<16xi32>, vector<16xi1>) -> vector<16xf32>
    "tpu.vector_store_idx"(%0, %arg0, %arg2) <{add = false, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (vector<16xi32>, memref<64xi32, #tpu.memory_space<vmem>>, vector<16xi32>) -> ()
    "tpu.vector_store_idx"(%arg3, %arg1, %arg2, %arg2, %arg4) <{add = true, operandSegmentSizes = array<i32: 1, 1, 2, 1>}> : (vector<16xf32>, memref<8x64xf32, #tpu.memory_space<vmem>>, vector<16xi32>, vector<16xi32>, vector<16xi1>) -> ()
    %2 = "tpu.sem_alloc"() : () -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
    "tpu.enqueue_indirect_dma"(%arg5, %arg1, %arg7, %2) <{add = false}> : (memref<128x64xf32, #tpu.memory_space<hbm>>, memref<8x64xf32, #tpu.memory_space<vmem>>, memref<8xi32, #tpu.memory_space<vmem>>, memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) -> ()
    "tpu.wait_indirect_dma"(%2, %arg5, %arg1) : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, memref<128x64xf32, #tpu.memory_space<hbm>>, memref<8x64xf32, #tpu.memory_space<vmem>>) -> ()
    %3 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %5 = "tpu.fetch_and_add_sync"(%arg8, %3, %4, %3) : (memref<4xi32, #tpu.memory_space<smem>>, i32, i32, i32) -> i32
    %6 = "arith.constant"() <{value = 0 : index}> : () -> index
    "tpu.barrier"(%6) : (index) -> ()
    %7 = "tpu.subcore_id"() : () -> i32
    %8 = "tpu.core_id"() : () -> i32
    "func.return"() : () -> ()
  }) {tpu.core_type = #tpu.core_type<sc_vector_subcore>} : () -> ()
}) : () -> ()

