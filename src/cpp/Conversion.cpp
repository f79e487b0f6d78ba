//===- Conversion.cpp - dialect conversion driver for Rust patterns ------===//
//
// MLIR 22 has no C API for ConversionTarget, TypeConverter, ConversionPattern
// or apply{Partial,Full}Conversion. This file gives them a C ABI; patterns,
// legality and type conversions are Rust callbacks.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/FoldInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

#include "PallasDialect.h"
#include "TPUDialect.h"
#include "pallas-mlir-c/Bridge.h"

using namespace mlir;

namespace {

class RustTypeConverter : public TypeConverter {
public:
  RustTypeConverter() {
    addConversion([](Type type) { return type; });
    auto cast = [](OpBuilder &builder, Type resultType, ValueRange inputs,
                   Location loc) -> Value {
      return builder.create<UnrealizedConversionCastOp>(loc, resultType, inputs).getResult(0);
    };
    addSourceMaterialization(cast);
    addTargetMaterialization(cast);
  }

  void addRustConversion(PallasTypeConversionFn fn, void *userData) {
    addConversion([fn, userData](Type type) -> std::optional<Type> {
      MlirType converted = fn(wrap(type), userData);
      if (mlirTypeIsNull(converted))
        return std::nullopt;
      return unwrap(converted);
    });
  }
};

class RustConversionPattern : public ConversionPattern {
public:
  RustConversionPattern(StringRef rootName, PatternBenefit benefit, MLIRContext *ctx,
                        PallasPatternFn fn, void *userData)
      : ConversionPattern(rootName, benefit, ctx), fn(fn), userData(userData) {
    setHasBoundedRewriteRecursion();
  }
  RustConversionPattern(const TypeConverter &converter, StringRef rootName,
                        PatternBenefit benefit, MLIRContext *ctx, PallasPatternFn fn,
                        void *userData)
      : ConversionPattern(converter, rootName, benefit, ctx), fn(fn), userData(userData) {
    setHasBoundedRewriteRecursion();
  }

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<MlirValue> wrapped;
    for (Value v : operands)
      wrapped.push_back(wrap(v));
    return unwrap(fn(wrap(op), wrapped.data(), (intptr_t)wrapped.size(),
                     wrap(static_cast<RewriterBase *>(&rewriter)), userData));
  }

private:
  PallasPatternFn fn;
  void *userData;
};

struct TargetWithContext {
  explicit TargetWithContext(MLIRContext &ctx) : context(ctx), target(ctx) {}
  MLIRContext &context;
  ConversionTarget target;
};

ConversionTarget *unwrapTarget(PallasConversionTarget t) {
  return &static_cast<TargetWithContext *>(t.ptr)->target;
}
MLIRContext *targetContext(PallasConversionTarget t) {
  return &static_cast<TargetWithContext *>(t.ptr)->context;
}
RustTypeConverter *unwrapConverter(PallasTypeConverter c) {
  return static_cast<RustTypeConverter *>(c.ptr);
}
RewritePatternSet *unwrapPatterns(PallasConversionPatternSet s) {
  return static_cast<RewritePatternSet *>(s.ptr);
}

std::optional<bool> legalityFromRust(int32_t answer) {
  if (answer < 0)
    return std::nullopt;
  return answer != 0;
}

} // namespace

