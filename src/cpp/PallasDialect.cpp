//===- PallasDialect.cpp - pallas dialect: registration, syntax ----------===//
//
// What C++ must do for the dialect: register the generated classes and parse
// and print the custom syntax. Verification is forwarded to Rust.
//
//===----------------------------------------------------------------------===//

#include "PallasDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include "pallas-mlir-c/Bridge.h"

using namespace mlir;
using namespace mlir::pallas;

#include "pallas/PallasDialect.cpp.inc"
#include "pallas/PallasEnums.cpp.inc"

//===----------------------------------------------------------------------===//
// Indexers: `[%i, 0:8, %s:16:2]`
//===----------------------------------------------------------------------===//

static ParseResult parseIndexer(OpAsmParser &parser,
                                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &indices,
                                DenseI64ArrayAttr &starts, DenseI64ArrayAttr &sizes,
                                DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> startList, sizeList, strideList;
  auto parseEntry = [&](bool &parsedAny) -> ParseResult {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult asOperand = parser.parseOptionalOperand(operand);
    if (asOperand.has_value()) {
      if (failed(*asOperand))
        return failure();
      indices.push_back(operand);
      startList.push_back(ShapedType::kDynamic);
    } else {
      int64_t start;
      OptionalParseResult asInt = parser.parseOptionalInteger(start);
      if (!asInt.has_value()) {
        if (!startList.empty())
          return parser.emitError(parser.getCurrentLocation(),
                                  "expected an index value or an integer");
        parsedAny = false;
        return success();
      }
      if (failed(*asInt))
        return failure();
      startList.push_back(start);
    }
    parsedAny = true;
    int64_t size = -1, stride = 1;
    if (succeeded(parser.parseOptionalColon())) {
      if (parser.parseInteger(size))
        return failure();
      if (succeeded(parser.parseOptionalColon()) && parser.parseInteger(stride))
        return failure();
    }
    sizeList.push_back(size);
    strideList.push_back(stride);
    return success();
  };
  bool parsedAny = false;
  if (parseEntry(parsedAny))
    return failure();
  while (parsedAny && succeeded(parser.parseOptionalComma()))
    if (parseEntry(parsedAny))
      return failure();
  Builder b(parser.getContext());
  starts = b.getDenseI64ArrayAttr(startList);
  sizes = b.getDenseI64ArrayAttr(sizeList);
  strides = b.getDenseI64ArrayAttr(strideList);
  return success();
}

static void printIndexer(OpAsmPrinter &p, Operation *, OperandRange indices,
                         DenseI64ArrayAttr starts, DenseI64ArrayAttr sizes,
                         DenseI64ArrayAttr strides) {
  unsigned nextDynamic = 0;
  for (int64_t i = 0, e = starts.size(); i < e; ++i) {
    if (i)
      p << ", ";
    if (ShapedType::isDynamic(starts[i]) && nextDynamic < indices.size())
      p << indices[nextDynamic++];
    else
      p << starts[i];
    int64_t size = i < (int64_t)sizes.size() ? sizes[i] : -1;
    int64_t stride = i < (int64_t)strides.size() ? strides[i] : 1;
    if (size >= 0) {
      p << ":" << size;
      if (stride != 1)
        p << ":" << stride;
    }
  }
}

//===----------------------------------------------------------------------===//
// SparseCore lane ops: derived result types
//===----------------------------------------------------------------------===//

Type mlir::pallas::vectorOfShapeLike(Type like, Type elem) {
  if (auto v = llvm::dyn_cast<VectorType>(like))
    return VectorType::get(v.getShape(), elem, v.getScalableDims());
  return elem;
}

// `: type($x), type($indices)` of pallas.take_along_axis; the result is the
// element type of x with the shape of the indices.
static ParseResult parseGatherTypes(OpAsmParser &parser, Type &x, Type &indices,
                                    Type &result) {
  if (parser.parseType(x) || parser.parseComma() || parser.parseType(indices))
    return failure();
  auto shaped = llvm::dyn_cast<ShapedType>(x);
  result = shaped ? vectorOfShapeLike(indices, shaped.getElementType()) : x;
  return success();
}

