/*===-- pallas-mlir-c/Bridge.h - C ABI between the C++ shims and Rust ----===*\
|*                                                                            *|
|* The C++ side (src/cpp) holds what MLIR only offers in C++: the generated   *|
|* dialect, a pass class whose options and run callback are described by      *|
|* Rust, and the dialect-conversion driver. Rust binds this header with       *|
|* bindgen. Symbols declared here are internal to the shared library (not     *|
|* exported); the public API is Pallas.h.                                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef PALLAS_MLIR_C_BRIDGE_H
#define PALLAS_MLIR_C_BRIDGE_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Rewrite.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * Dialect
 *===----------------------------------------------------------------------===*/

MlirDialectHandle mlirGetDialectHandle__pallas_impl__(void);
MlirDialectHandle mlirGetDialectHandle__tpu_impl__(void);
MlirDialectHandle mlirGetDialectHandle__mosaic_gpu_impl__(void);

/** Kinds of block dims, as in BlockSpecAttr. */
enum PallasBlockDimKind {
  PallasBlockDimBlocked = 0,
  PallasBlockDimSqueezed = 1,
  PallasBlockDimElement = 2,
  PallasBlockDimBounded = 3,
};

/** A view of a #pallas.block_spec; arrays are owned by the context. */
typedef struct PallasBlockSpec {
  MlirType arrayType;
  intptr_t rank;
  const int64_t *kinds;
  const int64_t *sizes;
  const int64_t *padLow;
  const int64_t *padHigh;
  MlirAttribute indexMap; /* AffineMapAttr or FlatSymbolRefAttr */
  int32_t memorySpace;    /* PallasMemorySpace, or -1 when absent */
  int64_t bufferCount;    /* 0 when absent */
  int64_t revisit;        /* 0 when absent, 1 immediate, 2 any */
} PallasBlockSpec;

bool pallasAttributeIsBlockSpec(MlirAttribute attr);
PallasBlockSpec pallasBlockSpecGet(MlirAttribute attr);
MlirAttribute pallasBlockSpecCreate(MlirContext ctx, PallasBlockSpec spec);
/** The ref type the kernel body sees for this spec. */
MlirType pallasBlockSpecGetBlockRefType(MlirAttribute attr);

/** -1 when `attr` is not a #pallas.memory_space. */
int32_t pallasMemorySpaceAttrGetValue(MlirAttribute attr);
MlirAttribute pallasMemorySpaceAttrGet(MlirContext ctx, int32_t value);

bool pallasAttributeIsCostEstimate(MlirAttribute attr);
/** Writes flops, transcendentals, bytes_accessed, remote_bytes_transferred. */
void pallasCostEstimateGet(MlirAttribute attr, int64_t out[4]);

enum PallasTypeKind {
  PallasTypeOther = 0,
  PallasTypeSemaphore = 1,
  PallasTypeDmaSemaphore = 2,
  PallasTypeBarrierSemaphore = 3,
  PallasTypeBarrier = 4,
};
int32_t pallasTypeGetKind(MlirType type);
MlirType pallasSemaphoreTypeGet(MlirContext ctx, int32_t kind);

/** The parameters of a !pallas.barrier (arrivals, orders_tensor_core and the
 *  collective_axes array attribute, null when absent). */
int64_t pallasBarrierTypeGetArrivals(MlirType type);
bool pallasBarrierTypeGetOrdersTensorCore(MlirType type);
MlirAttribute pallasBarrierTypeGetCollectiveAxes(MlirType type);

/** The parameters of a #pallas.gpu_transforms (tiling and transpose are
 *  DenseI64ArrayAttrs, null when absent; swizzle 0 when absent). */
bool pallasAttributeIsGpuTransforms(MlirAttribute attr);
MlirAttribute pallasGpuTransformsGetTiling(MlirAttribute attr);
int64_t pallasGpuTransformsGetSwizzle(MlirAttribute attr);
MlirAttribute pallasGpuTransformsGetTranspose(MlirAttribute attr);

/*===----------------------------------------------------------------------===
 * The mosaic_gpu dialect (for its Rust verifiers)
 *===----------------------------------------------------------------------===*/

