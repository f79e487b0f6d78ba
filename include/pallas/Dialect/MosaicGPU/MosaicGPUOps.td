//===- MosaicGPUOps.td - ops of the mosaic_gpu dialect -------*- tablegen -*-===//
//
// The 41 ops of the `mosaic_gpu` dialect of jaxlib 0.10.2. Operand, attribute
// and result names, constraints, traits and assembly formats define the text
// format and follow jaxlib; 31 ops have no format and print in MLIR's generic
// form (`"mosaic_gpu.async_load"(...) <{...}> : (...) -> ()`), as jaxlib's
// do. `MosaicGPU_VerifiedOp` marks the ops with extra checks, implemented in
// Rust (src/dialect/mosaic_gpu/verify.rs); the ops that infer their result
// types do so in src/cpp/MosaicGPUDialect.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef PALLAS_MOSAIC_GPU_OPS
#define PALLAS_MOSAIC_GPU_OPS

include "pallas/Dialect/MosaicGPU/MosaicGPUDialect.td"
include "pallas/Dialect/MosaicGPU/MosaicGPUAttrs.td"
include "pallas/Dialect/MosaicGPU/MosaicGPUTypes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Ops whose verifier lives in Rust.
class MosaicGPU_VerifiedOp<string mnemonic, list<Trait> traits = []>
    : MosaicGPU_Op<mnemonic, traits> {
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::mosaic_gpu::verifyInRust(getOperation());
    }
  }];
}

def MosaicGPU_BarrierRef : MemRefRankOf<[MosaicGPU_Barrier], [0]>;
// A TMA index: a scalar start, or (for gathers and scatters) a 1-D vector
// of them.
def MosaicGPU_TmaIndex
    : AnyTypeOf<[I32, VectorOfRankAndType<[1], [I32, I16, I8]>]>;
// The optional predicate of PTX-building ops (MLIR's PtxPredicate).
def MosaicGPU_Predicate : Optional<I1>;
def MosaicGPU_Ref2D : MemRefRankOf<[AnyType], [2]>;

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

def MosaicGPU_InitializeBarrierOp : MosaicGPU_Op<"initialize_barrier"> {
  let summary = "initialize consecutive barriers in shared memory";
  let description = [{
    Sets up `num_barriers` mbarriers starting at `base_pointer` (an
    `!llvm.ptr<3>`), each completing when `arrival_count` arrivals have been
    made (warpgroups, in warpgroup semantics).
  }];
  let arguments = (ins MosaicGPU_SharedPointer:$base_pointer,
                       ConfinedAttr<I64Attr, [IntPositive]>:$arrival_count,
                       ConfinedAttr<I32Attr, [IntPositive]>:$num_barriers,
                       BoolAttr:$orders_tensor_core);
}

def MosaicGPU_ArriveOp : MosaicGPU_Op<"arrive"> {
  let summary = "arrive on a barrier";
  let arguments = (ins MosaicGPU_BarrierRef:$barrier, BoolAttr:$orders_tensor_core);
}

def MosaicGPU_ArriveExpectTxOp : MosaicGPU_Op<"arrive_expect_tx"> {
  let summary = "arrive on a barrier, announcing a number of bytes to be transferred";
  let description = [{
    `mosaic_gpu.arrive_expect_tx barrier(%b : memref<!mosaic_gpu.barrier, ...>) 16384`:
    the barrier completes once the announced bytes (the total over the
    warpgroup) have arrived through TMA copies that signal it.
  }];
  let arguments = (ins MosaicGPU_BarrierRef:$barrier,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$expect_tx);
  let assemblyFormat = [{
    `barrier` `(` $barrier `:` type($barrier) `)` $expect_tx attr-dict
  }];
}

