//! The one place for `unsafe`: the C++ bridge, borrowed handles that MLIR
//! hands to callbacks (an operation being verified, a rewriter inside a
//! pattern), and the helpers melior lacks (block specs, memory spaces,
//! semaphore types, diagnostics at an op).

pub mod alloc;
pub mod attrs;
pub mod builder;
pub mod capi;
pub mod conversion;
pub mod ffi;
pub mod hash;
pub mod kernel_support;
pub mod mgpu_view;
pub mod pass_registry;
pub mod plugin;
pub mod tpu_types;
pub mod tpu_view;
pub mod verifier_hooks;

use std::any::Any;
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use melior::ir::attribute::Attribute;
use melior::ir::attribute::AttributeLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{Type, TypeLike};
use melior::ir::{BlockLike, BlockRef, Location, RegionLike, RegionRef, Value, ValueLike};
use melior::ContextRef;
use melior::StringRef;
use mlir_sys::*;

/// An error that has already been reported as an MLIR diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reported;

impl std::fmt::Display for Reported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("error reported as a diagnostic")
    }
}

impl std::error::Error for Reported {}

/// The kind of a block dim in a `#pallas.block_spec`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockDim {
    /// `N`: the index map returns a block index.
    Blocked(i64),
    /// `squeezed`: size 1, removed from the kernel ref; the map returns an element index.
    Squeezed,
    /// `element(N, pad = [lo, hi])`: the map returns an element offset into the padded array.
    Element {
        size: i64,
        pad_low: i64,
        pad_high: i64,
    },
    /// `bounded(N)`: the map returns a start and a size <= N.
    Bounded(i64),
}

impl BlockDim {
    /// The extent of the window along this dim (1 for squeezed).
    pub fn size(self) -> i64 {
        match self {
            BlockDim::Blocked(n) | BlockDim::Bounded(n) => n,
            BlockDim::Squeezed => 1,
            BlockDim::Element { size, .. } => size,
        }
    }

    /// How many values the index map returns for this dim.
    pub fn map_results(self) -> usize {
        if matches!(self, BlockDim::Bounded(_)) {
            2
        } else {
            1
        }
    }
}

/// The index map of a block spec.
#[derive(Clone, Copy, Debug)]
pub enum IndexMap<'c> {
    Affine(MlirAffineMap),
    Symbol(&'c str),
}

/// A decoded `#pallas.block_spec`.
#[derive(Clone, Debug)]
pub struct BlockSpec<'c> {
    pub attr: Attribute<'c>,
    pub array_type: Type<'c>,
    pub dims: Vec<BlockDim>,
    pub index_map: IndexMap<'c>,
    pub memory_space: Option<MemorySpace>,
    pub buffer_count: Option<i64>,
    /// `pl.Buffered(..., revisit=...)`; only given together with `buffer_count`.
    pub revisit: Option<Revisit>,
}

/// JAX's `RevisitMode`: when an output window may be visited again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Revisit {
    Immediate,
    Any,
}

impl Revisit {
    pub fn name(self) -> &'static str {
        match self {
            Revisit::Immediate => "immediate",
            Revisit::Any => "any",
        }
    }
}

impl<'c> BlockSpec<'c> {
    /// Decodes `attr`, or `None` when it is not a `#pallas.block_spec`.
    pub fn from_attribute(attr: Attribute<'c>) -> Option<Self> {
        unsafe {
            if !ffi::pallasAttributeIsBlockSpec(attr.to_raw()) {
                return None;
            }
            let view = ffi::pallasBlockSpecGet(attr.to_raw());
            let rank = view.rank as usize;
            let slice = |p: *const i64| -> &[i64] {
                if rank == 0 {
                    &[]
                } else {
                    std::slice::from_raw_parts(p, rank)
                }
            };
            let (kinds, sizes) = (slice(view.kinds), slice(view.sizes));
            let (lows, highs) = (slice(view.padLow), slice(view.padHigh));
            let dims = (0..rank)
                .map(|i| match kinds[i] {
                    0 => BlockDim::Blocked(sizes[i]),
                    1 => BlockDim::Squeezed,
                    2 => BlockDim::Element {
                        size: sizes[i],
                        pad_low: lows[i],
                        pad_high: highs[i],
                    },
                    _ => BlockDim::Bounded(sizes[i]),
                })
                .collect();
            let map = view.indexMap;
            let index_map = if mlirAttributeIsAAffineMap(map) {
                IndexMap::Affine(mlirAffineMapAttrGetValue(map))
            } else {
                IndexMap::Symbol(string_ref_to_str(mlirFlatSymbolRefAttrGetValue(map)))
            };
            Some(Self {
                attr,
                array_type: Type::from_raw(view.arrayType),
                dims,
                index_map,
                memory_space: MemorySpace::from_value(view.memorySpace),
                buffer_count: (view.bufferCount != 0).then_some(view.bufferCount),
                revisit: match view.revisit {
                    1 => Some(Revisit::Immediate),
                    2 => Some(Revisit::Any),
                    _ => None,
                },
            })
        }
    }

    /// The ref type the kernel body sees: the block shape without squeezed
    /// dims, the array's element type, the block memory space.
    pub fn block_ref_type(&self) -> Type<'c> {
        unsafe { Type::from_raw(ffi::pallasBlockSpecGetBlockRefType(self.attr.to_raw())) }
    }

    /// Whether the window is the whole array at a constant zero position
    /// (JAX's `has_trivial_window`).
    pub fn has_trivial_window(&self) -> bool {
        let shape = memref_shape(self.array_type);
        let whole = self.dims.len() == shape.len()
            && self
                .dims
                .iter()
                .zip(&shape)
                .all(|(d, s)| matches!(d, BlockDim::Blocked(n) if n == s));
        whole
            && match self.index_map {
                IndexMap::Affine(map) => affine_map_results_are_zero(map),
                _ => false,
            }
    }

    /// The spec as printed, for diagnostics.
    pub fn to_text(&self) -> String {
        self.attr.to_string()
    }
}

/// `#pallas.memory_space<...>` values (keep in sync with PallasAttrs.td).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemorySpace {
    Any = 0,
    Hbm = 1,
    Vmem = 2,
    VmemShared = 3,
    Smem = 4,
    Cmem = 5,
    Semaphore = 6,
    Host = 7,
    Gmem = 8,
    Shared = 9,
    Tmem = 10,
    Regs = 11,
}

impl MemorySpace {
    const ALL: [MemorySpace; 12] = [
        MemorySpace::Any,
        MemorySpace::Hbm,
        MemorySpace::Vmem,
        MemorySpace::VmemShared,
        MemorySpace::Smem,
        MemorySpace::Cmem,
        MemorySpace::Semaphore,
        MemorySpace::Host,
        MemorySpace::Gmem,
        MemorySpace::Shared,
        MemorySpace::Tmem,
        MemorySpace::Regs,
    ];

    pub fn from_value(value: i32) -> Option<Self> {
        Self::ALL.iter().copied().find(|m| *m as i32 == value)
    }

    /// The memory space of a memref type, when it is a `#pallas.memory_space`.
    pub fn of_memref(ty: Type) -> Option<Self> {
        unsafe {
            if !mlirTypeIsAMemRef(ty.to_raw()) {
                return None;
            }
            let space = mlirMemRefTypeGetMemorySpace(ty.to_raw());
            if space.ptr.is_null() {
                return None;
            }
            Self::from_value(ffi::pallasMemorySpaceAttrGetValue(space))
        }
    }