/** Where a memref lives, from its memory space attribute (null: GMEM). */
enum MosaicGpuMemorySpace {
  MosaicGpuSpaceGmem = 0,
  MosaicGpuSpaceSmem = 1,
  MosaicGpuSpaceTmem = 2,
  MosaicGpuSpaceSmemCluster = 3,
  MosaicGpuSpaceOther = 4,
};
int32_t mosaicGpuMemorySpaceGetKind(MlirAttribute space);

/*===----------------------------------------------------------------------===
 * The tpu dialect (for its Rust verifiers)
 *===----------------------------------------------------------------------===*/

enum TpuTypeKind {
  TpuTypeOther = 0,
  TpuTypeSemaphore = 1,
  TpuTypeDmaSemaphore = 2,
};
int32_t tpuTypeGetKind(MlirType type);
/** The MemorySpace value of a #tpu.memory_space (`any` is 0xFFFFFFFF), or -1
 *  when `attr` is not one. */
int64_t tpuMemorySpaceAttrGetValue(MlirAttribute attr);
/** The CoreType of a #tpu.memory_space, or -1 when absent or not one. */
int32_t tpuMemorySpaceAttrGetCoreType(MlirAttribute attr);
/** The CoreType of a #tpu.core_type, or -1 when `attr` is not one. */
int32_t tpuCoreTypeAttrGetValue(MlirAttribute attr);
/** Whether `attr` is a #tpu.tiled layout; `firstTileRank` gets the rank of
 *  its first tile (0 when it has none). */
bool tpuTiledLayoutGet(MlirAttribute attr, intptr_t *firstTileRank);
/** List `which` (0..6: lhs/rhs contracting, lhs/rhs non-contracting, output
 *  dim order, lhs/rhs batch) of a #tpu.dot_dimension_numbers; false when
 *  `attr` is not one. The data is owned by the context. */
bool tpuDotDimensionNumbersGetList(MlirAttribute attr, int32_t which,
                                   const int64_t **data, intptr_t *size);
/** The #tpu.memory_space of MemorySpace `value` (as tpuMemorySpaceAttrGetValue
 *  returns it), without a core type; null for an unknown value. */
MlirAttribute tpuMemorySpaceAttrGet(MlirContext ctx, int64_t value);
/** `!tpu.dma_semaphore` when `dma`, else `!tpu.semaphore`. */
MlirType tpuSemaphoreTypeGet(MlirContext ctx, bool dma);

/** Emits `'op' op <message>` at the op, the way the op's own verifier would. */
void pallasEmitOpError(MlirOperation op, MlirStringRef message);
/** Emits an error at `loc` with a note at `noteLoc` (when not null). */
void pallasEmitErrorWithNote(MlirLocation loc, MlirStringRef message,
                             MlirLocation noteLoc, MlirStringRef note);
void pallasEmitRemark(MlirLocation loc, MlirStringRef message);

/*===----------------------------------------------------------------------===
 * Implemented in Rust, called by the generated C++ verifiers.
 *===----------------------------------------------------------------------===*/

MlirLogicalResult pallas_rust_verify_op(MlirOperation op);
MlirLogicalResult pallas_rust_verify_symbol_uses(MlirOperation op);
/** The dialect's verifier of a discardable `pallas.*` attribute of `op`. */
MlirLogicalResult pallas_rust_verify_op_attribute(MlirOperation op, MlirStringRef name,
                                                  MlirAttribute attr);
/** Verifier of every `tpu` op that has one (src/dialect/tpu/verify.rs). */
MlirLogicalResult tpu_rust_verify_op(MlirOperation op);
/** Verifier of every `mosaic_gpu` op that has one (src/dialect/mosaic_gpu/verify.rs). */
MlirLogicalResult mosaic_gpu_rust_verify_op(MlirOperation op);

/*===----------------------------------------------------------------------===
 * Passes described by Rust
 *===----------------------------------------------------------------------===*/

enum PallasOptionKind {
  PallasOptionBool = 0,
  PallasOptionInt = 1,
  PallasOptionString = 2,
};

typedef struct PallasPassOption {
  const char *name;
  const char *description;
  int32_t kind;              /* PallasOptionKind */
  const char *defaultValue;  /* as text: "true", "0", "" ... */
} PallasPassOption;

