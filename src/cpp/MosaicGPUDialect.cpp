//===- MosaicGPUDialect.cpp - mosaic_gpu: registration, type inference ---===//
//
// What ODS cannot say for the Mosaic GPU dialect: the result types that ops
// with InferTypeOpInterface compute (their generated verifiers compare them
// with the written ones, as jaxlib's do), and dialect registration. Op
// verifiers are generated as calls into Rust (MosaicGPU_VerifiedOp).
//
//===----------------------------------------------------------------------===//

#include "MosaicGPUDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

#include "pallas-mlir-c/Bridge.h"

using namespace mlir;
using namespace mlir::mosaic_gpu;

#include "mosaic_gpu/MosaicGPUDialect.cpp.inc"
#include "mosaic_gpu/MosaicGPUEnums.cpp.inc"
#include "mosaic_gpu/MosaicGPUAttrInterfaces.cpp.inc"

LogicalResult mlir::mosaic_gpu::verifyInRust(Operation *op) {
  return unwrap(mosaic_gpu_rust_verify_op(wrap(op)));
}

#define GET_ATTRDEF_CLASSES
#include "mosaic_gpu/MosaicGPUAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "mosaic_gpu/MosaicGPUTypes.cpp.inc"

#define GET_OP_CLASSES
#include "mosaic_gpu/MosaicGPUOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Result type inference
//===----------------------------------------------------------------------===//

/// A vector of the shape and element type of the memref operand 0. The ODS
/// constraints have not run yet when this is called (the generic parser
/// infers before verifying), so a non-memref is an error, not a cast.
static LogicalResult vectorOfRef(std::optional<Location> loc, ValueRange operands,
                                 SmallVectorImpl<Type> &inferred) {
  auto ref = operands.empty() ? MemRefType() : dyn_cast<MemRefType>(operands[0].getType());
  if (!ref)
    return emitOptionalError(loc, "expected a memref operand");
  inferred.assign({VectorType::get(ref.getShape(), ref.getElementType())});
  return success();
}

/// The type of operand 0 (the accumulator of the matmuls).
static LogicalResult typeOfFirst(std::optional<Location> loc, ValueRange operands,
                                 SmallVectorImpl<Type> &inferred) {
  if (operands.empty())
    return emitOptionalError(loc, "expected non-empty operands");
  inferred.assign({operands[0].getType()});
  return success();
}

LogicalResult VectorLoadOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                             ValueRange operands, DictionaryAttr,
                                             OpaqueProperties, RegionRange,
                                             SmallVectorImpl<Type> &inferred) {
  return vectorOfRef(loc, operands, inferred);
}

LogicalResult MultimemLoadReduceOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                                     ValueRange operands, DictionaryAttr,
                                                     OpaqueProperties, RegionRange,
                                                     SmallVectorImpl<Type> &inferred) {
  return vectorOfRef(loc, operands, inferred);
}

LogicalResult AsyncLoadTmemOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                                ValueRange operands, DictionaryAttr,
                                                OpaqueProperties, RegionRange,
                                                SmallVectorImpl<Type> &inferred) {
  return vectorOfRef(loc, operands, inferred);
}

LogicalResult WGMMAOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                        ValueRange operands, DictionaryAttr,
                                        OpaqueProperties, RegionRange,
                                        SmallVectorImpl<Type> &inferred) {
  return typeOfFirst(loc, operands, inferred);
}

LogicalResult MMAOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                      ValueRange operands, DictionaryAttr, OpaqueProperties,
                                      RegionRange, SmallVectorImpl<Type> &inferred) {
  return typeOfFirst(loc, operands, inferred);
}

LogicalResult OptimizationBarrierOp::inferReturnTypes(MLIRContext *,
                                                      std::optional<Location> loc,
                                                      ValueRange operands, DictionaryAttr,
                                                      OpaqueProperties, RegionRange,
                                                      SmallVectorImpl<Type> &inferred) {
  if (operands.empty())
    return emitOptionalError(loc, "expected non-empty operands");
  llvm::append_range(inferred, operands.getTypes());
  return success();
}

