//===- TPUDialect.cpp - tpu dialect: registration, custom syntax ---------===//
//
// What ODS cannot express for the Mosaic TPU dialect: the hand-written syntax
// of `#tpu.tiled` and `#tpu.vpad`, the tiled layout as an affine map, the
// float8_exmy semantics, and dialect registration. Op verifiers are generated
// as calls into Rust (TPU_VerifiedOp in TPUOps.td).
//
//===----------------------------------------------------------------------===//

#include "TPUDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include "pallas-mlir-c/Bridge.h"

using namespace mlir;
using namespace mlir::tpu;

#include "tpu/TPUDialect.cpp.inc"
#include "tpu/TPUEnums.cpp.inc"

LogicalResult mlir::tpu::verifyInRust(Operation *op) {
  return unwrap(tpu_rust_verify_op(wrap(op)));
}

//===----------------------------------------------------------------------===//
// #tpu.tiled<(8,128)(2,1),[2,1]>
//===----------------------------------------------------------------------===//

SmallVector<ArrayRef<int64_t>> TiledLayoutAttr::getTiles() const {
  SmallVector<ArrayRef<int64_t>> tiles;
  ArrayRef<int64_t> sizes = getTileSizes();
  for (int64_t rank : getTileRanks()) {
    tiles.push_back(sizes.take_front(rank));
    sizes = sizes.drop_front(rank);
  }
  return tiles;
}

Attribute TiledLayoutAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> sizes, ranks, strides;
  if (parser.parseLess())
    return {};
  while (succeeded(parser.parseOptionalLParen())) {
    int64_t rank = 0;
    while (failed(parser.parseOptionalRParen())) {
      int64_t size;
      if ((rank && parser.parseComma()) || parser.parseInteger(size))
        return {};
      sizes.push_back(size);
      ++rank;
    }
    ranks.push_back(rank);
  }
  if (parser.parseComma() || parser.parseLSquare())
    return {};
  while (failed(parser.parseOptionalRSquare())) {
    int64_t stride;
    if ((!strides.empty() && parser.parseComma()) || parser.parseInteger(stride))
      return {};
    strides.push_back(stride);
  }
  if (parser.parseGreater())
    return {};
  // Like Mosaic, the parser does not run the attribute verifier (only the
  // memref's verifyLayout applies), so everything jaxlib prints parses.
  return get(parser.getContext(), sizes, ranks, strides);
}

void TiledLayoutAttr::print(AsmPrinter &printer) const {
  printer << '<';
  for (ArrayRef<int64_t> tile : getTiles()) {
    printer << '(';
    llvm::interleave(tile, printer.getStream(), ",");
    printer << ')';
  }
  printer << ",[";
  llvm::interleave(getTileStrides(), printer.getStream(), ",");
  printer << "]>";
}

/// The shape after tiling `shape` by each of `tiles` in turn (every tiled
/// dimension d becomes ceil(d / t), t); failure when `exact` and a tile does
/// not divide its dimension.
static FailureOr<SmallVector<int64_t>>
tileShape(ArrayRef<int64_t> shape, ArrayRef<ArrayRef<int64_t>> tiles, bool exact) {
  SmallVector<int64_t> result(shape);
  for (ArrayRef<int64_t> tile : tiles) {
    size_t n = tile.size();
    if (n > result.size())
      return failure();
    SmallVector<int64_t> outer, inner;
    for (size_t i = 0; i < n; ++i) {
      int64_t dim = result[result.size() - n + i];
      if (tile[i] <= 0)
        return failure();
      if (ShapedType::isDynamic(dim)) {
        if (exact)
          return failure();
        outer.push_back(ShapedType::kDynamic);
      } else {
        if (exact && dim % tile[i] != 0)
          return failure();
        outer.push_back(llvm::divideCeil(dim, tile[i]));
      }
      inner.push_back(tile[i]);
    }
    result.resize(result.size() - n);
    result.append(outer);
    result.append(inner);
  }
  return result;
}

LogicalResult TiledLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                      ArrayRef<int64_t> tileSizes,
                                      ArrayRef<int64_t> tileRanks,
                                      ArrayRef<int64_t> tileStrides) {
  int64_t total = 0;
  for (int64_t rank : tileRanks) {
    if (rank < 0)
      return emitError() << "negative tile rank";
    total += rank;
  }
  if (total != (int64_t)tileSizes.size())
    return emitError() << "tile ranks do not add up to the number of tile sizes";
  if (llvm::any_of(tileStrides, ShapedType::isDynamic))
    return emitError() << "Not implemented: Dynamic tile strides";
  if (tileRanks.empty())
    return success();
  SmallVector<ArrayRef<int64_t>> tiles;
  ArrayRef<int64_t> rest = tileSizes;
  for (int64_t rank : tileRanks) {
    tiles.push_back(rest.take_front(rank));
    rest = rest.drop_front(rank);
  }
  // Later tiles may only subdivide the first one.
  int64_t rank = tileStrides.size();
  int64_t untiled = rank, tiled = rank;
  for (ArrayRef<int64_t> tile : tiles) {
    untiled = std::min<int64_t>(untiled, tiled - (int64_t)tile.size());
    tiled += tile.size();
  }
  if (untiled != rank - (int64_t)tiles.front().size())
    return emitError() << "Not implemented: Nested tiling across first tiles";
  if (failed(tileShape(tiles.front(), ArrayRef(tiles).drop_front(), true))) {
    auto diag = emitError() << "Not implemented: Nested tiles must evenly divide the first tile (";
    llvm::interleave(tiles.front(), [&](int64_t v) { diag << v; }, [&] { diag << ","; });
    return diag << ") but they do not (would add padding)";
  }
  return success();
}