static void printGatherTypes(OpAsmPrinter &p, Operation *, Type x, Type indices,
                             Type) {
  p << x << ", " << indices;
}

//===----------------------------------------------------------------------===//
// Block specs
//===----------------------------------------------------------------------===//

MemRefType mlir::pallas::getBlockRefType(BlockSpecAttr spec) {
  SmallVector<int64_t> shape;
  for (auto [kind, size] : llvm::zip(spec.getKinds(), spec.getSizes()))
    if (kind != Squeezed)
      shape.push_back(size);
  return MemRefType::get(shape, spec.getArrayType().getElementType(),
                         MemRefLayoutAttrInterface(), spec.getMemorySpace());
}

void BlockSpecAttr::printBody(AsmPrinter &p) const {
  p << getArrayType() << " block [";
  for (size_t i = 0, e = getKinds().size(); i < e; ++i) {
    if (i)
      p << ", ";
    switch (getKinds()[i]) {
    case Blocked:
      p << getSizes()[i];
      break;
    case Squeezed:
      p << "squeezed";
      break;
    case Element:
      p << "element(" << getSizes()[i];
      if (getPadLow()[i] || getPadHigh()[i])
        p << ", pad = [" << getPadLow()[i] << ", " << getPadHigh()[i] << "]";
      p << ")";
      break;
    default:
      p << "bounded(" << getSizes()[i] << ")";
      break;
    }
  }
  p << "] map ";
  p.printAttribute(getIndexMap());
  if (getMemorySpace())
    p << " in " << stringifyMemorySpace(getMemorySpace().getValue());
  if (getBufferCount())
    p << " buffers " << getBufferCount();
  if (getRevisit())
    p << " revisit " << (getRevisit() == RevisitAny ? "any" : "immediate");
}

Attribute BlockSpecAttr::parseBody(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  MemRefType arrayType;
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return {};
  arrayType = llvm::dyn_cast<MemRefType>(type);
  if (!arrayType) {
    parser.emitError(typeLoc, "expected a memref array type, got ") << type;
    return {};
  }
  SmallVector<int64_t> kinds, sizes, padLow, padHigh;
  auto parseDim = [&]() -> ParseResult {
    int64_t size = 0, lo = 0, hi = 0, kind = Blocked;
    OptionalParseResult asInt = parser.parseOptionalInteger(size);
    if (asInt.has_value()) {
      if (failed(*asInt))
        return failure();
    } else {
      StringRef keyword;
      SMLoc loc = parser.getCurrentLocation();
      if (parser.parseKeyword(&keyword))
        return failure();
      if (keyword == "squeezed") {
        kind = Squeezed;
        size = 1;
      } else if (keyword == "element") {
        kind = Element;
        if (parser.parseLParen() || parser.parseInteger(size))
          return failure();
        if (succeeded(parser.parseOptionalComma())) {
          if (parser.parseKeyword("pad") || parser.parseEqual() || parser.parseLSquare() ||
              parser.parseInteger(lo) || parser.parseComma() || parser.parseInteger(hi) ||
              parser.parseRSquare())
            return failure();
        }
        if (parser.parseRParen())
          return failure();
      } else if (keyword == "bounded") {
        kind = Bounded;
        if (parser.parseLParen() || parser.parseInteger(size) || parser.parseRParen())
          return failure();
      } else {
        return parser.emitError(loc, "expected a block dim: an integer, 'squeezed', "
                                     "'element(N[, pad = [lo, hi]])' or 'bounded(N)'");
      }
    }
    kinds.push_back(kind);
    sizes.push_back(size);
    padLow.push_back(lo);
    padHigh.push_back(hi);
    return success();
  };
  if (parser.parseKeyword("block") ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseDim) ||
      parser.parseKeyword("map"))
    return {};
  Attribute indexMap;
  SMLoc mapLoc = parser.getCurrentLocation();
  if (parser.parseAttribute(indexMap))
    return {};
  if (!llvm::isa<AffineMapAttr, FlatSymbolRefAttr>(indexMap)) {
    parser.emitError(mapLoc, "expected an affine_map or a @symbol as index map");
    return {};
  }
  MemorySpaceAttr memorySpace;
  if (succeeded(parser.parseOptionalKeyword("in"))) {
    StringRef name;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&name))
      return {};
    std::optional<MemorySpace> space = symbolizeMemorySpace(name);
    if (!space) {
      parser.emitError(loc, "unknown memory space '") << name << "'";
      return {};
    }
    memorySpace = MemorySpaceAttr::get(ctx, *space);
  }
  int64_t buffers = 0, revisit = 0;
  if (succeeded(parser.parseOptionalKeyword("buffers"))) {
    if (parser.parseInteger(buffers))
      return {};
    // A revisit mode is part of a pipeline mode (pl.Buffered), so it only
    // follows `buffers N`.
    if (succeeded(parser.parseOptionalKeyword("revisit"))) {
      StringRef mode;
      SMLoc loc = parser.getCurrentLocation();
      if (parser.parseKeyword(&mode))
        return {};
      if (mode == "immediate") {
        revisit = RevisitImmediate;
      } else if (mode == "any") {
        revisit = RevisitAny;
      } else {
        parser.emitError(loc, "expected a revisit mode: 'immediate' or 'any'");
        return {};
      }
    }
  }
  return BlockSpecAttr::get(ctx, arrayType, kinds, sizes, padLow, padHigh, indexMap,
                            memorySpace, buffers, revisit);
}

