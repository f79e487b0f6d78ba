//! A safe layer over MLIR's dialect conversion (ConversionTarget,
//! TypeConverter, ConversionPattern, apply{Partial,Full}Conversion), whose
//! C ABI is src/cpp/Conversion.cpp. Patterns, legality and type conversions
//! are Rust closures; a panic in any of them becomes a diagnostic at the op
//! and a failed match, never an unwind into C++.

use std::ffi::c_void;

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{Type, TypeLike};
use melior::ir::{BlockRef, Operation, RegionLike, RegionRef, Value, ValueLike};
use melior::ContextRef;
use mlir_sys::*;

use crate::ir::{self, ffi, str_ref, Reported};

type LegalityFn = dyn for<'c, 'a> Fn(OperationRef<'c, 'a>) -> Option<bool>;
type TypeFn = dyn for<'c> Fn(Type<'c>) -> Option<Type<'c>>;
/// A conversion pattern: the op, its operands already converted, the rewriter.
pub type PatternFn = dyn for<'c, 'a> Fn(
    OperationRef<'c, 'a>,
    &[Value<'c, 'a>],
    &Rewriter<'c, 'a>,
) -> Result<(), String>;

/// Which ops must, may or must not remain after a conversion.
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
    /// Inserts a detached op at the insertion point and returns it.
    pub fn insert(&self, op: Operation<'c>) -> OperationRef<'c, 'a> {
        let raw = op.into_raw();
        unsafe { OperationRef::from_raw(mlirRewriterBaseInsert(self.raw, raw)) }
    }
    /// Inserts `op` and returns its first result.
    pub fn insert_value(&self, op: Operation<'c>) -> Value<'c, 'a> {
        let op = self.insert(op);
        let result = op.result(0).expect("op has a result");
        unsafe { Value::from_raw(result.to_raw()) }
    }
    pub fn replace_op(&self, op: &OperationRef, values: &[Value]) {
        let raw: Vec<MlirValue> = values.iter().map(|v| v.to_raw()).collect();
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
        unsafe { mlirRewriterBaseEraseOp(self.raw, op.to_raw()) }
    }
    pub fn replace_all_uses_with(&self, from: Value, to: Value) {
        unsafe { mlirRewriterBaseReplaceAllUsesWith(self.raw, from.to_raw(), to.to_raw()) }
    }
    /// Moves the blocks of `region` before `before` in `before`'s region.
    pub fn inline_region_before(&self, region: RegionRef, before: BlockRef) {
        unsafe { mlirRewriterBaseInlineRegionBefore(self.raw, region.to_raw(), before.to_raw()) }
    }
    /// Moves the ops of `source` before `before`, replacing its arguments.
    pub fn inline_block_before(&self, source: BlockRef, before: &OperationRef, args: &[Value]) {
        let raw: Vec<MlirValue> = args.iter().map(|v| v.to_raw()).collect();
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
        let raw: Vec<MlirValue> = args.iter().map(|v| v.to_raw()).collect();
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
    pub fn erase_block(&self, block: BlockRef) {
        unsafe { mlirRewriterBaseEraseBlock(self.raw, block.to_raw()) }
    }
    /// Converts the block argument types of `region` with `converter`.
    pub fn convert_region_types(
        &self,
        region: RegionRef,
        converter: &TypeConverter,
    ) -> Result<(), String> {
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

/// A set of conversion patterns.
pub struct PatternSet {
    raw: Option<ffi::PallasConversionPatternSet>,
    // Boxed twice: C++ keeps a thin pointer to the inner (fat) box.
    #[allow(clippy::vec_box)]
    callbacks: Vec<Box<Box<PatternFn>>>,
}

impl PatternSet {
    /// A pattern set for the context of `op`.
    pub fn new(op: &OperationRef) -> Self {
        let ctx = unsafe { mlirOperationGetContext(op.to_raw()) };
        Self {
            raw: Some(unsafe { ffi::pallasConversionPatternSetCreate(ctx) }),
            callbacks: vec![],
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
        let boxed: Box<Box<PatternFn>> = Box::new(Box::new(f));
        let data = &*boxed as *const Box<PatternFn> as *mut c_void;
        self.callbacks.push(boxed);
        let tc = converter
            .map(|c| c.raw())
            .unwrap_or(ffi::PallasTypeConverter {
                ptr: std::ptr::null_mut(),
            });
        unsafe {
            ffi::pallasConversionPatternSetAdd(
                self.raw.expect("pattern set not applied yet"),
                str_ref(root),
                1,
                tc,
                Some(pattern_tramp),
                data,
            )
        };
        self
    }

    /// Adds upstream's affine-to-std and scf-to-cf patterns, which flatten
    /// the structured control flow ops the target makes illegal into blocks
    /// of their parent region.
    pub fn add_scf_to_cf(&mut self) -> &mut Self {
        unsafe {
            ffi::pallasConversionPatternSetAddSCFToControlFlow(
                self.raw.expect("pattern set not applied yet"),
            )
        };
        self
    }

    fn take(&mut self) -> ffi::PallasConversionPatternSet {
        self.raw.take().expect("a pattern set is applied once")
    }
}

impl Drop for PatternSet {
    fn drop(&mut self) {
        if let Some(raw) = self.raw.take() {
            unsafe { ffi::pallasConversionPatternSetDestroy(raw) }
        }
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
    mut patterns: PatternSet,
) -> Result<(), Reported> {
    let raw = patterns.take();
    let ok = unsafe { ffi::pallasApplyPartialConversion(op.to_raw(), target.raw, raw) };
    unsafe { ffi::pallasConversionPatternSetDestroy(raw) };
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
    mut patterns: PatternSet,
) -> Result<(), Reported> {
    let raw = patterns.take();
    let ok = unsafe { ffi::pallasApplyFullConversion(op.to_raw(), target.raw, raw) };
    unsafe { ffi::pallasConversionPatternSetDestroy(raw) };
    if ok.value != 0 {
        Ok(())
    } else {
        Err(Reported)
    }
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