LogicalResult
TiledLayoutAttr::verifyLayout(ArrayRef<int64_t> shape,
                              function_ref<InFlightDiagnostic()> emitError) const {
  if (getRank() != (int64_t)shape.size())
    return emitError() << "Layout rank does not match shape rank";
  return success();
}

AffineMap TiledLayoutAttr::getAffineMap() const {
  MLIRContext *ctx = getContext();
  int64_t rank = getRank();
  SmallVector<ArrayRef<int64_t>> tiles = getTiles();
  // Index expressions of the tiled shape, one level of tiling at a time.
  SmallVector<AffineExpr> exprs;
  for (int64_t i = 0; i < rank; ++i)
    exprs.push_back(getAffineDimExpr(i, ctx));
  for (ArrayRef<int64_t> tile : tiles) {
    size_t n = tile.size();
    if (n > exprs.size() || llvm::any_of(tile, [](int64_t t) { return t <= 0; }))
      return AffineMap::getMultiDimIdentityMap(rank, ctx);
    SmallVector<AffineExpr> next(exprs.begin(), exprs.end() - n);
    for (size_t i = 0; i < n; ++i)
      next.push_back(exprs[exprs.size() - n + i].floorDiv(tile[i]));
    for (size_t i = 0; i < n; ++i)
      next.push_back(exprs[exprs.size() - n + i] % tile[i]);
    exprs = std::move(next);
  }
  // Strides: the given ones (scaled by the first tile's size) for the outer
  // dimensions, row-major within the (sub)tiled first tile.
  SmallVector<int64_t> strides(getTileStrides());
  if (!tiles.empty()) {
    FailureOr<SmallVector<int64_t>> inner =
        tileShape(tiles.front(), ArrayRef(tiles).drop_front(), true);
    if (failed(inner))
      return AffineMap::getMultiDimIdentityMap(rank, ctx);
    int64_t firstTileSize = 1;
    for (int64_t s : tiles.front())
      firstTileSize *= s;
    for (int64_t &s : strides)
      s *= firstTileSize;
    SmallVector<int64_t> innerStrides(inner->size());
    int64_t size = 1;
    for (int64_t d = inner->size() - 1; d >= 0; --d) {
      innerStrides[d] = size;
      size *= (*inner)[d];
    }
    strides.append(innerStrides);
  }
  if (strides.size() != exprs.size())
    return AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineExpr offset = getAffineConstantExpr(0, ctx);
  for (auto [expr, stride] : llvm::zip(exprs, strides))
    offset = offset + expr * getAffineConstantExpr(stride, ctx);
  return AffineMap::get(rank, 0, offset);
}

//===----------------------------------------------------------------------===//
// #tpu.vpad<"32,{0,*},(8,128),-2">
//===----------------------------------------------------------------------===//

/// Parses a vector layout and returns its canonical text, or nothing. The
/// layout must be one Mosaic can represent (its VectorLayout constructor
/// aborts the process otherwise): a power-of-two bitwidth up to 32, positive
/// tiling, non-negative offsets, the second-minor offset inside the tile.
static std::optional<std::string> canonicalVectorLayout(StringRef text) {
  if (text == "none")
    return std::string("none");
  StringRef s = text;
  // An offset is `*` (replicated, kept as -1 here) or an integer.
  auto offset = [&s](int64_t &out) {
    if (s.consume_front("*")) {
      out = -1;
      return true;
    }
    return !s.consumeInteger(10, out) && out >= 0;
  };
  int8_t bitwidth;
  int64_t off0, off1, tile0, tile1;
  if (s.consumeInteger(10, bitwidth) || !s.consume_front(",{") || !offset(off0) ||
      !s.consume_front(",") || !offset(off1) || !s.consume_front("},(") ||
      s.consumeInteger(10, tile0) || !s.consume_front(",") ||
      s.consumeInteger(10, tile1) || !s.consume_front(")"))
    return std::nullopt;
  StringRef implicit;
  for (StringRef candidate : {",-2,-1", ",-1", ",-2"}) {
    if (s.consume_front(candidate)) {
      implicit = candidate;
      break;
    }
  }
  if (!s.empty() || bitwidth <= 0 || bitwidth > 32 ||
      !llvm::has_single_bit((unsigned)bitwidth) || tile0 <= 0 || tile1 <= 0 ||
      off0 >= tile0)
    return std::nullopt;
  auto str = [](int64_t v) { return v < 0 ? std::string("*") : std::to_string(v); };
  return std::to_string(bitwidth) + ",{" + str(off0) + "," + str(off1) + "},(" +
         std::to_string(tile0) + "," + std::to_string(tile1) + ")" + implicit.str();
}

