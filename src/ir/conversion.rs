//! A safe layer over MLIR's dialect conversion (ConversionTarget,
//! TypeConverter, ConversionPattern, apply{Partial,Full}Conversion), whose
//! C ABI is src/cpp/Conversion.cpp. Patterns, legality and type conversions
//! are Rust closures; a panic in any of them becomes a diagnostic at the op
//! and a failed match, never an unwind into C++.
//!
//! [`apply_direct`] runs the same patterns without MLIR's driver (the TPU
//! and SparseCore lowerings use it), under a [`DirectTarget`], the same
//! legality decided on the Rust side: its output is the one
//! [`apply_partial`] gives with the equivalent `ConversionTarget`, at a
//! fraction of the cost, for patterns that decline before changing the IR.

use std::cell::{Cell, RefCell};
use std::ffi::c_void;
use std::rc::Rc;

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{Type, TypeLike};
use melior::ir::{BlockRef, Operation, RegionLike, RegionRef, Value, ValueLike};
use melior::ContextRef;
use mlir_sys::*;

use crate::ir::hash::{FastMap, FastSet};
use crate::ir::{self, ffi, str_ref, Reported};

type LegalityFn = dyn for<'c, 'a> Fn(OperationRef<'c, 'a>) -> Option<bool>;
type TypeFn = dyn for<'c> Fn(Type<'c>) -> Option<Type<'c>>;
/// A conversion pattern: the op, its operands already converted, the rewriter.
pub type PatternFn = dyn for<'c, 'a> Fn(
    OperationRef<'c, 'a>,
    &[Value<'c, 'a>],
    &Rewriter<'c, 'a>,
) -> Result<(), String>;

/// Which ops must, may or must not remain after a conversion by MLIR's
/// driver ([`apply_partial`], [`apply_full`]); [`DirectTarget`] is the one
/// of [`apply_direct`].
pub struct ConversionTarget {
    raw: ffi::PallasConversionTarget,
    // Boxed twice: C++ keeps a thin pointer to the inner (fat) box.
    #[allow(clippy::vec_box)]
    callbacks: Vec<Box<Box<LegalityFn>>>,
}

impl ConversionTarget {
    /// A target for converting ops in the context of `op`.
    pub fn new(op: &OperationRef) -> Self {
        let ctx = unsafe { mlirOperationGetContext(op.to_raw()) };
        Self {
            raw: unsafe { ffi::pallasConversionTargetCreate(ctx) },
            callbacks: vec![],
        }
    }
    pub fn legal_dialects(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            unsafe { ffi::pallasConversionTargetAddLegalDialect(self.raw, str_ref(n)) };
        }
        self
    }
    pub fn illegal_dialects(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            unsafe { ffi::pallasConversionTargetAddIllegalDialect(self.raw, str_ref(n)) };
        }
        self
    }
    pub fn legal_ops(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            unsafe { ffi::pallasConversionTargetAddLegalOp(self.raw, str_ref(n)) };
        }
        self
    }
    pub fn illegal_ops(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            unsafe { ffi::pallasConversionTargetAddIllegalOp(self.raw, str_ref(n)) };
        }
        self
    }
    /// `f` returns `Some(legal)` or `None` (unknown) for an op named `name`.
    pub fn dynamically_legal_op(
        &mut self,
        name: &str,
        f: impl for<'c, 'a> Fn(OperationRef<'c, 'a>) -> Option<bool> + 'static,
    ) -> &mut Self {
        self.add_legality(name, f, ffi::pallasConversionTargetAddDynamicallyLegalOp)
    }
    /// Like [`Self::dynamically_legal_op`] for every op of a dialect.
    pub fn dynamically_legal_dialect(
        &mut self,
        name: &str,
        f: impl for<'c, 'a> Fn(OperationRef<'c, 'a>) -> Option<bool> + 'static,
    ) -> &mut Self {
        self.add_legality(
            name,
            f,
            ffi::pallasConversionTargetAddDynamicallyLegalDialect,
        )
    }

    /// Keeps `f` alive with the target and registers it through `add`.
    fn add_legality(
        &mut self,
        name: &str,
        f: impl for<'c, 'a> Fn(OperationRef<'c, 'a>) -> Option<bool> + 'static,
        add: unsafe extern "C" fn(
            ffi::PallasConversionTarget,
            MlirStringRef,
            ffi::PallasLegalityFn,
            *mut c_void,
        ),
    ) -> &mut Self {
        let boxed: Box<Box<LegalityFn>> = Box::new(Box::new(f));
        let data = &*boxed as *const Box<LegalityFn> as *mut c_void;
        self.callbacks.push(boxed);
        unsafe { add(self.raw, str_ref(name), Some(legality_tramp), data) };
        self
    }
}

impl Drop for ConversionTarget {
    fn drop(&mut self) {
        unsafe { ffi::pallasConversionTargetDestroy(self.raw) }
    }
}

unsafe extern "C" fn legality_tramp(op: MlirOperation, data: *mut c_void) -> i32 {
    let f = &*(data as *const Box<LegalityFn>);
    ir::guard(
        mlirOperationGetLocation(op),
        "a legality callback",
        -1,
        || match f(ir::borrow_op(op)) {
            Some(true) => 1,
            Some(false) => 0,
            None => -1,
        },
    )
}

/// Type conversions, tried last-added first; unmatched types stay as they are.
pub struct TypeConverter {
    raw: ffi::PallasTypeConverter,
    // Boxed twice: C++ keeps a thin pointer to the inner (fat) box.
    #[allow(clippy::vec_box)]
    callbacks: Vec<Box<Box<TypeFn>>>,
}

impl Default for TypeConverter {
    fn default() -> Self {
        Self::new()
    }
}

impl TypeConverter {
    pub fn new() -> Self {
        Self {
            raw: unsafe { ffi::pallasTypeConverterCreate() },
            callbacks: vec![],
        }
    }
    /// Adds a conversion; `f` returns `None` when it does not apply.
    pub fn add(&mut self, f: impl for<'c> Fn(Type<'c>) -> Option<Type<'c>> + 'static) -> &mut Self {
        let boxed: Box<Box<TypeFn>> = Box::new(Box::new(f));
        let data = &*boxed as *const Box<TypeFn> as *mut c_void;
        self.callbacks.push(boxed);
        unsafe { ffi::pallasTypeConverterAddConversion(self.raw, Some(type_tramp), data) };
        self
    }
    pub fn convert<'c>(&self, ty: Type<'c>) -> Option<Type<'c>> {
        let raw = unsafe { ffi::pallasTypeConverterConvertType(self.raw, ty.to_raw()) };
        (!raw.ptr.is_null()).then(|| unsafe { Type::from_raw(raw) })
    }
    /// Whether the op's operand and result types are all legal.
    pub fn is_legal(&self, op: &OperationRef) -> bool {
        unsafe { ffi::pallasTypeConverterIsLegalOp(self.raw, op.to_raw()) }
    }
    pub(crate) fn raw(&self) -> ffi::PallasTypeConverter {
        self.raw
    }
}

impl Drop for TypeConverter {
    fn drop(&mut self) {
        unsafe { ffi::pallasTypeConverterDestroy(self.raw) }
    }
}

unsafe extern "C" fn type_tramp(ty: MlirType, data: *mut c_void) -> MlirType {
    let f = &*(data as *const Box<TypeFn>);
    let null = MlirType {
        ptr: std::ptr::null(),
    };
    let ctx = mlirTypeGetContext(ty);
    ir::guard(
        mlirLocationUnknownGet(ctx),
        "a type conversion",
        null,
        || f(Type::from_raw(ty)).map(|t| t.to_raw()).unwrap_or(null),
    )
}

/// The ConversionPatternRewriter of the running conversion, borrowed by a pattern.
pub struct Rewriter<'c, 'a> {
    raw: MlirRewriterBase,
    /// The state of [`apply_direct`] when this rewriter belongs to it (null
    /// otherwise): replacements and erasures are then recorded, and applied
    /// when the conversion commits, as MLIR's conversion driver does.
    direct: *const RefCell<Direct>,
    _marker: std::marker::PhantomData<(&'c (), &'a ())>,
}

/// Runs `f` with a plain IR rewriter (not a conversion's) on the IR of
/// `op`, for restructuring a module before a conversion with the same op
/// builders the patterns use.
pub fn with_ir_rewriter<'c, 'a, R>(
    op: &OperationRef<'c, 'a>,
    f: impl FnOnce(&Rewriter<'c, 'a>) -> R,
) -> R {
    let raw = unsafe { mlirIRRewriterCreateFromOp(op.to_raw()) };
    let rw = Rewriter {
        raw,
        direct: std::ptr::null(),
        _marker: std::marker::PhantomData,
    };
    let result = f(&rw);
    unsafe { mlirIRRewriterDestroy(raw) };
    result
}

