//===- TPUOps.td - ops of the tpu dialect --------------------*- tablegen -*-===//
//
// The 88 ops of Mosaic's `tpu` dialect as of jaxlib 0.10.2. Operand, attribute
// and result names, constraints and assembly formats define the text format
// and follow jaxlib exactly; `hasVerifier` marks the ops whose extra checks
// are implemented (in Rust, src/dialect/tpu/verify.rs).
//
// Printing quirks that come from the formats themselves: an absent optional
// operand's type still prints its separator (`..., vector<8xf32>, `), and the
// ops without a format (region, trace*, prng_*) print in generic form.
//
//===----------------------------------------------------------------------===//

#ifndef PALLAS_TPU_OPS
#define PALLAS_TPU_OPS

include "pallas/Dialect/TPU/TPUDialect.td"
include "pallas/Dialect/TPU/TPUAttrs.td"
include "pallas/Dialect/TPU/TPUTypes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TPU_MemWrite : MemoryEffects<[MemWrite<DefaultResource>]>;
def TPU_MemRead : MemoryEffects<[MemRead<DefaultResource>]>;

// Ops whose verifier lives in Rust.
class TPU_VerifiedOp<string mnemonic, list<Trait> traits = []>
    : TPU_Op<mnemonic, traits> {
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::tpu::verifyInRust(getOperation());
    }
  }];
}

//===----------------------------------------------------------------------===//
// Reductions, scans, sorting
//===----------------------------------------------------------------------===//