def MosaicGPU_WaitOp : MosaicGPU_Op<"wait"> {
  let summary = "wait until a barrier completes the phase of the given parity";
  let arguments = (ins MosaicGPU_BarrierRef:$barrier, I1:$parity);
  let assemblyFormat = [{
    `barrier` `(` $barrier `:` type($barrier) `)` `parity` `(` $parity `:` type($parity) `)` attr-dict
  }];
}

def MosaicGPU_TryClusterCancelOp : MosaicGPU_VerifiedOp<"try_cluster_cancel"> {
  let summary = "ask to cancel a pending cluster launch and take over its work";
  let description = [{
    The 16-byte SMEM `cancellation_result` receives the response, which
    `query_cluster_cancel` decodes; `barrier` tracks its arrival.
  }];
  let arguments = (ins MemRefRankOf<[I8], [1]>:$cancellation_result,
                       MosaicGPU_BarrierRef:$barrier,
                       MosaicGPU_Predicate:$predicate);
}

def MosaicGPU_QueryClusterCancelOp : MosaicGPU_VerifiedOp<"query_cluster_cancel"> {
  let summary = "decode the response of a try_cluster_cancel";
  let description = [{
    `success` tells whether a cluster was claimed; `x`, `y`, `z` are then the
    id of its first block.
  }];
  let arguments = (ins MemRefRankOf<[I8], [1]>:$cancellation_result);
  let results = (outs I32:$x, I32:$y, I32:$z, I1:$success);
}

//===----------------------------------------------------------------------===//
// TMA copies between GMEM and SMEM
//===----------------------------------------------------------------------===//

def MosaicGPU_AsyncLoadOp
    : MosaicGPU_VerifiedOp<"async_load", [AttrSizedOperandSegments]> {
  let summary = "asynchronous TMA copy of a GMEM slice into SMEM";
  let description = [{
    Copies the slice of the GMEM `source` that starts at `indices` (one i32
    per source dimension) and has `slice_lengths` (-1: length 1, dimension
    dropped in the destination) into the contiguous SMEM `destination`; the
    transferred bytes complete on `barrier`. A vector index gathers rows (at
    most one; its length is the slice length). `collective` lists the
    cluster dimensions the copy is multicast along, `leader_tracked` how a
    collective copy is partitioned; `oob_fill_mode` what out-of-bounds reads
    give.
  }];
  let arguments = (ins AnyMemRef:$source, AnyMemRef:$destination,
                       MosaicGPU_BarrierRef:$barrier,
                       Variadic<MosaicGPU_TmaIndex>:$indices,
                       OptionalAttr<MosaicGPU_CopyPartitionAttrInterface>:$leader_tracked,
                       MosaicGPU_Predicate:$predicate,
                       DenseI64ArrayAttr:$slice_lengths,
                       TypedArrayAttrBase<MosaicGPU_Dimension, "dimensions">:$collective,
                       DefaultValuedAttr<MosaicGPU_OOBFillMode,
                                         "OOBFillMode::kZeros">:$oob_fill_mode);
}

def MosaicGPU_AsyncPrefetchOp
    : MosaicGPU_VerifiedOp<"async_prefetch", [AttrSizedOperandSegments]> {
  let summary = "asynchronous TMA prefetch of a GMEM slice into L2";
  let arguments = (ins AnyMemRef:$source,
                       Variadic<MosaicGPU_TmaIndex>:$indices,
                       MosaicGPU_Predicate:$predicate,
                       DenseI64ArrayAttr:$slice_lengths,
                       TypedArrayAttrBase<MosaicGPU_Dimension, "dimensions">:$collective);
}