Attribute BlockSpecAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  Attribute result = parseBody(parser);
  if (!result || parser.parseGreater())
    return {};
  return result;
}

void BlockSpecAttr::print(AsmPrinter &p) const {
  p << "<";
  printBody(p);
  p << ">";
}

#define GET_ATTRDEF_CLASSES
#include "pallas/PallasAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "pallas/PallasTypes.cpp.inc"

//===----------------------------------------------------------------------===//
// pallas.kernel
//===----------------------------------------------------------------------===//

ParseResult KernelOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  Builder b(ctx);
  StringAttr name;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name), result.attributes))
    return failure();

  SmallVector<int64_t> grid;
  if (succeeded(parser.parseOptionalKeyword("grid"))) {
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() -> ParseResult {
          if (succeeded(parser.parseOptionalQuestion())) {
            grid.push_back(ShapedType::kDynamic);
            return success();
          }
          int64_t extent;
          if (parser.parseInteger(extent))
            return failure();
          grid.push_back(extent);
          return success();
        }))
      return failure();
  }
  result.addAttribute(getGridAttrName(result.name), b.getDenseI64ArrayAttr(grid));

  auto parseStringList = [&](StringRef keyword, StringAttr attrName, bool quoted) -> ParseResult {
    if (failed(parser.parseOptionalKeyword(keyword)))
      return success();
    SmallVector<Attribute> items;
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() -> ParseResult {
          std::string item;
          if (quoted ? parser.parseString(&item) : parser.parseKeywordOrString(&item))
            return failure();
          items.push_back(b.getStringAttr(item));
          return success();
        }))
      return failure();
    result.addAttribute(attrName, b.getArrayAttr(items));
    return success();
  };
  if (parseStringList("names", getGridNamesAttrName(result.name), true) ||
      parseStringList("semantics", getDimensionSemanticsAttrName(result.name), false))
    return failure();

  SmallVector<OpAsmParser::Argument> bodyArgs;
  SmallVector<Attribute> prefetchTypes;
  if (succeeded(parser.parseOptionalKeyword("prefetch"))) {
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() -> ParseResult {
          OpAsmParser::Argument arg;
          if (parser.parseArgument(arg, /*allowType=*/true))
            return failure();
          prefetchTypes.push_back(TypeAttr::get(arg.type));
          bodyArgs.push_back(arg);
          return success();
        }))
      return failure();
  }
  result.addAttribute(getScalarPrefetchAttrName(result.name), b.getArrayAttr(prefetchTypes));

  auto parseSpecs = [&](StringRef keyword, StringAttr attrName) -> ParseResult {
    SmallVector<Attribute> specs;
    if (succeeded(parser.parseOptionalKeyword(keyword))) {
      if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() -> ParseResult {
            OpAsmParser::Argument arg;
            if (parser.parseArgument(arg) || parser.parseColon())
              return failure();
            auto spec = llvm::dyn_cast_or_null<BlockSpecAttr>(BlockSpecAttr::parseBody(parser));
            if (!spec)
              return failure();
            arg.type = getBlockRefType(spec);
            specs.push_back(spec);
            bodyArgs.push_back(arg);
            return success();
          }))
        return failure();
    }
    result.addAttribute(attrName, b.getArrayAttr(specs));
    return success();
  };
  if (parseSpecs("ins", getInSpecsAttrName(result.name)) ||
      parseSpecs("outs", getOutSpecsAttrName(result.name)))
    return failure();

  if (succeeded(parser.parseOptionalKeyword("scratch"))) {
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() -> ParseResult {
          OpAsmParser::Argument arg;
          if (parser.parseArgument(arg, /*allowType=*/true))
            return failure();
          bodyArgs.push_back(arg);
          return success();
        }))
      return failure();
  }

  if (succeeded(parser.parseOptionalKeyword("aliases"))) {
    SmallVector<int64_t> pairs;
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() -> ParseResult {
          int64_t in, out;
          if (parser.parseInteger(in) || parser.parseArrow() || parser.parseInteger(out))
            return failure();
          pairs.push_back(in);
          pairs.push_back(out);
          return success();
        }))
      return failure();
    result.addAttribute(getInputOutputAliasesAttrName(result.name),
                        b.getDenseI64ArrayAttr(pairs));
  }

  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, bodyArgs, /*enableNameShadowing=*/false))
    return failure();
  KernelOp::ensureTerminator(*body, b, result.location);
  return success();
}

void KernelOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printSymbolName(getSymName());
  Block &body = getBody().front();
  unsigned argIndex = 0;
  auto nextArg = [&]() -> BlockArgument {
    return argIndex < body.getNumArguments() ? body.getArgument(argIndex++) : BlockArgument();
  };

  ArrayRef<int64_t> grid = getGrid();
  if (!grid.empty()) {
    p << " grid(";
    llvm::interleaveComma(grid, p, [&](int64_t extent) {
      if (ShapedType::isDynamic(extent))
        p << "?";
      else
        p << extent;
    });
    p << ")";
  }
  if (auto names = getGridNames()) {
    p << " names(";
    llvm::interleaveComma(names->getAsValueRange<StringAttr>(), p,
                          [&](StringRef n) { p.printString(n); });
    p << ")";
  }
  if (auto semantics = getDimensionSemantics()) {
    p << " semantics(";
    llvm::interleaveComma(semantics->getAsValueRange<StringAttr>(), p,
                          [&](StringRef n) { p.printKeywordOrString(n); });
    p << ")";
  }
  auto printTypedArgs = [&](StringRef keyword, unsigned count) {
    if (!count)
      return;
    p.printNewline();
    p << "    " << keyword << "(";
    for (unsigned i = 0; i < count; ++i) {
      if (i)
        p << ", ";
      if (BlockArgument arg = nextArg())
        p.printRegionArgument(arg);
    }
    p << ")";
  };
  printTypedArgs("prefetch", getScalarPrefetch().size());
  auto printSpecs = [&](StringRef keyword, ArrayAttr specs) {
    if (specs.empty())
      return;
    p.printNewline();
    p << "    " << keyword << "(";
    for (auto [i, attr] : llvm::enumerate(specs)) {
      if (i)
        p << ",";
      if (specs.size() > 1) {
        p.printNewline();
        p << "        ";
      }
      if (BlockArgument arg = nextArg())
        p.printRegionArgument(arg, {}, /*omitType=*/true);
      p << ": ";
      if (auto spec = llvm::dyn_cast<BlockSpecAttr>(attr))
        spec.printBody(p);
      else
        p.printAttribute(attr);
    }
    p << ")";
  };
  printSpecs("ins", getInSpecs());
  printSpecs("outs", getOutSpecs());
  printTypedArgs("scratch", body.getNumArguments() - argIndex);
  ArrayRef<int64_t> aliases = getInputOutputAliases();
  if (!aliases.empty()) {
    p.printNewline();
    p << "    aliases(";
    for (size_t i = 0; i + 1 < aliases.size(); i += 2) {
      if (i)
        p << ", ";
      p << aliases[i] << " -> " << aliases[i + 1];
    }
    p << ")";
  }
  SmallVector<StringRef> elided = {
      getSymNameAttrName(),          getGridAttrName(),         getGridNamesAttrName(),
      getDimensionSemanticsAttrName(), getScalarPrefetchAttrName(), getInSpecsAttrName(),
      getOutSpecsAttrName(),         getInputOutputAliasesAttrName()};
  bool hasOtherAttrs = llvm::any_of((*this)->getAttrs(), [&](NamedAttribute attr) {
    return !llvm::is_contained(elided, attr.getName().getValue());
  });
  if (hasOtherAttrs) {
    p.printNewline();
    p << "   ";
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(), elided);
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false, /*printBlockTerminators=*/false);
}