    /// `#pallas.memory_space<self>` in the context of `like`.
    pub fn attr(self, like: Type<'_>) -> Attribute<'_> {
        unsafe {
            Attribute::from_raw(ffi::pallasMemorySpaceAttrGet(
                mlirTypeGetContext(like.to_raw()),
                self as i32,
            ))
        }
    }

    /// Whether a memref type carries a memory space that is not ours.
    pub fn memref_has_foreign_space(ty: Type) -> bool {
        unsafe {
            let space = mlirMemRefTypeGetMemorySpace(ty.to_raw());
            !space.ptr.is_null() && ffi::pallasMemorySpaceAttrGetValue(space) < 0
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            MemorySpace::Any => "any",
            MemorySpace::Hbm => "hbm",
            MemorySpace::Vmem => "vmem",
            MemorySpace::VmemShared => "vmem_shared",
            MemorySpace::Smem => "smem",
            MemorySpace::Cmem => "cmem",
            MemorySpace::Semaphore => "semaphore",
            MemorySpace::Host => "host",
            MemorySpace::Gmem => "gmem",
            MemorySpace::Shared => "shared",
            MemorySpace::Tmem => "tmem",
            MemorySpace::Regs => "regs",
        }
    }
}

/// Element types of semaphore refs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SemaphoreKind {
    Regular,
    Dma,
    BarrierSemaphore,
    /// GPU mbarrier.
    Barrier,
}

impl SemaphoreKind {
    /// The semaphore kind of an element type, if it is one of ours.
    pub fn of_type(ty: Type) -> Option<Self> {
        match unsafe { ffi::pallasTypeGetKind(ty.to_raw()) } {
            1 => Some(SemaphoreKind::Regular),
            2 => Some(SemaphoreKind::Dma),
            3 => Some(SemaphoreKind::BarrierSemaphore),
            4 => Some(SemaphoreKind::Barrier),
            _ => None,
        }
    }

    /// The semaphore kind of a memref's element type.
    pub fn of_memref(ty: Type) -> Option<Self> {
        unsafe {
            if !mlirTypeIsAMemRef(ty.to_raw()) {
                return None;
            }
            Self::of_type(Type::from_raw(mlirShapedTypeGetElementType(ty.to_raw())))
        }
    }
}

/// Reads a C string ref as `&str` (MLIR strings owned by the context).
///
/// # Safety
/// The reference must point to valid UTF-8 that outlives `'a`.
pub unsafe fn string_ref_to_str<'a>(s: MlirStringRef) -> &'a str {
    if s.length == 0 {
        return "";
    }
    std::str::from_utf8(std::slice::from_raw_parts(s.data as *const u8, s.length)).unwrap_or("")
}

pub fn str_ref(s: &str) -> MlirStringRef {
    MlirStringRef {
        data: s.as_ptr() as *const _,
        length: s.len(),
    }
}

/// The element count of a static shape; `None` when a dim is dynamic
/// (`i64::MIN`) or negative, or the count is past `i64` (types may carry any
/// dims: every count taken from user IR goes through here).
pub fn element_count(shape: &[i64]) -> Option<i64> {
    shape
        .iter()
        .try_fold(1i64, |n, d| if *d < 0 { None } else { n.checked_mul(*d) })
}

/// Static shape of a shaped type (dynamic dims are `i64::MIN`).
pub fn memref_shape(ty: Type) -> Vec<i64> {
    // Asked for most ops, several times: the common ranks are read into
    // the stack and copied into a vector of the right size (none for rank
    // 0 or a type without a shape).
    let mut buf = [0i64; 8];
    let rank = unsafe { ffi::pallasShapedTypeGetShape(ty.to_raw(), buf.as_mut_ptr(), 8) };
    if rank <= 0 {
        return vec![];
    }
    let rank = rank as usize;
    if rank <= buf.len() {
        return buf[..rank].to_vec();
    }
    let mut dims = vec![0i64; rank];
    unsafe { ffi::pallasShapedTypeGetShape(ty.to_raw(), dims.as_mut_ptr(), rank as isize) };
    dims
}

/// `f` of the static shape of a shaped type ([`memref_shape`]), read into
/// the stack for ranks up to 8: for the size checks asked of every value.
pub fn with_shape<R>(ty: Type, f: impl FnOnce(&[i64]) -> R) -> R {
    let mut buf = [0i64; 8];
    let rank = unsafe { ffi::pallasShapedTypeGetShape(ty.to_raw(), buf.as_mut_ptr(), 8) };
    if rank <= 0 {
        return f(&[]);
    }
    match buf.get(..rank as usize) {
        Some(dims) => f(dims),
        None => f(&memref_shape(ty)),
    }
}

/// The strides and offset of a memref type (`i64::MIN` where dynamic); `None`
/// for a layout that is not strided.
pub fn memref_strides_and_offset(ty: Type) -> Option<(Vec<i64>, i64)> {
    unsafe {
        let raw = ty.to_raw();
        if !mlirTypeIsAMemRef(raw) {
            return None;
        }
        let mut strides = vec![0i64; mlirShapedTypeGetRank(raw).max(0) as usize];
        let mut offset = 0i64;
        let ok = mlirMemRefTypeGetStridesAndOffset(raw, strides.as_mut_ptr(), &mut offset);
        (ok.value != 0).then_some((strides, offset))
    }
}

/// `ty` (a memref type) in the memory space of the memref type `like`.
pub fn with_memory_space_of<'c>(ty: Type<'c>, like: Type<'c>) -> Type<'c> {
    unsafe {
        let raw = ty.to_raw();
        if !mlirTypeIsAMemRef(raw) || !mlirTypeIsAMemRef(like.to_raw()) {
            return ty;
        }
        let shape = memref_shape(ty);
        Type::from_raw(mlirMemRefTypeGet(
            mlirShapedTypeGetElementType(raw),
            shape.len() as isize,
            shape.as_ptr(),
            mlirMemRefTypeGetLayout(raw),
            mlirMemRefTypeGetMemorySpace(like.to_raw()),
        ))
    }
}

/// Whether a memref type has the identity layout.
pub fn has_identity_layout(ty: Type) -> bool {
    unsafe {
        if !mlirTypeIsAMemRef(ty.to_raw()) {
            return true;
        }
        let layout = mlirMemRefTypeGetLayout(ty.to_raw());
        layout.ptr.is_null()
            || (mlirAttributeIsAAffineMap(layout)
                && mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout)))
    }
}