PallasConversionTarget pallasConversionTargetCreate(MlirContext ctx) {
  return {new TargetWithContext(*unwrap(ctx))};
}
void pallasConversionTargetDestroy(PallasConversionTarget target) {
  delete static_cast<TargetWithContext *>(target.ptr);
}
void pallasConversionTargetAddLegalDialect(PallasConversionTarget target, MlirStringRef name) {
  unwrapTarget(target)->addLegalDialect(unwrap(name));
}
void pallasConversionTargetAddIllegalDialect(PallasConversionTarget target, MlirStringRef name) {
  unwrapTarget(target)->addIllegalDialect(unwrap(name));
}
void pallasConversionTargetAddLegalOp(PallasConversionTarget target, MlirStringRef name) {
  unwrapTarget(target)->addLegalOp(OperationName(unwrap(name), targetContext(target)));
}
void pallasConversionTargetAddIllegalOp(PallasConversionTarget target, MlirStringRef name) {
  unwrapTarget(target)->addIllegalOp(
      OperationName(unwrap(name), targetContext(target)));
}
void pallasConversionTargetAddDynamicallyLegalOp(PallasConversionTarget target,
                                                 MlirStringRef name, PallasLegalityFn fn,
                                                 void *userData) {
  ConversionTarget *t = unwrapTarget(target);
  t->addDynamicallyLegalOp(OperationName(unwrap(name), targetContext(target)),
                           [fn, userData](Operation *op) {
                             return legalityFromRust(fn(wrap(op), userData));
                           });
}
void pallasConversionTargetAddDynamicallyLegalDialect(PallasConversionTarget target,
                                                      MlirStringRef name, PallasLegalityFn fn,
                                                      void *userData) {
  unwrapTarget(target)->addDynamicallyLegalDialect(
      [fn, userData](Operation *op) { return legalityFromRust(fn(wrap(op), userData)); },
      unwrap(name));
}
bool pallasConversionTargetIsLegal(PallasConversionTarget target, MlirOperation op) {
  return unwrapTarget(target)->isLegal(unwrap(op)).has_value();
}
bool pallasConversionTargetIsIllegal(PallasConversionTarget target, MlirOperation op) {
  return unwrapTarget(target)->isIllegal(unwrap(op));
}

PallasTypeConverter pallasTypeConverterCreate(void) { return {new RustTypeConverter()}; }
void pallasTypeConverterDestroy(PallasTypeConverter converter) {
  delete unwrapConverter(converter);
}
void pallasTypeConverterAddConversion(PallasTypeConverter converter, PallasTypeConversionFn fn,
                                      void *userData) {
  unwrapConverter(converter)->addRustConversion(fn, userData);
}
MlirType pallasTypeConverterConvertType(PallasTypeConverter converter, MlirType type) {
  return wrap(unwrapConverter(converter)->convertType(unwrap(type)));
}
bool pallasTypeConverterIsLegalOp(PallasTypeConverter converter, MlirOperation op) {
  return unwrapConverter(converter)->isLegal(unwrap(op));
}

PallasConversionPatternSet pallasConversionPatternSetCreate(MlirContext ctx) {
  return {new RewritePatternSet(unwrap(ctx))};
}
void pallasConversionPatternSetDestroy(PallasConversionPatternSet set) {
  delete unwrapPatterns(set);
}
void pallasConversionPatternSetAdd(PallasConversionPatternSet set, MlirStringRef rootName,
                                   uint32_t benefit, PallasTypeConverter converter,
                                   PallasPatternFn fn, void *userData) {
  RewritePatternSet *patterns = unwrapPatterns(set);
  if (converter.ptr)
    patterns->add(std::make_unique<RustConversionPattern>(
        *unwrapConverter(converter), unwrap(rootName), PatternBenefit(benefit),
        patterns->getContext(), fn, userData));
  else
    patterns->add(std::make_unique<RustConversionPattern>(
        unwrap(rootName), PatternBenefit(benefit), patterns->getContext(), fn, userData));
}

void pallasConversionPatternSetAddSCFToControlFlow(PallasConversionPatternSet set) {
  populateAffineToStdConversionPatterns(*unwrapPatterns(set));
  populateSCFToControlFlowConversionPatterns(*unwrapPatterns(set));
}

MlirLogicalResult pallasApplyPartialConversion(MlirOperation root, PallasConversionTarget target,
                                               PallasConversionPatternSet patterns) {
  FrozenRewritePatternSet frozen(std::move(*unwrapPatterns(patterns)));
  return wrap(applyPartialConversion(unwrap(root), *unwrapTarget(target), frozen));
}

MlirLogicalResult pallasApplyFullConversion(MlirOperation root, PallasConversionTarget target,
                                            PallasConversionPatternSet patterns) {
  FrozenRewritePatternSet frozen(std::move(*unwrapPatterns(patterns)));
  return wrap(applyFullConversion(unwrap(root), *unwrapTarget(target), frozen));
}