//===----------------------------------------------------------------------===//
// pallas.index_map
//===----------------------------------------------------------------------===//

ParseResult IndexMapOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildType = [](Builder &builder, ArrayRef<Type> args, ArrayRef<Type> results,
                      function_interface_impl::VariadicFlag, std::string &) {
    return builder.getFunctionType(args, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false, getFunctionTypeAttrName(result.name), buildType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void IndexMapOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(p, *this, /*isVariadic=*/false,
                                           getFunctionTypeAttrName(), getArgAttrsAttrName(),
                                           getResAttrsAttrName());
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

OpFoldResult NumProgramsOp::fold(FoldAdaptor) {
  auto kernel = (*this)->getParentOfType<KernelOp>();
  if (!kernel)
    return {};
  ArrayRef<int64_t> grid = kernel.getGrid();
  int64_t axis = getAxis();
  if (axis < 0 || axis >= (int64_t)grid.size() || ShapedType::isDynamic(grid[axis]))
    return {};
  return IntegerAttr::get(IntegerType::get(getContext(), 32), grid[axis]);
}

//===----------------------------------------------------------------------===//
// Verifiers: all forwarded to Rust (src/dialect/pallas/verify).
//===----------------------------------------------------------------------===//

#define PALLAS_RUST_VERIFIER(OpClass)                                          \
  LogicalResult OpClass::verify() {                                            \
    return unwrap(pallas_rust_verify_op(wrap(getOperation())));                \
  }
PALLAS_RUST_VERIFIER(KernelOp)
PALLAS_RUST_VERIFIER(IndexMapOp)
PALLAS_RUST_VERIFIER(ProgramIdOp)
PALLAS_RUST_VERIFIER(NumProgramsOp)
PALLAS_RUST_VERIFIER(AxisIndexOp)
PALLAS_RUST_VERIFIER(DeviceIdOp)
PALLAS_RUST_VERIFIER(LoadOp)
PALLAS_RUST_VERIFIER(StoreOp)
PALLAS_RUST_VERIFIER(SwapOp)
PALLAS_RUST_VERIFIER(AtomicRmwOp)
PALLAS_RUST_VERIFIER(AtomicCasOp)
PALLAS_RUST_VERIFIER(RefReshapeOp)
PALLAS_RUST_VERIFIER(RefBitcastOp)
PALLAS_RUST_VERIFIER(DotOp)
PALLAS_RUST_VERIFIER(RollOp)
PALLAS_RUST_VERIFIER(BitcastOp)
PALLAS_RUST_VERIFIER(MultipleOfOp)
PALLAS_RUST_VERIFIER(RunScopedOp)
PALLAS_RUST_VERIFIER(GetBarrierSemaphoreOp)
PALLAS_RUST_VERIFIER(SemaphoreSignalOp)
PALLAS_RUST_VERIFIER(SemaphoreWaitOp)
PALLAS_RUST_VERIFIER(SemaphoreReadOp)
PALLAS_RUST_VERIFIER(DmaStartOp)
PALLAS_RUST_VERIFIER(DmaWaitOp)
PALLAS_RUST_VERIFIER(DebugPrintOp)
PALLAS_RUST_VERIFIER(DelayOp)
PALLAS_RUST_VERIFIER(PrngSeedOp)
PALLAS_RUST_VERIFIER(PrngRandomBitsOp)
PALLAS_RUST_VERIFIER(BarrierArriveOp)
PALLAS_RUST_VERIFIER(BarrierWaitOp)
PALLAS_RUST_VERIFIER(CopyGmemToSmemOp)
PALLAS_RUST_VERIFIER(CopySmemToGmemOp)
PALLAS_RUST_VERIFIER(CommitSmemOp)
PALLAS_RUST_VERIFIER(WaitSmemToGmemOp)
PALLAS_RUST_VERIFIER(WgmmaOp)
PALLAS_RUST_VERIFIER(CommitSmemToGmemGroupOp)
PALLAS_RUST_VERIFIER(WgmmaWaitOp)
PALLAS_RUST_VERIFIER(LayoutCastOp)
PALLAS_RUST_VERIFIER(SetMaxRegistersOp)
PALLAS_RUST_VERIFIER(IotaOp)
PALLAS_RUST_VERIFIER(ReciprocalOp)
PALLAS_RUST_VERIFIER(ConcatenateOp)
PALLAS_RUST_VERIFIER(RepeatOp)
PALLAS_RUST_VERIFIER(NamedScopeOp)
PALLAS_RUST_VERIFIER(SortOp)
PALLAS_RUST_VERIFIER(CumulativeOp)
PALLAS_RUST_VERIFIER(ScanCountOp)
PALLAS_RUST_VERIFIER(TakeAlongAxisOp)
PALLAS_RUST_VERIFIER(RevOp)
PALLAS_RUST_VERIFIER(LoadGatherOp)
PALLAS_RUST_VERIFIER(StoreScatterOp)
PALLAS_RUST_VERIFIER(SubcoreBarrierOp)
#undef PALLAS_RUST_VERIFIER

LogicalResult KernelOp::verifySymbolUses(SymbolTableCollection &) {
  return unwrap(pallas_rust_verify_symbol_uses(wrap(getOperation())));
}
LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &) {
  return unwrap(pallas_rust_verify_symbol_uses(wrap(getOperation())));
}

#define GET_OP_CLASSES
#include "pallas/PallasOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

void PallasDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "pallas/PallasOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "pallas/PallasAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "pallas/PallasTypes.cpp.inc"
      >();
}