impl<'c, 'a> Rewriter<'c, 'a> {
    pub fn raw(&self) -> MlirRewriterBase {
        self.raw
    }
    pub fn context(&self) -> ContextRef<'c> {
        unsafe { ContextRef::from_raw(mlirRewriterBaseGetContext(self.raw)) }
    }
    pub fn set_insertion_point_before(&self, op: &OperationRef) {
        unsafe { mlirRewriterBaseSetInsertionPointBefore(self.raw, op.to_raw()) }
    }
    pub fn set_insertion_point_after(&self, op: &OperationRef) {
        unsafe { mlirRewriterBaseSetInsertionPointAfter(self.raw, op.to_raw()) }
    }
    pub fn set_insertion_point_to_start(&self, block: BlockRef) {
        unsafe { mlirRewriterBaseSetInsertionPointToStart(self.raw, block.to_raw()) }
    }
    pub fn set_insertion_point_to_end(&self, block: BlockRef) {
        unsafe { mlirRewriterBaseSetInsertionPointToEnd(self.raw, block.to_raw()) }
    }
    fn direct(&self) -> Option<&RefCell<Direct>> {
        unsafe { self.direct.as_ref() }
    }
    /// Tells the direct driver's legality rules that ops may have other
    /// ancestors than before.
    fn moved(&self) {
        if let Some(d) = self.direct() {
            d.borrow().epoch.bump();
        }
    }
    /// Inserts a detached op at the insertion point and returns it.
    pub fn insert(&self, op: Operation<'c>) -> OperationRef<'c, 'a> {
        self.insert_recorded(op, Direct::created)
    }
    /// Inserts a detached op that the conversions of this crate all leave
    /// as they are (the index and `i32` constants the builders make more
    /// of than of any other op): the direct driver records it, to undo it
    /// with its pattern, but does not legalize it; debug builds check that
    /// the target finds it legal.
    pub fn insert_legal(&self, op: Operation<'c>) -> OperationRef<'c, 'a> {
        self.insert_recorded(op, Direct::created_legal)
    }
    /// Inserts `op`, telling the direct driver (if any) with `record`.
    fn insert_recorded(
        &self,
        op: Operation<'c>,
        record: fn(&mut Direct, MlirOperation),
    ) -> OperationRef<'c, 'a> {
        let inserted = unsafe { mlirRewriterBaseInsert(self.raw, op.into_raw()) };
        if let Some(d) = self.direct() {
            record(&mut d.borrow_mut(), inserted);
        }
        unsafe { OperationRef::from_raw(inserted) }
    }
    /// Inserts `op` and returns its first result.
    pub fn insert_value(&self, op: Operation<'c>) -> Value<'c, 'a> {
        let op = self.insert(op);
        let result = op.result(0).expect("op has a result");
        unsafe { Value::from_raw(result.to_raw()) }
    }
    pub fn replace_op(&self, op: &OperationRef, values: &[Value]) {
        let raw = ir::raw_values(values);
        if let Some(d) = self.direct() {
            unsafe { ffi::pallasRewriterStepPast(self.raw, op.to_raw()) };
            d.borrow_mut().replace(op.to_raw(), Some(raw));
            return;
        }
        unsafe {
            mlirRewriterBaseReplaceOpWithValues(
                self.raw,
                op.to_raw(),
                raw.len() as isize,
                raw.as_ptr(),
            )
        }
    }
    pub fn erase_op(&self, op: &OperationRef) {
        if let Some(d) = self.direct() {
            unsafe { ffi::pallasRewriterStepPast(self.raw, op.to_raw()) };
            d.borrow_mut().replace(op.to_raw(), None);
            return;
        }
        unsafe { mlirRewriterBaseEraseOp(self.raw, op.to_raw()) }
    }
    pub fn replace_all_uses_with(&self, from: Value, to: Value) {
        if let Some(d) = self.direct() {
            // Recorded like a block argument's replacement: users still to
            // be converted see `to` through the mapping.
            d.borrow_mut().replace_value(from.to_raw(), to.to_raw());
            return;
        }
        unsafe { mlirRewriterBaseReplaceAllUsesWith(self.raw, from.to_raw(), to.to_raw()) }
    }
    /// Moves the blocks of `region` before `before` in `before`'s region.
    pub fn inline_region_before(&self, region: RegionRef, before: BlockRef) {
        self.moved();
        unsafe { mlirRewriterBaseInlineRegionBefore(self.raw, region.to_raw(), before.to_raw()) }
    }
    /// Moves the ops of `source` before `before`, replacing its arguments.
    pub fn inline_block_before(&self, source: BlockRef, before: &OperationRef, args: &[Value]) {
        let raw = ir::raw_values(args);
        if let Some(d) = self.direct() {
            let dest = unsafe { mlirOperationGetBlock(before.to_raw()) };
            self.splice_direct(d, source.to_raw(), dest, before.to_raw(), raw);
            return;
        }
        unsafe {
            mlirRewriterBaseInlineBlockBefore(
                self.raw,
                source.to_raw(),
                before.to_raw(),
                raw.len() as isize,
                raw.as_ptr(),
            )
        }
    }
    /// Moves the ops of `source` to the end of `dest`, replacing its arguments.
    pub fn merge_blocks(&self, source: BlockRef, dest: BlockRef, args: &[Value]) {
        let raw = ir::raw_values(args);
        if let Some(d) = self.direct() {
            let end = MlirOperation {
                ptr: std::ptr::null_mut(),
            };
            self.splice_direct(d, source.to_raw(), dest.to_raw(), end, raw);
            return;
        }
        unsafe {
            mlirRewriterBaseMergeBlocks(
                self.raw,
                source.to_raw(),
                dest.to_raw(),
                raw.len() as isize,
                raw.as_ptr(),
            )
        }
    }
    /// Moves the ops of `source` into `dest` (before `before`, or at the
    /// end), recording its arguments' replacements and its erasure.
    fn splice_direct(
        &self,
        d: &RefCell<Direct>,
        source: MlirBlock,
        dest: MlirBlock,
        before: MlirOperation,
        args: &[MlirValue],
    ) {
        let mut d = d.borrow_mut();
        d.epoch.bump();
        for (i, v) in args.iter().enumerate() {
            let arg = unsafe { mlirBlockGetArgument(source, i as isize) };
            d.replace_value(arg, *v);
        }
        unsafe { ffi::pallasRewriterSpliceBlock(self.raw, source, dest, before) };
        d.log.push(Rewrite::EraseBlock(source));
    }
    pub fn erase_block(&self, block: BlockRef) {
        self.moved();
        unsafe { mlirRewriterBaseEraseBlock(self.raw, block.to_raw()) }
    }
    /// Converts the block argument types of `region` with `converter`.
    pub fn convert_region_types(
        &self,
        region: RegionRef,
        converter: &TypeConverter,
    ) -> Result<(), String> {
        if self.direct().is_some() {
            return Err(
                "not yet supported: block argument type conversion in the direct conversion driver"
                    .into(),
            );
        }
        let ok = unsafe {
            ffi::pallasRewriterConvertRegionTypes(self.raw, region.to_raw(), converter.raw())
        };
        if ok.value != 0 {
            Ok(())
        } else {
            Err("cannot convert the block argument types".into())
        }
    }
}

/// One pattern of a [`PatternSet`].
struct PatternEntry {
    root: String,
    converter: Option<ffi::PallasTypeConverter>,
    // Boxed twice: C++ keeps a thin pointer to the inner (fat) box.
    f: Box<Box<PatternFn>>,
}

/// A set of conversion patterns, kept on the Rust side until a driver
/// applies them ([`apply_partial`] / [`apply_full`] hand them to MLIR's
/// conversion driver, [`apply_direct`] runs them itself).
pub struct PatternSet {
    ctx: MlirContext,
    entries: Vec<PatternEntry>,
    scf_to_cf: bool,
}

impl PatternSet {
    /// A pattern set for the context of `op`.
    pub fn new(op: &OperationRef) -> Self {
        Self {
            ctx: unsafe { mlirOperationGetContext(op.to_raw()) },
            entries: vec![],
            scf_to_cf: false,
        }
    }

    /// Adds a pattern for ops named `root`. With a `converter`, the pattern
    /// receives operands already converted to its types.
    pub fn add(
        &mut self,
        root: &str,
        converter: Option<&TypeConverter>,
        f: impl for<'c, 'a> Fn(
                OperationRef<'c, 'a>,
                &[Value<'c, 'a>],
                &Rewriter<'c, 'a>,
            ) -> Result<(), String>
            + 'static,
    ) -> &mut Self {
        self.entries.push(PatternEntry {
            root: root.to_string(),
            converter: converter.map(|c| c.raw()),
            f: Box::new(Box::new(f)),
        });
        self
    }

    /// Adds upstream's affine-to-std and scf-to-cf patterns, which flatten
    /// the structured control flow ops the target makes illegal into blocks
    /// of their parent region (MLIR's conversion driver only).
    pub fn add_scf_to_cf(&mut self) -> &mut Self {
        self.scf_to_cf = true;
        self
    }