/** Runs the pass on `op`; option values are given as text in declaration order. */
typedef MlirLogicalResult (*PallasPassRunFn)(MlirOperation op,
                                             const MlirStringRef *optionValues,
                                             intptr_t numOptions, void *userData);

typedef struct PallasPassInfo {
  const char *argument;
  const char *name;
  const char *description;
  const char *anchorOpName; /* "" = any op */
  const PallasPassOption *options;
  intptr_t numOptions;
  const char *const *dependentDialects; /* namespaces, e.g. "scf" */
  intptr_t numDependentDialects;
  PallasPassRunFn run;
  void *userData;
} PallasPassInfo;

/** Registers the pass with MLIR's global registry; `info` must outlive it. */
void pallasRegisterRustPass(const PallasPassInfo *info);
/** Creates a pass instance (for pass managers built through the C API). */
MlirPass pallasCreateRustPass(const PallasPassInfo *info);

/** Registers a named pass pipeline `argument` (listed by --help with
 * `description`) that expands to the textual pipeline `passes` (the elements
 * inside `builtin.module(...)`). With a non-empty `optionsPass`, the pipeline
 * is that pass followed by `passes`, and the pipeline's options
 * (`argument{...}`) are handed to it as its own; otherwise the pipeline
 * takes no options. The strings are copied. */
void pallasRegisterPassPipeline(const char *argument, const char *description,
                                const char *optionsPass, const char *passes);

/** Runs MlirOptMain with all upstream dialects, extensions and passes. */
int pallasOptMain(int argc, char **argv, MlirDialectRegistry extra);

/*===----------------------------------------------------------------------===
 * Dialect conversion
 *===----------------------------------------------------------------------===*/

typedef struct PallasConversionTarget { void *ptr; } PallasConversionTarget;
typedef struct PallasTypeConverter { void *ptr; } PallasTypeConverter;
typedef struct PallasConversionPatternSet { void *ptr; } PallasConversionPatternSet;

/** Returns 1 legal, 0 illegal, -1 unknown. */
typedef int32_t (*PallasLegalityFn)(MlirOperation op, void *userData);
/** Returns a null type when this conversion does not apply. */
typedef MlirType (*PallasTypeConversionFn)(MlirType type, void *userData);
typedef MlirLogicalResult (*PallasPatternFn)(MlirOperation op,
                                             const MlirValue *operands,
                                             intptr_t numOperands,
                                             MlirRewriterBase rewriter,
                                             void *userData);

PallasConversionTarget pallasConversionTargetCreate(MlirContext ctx);
void pallasConversionTargetDestroy(PallasConversionTarget target);
void pallasConversionTargetAddLegalDialect(PallasConversionTarget target, MlirStringRef name);
void pallasConversionTargetAddIllegalDialect(PallasConversionTarget target, MlirStringRef name);
void pallasConversionTargetAddLegalOp(PallasConversionTarget target, MlirStringRef name);
void pallasConversionTargetAddIllegalOp(PallasConversionTarget target, MlirStringRef name);
void pallasConversionTargetAddDynamicallyLegalOp(PallasConversionTarget target,
                                                 MlirStringRef name,
                                                 PallasLegalityFn fn, void *userData);
void pallasConversionTargetAddDynamicallyLegalDialect(PallasConversionTarget target,
                                                      MlirStringRef name,
                                                      PallasLegalityFn fn, void *userData);
/** Whether the target says `op` is legal (statically or dynamically); the
 * tests compare the direct driver's legality with these two. */
bool pallasConversionTargetIsLegal(PallasConversionTarget target, MlirOperation op);
/** Whether the target says `op` is illegal (not merely unknown). */
bool pallasConversionTargetIsIllegal(PallasConversionTarget target, MlirOperation op);

/** A type converter; conversions are tried last-added first, identity last.
 *  Materializations are unrealized_conversion_cast ops. */
PallasTypeConverter pallasTypeConverterCreate(void);
void pallasTypeConverterDestroy(PallasTypeConverter converter);
void pallasTypeConverterAddConversion(PallasTypeConverter converter,
                                      PallasTypeConversionFn fn, void *userData);
/** Null when the type cannot be converted. */
MlirType pallasTypeConverterConvertType(PallasTypeConverter converter, MlirType type);
bool pallasTypeConverterIsLegalOp(PallasTypeConverter converter, MlirOperation op);

