// A Pallas TPU kernel as Mosaic IR, exactly as jaxlib 0.10.2 prints it
// (re-printed by jaxlib from its own output); must print back byte-identical.
// RUN: %pallas_opt %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
// RUN: %mlir_opt %s | diff -u %t -
module {
  func.func @kernel(%arg0: i32, %arg1: memref<4xi32, #tpu.memory_space<smem>>, %arg2: memref<8x128xf32, #tpu.memory_space<vmem>>, %arg3: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 4>, scalar_prefetch = 1 : i64, scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [{transform_indices = @transform_0, window_bounds = array<i64: 8, 128>}, {transform_indices = @transform_1, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %0 = vector.load %arg2[%c0, %c0_0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    %cst = arith.constant dense<0.000000e+00> : vector<8xf32>
    %1 = vector.multi_reduction <add>, %0, %cst [1] : vector<8x128xf32> to vector<8xf32>
    %2 = vector.shape_cast %1 : vector<8xf32> to vector<8x1xf32>
    %3 = tpu.iota {dimensions = array<i32: 1>} : vector<8x128xi32>
    %4 = arith.index_cast %arg0 : i32 to index
    %5 = memref.load %arg1[%4] : memref<4xi32, #tpu.memory_space<smem>>
    %6 = vector.broadcast %5 : i32 to vector<8x128xi32>
    %7 = arith.cmpi eq, %3, %6 : vector<8x128xi32>
    %cst_1 = arith.constant 0.000000e+00 : f32
    %8 = vector.broadcast %cst_1 : f32 to vector<8x128xf32>
    %9 = arith.maximumf %0, %8 : vector<8x128xf32>
    %10 = vector.shape_cast %2 : vector<8x1xf32> to vector<8x1xf32>
    %11 = vector.broadcast %10 : vector<8x1xf32> to vector<8x128xf32>
    %12 = arith.select %7, %11, %9 : vector<8x128xi1>, vector<8x128xf32>
    %c0_2 = arith.constant 0 : index
    %c0_3 = arith.constant 0 : index
    %13 = vector.load %arg3[%c0_2, %c0_3] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    tpu.vector_store %arg3[%c0_2, %c0_3], %12 {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, 
    return
  }
  func.func @transform_0(%arg0: i32, %arg1: memref<4xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    %0 = arith.index_cast %arg0 : i32 to index
    %1 = memref.load %arg1[%0] : memref<4xi32, #tpu.memory_space<smem>>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %1, %c0_i32 : i32, i32
  }
  func.func @transform_1(%arg0: i32, %arg1: memref<4xi32, #tpu.memory_space<smem>>) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}