LogicalResult PallasDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  return unwrap(pallas_rust_verify_op_attribute(wrap(op), wrap(attr.getName().strref()),
                                                wrap(attr.getValue())));
}

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Pallas, pallas_impl, mlir::pallas::PallasDialect)

//===----------------------------------------------------------------------===//
// C accessors used by Rust
//===----------------------------------------------------------------------===//

bool pallasAttributeIsBlockSpec(MlirAttribute attr) {
  return llvm::isa<BlockSpecAttr>(unwrap(attr));
}

PallasBlockSpec pallasBlockSpecGet(MlirAttribute attr) {
  auto spec = llvm::cast<BlockSpecAttr>(unwrap(attr));
  PallasBlockSpec view;
  view.arrayType = wrap(Type(spec.getArrayType()));
  view.rank = spec.getKinds().size();
  view.kinds = spec.getKinds().data();
  view.sizes = spec.getSizes().data();
  view.padLow = spec.getPadLow().data();
  view.padHigh = spec.getPadHigh().data();
  view.indexMap = wrap(spec.getIndexMap());
  view.memorySpace = spec.getMemorySpace() ? (int32_t)spec.getMemorySpace().getValue() : -1;
  view.bufferCount = spec.getBufferCount();
  view.revisit = spec.getRevisit();
  return view;
}

MlirAttribute pallasBlockSpecCreate(MlirContext ctx, PallasBlockSpec view) {
  MLIRContext *context = unwrap(ctx);
  MemorySpaceAttr space;
  if (view.memorySpace >= 0)
    space = MemorySpaceAttr::get(context, (MemorySpace)view.memorySpace);
  return wrap(BlockSpecAttr::get(
      context, llvm::cast<MemRefType>(unwrap(view.arrayType)),
      ArrayRef<int64_t>(view.kinds, view.rank), ArrayRef<int64_t>(view.sizes, view.rank),
      ArrayRef<int64_t>(view.padLow, view.rank), ArrayRef<int64_t>(view.padHigh, view.rank),
      unwrap(view.indexMap), space, view.bufferCount, view.revisit));
}