    /// The patterns as MLIR's pattern set; the closures stay owned by `self`.
    fn to_mlir(&self) -> ffi::PallasConversionPatternSet {
        let set = unsafe { ffi::pallasConversionPatternSetCreate(self.ctx) };
        for e in &self.entries {
            let data = &*e.f as *const Box<PatternFn> as *mut c_void;
            let tc = e.converter.unwrap_or(ffi::PallasTypeConverter {
                ptr: std::ptr::null_mut(),
            });
            unsafe {
                ffi::pallasConversionPatternSetAdd(
                    set,
                    str_ref(&e.root),
                    1,
                    tc,
                    Some(pattern_tramp),
                    data,
                )
            };
        }
        if self.scf_to_cf {
            unsafe { ffi::pallasConversionPatternSetAddSCFToControlFlow(set) };
        }
        set
    }
}

unsafe extern "C" fn pattern_tramp(
    op: MlirOperation,
    operands: *const MlirValue,
    n: isize,
    rewriter: MlirRewriterBase,
    data: *mut c_void,
) -> MlirLogicalResult {
    let f = &*(data as *const Box<PatternFn>);
    let loc = mlirOperationGetLocation(op);
    ir::guard(
        loc,
        "a conversion pattern",
        ir::logical_result(false),
        || {
            let raw = if n > 0 {
                std::slice::from_raw_parts(operands, n as usize)
            } else {
                &[]
            };
            let values: Vec<Value> = raw.iter().map(|v| Value::from_raw(*v)).collect();
            let rw = Rewriter {
                raw: rewriter,
                direct: std::ptr::null(),
                _marker: std::marker::PhantomData,
            };
            match f(ir::borrow_op(op), &values, &rw) {
                Ok(()) => ir::logical_result(true),
                Err(why) => {
                    // A pattern that declines reports why; the driver decides
                    // whether that is an error (an op left illegal).
                    ffi::pallasRewriterNotifyMatchFailure(rewriter, op, str_ref(&why))
                }
            }
        },
    )
}

/// Converts what `patterns` can under `target`, leaving legal-or-unknown ops.
pub fn apply_partial(
    op: &OperationRef,
    target: &ConversionTarget,
    patterns: PatternSet,
) -> Result<(), Reported> {
    let raw = patterns.to_mlir();
    let ok = unsafe { ffi::pallasApplyPartialConversion(op.to_raw(), target.raw, raw) };
    unsafe { ffi::pallasConversionPatternSetDestroy(raw) };
    drop(patterns);
    if ok.value != 0 {
        Ok(())
    } else {
        Err(Reported)
    }
}

/// Converts everything; every op left must be legal.
pub fn apply_full(
    op: &OperationRef,
    target: &ConversionTarget,
    patterns: PatternSet,
) -> Result<(), Reported> {
    let raw = patterns.to_mlir();
    let ok = unsafe { ffi::pallasApplyFullConversion(op.to_raw(), target.raw, raw) };
    unsafe { ffi::pallasConversionPatternSetDestroy(raw) };
    drop(patterns);
    if ok.value != 0 {
        Ok(())
    } else {
        Err(Reported)
    }
}

//===----------------------------------------------------------------------===//
// Legality for the direct driver
//===----------------------------------------------------------------------===//

/// A count of the driver's changes that can make an op's ancestors differ
/// from what a legality rule saw before: ops moved to another block,
/// blocks erased, ops it created destroyed again (their addresses can come
/// back as new ops), ops folded in place. What a rule remembers about an
/// op's ancestors, by their addresses, stays true while the count does not
/// change (see [`Inherited`]), given that patterns move ops only through
/// the [`Rewriter`] and set attributes only on the ops they create; the
/// driver asks rules only between patterns, when what they created is in
/// place.
#[derive(Clone, Default)]
pub struct Epoch(Rc<Cell<u64>>);

impl Epoch {
    pub fn get(&self) -> u64 {
        self.0.get()
    }
    fn bump(&self) {
        self.0.set(self.0.get() + 1);
    }
}

/// What a [`DirectTarget`] says of the ops of one name or dialect, with
/// the meaning MLIR's `ConversionTarget` gives it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Action {
    Legal,
    Illegal,
    /// Asked of the rules, newest first; the first answer counts, and an
    /// op none answers for is neither legal nor illegal.
    Dynamic,
}

struct Legalization {
    action: Action,
    /// Kept when the action changes, as MLIR keeps a name's callbacks.
    rules: Vec<Box<LegalityFn>>,
}

/// Which ops must, may or must not remain after [`apply_direct`]: the
/// legality of MLIR's `ConversionTarget` (an op's own entry wins over its
/// dialect's; ops of dialects it does not name are neither legal nor
/// illegal), decided in Rust: the entry of an op name is looked up once per
/// run, and rules are plain calls.
#[derive(Default)]
pub struct DirectTarget {
    ops: FastMap<String, Legalization>,
    dialects: FastMap<String, Legalization>,
    epoch: Epoch,
}

impl DirectTarget {
    pub fn new() -> Self {
        Self::default()
    }
    fn set<'m>(
        map: &'m mut FastMap<String, Legalization>,
        name: &str,
        action: Action,
    ) -> &'m mut Legalization {
        let entry = map.entry(name.to_string()).or_insert(Legalization {
            action,
            rules: vec![],
        });
        entry.action = action;
        entry
    }
    fn set_all(map: &mut FastMap<String, Legalization>, names: &[&str], action: Action) {
        for n in names {
            Self::set(map, n, action);
        }
    }
    pub fn legal_dialects(&mut self, names: &[&str]) -> &mut Self {
        Self::set_all(&mut self.dialects, names, Action::Legal);
        self
    }
    pub fn illegal_dialects(&mut self, names: &[&str]) -> &mut Self {
        Self::set_all(&mut self.dialects, names, Action::Illegal);
        self
    }
    pub fn legal_ops(&mut self, names: &[&str]) -> &mut Self {
        Self::set_all(&mut self.ops, names, Action::Legal);
        self
    }
    pub fn illegal_ops(&mut self, names: &[&str]) -> &mut Self {
        Self::set_all(&mut self.ops, names, Action::Illegal);
        self
    }
    /// `f` returns `Some(legal)` or `None` (unknown) for an op named `name`.
    pub fn dynamically_legal_op(
        &mut self,
        name: &str,
        f: impl for<'c, 'a> Fn(OperationRef<'c, 'a>) -> Option<bool> + 'static,
    ) -> &mut Self {
        Self::set(&mut self.ops, name, Action::Dynamic)
            .rules
            .push(Box::new(f));
        self
    }
    /// Like [`Self::dynamically_legal_op`] for the ops of a dialect that
    /// have no entry of their own.
    pub fn dynamically_legal_dialect(
        &mut self,
        name: &str,
        f: impl for<'c, 'a> Fn(OperationRef<'c, 'a>) -> Option<bool> + 'static,
    ) -> &mut Self {
        Self::set(&mut self.dialects, name, Action::Dynamic)
            .rules
            .push(Box::new(f));
        self
    }
    /// The count of the driver's moves, for rules that remember what they
    /// found among an op's ancestors.
    pub fn epoch(&self) -> Epoch {
        self.epoch.clone()
    }

    /// The entry that decides for ops named `name`.
    fn category(&self, name: &str) -> Category<'_> {
        let dialect = name.split_once('.').map_or(name, |(d, _)| d);
        let entry = self.ops.get(name).or_else(|| self.dialects.get(dialect));
        match entry {
            None => Category::Unknown,
            Some(e) => match e.action {
                Action::Legal => Category::Legal,
                Action::Illegal => Category::Illegal,
                Action::Dynamic => Category::Dynamic(&e.rules),
            },
        }
    }
}

/// What a [`DirectTarget`] says of the ops of one name, before asking
/// any rule.
#[derive(Clone, Copy)]
enum Category<'t> {
    Legal,
    Illegal,
    Unknown,
    Dynamic(&'t [Box<LegalityFn>]),
}

/// The answer for `op` of the ops of its name: legal, illegal, or neither
/// (`None`). A panicking rule is reported at the op and answers nothing.
fn legality(op: MlirOperation, category: Category) -> Option<bool> {
    match category {
        Category::Legal => Some(true),
        Category::Illegal => Some(false),
        Category::Unknown => None,
        Category::Dynamic(rules) => rules.iter().rev().find_map(|rule| unsafe {
            ir::guard(
                mlirOperationGetLocation(op),
                "a legality callback",
                None,
                || rule(ir::borrow_op(op)),
            )
        }),
    }
}

/// Whether ops' types are legal for a converter (each operand and result
/// type converts to itself, as MLIR's `TypeConverter::isLegal` asks),
/// remembered per type: conversions depend on the type alone, and types
/// live as long as their context.
pub struct TypeLegality {
    converter: TypeConverter,
    legal: RefCell<FastMap<*const c_void, bool>>,
    /// In front of `legal`: every operand and result of most ops is asked
    /// about, and a handful of types make up most of them.
    recent: Recent<bool, 256>,
}