/// The memory space attribute of a memref type (`None`: the default space).
pub fn memref_memory_space(ty: Type<'_>) -> Option<Attribute<'_>> {
    unsafe {
        let a = mlirMemRefTypeGetMemorySpace(ty.to_raw());
        (!a.ptr.is_null()).then(|| Attribute::from_raw(a))
    }
}

pub fn is_memref(ty: Type) -> bool {
    unsafe { mlirTypeIsAMemRef(ty.to_raw()) }
}

pub fn is_vector(ty: Type) -> bool {
    unsafe { mlirTypeIsAVector(ty.to_raw()) }
}

/// The element type of a shaped type; a scalar type is its own element
/// (MLIR's accessor reads out of bounds on a type that is not shaped).
pub fn element_type(ty: Type<'_>) -> Type<'_> {
    let elem = unsafe { ffi::pallasShapedTypeGetElementTypeOrNull(ty.to_raw()) };
    if elem.ptr.is_null() {
        ty
    } else {
        unsafe { Type::from_raw(elem) }
    }
}

pub fn affine_map_dims(map: MlirAffineMap) -> (usize, usize, usize) {
    unsafe {
        (
            mlirAffineMapGetNumDims(map) as usize,
            mlirAffineMapGetNumSymbols(map) as usize,
            mlirAffineMapGetNumResults(map) as usize,
        )
    }
}

/// Whether every result of the map is the constant 0.
pub fn affine_map_results_are_zero(map: MlirAffineMap) -> bool {
    unsafe {
        (0..mlirAffineMapGetNumResults(map)).all(|i| {
            let e = mlirAffineMapGetResult(map, i);
            mlirAffineExprIsAConstant(e) && mlirAffineConstantExprGetValue(e) == 0
        })
    }
}

pub fn affine_map_to_string(map: MlirAffineMap) -> String {
    let mut out = String::new();
    unsafe extern "C" fn append(s: MlirStringRef, data: *mut c_void) {
        let out = &mut *(data as *mut String);
        out.push_str(&String::from_utf8_lossy(std::slice::from_raw_parts(
            s.data as *const u8,
            s.length,
        )));
    }
    unsafe { mlirAffineMapPrint(map, Some(append), &mut out as *mut String as *mut c_void) };
    out
}

/// Emits `'<op>' op <message>` at `op`, as the op's own verifier would.
pub fn emit_op_error(op: &OperationRef, message: &str) {
    unsafe { ffi::pallasEmitOpError(op.to_raw(), str_ref(message)) }
}

/// Emits an error at `loc`.
pub fn emit_error(loc: Location, message: &str) {
    unsafe {
        ffi::pallasEmitErrorWithNote(
            loc.to_raw(),
            str_ref(message),
            MlirLocation {
                ptr: std::ptr::null(),
            },
            str_ref(""),
        )
    }
}

/// Emits an error at `loc` with a note at `note_loc`.
pub fn emit_error_with_note(loc: Location, message: &str, note_loc: Location, note: &str) {
    unsafe {
        ffi::pallasEmitErrorWithNote(
            loc.to_raw(),
            str_ref(message),
            note_loc.to_raw(),
            str_ref(note),
        )
    }
}

/// Borrows an operation handed in by MLIR for the duration of a callback.
///
/// # Safety
/// `raw` must be a live operation for `'a`.
pub unsafe fn borrow_op<'c, 'a>(raw: MlirOperation) -> OperationRef<'c, 'a> {
    OperationRef::from_raw(raw)
}

/// The context of a borrowed operation.
pub fn op_context<'c>(op: &OperationRef<'c, '_>) -> ContextRef<'c> {
    op.context()
}

pub fn value_type<'c>(v: Value<'c, '_>) -> Type<'c> {
    v.r#type()
}

pub fn string_of(s: StringRef) -> String {
    s.as_str().unwrap_or("").to_string()
}

/// Runs `f`, turning a Rust panic into an error diagnostic at `loc` and a
/// failure, so that no panic unwinds into C++.
pub fn guard<T>(loc: MlirLocation, what: &str, on_panic: T, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(payload) => {
            let msg = panic_message(&*payload);
            unsafe {
                ffi::pallasEmitErrorWithNote(
                    loc,
                    str_ref(&format!("internal error in {what}: {msg}")),
                    MlirLocation {
                        ptr: std::ptr::null(),
                    },
                    str_ref(""),
                )
            };
            on_panic
        }
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}

pub fn logical_result(ok: bool) -> MlirLogicalResult {
    MlirLogicalResult {
        value: if ok { 1 } else { 0 },
    }
}

/// Sets a (discardable or inherent) attribute on an op built by a pattern.
pub fn set_attribute(op: &OperationRef, name: &str, attr: Attribute) {
    unsafe { mlirOperationSetAttributeByName(op.to_raw(), str_ref(name), attr.to_raw()) }
}

/// Removes an attribute; true when it was there.
pub fn remove_attribute(op: &OperationRef, name: &str) -> bool {
    unsafe { mlirOperationRemoveAttributeByName(op.to_raw(), str_ref(name)) }
}

/// Calls `f` on every op nested in `op` (pre-order), not on `op` itself.
pub fn walk_nested<'c, 'a>(op: &OperationRef<'c, 'a>, f: &mut dyn FnMut(OperationRef<'c, 'a>)) {
    walk_nested_carrying(op, (), &mut |x, ()| f(*x));
}

/// Calls `visit` on every op nested in `op` (pre-order), not on `op`
/// itself, with what the visit of its parent returned (`outer` for the ops
/// directly inside `op`): for walks that carry what they learn of the ops
/// around (the kernel an op is in) down to the ops inside.
pub fn walk_nested_carrying<'c, 'a, S: Copy>(
    op: &OperationRef<'c, 'a>,
    outer: S,
    visit: &mut dyn FnMut(&OperationRef<'c, 'a>, S) -> S,
) {
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(bl) = block {
            let mut o = bl.first_operation();
            while let Some(x) = o {
                let x: OperationRef<'c, 'a> = unsafe { OperationRef::from_raw(x.to_raw()) };
                let inner = visit(&x, outer);
                if x.region_count() > 0 {
                    walk_nested_carrying(&x, inner, visit);
                }
                o = x.next_in_block();
            }
            block = bl.next_in_region();
        }
    }
}

/// The ops of `block`, in order (a snapshot: erasing one of them while
/// going through the list is fine).
pub fn block_ops<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut out = vec![];
    let mut o = block.first_operation();
    while let Some(x) = o {
        let x: OperationRef<'c, 'a> = unsafe { OperationRef::from_raw(x.to_raw()) };
        out.push(x);
        o = x.next_in_block();
    }
    out
}

/// Erases an op outside of any rewriter (after a conversion finished).
pub fn erase_operation(op: OperationRef) {
    unsafe { mlirOperationDestroy(op.to_raw()) }
}

/// Moves `op` (with its regions) in front of `before`, outside any
/// rewriter (before a conversion starts).
pub fn move_before(op: &OperationRef, before: &OperationRef) {
    unsafe { mlirOperationMoveBefore(op.to_raw(), before.to_raw()) }
}

/// Moves `op` (with its regions) to the end of `block`, outside any
/// rewriter (which may be empty, unlike [`move_before`]'s anchor).
pub fn move_to_end(op: &OperationRef, block: &BlockRef) {
    unsafe {
        mlirOperationRemoveFromParent(op.to_raw());
        mlirBlockAppendOwnedOperation(block.to_raw(), op.to_raw());
    }
}

/// Sets operand `index` of `op` (which the caller checked it has) to `v`.
pub fn set_operand(op: &OperationRef, index: usize, v: Value) {
    unsafe { mlirOperationSetOperand(op.to_raw(), index as isize, v.to_raw()) }
}

/// The op defining `v`, if it is an op result (not a block argument).
pub fn defining_op<'c, 'a>(v: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    unsafe {
        mlirValueIsAOpResult(v.to_raw())
            .then(|| OperationRef::from_raw(mlirOpResultGetOwner(v.to_raw())))
    }
}

/// The ops using `v`, once each, in use-list order.
pub fn users<'c, 'a>(v: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut out: Vec<OperationRef<'c, 'a>> = vec![];
    // A set, not a scan of `out`: a splat may have thousands of users.
    let mut seen = std::collections::HashSet::new();
    unsafe {
        let mut use_ = mlirValueGetFirstUse(v.to_raw());
        while !use_.ptr.is_null() {
            let owner = OperationRef::from_raw(mlirOpOperandGetOwner(use_));
            if seen.insert(owner.to_raw().ptr) {
                out.push(owner);
            }
            use_ = mlirOpOperandGetNextUse(use_);
        }
    }
    out
}

