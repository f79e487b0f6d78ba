// Generic form of every op, as printed by jaxlib 0.10.2 (print_generic_op_form).
// RUN: %pallas_opt --mlir-print-op-generic %s -o %t
// RUN: grep -v "^//" %s | diff -u - %t
"builtin.module"() ({
  "func.func"() <{function_type = (vector<8x128xf32>, vector<8x128xi32>) -> (vector<8x128xf32>, vector<8xi32>), sym_name = "reductions"}> ({
  ^bb0(%arg21: vector<8x128xf32>, %arg22: vector<8x128xi32>):
    %58 = "tpu.all_reduce"(%arg21) <{dim = 1 : i64, kind = #tpu.reduction_kind<max>}> : (vector<8x128xf32>) -> vector<8x128xf32>
    %59 = "tpu.reduce_index"(%arg21) <{axis = 1 : i32, kind = #tpu.reduction_kind<arg_max>}> : (vector<8x128xf32>) -> vector<8xi32>
    "func.return"(%58, %59) : (vector<8x128xf32>, vector<8xi32>) -> ()
  }) {tpu.core_type = #tpu.core_type<tc>} : () -> ()
  "func.func"() <{function_type = (vector<16xi32>, vector<16xf32>, vector<16xi1>, vector<16xf32>) -> (), sym_name = "sc"}> ({
  ^bb0(%arg17: vector<16xi32>, %arg18: vector<16xf32>, %arg19: vector<16xi1>, %arg20: vector<16xf32>):
    %51 = "tpu.scan"(%arg17) <{kind = #tpu.reduction_kind<sum>}> : (vector<16xi32>) -> vector<16xi32>
    %52 = "tpu.scan"(%arg20, %arg19) <{kind = #tpu.reduction_kind<max>}> : (vector<16xf32>, vector<16xi1>) -> vector<16xf32>
    %53:3 = "tpu.sort"(%arg17, %arg18) <{descending = false}> : (vector<16xi32>, vector<16xf32>) -> (vector<16xi1>, vector<16xi32>, vector<16xf32>)
    %54:3 = "tpu.sort"(%arg17, %arg18, %arg19) <{descending = true}> : (vector<16xi32>, vector<16xf32>, vector<16xi1>) -> (vector<16xi1>, vector<16xi32>, vector<16xf32>)
    %55:2 = "tpu.scan_count"(%arg19, %arg17) : (vector<16xi1>, vector<16xi32>) -> (vector<16xi1>, vector<16xi32>)
    %56 = "tpu.all_reduce"(%arg17) <{dim = 0 : i64, kind = #tpu.reduction_kind<sum>}> : (vector<16xi32>) -> vector<16xi32>
    %57 = "arith.constant"() <{value = 0 : index}> : () -> index
    "tpu.trace_start"() <{level = 10 : i32, message = "sc"}> : () -> ()
    "tpu.trace_stop"() : () -> ()
    "func.return"() : () -> ()
  }) {tpu.core_type = #tpu.core_type<sc_vector_subcore>} : () -> ()
  "func.func"() <{function_type = (vector<8x128xf32>, vector<8x128xf32>, i32, vector<16x128xbf16>, vector<8x128xi1>, vector<8x128xi32>, vector<16x128xi16>) -> (), sym_name = "shapes"}> ({
  ^bb0(%arg10: vector<8x128xf32>, %arg11: vector<8x128xf32>, %arg12: i32, %arg13: vector<16x128xbf16>, %arg14: vector<8x128xi1>, %arg15: vector<8x128xi32>, %arg16: vector<16x128xi16>):
    %11 = "tpu.dynamic_rotate"(%arg10, %arg12) <{dimension = 1 : si32}> : (vector<8x128xf32>, i32) -> vector<8x128xf32>
    %12 = "tpu.dynamic_rotate"(%arg10, %arg12) <{dimension = 0 : si32, stride = 1 : si32, stride_dimension = 1 : si32}> : (vector<8x128xf32>, i32) -> vector<8x128xf32>
    %13 = "tpu.iota"() <{dimensions = array<i32: 0>}> : () -> vector<8x128xi32>
    %14 = "tpu.iota"() <{dimensions = array<i32: 1, 0>}> : () -> vector<8x128xi32>
    %15 = "tpu.reshape"(%arg10) : (vector<8x128xf32>) -> vector<1024xf32>
    %16 = "tpu.repeat"(%arg10) <{dimension = 1 : i32, times = 2 : i32}> : (vector<8x128xf32>) -> vector<8x256xf32>
    %17 = "tpu.broadcast_in_sublanes"(%arg10) <{lane = 3 : i32}> : (vector<8x128xf32>) -> vector<8x128xf32>
    %18 = "tpu.unpack_subelements"(%arg13) <{index = 0 : i32, integer_extended = true, pack_format = #tpu.pack_format<compressed>, unsigned_integers = false}> : (vector<16x128xbf16>) -> vector<8x128xf32>
    %19 = "tpu.unpack_subelements"(%arg16) <{index = 1 : i32, integer_extended = false, pack_format = #tpu.pack_format<interleaved>, unsigned_integers = true}> : (vector<16x128xi16>) -> vector<8x128xi32>
    %20 = "tpu.pack_subelements"(%arg10, %arg11) <{pack_format = #tpu.pack_format<interleaved>, positions = array<i32: 0, 1>}> : (vector<8x128xf32>, vector<8x128xf32>) -> vector<16x128xbf16>
    %21 = "tpu.pack_elementwise"(%arg10, %arg11) <{target_type = bf16}> : (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xi32>
    %22 = "tpu.unpack_elementwise"(%21) <{index = 1 : i32, source_type = bf16}> : (vector<8x128xi32>) -> vector<8x128xf32>
    %23 = "tpu.relayout"(%arg10) {in_layout = [#tpu.vpad<"32,{0,0},(8,128)">], out_layout = [#tpu.vpad<"32,{*,0},(8,128)">]} : (vector<8x128xf32>) -> vector<8x128xf32>
    %24 = "tpu.pack_vmsk"(%arg14, %arg14) <{positions = array<i32: 0, 1>}> : (vector<8x128xi1>, vector<8x128xi1>) -> vector<8x128x2xi1>
    %25 = "tpu.gather"(%arg10) <{dimension = 0 : i32, indices = array<i32: 0, 0, 1, 1, 2, 2, 3, 3>}> : (vector<8x128xf32>) -> vector<8x128xf32>
    %26 = "tpu.dynamic_gather"(%arg10, %arg15) <{dimensions = array<i32: 1>}> : (vector<8x128xf32>, vector<8x128xi32>) -> vector<8x128xf32>
    %27 = "tpu.dynamic_gather"(%arg10, %arg15) <{dimensions = array<i32: 0, 1>}> : (vector<8x128xf32>, vector<8x128xi32>) -> vector<8x128xf32>
    %28 = "tpu.concatenate"(%arg10, %arg11) <{dimension = 1 : i32}> : (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x256xf32>
    %29 = "tpu.bitcast"(%arg10) : (vector<8x128xf32>) -> vector<8x128xi32>
    %30 = "tpu.bitcast"(%arg13) : (vector<16x128xbf16>) -> vector<8x128xi32>
    %31 = "tpu.bitcast_vreg"(%arg10) : (vector<8x128xf32>) -> vector<8x128xi32>
    %32 = "tpu.weird"(%arg10) : (vector<8x128xf32>) -> vector<8x128xi1>
    %33 = "tpu.reciprocal"(%arg10) <{approx = false, full_range = true}> : (vector<8x128xf32>) -> vector<8x128xf32>
    %34 = "tpu.reciprocal"(%arg10) <{approx = true, full_range = false}> : (vector<8x128xf32>) -> vector<8x128xf32>
    %35 = "tpu.stochastic_convert"(%arg10, %arg15) : (vector<8x128xf32>, vector<8x128xi32>) -> vector<8x128xbf16>
    %36 = "tpu.stochastic_convert_elementwise"(%arg10, %arg15) <{dst_type = bf16}> : (vector<8x128xf32>, vector<8x128xi32>) -> vector<8x128xi32>
    %37:2 = "tpu.unroll_vectors"(%28) : (vector<8x256xf32>) -> (vector<8x128xf32>, vector<8x128xf32>)
    %38 = "tpu.roll_vectors"(%37#0, %37#1) : (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x256xf32>
    %39 = "arith.constant"() <{value = 0 : index}> : () -> index
    %40 = "arith.constant"() <{value = 8 : index}> : () -> index
    %41 = "arith.constant"() <{value = 128 : index}> : () -> index
    %42 = "tpu.create_mask"(%39, %39, %40, %41) : (index, index, index, index) -> vector<8x128xi1>
    %43 = "tpu.create_subelement_mask"() <{from = 0 : i32, to = 4 : i32}> : () -> vector<8x128x2xi1>
    %44 = "tpu.assume_multiple"(%arg12) <{multiple = 8 : i32}> : (i32) -> i32
    %45 = "tpu.assume_multiple"(%40) <{multiple = 8 : i32}> : (index) -> index
    %46 = "tpu.assume_layout"(%arg10) : (vector<8x128xf32>) -> vector<8x128xf32>
    %47 = "tpu.mask_cast"(%arg14) : (vector<8x128xi1>) -> vector<8x128x1xi1>
    %48 = "tpu.sublane_shuffle"(%arg10, %arg11) <{pattern = array<i32: 0, 1, 2, 3, 8, 9, 10, 11>}> : (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>
    %49 = "tpu.transpose"(%arg10) <{permutation = array<i64: 1, 0>}> : (vector<8x128xf32>) -> vector<128x8xf32>
    %50 = "tpu.prng_random_bits"() : () -> vector<8x128xi32>
    "func.return"() : () -> ()
  }) {tpu.core_type = #tpu.core_type<tc>} : () -> ()
  "func.func"() <{function_type = (vector<8x128xf32>, vector<8x128xi32>, f32, vector<8x128xbf16>) -> (), sym_name = "convert"}> ({
  ^bb0(%arg6: vector<8x128xf32>, %arg7: vector<8x128xi32>, %arg8: f32, %arg9: vector<8x128xbf16>):
    %5 = "tpu.fptosi"(%arg6) <{rounding_mode = #tpu.rounding_mode<towards_zero>}> : (vector<8x128xf32>) -> vector<8x128xi32>
    %6 = "tpu.fptoui"(%arg8) <{rounding_mode = #tpu.rounding_mode<to_nearest_even>}> : (f32) -> i32
    %7 = "tpu.sitofp"(%arg7) <{rounding_mode = #tpu.rounding_mode<to_nearest_even>}> : (vector<8x128xi32>) -> vector<8x128xf32>
    %8 = "tpu.uitofp"(%arg7) <{rounding_mode = #tpu.rounding_mode<towards_zero>}> : (vector<8x128xi32>) -> vector<8x128xbf16>
    %9 = "tpu.extf"(%arg9) : (vector<8x128xbf16>) -> vector<8x128xf32>
    %10 = "tpu.truncf"(%arg6) <{rounding_mode = #tpu.rounding_mode<to_nearest_even>}> : (vector<8x128xf32>) -> vector<8x128xbf16>
    "func.return"() : () -> ()
  }) {tpu.core_type = #tpu.core_type<tc>} : () -> ()
  "func.func"() <{function_type = (vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32>, vector<2x128x128xbf16>, vector<2x8x128xbf16>, vector<2x8x128xf32>) -> (), sym_name = "mxu"}> ({
  ^bb0(%arg0: vector<8x128xbf16>, %arg1: vector<128x128xbf16>, %arg2: vector<8x128xf32>, %arg3: vector<2x128x128xbf16>, %arg4: vector<2x8x128xbf16>, %arg5: vector<2x8x128xf32>):
    %0 = "tpu.matmul"(%arg0, %arg1, %arg2) <{dimension_numbers = #tpu.dot_dimension_numbers<[1], [0], [0], [1], [0, 0, 1, 1], [], []>, transpose_lhs = false, transpose_lhs_hint = false, transpose_rhs = false}> : (vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32>) -> vector<8x128xf32>
    %1 = "tpu.matmul"(%arg0, %arg1, %arg2) <{dimension_numbers = #tpu.dot_dimension_numbers<[1], [1], [0], [0], [0, 0, 1, 0], [], []>, precision = #tpu.contract_precision<fp32>, transpose_lhs = false, transpose_lhs_hint = true, transpose_rhs = false}> : (vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32>) -> vector<8x128xf32>
    %2 = "tpu.matmul"(%arg4, %arg3, %arg5) <{dimension_numbers = #tpu.dot_dimension_numbers<[2], [1], [1], [2], [0, 0, 0, 1, 1, 2], [0], [0]>, transpose_lhs = false, transpose_lhs_hint = false, transpose_rhs = false}> : (vector<2x8x128xbf16>, vector<2x128x128xbf16>, vector<2x8x128xf32>) -> vector<2x8x128xf32>
    %3 = "tpu.matmul"(%arg0, %arg1, %arg2) <{transpose_lhs = false, transpose_lhs_hint = false, transpose_rhs = true}> : (vector<8x128xbf16>, vector<128x128xbf16>, vector<8x128xf32>) -> vector<8x128xf32>
    "tpu.matmul_push_rhs"(%arg1) <{mxu_index = 0 : i32, staging_register = 0 : i32, transpose = false}> : (vector<128x128xbf16>) -> ()
    "tpu.matmul_push_rhs"(%arg1) <{mxu_index = 1 : i32, staging_register = 1 : i32, transpose = true}> : (vector<128x128xbf16>) -> ()
    "tpu.matmul_acc_lhs"(%arg0) <{acc = 0 : i32, mxu_index = 0 : i32}> : (vector<8x128xbf16>) -> ()
    "tpu.matmul_acc_lhs"(%arg0) <{acc = 1 : i32, load_staged_rhs = 1 : i32, mxu_index = 1 : i32}> : (vector<8x128xbf16>) -> ()
    %4 = "tpu.matmul_pop"() <{acc = 0 : i32, mxu_index = 0 : i32}> : () -> vector<8x128xf32>
    "func.return"() : () -> ()
  }) {tpu.core_type = #tpu.core_type<tc>} : () -> ()
}) : () -> ()