MlirLogicalResult pallasRewriterConvertRegionTypes(MlirRewriterBase rewriter, MlirRegion region,
                                                   PallasTypeConverter converter) {
  auto &conversion = static_cast<ConversionPatternRewriter &>(*unwrap(rewriter));
  Region *r = unwrap(region);
  for (Block &block : llvm::make_early_inc_range(*r)) {
    std::optional<TypeConverter::SignatureConversion> sig =
        unwrapConverter(converter)->convertBlockSignature(&block);
    if (!sig)
      return wrap(failure());
    conversion.applySignatureConversion(&block, *sig, unwrapConverter(converter));
  }
  return wrap(success());
}

MlirLogicalResult pallasRewriterNotifyMatchFailure(MlirRewriterBase rewriter, MlirOperation op,
                                                   MlirStringRef why) {
  std::string reason = unwrap(why).str();
  return wrap(unwrap(rewriter)->notifyMatchFailure(
      unwrap(op), [&](Diagnostic &diag) { diag << reason; }));
}

// The order of walk<PreOrder, ForwardDominanceIterator<>>: the blocks of a
// region in depth-first successor order from its entry block. A region of
// one block (nearly all of them) is that block alone, taken without the
// depth-first iterator's visited set.
static void walkConversionOrder(Operation *op, std::vector<MlirOperation> &order) {
  order.push_back(wrap(op));
  for (Region &region : op->getRegions()) {
    if (region.empty())
      continue;
    auto walkBlock = [&](Block &block) {
      for (Operation &nested : block)
        walkConversionOrder(&nested, order);
    };
    if (region.hasOneBlock()) {
      walkBlock(region.front());
      continue;
    }
    for (Block *block : llvm::depth_first(&region.front()))
      walkBlock(*block);
  }
}

void pallasConversionOrder(MlirOperation root,
                           void (*fn)(const MlirOperation *, intptr_t, void *), void *userData) {
  std::vector<MlirOperation> order;
  walkConversionOrder(unwrap(root), order);
  fn(order.data(), order.size(), userData);
}

// Whether an ODS op class can fold: it has a `fold` method of one of the
// forms its fold hook calls (OpDefinition.h), or one of its traits folds.
template <typename T>
using FoldWithAdaptor = decltype(std::declval<T>().fold(std::declval<typename T::FoldAdaptor>()));
template <typename T>
using FoldWithAdaptorToResults =
    decltype(std::declval<T>().fold(std::declval<typename T::FoldAdaptor>(),
                                    std::declval<SmallVectorImpl<OpFoldResult> &>()));
template <typename T>
using FoldWithAttributes = decltype(std::declval<T>().fold(std::declval<ArrayRef<Attribute>>()));
template <typename T>
using FoldWithAttributesToResults =
    decltype(std::declval<T>().fold(std::declval<ArrayRef<Attribute>>(),
                                    std::declval<SmallVectorImpl<OpFoldResult> &>()));

template <typename ConcreteOp, template <typename> class... Traits>
constexpr bool anyTraitFolds(Op<ConcreteOp, Traits...> *) {
  return (op_definition_impl::detect_has_any_fold_trait<Traits<ConcreteOp>>::value || ...);
}

template <typename OpT>
constexpr bool opCanFold() {
  return llvm::is_detected<FoldWithAdaptor, OpT>::value ||
         llvm::is_detected<FoldWithAdaptorToResults, OpT>::value ||
         llvm::is_detected<FoldWithAttributes, OpT>::value ||
         llvm::is_detected<FoldWithAttributesToResults, OpT>::value ||
         anyTraitFolds(static_cast<OpT *>(nullptr));
}

// The detection must see a folder where there is one (a change of the fold
// signatures MLIR calls would otherwise skip folds): num_programs has one.
static_assert(opCanFold<pallas::NumProgramsOp>() && !opCanFold<pallas::ProgramIdOp>());

template <typename... OpTs>
static llvm::DenseSet<TypeID> nonFoldingOps() {
  llvm::DenseSet<TypeID> ids;
  ((opCanFold<OpTs>() ? void() : void(ids.insert(TypeID::get<OpTs>()))),
   ...);
  return ids;
}

// Whether `op` is a pallas op that no folder can touch: folding one (as the
// driver tries before every pattern) first looks up which operands are
// constants and then finds nothing to call.
static bool neverFolds(Operation *op) {
  Dialect *dialect = op->getDialect();
  if (!isa_and_nonnull<pallas::PallasDialect>(dialect) ||
      dialect->getRegisteredInterface<DialectFoldInterface>())
    return false;
  static const llvm::DenseSet<TypeID> ids = nonFoldingOps<
#define GET_OP_LIST
#include "pallas/PallasOps.cpp.inc"
      >();
  return ids.contains(op->getName().getTypeID());
}