MlirType pallasBlockSpecGetBlockRefType(MlirAttribute attr) {
  return wrap(Type(getBlockRefType(llvm::cast<BlockSpecAttr>(unwrap(attr)))));
}

int32_t pallasMemorySpaceAttrGetValue(MlirAttribute attr) {
  if (auto space = llvm::dyn_cast_or_null<MemorySpaceAttr>(unwrap(attr)))
    return (int32_t)space.getValue();
  return -1;
}

MlirAttribute pallasMemorySpaceAttrGet(MlirContext ctx, int32_t value) {
  return wrap(MemorySpaceAttr::get(unwrap(ctx), (MemorySpace)value));
}

bool pallasAttributeIsCostEstimate(MlirAttribute attr) {
  return llvm::isa<CostEstimateAttr>(unwrap(attr));
}

void pallasCostEstimateGet(MlirAttribute attr, int64_t out[4]) {
  auto cost = llvm::cast<CostEstimateAttr>(unwrap(attr));
  out[0] = cost.getFlops();
  out[1] = cost.getTranscendentals();
  out[2] = cost.getBytesAccessed();
  out[3] = cost.getRemoteBytesTransferred();
}

int32_t pallasTypeGetKind(MlirType type) {
  return llvm::TypeSwitch<Type, int32_t>(unwrap(type))
      .Case<SemaphoreType>([](auto) { return PallasTypeSemaphore; })
      .Case<DmaSemaphoreType>([](auto) { return PallasTypeDmaSemaphore; })
      .Case<BarrierSemaphoreType>([](auto) { return PallasTypeBarrierSemaphore; })
      .Case<BarrierType>([](auto) { return PallasTypeBarrier; })
      .Default([](auto) { return PallasTypeOther; });
}

MlirType pallasSemaphoreTypeGet(MlirContext ctx, int32_t kind) {
  MLIRContext *context = unwrap(ctx);
  switch (kind) {
  case PallasTypeSemaphore:
    return wrap(SemaphoreType::get(context));
  case PallasTypeDmaSemaphore:
    return wrap(DmaSemaphoreType::get(context));
  case PallasTypeBarrierSemaphore:
    return wrap(BarrierSemaphoreType::get(context));
  default:
    return wrap(BarrierType::get(context, 1, false, nullptr));
  }
}

int64_t pallasBarrierTypeGetArrivals(MlirType type) {
  return llvm::cast<BarrierType>(unwrap(type)).getArrivals();
}

bool pallasBarrierTypeGetOrdersTensorCore(MlirType type) {
  return llvm::cast<BarrierType>(unwrap(type)).getOrdersTensorCore();
}

MlirAttribute pallasBarrierTypeGetCollectiveAxes(MlirType type) {
  return wrap(llvm::cast<BarrierType>(unwrap(type)).getCollectiveAxes());
}

bool pallasAttributeIsGpuTransforms(MlirAttribute attr) {
  return llvm::isa<GpuTransformsAttr>(unwrap(attr));
}

MlirAttribute pallasGpuTransformsGetTiling(MlirAttribute attr) {
  return wrap(llvm::cast<GpuTransformsAttr>(unwrap(attr)).getTiling());
}

int64_t pallasGpuTransformsGetSwizzle(MlirAttribute attr) {
  return llvm::cast<GpuTransformsAttr>(unwrap(attr)).getSwizzle();
}

MlirAttribute pallasGpuTransformsGetTranspose(MlirAttribute attr) {
  return wrap(llvm::cast<GpuTransformsAttr>(unwrap(attr)).getTranspose());
}

void pallasEmitOpError(MlirOperation op, MlirStringRef message) {
  unwrap(op)->emitOpError(unwrap(message));
}

void pallasEmitErrorWithNote(MlirLocation loc, MlirStringRef message, MlirLocation noteLoc,
                             MlirStringRef note) {
  InFlightDiagnostic diag = emitError(unwrap(loc), unwrap(message));
  if (!mlirLocationIsNull(noteLoc))
    diag.attachNote(unwrap(noteLoc)) << unwrap(note);
}

void pallasEmitRemark(MlirLocation loc, MlirStringRef message) {
  emitRemark(unwrap(loc), unwrap(message));
}