impl TypeLegality {
    pub fn new(converter: TypeConverter) -> Self {
        Self {
            converter,
            legal: RefCell::new(FastMap::default()),
            recent: Recent::new(),
        }
    }

    /// Whether the op's operand and result types are all legal.
    pub fn is_legal(&self, op: &OperationRef) -> bool {
        let raw = op.to_raw();
        unsafe {
            (0..mlirOperationGetNumOperands(raw))
                .all(|i| self.is_legal_type(value_type(mlirOperationGetOperand(raw, i))))
                && (0..mlirOperationGetNumResults(raw))
                    .all(|i| self.is_legal_type(value_type(mlirOperationGetResult(raw, i))))
        }
    }

    fn is_legal_type(&self, ty: MlirType) -> bool {
        if let Some(legal) = self.recent.get(ty.ptr) {
            return legal;
        }
        let known = self.legal.borrow().get(&ty.ptr).copied();
        let legal = known.unwrap_or_else(|| {
            // The converter's own answer (its callbacks, in its order).
            let converted = unsafe { ffi::pallasTypeConverterConvertType(self.converter.raw, ty) };
            let legal = converted.ptr == ty.ptr;
            self.legal.borrow_mut().insert(ty.ptr, legal);
            legal
        });
        self.recent.put(ty.ptr, legal);
        legal
    }
}

/// The values of the keys (addresses of uniqued MLIR objects: types,
/// identifiers) asked about last, one per slot picked by the key's
/// address: a cache in front of a map for the lookups made for every op,
/// which a few keys make up most of. `N` is a power of two.
struct Recent<V: Copy, const N: usize> {
    slots: [Cell<Option<(*const c_void, V)>>; N],
}

impl<V: Copy, const N: usize> Recent<V, N> {
    fn new() -> Self {
        Self {
            slots: std::array::from_fn(|_| Cell::new(None)),
        }
    }

    fn slot(&self, key: *const c_void) -> &Cell<Option<(*const c_void, V)>> {
        // Fibonacci hashing: the top bits of the product mix all of the
        // address's bits.
        let hash = (key as usize as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.slots[(hash >> (64 - N.trailing_zeros())) as usize]
    }

    fn get(&self, key: *const c_void) -> Option<V> {
        match self.slot(key).get() {
            Some((k, v)) if k == key => Some(v),
            _ => None,
        }
    }

    fn put(&self, key: *const c_void, value: V) {
        self.slot(key).set(Some((key, value)));
    }
}

/// A value per op name, computed from the name's text the first time an op
/// of that name is met: op names are interned per context, so the name's
/// identity is the key. For decisions asked of every op that depend on its
/// name alone (which rules apply to it), decided once per name.
pub struct ByName<T> {
    map: FastMap<*const c_void, T>,
}

impl<T> Default for ByName<T> {
    fn default() -> Self {
        Self {
            map: FastMap::default(),
        }
    }
}

impl<T> ByName<T> {
    /// The value of the name of `op`, `compute`d from the name on its first
    /// use.
    pub fn get(&mut self, op: &OperationRef, compute: impl FnOnce(&str) -> T) -> &T {
        let key = unsafe { mlirOperationGetName(op.to_raw()).ptr };
        self.map
            .entry(key)
            .or_insert_with(|| compute(ir::op_name_of(op)))
    }
}

/// A value ops inherit from their ancestors (the kernel, function or
/// module around them), computed once per parent op: legality rules are
/// asked about every op, and most ops share their parent with others.
/// With an [`Epoch`], what was computed is forgotten when the driver moves
/// ops; without one, the IR must not change while it is in use.
pub struct Inherited<T> {
    epoch: Option<Epoch>,
    memo: RefCell<Memo<T>>,
}

struct Memo<T> {
    /// The epoch the values below were computed in.
    epoch: u64,
    /// The last parent asked about (consecutive ops mostly share one).
    last: Option<(OpKey, T)>,
    values: FastMap<OpKey, T>,
    /// The ancestors whose values are being computed (kept for its buffer).
    unknown: Vec<MlirOperation>,
}

impl<T: Copy + Default> Inherited<T> {
    pub fn new(epoch: Option<Epoch>) -> Self {
        Self {
            epoch,
            memo: RefCell::new(Memo {
                epoch: 0,
                last: None,
                values: FastMap::default(),
                unknown: vec![],
            }),
        }
    }

    /// The value of `op`, where `step(p, outer)` is the value of the ops
    /// directly inside `p` given `outer`, that of the ops directly inside
    /// `p`'s parent (`T::default()` for an op without a parent). Every call
    /// on one memo must pass the same `step`, which must not use the memo.
    pub fn of(&self, op: &OperationRef, step: impl Fn(&OperationRef, T) -> T) -> T {
        let mut memo = self.memo.borrow_mut();
        if let Some(epoch) = &self.epoch {
            let now = epoch.get();
            if memo.epoch != now {
                memo.values.clear();
                memo.last = None;
                memo.epoch = now;
            }
        }
        let Some(parent) = op.parent_operation() else {
            return T::default();
        };
        let key = parent.to_raw().ptr;
        if let Some((last, value)) = memo.last {
            if last == key {
                return value;
            }
        }
        let Memo {
            values, unknown, ..
        } = &mut *memo;
        // Empty unless a `step` panicked.
        unknown.clear();
        let mut value = T::default();
        let mut cur = Some(parent);
        while let Some(p) = cur {
            if let Some(v) = values.get(&p.to_raw().ptr) {
                value = *v;
                break;
            }
            cur = p.parent_operation();
            unknown.push(p.to_raw());
        }
        while let Some(p) = unknown.pop() {
            // Ancestors of `op`, alive while it is.
            value = step(&unsafe { ir::borrow_op(p) }, value);
            values.insert(p.ptr, value);
        }
        memo.last = Some((key, value));
        value
    }
}

//===----------------------------------------------------------------------===//
// The direct driver
//===----------------------------------------------------------------------===//

type ValueKey = *const c_void;
type OpKey = *mut c_void;

/// What a pattern did, in order; committed (or undone) as a whole.
enum Rewrite {
    /// An op replaced or erased, and whether its pattern had a converter.
    Replace(MlirOperation, bool),
    /// A value (a block argument) replaced, same flag.
    ReplaceValue(MlirValue, bool),
    /// A block emptied into another and unlinked.
    EraseBlock(MlirBlock),
    /// An op a pattern inserted.
    Create(MlirOperation),
    /// A mapping entry set (key, previous target, new target).
    Map(ValueKey, Option<MlirValue>, MlirValue),
    /// An op marked replaced.
    Mark(OpKey),
    /// A cast the driver built.
    Cast(MlirOperation),
}

/// The bookkeeping of [`apply_direct`], the same as MLIR's conversion
/// driver keeps (so that patterns see the same IR and operands): replaced
/// ops stay in place until the commit, uses go through a value mapping,
/// type mismatches get `unrealized_conversion_cast`s at the same places.
#[derive(Default)]
pub(crate) struct Direct {
    mapping: FastMap<ValueKey, MlirValue>,
    mapped_to: FastMap<ValueKey, u32>,
    /// Casts that only change a type (all the driver's casts but those made
    /// out of nothing for erased results still in use).
    pure_casts: FastSet<OpKey>,
    /// Every cast the driver built, with whether a converter was in charge.
    casts: Vec<(MlirOperation, bool)>,
    replaced: FastSet<OpKey>,
    log: Vec<Rewrite>,
    /// Ops inserted by the running pattern.
    new_ops: Vec<MlirOperation>,
    /// Ops inserted by the running pattern as legal already (see
    /// [`Rewriter::insert_legal`]), which debug builds check.
    #[cfg(debug_assertions)]
    legal_ops: Vec<MlirOperation>,
    /// Whether the running pattern has a type converter.
    converter: bool,
    /// What each converter made of each type (see [`Direct::convert`]).
    converted: FastMap<(*mut c_void, *const c_void), MlirType>,
    /// The target's count of moves (see [`Epoch`]).
    epoch: Epoch,
}

unsafe fn value_type(v: MlirValue) -> MlirType {
    mlirValueGetType(v)
}

unsafe fn defining_op(v: MlirValue) -> Option<MlirOperation> {
    mlirValueIsAOpResult(v).then(|| mlirOpResultGetOwner(v))
}

fn has_uses(v: MlirValue) -> bool {
    unsafe { !mlirOpOperandIsNull(mlirValueGetFirstUse(v)) }
}

fn is_cast_op(op: MlirOperation) -> bool {
    unsafe {
        let name = mlirIdentifierStr(mlirOperationGetName(op));
        std::slice::from_raw_parts(name.data as *const u8, name.length)
            == b"builtin.unrealized_conversion_cast"
    }
}

impl Direct {
    /// Forgets a committed group: its values and ops are gone (their
    /// addresses may come back for new ones), and rules that remembered
    /// anything about them must ask again.
    fn start_group(&mut self) {
        self.mapping.clear();
        self.mapped_to.clear();
        self.pure_casts.clear();
        self.casts.clear();
        self.replaced.clear();
        self.log.clear();
        self.new_ops.clear();
        self.epoch.bump();
    }