// Whether `op` is a memref.subview its folder leaves alone: it folds only
// into its source, and only when the two have one type; asking builds the
// op's mixed offsets, sizes and strides (and their attributes) first.
static bool isUnfoldableSubview(Operation *op) {
  auto subview = dyn_cast<memref::SubViewOp>(op);
  return subview && subview.getType() != subview.getSource().getType();
}

int32_t pallasRewriterTryFold(MlirRewriterBase rewriter, MlirOperation op, MlirValue *results,
                              MlirOperation *newOps, intptr_t *numNewOps) {
  RewriterBase *rw = unwrap(rewriter);
  Operation *o = unwrap(op);
  rw->setInsertionPoint(o);
  SmallVector<Value, 2> values;
  SmallVector<Operation *, 2> constants;
  *numNewOps = 0;
  if (neverFolds(o) || isUnfoldableSubview(o))
    return -1;
  if (failed(rw->tryFold(o, values, &constants)))
    return -1;
  if (values.empty())
    return 0;
  for (auto [i, v] : llvm::enumerate(values))
    results[i] = wrap(v);
  // One constant at most per result.
  for (Operation *c : constants)
    newOps[(*numNewOps)++] = wrap(c);
  return 1;
}

void pallasRewriterStepPast(MlirRewriterBase rewriter, MlirOperation op) {
  RewriterBase *rw = unwrap(rewriter);
  Operation *o = unwrap(op);
  if (rw->getInsertionBlock() == o->getBlock() && rw->getInsertionPoint() == o->getIterator())
    rw->setInsertionPointAfter(o);
}

void pallasRewriterSpliceBlock(MlirRewriterBase rewriter, MlirBlock source, MlirBlock dest,
                               MlirOperation before) {
  RewriterBase *rw = unwrap(rewriter);
  Block *src = unwrap(source);
  Block *dst = unwrap(dest);
  Block::iterator at = mlirOperationIsNull(before) ? dst->end() : unwrap(before)->getIterator();
  dst->getOperations().splice(at, src->getOperations());
  if (rw->getInsertionBlock() == src)
    rw->setInsertionPoint(dst, rw->getInsertionPoint());
  src->getParent()->getBlocks().remove(src);
}

MlirValue pallasBuildCastAfter(MlirValue at, bool withInput, MlirType type, MlirLocation loc) {
  Value v = unwrap(at);
  Block *block = v.getParentBlock();
  Block::iterator point = block->begin();
  if (auto result = dyn_cast<OpResult>(v))
    point = ++result.getOwner()->getIterator();
  OpBuilder builder(v.getContext());
  builder.setInsertionPoint(block, point);
  ValueRange inputs = withInput ? ValueRange(v) : ValueRange();
  auto cast = UnrealizedConversionCastOp::create(builder, unwrap(loc), unwrap(type), inputs);
  return wrap(cast.getResult(0));
}

void pallasReplaceBlockArgumentUses(MlirValue arg, MlirValue repl) {
  Value from = unwrap(arg);
  Value to = unwrap(repl);
  auto result = dyn_cast<OpResult>(to);
  if (!result) {
    from.replaceAllUsesWith(to);
    return;
  }
  Operation *replOp = result.getOwner();
  Block *replBlock = replOp->getBlock();
  from.replaceUsesWithIf(to, [&](OpOperand &use) {
    Operation *user = use.getOwner();
    return user->getBlock() != replBlock || replOp->isBeforeInBlock(user);
  });
}

void pallasDestroyOps(const MlirOperation *ops, intptr_t n) {
  llvm::DenseSet<Operation *> gone;
  SmallVector<Operation *> roots;
  for (intptr_t i = 0; i < n; ++i) {
    Operation *op = unwrap(ops[i]);
    if (gone.contains(op))
      continue;
    op->walk([&](Operation *nested) {
      gone.insert(nested);
      nested->dropAllUses();
      nested->dropAllReferences();
    });
    roots.push_back(op);
  }
  for (Operation *op : roots)
    op->destroy();
}

