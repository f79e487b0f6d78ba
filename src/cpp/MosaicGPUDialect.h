//===- MosaicGPUDialect.h - C++ declarations of mosaic_gpu ------*- C++ -*-===//
//
// The Mosaic GPU dialect (text-compatible with jaxlib 0.10.2). Only generated
// declarations plus the hook that forwards op verifiers to Rust.
//
//===----------------------------------------------------------------------===//

#ifndef PALLAS_MLIR_MOSAICGPUDIALECT_H
#define PALLAS_MLIR_MOSAICGPUDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "mosaic_gpu/MosaicGPUEnums.h.inc"

#include "mosaic_gpu/MosaicGPUAttrInterfaces.h.inc"

#include "mosaic_gpu/MosaicGPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "mosaic_gpu/MosaicGPUAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "mosaic_gpu/MosaicGPUTypes.h.inc"

namespace mlir::mosaic_gpu {
/// Runs the Rust verifier of `op` (src/dialect/mosaic_gpu/verify.rs).
::llvm::LogicalResult verifyInRust(Operation *op);
} // namespace mlir::mosaic_gpu

#define GET_OP_CLASSES
#include "mosaic_gpu/MosaicGPUOps.h.inc"

#endif // PALLAS_MLIR_MOSAICGPUDIALECT_H
