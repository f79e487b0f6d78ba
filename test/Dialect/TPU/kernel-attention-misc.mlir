// A Pallas TPU kernel as Mosaic IR, exactly as jaxlib 0.10.2 prints it
// (re-printed by jaxlib from its own output); must print back byte-identical.
// RUN: %pallas_opt %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
// RUN: %mlir_opt %s | diff -u %t -
module {
  func.func @kernel(%arg0: i32, %arg1: memref<128x128xbf16, #tpu.memory_space<vmem>>, %arg2: memref<128x128xbf16, #tpu.memory_space<vmem>>, %arg3: memref<128x128xbf16, #tpu.memory_space<vmem>>, %arg4: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>], iteration_bounds = array<i64: 2>, scalar_prefetch = 0 : i64, scratch_operands = 1 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 128, 128>}, {pipeline_mode = #tpu.pipeline_mode<synchronous>, transform_indices = @transform_1, window_bounds = array<i64: 128, 128>}, {transform_indices = @transform_2, window_bounds = array<i64: 128, 128>}]} {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0 = vector.load %arg1[%c0, %c0_0] : memref<128x128xbf16, #tpu.memory_space<vmem>>, vector<128x128xbf16>
    %c0_1 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %1 = vector.load %arg2[%c0_1, %c0_2] : memref<128x128xbf16, #tpu.memory_space<vmem>>, vector<128x128xbf16>
    %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %2 = tpu.matmul %0, %1, %cst {dimension_numbers = #tpu.dot_dimension_numbers<[1], [1], [0], [0], [0, 0, 1, 0], [], []>, transpose_lhs_hint = false} : vector<128x128xbf16>, vector<128x128xbf16>, vector<128x128xf32> -> vector<128x128xf32>
    %cst_3 = arith.constant dense<0xFF800000> : vector<128xf32>
    %3 = vector.multi_reduction <maximumf>, %2, %cst_3 [1] : vector<128x128xf32> to vector<128xf32>
    %4 = vector.shape_cast %3 : vector<128xf32> to vector<128x1xf32>
    %5 = vector.broadcast %4 : vector<128x1xf32> to vector<128x128xf32>
    %6 = arith.subf %2, %5 : vector<128x128xf32>
    %7 = math.exp %6 : vector<128x128xf32>
    %cst_4 = arith.constant dense<0.000000e+00> : vector<128xf32>
    %8 = vector.multi_reduction <add>, %7, %cst_4 [1] : vector<128x128xf32> to vector<128xf32>
    %9 = vector.shape_cast %8 : vector<128xf32> to vector<128x1xf32>
    %10 = tpu.reciprocal %9 {approx = true} : vector<128x1xf32> -> vector<128x1xf32>
    %11 = vector.broadcast %10 : vector<128x1xf32> to vector<128x128xf32>
    %12 = arith.mulf %7, %11 : vector<128x128xf32>
    %cst_5 = arith.constant 0.000000e+00 : f32
    %13 = vector.broadcast %cst_5 : f32 to vector<128x128xf32>
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %14 = arith.addi %c0_i32, %c4_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %15 = scf.for %arg5 = %c0_i32 to %14 step %c1_i32 iter_args(%arg6 = %13) -> (vector<128x128xf32>)  : i32 {
      %c1_i32_10 = arith.constant 1 : i32
      %18 = tpu.dynamic_rotate %arg6 by %c1_i32_10 dim 1 : vector<128x128xf32>, i32 -> vector<128x128xf32>
      %19 = arith.addf %18, %12 : vector<128x128xf32>
      scf.yield %19 : vector<128x128xf32>
    }
    %c1_i32_6 = arith.constant 1 : i32
    tpu.sem_signal %arg4, %c1_i32_6 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %c1_i32_7 = arith.constant 1 : i32
    %true = arith.constant true
    tpu.sem_wait %arg4, %c1_i32_7 : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
    %16 = arith.truncf %15 : vector<128x128xf32> to vector<128x128xbf16>
    %c0_8 = arith.constant 0 : index
    %c0_9 = arith.constant 0 : index
    %17 = vector.load %arg3[%c0_8, %c0_9] : memref<128x128xbf16, #tpu.memory_space<vmem>>, vector<128x128xbf16>
    tpu.vector_store %arg3[%c0_8, %c0_9], %16 {strides = array<i32>} : memref<128x128xbf16, #tpu.memory_space<vmem>>, vector<128x128xbf16>, 
    return
  }
  func.func @transform_0(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
  func.func @transform_1(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    return %c0_i32, %c0_i32_0 : i32, i32
  }
  func.func @transform_2(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}