Attribute VectorLayoutAttr::parse(AsmParser &parser, Type) {
  std::string text;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseString(&text))
    return {};
  std::optional<std::string> layout = canonicalVectorLayout(text);
  if (!layout) {
    parser.emitError(loc, "invalid vector layout \"") << text << "\"";
    return {};
  }
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(), *layout);
}

void VectorLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<\"" << getLayout() << "\">";
}

//===----------------------------------------------------------------------===//
// !tpu.float8_exmy
//===----------------------------------------------------------------------===//

const llvm::fltSemantics &Float8EXMYType::getFloatSemantics() const {
  return getUnderlyingType().getFloatSemantics();
}

//===----------------------------------------------------------------------===//
// Generated classes and the dialect
//===----------------------------------------------------------------------===//

#define GET_ATTRDEF_CLASSES
#include "tpu/TPUAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tpu/TPUTypes.cpp.inc"

#define GET_OP_CLASSES
#include "tpu/TPUOps.cpp.inc"

void TPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tpu/TPUOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tpu/TPUAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "tpu/TPUTypes.cpp.inc"
      >();
}

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TPU, tpu_impl, mlir::tpu::TPUDialect)

//===----------------------------------------------------------------------===//
// C accessors used by the Rust verifiers
//===----------------------------------------------------------------------===//

int32_t tpuTypeGetKind(MlirType type) {
  Type t = unwrap(type);
  if (isa<SemaphoreType>(t))
    return TpuTypeSemaphore;
  if (isa<DMASemaphoreType>(t))
    return TpuTypeDmaSemaphore;
  return TpuTypeOther;
}

int64_t tpuMemorySpaceAttrGetValue(MlirAttribute attr) {
  auto space = dyn_cast_if_present<MemorySpaceAttr>(unwrap(attr));
  return space ? (int64_t)(uint32_t)space.getValue() : -1;
}

int32_t tpuMemorySpaceAttrGetCoreType(MlirAttribute attr) {
  auto space = dyn_cast_if_present<MemorySpaceAttr>(unwrap(attr));
  if (!space || !space.getCoreType())
    return -1;
  return (int32_t)*space.getCoreType();
}

int32_t tpuCoreTypeAttrGetValue(MlirAttribute attr) {
  auto coreType = dyn_cast_if_present<CoreTypeAttr>(unwrap(attr));
  return coreType ? (int32_t)coreType.getValue() : -1;
}

bool tpuTiledLayoutGet(MlirAttribute attr, intptr_t *firstTileRank) {
  auto tiled = dyn_cast_if_present<TiledLayoutAttr>(unwrap(attr));
  if (!tiled)
    return false;
  *firstTileRank = tiled.getTileRanks().empty() ? 0 : tiled.getTileRanks().front();
  return true;
}

bool tpuDotDimensionNumbersGetList(MlirAttribute attr, int32_t which,
                                   const int64_t **data, intptr_t *size) {
  auto dims = dyn_cast_if_present<DotDimensionNumbersAttr>(unwrap(attr));
  if (!dims)
    return false;
  ArrayRef<int64_t> list;
  switch (which) {
  case 0: list = dims.getLhsContractingDims(); break;
  case 1: list = dims.getRhsContractingDims(); break;
  case 2: list = dims.getLhsNonContractingDims(); break;
  case 3: list = dims.getRhsNonContractingDims(); break;
  case 4: list = dims.getOutputDimOrder(); break;
  case 5: list = dims.getLhsBatchDims(); break;
  case 6: list = dims.getRhsBatchDims(); break;
  default: return false;
  }
  *data = list.data();
  *size = list.size();
  return true;
}

//===----------------------------------------------------------------------===//
// C constructors used by the lowerings (types and attributes built from
// values rather than parsed from text)
//===----------------------------------------------------------------------===//

MlirAttribute tpuMemorySpaceAttrGet(MlirContext ctx, int64_t value) {
  auto space = symbolizeMemorySpace((uint32_t)value);
  if (!space)
    return MlirAttribute{nullptr};
  // A pass that did not declare the dialect (the CPU lowering reads TPU
  // types too) may be the first to build one.
  unwrap(ctx)->getOrLoadDialect<TPUDialect>();
  return wrap(MemorySpaceAttr::get(unwrap(ctx), *space));
}

MlirType tpuSemaphoreTypeGet(MlirContext ctx, bool dma) {
  MLIRContext *context = unwrap(ctx);
  context->getOrLoadDialect<TPUDialect>();
  if (dma)
    return wrap(DMASemaphoreType::get(context));
  return wrap(SemaphoreType::get(context));
}