    fn created(&mut self, op: MlirOperation) {
        self.log.push(Rewrite::Create(op));
        self.new_ops.push(op);
    }

    /// Records an op created legal: undone with its pattern, never
    /// legalized.
    fn created_legal(&mut self, op: MlirOperation) {
        self.log.push(Rewrite::Create(op));
        #[cfg(debug_assertions)]
        self.legal_ops.push(op);
    }

    fn map(&mut self, from: MlirValue, to: MlirValue) {
        let prev = self.mapping.insert(from.ptr, to);
        *self.mapped_to.entry(to.ptr).or_default() += 1;
        self.log.push(Rewrite::Map(from.ptr, prev, to));
    }

    fn mark(&mut self, op: MlirOperation) {
        if self.replaced.insert(op.ptr) {
            self.log.push(Rewrite::Mark(op.ptr));
        }
    }

    /// Records that `op` is replaced by `values` (erased when `None`).
    fn replace(&mut self, op: MlirOperation, values: Option<&[MlirValue]>) {
        unsafe {
            let n = mlirOperationGetNumResults(op);
            for i in 0..n {
                let result = mlirOperationGetResult(op, i);
                match values.and_then(|v| v.get(i as usize)) {
                    Some(v) => self.map(result, *v),
                    None => {
                        // An erased result still used: a value made out of
                        // nothing stands for it (an error unless its users go).
                        if has_uses(result) {
                            let cast = self.build_cast(
                                result,
                                false,
                                value_type(result),
                                mlirValueGetLocation(result),
                            );
                            self.map(result, cast);
                        }
                    }
                }
            }
            self.log.push(Rewrite::Replace(op, self.converter));
            if mlirOperationGetNumRegions(op) == 0 {
                self.mark(op);
            } else {
                for o in conversion_order(op) {
                    self.mark(o);
                }
            }
        }
    }

    fn replace_value(&mut self, from: MlirValue, to: MlirValue) {
        self.log.push(Rewrite::ReplaceValue(from, self.converter));
        self.map(from, to);
    }

    fn build_cast(
        &mut self,
        at: MlirValue,
        with_input: bool,
        ty: MlirType,
        loc: MlirLocation,
    ) -> MlirValue {
        let v = unsafe { ffi::pallasBuildCastAfter(at, with_input, ty, loc) };
        let op = unsafe { mlirOpResultGetOwner(v) };
        if with_input {
            self.pure_casts.insert(op.ptr);
        }
        self.casts.push((op, self.converter));
        self.log.push(Rewrite::Cast(op));
        v
    }

    fn is_pure(&self, v: MlirValue) -> bool {
        unsafe { defining_op(v) }.is_some_and(|op| self.pure_casts.contains(&op.ptr))
    }

    /// The value `from` stands for now: the deepest mapped value of type
    /// `desired` (none if there is none), or without a desired type the
    /// deepest one (skipping type-only casts when `skip_pure`).
    fn lookup(
        &self,
        from: MlirValue,
        desired: Option<MlirType>,
        skip_pure: bool,
    ) -> Option<MlirValue> {
        let mut found = None;
        let mut current = from;
        let mut last_real = from;
        loop {
            let mut matches =
                desired.is_some_and(|t| unsafe { mlirTypeEqual(value_type(current), t) });
            if skip_pure {
                let pure = self.is_pure(current);
                matches &= !pure;
                if !pure {
                    last_real = current;
                }
            }
            if matches {
                found = Some(current);
            }
            match self.mapping.get(&current.ptr) {
                Some(next) => current = *next,
                None => break,
            }
        }
        if desired.is_some() {
            found
        } else if skip_pure {
            Some(last_real)
        } else {
            Some(current)
        }
    }

    /// `lookup`, but `None` when `from` stands for itself.
    fn lookup_other(&self, from: MlirValue, desired: Option<MlirType>) -> Option<MlirValue> {
        self.lookup(from, desired, false)
            .filter(|v| v.ptr != from.ptr)
    }

    /// The operand a pattern receives for `v`.
    fn remap(&mut self, v: MlirValue, converter: Option<ffi::PallasTypeConverter>) -> MlirValue {
        let Some(c) = converter else {
            return self.lookup(v, None, true).unwrap_or(v);
        };
        let orig = unsafe { value_type(v) };
        let desired = self.convert(c, orig);
        if desired.ptr.is_null() {
            // The converter keeps every type it does not convert.
            return self.lookup(v, None, true).unwrap_or(v);
        }
        if let Some(found) = self.lookup(v, Some(desired), false) {
            return found;
        }
        let repl = self.lookup(v, None, true).unwrap_or(v);
        let cast = self.build_cast(repl, true, desired, unsafe { mlirValueGetLocation(v) });
        self.map(repl, cast);
        cast
    }

    /// `ty` converted by `converter` (null when it does not convert),
    /// remembered: conversions depend on the type alone, and patterns see
    /// operands of the same few types over and over.
    fn convert(&mut self, converter: ffi::PallasTypeConverter, ty: MlirType) -> MlirType {
        *self
            .converted
            .entry((converter.ptr, ty.ptr))
            .or_insert_with(|| unsafe { ffi::pallasTypeConverterConvertType(converter, ty) })
    }

    /// What replaces `value` for the users left when committing: a mapped
    /// value of its type, or a cast of the latest one to it; `None` when it
    /// has no replacement or no user left.
    fn replacement_for_commit(&mut self, value: MlirValue) -> Option<MlirValue> {
        let ty = unsafe { value_type(value) };
        if let Some(r) = self.lookup_other(value, Some(ty)) {
            return Some(r);
        }
        let mut all_replaced = true;
        let mut use_ = unsafe { mlirValueGetFirstUse(value) };
        while !unsafe { mlirOpOperandIsNull(use_) } {
            let owner = unsafe { mlirOpOperandGetOwner(use_) };
            if !self.replaced.contains(&owner.ptr) {
                all_replaced = false;
                break;
            }
            use_ = unsafe { mlirOpOperandGetNextUse(use_) };
        }
        if all_replaced && self.mapped_to.get(&value.ptr).is_none_or(|n| *n == 0) {
            return None;
        }
        let repl = self.lookup_other(value, None)?;
        let cast = self.build_cast(repl, true, ty, unsafe { mlirValueGetLocation(value) });
        self.map(repl, cast);
        Some(cast)
    }

    /// Undoes what was recorded after `mark` (a pattern that failed).
    fn undo(&mut self, mark: usize) {
        // Created ops are unlinked first and destroyed together, so that
        // one nested in another (inserted into its detached body) is not
        // destroyed twice.
        let mut created = vec![];
        while self.log.len() > mark {
            match self.log.pop().expect("log entry") {
                Rewrite::Map(from, prev, to) => {
                    match prev {
                        Some(p) => self.mapping.insert(from, p),
                        None => self.mapping.remove(&from),
                    };
                    if let Some(n) = self.mapped_to.get_mut(&to.ptr) {
                        *n -= 1;
                    }
                }
                Rewrite::Mark(op) => {
                    self.replaced.remove(&op);
                }
                Rewrite::Create(op) | Rewrite::Cast(op) => {
                    self.casts.retain(|(c, _)| c.ptr != op.ptr);
                    self.pure_casts.remove(&op.ptr);
                    unsafe { mlirOperationRemoveFromParent(op) };
                    created.push(op);
                }
                // Moved ops are not moved back: the patterns of the passes
                // that use this driver decline before moving anything.
                Rewrite::Replace(..) | Rewrite::ReplaceValue(..) | Rewrite::EraseBlock(_) => {}
            }
        }
        if !created.is_empty() {
            // Their addresses may be those of new ops next.
            self.epoch.bump();
            unsafe { ffi::pallasDestroyOps(created.as_ptr(), created.len() as isize) };
        }
        self.new_ops.clear();
    }
}

/// `op` and every op nested in it, parents first, in the order MLIR's
/// conversion driver visits them (walked in C++, handed over at once).
fn conversion_order(op: MlirOperation) -> Vec<MlirOperation> {
    let mut order = vec![];
    append_conversion_order(op, &mut order);
    order
}

/// [`conversion_order`] of `op`, appended to `order`.
fn append_conversion_order(op: MlirOperation, order: &mut Vec<MlirOperation>) {
    unsafe extern "C" fn take(ops: *const MlirOperation, n: isize, data: *mut c_void) {
        let out = &mut *(data as *mut Vec<MlirOperation>);
        out.extend_from_slice(std::slice::from_raw_parts(ops, n as usize));
    }
    unsafe {
        ffi::pallasConversionOrder(
            op,
            Some(take),
            order as *mut Vec<MlirOperation> as *mut c_void,
        )
    };
}

/// What the driver knows of the ops of one name (an interned identifier).
#[derive(Clone, Copy)]
struct NameInfo<'p> {
    category: Category<'p>,
    patterns: &'p [&'p PatternEntry],
}