pub fn has_uses(v: Value) -> bool {
    unsafe { !mlirValueGetFirstUse(v.to_raw()).ptr.is_null() }
}

/// Whether `t` is a float or a signless integer type.
pub fn is_signless_int_or_float(t: Type) -> bool {
    unsafe {
        let raw = t.to_raw();
        mlirTypeIsAFloat(raw) || (mlirTypeIsAInteger(raw) && mlirIntegerTypeIsSignless(raw))
    }
}

/// For a block argument: the op whose region holds the block, and the
/// argument's position; `None` for op results and detached blocks.
pub fn block_arg_owner<'c, 'a>(v: Value<'c, 'a>) -> Option<(OperationRef<'c, 'a>, usize)> {
    unsafe {
        if !mlirValueIsABlockArgument(v.to_raw()) {
            return None;
        }
        let parent = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v.to_raw()));
        if parent.ptr.is_null() {
            return None;
        }
        Some((
            OperationRef::from_raw(parent),
            mlirBlockArgumentGetArgNumber(v.to_raw()) as usize,
        ))
    }
}

/// Whether `t` is an integer type (any signedness, `i1` included).
pub fn is_integer(t: Type) -> bool {
    unsafe { mlirTypeIsAInteger(t.to_raw()) }
}

/// The width of an integer type; `None` for other types.
pub fn integer_width(t: Type) -> Option<u32> {
    is_integer(t).then(|| unsafe { mlirIntegerTypeGetWidth(t.to_raw()) })
}

/// A signed or unsigned integer type as the signless one of its width;
/// every other type as it is.
pub fn signless(t: Type<'_>) -> Type<'_> {
    unsafe {
        let raw = t.to_raw();
        if mlirTypeIsAInteger(raw) && !mlirIntegerTypeIsSignless(raw) {
            Type::from_raw(mlirIntegerTypeGet(
                mlirTypeGetContext(raw),
                mlirIntegerTypeGetWidth(raw),
            ))
        } else {
            t
        }
    }
}

/// `vector<shape x elem>` (`elem` itself for an empty shape is the caller's
/// business: this always builds a vector type).
pub fn vector_type<'c>(shape: &[i64], elem: Type<'c>) -> Type<'c> {
    builder::memo_vector_type(shape, elem, || unsafe {
        Type::from_raw(mlirVectorTypeGet(
            shape.len() as isize,
            shape.as_ptr(),
            elem.to_raw(),
        ))
    })
}

/// A string attribute holding `s` verbatim (no escaping through the
/// attribute parser), in the context of `loc`.
pub fn string_attr<'c>(loc: Location<'c>, s: &str) -> Attribute<'c> {
    unsafe {
        let ctx = mlirLocationGetContext(loc.to_raw());
        Attribute::from_raw(mlirStringAttrGet(ctx, str_ref(s)))
    }
}

/// Whether `a` is a string attribute.
pub fn is_string_attr(a: Attribute) -> bool {
    unsafe { mlirAttributeIsAString(a.to_raw()) }
}

/// The value of an integer attribute; `None` for other attributes.
pub fn integer_attr_value(a: Attribute) -> Option<i64> {
    unsafe { mlirAttributeIsAInteger(a.to_raw()).then(|| mlirIntegerAttrGetValueInt(a.to_raw())) }
}

/// The integer attribute `name` of `op`, when it has one.
pub fn int_attr(op: &OperationRef, name: &str) -> Option<i64> {
    op.attribute(name).ok().and_then(integer_attr_value)
}

/// `op` (a block's terminator, say) as a reference that lives as long as the
/// IR rather than the borrow it came from, for the rewriter's calls.
pub fn op_ref<'c, 'a>(op: OperationRef<'c, '_>) -> OperationRef<'c, 'a> {
    unsafe { OperationRef::from_raw(op.to_raw()) }
}

/// Runs the `pallas-opt` driver (mlir-opt with the upstream dialects and
/// passes plus ours) on `args` (argv[0] first); returns its exit code.
pub fn opt_main(args: &[std::ffi::CString]) -> i32 {
    let mut argv: Vec<*mut std::os::raw::c_char> = args
        .iter()
        .map(|a| a.as_ptr() as *mut std::os::raw::c_char)
        .collect();
    argv.push(std::ptr::null_mut());
    unsafe {
        let registry = mlirDialectRegistryCreate();
        crate::capi::register_all_dialects(registry);
        crate::passes::register_all();
        let code = ffi::pallasOptMain(args.len() as i32, argv.as_mut_ptr(), registry);
        mlirDialectRegistryDestroy(registry);
        code
    }
}

/// The bit width of an integer or float type.
pub fn bit_width(t: Type) -> Option<u64> {
    unsafe {
        let raw = t.to_raw();
        if mlirTypeIsAInteger(raw) {
            Some(mlirIntegerTypeGetWidth(raw) as u64)
        } else if mlirTypeIsAFloat(raw) {
            Some(mlirFloatTypeGetWidth(raw) as u64)
        } else {
            None
        }
    }
}

/// Inserts a deep copy of `op` right after `after` (outside any rewriter,
/// before a conversion starts) and returns the copy.
pub fn clone_after<'c, 'a>(
    op: &OperationRef<'c, 'a>,
    after: &OperationRef<'c, 'a>,
) -> OperationRef<'c, 'a> {
    unsafe {
        let copy = mlirOperationClone(op.to_raw());
        let block = mlirOperationGetBlock(after.to_raw());
        mlirBlockInsertOwnedOperationAfter(block, after.to_raw(), copy);
        OperationRef::from_raw(copy)
    }
}

/// A detached deep copy of `op`, to be inserted by a rewriter.
pub fn clone_detached<'c>(op: &OperationRef<'c, '_>) -> melior::ir::Operation<'c> {
    unsafe { melior::ir::Operation::from_raw(mlirOperationClone(op.to_raw())) }
}

/// A detached deep copy of `op` whose operand `index` is `operand` (the
/// caller checks that `op` has that operand).
pub fn clone_detached_with_operand<'c>(
    op: &OperationRef<'c, '_>,
    index: usize,
    operand: Value<'c, '_>,
) -> melior::ir::Operation<'c> {
    unsafe {
        let raw = mlirOperationClone(op.to_raw());
        mlirOperationSetOperand(raw, index as isize, operand.to_raw());
        melior::ir::Operation::from_raw(raw)
    }
}

/// Changes the type of a value in place (block arguments before a
/// conversion; every use sees the new type).
pub fn set_value_type(v: Value, ty: Type) {
    unsafe { mlirValueSetType(v.to_raw(), ty.to_raw()) }
}

/// Parses a type in the context of `like`.
pub fn parse_type_like<'c>(like: Type<'c>, text: &str) -> Option<Type<'c>> {
    unsafe {
        let t = mlirTypeParseGet(mlirTypeGetContext(like.to_raw()), str_ref(text));
        (!t.ptr.is_null()).then(|| Type::from_raw(t))
    }
}

/// A symbol table of an op (built once, for many lookups).
pub struct SymbolTable(MlirSymbolTable);

impl SymbolTable {
    pub fn of(op: &OperationRef) -> Self {
        Self(unsafe { mlirSymbolTableCreate(op.to_raw()) })
    }

    pub fn lookup<'c, 'a>(&self, name: &str) -> Option<OperationRef<'c, 'a>> {
        if self.0.ptr.is_null() {
            return None;
        }
        let found = unsafe { mlirSymbolTableLookup(self.0, str_ref(name)) };
        (!found.ptr.is_null()).then(|| unsafe { OperationRef::from_raw(found) })
    }
}

