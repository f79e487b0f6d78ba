//===- TPUAttrs.td - enums and attributes of the tpu dialect -*- tablegen -*-===//
//
// Enum attributes print as `#tpu.<mnemonic><keyword>` (`<keyword>` alone where
// an op format names them directly). The integer values are Mosaic's: they
// matter for bytecode, not for text.
//
//===----------------------------------------------------------------------===//

#ifndef PALLAS_TPU_ATTRS
#define PALLAS_TPU_ATTRS

include "pallas/Dialect/TPU/TPUDialect.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/EnumAttr.td"

// An enum (no specialized integer attribute) plus its `#tpu.<mnemonic><..>`
// dialect attribute. The summaries appear in parse errors ("expected one of
// [...] for Memory space") and are Mosaic's.
class TPU_I32Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tpu";
}

class TPU_EnumAttr<EnumAttrInfo enumInfo, string attrMnemonic>
    : EnumAttr<TPU_Dialect, enumInfo, attrMnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

def TPU_CoreType : TPU_I32Enum<"CoreType", "Core type", [
  I32EnumAttrCase<"kTc", 0, "tc">,
  I32EnumAttrCase<"kScScalarSubcore", 1, "sc_scalar_subcore">,
  I32EnumAttrCase<"kScVectorSubcore", 2, "sc_vector_subcore">]>;
def TPU_CoreTypeEnum : TPU_EnumAttr<TPU_CoreType, "core_type">;

def TPU_PipelineMode : TPU_I32Enum<"PipelineMode", "Pipeline mode", [
  I32EnumAttrCase<"kSynchronous", 1, "synchronous">,
  I32EnumAttrCase<"kDoubleBuffered", 2, "double_buffered">]>;
def TPU_PipelineModeEnum : TPU_EnumAttr<TPU_PipelineMode, "pipeline_mode">;

def TPU_RevisitMode : TPU_I32Enum<"RevisitMode", "Revisit mode", [
  I32EnumAttrCase<"kImmediate", 0, "immediate">,
  I32EnumAttrCase<"kAny", 1, "any">]>;
def TPU_RevisitModeEnum : TPU_EnumAttr<TPU_RevisitMode, "revisit_mode">;

def TPU_DimensionSemantics : TPU_I32Enum<"DimensionSemantics",
                                         "Dimension semantics", [
  I32EnumAttrCase<"parallel", 0>,
  I32EnumAttrCase<"arbitrary", 1>,
  I32EnumAttrCase<"core_parallel", 2>,
  I32EnumAttrCase<"subcore_parallel", 3>]>;
def TPU_DimensionSemanticsEnum
    : TPU_EnumAttr<TPU_DimensionSemantics, "dimension_semantics">;

def TPU_ContractPrecision : TPU_I32Enum<"ContractPrecision",
                                        "Contraction precision", [
  I32EnumAttrCase<"kBF16", 0, "bf16">,
  I32EnumAttrCase<"kFP32", 1, "fp32">]>;
def TPU_ContractPrecisionEnum
    : TPU_EnumAttr<TPU_ContractPrecision, "contract_precision">;

def TPU_PackFormat : TPU_I32Enum<"PackFormat", "Pack format", [
  I32EnumAttrCase<"kCompressed", 0, "compressed">,
  I32EnumAttrCase<"kInterleaved", 1, "interleaved">]>;
def TPU_PackFormatEnum : TPU_EnumAttr<TPU_PackFormat, "pack_format">;

def TPU_ReductionKind : TPU_I32Enum<"ReductionKind", "Reduction kind", [
  I32EnumAttrCase<"kSum", 0, "sum">,
  I32EnumAttrCase<"kMax", 1, "max">,
  I32EnumAttrCase<"kMin", 2, "min">,
  I32EnumAttrCase<"kArgMax", 3, "arg_max">,
  I32EnumAttrCase<"kArgMin", 4, "arg_min">,
  I32EnumAttrCase<"kFindFirstSet", 5, "find_first_set">]>;
def TPU_ReductionKindAttr : TPU_EnumAttr<TPU_ReductionKind, "reduction_kind">;

def TPU_RoundingMode : TPU_I32Enum<"RoundingMode", "Rounding mode", [
  I32EnumAttrCase<"kTowardsZero", 0, "towards_zero">,
  I32EnumAttrCase<"kToNearestEven", 1, "to_nearest_even">]>;
def TPU_RoundingModeEnum : TPU_EnumAttr<TPU_RoundingMode, "rounding_mode">;

def TPU_MemorySpace : TPU_I32Enum<"MemorySpace", "Memory space", [
  I32EnumAttrCase<"kAny", 4294967295, "any">,
  I32EnumAttrCase<"kVmem", 0, "vmem">,
  I32EnumAttrCase<"kSmem", 1, "smem">,
  I32EnumAttrCase<"kHbm", 2, "hbm">,
  I32EnumAttrCase<"kCmem", 3, "cmem">,
  I32EnumAttrCase<"kSemaphoreMem", 4, "semaphore_mem">,
  I32EnumAttrCase<"kVmemShared", 5, "vmem_shared">,
  I32EnumAttrCase<"kHost", 6, "host">]>;