/// The source's memref type moved to the peer blocks' SMEM.
LogicalResult GetClusterRefOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                                ValueRange operands, DictionaryAttr,
                                                OpaqueProperties, RegionRange,
                                                SmallVectorImpl<Type> &inferred) {
  auto ref = operands.empty() ? MemRefType() : dyn_cast<MemRefType>(operands[0].getType());
  if (!ref)
    return emitOptionalError(loc, "expected a memref operand");
  inferred.assign({MemRefType::get(ref.getShape(), ref.getElementType(), ref.getLayout(),
                                   SmemClusterAttr::get(ctx))});
  return success();
}

//===----------------------------------------------------------------------===//
// Folding and canonicalization (jaxlib's, so that --canonicalize agrees)
//===----------------------------------------------------------------------===//

OpFoldResult ReinterpretCastOp::fold(FoldAdaptor) {
  if (getSource().getType() == getResult().getType())
    return getSource();
  // A cast of a cast casts the original source.
  if (auto inner = getSource().getDefiningOp<ReinterpretCastOp>()) {
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}

namespace {
/// reinterpret_cast(slice_smem) -> slice_smem of the cast's type.
struct SliceSMEMOfCastType : OpRewritePattern<ReinterpretCastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReinterpretCastOp op,
                                PatternRewriter &rewriter) const override {
    auto slice = op.getSource().getDefiningOp<SliceSMEMOp>();
    if (!slice)
      return failure();
    rewriter.replaceOpWithNewOp<SliceSMEMOp>(op, op.getResult().getType(), slice.getOffsetAttr(),
                                             slice.getAliasIdAttr());
    return success();
  }
};

/// A warp_map body argument used only by reinterpret_casts to one type takes
/// that type: the cast moves out of the body onto the operand.
struct HoistCastsOutOfWarpMap : OpRewritePattern<WarpMapOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WarpMapOp op, PatternRewriter &rewriter) const override {
    Block &body = op.getRegion().front();
    bool changed = false;
    for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
      if (i >= op->getNumOperands() || arg.use_empty())
        continue;
      Type castType;
      bool onlyCasts = llvm::all_of(arg.getUsers(), [&](Operation *user) {
        auto cast = dyn_cast<ReinterpretCastOp>(user);
        if (!cast)
          return false;
        if (!castType)
          castType = cast.getType();
        return cast.getType() == castType;
      });
      if (!onlyCasts)
        continue;
      Value hoisted =
          ReinterpretCastOp::create(rewriter, op.getLoc(), castType, op->getOperand(i));
      rewriter.modifyOpInPlace(op, [&] {
        op->setOperand(i, hoisted);
        arg.setType(castType);
      });
      for (Operation *user : llvm::to_vector(arg.getUsers()))
        rewriter.replaceOp(user, arg);
      changed = true;
    }
    return success(changed);
  }
};
} // namespace

void ReinterpretCastOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                    MLIRContext *ctx) {
  patterns.add<SliceSMEMOfCastType>(ctx);
}

void WarpMapOp::getCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *ctx) {
  patterns.add<HoistCastsOutOfWarpMap>(ctx);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void MosaicGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "mosaic_gpu/MosaicGPUOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "mosaic_gpu/MosaicGPUAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "mosaic_gpu/MosaicGPUTypes.cpp.inc"
      >();
}

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(MosaicGPU, mosaic_gpu_impl,
                                      mlir::mosaic_gpu::MosaicGPUDialect)

//===----------------------------------------------------------------------===//
// C accessors used by the Rust verifiers
//===----------------------------------------------------------------------===//

int32_t mosaicGpuMemorySpaceGetKind(MlirAttribute space) {
  Attribute attr = unwrap(space);
  if (!attr)
    return MosaicGpuSpaceGmem;
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(attr))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup ? MosaicGpuSpaceSmem
                                                               : MosaicGpuSpaceOther;
  if (isa<TmemAttr>(attr))
    return MosaicGpuSpaceTmem;
  if (isa<SmemClusterAttr>(attr))
    return MosaicGpuSpaceSmemCluster;
  return MosaicGpuSpaceOther;
}