PallasConversionPatternSet pallasConversionPatternSetCreate(MlirContext ctx);
void pallasConversionPatternSetDestroy(PallasConversionPatternSet set);
/** `converter` may be null. `rootName` is an op name such as "pallas.load". */
void pallasConversionPatternSetAdd(PallasConversionPatternSet set, MlirStringRef rootName,
                                   uint32_t benefit, PallasTypeConverter converter,
                                   PallasPatternFn fn, void *userData);
/** Adds upstream's affine-to-std and scf-to-cf patterns (affine.for/if/
 * parallel to scf, scf.for/if/while/index_switch/execute_region/parallel/
 * forall to blocks); the target says which ops to flatten. */
void pallasConversionPatternSetAddSCFToControlFlow(PallasConversionPatternSet set);

MlirLogicalResult pallasApplyPartialConversion(MlirOperation root,
                                               PallasConversionTarget target,
                                               PallasConversionPatternSet patterns);
MlirLogicalResult pallasApplyFullConversion(MlirOperation root,
                                            PallasConversionTarget target,
                                            PallasConversionPatternSet patterns);

/** Converts the block argument types of every block of `region` (inside a pattern). */
MlirLogicalResult pallasRewriterConvertRegionTypes(MlirRewriterBase rewriter,
                                                   MlirRegion region,
                                                   PallasTypeConverter converter);
/** Reports why a pattern did not apply (shown with -debug). */
MlirLogicalResult pallasRewriterNotifyMatchFailure(MlirRewriterBase rewriter,
                                                   MlirOperation op, MlirStringRef why);

/*===----------------------------------------------------------------------===
 * Direct conversion driver (src/ir/conversion.rs, `apply_direct`)
 *
 * The driver's bookkeeping lives in Rust; these are the few steps that need
 * MLIR's C++ API. `rewriter` is a plain IRRewriter.
 *===----------------------------------------------------------------------===*/

/** Calls `fn` once with `root` and every op nested in it, parents first,
 * blocks in dominance order (the order in which MLIR's conversion driver
 * visits them): `numOps` ops at `ops`, valid during the call. */
void pallasConversionOrder(MlirOperation root,
                           void (*fn)(const MlirOperation *ops, intptr_t numOps, void *),
                           void *userData);
/** Folds `op` with the rewriter's builder at `op`. Returns -1 when it does not
 * fold, 0 when it folded in place, 1 when `results` (one per result of `op`)
 * replace it; `newOps` (capacity: the number of results) receives the
 * constants materialized, `*numNewOps` their number. */
int32_t pallasRewriterTryFold(MlirRewriterBase rewriter, MlirOperation op, MlirValue *results,
                              MlirOperation *newOps, intptr_t *numNewOps);
/** Moves the insertion point after `op` when it is right before `op` (an op
 * about to be replaced keeps new ops after it). */
void pallasRewriterStepPast(MlirRewriterBase rewriter, MlirOperation op);
/** Moves the ops of `source` before `before` in `dest` (at its end when
 * `before` is null), follows the insertion point if it was in `source`, and
 * unlinks `source` from its region (the caller destroys it). */
void pallasRewriterSpliceBlock(MlirRewriterBase rewriter, MlirBlock source, MlirBlock dest,
                               MlirOperation before);
/** An unrealized_conversion_cast to `type` right after the definition of
 * `at` (at the start of its block for a block argument), taking `at` as its
 * input when `withInput`, nothing otherwise. Returns its result. */
MlirValue pallasBuildCastAfter(MlirValue at, bool withInput, MlirType type, MlirLocation loc);
/** Replaces the uses of block argument `arg` by `repl`, except (when `repl`
 * is an op result) the uses in `repl`'s block before its op. */
void pallasReplaceBlockArgumentUses(MlirValue arg, MlirValue repl);
/** Destroys the given unlinked ops (each at most once, nested ones with
 * their parents) after dropping every use of their results. */
void pallasDestroyOps(const MlirOperation *ops, intptr_t n);
/** Destroys an unlinked block after dropping the uses of its arguments. */
void pallasDestroyBlock(MlirBlock block);
/** The error of a conversion cast that stayed live with no type converter to
 * materialize it, with a note at its first user. */