void pallasDestroyBlock(MlirBlock block) {
  Block *b = unwrap(block);
  for (BlockArgument arg : b->getArguments())
    arg.dropAllUses();
  delete b;
}

void pallasEmitLiveCastError(MlirOperation castOp) {
  auto op = cast<UnrealizedConversionCastOp>(unwrap(castOp));
  InFlightDiagnostic diag = op->emitError()
                            << "failed to legalize unresolved materialization from ("
                            << op.getInputs().getTypes() << ") to (" << op.getResultTypes()
                            << ") that remained live after conversion";
  diag.attachNote(op->getUsers().begin()->getLoc())
      << "see existing live user here: " << *op->getUsers().begin();
}

void pallasEmitFailedToLegalize(MlirOperation op) {
  Operation *o = unwrap(op);
  o->emitError() << "failed to legalize operation '" << o->getName()
                 << "' that was explicitly marked illegal";
}

// The shaped types the lowerings ask about are memrefs and vectors, asked
// about for nearly every op: a TypeID comparison finds them, where a cast
// to the ShapedType interface (or a conversion to it) searches the type's
// interface map.
static bool shapeOf(Type type, ArrayRef<int64_t> &shape) {
  if (auto memref = llvm::dyn_cast<MemRefType>(type)) {
    shape = memref.getShape();
    return true;
  }
  if (auto vector = llvm::dyn_cast<VectorType>(type)) {
    shape = vector.getShape();
    return true;
  }
  auto shaped = llvm::dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return false;
  shape = shaped.getShape();
  return true;
}

intptr_t pallasShapedTypeGetShape(MlirType type, int64_t *dims, intptr_t capacity) {
  ArrayRef<int64_t> shape;
  if (!shapeOf(unwrap(type), shape))
    return -1;
  for (intptr_t i = 0, e = std::min<intptr_t>(capacity, shape.size()); i < e; ++i)
    dims[i] = shape[i];
  return shape.size();
}

const int64_t *pallasDenseI64ArrayGetData(MlirAttribute attr, intptr_t *size) {
  auto array = llvm::dyn_cast_or_null<DenseI64ArrayAttr>(unwrap(attr));
  if (!array) {
    *size = 0;
    return nullptr;
  }
  ArrayRef<int64_t> elements = array.asArrayRef();
  *size = elements.size();
  return elements.data();
}

MlirStringRef pallasVectorCombiningKindGetName(MlirAttribute attr) {
  auto kind = llvm::dyn_cast_or_null<vector::CombiningKindAttr>(unwrap(attr));
  return wrap(kind ? vector::stringifyCombiningKind(kind.getValue()) : StringRef());
}

MlirAttribute pallasVectorCombiningKindAttrGet(MlirContext ctx, MlirStringRef name) {
  std::optional<vector::CombiningKind> kind = vector::symbolizeCombiningKind(unwrap(name));
  return wrap(kind ? vector::CombiningKindAttr::get(unwrap(ctx), *kind) : Attribute());
}

MlirType pallasShapedTypeGetElementTypeOrNull(MlirType type) {
  Type t = unwrap(type);
  if (auto memref = llvm::dyn_cast<MemRefType>(t))
    return wrap(memref.getElementType());
  if (auto vector = llvm::dyn_cast<VectorType>(t))
    return wrap(vector.getElementType());
  auto shaped = llvm::dyn_cast<ShapedType>(t);
  return wrap(shaped ? shaped.getElementType() : Type());
}

const void *pallasOperationNameGet(MlirContext ctx, MlirStringRef name) {
  return OperationName(unwrap(name), unwrap(ctx)).getAsOpaquePointer();
}