struct Driver<'p> {
    target: &'p DirectTarget,
    /// The patterns of each op name.
    by_name: &'p FastMap<*const c_void, Vec<&'p PatternEntry>>,
    /// The names met so far.
    names: RefCell<FastMap<*const c_void, NameInfo<'p>>>,
    /// In front of `names` (asked for every op).
    recent_names: Recent<NameInfo<'p>, 256>,
    rewriter: MlirRewriterBase,
    state: RefCell<Direct>,
}

impl<'p> Driver<'p> {
    fn name_info(&self, op: MlirOperation) -> NameInfo<'p> {
        let name = unsafe { mlirOperationGetName(op) };
        if let Some(info) = self.recent_names.get(name.ptr) {
            return info;
        }
        if let Some(info) = self.names.borrow().get(&name.ptr).copied() {
            self.recent_names.put(name.ptr, info);
            return info;
        }
        let text = unsafe {
            let s = mlirIdentifierStr(name);
            String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length))
        };
        let info = NameInfo {
            category: self.target.category(&text),
            patterns: self.by_name.get(&name.ptr).map_or(&[], Vec::as_slice),
        };
        self.names.borrow_mut().insert(name.ptr, info);
        self.recent_names.put(name.ptr, info);
        info
    }

    fn is_illegal(&self, op: MlirOperation) -> bool {
        legality(op, self.name_info(op).category) == Some(false)
    }

    /// Makes `op` legal: nothing to do when the target says so, else
    /// folding, else the first pattern that applies and whose new ops are
    /// all legalized in turn.
    fn legalize(&self, op: MlirOperation) -> bool {
        if self.state.borrow().replaced.contains(&op.ptr) {
            return true;
        }
        let info = self.name_info(op);
        if legality(op, info.category) == Some(true) {
            return true;
        }
        match self.fold(op) {
            Some(true) => return true,
            Some(false) => return self.legalize(op),
            None => {}
        }
        info.patterns.iter().any(|p| self.apply(op, p))
    }

    /// Folds `op`: `Some(true)` replaced, `Some(false)` changed in place.
    fn fold(&self, op: MlirOperation) -> Option<bool> {
        let n = unsafe { mlirOperationGetNumResults(op) } as usize;
        let no_value = MlirValue {
            ptr: std::ptr::null(),
        };
        let no_op = MlirOperation {
            ptr: std::ptr::null_mut(),
        };
        // Every op not legal already is offered to its folder: the buffers
        // of the few results most ops have are on the stack.
        let (mut small_results, mut small_constants) = ([no_value; 4], [no_op; 4]);
        let (mut big_results, mut big_constants) = (vec![], vec![]);
        let (results, constants): (&mut [MlirValue], &mut [MlirOperation]) = if n <= 4 {
            (&mut small_results[..n], &mut small_constants[..n])
        } else {
            big_results.resize(n, no_value);
            big_constants.resize(n, no_op);
            (&mut big_results, &mut big_constants)
        };
        let mut n_constants = 0isize;
        let status = unsafe {
            ffi::pallasRewriterTryFold(
                self.rewriter,
                op,
                results.as_mut_ptr(),
                constants.as_mut_ptr(),
                &mut n_constants,
            )
        };
        match status {
            0 => {
                // Changed in place: rules see it anew.
                self.state.borrow().epoch.bump();
                Some(false)
            }
            1 => {
                let mark = {
                    let mut st = self.state.borrow_mut();
                    st.converter = false;
                    let mark = st.log.len();
                    for c in &constants[..n_constants as usize] {
                        st.log.push(Rewrite::Create(*c));
                    }
                    st.replace(op, Some(&results[..]));
                    mark
                };
                for c in &constants[..n_constants as usize] {
                    if !self.legalize(*c) {
                        self.state.borrow_mut().undo(mark);
                        return None;
                    }
                }
                Some(true)
            }
            _ => None,
        }
    }

    /// Runs one pattern on `op`, then legalizes what it created.
    fn apply(&self, op: MlirOperation, pattern: &PatternEntry) -> bool {
        // The operands of most ops fit on the stack (one pattern runs per
        // converted op).
        const SMALL: usize = 8;
        let null = unsafe {
            Value::from_raw(MlirValue {
                ptr: std::ptr::null(),
            })
        };
        let mut small = [null; SMALL];
        let mut big = vec![];
        let (mark, operands): (usize, &[Value]) = {
            let mut st = self.state.borrow_mut();
            st.new_ops.clear();
            #[cfg(debug_assertions)]
            st.legal_ops.clear();
            st.converter = pattern.converter.is_some();
            let mark = st.log.len();
            let n = unsafe { mlirOperationGetNumOperands(op) } as usize;
            let operands: &mut [Value] = if n <= SMALL {
                &mut small[..n]
            } else {
                big.resize(n, null);
                &mut big
            };
            // Values of the IR, alive while the conversion runs.
            for (i, slot) in operands.iter_mut().enumerate() {
                *slot = unsafe {
                    let v = mlirOperationGetOperand(op, i as isize);
                    Value::from_raw(st.remap(v, pattern.converter))
                };
            }
            (mark, operands)
        };
        unsafe { mlirRewriterBaseSetInsertionPointBefore(self.rewriter, op) };
        let rw = Rewriter {
            raw: self.rewriter,
            direct: &self.state as *const RefCell<Direct>,
            _marker: std::marker::PhantomData,
        };
        let ok = unsafe {
            ir::guard(
                mlirOperationGetLocation(op),
                "a conversion pattern",
                false,
                || (pattern.f)(ir::borrow_op(op), operands, &rw).is_ok(),
            )
        };
        if !ok {
            self.state.borrow_mut().undo(mark);
            return false;
        }
        #[cfg(debug_assertions)]
        for new in std::mem::take(&mut self.state.borrow_mut().legal_ops) {
            assert!(
                legality(new, self.name_info(new).category) == Some(true),
                "an op inserted as legal ({}) is not legal for the target",
                ir::op_name_of(&unsafe { ir::borrow_op(new) })
            );
        }
        let mut created = std::mem::take(&mut self.state.borrow_mut().new_ops);
        for new in created.iter().copied() {
            if !self.legalize(new) {
                self.state.borrow_mut().undo(mark);
                return false;
            }
        }
        // Hands the buffer back (nested patterns have emptied the list by
        // now): one pattern runs per converted op, and a list that starts
        // empty every time grows again every time.
        created.clear();
        let mut st = self.state.borrow_mut();
        if st.new_ops.is_empty() && st.new_ops.capacity() < created.capacity() {
            st.new_ops = created;
        }
        true
    }

    /// Applies the recorded replacements, erases what was replaced, and
    /// folds away the casts that cancel out or have no use.
    fn commit(&self) -> bool {
        let mut st = self.state.borrow_mut();
        let mut erased_ops = vec![];
        let mut erased_blocks = vec![];
        let mut i = 0;
        while i < st.log.len() {
            match st.log[i] {
                Rewrite::Replace(op, converter) => unsafe {
                    st.converter = converter;
                    for k in 0..mlirOperationGetNumResults(op) {
                        let result = mlirOperationGetResult(op, k);
                        if let Some(v) = st.replacement_for_commit(result) {
                            mlirValueReplaceAllUsesOfWith(result, v);
                        }
                    }
                    mlirOperationRemoveFromParent(op);
                    erased_ops.push(op);
                },
                Rewrite::ReplaceValue(value, converter) => unsafe {
                    st.converter = converter;
                    if let Some(v) = st.replacement_for_commit(value) {
                        if mlirValueIsABlockArgument(v) || !mlirValueIsABlockArgument(value) {
                            mlirValueReplaceAllUsesOfWith(value, v);
                        } else {
                            ffi::pallasReplaceBlockArgumentUses(value, v);
                        }
                    }
                },
                Rewrite::EraseBlock(b) => erased_blocks.push(b),
                _ => {}
            }
            i += 1;
        }
        // Casts inside erased ops go with them.
        let erased: FastSet<OpKey> = erased_ops.iter().map(|o| o.ptr).collect();
        let mut casts = std::mem::take(&mut st.casts);
        casts.retain(|(c, _)| {
            let mut cur = unsafe { mlirOperationGetParentOperation(*c) };
            while !cur.ptr.is_null() {
                if erased.contains(&cur.ptr) {
                    return false;
                }
                cur = unsafe { mlirOperationGetParentOperation(cur) };
            }
            true
        });
        unsafe { ffi::pallasDestroyOps(erased_ops.as_ptr(), erased_ops.len() as isize) };
        for b in erased_blocks {
            unsafe { ffi::pallasDestroyBlock(b) };
        }
        drop(st);
        reconcile(casts)
    }
}