void pallasEmitLiveCastError(MlirOperation cast);
/** The error of an illegal op no pattern or folder could legalize. */
void pallasEmitFailedToLegalize(MlirOperation op);

/** The shape of a ranked shaped type into `dims` (at most `capacity` dims;
 * dynamic ones are ShapedType::kDynamic); returns the rank, -1 for a type
 * that is not a ranked shaped type. One interface lookup, where the C API
 * makes one per dim. */
intptr_t pallasShapedTypeGetShape(MlirType type, int64_t *dims, intptr_t capacity);
/** The elements of a DenseI64ArrayAttr, in the attribute's own storage
 * (uniqued: alive as long as the context), their number in `*size`; null
 * with size 0 for any other attribute. The C API reads one element per
 * call. */
const int64_t *pallasDenseI64ArrayGetData(MlirAttribute attr, intptr_t *size);
/** How many scalar prefetch operands a `pallas.kernel` declares, from its
 * properties; -1 for any other op. */
intptr_t pallasKernelScalarPrefetchCount(MlirOperation op);
/** The `starts`, `sizes` and `strides` of a `pallas.load`, `store`, `swap`
 * or `atomic_rmw`, read from the op's properties (a lookup by name
 * compares the names of all its attributes); false for any other op. */
bool pallasIndexerGet(MlirOperation op, MlirAttribute *starts, MlirAttribute *sizes,
                      MlirAttribute *strides);
/** The keyword of a `#vector.kind<...>` attribute (`add`, `maximumf`, ...),
 * a string of static storage; empty for any other attribute. */
MlirStringRef pallasVectorCombiningKindGetName(MlirAttribute attr);
/** The `#vector.kind<name>` attribute; null when `name` is no combining
 * kind. */
MlirAttribute pallasVectorCombiningKindAttrGet(MlirContext ctx, MlirStringRef name);
/** The element type of a shaped type; null for any other type. */
MlirType pallasShapedTypeGetElementTypeOrNull(MlirType type);

/** The interned name of op `name` in `ctx` (an opaque handle, valid as long
 * as the context), for pallasOperationCreate. */
const void *pallasOperationNameGet(MlirContext ctx, MlirStringRef name);

/** A detached op, like mlirOperationCreate but from arrays in one call
 * (no intermediate C OperationState; the op takes the regions): its name
 * is a handle of pallasOperationNameGet. Builders look up op and attribute
 * names once per pass run. */
MlirOperation pallasOperationCreate(const void *name, MlirLocation loc, intptr_t numOperands,
                                    const MlirValue *operands, intptr_t numResults,
                                    const MlirType *results, intptr_t numAttributes,
                                    const MlirNamedAttribute *attributes, intptr_t numRegions,
                                    const MlirRegion *regions);

/** `arith.constant` of `value : type`, what pallasOperationCreate builds
 * with the one attribute `value`, with the op's properties set directly;
 * `name` is the pallasOperationNameGet handle of `arith.constant`. */
MlirOperation pallasConstantCreate(const void *name, MlirLocation loc, MlirType type,
                                   MlirAttribute value);

/** The `operandSegmentSizes` of `op` (read from the properties of pallas
 * and tpu ops, from the attribute otherwise): their number, of which the first
 * `capacity` are written to `sizes`; -1 when the op has none. */
intptr_t pallasOperationGetOperandSegmentSizes(MlirOperation op, int32_t *sizes,
                                               intptr_t capacity);

/** A new detached block with `numArgs` arguments of types `args`, all at
 * `loc` (argument storage reserved at once, unlike `mlirBlockCreate`). */
MlirBlock pallasBlockCreate(intptr_t numArgs, const MlirType *args, MlirLocation loc);

/** Clones the ops of `source` but its terminator into `dest` (before
 * `before`, at the end when it is null), the arguments of `source` replaced
 * by `args` (one per argument) and later uses of cloned results, nested
 * ones included, by their clones. Writes the terminator's operands as the
 * clones see them to `terminatorOperands` (as many as it has; nothing
 * without a terminator). */
void pallasCloneBlockBody(MlirBlock source, MlirBlock dest, MlirOperation before,
                          intptr_t numArgs, const MlirValue *args,
                          MlirValue *terminatorOperands);

#ifdef __cplusplus
}
#endif

#endif /* PALLAS_MLIR_C_BRIDGE_H */