def MosaicGPU_AsyncStoreOp
    : MosaicGPU_VerifiedOp<"async_store", [AttrSizedOperandSegments]> {
  let summary = "asynchronous TMA copy of SMEM into a GMEM slice";
  let description = [{
    The mirror image of `async_load`: the contiguous SMEM `source` goes to
    the slice of the GMEM `destination` given by `indices`/`slice_lengths`.
    `commit_group` closes a bulk-async group after the copy, `reduction_op`
    reduces into GMEM instead of overwriting; `gmem_peer_id` (another
    device) and `is_global_broadcast` (all devices) exclude each other.
  }];
  let arguments = (ins AnyMemRef:$source, AnyMemRef:$destination,
                       Variadic<MosaicGPU_TmaIndex>:$indices,
                       MosaicGPU_Predicate:$predicate,
                       Optional<I32>:$gmem_peer_id,
                       DenseI64ArrayAttr:$slice_lengths,
                       DefaultValuedOptionalAttr<BoolAttr, "true">:$commit_group,
                       OptionalAttr<MosaicGPU_TMAReduction>:$reduction_op,
                       DefaultValuedAttr<BoolAttr, "false">:$is_global_broadcast);
}

//===----------------------------------------------------------------------===//
// Registers <-> memory
//===----------------------------------------------------------------------===//

def MosaicGPU_VectorLoadOp : MosaicGPU_Op<"vector_load",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>, MemoryEffects<[MemRead]>]> {
  let summary = "load a whole ref into a vector (of the ref's shape)";
  let description = [{
    Unlike `vector.load`, the ref may be strided. `optimized = true` demands
    an optimized transfer (an error in the lowering otherwise).
  }];
  let arguments = (ins AnyNon0RankedMemRef:$source, OptionalAttr<BoolAttr>:$optimized);
  let results = (outs AnyFixedVectorOfNonZeroRank);
}

def MosaicGPU_MultimemLoadReduceOp : MosaicGPU_VerifiedOp<"multimem_load_reduce",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>, MemoryEffects<[MemRead]>]> {
  let summary = "load from a multicast GMEM ref, reducing over the devices";
  let arguments = (ins AnyNon0RankedMemRef:$source,
                       MosaicGPU_MultimemLoadReductionType:$reduction_type);
  let results = (outs AnyFixedVectorOfNonZeroRank);
}

def MosaicGPU_VectorStoreOp : MosaicGPU_VerifiedOp<"vector_store",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "store a vector into a whole ref (of the vector's shape)";
  let description = [{
    `atomic_type` makes the store an atomic read-modify-write; `multimem`
    stores to every device of the mesh (the ref must be in GMEM).
  }];
  let arguments = (ins AnyFixedVectorOfNonZeroRank:$valueToStore,
                       AnyNon0RankedMemRef:$destination,
                       OptionalAttr<BoolAttr>:$optimized,
                       OptionalAttr<MosaicGPU_AtomicOpType>:$atomic_type,
                       DefaultValuedAttr<BoolAttr, "false">:$multimem);
}

def MosaicGPU_AsyncStoreSmemOp : MosaicGPU_VerifiedOp<"async_store_smem",
    [MemoryEffects<[MemWrite]>]> {
  let summary = "store a vector into the SMEM of another block of the cluster";
  let arguments = (ins AnyFixedVectorOfNonZeroRank:$valueToStore,
                       AnyNon0RankedMemRef:$destination,
                       MosaicGPU_BarrierRef:$barrier,
                       MosaicGPU_Dimension:$cluster_dim,
                       I32:$cluster_idx,
                       OptionalAttr<MosaicGPU_AtomicOpType>:$atomic_type,
                       OptionalAttr<BoolAttr>:$optimized);
}

//===----------------------------------------------------------------------===//
// Vector ops
//===----------------------------------------------------------------------===//

def MosaicGPU_LayoutCastOp : MosaicGPU_Op<"layout_cast", [SameOperandsAndResultType]> {
  let summary = "give a vector a strided or tiled register layout";
  let arguments = (ins AnyVectorOfAnyRank:$x,
                       AnyAttrOf<[MosaicGPU_WGStridedFragLayout,
                                  MosaicGPU_TiledLayout]>:$new_layout);
  let results = (outs AnyVectorOfAnyRank);
  let assemblyFormat = "`x` `(` $x `:` type($x) `)` attr-dict";
}

