// Expected text printed by jaxlib 0.10.2 (parse + print of hand-written input);
// this file is that output verbatim, so it must print back byte-identical.
// RUN: %pallas_opt %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
// RUN: %mlir_opt %s | diff -u %t -
module {
  func.func @reductions(%arg0: vector<8x128xf32>, %arg1: vector<8x128xi32>) -> (vector<8x128xf32>, vector<8xi32>) attributes {tpu.core_type = #tpu.core_type<tc>} {
    %0 = tpu.all_reduce %arg0 {dim = 1 : i64, kind = #tpu.reduction_kind<max>} : vector<8x128xf32> -> vector<8x128xf32>
    %1 = tpu.reduce_index %arg0 {axis = 1 : i32, kind = #tpu.reduction_kind<arg_max>} : vector<8x128xf32> -> vector<8xi32>
    return %0, %1 : vector<8x128xf32>, vector<8xi32>
  }
  func.func @sc(%arg0: vector<16xi32>, %arg1: vector<16xf32>, %arg2: vector<16xi1>, %arg3: vector<16xf32>) attributes {tpu.core_type = #tpu.core_type<sc_vector_subcore>} {
    %0 = tpu.scan <sum>, %arg0 : vector<16xi32>,  -> vector<16xi32>
    %1 = tpu.scan <max>, %arg3 masked %arg2 : vector<16xf32>, vector<16xi1> -> vector<16xf32>
    %output_mask, %sorted_keys, %sorted_values = tpu.sort %arg0, %arg1 : (vector<16xi32>, vector<16xf32>) -> (vector<16xi1>, vector<16xi32>, vector<16xf32>)
    %output_mask_0, %sorted_keys_1, %sorted_values_2 = tpu.sort %arg0, %arg1 masked %arg2 {descending = true} : (vector<16xi32>, vector<16xf32>, vector<16xi1>) -> (vector<16xi1>, vector<16xi32>, vector<16xf32>)
    %out_mask, %counts = tpu.scan_count mask(%arg2 : vector<16xi1>) value(%arg0 : vector<16xi32>) : vector<16xi1>, vector<16xi32>
    %2 = tpu.all_reduce %arg0 {dim = 0 : i64, kind = #tpu.reduction_kind<sum>} : vector<16xi32> -> vector<16xi32>
    %c0 = arith.constant 0 : index
    "tpu.trace_start"() <{level = 10 : i32, message = "sc"}> : () -> ()
    "tpu.trace_stop"() : () -> ()
    return
  }
  func.func @shapes(%arg0: vector<8x128xf32>, %arg1: vector<8x128xf32>, %arg2: i32, %arg3: vector<16x128xbf16>, %arg4: vector<8x128xi1>, %arg5: vector<8x128xi32>, %arg6: vector<16x128xi16>) attributes {tpu.core_type = #tpu.core_type<tc>} {
    %0 = tpu.dynamic_rotate %arg0 by %arg2 dim 1 : vector<8x128xf32>, i32 -> vector<8x128xf32>
    %1 = tpu.dynamic_rotate %arg0 by %arg2 dim 0 {stride = 1 : si32, stride_dimension = 1 : si32} : vector<8x128xf32>, i32 -> vector<8x128xf32>
    %2 = tpu.iota {dimensions = array<i32: 0>} : vector<8x128xi32>
    %3 = tpu.iota {dimensions = array<i32: 1, 0>} : vector<8x128xi32>
    %4 = tpu.reshape %arg0 : vector<8x128xf32> -> vector<1024xf32>
    %5 = tpu.repeat %arg0, 1 x 2 : vector<8x128xf32> -> vector<8x256xf32>
    %6 = tpu.broadcast_in_sublanes %arg0, 3 : vector<8x128xf32> -> vector<8x128xf32>
    %7 = tpu.unpack_subelements %arg3, 0 {pack_format = #tpu.pack_format<compressed>} : vector<16x128xbf16> -> vector<8x128xf32>
    %8 = tpu.unpack_subelements %arg6, 1 {integer_extended = false, pack_format = #tpu.pack_format<interleaved>, unsigned_integers = true} : vector<16x128xi16> -> vector<8x128xi32>
    %9 = tpu.pack_subelements %arg0, %arg1 {pack_format = #tpu.pack_format<interleaved>, positions = array<i32: 0, 1>} : vector<8x128xf32>, vector<8x128xf32> -> vector<16x128xbf16>
    %10 = tpu.pack_elementwise %arg0, %arg1 {target_type = bf16} : vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xi32>
    %11 = tpu.unpack_elementwise %10, 1 {source_type = bf16} : vector<8x128xi32> -> vector<8x128xf32>
    %12 = tpu.relayout %arg0 {in_layout = [#tpu.vpad<"32,{0,0},(8,128)">], out_layout = [#tpu.vpad<"32,{*,0},(8,128)">]} : vector<8x128xf32> -> vector<8x128xf32>
    %13 = tpu.pack_vmsk %arg4, %arg4 {positions = array<i32: 0, 1>} : vector<8x128xi1>, vector<8x128xi1> -> vector<8x128x2xi1>
    %14 = tpu.gather %arg0[[0, 0, 1, 1, 2, 2, 3, 3]] in 0 : vector<8x128xf32> -> vector<8x128xf32>
    %15 = tpu.dynamic_gather %arg0[%arg5] in [1] : vector<8x128xf32>, vector<8x128xi32> -> vector<8x128xf32>
    %16 = tpu.dynamic_gather %arg0[%arg5] in [0, 1] : vector<8x128xf32>, vector<8x128xi32> -> vector<8x128xf32>
    %17 = tpu.concatenate %arg0, %arg1 in 1 : vector<8x128xf32>, vector<8x128xf32> -> vector<8x256xf32>
    %18 = tpu.bitcast %arg0 : vector<8x128xf32> -> vector<8x128xi32>
    %19 = tpu.bitcast %arg3 : vector<16x128xbf16> -> vector<8x128xi32>
    %20 = tpu.bitcast_vreg %arg0 : vector<8x128xf32> -> vector<8x128xi32>
    %21 = tpu.weird %arg0 : vector<8x128xf32> -> vector<8x128xi1>
    %22 = tpu.reciprocal %arg0 : vector<8x128xf32> -> vector<8x128xf32>
    %23 = tpu.reciprocal %arg0 {approx = true, full_range = false} : vector<8x128xf32> -> vector<8x128xf32>
    %24 = tpu.stochastic_convert %arg0, %arg5 : vector<8x128xf32>, vector<8x128xi32> -> vector<8x128xbf16>
    %25 = tpu.stochastic_convert_elementwise %arg0, %arg5 {dst_type = bf16} : vector<8x128xf32>, vector<8x128xi32> -> vector<8x128xi32>
    %26:2 = tpu.unroll_vectors %17 : vector<8x256xf32> -> vector<8x128xf32>, vector<8x128xf32>
    %27 = tpu.roll_vectors %26#0, %26#1 : vector<8x128xf32>, vector<8x128xf32> -> vector<8x256xf32>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %28 = tpu.create_mask[%c0, %c0] [%c8, %c128] : vector<8x128xi1>
    %29 = tpu.create_subelement_mask 0, 4 : vector<8x128x2xi1>
    %30 = tpu.assume_multiple %arg2, 8 : i32
    %31 = tpu.assume_multiple %c8, 8 : index
    %32 = tpu.assume_layout %arg0 : vector<8x128xf32> -> vector<8x128xf32>
    %33 = tpu.mask_cast %arg4 : vector<8x128xi1> -> vector<8x128x1xi1>
    %34 = tpu.sublane_shuffle %arg0, %arg1, [0, 1, 2, 3, 8, 9, 10, 11] : vector<8x128xf32>, vector<8x128xf32> -> vector<8x128xf32>
    %35 = tpu.transpose %arg0, [1, 0] : vector<8x128xf32> -> vector<128x8xf32>
    %36 = "tpu.prng_random_bits"() : () -> vector<8x128xi32>
    return
  }
  func.func @convert(%arg0: vector<8x128xf32>, %arg1: vector<8x128xi32>, %arg2: f32, %arg3: vector<8x128xbf16>) attributes {tpu.core_type = #tpu.core_type<tc>} {
    %0 = tpu.fptosi %arg0 {rounding_mode = #tpu.rounding_mode<towards_zero>} : vector<8x128xf32> -> vector<8x128xi32>
    %1 = tpu.fptoui %arg2 {rounding_mode = #tpu.rounding_mode<to_nearest_even>} : f32 -> i32
    %2 = tpu.sitofp %arg1 {rounding_mode = #tpu.rounding_mode<to_nearest_even>} : vector<8x128xi32> -> vector<8x128xf32>
    %3 = tpu.uitofp %arg1 {rounding_mode = #tpu.rounding_mode<towards_zero>} : vector<8x128xi32> -> vector<8x128xbf16>
    %4 = tpu.extf %arg3 : vector<8x128xbf16> -> vector<8x128xf32>
    %5 = tpu.truncf %arg0 {rounding_mode = #tpu.rounding_mode<to_nearest_even>} : vector<8x128xf32> -> vector<8x128xbf16>
    return
  }
  func.func @mxu(%arg0: vector<8x128xbf16>, %arg1: vector<128x128xbf16>, %arg2: vector<8x128xf32>, %arg3: vector<2x128x128xbf16>, %arg4: vector<2x8x128xbf16>, %arg5: vector<2x8x128xf32>) attributes {tpu.core_type = #tpu.core_type<tc>} {
    %0 = tpu.matmul %arg0, %arg1, %arg2 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs_hint = false} : vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
    %1 = tpu.matmul %arg0, %arg1, %arg2 {dimension_numbers = #tpu.dot_dimension_numbers<[1], [1], [0], [0], [0, 0, 1, 0], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs_hint = true} : vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
    %2 = tpu.matmul %arg4, %arg3, %arg5 {dimension_numbers = #tpu.dot_dimension_numbers<[2], [1], [1], [2], [0, 0, 0, 1, 1, 2], [0], [0]>, transpose_lhs_hint = false} : vector<2x8x128xbf16>, vector<2x128x128xbf16>, vector<2x8x128xf32> -> vector<2x8x128xf32>
    %3 = tpu.matmul %arg0, %arg1, %arg2 {transpose_lhs_hint = false, transpose_rhs = true} : vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32> -> vector<8x128xf32>
    tpu.matmul_push_rhs %arg1 {mxu_index = 0 : i32} : vector<128x128xbf16>
    tpu.matmul_push_rhs %arg1 {mxu_index = 1 : i32, staging_register = 1 : i32, transpose = true} : vector<128x128xbf16>
    tpu.matmul_acc_lhs 0, %arg0 {mxu_index = 0 : i32} : vector<8x128xbf16>
    tpu.matmul_acc_lhs 1, %arg0 {load_staged_rhs = 1 : i32, mxu_index = 1 : i32} : vector<8x128xbf16>
    %4 = tpu.matmul_pop 0 {mxu_index = 0 : i32} : vector<8x128xf32>
    return
  }
}