impl Drop for SymbolTable {
    fn drop(&mut self) {
        if !self.0.ptr.is_null() {
            unsafe { mlirSymbolTableDestroy(self.0) }
        }
    }
}

/// Deep-copies the ops of `src` except its terminator into `dest`, in front
/// of `before` (at the end of `dest` when `None`), with the arguments of
/// the first arguments of `src` replaced by `args`; returns the terminator's
/// operands as the copy sees them. One value mapping serves the whole body
/// (C++ side), so uses of earlier ops' results, nested ones included, go
/// to their copies.
pub fn clone_block_body<'c, 'a>(
    src: BlockRef<'c, 'a>,
    dest: BlockRef<'c, 'a>,
    before: Option<OperationRef<'c, 'a>>,
    args: &[Value<'c, 'a>],
) -> Vec<Value<'c, 'a>> {
    let args = raw_values(args);
    unsafe {
        let src = src.to_raw();
        let terminator = mlirBlockGetTerminator(src);
        let n = if terminator.ptr.is_null() {
            0
        } else {
            mlirOperationGetNumOperands(terminator) as usize
        };
        let mut yielded = vec![
            MlirValue {
                ptr: std::ptr::null()
            };
            n
        ];
        let before = before.map(|b| b.to_raw()).unwrap_or(MlirOperation {
            ptr: std::ptr::null_mut(),
        });
        ffi::pallasCloneBlockBody(
            src,
            dest.to_raw(),
            before,
            args.len() as isize,
            args.as_ptr(),
            yielded.as_mut_ptr(),
        );
        yielded.into_iter().map(|v| Value::from_raw(v)).collect()
    }
}

/// Redirects every use of `of` to `with`.
pub fn replace_all_uses(of: Value, with: Value) {
    unsafe { mlirValueReplaceAllUsesOfWith(of.to_raw(), with.to_raw()) }
}

/// Parses an attribute in `ctx` (for builders that hold only a context ref).
pub fn parse_attribute<'c>(ctx: ContextRef<'c>, text: &str) -> Option<Attribute<'c>> {
    unsafe {
        let a = mlirAttributeParseGet(ctx.to_ref().to_raw(), str_ref(text));
        (!a.ptr.is_null()).then(|| Attribute::from_raw(a))
    }
}

/// Whether `op` carries the attribute `name` (inherent or discardable),
/// without building the error `OperationLike::attribute` returns when not.
pub fn has_attribute(op: &OperationRef, name: &str) -> bool {
    unsafe {
        !mlirOperationGetAttributeByName(op.to_raw(), str_ref(name))
            .ptr
            .is_null()
    }
}

/// Whether `op` carries the discardable attribute `name` (a dialect
/// attribute such as `tpu.core_type`; no look-up among inherent ones).
pub fn has_discardable_attribute(op: &OperationRef, name: &str) -> bool {
    unsafe {
        !mlirOperationGetDiscardableAttributeByName(op.to_raw(), str_ref(name))
            .ptr
            .is_null()
    }
}

/// An op name interned in a context: comparing it with an op's name is a
/// pointer comparison (names are uniqued per context), for the checks asked
/// of every op.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OpName(*const c_void);

impl OpName {
    /// `name` in the context of `like`.
    pub fn get(like: &OperationRef, name: &str) -> Self {
        unsafe {
            let ctx = mlirOperationGetContext(like.to_raw());
            Self(mlirIdentifierGet(ctx, str_ref(name)).ptr)
        }
    }

    /// The name of `op`.
    pub fn of(op: &OperationRef) -> Self {
        unsafe { Self(mlirOperationGetName(op.to_raw()).ptr) }
    }
}

/// An identifier in `ctx`.
pub fn identifier<'c>(ctx: ContextRef<'c>, name: &str) -> melior::ir::Identifier<'c> {
    unsafe {
        melior::ir::Identifier::from_raw(mlirIdentifierGet(ctx.to_ref().to_raw(), str_ref(name)))
    }
}

/// The first block of the first region of `op` (a loop body), borrowed for
/// as long as the op.
pub fn body_block<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<BlockRef<'c, 'a>> {
    unsafe {
        if mlirOperationGetNumRegions(op.to_raw()) == 0 {
            return None;
        }
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op.to_raw(), 0));
        (!block.ptr.is_null()).then(|| BlockRef::from_raw(block))
    }
}

// Accessors the conversions use on every op (re-exported by
// conversion::common::builder).

pub fn value<'c, 'a>(v: impl ValueLike<'c>) -> Value<'c, 'a> {
    unsafe { Value::from_raw(v.to_raw()) }
}

/// Operand `i` of `op`; `None` when it has fewer. Probing ops must go
/// through here: melior's `operand(i)` on a missing operand prints the op
/// into its error, and printing a nested op numbers the values of its whole
/// enclosing module (a probe per op made passes quadratic).
pub fn operand_at<'c, 'a>(op: &OperationRef<'c, '_>, i: usize) -> Option<Value<'c, 'a>> {
    (i < op.operand_count())
        .then(|| unsafe { Value::from_raw(mlirOperationGetOperand(op.to_raw(), i as isize)) })
}

/// Result `i` of `op`; `None` when it has fewer (see [`operand_at`]).
pub fn result_at<'c, 'a>(op: &OperationRef<'c, '_>, i: usize) -> Option<Value<'c, 'a>> {
    (i < op.result_count())
        .then(|| unsafe { Value::from_raw(mlirOperationGetResult(op.to_raw(), i as isize)) })
}

/// Region `i` of `op`; `None` when it has fewer (see [`operand_at`]).
pub fn region_at<'c, 'a>(op: &OperationRef<'c, '_>, i: usize) -> Option<RegionRef<'c, 'a>> {
    (i < op.region_count())
        .then(|| unsafe { RegionRef::from_raw(mlirOperationGetRegion(op.to_raw(), i as isize)) })
}

/// Argument `i` of `block`; `None` when it has fewer (see [`operand_at`]:
/// melior's `argument(i)` prints the block into its error).
pub fn argument_at<'c, 'a>(block: &BlockRef<'c, '_>, i: usize) -> Option<Value<'c, 'a>> {
    (i < block.argument_count())
        .then(|| unsafe { Value::from_raw(mlirBlockGetArgument(block.to_raw(), i as isize)) })
}

pub fn result_of<'c, 'a>(op: OperationRef<'c, '_>, i: usize) -> Value<'c, 'a> {
    unsafe { Value::from_raw(op.result(i).expect("result").to_raw()) }
}

/// The types of `op`'s results, in order.
pub fn result_types<'c, 'a>(
    op: OperationRef<'c, 'a>,
) -> impl Iterator<Item = Type<'c>> + use<'c, 'a> {
    (0..op.result_count()).map(move |i| value_type(result_of(op, i)))
}

pub fn is_float(ty: Type) -> bool {
    unsafe { mlirTypeIsAFloat(ty.to_raw()) }
}

pub fn is_index(ty: Type) -> bool {
    unsafe { mlirTypeIsAIndex(ty.to_raw()) }
}

pub fn is_complex(ty: Type) -> bool {
    unsafe { mlirTypeIsAComplex(ty.to_raw()) }
}

/// Reads a dense i64 array attribute.
pub fn dense_i64(attr: Attribute) -> Vec<i64> {
    unsafe {
        let n = mlirDenseArrayGetNumElements(attr.to_raw());
        (0..n)
            .map(|i| mlirDenseI64ArrayGetElement(attr.to_raw(), i))
            .collect()
    }
}

