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