MlirOperation pallasOperationCreate(const void *name, MlirLocation loc, intptr_t numOperands,
                                    const MlirValue *operands, intptr_t numResults,
                                    const MlirType *results, intptr_t numAttributes,
                                    const MlirNamedAttribute *attributes, intptr_t numRegions,
                                    const MlirRegion *regions) {
  OperationName opName = OperationName::getFromOpaquePointer(name);
  Location location = unwrap(loc);
  SmallVector<Value, 8> operandStorage;
  SmallVector<Type, 2> typeStorage;
  ValueRange operandRange = unwrapList(numOperands, operands, operandStorage);
  TypeRange typeRange = unwrapList(numResults, results, typeStorage);
  // An op that keeps its inherent attributes as properties gets them set
  // directly; only the others go through a (sorted, uniqued) dictionary,
  // which Operation::create would otherwise build of all and split again.
  bool hasProperties = opName.isRegistered() && opName.getOpPropertyByteSize() > 0;
  ArrayRef<StringAttr> inherentNames =
      hasProperties ? opName.getAttributeNames() : ArrayRef<StringAttr>();
  SmallVector<NamedAttribute, 4> inherent;
  NamedAttrList discardable;
  for (intptr_t i = 0; i < numAttributes; ++i) {
    NamedAttribute attr(unwrap(attributes[i].name), unwrap(attributes[i].attribute));
    if (llvm::is_contained(inherentNames, attr.getName()))
      inherent.push_back(attr);
    else
      discardable.push_back(attr);
  }
  // What Operation::create(OperationState) does, without the state: it
  // turns the attribute list into a dictionary, back into a list for the
  // defaults and into a dictionary again.
  opName.populateDefaultAttrs(discardable);
  Operation *op = Operation::create(location, opName, typeRange, operandRange,
                                    discardable.getDictionary(location.getContext()),
                                    OpaqueProperties(nullptr), BlockRange(), numRegions);
  for (intptr_t i = 0; i < numRegions; ++i) {
    std::unique_ptr<Region> region(unwrap(regions[i]));
    op->getRegion(i).takeBody(*region);
  }
  for (NamedAttribute attr : inherent)
    op->setInherentAttr(attr.getName(), attr.getValue());
  return wrap(op);
}

MlirOperation pallasConstantCreate(const void *name, MlirLocation loc, MlirType type,
                                   MlirAttribute value) {
  OperationName opName = OperationName::getFromOpaquePointer(name);
  if (opName.getTypeID() != TypeID::get<arith::ConstantOp>()) {
    MlirNamedAttribute attribute = {
        wrap(StringAttr::get(unwrap(loc)->getContext(), "value")), value};
    return pallasOperationCreate(name, loc, 0, nullptr, 1, &type, 1, &attribute, 0, nullptr);
  }
  // The op's properties are its one attribute: set as the op is made, not
  // looked up by name afterwards (constants are the ops built most).
  arith::ConstantOp::Properties properties;
  properties.value = dyn_cast_or_null<TypedAttr>(unwrap(value));
  Location location = unwrap(loc);
  Type resultType = unwrap(type);
  return wrap(Operation::create(location, opName, TypeRange(resultType), ValueRange(),
                                DictionaryAttr::get(location.getContext()),
                                OpaqueProperties(&properties), BlockRange(), 0));
}

// Ops generated by ODS keep `operandSegmentSizes` in their properties;
// asking for it by name builds (and uniques) an array attribute each time.
template <typename OpT>
using SegmentSizesMember = decltype(std::declval<typename OpT::Properties &>().operandSegmentSizes);

template <typename... OpTs>
static std::optional<ArrayRef<int32_t>> segmentSizesOf(Operation *op) {
  std::optional<ArrayRef<int32_t>> sizes;
  auto visit = [&](auto *tag) {
    using OpT = std::remove_pointer_t<decltype(tag)>;
    if constexpr (llvm::is_detected<SegmentSizesMember, OpT>::value) {
      if (auto typed = dyn_cast<OpT>(op)) {
        sizes = ArrayRef<int32_t>(typed.getProperties().operandSegmentSizes);
        return true;
      }
    }
    return false;
  };
  (visit(static_cast<OpTs *>(nullptr)) || ...);
  return sizes;
}

template <typename OpT>
static bool indexerOf(Operation *op, MlirAttribute *starts, MlirAttribute *sizes,
                      MlirAttribute *strides) {
  auto typed = dyn_cast<OpT>(op);
  if (!typed)
    return false;
  const auto &properties = typed.getProperties();
  *starts = wrap(properties.starts);
  *sizes = wrap(properties.sizes);
  *strides = wrap(properties.strides);
  return true;
}

intptr_t pallasKernelScalarPrefetchCount(MlirOperation op) {
  auto kernel = dyn_cast<pallas::KernelOp>(unwrap(op));
  if (!kernel)
    return -1;
  ArrayAttr prefetch = kernel.getProperties().scalar_prefetch;
  return prefetch ? prefetch.size() : 0;
}