/// The elements of a dense i64 array attribute, borrowed from the
/// attribute (uniqued in the context, so they live as long as it does);
/// empty for any other attribute.
pub fn dense_i64_slice<'c>(attr: Attribute<'c>) -> &'c [i64] {
    let mut size = 0isize;
    let data = unsafe { ffi::pallasDenseI64ArrayGetData(attr.to_raw(), &mut size) };
    if data.is_null() || size <= 0 {
        return &[];
    }
    unsafe { std::slice::from_raw_parts(data, size as usize) }
}

/// How many scalar prefetch operands `op`, a `pallas.kernel`, declares
/// (read from its properties); `None` for any other op.
pub fn kernel_prefetch_count(op: &OperationRef) -> Option<usize> {
    usize::try_from(unsafe { ffi::pallasKernelScalarPrefetchCount(op.to_raw()) }).ok()
}

/// The `starts`, `sizes` and `strides` of a `pallas.load`, `store`, `swap`
/// or `atomic_rmw` (empty where absent), read from its properties; `None`
/// for any other op.
pub fn indexer_arrays<'c>(op: &OperationRef<'c, '_>) -> Option<[&'c [i64]; 3]> {
    let null = MlirAttribute {
        ptr: std::ptr::null(),
    };
    let (mut starts, mut sizes, mut strides) = (null, null, null);
    if !unsafe { ffi::pallasIndexerGet(op.to_raw(), &mut starts, &mut sizes, &mut strides) } {
        return None;
    }
    let slice = |a: MlirAttribute| {
        if a.ptr.is_null() {
            &[][..]
        } else {
            dense_i64_slice(unsafe { Attribute::from_raw(a) })
        }
    };
    Some([slice(starts), slice(sizes), slice(strides)])
}

/// The handles of `values`, without a copy: melior's `Value` is a
/// transparent wrapper of its handle.
pub fn raw_values<'v>(values: &'v [Value]) -> &'v [MlirValue] {
    // `#[repr(transparent)]` over `MlirValue` (melior's value.rs): same
    // size, alignment and layout.
    unsafe { std::slice::from_raw_parts(values.as_ptr() as *const MlirValue, values.len()) }
}

/// `f` of the `operandSegmentSizes` of `op` (empty when it has none), read
/// from the properties of pallas and tpu ops rather than from the
/// attribute MLIR builds of them on every query; on the stack for up to 8
/// segments.
pub fn with_operand_segment_sizes<R>(op: &OperationRef, f: impl FnOnce(&[i32]) -> R) -> R {
    with_raw_segment_sizes(op.to_raw(), f)
}

/// [`with_operand_segment_sizes`] of a raw op.
pub(crate) fn with_raw_segment_sizes<R>(op: MlirOperation, f: impl FnOnce(&[i32]) -> R) -> R {
    const SMALL: usize = 8;
    let mut small = [0i32; SMALL];
    let n = unsafe {
        ffi::pallasOperationGetOperandSegmentSizes(op, small.as_mut_ptr(), SMALL as isize)
    };
    let Ok(n) = usize::try_from(n) else {
        return f(&[]);
    };
    if n <= SMALL {
        return f(&small[..n]);
    }
    let mut all = vec![0i32; n];
    unsafe { ffi::pallasOperationGetOperandSegmentSizes(op, all.as_mut_ptr(), n as isize) };
    f(&all)
}

/// Reads a dense i32 array attribute.
pub fn dense_i32(attr: Attribute) -> Vec<i32> {
    unsafe {
        let n = mlirDenseArrayGetNumElements(attr.to_raw());
        (0..n)
            .map(|i| mlirDenseI32ArrayGetElement(attr.to_raw(), i))
            .collect()
    }
}

/// The elements of an array attribute.
pub fn array_elements(attr: Attribute<'_>) -> Vec<Attribute<'_>> {
    unsafe {
        let n = mlirArrayAttrGetNumElements(attr.to_raw());
        (0..n)
            .map(|i| Attribute::from_raw(mlirArrayAttrGetElement(attr.to_raw(), i)))
            .collect()
    }
}

/// The number of elements of an array attribute (without collecting them).
pub fn array_len(attr: Attribute<'_>) -> usize {
    unsafe { mlirArrayAttrGetNumElements(attr.to_raw()).max(0) as usize }
}

/// Element `i` of an array attribute, if it has one.
pub fn array_element(attr: Attribute<'_>, i: usize) -> Option<Attribute<'_>> {
    (i < array_len(attr))
        .then(|| unsafe { Attribute::from_raw(mlirArrayAttrGetElement(attr.to_raw(), i as isize)) })
}

pub fn string_attr_value(a: Attribute) -> String {
    unsafe { string_ref_to_str(mlirStringAttrGetValue(a.to_raw())).to_string() }
}

/// One node of an affine expression.
#[derive(Clone, Copy)]
pub enum AffineExpr {
    Dim(usize),
    Symbol(usize),
    Constant(i64),
    Add(MlirAffineExpr, MlirAffineExpr),
    Mul(MlirAffineExpr, MlirAffineExpr),
    Mod(MlirAffineExpr, MlirAffineExpr),
    FloorDiv(MlirAffineExpr, MlirAffineExpr),
    CeilDiv(MlirAffineExpr, MlirAffineExpr),
}

/// The kind and operands of the affine expression `e`.
pub fn affine_expr(e: MlirAffineExpr) -> AffineExpr {
    unsafe {
        if mlirAffineExprIsADim(e) {
            return AffineExpr::Dim(mlirAffineDimExprGetPosition(e) as usize);
        }
        if mlirAffineExprIsASymbol(e) {
            return AffineExpr::Symbol(mlirAffineSymbolExprGetPosition(e) as usize);
        }
        if mlirAffineExprIsAConstant(e) {
            return AffineExpr::Constant(mlirAffineConstantExprGetValue(e));
        }
        let (l, r) = (
            mlirAffineBinaryOpExprGetLHS(e),
            mlirAffineBinaryOpExprGetRHS(e),
        );
        if mlirAffineExprIsAAdd(e) {
            AffineExpr::Add(l, r)
        } else if mlirAffineExprIsAMul(e) {
            AffineExpr::Mul(l, r)
        } else if mlirAffineExprIsAFloorDiv(e) {
            AffineExpr::FloorDiv(l, r)
        } else if mlirAffineExprIsACeilDiv(e) {
            AffineExpr::CeilDiv(l, r)
        } else {
            AffineExpr::Mod(l, r)
        }
    }
}

/// The result expressions of an affine map.
pub fn affine_map_results(map: MlirAffineMap) -> Vec<MlirAffineExpr> {
    unsafe {
        (0..mlirAffineMapGetNumResults(map))
            .map(|i| mlirAffineMapGetResult(map, i))
            .collect()
    }
}

/// The `i32` type of `op`'s context.
pub fn i32_type<'c>(op: &OperationRef<'c, '_>) -> Type<'c> {
    unsafe { Type::from_raw(mlirIntegerTypeGet(mlirOperationGetContext(op.to_raw()), 32)) }
}

/// The inputs and results of a function type; `None` for other types.
pub fn function_type_io(t: Type<'_>) -> Option<(Vec<Type<'_>>, Vec<Type<'_>>)> {
    let t = t.to_raw();
    unsafe {
        if !mlirTypeIsAFunction(t) {
            return None;
        }
        let inputs = (0..mlirFunctionTypeGetNumInputs(t))
            .map(|i| Type::from_raw(mlirFunctionTypeGetInput(t, i)))
            .collect();
        let results = (0..mlirFunctionTypeGetNumResults(t))
            .map(|i| Type::from_raw(mlirFunctionTypeGetResult(t, i)))
            .collect();
        Some((inputs, results))
    }
}

/// The name a flat symbol reference attribute names.
pub fn flat_symbol_name<'a>(a: Attribute<'a>) -> &'a str {
    unsafe { string_ref_to_str(mlirFlatSymbolRefAttrGetValue(a.to_raw())) }
}