def MosaicGPU_TmemLayoutCastOp : MosaicGPU_VerifiedOp<"tmem_layout_cast",
    [SameOperandsAndResultType]> {
  let summary = "give a TMEM ref a tiled layout";
  let arguments = (ins MosaicGPU_Ref2D:$ref, MosaicGPU_TiledLayout:$new_layout);
  let results = (outs MosaicGPU_Ref2D);
}

def MosaicGPU_BroadcastInDimOp : MosaicGPU_VerifiedOp<"broadcast_in_dim"> {
  let summary = "broadcast a vector to the result's shape (lax.broadcast_in_dim)";
  let description = [{
    Operand dimension i becomes result dimension `broadcast_dimensions[i]`
    (strictly increasing); its size must be 1 or that dimension's size.
  }];
  let arguments = (ins AnyVectorOfAnyRank:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs AnyVectorOfAnyRank);
  let assemblyFormat = [{
    `(` $operand `:` type($operand) `)` attr-dict `->` type(results)
  }];
}

def MosaicGPU_BroadcastedIotaOp : MosaicGPU_VerifiedOp<"broadcasted_iota"> {
  let summary = "a vector counting 0, 1, ... along one dimension";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$dimension);
  let results = (outs AnyFixedVectorOfNonZeroRank);
}

def MosaicGPU_OptimizationBarrierOp : MosaicGPU_Op<"optimization_barrier",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "pass values through unchanged, opaque to optimizations";
  let description = [{
    The results are the operands (at least one), with the same types.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>);
}

//===----------------------------------------------------------------------===//
// Memory refs
//===----------------------------------------------------------------------===//