// Which dimensions of a vector a layout treats implicitly. A plain integer
// enum attribute, not wrapped in a dialect attribute.
def TPU_VectorLayoutDim : I32EnumAttr<"VectorLayoutDim", "", [
  I32EnumAttrCase<"tiled", 0>,
  I32EnumAttrCase<"lanes", 1>,
  I32EnumAttrCase<"sublanes", 2>]> {
  let cppNamespace = "::mlir::tpu";
}

def TPU_MemorySpaceAttr : TPU_Attr<"MemorySpace", "memory_space"> {
  let summary = "a TPU memory, used as memref memory space";
  let description = [{
    `#tpu.memory_space<vmem>`; an optional core type names the core whose
    memory is meant: `#tpu.memory_space<vmem_shared, sc_vector_subcore>`.
  }];
  let parameters = (ins
    "::mlir::tpu::MemorySpace":$value,
    OptionalParameter<"::std::optional<::mlir::tpu::CoreType>">:$core_type);
  let assemblyFormat = "`<` $value (`,` $core_type^)? `>`";
  let builders = [
    AttrBuilder<(ins "::mlir::tpu::MemorySpace":$value), [{
      return $_get($_ctxt, value, ::std::nullopt);
    }]>
  ];
  let skipDefaultBuilders = 0;
}

def TPU_ElementWindowAttr : TPU_Attr<"ElementWindow", "element_window"> {
  let summary = "padding of an element-indexed window (in elements)";
  let parameters = (ins
    ArrayRefParameter<"int64_t", "">:$pad_low,
    ArrayRefParameter<"int64_t", "">:$pad_high);
  let assemblyFormat = "`<` `[` $pad_low `]` `,` `[` $pad_high `]` `>`";
}

def TPU_DotDimensionNumbersAttr
    : TPU_Attr<"DotDimensionNumbers", "dot_dimension_numbers"> {
  let summary = "which dimensions of a matmul are contracted, kept, batched";
  let description = [{
    Seven integer lists: lhs and rhs contracting dims, lhs and rhs
    non-contracting dims, the output dimension order as flattened
    (operand, dim) pairs (operand 0 is lhs, 1 is rhs), lhs and rhs batch dims.
    Every list is printed, empty ones as `[]`.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "">:$lhs_contracting_dims,
    ArrayRefParameter<"int64_t", "">:$rhs_contracting_dims,
    OptionalArrayRefParameter<"int64_t", "">:$lhs_non_contracting_dims,
    OptionalArrayRefParameter<"int64_t", "">:$rhs_non_contracting_dims,
    ArrayRefParameter<"int64_t", "">:$output_dim_order,
    OptionalArrayRefParameter<"int64_t", "">:$lhs_batch_dims,
    OptionalArrayRefParameter<"int64_t", "">:$rhs_batch_dims);
  // An optional list is either `[]` or `[` elements `]`.
  let assemblyFormat = [{
    `<` `[` $lhs_contracting_dims `]` `,` `[` $rhs_contracting_dims `]` `,`
    `[` (`]`):($lhs_non_contracting_dims^ `]`)? `,`
    `[` (`]`):($rhs_non_contracting_dims^ `]`)? `,`
    `[` $output_dim_order `]` `,`
    `[` (`]`):($lhs_batch_dims^ `]`)? `,`
    `[` (`]`):($rhs_batch_dims^ `]`)? `>`
  }];
}

def TPU_TiledLayoutAttr
    : TPU_Attr<"TiledLayout", "tiled",
               [DeclareAttrInterfaceMethods<MemRefLayoutAttrInterface, ["verifyLayout"]>]> {
  let summary = "a tiled memref layout";
  let description = [{
    `#tpu.tiled<(8,128)(2,1),[2,1]>`: the tiles, outermost first, then one
    stride per memref dimension (in units of the first tile's size). Tiles are
    stored flattened: `tile_sizes` holds every tile's sizes one after the
    other, `tile_ranks` the number of sizes of each tile.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "">:$tile_sizes,
    ArrayRefParameter<"int64_t", "">:$tile_ranks,
    ArrayRefParameter<"int64_t", "">:$tile_strides);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The tiles, outermost first.
    ::llvm::SmallVector<::llvm::ArrayRef<int64_t>> getTiles() const;
    int64_t getRank() const { return getTileStrides().size(); }
  }];
}

def TPU_VectorLayoutAttr : TPU_Attr<"VectorLayout", "vpad"> {
  let summary = "the layout of a vector in vector registers";
  let description = [{
    `#tpu.vpad<"BITWIDTH,{OFF0,OFF1},(TILE0,TILE1)[,IMPLICIT]">` (an offset
    may be `*`, replicated; IMPLICIT is `-1`, `-2` or `-2,-1`), or
    `#tpu.vpad<"none">`. Kept as its canonical text.
  }];
  let parameters = (ins StringRefParameter<"the layout text">:$layout);
  let hasCustomAssemblyFormat = 1;
}

#endif // PALLAS_TPU_ATTRS
