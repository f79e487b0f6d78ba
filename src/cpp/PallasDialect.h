//===- PallasDialect.h - C++ declarations of the pallas dialect -*- C++ -*-===//
//
// Only generated declarations: all logic beyond parsing/printing lives in Rust.
//
//===----------------------------------------------------------------------===//

#ifndef PALLAS_MLIR_PALLASDIALECT_H
#define PALLAS_MLIR_PALLASDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "pallas/PallasEnums.h.inc"

namespace mlir::pallas {
/// `vector<shape(like) x elem>` when `like` is a vector; `elem` otherwise
/// (the result types ODS derives for the SparseCore lane ops; a non-vector
/// operand then fails the op's verifier rather than the parser).
Type vectorOfShapeLike(Type like, Type elem);
} // namespace mlir::pallas

#include "pallas/PallasDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "pallas/PallasAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "pallas/PallasTypes.h.inc"

#define GET_OP_CLASSES
#include "pallas/PallasOps.h.inc"

namespace mlir::pallas {
/// Block dim kinds as stored in BlockSpecAttr::getKinds().
enum BlockDimKind : int64_t { Blocked = 0, Squeezed = 1, Element = 2, Bounded = 3 };
/// Revisit modes as stored in BlockSpecAttr::getRevisit() (0: none given).
enum RevisitKind : int64_t { RevisitImmediate = 1, RevisitAny = 2 };

/// The type of the ref the kernel body sees for a block spec: the block shape
/// without squeezed dims, the array's element type, the block memory space.
MemRefType getBlockRefType(BlockSpecAttr spec);
} // namespace mlir::pallas

#endif // PALLAS_MLIR_PALLASDIALECT_H