/// Erases the driver's casts that have no use and those a chain of casts
/// undoes (MLIR's reconcileUnrealizedCasts, on the driver's casts); a cast
/// left with no converter in charge is an error.
fn reconcile(casts: Vec<(MlirOperation, bool)>) -> bool {
    let mut worklist: Vec<MlirOperation> = casts.iter().map(|(c, _)| *c).collect();
    let mut queued: FastSet<OpKey> = worklist.iter().map(|c| c.ptr).collect();
    let mut erased: FastSet<OpKey> = FastSet::default();
    let inputs = |c: MlirOperation| -> Vec<MlirValue> {
        unsafe {
            (0..mlirOperationGetNumOperands(c))
                .map(|i| mlirOperationGetOperand(c, i))
                .collect()
        }
    };
    let outputs = |c: MlirOperation| -> Vec<MlirValue> {
        unsafe {
            (0..mlirOperationGetNumResults(c))
                .map(|i| mlirOperationGetResult(c, i))
                .collect()
        }
    };
    let types_equal = |a: &[MlirValue], b: &[MlirValue]| {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|(x, y)| unsafe { mlirTypeEqual(value_type(*x), value_type(*y)) })
    };
    let input_cast = |c: MlirOperation| -> Option<MlirOperation> {
        let ins = inputs(c);
        let first = *ins.first()?;
        let def = unsafe { defining_op(first) }.filter(|d| is_cast_op(*d))?;
        let outs = outputs(def);
        (outs.len() == ins.len() && outs.iter().zip(&ins).all(|(a, b)| a.ptr == b.ptr))
            .then_some(def)
    };
    let enqueue =
        |c: MlirOperation, worklist: &mut Vec<MlirOperation>, queued: &mut FastSet<OpKey>| {
            for v in inputs(c) {
                if let Some(def) = unsafe { defining_op(v) }.filter(|d| is_cast_op(*d)) {
                    if queued.insert(def.ptr) {
                        worklist.push(def);
                    }
                }
            }
        };
    while let Some(c) = worklist.pop() {
        queued.remove(&c.ptr);
        let outs = outputs(c);
        if outs.iter().all(|v| !has_uses(*v)) {
            enqueue(c, &mut worklist, &mut queued);
            erased.insert(c.ptr);
            unsafe {
                mlirOperationRemoveFromParent(c);
                ffi::pallasDestroyOps(&c, 1);
            }
            continue;
        }
        let mut next = Some(c);
        while let Some(n) = next {
            let ins = inputs(n);
            if types_equal(&ins, &outs) {
                enqueue(c, &mut worklist, &mut queued);
                for (o, i) in outs.iter().zip(&ins) {
                    unsafe { mlirValueReplaceAllUsesOfWith(*o, *i) };
                }
                erased.insert(c.ptr);
                unsafe {
                    mlirOperationRemoveFromParent(c);
                    ffi::pallasDestroyOps(&c, 1);
                }
                break;
            }
            next = input_cast(n);
        }
    }
    for (c, converter) in casts {
        if !erased.contains(&c.ptr) && !converter {
            unsafe { ffi::pallasEmitLiveCastError(c) };
            return false;
        }
    }
    true
}

/// Converts what `patterns` can under `target` like [`apply_partial`],
/// with output identical to it, without MLIR's conversion driver: one walk
/// over the ops in the driver's order, the target asked once per op, each
/// illegal op folded or given to its pattern, the ops a pattern creates
/// legalized in turn, then the replacements committed. An illegal op left
/// is an error at it. Patterns must decline before changing the IR (there
/// is no rollback of moved ops).
pub fn apply_direct(
    root: &OperationRef,
    target: &DirectTarget,
    patterns: PatternSet,
) -> Result<(), Reported> {
    apply_direct_in_groups(root, target, patterns, |_| false, &mut ())
}

/// [`apply_direct`], committing the replacements group by group, where a
/// group starts at each op directly inside `root` that `starts_group`
/// picks: the IR is the same as with one commit at the end when no value
/// of a group is used outside it and no pattern moves ops of a later group
/// (each TPU kernel with the index-map copies that follow it), and a module
/// of many kernels is then converted one kernel at a time, its ops still
/// in the caches when they are committed, instead of being walked twice
/// as a whole. Ops directly inside `root` that have results keep one
/// group.
///
/// `hooks` prepare each group and finish it while its ops are in the
/// caches: [`GroupHooks::before`] gets the ops directly inside `root` of
/// the group before it is converted (none for the one group of everything
/// in `root`); [`GroupHooks::after`], once the group is committed, the ops
/// that hold what the conversion left of it: the ops now directly inside
/// `root` in its place (`root` itself for the one group of everything).
pub fn apply_direct_in_groups<'c, 'a>(
    root: &OperationRef<'c, 'a>,
    target: &DirectTarget,
    patterns: PatternSet,
    starts_group: impl for<'c2, 'a2> Fn(&OperationRef<'c2, 'a2>) -> bool,
    hooks: &mut dyn GroupHooks<'c, 'a>,
) -> Result<(), Reported> {
    let mut by_name: FastMap<*const c_void, Vec<&PatternEntry>> = FastMap::default();
    for e in &patterns.entries {
        let id = unsafe { mlirIdentifierGet(patterns.ctx, str_ref(&e.root)).ptr };
        by_name.entry(id).or_default().push(e);
    }
    let root_op = *root;
    let root = root.to_raw();
    let groups = commit_groups(root, |op| starts_group(&unsafe { ir::borrow_op(op) }));
    let driver = Driver {
        target,
        by_name: &by_name,
        names: RefCell::new(FastMap::default()),
        recent_names: Recent::new(),
        rewriter: unsafe { mlirIRRewriterCreateFromOp(root) },
        state: RefCell::new(Direct {
            epoch: target.epoch(),
            ..Direct::default()
        }),
    };
    let borrow = |ops: &[MlirOperation]| -> Vec<OperationRef<'c, 'a>> {
        ops.iter().map(|&op| unsafe { ir::borrow_op(op) }).collect()
    };
    let n_groups = match &groups {
        Groups::Whole => 1,
        Groups::Tops { groups, .. } => groups.len(),
    };
    let mut ok = true;
    let mut order = vec![];
    // The last op directly inside `root` that a finished group left.
    let mut last_finished: Option<MlirOperation> = None;
    for i in 0..n_groups {
        // Walked when its turn comes: its ops are then in the caches for
        // the conversion that follows (a module of many kernels is larger
        // than they are). The ops directly inside `root` were listed before
        // any conversion, which creates no op that a later group holds.
        order.clear();
        match &groups {
            Groups::Tops { groups, .. } => {
                hooks.before(&borrow(&groups[i]));
                if i == 0 {
                    order.push(root);
                }
                for &op in &groups[i] {
                    append_conversion_order(op, &mut order);
                }
            }
            Groups::Whole => {
                hooks.before(&[]);
                append_conversion_order(root, &mut order);
            }
        }
        {
            // Sized for a conversion that replaces most ops of the group
            // (each with a few new ones) rather than grown and rehashed
            // step by step; the tables are only looked up, never iterated,
            // so their size changes no order.
            let mut state = driver.state.borrow_mut();
            let n = order.len();
            state.mapping.reserve(n);
            state.mapped_to.reserve(n);
            state.replaced.reserve(n);
            state.log.reserve(2 * n);
        }
        if let Some(&op) = order
            .iter()
            .find(|&&op| !driver.legalize(op) && driver.is_illegal(op))
        {
            unsafe { ffi::pallasEmitFailedToLegalize(op) };
            ok = false;
            break;
        }
        // On failure the IR stays as the patterns left it (the pass fails).
        ok = driver.commit();
        if !ok {
            break;
        }
        driver.state.borrow_mut().start_group();
        match &groups {
            Groups::Tops { block, groups } => {
                // What the group left: the ops between the previous group's
                // and the next group's (which nothing has touched yet).
                let next = groups.get(i + 1).map(|g| g[0].ptr);
                let mut op = match last_finished {
                    Some(last) => unsafe { mlirOperationGetNextInBlock(last) },
                    None => unsafe { mlirBlockGetFirstOperation(*block) },
                };
                let mut left = vec![];
                while !op.ptr.is_null() && Some(op.ptr) != next {
                    left.push(op);
                    op = unsafe { mlirOperationGetNextInBlock(op) };
                }
                last_finished = left.last().copied().or(last_finished);
                hooks.after(&borrow(&left));
            }
            Groups::Whole => hooks.after(&[root_op]),
        }
    }
    unsafe { mlirIRRewriterDestroy(driver.rewriter) };
    if ok {
        Ok(())
    } else {
        Err(Reported)
    }
}