bool pallasIndexerGet(MlirOperation op, MlirAttribute *starts, MlirAttribute *sizes,
                      MlirAttribute *strides) {
  Operation *o = unwrap(op);
  return indexerOf<pallas::LoadOp>(o, starts, sizes, strides) ||
         indexerOf<pallas::StoreOp>(o, starts, sizes, strides) ||
         indexerOf<pallas::SwapOp>(o, starts, sizes, strides) ||
         indexerOf<pallas::AtomicRmwOp>(o, starts, sizes, strides);
}

intptr_t pallasOperationGetOperandSegmentSizes(MlirOperation op, int32_t *sizes,
                                               intptr_t capacity) {
  Operation *o = unwrap(op);
  std::optional<ArrayRef<int32_t>> typed;
  Dialect *dialect = o->getDialect();
  if (isa_and_nonnull<pallas::PallasDialect>(dialect))
    typed = segmentSizesOf<
#define GET_OP_LIST
#include "pallas/PallasOps.cpp.inc"
        >(o);
  else if (isa_and_nonnull<tpu::TPUDialect>(dialect))
    typed = segmentSizesOf<
#define GET_OP_LIST
#include "tpu/TPUOps.cpp.inc"
        >(o);
  ArrayRef<int32_t> found;
  if (typed) {
    found = *typed;
  } else {
    auto attr = dyn_cast_or_null<DenseI32ArrayAttr>(o->getAttr("operandSegmentSizes"));
    if (!attr)
      return -1;
    found = attr.asArrayRef();
  }
  for (intptr_t i = 0, e = std::min<intptr_t>(capacity, found.size()); i < e; ++i)
    sizes[i] = found[i];
  return found.size();
}

// `op.clone(mapping)` for an op without regions or successors (nearly all
// ops of an unrolled body): the same op, without the op-to-op entry that
// Operation::clone adds to the mapping (nothing here reads it, and the
// table costs as much as the value entries).
static Operation *cloneMapped(Operation &op, IRMapping &mapping) {
  if (op.getNumRegions() != 0 || op.getNumSuccessors() != 0)
    return op.clone(mapping);
  SmallVector<Value, 8> operands;
  operands.reserve(op.getNumOperands());
  for (Value operand : op.getOperands())
    operands.push_back(mapping.lookupOrDefault(operand));
  Operation *copy = Operation::create(op.getLoc(), op.getName(), op.getResultTypes(), operands,
                                      op.getRawDictionaryAttrs(), op.getPropertiesStorage(),
                                      BlockRange(), 0);
  for (auto [from, to] : llvm::zip_equal(op.getResults(), copy->getResults()))
    mapping.map(from, to);
  return copy;
}

MlirBlock pallasBlockCreate(intptr_t numArgs, const MlirType *args, MlirLocation loc) {
  SmallVector<Type, 8> types;
  Block *block = new Block();
  block->addArguments(unwrapList(numArgs, args, types),
                      SmallVector<Location, 8>(numArgs, unwrap(loc)));
  return wrap(block);
}

void pallasCloneBlockBody(MlirBlock source, MlirBlock dest, MlirOperation before,
                          intptr_t numArgs, const MlirValue *args,
                          MlirValue *terminatorOperands) {
  Block *src = unwrap(source);
  Block *dst = unwrap(dest);
  IRMapping mapping;
  intptr_t mapped = std::min<intptr_t>(numArgs, src->getNumArguments());
  for (intptr_t i = 0; i < mapped; ++i)
    mapping.map(src->getArgument(i), unwrap(args[i]));
  Operation *terminator = nullptr;
  if (!src->empty() && src->back().hasTrait<OpTrait::IsTerminator>())
    terminator = &src->back();
  Block::iterator at = before.ptr ? Block::iterator(unwrap(before)) : dst->end();
  for (Operation &op : *src) {
    if (&op == terminator)
      break;
    dst->getOperations().insert(at, cloneMapped(op, mapping));
  }
  if (terminator)
    for (auto [i, operand] : llvm::enumerate(terminator->getOperands()))
      terminatorOperands[i] = wrap(mapping.lookupOrDefault(operand));
}