def TPU_AllReduceOp : TPU_Op<"all_reduce", [Pure]> {
  let summary = "reduce along one dimension, result broadcast back";
  let arguments = (ins AnyVectorOfNonZeroRank:$input, I64Attr:$dim,
                       TPU_ReductionKindAttr:$kind);
  let results = (outs AnyVectorOfNonZeroRank:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

def TPU_ReduceIndexOp : TPU_VerifiedOp<"reduce_index", [Pure]> {
  let summary = "index of the max/min along an axis";
  let arguments = (ins AnyVectorOfNonZeroRank:$input, I32Attr:$axis,
                       TPU_ReductionKindAttr:$kind);
  let results = (outs VectorOfNonZeroRankOf<[I32]>:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

def TPU_ScanOp : TPU_VerifiedOp<"scan"> {
  let summary = "inclusive prefix reduction over a vector (SparseCore)";
  let arguments = (ins VectorOfNonZeroRankOf<[I1, I16, I32, BF16, F32]>:$input,
                       TPU_ReductionKindAttr:$kind,
                       Optional<VectorOfNonZeroRankOf<[I1]>>:$mask);
  let results = (outs VectorOfNonZeroRankOf<[I16, I32, BF16, F32]>:$output);
  let assemblyFormat = [{
    $kind `,` $input (`masked` $mask^)? attr-dict `:` type($input) `,` type($mask) `->` type($output)
  }];
}

def TPU_SortOp : TPU_Op<"sort", [Pure]> {
  let summary = "sort keys with their values (SparseCore)";
  let arguments = (ins VectorOfNonZeroRankOf<[I32, F32]>:$keys,
                       VectorOfNonZeroRankOf<[I32, F32]>:$values,
                       Optional<VectorOfNonZeroRankOf<[I1]>>:$mask,
                       DefaultValuedAttr<BoolAttr, "false">:$descending);
  let results = (outs VectorOfNonZeroRankOf<[I1]>:$output_mask,
                      VectorOfNonZeroRankOf<[I32, F32]>:$sorted_keys,
                      VectorOfNonZeroRankOf<[I32, F32]>:$sorted_values);
  let assemblyFormat = [{
    $keys `,` $values (`masked` $mask^)? attr-dict `:` functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

def TPU_StoreOp : TPU_Op<"store", [TPU_MemWrite, AttrSizedOperandSegments]> {
  let summary = "store a vreg with a sublane mask";
  let arguments = (ins TPU_Vreg:$valueToStore, AnyMemRef:$base,
                       Variadic<Index>:$indices,
                       DenseBoolArrayAttr:$sublane_mask,
                       Optional<AnyType>:$mask,
                       DefaultValuedAttr<I32Attr, "1">:$sublane_stride,
                       DefaultValuedAttr<BoolAttr, "false">:$add);
  let assemblyFormat = [{
    $base `[` $indices `]` `,` $valueToStore (`masked` $mask^)? `sublanes` $sublane_mask (`sublane_stride` $sublane_stride^)? attr-dict `:` type($base) `,` type($valueToStore) `,` type($mask)
  }];
}

def TPU_LoadOp : TPU_Op<"load", [TPU_MemRead]> {
  let summary = "load a vreg with a sublane mask";
  let arguments = (ins AnyMemRef:$base, Variadic<Index>:$indices,
                       DenseBoolArrayAttr:$sublane_mask,
                       DefaultValuedAttr<I32Attr, "1">:$sublane_stride);
  let results = (outs TPU_Vreg:$result);
  let assemblyFormat = [{
    $base `[` $indices `]` `sublanes` $sublane_mask (`sublane_stride` $sublane_stride^)? attr-dict `:` type($base) `,` type($result)
  }];
}

def TPU_VectorStoreOp
    : TPU_VerifiedOp<"vector_store", [TPU_MemWrite, AttrSizedOperandSegments]> {
  let summary = "store a vector at scalar indices, optionally masked or accumulating";
  let arguments = (ins AnyVectorOfNonZeroRank:$valueToStore, AnyMemRef:$base,
                       Variadic<Index>:$indices, DenseI32ArrayAttr:$strides,
                       Optional<AnyVectorOfNonZeroRank>:$mask,
                       DefaultValuedAttr<BoolAttr, "false">:$add);
  let assemblyFormat = [{
    $base `[` $indices `]` `,` $valueToStore (`masked` $mask^)? attr-dict `:` type($base) `,` type($valueToStore) `,` type($mask)
  }];
}

def TPU_VectorLoadOp
    : TPU_VerifiedOp<"vector_load", [TPU_MemRead, AttrSizedOperandSegments]> {
  let summary = "load a vector at scalar indices, optionally masked";
  let arguments = (ins AnyMemRef:$base, Variadic<Index>:$indices,
                       DenseI32ArrayAttr:$strides,
                       Optional<AnyVectorOfNonZeroRank>:$mask);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $base `[` $indices `]` (`masked` $mask^)? attr-dict `:` type($base) `,` type($result) `,` type($mask)
  }];
}

def TPU_StridedLoadOp : TPU_VerifiedOp<"strided_load", [TPU_MemRead]> {
  let summary = "load with a stride per dimension";
  let arguments = (ins AnyMemRef:$base, Variadic<Index>:$indices,
                       DenseI32ArrayAttr:$strides);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)";
}

def TPU_StridedStoreOp : TPU_VerifiedOp<"strided_store", [TPU_MemWrite]> {
  let summary = "store with a stride per dimension";
  let arguments = (ins AnyVectorOfNonZeroRank:$valueToStore, AnyMemRef:$base,
                       Variadic<Index>:$indices, DenseI32ArrayAttr:$strides);
  let assemblyFormat = [{
    $base `[` $indices `]` `,` $valueToStore attr-dict `:` type($base) `,` type($valueToStore)
  }];
}

def TPU_ShuffledLoadOp : TPU_Op<"shuffled_load", [TPU_MemRead]> {
  let summary = "load sublanes from permuted offsets";
  let arguments = (ins AnyMemRef:$base, Variadic<Index>:$indices,
                       DenseBoolArrayAttr:$sublane_mask,
                       DenseI32ArrayAttr:$sublane_offsets);
  let results = (outs TPU_Vreg:$result);
  let assemblyFormat = "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)";
}

def TPU_ShuffledStoreOp : TPU_Op<"shuffled_store", [TPU_MemWrite]> {
  let summary = "store sublanes to permuted offsets";
  let arguments = (ins TPU_Vreg:$valueToStore, AnyMemRef:$base,
                       Variadic<Index>:$indices,
                       DenseBoolArrayAttr:$sublane_mask,
                       DenseI32ArrayAttr:$sublane_offsets);
  let assemblyFormat = [{
    $base `[` $indices `]` `,` $valueToStore attr-dict `:` type($base) `,` type($valueToStore)
  }];
}

def TPU_VectorLoadIdxOp
    : TPU_VerifiedOp<"vector_load_idx", [TPU_MemRead, AttrSizedOperandSegments]> {
  let summary = "gather from memory at vectors of indices";
  let arguments = (ins MemRefOf<[I32, F32]>:$base,
                       Variadic<VectorOfNonZeroRankOf<[I32]>>:$indices,
                       Optional<VectorOfNonZeroRankOf<[I1]>>:$mask);
  let results = (outs VectorOfNonZeroRankOf<[I32, F32]>:$value);
  let assemblyFormat = [{
    $base `[` $indices `]` (`masked` $mask^)? attr-dict `:` type($base) `[` type($indices) `]` `,` type($value) `,` type($mask)
  }];
}

def TPU_VectorStoreIdxOp
    : TPU_VerifiedOp<"vector_store_idx", [TPU_MemWrite, AttrSizedOperandSegments]> {
  let summary = "scatter to memory at vectors of indices";
  let arguments = (ins VectorOfNonZeroRankOf<[I32, F32]>:$valueToStore,
                       MemRefOf<[I32, F32]>:$base,
                       Variadic<VectorOfNonZeroRankOf<[I32]>>:$indices,
                       Optional<VectorOfNonZeroRankOf<[I1]>>:$mask,
                       DefaultValuedAttr<BoolAttr, "false">:$add);
  let assemblyFormat = [{
    $base `[` $indices `]` `,` $valueToStore (`masked` $mask^)? attr-dict `:` type($base) `[` type($indices) `]` `,` type($valueToStore) `,` type($mask)
  }];
}

//===----------------------------------------------------------------------===//
// Vector shuffles and shape changes
//===----------------------------------------------------------------------===//

def TPU_DynamicRotateOp
    : TPU_VerifiedOp<"dynamic_rotate", [Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "rotate a vector along a dimension by a dynamic amount";
  let arguments = (ins AnyVectorOfNonZeroRank:$value, I32:$amount,
                       SI32Attr:$dimension,
                       OptionalAttr<SI32Attr>:$stride,
                       OptionalAttr<SI32Attr>:$stride_dimension);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $value `by` $amount `dim` $dimension attr-dict `:` type($value) `,` type($amount) `->` type($result)
  }];
}

def TPU_ScanCountOp
    : TPU_Op<"scan_count", [Pure, SameOperandsAndResultShape]> {
  let summary = "running count of equal values (SparseCore)";
  let arguments = (ins VectorOfNonZeroRankOf<[I1]>:$in_mask,
                       AnyVectorOfNonZeroRank:$values);
  let results = (outs VectorOfNonZeroRankOf<[I1]>:$out_mask,
                      VectorOfNonZeroRankOf<[I32]>:$counts);
  let assemblyFormat = [{
    `mask` `(` $in_mask `:` type($in_mask) `)` `value` `(` $values `:` type($values) `)` attr-dict `:` type(results)
  }];
}

def TPU_IotaOp : TPU_VerifiedOp<"iota", [Pure]> {
  let summary = "a vector counting along the given dimensions";
  let arguments = (ins DenseI32ArrayAttr:$dimensions);
  let results = (outs VectorOfNonZeroRankOf<[AnyInteger, Index]>:$output);
  let assemblyFormat = "attr-dict `:` type($output)";
}

def TPU_ReshapeOp : TPU_VerifiedOp<"reshape", [Pure]> {
  let summary = "reshape a vector";
  let arguments = (ins AnyVectorOfNonZeroRank:$source);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
}

def TPU_RepeatOp : TPU_Op<"repeat", [Pure]> {
  let summary = "tile a vector along a dimension (deprecated)";
  let arguments = (ins AnyVectorOfNonZeroRank:$source, I32Attr:$dimension,
                       I32Attr:$times);
  let results = (outs AnyVectorOfNonZeroRank:$output);
  let assemblyFormat = [{
    $source `,` $dimension `x` $times attr-dict `:` type($source) `->` type($output)
  }];
}

def TPU_BroadcastInSublanesOp : TPU_Op<"broadcast_in_sublanes", [Pure]> {
  let summary = "broadcast one lane across sublanes";
  let arguments = (ins TPU_Vreg:$source, I32Attr:$lane);
  let results = (outs AnyVectorOfNonZeroRank:$output);
  let assemblyFormat = "$source `,` $lane attr-dict `:` type($source) `->` type($output)";
}

def TPU_UnpackSubelementsOp : TPU_Op<"unpack_subelements", [Pure]> {
  let summary = "widen one packed part of a vreg";
  let arguments = (ins AnyVectorOfNonZeroRank:$source, I32Attr:$index,
                       TPU_PackFormatEnum:$pack_format,
                       DefaultValuedAttr<BoolAttr, "true">:$integer_extended,
                       DefaultValuedAttr<BoolAttr, "false">:$unsigned_integers);
  let results = (outs AnyVectorOfNonZeroRank:$output);
  let assemblyFormat = "$source `,` $index attr-dict `:` type($source) `->` type($output)";
}

def TPU_PackSubelementsOp : TPU_Op<"pack_subelements", [Pure, SameTypeOperands]> {
  let summary = "narrow several vregs into one packed vreg";
  let arguments = (ins Variadic<TPU_Vreg>:$sources,
                       DenseI32ArrayAttr:$positions,
                       TPU_PackFormatEnum:$pack_format,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$unsigned_integers);
  let results = (outs TPU_Vreg:$output);
  let assemblyFormat = "$sources attr-dict `:` type($sources) `->` type($output)";
}

def TPU_PackElementwiseOp
    : TPU_VerifiedOp<"pack_elementwise", [Pure, SameTypeOperands, ElementwiseMappable]> {
  let summary = "pack several vectors elementwise into narrower integers";
  let arguments = (ins Variadic<VectorOfNonZeroRankOf<[F32, AnyInteger]>>:$sources,
                       TypeAttr:$target_type);
  let results = (outs VectorOfNonZeroRankOf<[AnyInteger]>:$output);
  let assemblyFormat = "$sources attr-dict `:` type($sources) `->` type($output)";
}

def TPU_UnpackElementwiseOp
    : TPU_VerifiedOp<"unpack_elementwise", [Pure, ElementwiseMappable]> {
  let summary = "unpack one part of elementwise-packed integers";
  let arguments = (ins VectorOfNonZeroRankOf<[AnyInteger]>:$source,
                       TypeAttr:$source_type, I32Attr:$index);
  let results = (outs VectorOfNonZeroRankOf<[F32, AnyInteger]>:$output);
  let assemblyFormat = "$source `,` $index attr-dict `:` type($source) `->` type($output)";
}

def TPU_RelayoutOp : TPU_Op<"relayout", [Pure, SameOperandsAndResultType]> {
  let summary = "change the register layout of a vector";
  let arguments = (ins AnyVectorOfAnyRank:$input);
  let results = (outs AnyVectorOfAnyRank:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

def TPU_PackMaskOp : TPU_Op<"pack_vmsk", [Pure, SameTypeOperands]> {
  let summary = "pack several masks into one";
  let arguments = (ins Variadic<TPU_Vmask>:$sources, DenseI32ArrayAttr:$positions);
  let results = (outs TPU_Vmask:$output);
  let assemblyFormat = "$sources attr-dict `:` type($sources) `->` type($output)";
}

def TPU_GatherOp : TPU_Op<"gather", [Pure]> {
  let summary = "gather along a dimension at constant indices";
  let arguments = (ins AnyVectorOfNonZeroRank:$source,
                       DenseI32ArrayAttr:$indices, I32Attr:$dimension);
  let results = (outs AnyVectorOfNonZeroRank:$output);
  let assemblyFormat = [{
    $source `[` $indices `]` `in` $dimension attr-dict `:` type($source) `->` type($output)
  }];
}

def TPU_DynamicGatherOp
    : TPU_VerifiedOp<"dynamic_gather", [Pure, AllShapesMatch<["indices", "output"]>,
                                        AllElementTypesMatch<["source", "output"]>]> {
  let summary = "gather along dimensions at vector indices";
  let arguments = (ins AnyVectorOfNonZeroRank:$source,
                       VectorOfNonZeroRankOf<[AnyInteger]>:$indices,
                       DenseI32ArrayAttr:$dimensions);
  let results = (outs AnyVectorOfNonZeroRank:$output);
  let assemblyFormat = [{
    $source `[` $indices `]` `in` $dimensions attr-dict `:` type($source) `,` type($indices) `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

// Scalars or vectors of any rank (messages as in Mosaic).
def TPU_AnyFloatLike : AnyTypeOf<[AnyFloat, VectorOfAnyRankOf<[AnyFloat]>]>;
def TPU_AnySignlessIntegerLike
    : AnyTypeOf<[AnySignlessInteger, VectorOfAnyRankOf<[AnySignlessInteger]>]>;

class TPU_ConvertOp<string mnemonic, Type from, Type to>
    : TPU_Op<mnemonic, [Pure, ElementwiseMappable]> {
  let arguments = (ins from:$in, TPU_RoundingModeEnum:$rounding_mode);
  let results = (outs to:$output);
  let assemblyFormat = "$in attr-dict `:` type($in) `->` type($output)";
}

def TPU_FPToSIOp : TPU_ConvertOp<"fptosi", TPU_AnyFloatLike, TPU_AnySignlessIntegerLike> {
  let summary = "float to signed integer with a rounding mode";
}
def TPU_FPToUIOp : TPU_ConvertOp<"fptoui", TPU_AnyFloatLike, TPU_AnySignlessIntegerLike> {
  let summary = "float to unsigned integer with a rounding mode";
}
def TPU_SIToFPOp : TPU_ConvertOp<"sitofp", TPU_AnySignlessIntegerLike, TPU_AnyFloatLike> {
  let summary = "signed integer to float with a rounding mode";
}
def TPU_UIToFPOp : TPU_ConvertOp<"uitofp", TPU_AnySignlessIntegerLike, TPU_AnyFloatLike> {
  let summary = "unsigned integer to float with a rounding mode";
}

def TPU_ExtFOp : TPU_Op<"extf", [Pure, ElementwiseMappable]> {
  let summary = "widen floats";
  let arguments = (ins TPU_AnyFloatLike:$in);
  let results = (outs TPU_AnyFloatLike:$out);
  let assemblyFormat = "$in attr-dict `:` type($in) `->` type($out)";
}

def TPU_TruncFOp : TPU_Op<"truncf", [Pure, ElementwiseMappable]> {
  let summary = "narrow floats with a rounding mode";
  let arguments = (ins TPU_AnyFloatLike:$in, TPU_RoundingModeEnum:$rounding_mode);
  let results = (outs TPU_AnyFloatLike:$out);
  let assemblyFormat = "$in attr-dict `:` type($in) `->` type($out)";
}

//===----------------------------------------------------------------------===//
// Matrix unit
//===----------------------------------------------------------------------===//

def TPU_MatmulOp : TPU_VerifiedOp<"matmul", [Pure]> {
  let summary = "matrix product added to an accumulator";
  let arguments = (ins AnyVectorOfNonZeroRank:$lhs, AnyVectorOfNonZeroRank:$rhs,
                       AnyVectorOfNonZeroRank:$acc,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_lhs,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_rhs,
                       OptionalAttr<TPU_ContractPrecisionEnum>:$precision,
                       OptionalAttr<TPU_DotDimensionNumbersAttr>:$dimension_numbers,
                       BoolAttr:$transpose_lhs_hint);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc attr-dict `:` type($lhs) `,` type($rhs) `,` type($acc) `->` type($result)
  }];
}

def TPU_MatmulPushRhsOp : TPU_Op<"matmul_push_rhs"> {
  let summary = "load weights into a matrix unit";
  let arguments = (ins AnyVectorOfNonZeroRank:$rhs, I32Attr:$mxu_index,
                       DefaultValuedAttr<I32Attr, "0">:$staging_register,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose);
  let assemblyFormat = "$rhs attr-dict `:` type($rhs)";
}

def TPU_MatmulAccLhsOp : TPU_Op<"matmul_acc_lhs"> {
  let summary = "stream lhs through a matrix unit into an accumulator";
  let arguments = (ins I32Attr:$acc, AnyVectorOfNonZeroRank:$lhs,
                       I32Attr:$mxu_index, OptionalAttr<I32Attr>:$load_staged_rhs);
  let assemblyFormat = "$acc `,` $lhs attr-dict `:` type($lhs)";
}

def TPU_MatmulPopOp : TPU_Op<"matmul_pop"> {
  let summary = "read an accumulator of a matrix unit";
  let arguments = (ins I32Attr:$acc, I32Attr:$mxu_index);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$acc attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Elementwise and miscellaneous vector ops
//===----------------------------------------------------------------------===//

def TPU_ConcatenateOp : TPU_VerifiedOp<"concatenate", [Pure]> {
  let summary = "concatenate vectors along a dimension";
  let arguments = (ins Variadic<AnyVectorOfNonZeroRank>:$sources, I32Attr:$dimension);
  let results = (outs AnyVectorOfNonZeroRank:$output);
  let assemblyFormat = [{
    $sources `in` $dimension attr-dict `:` type($sources) `->` type($output)
  }];
}

def TPU_BitcastOp : TPU_VerifiedOp<"bitcast", [Pure]> {
  let summary = "reinterpret the bits of a vector";
  let arguments = (ins AnyVectorOfNonZeroRank:$input);
  let results = (outs AnyVectorOfNonZeroRank:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

def TPU_BitcastVregOp : TPU_Op<"bitcast_vreg", [Pure]> {
  let summary = "reinterpret the bits of a vreg";
  let arguments = (ins TPU_Vreg:$input);
  let results = (outs TPU_Vreg:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

def TPU_WeirdOp : TPU_VerifiedOp<"weird", [Pure, ElementwiseMappable]> {
  let summary = "true for NaN and infinite floats";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

def TPU_ReciprocalOp
    : TPU_VerifiedOp<"reciprocal", [Pure, SameOperandsAndResultType, ElementwiseMappable]> {
  let summary = "1 / x, optionally approximate";
  let arguments = (ins AnyVectorOfNonZeroRank:$input,
                       DefaultValuedAttr<BoolAttr, "false">:$approx,
                       DefaultValuedAttr<BoolAttr, "true">:$full_range);
  let results = (outs AnyVectorOfNonZeroRank:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

def TPU_StochasticConvertOp
    : TPU_Op<"stochastic_convert", [Pure, SameOperandsAndResultShape]> {
  let summary = "f32 to a narrower type with stochastic rounding";
  let arguments = (ins VectorOfNonZeroRankOf<[F32]>:$input,
                       VectorOfNonZeroRankOf<[I32]>:$random);
  let results = (outs AnyVectorOfNonZeroRank:$output);
  let assemblyFormat = [{
    $input `,` $random attr-dict `:` type($input) `,` type($random) `->` type($output)
  }];
}

def TPU_StochasticConvertElementwiseOp
    : TPU_VerifiedOp<"stochastic_convert_elementwise", [Pure, ElementwiseMappable]> {
  let summary = "stochastic rounding to `dst_type`, result kept in i32";
  let arguments = (ins VectorOfNonZeroRankOf<[F32]>:$input,
                       VectorOfNonZeroRankOf<[I32]>:$random, TypeAttr:$dst_type);
  let results = (outs VectorOfNonZeroRankOf<[I32]>:$output);
  let assemblyFormat = [{
    $input `,` $random attr-dict `:` type($input) `,` type($random) `->` type($output)
  }];
}

def TPU_RollVectorsOp : TPU_Op<"roll_vectors", [Pure]> {
  let summary = "assemble a vector from vregs";
  let arguments = (ins Variadic<AnyVectorOfAnyRank>:$input);
  let results = (outs AnyVectorOfAnyRank:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

def TPU_UnrollVectorsOp : TPU_Op<"unroll_vectors", [Pure]> {
  let summary = "split a vector into vregs";
  let arguments = (ins AnyVectorOfAnyRank:$input);
  let results = (outs Variadic<AnyVectorOfAnyRank>:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

def TPU_CreateMaskOp : TPU_Op<"create_mask", [Pure, SameVariadicOperandSize]> {
  let summary = "a mask true inside [low, high)";
  let arguments = (ins Variadic<Index>:$low, Variadic<Index>:$high);
  let results = (outs AnyType:$output);
  let assemblyFormat = "`[` $low `]``[` $high `]` attr-dict `:` type($output)";
}

def TPU_CreateSubelementMaskOp : TPU_Op<"create_subelement_mask", [Pure]> {
  let summary = "a mask over packed sub-elements [from, to)";
  let arguments = (ins I32Attr:$from, I32Attr:$to);
  let results = (outs AnyType:$output);
  let assemblyFormat = "$from `,` $to attr-dict `:` type($output)";
}

def TPU_AssumeMultipleOp
    : TPU_VerifiedOp<"assume_multiple", [Pure, SameOperandsAndResultType]> {
  let summary = "promise that a value is a multiple of a constant";
  let arguments = (ins AnyTypeOf<[Index, AnyInteger]>:$value, I32Attr:$multiple);
  let results = (outs AnyTypeOf<[Index, AnyInteger]>:$result);
  let assemblyFormat = "$value `,` $multiple attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Memref views
//===----------------------------------------------------------------------===//

def TPU_MemRefSliceOp
    : TPU_VerifiedOp<"memref_slice", [Pure, AttrSizedOperandSegments]> {
  let summary = "a window of a memref at i32 offsets";
  let arguments = (ins AnyMemRef:$mem_ref, Variadic<I32>:$base_idx,
                       Variadic<I32>:$dynamic_sizes);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $mem_ref `[` $base_idx `]` (`<` $dynamic_sizes^ `>`)? attr-dict `:` type($mem_ref) `->` type($result)
  }];
}

def TPU_MemRefSqueezeOp : TPU_VerifiedOp<"memref_squeeze", [Pure]> {
  let summary = "drop unit dimensions of a memref";
  let arguments = (ins AnyMemRef:$input);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def TPU_MemRefReshapeOp : TPU_VerifiedOp<"memref_reshape", [Pure]> {
  let summary = "reshape a memref";
  let arguments = (ins AnyMemRef:$input);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def TPU_MemRefBitcastOp : TPU_VerifiedOp<"memref_bitcast", [Pure]> {
  let summary = "reinterpret a memref with another element type";
  let arguments = (ins AnyMemRef:$input);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def TPU_ReinterpretCastOp
    : TPU_VerifiedOp<"reinterpret_cast", [Pure, AttrSizedOperandSegments]> {
  let summary = "view a memref with another type";
  let arguments = (ins AnyMemRef:$input, Optional<I32>:$dynamic_offset,
                       Variadic<I32>:$dynamic_sizes);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $input ($dynamic_offset^)? (`<` $dynamic_sizes^ `>`)? attr-dict `:` type($input) `->` type($result)
  }];
}

def TPU_AssumeLayoutOp : TPU_Op<"assume_layout", [Pure]> {
  let summary = "assert the layout of a value";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def TPU_EraseLayoutOp : TPU_VerifiedOp<"erase_memref_layout", [Pure]> {
  let summary = "forget the layout of a memref";
  let arguments = (ins AnyMemRef:$operand);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Ids, semaphores, barriers, DMAs
//===----------------------------------------------------------------------===//

def TPU_DeviceIdOp : TPU_Op<"device_id", [Pure]> {
  let summary = "the id of the running device";
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TPU_CoreIdOp : TPU_VerifiedOp<"core_id", [Pure]> {
  let summary = "the id of the running core";
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TPU_SubcoreIdOp : TPU_VerifiedOp<"subcore_id", [Pure]> {
  let summary = "the id of the running SparseCore subcore";
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TPU_SemaphoreReadOp : TPU_Op<"sem_read"> {
  let summary = "read the value of a semaphore";
  let arguments = (ins MemRefOf<[TPU_SemaphoreType, TPU_DMASemaphoreType]>:$semaphore);
  let results = (outs I32:$result);
  let assemblyFormat = "$semaphore attr-dict `:` type($semaphore) `->` type($result)";
}

def TPU_SemaphoreWaitOp : TPU_VerifiedOp<"sem_wait"> {
  let summary = "wait until a semaphore reaches a value, then decrement it";
  let arguments = (ins MemRefOf<[TPU_SemaphoreType]>:$semaphore, I32:$amount);
  let assemblyFormat = "$semaphore `,` $amount attr-dict `:` type($semaphore)";
}

def TPU_AllocaSemaphoreOp : TPU_Op<"sem_alloc"> {
  let summary = "allocate a scoped semaphore";
  let results = (outs MemRefOf<[TPU_SomeSemaphoreType]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TPU_GetBarrierSemaphoreOp : TPU_VerifiedOp<"sem_barrier"> {
  let summary = "the semaphore shared by all devices for barriers";
  let results = (outs MemRefOf<[TPU_SemaphoreType]>:$semaphore);
  let assemblyFormat = "attr-dict `:` type($semaphore)";
}

def TPU_SemaphoreSignalOp
    : TPU_VerifiedOp<"sem_signal", [AttrSizedOperandSegments]> {
  let summary = "increment a (possibly remote) semaphore";
  let arguments = (ins MemRefOf<[TPU_SemaphoreType]>:$semaphore, I32:$amount,
                       Optional<I32>:$device_id, Optional<I32>:$core_id,
                       Optional<I32>:$subcore_id);
  let assemblyFormat = [{
    $semaphore `,` $amount (`device_id` $device_id^)? (`core_id` $core_id^)? (`subcore_id` $subcore_id^)? attr-dict `:` type($semaphore)
  }];
}

def TPU_BarrierOp : TPU_Op<"barrier"> {
  let summary = "wait for all subcores at a barrier";
  let arguments = (ins Index:$barrier_id);
  let assemblyFormat = "`barrier_id` `(` $barrier_id `)` attr-dict";
}

def TPU_EnqueueDMAOp
    : TPU_VerifiedOp<"enqueue_dma", [AttrSizedOperandSegments]> {
  let summary = "start a copy between memrefs, possibly to another device";
  let arguments = (ins AnyMemRef:$source,
                       Optional<MemRefOf<[TPU_SomeSemaphoreType]>>:$source_semaphore,
                       AnyMemRef:$target,
                       Optional<MemRefOf<[TPU_SomeSemaphoreType]>>:$target_semaphore,
                       Optional<I32>:$device_id, Optional<I32>:$core_id,
                       Optional<I32>:$subcore_id,
                       DefaultValuedAttr<I32Attr, "0">:$priority,
                       DefaultValuedAttr<BoolAttr, "false">:$strict_ordering);
  let assemblyFormat = [{
    `source` `(` $source `:` type($source) `)` `target` `(` $target `:` type($target) `)` (`source_semaphore` `(` $source_semaphore^ `:` type($source_semaphore) `)`)? (`target_semaphore` `(` $target_semaphore^ `:` type($target_semaphore) `)`)? (`device_id` `(` $device_id^ `)`)? (`core_id` `(` $core_id^ `)`)? (`subcore_id` `(` $subcore_id^ `)`)? attr-dict
  }];
}

def TPU_EnqueueIndirectDMAOp : TPU_Op<"enqueue_indirect_dma"> {
  let summary = "start a gather/scatter copy at offsets";
  let arguments = (ins AnyMemRef:$source, AnyMemRef:$target,
                       AnyTypeOf<[MemRefOf<[I32]>, VectorOfRankAndType<[1], [I32]>]>:$offsets,
                       MemRefOf<[TPU_DMASemaphoreType]>:$semaphore,
                       Optional<I32>:$offset_filter,
                       DefaultValuedAttr<BoolAttr, "false">:$add);
  let assemblyFormat = [{
    `source` `(` $source `:` type($source) `)` `target` `(` $target `:` type($target) `)` `offsets` `(` $offsets `:` type($offsets) `)` (`offset_filter` `(` $offset_filter^ `)`)? `semaphore` `(` $semaphore `:` type($semaphore) `)` attr-dict
  }];
}

def TPU_WaitDMA2Op : TPU_VerifiedOp<"wait_dma2", [AttrSizedOperandSegments]> {
  let summary = "wait for a copy signalled on a DMA semaphore";
  let arguments = (ins MemRefOf<[TPU_DMASemaphoreType]>:$semaphore,
                       AnyMemRef:$src, AnyMemRef:$dst,
                       Optional<I32>:$device_id, Optional<I32>:$core_id,
                       DefaultValuedAttr<BoolAttr, "false">:$strict_ordering);
  let assemblyFormat = [{
    `semaphore` `(` $semaphore `:` type($semaphore) `)` `src` `(` $src `:` type($src) `)` `dst` `(` $dst `:` type($dst) `)` (`device_id` `(` $device_id^ `)`)? (`core_id` `(` $core_id^ `)`)? attr-dict
  }];
}

def TPU_WaitDMAOp : TPU_Op<"wait_dma", [AttrSizedOperandSegments]> {
  let summary = "wait for a copy (older form naming both ends)";
  let arguments = (ins AnyMemRef:$source,
                       Optional<MemRefOf<[TPU_SomeSemaphoreType]>>:$source_semaphore,
                       AnyMemRef:$target,
                       Optional<MemRefOf<[TPU_SomeSemaphoreType]>>:$target_semaphore,
                       Optional<I32>:$device_id, Optional<I32>:$core_id,
                       Optional<I32>:$subcore_id,
                       DefaultValuedAttr<I32Attr, "0">:$priority,
                       DefaultValuedAttr<BoolAttr, "false">:$strict_ordering,
                       BoolAttr:$wait_target);
  let assemblyFormat = [{
    `source` `(` $source `:` type($source) `)` `target` `(` $target `:` type($target) `)` (`source_semaphore` `(` $source_semaphore^ `:` type($source_semaphore) `)`)? (`target_semaphore` `(` $target_semaphore^ `:` type($target_semaphore) `)`)? (`device_id` `(` $device_id^ `)`)? (`core_id` `(` $core_id^ `)`)? (`subcore_id` `(` $subcore_id^ `)`)? attr-dict
  }];
}

def TPU_WaitIndirectDMAOp : TPU_Op<"wait_indirect_dma"> {
  let summary = "wait for an indirect copy";
  let arguments = (ins MemRefOf<[TPU_DMASemaphoreType]>:$semaphore,
                       AnyMemRef:$src, AnyMemRef:$dst);
  let assemblyFormat = [{
    `semaphore` `(` $semaphore `:` type($semaphore) `)` `src` `(` $src `:` type($src) `)` `dst` `(` $dst `:` type($dst) `)` attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Regions, tracing, debugging
//===----------------------------------------------------------------------===//

def TPU_RegionOp : TPU_VerifiedOp<"region", [RecursiveMemoryEffects,
                                             SingleBlockImplicitTerminator<"tpu::YieldOp">]> {
  let summary = "a scope (for scoped allocations such as sem_alloc)";
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region AnyRegion:$region);
}

def TPU_TraceOp : TPU_Op<"trace", [RecursiveMemoryEffects,
                                   SingleBlockImplicitTerminator<"tpu::YieldOp">]> {
  let summary = "a profiler trace scope";
  let arguments = (ins StrAttr:$message, I32Attr:$level);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region AnyRegion:$region);
}

def TPU_TraceStartOp : TPU_Op<"trace_start"> {
  let summary = "open a profiler trace scope";
  let arguments = (ins StrAttr:$message, I32Attr:$level);
}

def TPU_TraceStopOp : TPU_Op<"trace_stop"> {
  let summary = "close the innermost profiler trace scope";
}

def TPU_TraceValueOp : TPU_Op<"trace_value"> {
  let summary = "record a scalar in the profile";
  let arguments = (ins AnyTypeOf<[I32, F32]>:$value, StrAttr:$label);
  let assemblyFormat = "$value `,` $label attr-dict `:` type($value)";
}

def TPU_YieldOp : TPU_Op<"yield", [Pure, ReturnLike, Terminator]> {
  let summary = "terminator of tpu.region and tpu.trace";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
  let builders = [OpBuilder<(ins), [{ /* no results */ }]>];
}

def TPU_DelayOp : TPU_Op<"delay"> {
  let summary = "stall for a number of nanoseconds";
  let arguments = (ins I32:$nanos);
  let assemblyFormat = "$nanos attr-dict";
}

def TPU_MaskCastOp : TPU_VerifiedOp<"mask_cast", [Pure]> {
  let summary = "change the shape of a mask";
  let arguments = (ins VectorOfNonZeroRankOf<[I1]>:$input);
  let results = (outs VectorOfNonZeroRankOf<[I1]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def TPU_GetIterationBoundOp : TPU_Op<"iteration_bound"> {
  let summary = "the size of a grid dimension";
  let arguments = (ins I32Attr:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
}

def TPU_GetInternalScratchOp : TPU_Op<"internal_scratch"> {
  let summary = "the compiler's internal scratch buffer";
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def TPU_PRNGSeed32Op : TPU_Op<"prng_set_seed_32"> {
  let summary = "seed the hardware random number generator";
  let arguments = (ins Variadic<I32>:$seeds);
}

def TPU_PRNGRandomBitsOp : TPU_Op<"prng_random_bits"> {
  let summary = "a vector of random bits";
  let results = (outs AnyVectorOfNonZeroRank:$output);
}

def TPU_SublaneShuffleOp : TPU_Op<"sublane_shuffle", [SameOperandsAndResultType]> {
  let summary = "pick sublanes from two vregs";
  let arguments = (ins TPU_Vreg:$lhs, TPU_Vreg:$rhs, DenseI32ArrayAttr:$pattern);
  let results = (outs TPU_Vreg:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $pattern attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

def TPU_TransposeOp : TPU_VerifiedOp<"transpose", [Pure]> {
  let summary = "permute the dimensions of a vector";
  let arguments = (ins AnyVectorOfAnyRank:$vector, DenseI64ArrayAttr:$permutation);
  let results = (outs AnyVectorOfAnyRank:$result);
  let assemblyFormat = "$vector `,` $permutation attr-dict `:` type($vector) `->` type($result)";
}

def TPU_LogOp : TPU_VerifiedOp<"log"> {
  let summary = "print a message and values at run time";
  let arguments = (ins Variadic<AnyType>:$inputs, StrAttr:$tag,
                       DefaultValuedAttr<BoolAttr, "false">:$formatted);
  let assemblyFormat = "$tag attr-dict (`:` `[` $inputs^ `]` `:` type($inputs))?";
}

def TPU_LogBufferOp : TPU_VerifiedOp<"log_buffer"> {
  let summary = "print a buffer at run time";
  let arguments = (ins AnyMemRef:$input, DenseI64ArrayAttr:$shape, StrAttr:$tag);
  let assemblyFormat = "$tag attr-dict `:` $input `:` type($input)";
}

def TPU_FetchAndAddSyncOp
    : TPU_VerifiedOp<"fetch_and_add_sync", [TPU_MemRead, TPU_MemWrite]> {
  let summary = "atomic fetch-and-add on a (possibly remote) memref";
  let arguments = (ins MemRefOf<[I32]>:$base, Variadic<I32>:$indices,
                       I32:$value, I32:$core_id);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    $base `[` $indices `]` `,` $value `,` $core_id attr-dict `:` type($base) `,` type($value) `->` type($result)
  }];
}

#endif // PALLAS_TPU_OPS