/// What [`apply_direct_in_groups`] does around the conversion of each
/// group.
pub trait GroupHooks<'c, 'a> {
    /// Before the group (its ops directly inside the root) is converted.
    fn before(&mut self, _tops: &[OperationRef<'c, 'a>]) {}
    /// Once the group is committed (the ops that hold what is left of it).
    fn after(&mut self, _left: &[OperationRef<'c, 'a>]) {}
}

/// No hooks.
impl<'c, 'a> GroupHooks<'c, 'a> for () {}

/// The groups of [`apply_direct_in_groups`].
enum Groups {
    /// `root` and everything in it, in one group.
    Whole,
    /// The ops directly inside `root` (in `block`, its one block), cut
    /// before each one that `starts_group` picks.
    Tops {
        block: MlirBlock,
        groups: Vec<Vec<MlirOperation>>,
    },
}

/// The groups of [`apply_direct_in_groups`], in order: the ops directly
/// inside `root` cut before each one that `starts_group` picks, or one
/// group of everything when an op directly inside `root` has results, or
/// `root` has more than one block (their order is the conversion order's).
fn commit_groups(root: MlirOperation, starts_group: impl Fn(MlirOperation) -> bool) -> Groups {
    let block = unsafe {
        match mlirOperationGetNumRegions(root) {
            1 => {
                let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(root, 0));
                (!block.ptr.is_null() && mlirBlockGetNextInRegion(block).ptr.is_null())
                    .then_some(block)
            }
            _ => None,
        }
    };
    let Some(block) = block else {
        return Groups::Whole;
    };
    let mut tops = vec![];
    let mut op = unsafe { mlirBlockGetFirstOperation(block) };
    while !op.ptr.is_null() {
        if unsafe { mlirOperationGetNumResults(op) } != 0 {
            return Groups::Whole;
        }
        tops.push(op);
        op = unsafe { mlirOperationGetNextInBlock(op) };
    }
    if tops.is_empty() {
        return Groups::Whole;
    }
    let mut groups = vec![];
    let mut start = 0;
    for (i, &op) in tops.iter().enumerate() {
        if i > start && starts_group(op) {
            groups.push(tops[start..i].to_vec());
            start = i;
        }
    }
    groups.push(tops[start..].to_vec());
    Groups::Tops { block, groups }
}

/// A rewriter of its own (MLIR's `IRRewriter`) for passes that build ops
/// outside the conversion framework; it derefs to [`Rewriter`].
pub struct OwnedRewriter<'c, 'a>(Rewriter<'c, 'a>);

impl<'c, 'a> OwnedRewriter<'c, 'a> {
    /// A rewriter in the context of `op`.
    pub fn new(op: &OperationRef<'c, 'a>) -> Self {
        let raw = unsafe { mlirIRRewriterCreateFromOp(op.to_raw()) };
        Self(Rewriter {
            raw,
            direct: std::ptr::null(),
            _marker: std::marker::PhantomData,
        })
    }
}

impl<'c, 'a> std::ops::Deref for OwnedRewriter<'c, 'a> {
    type Target = Rewriter<'c, 'a>;
    fn deref(&self) -> &Rewriter<'c, 'a> {
        &self.0
    }
}

impl Drop for OwnedRewriter<'_, '_> {
    fn drop(&mut self) {
        unsafe { mlirIRRewriterDestroy(self.0.raw) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::block::BlockLike;
    use melior::ir::Module;
    use melior::Context;

    /// A rule answering what the op's bool attribute `attr` says, nothing
    /// without one.
    fn rule(attr: &'static str) -> impl for<'c, 'a> Fn(OperationRef<'c, 'a>) -> Option<bool> {
        move |op| op.attribute(attr).ok().and_then(ir::attrs::as_bool)
    }

    #[derive(Clone, Copy, Debug)]
    enum Step {
        LegalDialect,
        IllegalDialect,
        DynamicDialect(&'static str),
        LegalOp,
        IllegalOp,
        DynamicOp(&'static str),
    }

    const STEPS: [Step; 8] = [
        Step::LegalDialect,
        Step::IllegalDialect,
        Step::DynamicDialect("r1"),
        Step::DynamicDialect("r2"),
        Step::LegalOp,
        Step::IllegalOp,
        Step::DynamicOp("r1"),
        Step::DynamicOp("r2"),
    ];

    const OPS: &str = r#"
        "a.x"() {r1 = true} : () -> ()
        "a.x"() {r1 = false} : () -> ()
        "a.x"() {r2 = true} : () -> ()
        "a.x"() {r1 = true, r2 = false} : () -> ()
        "a.x"() : () -> ()
        "a.y"() {r1 = true} : () -> ()
        "a.y"() {r2 = false} : () -> ()
        "a.y"() : () -> ()
        "b.x"() {r1 = false} : () -> ()
        "ax"() {r1 = true} : () -> ()
    "#;

    /// Every sequence of up to three target settings for dialect `a` and
    /// op `a.x` (rules reading `r1` / `r2`), built as a `ConversionTarget`
    /// and as a `DirectTarget`: both give every op the same answers (legal
    /// as the driver's `legalize` asks, illegal as its final check asks).
    #[test]
    fn direct_target_answers_as_mlir() {
        let ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        let module = Module::parse(&ctx, OPS).expect("test module parses");
        let body = module.body();
        let mut ops = vec![];
        let mut op = body.first_operation();
        while let Some(o) = op {
            ops.push(o);
            op = o.next_in_block();
        }
        let mut sequences: Vec<Vec<Step>> = vec![vec![]];
        for len in 1..=3 {
            let mut next = vec![];
            for s in sequences.iter().filter(|s| s.len() == len - 1) {
                for step in STEPS {
                    let mut t = s.clone();
                    t.push(step);
                    next.push(t);
                }
            }
            sequences.extend(next);
        }
        let mut answered = [0usize; 3];
        for seq in &sequences {
            let mut mlir = ConversionTarget::new(&module.as_operation());
            let mut direct = DirectTarget::new();
            for step in seq {
                match *step {
                    Step::LegalDialect => {
                        mlir.legal_dialects(&["a"]);
                        direct.legal_dialects(&["a"]);
                    }
                    Step::IllegalDialect => {
                        mlir.illegal_dialects(&["a"]);
                        direct.illegal_dialects(&["a"]);
                    }
                    Step::DynamicDialect(attr) => {
                        mlir.dynamically_legal_dialect("a", rule(attr));
                        direct.dynamically_legal_dialect("a", rule(attr));
                    }
                    Step::LegalOp => {
                        mlir.legal_ops(&["a.x"]);
                        direct.legal_ops(&["a.x"]);
                    }
                    Step::IllegalOp => {
                        mlir.illegal_ops(&["a.x"]);
                        direct.illegal_ops(&["a.x"]);
                    }
                    Step::DynamicOp(attr) => {
                        mlir.dynamically_legal_op("a.x", rule(attr));
                        direct.dynamically_legal_op("a.x", rule(attr));
                    }
                }
            }
            for op in &ops {
                let raw = op.to_raw();
                let expected = unsafe {
                    (
                        ffi::pallasConversionTargetIsLegal(mlir.raw, raw),
                        ffi::pallasConversionTargetIsIllegal(mlir.raw, raw),
                    )
                };
                let answer = legality(raw, direct.category(ir::op_name_of(op)));
                assert_eq!(
                    (answer == Some(true), answer == Some(false)),
                    expected,
                    "{op} under {seq:?}"
                );
                answered[answer.map_or(2, usize::from)] += 1;
            }
        }
        // All three answers occur.
        assert!(answered.iter().all(|n| *n > 0), "{answered:?}");
    }

    /// The per-type answers agree with MLIR's `TypeConverter::isLegal`.
    #[test]
    fn type_legality_answers_as_mlir() {
        let ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        let module = Module::parse(
            &ctx,
            r#"
            %a = "t.x"() : () -> i32
            %b = "t.x"() : () -> i64
            %c = "t.x"(%b) : (i64) -> f32
            "t.y"(%a, %b) : (i32, i64) -> ()
            %d = "t.y"(%c, %c) : (f32, f32) -> i32
            "#,
        )
        .expect("test module parses");
        // i32 becomes i64, other types stay.
        let converter = || {
            let mut tc = TypeConverter::new();
            tc.add(|t| {
                (t == ir::tpu_types::integer_type(t, 32))
                    .then(|| ir::tpu_types::integer_type(t, 64))
            });
            tc
        };
        let mlir = converter();
        let direct = TypeLegality::new(converter());
        let mut legal = vec![];
        let mut op = module.body().first_operation();
        while let Some(o) = op {
            // Asked twice: the second answer comes from the cache.
            for _ in 0..2 {
                assert_eq!(direct.is_legal(&o), mlir.is_legal(&o), "{o}");
            }
            legal.push(mlir.is_legal(&o));
            op = o.next_in_block();
        }
        assert_eq!(legal, [false, true, true, false, false]);
    }
}