/// The four counts of a `#pallas.cost_estimate` (flops, transcendentals,
/// bytes accessed, remote bytes transferred); `None` for other attributes.
pub fn cost_estimate(a: Attribute) -> Option<[i64; 4]> {
    unsafe {
        if !ffi::pallasAttributeIsCostEstimate(a.to_raw()) {
            return None;
        }
        let mut values = [0i64; 4];
        ffi::pallasCostEstimateGet(a.to_raw(), values.as_mut_ptr());
        Some(values)
    }
}

/// The parameters of a `!pallas.barrier` element type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarrierParams {
    pub arrivals: i64,
    pub orders_tensor_core: bool,
    /// `None`: not a cluster barrier; otherwise the raw `collective_axes`
    /// entries (checked by the verifier to be strings).
    pub collective_axes: Option<Vec<Option<String>>>,
}

/// The parameters of `t` when it is a `!pallas.barrier`.
pub fn barrier_params(t: Type) -> Option<BarrierParams> {
    if SemaphoreKind::of_type(t) != Some(SemaphoreKind::Barrier) {
        return None;
    }
    unsafe {
        let axes = ffi::pallasBarrierTypeGetCollectiveAxes(t.to_raw());
        let collective_axes = (!axes.ptr.is_null()).then(|| {
            attrs::as_array(Attribute::from_raw(axes))
                .unwrap_or_default()
                .into_iter()
                .map(attrs::as_string)
                .collect()
        });
        Some(BarrierParams {
            arrivals: ffi::pallasBarrierTypeGetArrivals(t.to_raw()),
            orders_tensor_core: ffi::pallasBarrierTypeGetOrdersTensorCore(t.to_raw()),
            collective_axes,
        })
    }
}

/// A decoded `#pallas.gpu_transforms`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GpuTransforms {
    pub tiling: Option<Vec<i64>>,
    /// Bytes; 0 when not given.
    pub swizzle: i64,
    pub transpose: Option<Vec<i64>>,
}

/// `a` decoded, when it is a `#pallas.gpu_transforms`.
pub fn gpu_transforms(a: Attribute) -> Option<GpuTransforms> {
    unsafe {
        if !ffi::pallasAttributeIsGpuTransforms(a.to_raw()) {
            return None;
        }
        let dense = |raw: MlirAttribute| {
            (!raw.ptr.is_null())
                .then(|| attrs::as_dense_i64(Attribute::from_raw(raw)).unwrap_or_default())
        };
        Some(GpuTransforms {
            tiling: dense(ffi::pallasGpuTransformsGetTiling(a.to_raw())),
            swizzle: ffi::pallasGpuTransformsGetSwizzle(a.to_raw()),
            transpose: dense(ffi::pallasGpuTransformsGetTranspose(a.to_raw())),
        })
    }
}

/// Whether `t` is a signless integer type.
pub fn is_signless_integer(t: Type) -> bool {
    unsafe { mlirTypeIsAInteger(t.to_raw()) && mlirIntegerTypeIsSignless(t.to_raw()) }
}

/// `i32` in the context of `like`.
pub fn i32_like<'c>(like: Type<'c>) -> Type<'c> {
    unsafe { Type::from_raw(mlirIntegerTypeGet(mlirTypeGetContext(like.to_raw()), 32)) }
}

/// `i64` in the context of `like`.
pub fn i64_like<'c>(like: Type<'c>) -> Type<'c> {
    unsafe { Type::from_raw(mlirIntegerTypeGet(mlirTypeGetContext(like.to_raw()), 64)) }
}

/// The memref type `ty` with element type `elem` and memory space `space`
/// (none when `None`), shape and layout kept.
pub fn memref_with<'c>(ty: Type<'c>, elem: Type<'c>, space: Option<Attribute<'c>>) -> Type<'c> {
    let shape = memref_shape(ty);
    unsafe {
        let space = space.map(|s| s.to_raw()).unwrap_or(MlirAttribute {
            ptr: std::ptr::null(),
        });
        Type::from_raw(mlirMemRefTypeGet(
            elem.to_raw(),
            shape.len() as isize,
            shape.as_ptr(),
            mlirMemRefTypeGetLayout(ty.to_raw()),
            space,
        ))
    }
}

/// `dict[key]` of a dictionary attribute; `None` for a missing key or an
/// attribute that is not a dictionary.
pub fn dict_get<'c>(dict: Attribute<'c>, key: &str) -> Option<Attribute<'c>> {
    unsafe {
        if !mlirAttributeIsADictionary(dict.to_raw()) {
            return None;
        }
        let a = mlirDictionaryAttrGetElementByName(dict.to_raw(), str_ref(key));
        (!a.ptr.is_null()).then(|| Attribute::from_raw(a))
    }
}

/// The type a type attribute holds.
pub fn type_attr_value(a: Attribute<'_>) -> Type<'_> {
    unsafe { Type::from_raw(mlirTypeAttrGetValue(a.to_raw())) }
}

/// Whether `t` is `f32`.
pub fn is_f32(t: Type) -> bool {
    unsafe { mlirTypeIsAF32(t.to_raw()) }
}

/// The name of a builtin float type, as MLIR prints it, found by type
/// predicates (printing a type to compare its name costs thousands of
/// instructions); `None` for every other type.
pub fn float_type_name(t: Type) -> Option<&'static str> {
    let raw = t.to_raw();
    let checks: [(unsafe extern "C" fn(MlirType) -> bool, &'static str); 13] = [
        (mlirTypeIsAF32, "f32"),
        (mlirTypeIsABF16, "bf16"),
        (mlirTypeIsAF16, "f16"),
        (mlirTypeIsAF64, "f64"),
        (mlirTypeIsATF32, "tf32"),
        (mlirTypeIsAFloat8E5M2, "f8E5M2"),
        (mlirTypeIsAFloat8E4M3FN, "f8E4M3FN"),
        (mlirTypeIsAFloat8E4M3B11FNUZ, "f8E4M3B11FNUZ"),
        (mlirTypeIsAFloat8E4M3, "f8E4M3"),
        (mlirTypeIsAFloat8E3M4, "f8E3M4"),
        (mlirTypeIsAFloat8E4M3FNUZ, "f8E4M3FNUZ"),
        (mlirTypeIsAFloat8E5M2FNUZ, "f8E5M2FNUZ"),
        (mlirTypeIsAFloat8E8M0FNU, "f8E8M0FNU"),
    ];
    checks
        .iter()
        .find(|(is, _)| unsafe { is(raw) })
        .map(|(_, name)| *name)
}

/// `a` itself, or the splat value of a dense elements attribute; `None`
/// for a dense attribute that is not a splat.
fn scalar_or_splat(a: Attribute) -> Option<MlirAttribute> {
    unsafe {
        let raw = a.to_raw();
        if !mlirAttributeIsADenseElements(raw) {
            return Some(raw);
        }
        mlirDenseElementsAttrIsSplat(raw).then(|| mlirDenseElementsAttrGetSplatValue(raw))
    }
}

/// The value of an integer attribute, or of the splat of a dense one.
pub fn integer_or_splat_value(a: Attribute) -> Option<i64> {
    let raw = scalar_or_splat(a)?;
    unsafe { mlirAttributeIsAInteger(raw).then(|| mlirIntegerAttrGetValueInt(raw)) }
}

/// The value of a float attribute, or of the splat of a dense one, widened
/// to `f64` (exact for every float type MLIR has but `f80`/`f128`).
pub fn float_or_splat_value(a: Attribute) -> Option<f64> {
    let raw = scalar_or_splat(a)?;
    unsafe { mlirAttributeIsAFloat(raw).then(|| mlirFloatAttrGetValueDouble(raw)) }
}

/// The keyword of a `#vector.kind<...>` attribute (`add`, `maximumf`, ...);
/// empty for any other attribute. Read from the attribute's enum: printing
/// an attribute to read it back costs tens of thousands of instructions.
pub fn combining_kind_name(a: Attribute) -> &'static str {
    unsafe {
        let name = ffi::pallasVectorCombiningKindGetName(a.to_raw());
        if name.data.is_null() || name.length == 0 {
            return "";
        }
        // The enum's keywords are static strings of ASCII letters.
        std::str::from_utf8(std::slice::from_raw_parts(
            name.data as *const u8,
            name.length,
        ))
        .unwrap_or("")
    }
}

