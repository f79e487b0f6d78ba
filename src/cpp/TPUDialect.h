//===- TPUDialect.h - C++ declarations of the tpu dialect -------*- C++ -*-===//
//
// The Mosaic TPU dialect (text-compatible with jaxlib 0.10.2). Only generated
// declarations plus the hook that forwards op verifiers to Rust.
//
//===----------------------------------------------------------------------===//

#ifndef PALLAS_MLIR_TPUDIALECT_H
#define PALLAS_MLIR_TPUDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tpu/TPUEnums.h.inc"

#include "tpu/TPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tpu/TPUAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tpu/TPUTypes.h.inc"

namespace mlir::tpu {
/// Runs the Rust verifier of `op` (src/dialect/tpu/verify.rs).
::llvm::LogicalResult verifyInRust(Operation *op);
} // namespace mlir::tpu

#define GET_OP_CLASSES
#include "tpu/TPUOps.h.inc"

#endif // PALLAS_MLIR_TPUDIALECT_H