def MosaicGPU_ReinterpretCastOp : MosaicGPU_VerifiedOp<"reinterpret_cast", [Pure]> {
  let summary = "view a memref as another shape with as many elements of its type";
  let description = [{
    Folds away when the types agree and through another reinterpret_cast;
    canonicalizes a cast of a `slice_smem` into a `slice_smem` of the result
    type.
  }];
  let arguments = (ins AnyMemRef:$source);
  let results = (outs AnyMemRef:$result);
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def MosaicGPU_SliceSMEMOp : MosaicGPU_Op<"slice_smem", [Pure]> {
  let summary = "the SMEM ref of the result type at a byte offset of dynamic SMEM";
  let description = [{
    `alias_id` tells apart allocations that may overlap.
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$offset,
                       OptionalAttr<I32Attr>:$alias_id);
  let results = (outs AnyMemRef);
}

def MosaicGPU_WithTransformsOp : MosaicGPU_Op<"with_transforms",
    [SameOperandsAndResultType]> {
  let summary = "the same ref, with tile/swizzle transforms imposed on it";
  let arguments = (ins AnyMemRef:$ref, ArrayAttr:$transforms);
  let results = (outs AnyMemRef);
}

def MosaicGPU_GetClusterRefOp : MosaicGPU_Op<"get_cluster_ref",
    [Pure, AttrSizedOperandSegments, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "the ref of the same SMEM in a peer block of the cluster";
  let description = [{
    The result is the source's type in `#mosaic_gpu.smem_cluster`.
  }];
  let arguments = (ins AnyMemRef:$source, Optional<I32>:$x, Optional<I32>:$y,
                       Optional<I32>:$z);
  let results = (outs AnyMemRef:$result);
}

def MosaicGPU_AssumeMultipleOp : MosaicGPU_Op<"assume_multiple",
    [Pure, SameOperandsAndResultType]> {
  let summary = "the value, promised to be a multiple of `multiple`";
  let arguments = (ins AnyTypeOf<[Index, AnyInteger]>:$value,
                       ConfinedAttr<I32Attr, [IntPositive]>:$multiple);
  let results = (outs AnyTypeOf<[Index, AnyInteger]>:$result);
  let assemblyFormat = "$value `,` $multiple attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Matrix multiplication
//===----------------------------------------------------------------------===//

def MosaicGPU_WGMMASupportedABType
    : AnyTypeOf<[F16, BF16, TF32, F32, F8E4M3FN, F8E5M2, I8],
                "A type supported by the `a` and `b` operands of the `wgmma.mma_async` instruction">;
def MosaicGPU_WGMMASupportedAccumulatorType
    : AnyTypeOf<[F16, F32, I32],
                "A type supported by the accumulator `wgmma.mma_async` instruction">;

def MosaicGPU_WGMMAOp : MosaicGPU_VerifiedOp<"wgmma",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "warpgroup matrix multiply-accumulate (Hopper WGMMA)";
  let description = [{
    `accumulator + a @ b`, as many `wgmma.mma_async` instructions as the
    shapes need: `a` is [m, k] in SMEM or registers, `b` [k, n] in SMEM, the
    accumulator [m, n] in registers, m a multiple of 64. The result has the
    accumulator's type.
  }];
  let arguments = (ins
    VectorOfRankAndType<[2], [MosaicGPU_WGMMASupportedAccumulatorType]>:$accumulator,
    AnyTypeOf<[MemRefRankOf<[MosaicGPU_WGMMASupportedABType], [2]>,
               VectorOfRankAndType<[2], [MosaicGPU_WGMMASupportedABType]>]>:$a,
    MemRefRankOf<[MosaicGPU_WGMMASupportedABType], [2]>:$b);
  let results = (outs VectorOfRankAndType<[2], [MosaicGPU_WGMMASupportedAccumulatorType]>);
  let assemblyFormat = [{
    `accumulator` `(` $accumulator `:` type($accumulator) `)` `a` `(` $a `:` type($a) `)` `b` `(` $b `:` type($b) `)` attr-dict `->` type(results)
  }];
}

def MosaicGPU_MMASupportedABType
    : AnyTypeOf<[F64, TF32, F16, BF16, F8E4M3FN, F8E5M2, I8, I<4>, I1],
                "A type supported by the `a` and `b` operands of the synchronous `mma` op">;
def MosaicGPU_MMASupportedAccumulatorType
    : AnyTypeOf<[F64, F32, F16, I32],
                "A type supported by the accumulator of the synchronous `mma` op">;

def MosaicGPU_MMAOp : MosaicGPU_VerifiedOp<"mma",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "synchronous matrix multiply-accumulate in registers (mma.sync)";
  let arguments = (ins
    VectorOfRankAndType<[2], [MosaicGPU_MMASupportedAccumulatorType]>:$accumulator,
    VectorOfRankAndType<[2], [MosaicGPU_MMASupportedABType]>:$a,
    VectorOfRankAndType<[2], [MosaicGPU_MMASupportedABType]>:$b);
  let results = (outs VectorOfRankAndType<[2], [MosaicGPU_MMASupportedAccumulatorType]>);
  let assemblyFormat = [{
    `accumulator` `(` $accumulator `:` type($accumulator) `)` `a` `(` $a `:` type($a) `)` `b` `(` $b `:` type($b) `)` attr-dict `->` type(results)
  }];
}

def MosaicGPU_TcGen05MMASupportedABType
    : AnyTypeOf<[F16, F32, BF16, TF32, F8E4M3FN, F8E5M2, F6E2M3FN, F6E3M2FN, F4E2M1FN, I8],
                "A type supported by the `a` and `b` operands of the `tcgen05.mma` instruction">;

def MosaicGPU_TcGen05MMAOp : MosaicGPU_VerifiedOp<"tcgen05_mma",
    [AttrSizedOperandSegments]> {
  let summary = "Blackwell tensor-core matrix multiply-accumulate (tcgen05.mma)";
  let description = [{
    `accumulator += a @ b` (when `accumulate` is true; `=` otherwise) with
    the accumulator in TMEM, `a` in TMEM or SMEM, `b` in SMEM. Optional
    block scales (both or neither, in TMEM) and sparse metadata for `a`;
    `collective` runs it on a pair of blocks, each holding half of `b`.
  }];
  let arguments = (ins
    MemRefRankOf<[F16, F32, I32], [2]>:$accumulator,
    MemRefRankOf<[MosaicGPU_TcGen05MMASupportedABType], [2]>:$a,
    MemRefRankOf<[MosaicGPU_TcGen05MMASupportedABType], [2]>:$b,
    I1:$accumulate,
    Optional<MemRefRankOf<[F8E8M0FNU, F8E4M3FN], [2]>>:$a_scale,
    Optional<MemRefRankOf<[F8E8M0FNU, F8E4M3FN], [2]>>:$b_scale,
    Optional<MemRefRankOf<[I<2>], [2]>>:$a_sparse_metadata,
    DefaultValuedAttr<BoolAttr, "false">:$collective);
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

def MosaicGPU_ReturnOp : MosaicGPU_VerifiedOp<"return",
    [Pure, ReturnLike, Terminator, HasParent<"CustomPrimitiveOp">]> {
  let summary = "end a custom_primitive body, giving its results";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

def MosaicGPU_CustomPrimitiveOp : MosaicGPU_VerifiedOp<"custom_primitive",
    [IsolatedFromAbove, SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "a user-defined primitive with explicit layouts and transforms";
  let description = [{
    The body computes the results from the operands. `in_layouts` holds a
    layout per vector operand, `in_transforms` transforms per SMEM memref
    operand, `out_layouts` a layout per vector result; results are vectors
    or scalars.
  }];
  let arguments = (ins Variadic<AnyType>:$operands, ArrayAttr:$in_layouts,
                       ArrayAttr:$in_transforms, ArrayAttr:$out_layouts);
  let results = (outs Variadic<AnyType>);
  let regions = (region SizedRegion<1>:$body);
}

def MosaicGPU_WarpMapOp : MosaicGPU_VerifiedOp<"warp_map",
    [SingleBlock, NoTerminator, IsolatedFromAbove]> {
  let summary = "run the body on every warp";
  let description = [{
    The operands (scalars and refs, no vectors) are the body's arguments.
    Canonicalization hoists `reinterpret_cast`s that are all the uses of a
    body argument (all to one type) out of the body onto its operand.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let regions = (region SizedRegion<1>:$region);
  // Canonicalization moves reinterpret_casts that are the only uses of a
  // body argument out of the body, onto the operand.
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Tensor memory (Blackwell)
//===----------------------------------------------------------------------===//

def MosaicGPU_TmemAllocOp : MosaicGPU_VerifiedOp<"tmem_alloc"> {
  let summary = "allocate TMEM columns, writing their address to SMEM";
  let description = [{
    The result is [rows, logical columns]; with `packing` p > 1 (p elements
    of 32 / p bits per 32-bit cell) the allocated columns are the logical
    ones divided by p, at most 512. `collective` allocates on a pair of
    blocks.
  }];
  let arguments = (ins MemRefRankOf<[I32], [0]>:$smem_ptr,
                       DefaultValuedAttr<BoolAttr, "false">:$collective,
                       DefaultValuedAttr<ConfinedAttr<I32Attr, [IntPositive]>, "1">:$packing);
  let results = (outs MosaicGPU_Ref2D);
  let assemblyFormat = [{
    `smem_ptr` `(` $smem_ptr `:` type($smem_ptr) `)` attr-dict `->` type(results)
  }];
}

def MosaicGPU_TmemRelinquishAllocPermitOp
    : MosaicGPU_Op<"tmem_relinquish_alloc_permit"> {
  let summary = "give up the block's right to allocate TMEM";
  let arguments = (ins DefaultValuedAttr<BoolAttr, "false">:$collective);
}

def MosaicGPU_TmemDeallocOp : MosaicGPU_VerifiedOp<"tmem_dealloc"> {
  let summary = "free a TMEM allocation";
  let arguments = (ins MosaicGPU_Ref2D:$tmem_ref);
  let assemblyFormat = "`tmem_ref` `(` $tmem_ref `:` type($tmem_ref) `)` attr-dict";
}

def MosaicGPU_AsyncLoadTmemOp : MosaicGPU_VerifiedOp<"async_load_tmem",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "start copying a TMEM ref into registers";
  let arguments = (ins MosaicGPU_Ref2D:$source);
  let results = (outs VectorOfRank<[2]>);
}

def MosaicGPU_AsyncStoreTmemOp : MosaicGPU_VerifiedOp<"async_store_tmem"> {
  let summary = "start copying registers into a TMEM ref";
  let arguments = (ins VectorOfRank<[2]>:$source, MosaicGPU_Ref2D:$destination);
}

def MosaicGPU_AsyncStoreSmemToTmemOp
    : MosaicGPU_VerifiedOp<"async_store_smem_to_tmem"> {
  let summary = "start copying an SMEM ref into a TMEM ref of the same shape";
  let arguments = (ins MosaicGPU_Ref2D:$source, MosaicGPU_Ref2D:$destination,
                       DefaultValuedAttr<BoolAttr, "false">:$collective);
}

def MosaicGPU_AsyncStoreSparseMetadataSmemToTmemOp
    : MosaicGPU_VerifiedOp<"async_store_sparse_metadata_smem_to_tmem"> {
  let summary = "start copying sparse-MMA metadata from SMEM into TMEM";
  let description = [{
    A [M, N] TMEM destination (M a multiple of 128, N of 64) takes an SMEM
    source of shape [M/128, N/64, 128, 64].
  }];
  let arguments = (ins MemRefRankOf<[I<2>], [4]>:$source,
                       MemRefRankOf<[I<2>], [2]>:$destination,
                       DefaultValuedAttr<BoolAttr, "false">:$collective);
}

def MosaicGPU_AsyncStoreScalesSmemToTmemOp
    : MosaicGPU_VerifiedOp<"async_store_scales_smem_to_tmem"> {
  let summary = "start copying MMA block scales from SMEM into TMEM";
  let description = [{
    A [M, N] TMEM destination (M a multiple of 128, N of 4) takes an SMEM
    source of shape [M/128, N/4, 32, 16] or [1, N/4, 64, 16].
  }];
  let arguments = (ins MemRefRankOf<[F8E8M0FNU, F8E4M3FN], [4]>:$source,
                       MemRefRankOf<[F8E8M0FNU, F8E4M3FN], [2]>:$destination,
                       DefaultValuedAttr<BoolAttr, "false">:$collective);
}

def MosaicGPU_SliceTmemOp : MosaicGPU_VerifiedOp<"slice_tmem"> {
  let summary = "the TMEM ref of the result type at a column offset of another";
  let arguments = (ins MosaicGPU_Ref2D:$source,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$offset);
  let results = (outs MosaicGPU_Ref2D);
}

def MosaicGPU_TcGen05CommitArriveOp : MosaicGPU_Op<"tcgen05_commit_arrive"> {
  let summary = "make a barrier track the completion of earlier tcgen05 operations";
  let arguments = (ins MosaicGPU_BarrierRef:$barrier,
                       DefaultValuedAttr<BoolAttr, "false">:$collective);
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def MosaicGPU_DebugPrintOp : MosaicGPU_Op<"debug_print"> {
  let summary = "print a vector from the kernel";
  let arguments = (ins StrAttr:$format, AnyVectorOfAnyRank:$value);
}

def MosaicGPU_PrintLayoutOp : MosaicGPU_VerifiedOp<"print_layout"> {
  let summary = "print the layout of a vector or TMEM ref";
  let arguments = (ins StrAttr:$format,
                       AnyTypeOf<[AnyMemRef, AnyVectorOfAnyRank]>:$value);
}

#endif // PALLAS_MOSAIC_GPU_OPS