/// The `#vector.kind<name>` attribute; `None` when `name` is no combining
/// kind.
pub fn combining_kind_attr<'c>(like: Type<'c>, name: &str) -> Option<Attribute<'c>> {
    unsafe {
        let raw =
            ffi::pallasVectorCombiningKindAttrGet(mlirTypeGetContext(like.to_raw()), str_ref(name));
        (!raw.ptr.is_null()).then(|| Attribute::from_raw(raw))
    }
}

/// `scalar` for a scalar `ty`, the splat `dense<scalar> : ty` of it for a
/// vector or tensor type.
pub fn scalar_or_splat_attr<'c>(ty: Type<'c>, scalar: Attribute<'c>) -> Attribute<'c> {
    unsafe {
        if !mlirTypeIsAShaped(ty.to_raw()) {
            return scalar;
        }
        Attribute::from_raw(mlirDenseElementsAttrSplatGet(ty.to_raw(), scalar.to_raw()))
    }
}

/// Whether `have` is the attribute `text` parses to (in the context of
/// `like`); false when `text` does not parse.
pub fn attr_equals_text(like: Type, text: &str, have: Attribute) -> bool {
    unsafe {
        let want = mlirAttributeParseGet(mlirTypeGetContext(like.to_raw()), str_ref(text));
        !want.ptr.is_null() && mlirAttributeEqual(want, have.to_raw())
    }
}

/// `affine_map<(d0, ..) -> (e)>` for result `i` of `map`, as an attribute.
pub fn affine_map_result_attr<'c>(map: MlirAffineMap, i: usize) -> Attribute<'c> {
    unsafe {
        let (dims, _, _) = affine_map_dims(map);
        let mut e = mlirAffineMapGetResult(map, i as isize);
        let one = mlirAffineMapGet(mlirAffineMapGetContext(map), dims as isize, 0, 1, &mut e);
        Attribute::from_raw(mlirAffineMapAttrGet(one))
    }
}

/// `a` with the lifetime of the IR it belongs to.
pub fn attr_ref<'c>(a: Attribute<'_>) -> Attribute<'c> {
    unsafe { Attribute::from_raw(a.to_raw()) }
}

/// The name of `op` (`arith.addi`), borrowed from the context: no copy, no
/// allocation (op identity is asked for on every legality query).
pub fn op_name_of<'c>(op: &OperationRef<'c, '_>) -> &'c str {
    unsafe {
        let s = mlirIdentifierStr(mlirOperationGetName(op.to_raw()));
        let bytes = std::slice::from_raw_parts(s.data as *const u8, s.length);
        // Asked for every op, several times per pass: registered op names
        // are ASCII, which is valid UTF-8 and much cheaper to check.
        if bytes.is_ascii() {
            std::str::from_utf8_unchecked(bytes)
        } else {
            std::str::from_utf8(bytes).unwrap_or("")
        }
    }
}

/// `memref<SHAPE x elem, strided<STRIDES, offset: OFFSET>, space>` built from
/// values (`i64::MIN`, MLIR's dynamic size, for a `?` offset or stride).
pub fn strided_memref_type<'c>(
    shape: &[i64],
    elem: Type<'c>,
    strides: &[i64],
    offset: i64,
    space: Option<Attribute<'c>>,
) -> Type<'c> {
    unsafe {
        let ctx = mlirTypeGetContext(elem.to_raw());
        let layout =
            mlirStridedLayoutAttrGet(ctx, offset, strides.len() as isize, strides.as_ptr());
        let space = space.map(|s| s.to_raw()).unwrap_or(MlirAttribute {
            ptr: std::ptr::null(),
        });
        Type::from_raw(mlirMemRefTypeGet(
            elem.to_raw(),
            shape.len() as isize,
            shape.as_ptr(),
            layout,
            space,
        ))
    }
}

/// Erases argument `index` of `block`; refused (false) while it has uses.
pub fn erase_block_argument(block: BlockRef, index: usize) -> bool {
    match block.argument(index) {
        Ok(arg) if !has_uses(value(arg)) => {
            // SAFETY: the argument exists and nothing refers to it any more.
            unsafe { block.erase_argument(index) };
            true
        }
        _ => false,
    }
}

/// `dense<0> : ty` (or `dense<0.0>`), the zero of a vector or tensor type.
pub fn zero_splat_attr(ty: Type<'_>) -> Attribute<'_> {
    unsafe {
        let elem = element_type(ty).to_raw();
        let zero = if mlirTypeIsAFloat(elem) {
            mlirFloatAttrDoubleGet(mlirTypeGetContext(elem), elem, 0.0)
        } else {
            mlirIntegerAttrGet(elem, 0)
        };
        scalar_or_splat_attr(ty, Attribute::from_raw(zero))
    }
}

/// The affine map attribute of permutation `perm`, `(d0, d1) -> (d1, d0)`
/// for `[1, 0]`.
pub fn permutation_map_attr<'c>(like: Type<'c>, perm: &[u32]) -> Attribute<'c> {
    unsafe {
        let ctx = mlirTypeGetContext(like.to_raw());
        let mut p = perm.to_vec();
        let map = mlirAffineMapPermutationGet(ctx, p.len() as isize, p.as_mut_ptr());
        Attribute::from_raw(mlirAffineMapAttrGet(map))
    }
}

/// `array<i64: v...>` in context `ctx`.
pub fn dense_i64_array_attr<'c>(ctx: ContextRef<'c>, v: &[i64]) -> Attribute<'c> {
    unsafe {
        Attribute::from_raw(mlirDenseI64ArrayGet(
            ctx.to_ref().to_raw(),
            v.len() as isize,
            v.as_ptr(),
        ))
    }
}

/// `memref<SHAPE x elem, space>` with the identity layout, built from values.
pub fn memref_type<'c>(shape: &[i64], elem: Type<'c>, space: Option<Attribute<'c>>) -> Type<'c> {
    unsafe {
        let space = space.map(|s| s.to_raw()).unwrap_or(MlirAttribute {
            ptr: std::ptr::null(),
        });
        Type::from_raw(mlirMemRefTypeGet(
            elem.to_raw(),
            shape.len() as isize,
            shape.as_ptr(),
            MlirAttribute {
                ptr: std::ptr::null(),
            },
            space,
        ))
    }
}
