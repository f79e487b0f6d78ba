//! Small op-building helpers over the conversion rewriter: constants,
//! integer arithmetic on `index`, loops, subviews with their inferred types,
//! attributes and types from text.

use melior::ir::attribute::{Attribute, AttributeLike};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{Type, TypeLike};
use melior::ir::{Block, BlockLike, Identifier, Location, Region, RegionLike, Value, ValueLike};
use mlir_sys::*;

use crate::ir::conversion::Rewriter;
pub use crate::ir::{
    array_elements, dense_i32, dense_i64, is_float, result_of, string_attr_value, value,
};
use crate::ir::{ffi, memref_shape, str_ref};

/// What [`B::ty`] / [`B::attr`] parsed during the current pass run, by
/// text. Types and attributes are uniqued and immortal in their context, so
/// a handle stays valid as long as the context does; the table is emptied
/// when a pass run starts ([`forget_parsed`]) and when a builder of another
/// context asks.
struct Parsed {
    ctx: *const std::ffi::c_void,
    types: crate::ir::hash::FastMap<String, *const std::ffi::c_void>,
    attributes: crate::ir::hash::FastMap<String, *const std::ffi::c_void>,
    /// Op names by text, as `pallasOperationNameGet` handles.
    op_names: crate::ir::hash::FastMap<String, *const std::ffi::c_void>,
    /// Attribute names by text, as identifiers.
    identifiers: crate::ir::hash::FastMap<String, *const std::ffi::c_void>,
    /// Op and attribute names by the address of their text, in front of
    /// the two tables above (see [`Parsed::name`]).
    by_address: Vec<NameSlot>,
    /// [`memo_type`]: (table, type) -> type (null for `None`).
    mapped: crate::ir::hash::FastMap<(u32, *const std::ffi::c_void), *const std::ffi::c_void>,
    /// [`B::int_attr`]: (type, value) -> integer attribute. Index constants
    /// are built by the thousand, mostly of a few values, and getting an
    /// `IntegerAttr` from MLIR (an APInt and a uniquer lookup) costs a
    /// fifth of building the constant op.
    ints: crate::ir::hash::FastMap<(*const std::ffi::c_void, i64), *const std::ffi::c_void>,
    /// `arith.constant` as op name, once known.
    constant: Option<*const std::ffi::c_void>,
    /// [`B::zero`]: type -> its zero attribute (a float or splat attribute
    /// costs about a thousand instructions to get from MLIR).
    zeros: crate::ir::hash::FastMap<*const std::ffi::c_void, *const std::ffi::c_void>,
    /// [`memo_memref_type`]: (element type, memory space, rank, dims) ->
    /// memref type with the identity layout.
    memrefs: crate::ir::hash::FastMap<MemrefKey, *const std::ffi::c_void>,
    /// [`memo_vector_type`]: (element type, rank, dims) -> vector type.
    vectors: crate::ir::hash::FastMap<ShapeKey, *const std::ffi::c_void>,
    /// [`B::function_type_attr`]: input types, a null, result types -> the
    /// function type as a type attribute (index maps of one kernel share
    /// their signature).
    signatures: crate::ir::hash::FastMap<Vec<*const std::ffi::c_void>, *const std::ffi::c_void>,
    /// [`memo_dense_array`]: (length, values, i32 or i64) -> dense array.
    dense_arrays: crate::ir::hash::FastMap<DenseArrayKey, *const std::ffi::c_void>,
    /// [`memo_memory_space`]: `#tpu.memory_space` attributes by their
    /// index among the spaces (null until made).
    memory_spaces: [*const std::ffi::c_void; MEMORY_SPACES],
    /// How many pass runs are under way on this thread: the tables hold
    /// handles of the context of the running pass, so they are emptied when
    /// the outermost run ends, and the shaped-type memos (whose callers
    /// include verifiers, which run outside passes too) only remember
    /// during a run.
    runs: usize,
}

/// The rank and dims (the first `rank` of them) of a shape of rank up to 8.
type DimsKey = (usize, [i64; 8]);

/// A dense array of up to 8 values: its length, its values (as i64), and
/// whether it is an i32 array.
type DenseArrayKey = (usize, [i64; 8], bool);

/// `shape` as a [`DimsKey`], when its rank is at most 8.
fn dims_key(shape: &[i64]) -> Option<DimsKey> {
    let mut dims = [0i64; 8];
    dims.get_mut(..shape.len())?.copy_from_slice(shape);
    Some((shape.len(), dims))
}

/// Element type and dims of a shaped type.
type ShapeKey = (*const std::ffi::c_void, DimsKey);

/// Element type, memory space and dims of a memref type with the identity
/// layout.
type MemrefKey = (*const std::ffi::c_void, *const std::ffi::c_void, DimsKey);

/// A name's handle, found by the address of the text it was asked for by.
#[derive(Clone)]
struct NameSlot {
    address: usize,
    kind: Kind,
    text: Box<str>,
    handle: *const std::ffi::c_void,
}

/// Slots of [`Parsed::by_address`] (a power of two, well above the number
/// of distinct op and attribute names a lowering uses).
const NAME_SLOTS: usize = 512;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Type,
    Attribute,
    OpName,
    Identifier,
}

thread_local! {
    static PARSED: std::cell::RefCell<Parsed> = std::cell::RefCell::new(Parsed {
        ctx: std::ptr::null(),
        types: Default::default(),
        attributes: Default::default(),
        op_names: Default::default(),
        identifiers: Default::default(),
        by_address: Vec::new(),
        mapped: Default::default(),
        ints: Default::default(),
        constant: None,
        zeros: Default::default(),
        memrefs: Default::default(),
        vectors: Default::default(),
        signatures: Default::default(),
        dense_arrays: Default::default(),
        memory_spaces: [std::ptr::null(); MEMORY_SPACES],
        runs: 0,
    });
}

impl Parsed {
    /// Forgets everything when `ctx` is not the context of the table.
    fn enter(&mut self, ctx: MlirContext) {
        if self.ctx != ctx.ptr {
            self.ctx = ctx.ptr;
            self.clear();
        }
    }

    fn clear(&mut self) {
        self.types.clear();
        self.attributes.clear();
        self.op_names.clear();
        self.identifiers.clear();
        self.by_address.clear();
        self.mapped.clear();
        self.ints.clear();
        self.constant = None;
        self.zeros.clear();
        self.memrefs.clear();
        self.vectors.clear();
        self.signatures.clear();
        self.dense_arrays.clear();
        self.memory_spaces = [std::ptr::null(); MEMORY_SPACES];
    }

    fn table(
        &mut self,
        kind: Kind,
    ) -> &mut crate::ir::hash::FastMap<String, *const std::ffi::c_void> {
        match kind {
            Kind::Type => &mut self.types,
            Kind::Attribute => &mut self.attributes,
            Kind::OpName => &mut self.op_names,
            Kind::Identifier => &mut self.identifiers,
        }
    }

    /// The slot of [`Parsed::by_address`] for text at `address`.
    fn slot_of(address: usize, len: usize) -> usize {
        (address ^ (address >> 9) ^ len).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            >> (usize::BITS - NAME_SLOTS.trailing_zeros())
    }

    /// The handle of `text` as a `kind` in the current context (see
    /// [`Parsed::enter`]), if made before. Builders pass these texts as
    /// literals nearly always, so the address of the text finds the handle
    /// without hashing it; the text is compared all the same (a text made
    /// at run time may reuse the address of a freed one).
    fn lookup(&mut self, kind: Kind, text: &str) -> Option<*const std::ffi::c_void> {
        let address = text.as_ptr() as usize;
        if let Some(slot) = self.by_address.get(Self::slot_of(address, text.len())) {
            if slot.address == address && slot.kind == kind && &*slot.text == text {
                return Some(slot.handle);
            }
        }
        let handle = *self.table(kind).get(text)?;
        self.remember_address(kind, text, handle);
        Some(handle)
    }

    /// Records the handle of `text` as a `kind` (see [`Parsed::lookup`]).
    fn remember(&mut self, kind: Kind, text: &str, handle: *const std::ffi::c_void) {
        self.table(kind).insert(text.to_string(), handle);
        self.remember_address(kind, text, handle);
    }

    fn remember_address(&mut self, kind: Kind, text: &str, handle: *const std::ffi::c_void) {
        if self.by_address.is_empty() {
            self.by_address = vec![
                NameSlot {
                    address: 0,
                    kind,
                    text: Box::from(""),
                    handle: std::ptr::null(),
                };
                NAME_SLOTS
            ];
        }
        let address = text.as_ptr() as usize;
        self.by_address[Self::slot_of(address, text.len())] = NameSlot {
            address,
            kind,
            text: Box::from(text),
            handle,
        };
    }

    /// The handle of op or attribute name `text`, made on first use.
    fn name(&mut self, kind: Kind, text: &str) -> *const std::ffi::c_void {
        if let Some(handle) = self.lookup(kind, text) {
            return handle;
        }
        let ctx = MlirContext {
            ptr: self.ctx as *mut _,
        };
        let handle = unsafe {
            match kind {
                Kind::OpName => ffi::pallasOperationNameGet(ctx, str_ref(text)),
                Kind::Identifier => mlirIdentifierGet(ctx, str_ref(text)).ptr,
                Kind::Type | Kind::Attribute => unreachable!("not a name"),
            }
        };
        self.remember(kind, text, handle);
        handle
    }

    /// The handle of type or attribute `text`, from `parse` on first use
    /// (which runs with the table released: parsing may run dialect hooks).
    /// By text only: these texts are often made at run time, which would
    /// only churn [`Parsed::by_address`].
    fn get(
        ctx: MlirContext,
        kind: Kind,
        text: &str,
        parse: impl FnOnce() -> *const std::ffi::c_void,
    ) -> *const std::ffi::c_void {
        let cached = PARSED.with(|p| {
            let mut p = p.borrow_mut();
            p.enter(ctx);
            p.table(kind).get(text).copied()
        });
        if let Some(raw) = cached {
            return raw;
        }
        let raw = parse();
        PARSED.with(|p| p.borrow_mut().table(kind).insert(text.to_string(), raw));
        raw
    }
}

/// Empties the table of parsed types and attributes (at the start of every
/// pass run: a new run may have a new context at the address of a freed one).
pub fn forget_parsed() {
    PARSED.with(|p| {
        let mut p = p.borrow_mut();
        p.ctx = std::ptr::null();
        p.clear();
    });
}

/// A pass run on this thread, for the tables of [`Parsed`]: they start
/// empty and are emptied again when the (outermost) run ends, so no handle
/// of a context outlives the run that made it.
pub struct PassRun(());

impl PassRun {
    pub fn start() -> Self {
        forget_parsed();
        PARSED.with(|p| p.borrow_mut().runs += 1);
        PassRun(())
    }
}

impl Drop for PassRun {
    fn drop(&mut self) {
        PARSED.with(|p| {
            let mut p = p.borrow_mut();
            p.runs -= 1;
            if p.runs == 0 {
                p.ctx = std::ptr::null();
                p.clear();
            }
        });
    }
}

/// The vector type `make` builds for `shape` x `elem`, built once per pass
/// run (ranks up to 8; outside pass runs always built): the lowerings ask
/// for the same few vector types for every access, and MLIR's uniquer
/// costs several hundred instructions per request.
pub fn memo_vector_type<'c>(
    shape: &[i64],
    elem: Type<'c>,
    make: impl FnOnce() -> Type<'c>,
) -> Type<'c> {
    let Some(dims) = dims_key(shape) else {
        return make();
    };
    memo_shaped_type(elem, |p| &mut p.vectors, (elem.to_raw().ptr, dims), make)
}

/// The dense array attribute `make` builds, remembered for the rest of the
/// pass run under `key` (its length, its values widened to i64, whether it
/// is an i32 array; `None` for arrays of more than 8 values, always built).
/// Every op with operand groups gets an `operandSegmentSizes` array, and
/// getting one from MLIR (a hash of its values and a uniquer lookup) costs
/// more than looking it up here.
fn memo_dense_array<'c>(
    ctx: MlirContext,
    key: Option<DenseArrayKey>,
    make: impl FnOnce() -> MlirAttribute,
) -> Attribute<'c> {
    let raw = match key {
        Some(key) => memo_in_run(
            ctx,
            |p| p.dense_arrays.get(&key).copied(),
            |p, raw| {
                p.dense_arrays.insert(key, raw);
            },
            || make().ptr,
        ),
        None => make().ptr,
    };
    unsafe { Attribute::from_raw(MlirAttribute { ptr: raw }) }
}

/// How many `#tpu.memory_space` values there are (see
/// [`memo_memory_space`]).
pub const MEMORY_SPACES: usize = 8;

/// The `#tpu.memory_space` attribute number `index` (< [`MEMORY_SPACES`])
/// of `ctx` that `make` builds, made once per pass run: the TPU lowering
/// asks for one per ref view and access, and MLIR's uniquer lookup costs
/// hundreds of instructions.
pub fn memo_memory_space(
    ctx: MlirContext,
    index: usize,
    make: impl FnOnce() -> MlirAttribute,
) -> MlirAttribute {
    let ptr = memo_in_run(
        ctx,
        |p| Some(p.memory_spaces[index]).filter(|raw| !raw.is_null()),
        |p, raw| p.memory_spaces[index] = raw,
        || make().ptr,
    );
    MlirAttribute { ptr }
}

/// What `make` builds in `ctx`, remembered for the rest of the pass run:
/// `get` looks it up in the tables of [`Parsed`], `put` stores it there.
/// Outside pass runs it is always built (a context may be destroyed
/// between runs and another made at its address).
fn memo_in_run(
    ctx: MlirContext,
    get: impl FnOnce(&mut Parsed) -> Option<*const std::ffi::c_void>,
    put: impl FnOnce(&mut Parsed, *const std::ffi::c_void),
    make: impl FnOnce() -> *const std::ffi::c_void,
) -> *const std::ffi::c_void {
    let cached = PARSED.with(|p| {
        let mut p = p.borrow_mut();
        if p.runs == 0 {
            return Err(());
        }
        p.enter(ctx);
        Ok(get(&mut p))
    });
    match cached {
        Ok(Some(raw)) => raw,
        Ok(None) => {
            let raw = make();
            PARSED.with(|p| put(&mut p.borrow_mut(), raw));
            raw
        }
        Err(()) => make(),
    }
}

/// The type `make` builds, remembered in `table` under `key` for the rest
/// of the pass run (`elem`: the element type, for its context); outside
/// pass runs always built (their callers include verifiers, which run
/// outside passes too, where no run empties the table).
fn memo_shaped_type<'c, K: std::hash::Hash + Eq + Copy>(
    elem: Type<'c>,
    table: fn(&mut Parsed) -> &mut crate::ir::hash::FastMap<K, *const std::ffi::c_void>,
    key: K,
    make: impl FnOnce() -> Type<'c>,
) -> Type<'c> {
    let ctx = unsafe { mlirTypeGetContext(elem.to_raw()) };
    let raw = memo_in_run(
        ctx,
        |p| table(p).get(&key).copied(),
        |p, raw| {
            table(p).insert(key, raw);
        },
        || make().to_raw().ptr,
    );
    unsafe { Type::from_raw(MlirType { ptr: raw }) }
}

/// `f(ty)`, computed once per pass run and `table` (one table per pure
/// function of a type: types are uniqued, so the answer for a type never
/// changes within a context). For type mappings asked for every op, whose
/// answers build types (a memref type costs thousands of instructions).
pub fn memo_type<'c>(
    table: u32,
    ty: Type<'c>,
    f: impl FnOnce(Type<'c>) -> Option<Type<'c>>,
) -> Option<Type<'c>> {
    let ctx = unsafe { mlirTypeGetContext(ty.to_raw()) };
    let key = (table, ty.to_raw().ptr);
    let cached = PARSED.with(|p| {
        let mut p = p.borrow_mut();
        p.enter(ctx);
        p.mapped.get(&key).copied()
    });
    let raw = match cached {
        Some(raw) => raw,
        None => {
            let raw = f(ty).map(|t| t.to_raw().ptr).unwrap_or(std::ptr::null());
            PARSED.with(|p| p.borrow_mut().mapped.insert(key, raw));
            raw
        }
    };
    (!raw.is_null()).then(|| unsafe { Type::from_raw(MlirType { ptr: raw }) })
}

/// The memref type `make` builds for `shape` x `elem` in `space` with the
/// identity layout, built once per pass run (for ranks up to 8): MLIR's
/// identity layout map alone costs more than two thousand instructions,
/// and the TPU lowering asks for the same slice and semaphore types per
/// access.
pub fn memo_memref_type<'c>(
    shape: &[i64],
    elem: Type<'c>,
    space: Attribute<'c>,
    make: impl FnOnce() -> Type<'c>,
) -> Type<'c> {
    let Some(dims) = dims_key(shape) else {
        return make();
    };
    let key = (elem.to_raw().ptr, space.to_raw().ptr, dims);
    memo_shaped_type(elem, |p| &mut p.memrefs, key, make)
}

/// The first `n` slots of `stack`, or `n` slots of `heap` when `stack` is
/// too short: C handles for one call, on the stack unless there are many
/// (ops are built by the thousand; most have a handful of operands).
fn on_stack<'b, T: Copy>(stack: &'b mut [T], heap: &'b mut Vec<T>, n: usize) -> &'b mut [T] {
    if n <= stack.len() {
        return &mut stack[..n];
    }
    heap.resize(n, stack[0]);
    heap
}

/// `ShapedType::kDynamic`.
pub const DYNAMIC: i64 = i64::MIN;

/// How many of the static entries `values` (of an indexer or a view) are
/// [`DYNAMIC`]: one operand gives each of those.
pub fn dynamic_count(values: &[i64]) -> usize {
    values.iter().filter(|v| **v == DYNAMIC).count()
}

/// The error for an indexer of another rank than its ref ([`indexer`]).
pub const INDEXER_RANK_MISMATCH: &str =
    "not yet supported: an indexer whose rank differs from the ref's";

/// A static or dynamic `index` quantity.
#[derive(Clone, Copy)]
pub enum Ofr<'c, 'a> {
    Static(i64),
    Dynamic(Value<'c, 'a>),
}

/// Builds ops at the rewriter's insertion point, all at one location.
pub struct B<'r, 'c, 'a> {
    pub rw: &'r Rewriter<'c, 'a>,
    pub loc: Location<'c>,
    ctx: MlirContext,
}

impl<'r, 'c, 'a> B<'r, 'c, 'a> {
    pub fn new(rw: &'r Rewriter<'c, 'a>, loc: Location<'c>) -> Self {
        let ctx = unsafe { mlirLocationGetContext(loc.to_raw()) };
        Self { rw, loc, ctx }
    }

    /// A type from its text (parsed once per pass run, see [`Parsed`]).
    pub fn ty(&self, text: &str) -> Type<'c> {
        let raw = Parsed::get(self.ctx, Kind::Type, text, || {
            let raw = unsafe { mlirTypeParseGet(self.ctx, str_ref(text)) };
            assert!(!raw.ptr.is_null(), "cannot parse type `{text}`");
            raw.ptr
        });
        unsafe { Type::from_raw(MlirType { ptr: raw }) }
    }

    /// An attribute from its text (parsed once per pass run, see [`Parsed`]).
    pub fn attr(&self, text: &str) -> Attribute<'c> {
        let raw = Parsed::get(self.ctx, Kind::Attribute, text, || {
            let raw = unsafe { mlirAttributeParseGet(self.ctx, str_ref(text)) };
            assert!(!raw.ptr.is_null(), "cannot parse attribute `{text}`");
            raw.ptr
        });
        unsafe { Attribute::from_raw(MlirAttribute { ptr: raw }) }
    }

    /// The float attribute `v : ty` (rounded to `ty`; infinities and NaN
    /// included).
    pub fn float_attr(&self, v: f64, ty: Type<'c>) -> Attribute<'c> {
        unsafe { Attribute::from_raw(mlirFloatAttrDoubleGet(self.ctx, ty.to_raw(), v)) }
    }

    /// The integer attribute `v : ty` (made once per pass run, see
    /// [`Parsed::ints`]).
    pub fn int_attr(&self, v: i64, ty: Type<'c>) -> Attribute<'c> {
        let key = (ty.to_raw().ptr, v);
        let cached = PARSED.with(|p| {
            let mut p = p.borrow_mut();
            p.enter(self.ctx);
            p.ints.get(&key).copied()
        });
        let raw = cached.unwrap_or_else(|| {
            let raw = unsafe { mlirIntegerAttrGet(ty.to_raw(), v).ptr };
            PARSED.with(|p| p.borrow_mut().ints.insert(key, raw));
            raw
        });
        unsafe { Attribute::from_raw(MlirAttribute { ptr: raw }) }
    }

    /// `array<i64: v...>` (remembered for the pass run, as the other
    /// dense arrays: see [`memo_dense_array`]).
    pub fn dense_i64_attr(&self, v: &[i64]) -> Attribute<'c> {
        let make = || unsafe { mlirDenseI64ArrayGet(self.ctx, v.len() as isize, v.as_ptr()) };
        let key = dims_key(v).map(|(n, dims)| (n, dims, false));
        memo_dense_array(self.ctx, key, make)
    }

    /// `array<i32: v...>`.
    pub fn dense_i32_attr(&self, v: &[i32]) -> Attribute<'c> {
        let make = || unsafe { mlirDenseI32ArrayGet(self.ctx, v.len() as isize, v.as_ptr()) };
        let key = (v.len() <= 8).then(|| {
            let mut wide = [0i64; 8];
            for (w, x) in wide.iter_mut().zip(v) {
                *w = i64::from(*x);
            }
            (v.len(), wide, true)
        });
        memo_dense_array(self.ctx, key, make)
    }

    /// `[true, true, ...]` (`n` of them), as the `in_bounds` of a transfer.
    pub fn all_true_array(&self, n: usize) -> Attribute<'c> {
        unsafe {
            let t = mlirBoolAttrGet(self.ctx, 1);
            let items = vec![t; n];
            Attribute::from_raw(mlirArrayAttrGet(self.ctx, n as isize, items.as_ptr()))
        }
    }

    /// `[items...]`.
    pub fn array_attr(&self, items: &[Attribute<'c>]) -> Attribute<'c> {
        let raw: Vec<MlirAttribute> = items.iter().map(|a| a.to_raw()).collect();
        unsafe { Attribute::from_raw(mlirArrayAttrGet(self.ctx, raw.len() as isize, raw.as_ptr())) }
    }

    /// `{name = value, ...}` (sorted by name, as every dictionary).
    pub fn dictionary_attr(&self, entries: &[(&str, Attribute<'c>)]) -> Attribute<'c> {
        let raw: Vec<MlirNamedAttribute> = entries
            .iter()
            .map(|(n, a)| MlirNamedAttribute {
                name: self.identifier(n),
                attribute: a.to_raw(),
            })
            .collect();
        unsafe {
            Attribute::from_raw(mlirDictionaryAttrGet(
                self.ctx,
                raw.len() as isize,
                raw.as_ptr(),
            ))
        }
    }

    /// `@name`.
    pub fn symbol_ref_attr(&self, name: &str) -> Attribute<'c> {
        unsafe { Attribute::from_raw(mlirFlatSymbolRefAttrGet(self.ctx, str_ref(name))) }
    }

    pub fn ident(&self, name: &str) -> Identifier<'c> {
        unsafe { Identifier::from_raw(mlirIdentifierGet(self.ctx, str_ref(name))) }
    }

    pub fn index(&self) -> Type<'c> {
        unsafe { Type::from_raw(mlirIndexTypeGet(self.ctx)) }
    }

    pub fn i32(&self) -> Type<'c> {
        unsafe { Type::from_raw(mlirIntegerTypeGet(self.ctx, 32)) }
    }

    pub fn i64(&self) -> Type<'c> {
        unsafe { Type::from_raw(mlirIntegerTypeGet(self.ctx, 64)) }
    }

    /// `affine_map<(d0, .., d{dims-1}) -> (values...)>`: constant results.
    pub fn constant_map_attr(&self, dims: usize, values: &[i64]) -> Attribute<'c> {
        unsafe {
            let mut exprs: Vec<MlirAffineExpr> = values
                .iter()
                .map(|v| mlirAffineConstantExprGet(self.ctx, *v))
                .collect();
            let map = mlirAffineMapGet(
                self.ctx,
                dims as isize,
                0,
                exprs.len() as isize,
                exprs.as_mut_ptr(),
            );
            Attribute::from_raw(mlirAffineMapAttrGet(map))
        }
    }

    /// Builds a detached op (one call into MLIR: ops are built for every op
    /// converted, and the generic builder's intermediate state costs as
    /// much as the op).
    pub fn build(
        &self,
        name: &str,
        operands: &[Value<'c, '_>],
        results: &[Type<'c>],
        attrs: &[(&str, Attribute<'c>)],
        regions: Vec<Region<'c>>,
    ) -> melior::ir::Operation<'c> {
        let mut result_buf = [MlirType {
            ptr: std::ptr::null(),
        }; 4];
        let mut result_heap = Vec::new();
        let result_types = on_stack(&mut result_buf, &mut result_heap, results.len());
        for (slot, t) in result_types.iter_mut().zip(results) {
            *slot = t.to_raw();
        }
        let mut attribute_buf = [MlirNamedAttribute {
            name: MlirIdentifier {
                ptr: std::ptr::null(),
            },
            attribute: MlirAttribute {
                ptr: std::ptr::null(),
            },
        }; 8];
        let mut attribute_heap = Vec::new();
        let attributes = on_stack(&mut attribute_buf, &mut attribute_heap, attrs.len());
        let op_name = PARSED.with(|p| {
            let mut p = p.borrow_mut();
            p.enter(self.ctx);
            for (slot, (n, a)) in attributes.iter_mut().zip(attrs) {
                slot.name.ptr = p.name(Kind::Identifier, n);
                slot.attribute = a.to_raw();
            }
            p.name(Kind::OpName, name)
        });
        // Most ops have no region: no vector then.
        let regions: Vec<MlirRegion> = if regions.is_empty() {
            Vec::new()
        } else {
            regions.into_iter().map(Region::into_raw).collect()
        };
        let raw = unsafe {
            ffi::pallasOperationCreate(
                op_name,
                self.loc.to_raw(),
                operands.len() as isize,
                crate::ir::raw_values(operands).as_ptr(),
                result_types.len() as isize,
                result_types.as_ptr(),
                attributes.len() as isize,
                attributes.as_ptr(),
                regions.len() as isize,
                regions.as_ptr(),
            )
        };
        assert!(!raw.ptr.is_null(), "cannot build {name}");
        unsafe { melior::ir::Operation::from_raw(raw) }
    }

    /// The identifier `name` (looked up once per pass run, see [`Parsed`]).
    fn identifier(&self, name: &str) -> MlirIdentifier {
        let raw = PARSED.with(|p| {
            let mut p = p.borrow_mut();
            p.enter(self.ctx);
            p.name(Kind::Identifier, name)
        });
        MlirIdentifier { ptr: raw }
    }

    /// Builds and inserts an op.
    pub fn op(
        &self,
        name: &str,
        operands: &[Value<'c, '_>],
        results: &[Type<'c>],
        attrs: &[(&str, Attribute<'c>)],
    ) -> OperationRef<'c, 'a> {
        self.rw
            .insert(self.build(name, operands, results, attrs, vec![]))
    }

    /// Builds and inserts an op with one result and returns it.
    pub fn val(
        &self,
        name: &str,
        operands: &[Value<'c, '_>],
        result: Type<'c>,
        attrs: &[(&str, Attribute<'c>)],
    ) -> Value<'c, 'a> {
        result_of(self.op(name, operands, &[result], attrs), 0)
    }

    /// `arith.constant value : ty`, the attribute built by the caller.
    pub fn constant_of(&self, value: Attribute<'c>, ty: Type<'c>) -> Value<'c, 'a> {
        self.insert_constant(self.constant_name(), ty, value.to_raw(), false)
    }

    pub fn constant(&self, value_attr: &str, ty: Type<'c>) -> Value<'c, 'a> {
        let a = self.attr(value_attr);
        self.insert_constant(self.constant_name(), ty, a.to_raw(), false)
    }

    pub fn cidx(&self, v: i64) -> Value<'c, 'a> {
        self.int_constant(v, self.index())
    }

    pub fn ci32(&self, v: i64) -> Value<'c, 'a> {
        self.int_constant(v, self.i32())
    }

    /// `arith.constant v : ty` for `ty` index or `i32`: what
    /// `self.val("arith.constant", ..)` builds, with the attribute and the op
    /// name found in one table access (the lowerings build more index
    /// constants than any other op), inserted as legal (see
    /// [`Rewriter::insert_legal`]).
    fn int_constant(&self, v: i64, ty: Type<'c>) -> Value<'c, 'a> {
        let key = (ty.to_raw().ptr, v);
        let known = PARSED.with(|p| {
            let mut p = p.borrow_mut();
            p.enter(self.ctx);
            Some((p.constant?, *p.ints.get(&key)?))
        });
        let (name, attr) = match known {
            Some(k) => k,
            None => (self.constant_name(), self.int_attr(v, ty).to_raw().ptr),
        };
        self.insert_constant(name, ty, MlirAttribute { ptr: attr }, true)
    }

    /// The `pallasOperationNameGet` handle of `arith.constant` (kept apart
    /// from the other names: [`B::int_constant`] finds it with its value).
    fn constant_name(&self) -> *const std::ffi::c_void {
        PARSED.with(|p| {
            let mut p = p.borrow_mut();
            p.enter(self.ctx);
            if let Some(name) = p.constant {
                return name;
            }
            let name = p.name(Kind::OpName, "arith.constant");
            p.constant = Some(name);
            name
        })
    }

    /// Inserts `arith.constant value : ty` (`name`: [`B::constant_name`]),
    /// as legal already when `legal` (see [`Rewriter::insert_legal`]).
    fn insert_constant(
        &self,
        name: *const std::ffi::c_void,
        ty: Type<'c>,
        value: MlirAttribute,
        legal: bool,
    ) -> Value<'c, 'a> {
        let raw = unsafe { ffi::pallasConstantCreate(name, self.loc.to_raw(), ty.to_raw(), value) };
        assert!(!raw.ptr.is_null(), "cannot build arith.constant");
        let op = unsafe { melior::ir::Operation::from_raw(raw) };
        let op = if legal {
            self.rw.insert_legal(op)
        } else {
            self.rw.insert(op)
        };
        result_of(op, 0)
    }

    /// `memref.alloc` of a statically shaped memref type (a heap buffer the
    /// caller deallocates).
    pub fn alloc(&self, ty: Type<'c>) -> Value<'c, 'a> {
        let segments = self.dense_i32_attr(&[0, 0]);
        self.val(
            "memref.alloc",
            &[],
            ty,
            &[("operandSegmentSizes", segments)],
        )
    }

    /// `memref<shape x elem>`.
    pub fn memref(&self, shape: &[i64], elem: Type<'c>) -> Type<'c> {
        let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
        self.ty(&format!("memref<{dims}{elem}>"))
    }

    /// `vector<shape x elem>`.
    pub fn vector(&self, shape: &[i64], elem: Type<'c>) -> Type<'c> {
        crate::ir::vector_type(shape, elem)
    }

    /// Element `pos` of a one-dimensional vector.
    pub fn extract(&self, v: Value<'c, 'a>, pos: i64) -> Value<'c, 'a> {
        let elem = crate::ir::element_type(v.r#type());
        let position = self.dense_i64_attr(&[pos]);
        self.val(
            "vector.extract",
            &[v],
            elem,
            &[("static_position", position)],
        )
    }

    /// The zero of a scalar, vector or element type `ty`.
    pub fn zero(&self, ty: Type<'c>) -> Value<'c, 'a> {
        let key = ty.to_raw().ptr;
        let cached = PARSED.with(|p| {
            let mut p = p.borrow_mut();
            p.enter(self.ctx);
            p.zeros.get(&key).copied()
        });
        if let Some(raw) = cached {
            return self.insert_constant(
                self.constant_name(),
                ty,
                MlirAttribute { ptr: raw },
                false,
            );
        }
        let is_vector = crate::ir::is_vector(ty);
        let elem = if is_vector {
            crate::ir::element_type(ty)
        } else {
            ty
        };
        // Built from values (what `dense<0> : ty` / `0 : ty` parse to) where
        // the element is an integer, index or float; text otherwise.
        let scalar = unsafe {
            if mlirTypeIsAInteger(elem.to_raw()) || mlirTypeIsAIndex(elem.to_raw()) {
                Some(mlirIntegerAttrGet(elem.to_raw(), 0))
            } else if mlirTypeIsAFloat(elem.to_raw()) {
                Some(mlirFloatAttrDoubleGet(self.ctx, elem.to_raw(), 0.0))
            } else {
                None
            }
        };
        if let Some(scalar) = scalar {
            let raw = if is_vector {
                unsafe { mlirDenseElementsAttrSplatGet(ty.to_raw(), scalar) }
            } else {
                scalar
            };
            PARSED.with(|p| p.borrow_mut().zeros.insert(key, raw.ptr));
            return self.insert_constant(self.constant_name(), ty, raw, false);
        }
        let lit = if is_float(elem) { "0.0" } else { "0" };
        if is_vector {
            self.constant(&format!("dense<{lit}> : {ty}"), ty)
        } else {
            self.constant(&format!("{lit} : {ty}"), ty)
        }
    }

    pub fn ofr(&self, v: Ofr<'c, 'a>) -> Value<'c, 'a> {
        match v {
            Ofr::Static(c) => self.cidx(c),
            Ofr::Dynamic(v) => v,
        }
    }

    /// A binary arith op whose result has the type of `a`.
    pub fn bin(&self, name: &str, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.val(name, &[a, b], a.r#type(), &[])
    }

    pub fn add(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.bin("arith.addi", a, b)
    }
    pub fn sub(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.bin("arith.subi", a, b)
    }
    pub fn mul(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.bin("arith.muli", a, b)
    }
    pub fn max(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.bin("arith.maxsi", a, b)
    }
    pub fn min(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.bin("arith.minsi", a, b)
    }

    /// `arith.cmpi` with a predicate name (`eq`, `sge`, ...).
    pub fn cmpi(&self, pred: &str, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        let code = [
            "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
        ]
        .iter()
        .position(|p| *p == pred)
        .expect("predicate");
        let i1 = unsafe { Type::from_raw(mlirIntegerTypeGet(self.ctx, 1)) };
        let i64_ty = unsafe { Type::from_raw(mlirIntegerTypeGet(self.ctx, 64)) };
        let p = self.int_attr(code as i64, i64_ty);
        self.val("arith.cmpi", &[a, b], i1, &[("predicate", p)])
    }

    pub fn index_cast(&self, v: Value<'c, 'a>, to: Type<'c>) -> Value<'c, 'a> {
        if v.r#type() == to {
            return v;
        }
        self.val("arith.index_cast", &[v], to, &[])
    }

    /// Inserts `scf.for %iv = lb to ub step 1` with an empty body and
    /// returns the induction variable and the body's terminator.
    pub fn for_loop(
        &self,
        lb: Value<'c, 'a>,
        ub: Value<'c, 'a>,
    ) -> (Value<'c, 'a>, OperationRef<'c, 'a>) {
        let step = self.cidx(1);
        let block = Block::new(&[(self.index(), self.loc)]);
        block.append_operation(self.build("scf.yield", &[], &[], &[], vec![]));
        let region = Region::new();
        region.append_block(block);
        let op = self
            .rw
            .insert(self.build("scf.for", &[lb, ub, step], &[], &[], vec![region]));
        let body = op.region(0).expect("region").first_block().expect("block");
        let iv = value(body.argument(0).expect("iv"));
        let yield_op = body.terminator().expect("yield");
        (iv, unsafe { OperationRef::from_raw(yield_op.to_raw()) })
    }

    /// Inserts `scf.if %cond` with an empty then-region and returns its terminator.
    pub fn if_then(&self, cond: Value<'c, 'a>) -> OperationRef<'c, 'a> {
        let block = Block::new(&[]);
        block.append_operation(self.build("scf.yield", &[], &[], &[], vec![]));
        let region = Region::new();
        region.append_block(block);
        let op =
            self.rw
                .insert(self.build("scf.if", &[cond], &[], &[], vec![region, Region::new()]));
        let body = op.region(0).expect("region").first_block().expect("block");
        let t = body.terminator().expect("yield");
        unsafe { OperationRef::from_raw(t.to_raw()) }
    }

    /// `memref.subview` with unit strides times `steps`, dropping the dims in
    /// `drop` (which must have static size 1); the result type is the one
    /// MLIR infers.
    pub fn subview(
        &self,
        src: Value<'c, 'a>,
        offsets: &[Ofr<'c, 'a>],
        sizes: &[Ofr<'c, 'a>],
        steps: &[i64],
        drop: &[bool],
    ) -> Value<'c, 'a> {
        let src_ty = src.r#type();
        let (strides, offset) = strides_and_offset(src_ty);
        let mut res_offset = offset;
        for (d, o) in offsets.iter().enumerate() {
            match o {
                Ofr::Static(c) if res_offset != DYNAMIC && strides[d] != DYNAMIC => {
                    res_offset += c * strides[d]
                }
                _ => res_offset = DYNAMIC,
            }
        }
        let mut shape = vec![];
        let mut res_strides = vec![];
        for d in 0..offsets.len() {
            if drop[d] {
                continue;
            }
            shape.push(match sizes[d] {
                Ofr::Static(c) => c.to_string(),
                Ofr::Dynamic(_) => "?".into(),
            });
            res_strides.push(if strides[d] == DYNAMIC {
                "?".to_string()
            } else {
                (strides[d] * steps[d]).to_string()
            });
        }
        let elem = crate::ir::element_type(src_ty);
        let off = if res_offset == DYNAMIC {
            "?".to_string()
        } else {
            res_offset.to_string()
        };
        let shape_txt: String = shape.iter().map(|s| format!("{s}x")).collect();
        let ty = self.ty(&format!(
            "memref<{shape_txt}{elem}, strided<[{}], offset: {off}>>",
            res_strides.join(", ")
        ));
        let mut operands = vec![src];
        let mut static_offsets = vec![];
        let mut static_sizes = vec![];
        let (mut n_off, mut n_size) = (0, 0);
        for o in offsets {
            match o {
                Ofr::Static(c) => static_offsets.push(*c),
                Ofr::Dynamic(v) => {
                    static_offsets.push(DYNAMIC);
                    operands.push(*v);
                    n_off += 1;
                }
            }
        }
        for s in sizes {
            match s {
                Ofr::Static(c) => static_sizes.push(*c),
                Ofr::Dynamic(v) => {
                    static_sizes.push(DYNAMIC);
                    operands.push(*v);
                    n_size += 1;
                }
            }
        }
        let attrs = [
            ("static_offsets", self.dense_i64_attr(&static_offsets)),
            ("static_sizes", self.dense_i64_attr(&static_sizes)),
            ("static_strides", self.dense_i64_attr(steps)),
            (
                "operandSegmentSizes",
                self.dense_i32_attr(&[1, n_off, n_size, 0]),
            ),
        ];
        self.val("memref.subview", &operands, ty, &attrs)
    }

    /// Writes zeros into a whole buffer with a static shape.
    pub fn fill_zero(&self, buf: Value<'c, 'a>) {
        let ty = buf.r#type();
        let shape = memref_shape(ty);
        let elem = crate::ir::element_type(ty);
        if shape.is_empty() || !fits_one_vector(&shape) {
            if crate::ir::is_signless_int_or_float(elem) || elem == self.index() {
                let z = self.zero(elem);
                self.fill_by_element(buf, z);
            } else {
                // No `arith.constant` makes a scalar of other integer types
                // (`ui32`): write a one-lane vector per element.
                // (A 0-d vector for a 0-d buffer.)
                let (lanes, perm) = match shape.len() {
                    0 => (vec![], identity_map(0)),
                    r => (vec![1], projection_map(r, &[r - 1])),
                };
                let z = self.zero(self.vector(&lanes, elem));
                let (ivs, outer) = self.element_loops(buf);
                let rank = ivs.len();
                let mut operands = vec![z, buf];
                operands.extend(ivs);
                self.transfer_write(&operands, rank, &perm, false);
                self.close_loops(outer);
            }
            return;
        }
        let vty = self.vector(&shape, elem);
        let z = self.zero(vty);
        let zero = self.cidx(0);
        let mut operands = vec![z, buf];
        operands.extend(std::iter::repeat_n(zero, shape.len()));
        self.transfer_write(&operands, shape.len(), &identity_map(shape.len()), false);
    }

    /// Writes the scalar `v` into every element of a buffer with a static
    /// shape.
    pub fn fill(&self, buf: Value<'c, 'a>, v: Value<'c, 'a>) {
        let ty = buf.r#type();
        let shape = memref_shape(ty);
        if shape.is_empty() || !fits_one_vector(&shape) {
            self.fill_by_element(buf, v);
            return;
        }
        let vty = self.vector(&shape, v.r#type());
        let splat = self.val("vector.broadcast", &[v], vty, &[]);
        let zero = self.cidx(0);
        let mut operands = vec![splat, buf];
        operands.extend(std::iter::repeat_n(zero, shape.len()));
        self.transfer_write(&operands, shape.len(), &identity_map(shape.len()), false);
    }

    /// Stores the scalar `v` into every element of a buffer with a static
    /// shape, one `memref.store` in a loop nest (a buffer too large for one
    /// vector, or of elements a vector packs into bits).
    pub fn fill_by_element(&self, buf: Value<'c, 'a>, v: Value<'c, 'a>) {
        let (ivs, outer) = self.element_loops(buf);
        let mut operands = vec![v, buf];
        operands.extend(ivs);
        self.op("memref.store", &operands, &[], &[]);
        self.close_loops(outer);
    }

    /// Opens a loop nest over every element of a buffer with a static
    /// shape: the insertion point goes inside it, and the indices and the
    /// outermost loop's terminator (for [`B::close_loops`]) come back.
    pub fn element_loops(
        &self,
        buf: Value<'c, 'a>,
    ) -> (Vec<Value<'c, 'a>>, Option<OperationRef<'c, 'a>>) {
        let shape = memref_shape(buf.r#type());
        let zero = self.cidx(0);
        let mut ivs = vec![];
        let mut outer = None;
        for d in shape {
            let (iv, end) = self.for_loop(zero, self.cidx(d));
            self.rw.set_insertion_point_before(&end);
            outer.get_or_insert(end);
            ivs.push(iv);
        }
        (ivs, outer)
    }

    /// Moves the insertion point after the loop nest [`B::element_loops`]
    /// opened.
    pub fn close_loops(&self, outer: Option<OperationRef<'c, 'a>>) {
        if let Some(l) = outer.and_then(|y| y.parent_operation()) {
            self.rw.set_insertion_point_after(&l);
        }
    }

    /// Attributes of an in-bounds vector transfer: permutation map, one
    /// `true` per vector dim, operand segment sizes.
    fn transfer_attrs(&self, perm: &str, segments: &[i32]) -> [(&'static str, Attribute<'c>); 3] {
        [
            ("permutation_map", self.attr(perm)),
            ("in_bounds", self.all_true_array(perm_results(perm))),
            ("operandSegmentSizes", self.dense_i32_attr(segments)),
        ]
    }

    /// Writes the vector `v` into `buf` at `at` (one index per dim of
    /// `buf`), over its last dims.
    pub fn write_at(&self, v: Value<'c, 'a>, buf: Value<'c, 'a>, at: &[Value<'c, 'a>]) {
        let rank = at.len();
        let k = memref_shape(v.r#type()).len();
        let mut write = vec![v, buf];
        write.extend_from_slice(at);
        self.transfer_write(&write, rank, &minor_identity_map(rank, k), false);
    }

    /// The `ty` vector at `at` of `buf` (over its last dims).
    pub fn read_at(&self, buf: Value<'c, 'a>, at: &[Value<'c, 'a>], ty: Type<'c>) -> Value<'c, 'a> {
        let rank = at.len();
        let mut read = vec![buf];
        read.extend_from_slice(at);
        read.push(self.zero(crate::ir::element_type(ty)));
        self.transfer_read(
            &read,
            rank,
            &minor_identity_map(rank, memref_shape(ty).len()),
            false,
            ty,
        )
    }

    /// `vector.transfer_write` (operands: value, base, indices..., [mask]).
    pub fn transfer_write(
        &self,
        operands: &[Value<'c, 'a>],
        rank: usize,
        perm: &str,
        masked: bool,
    ) {
        let attrs = self.transfer_attrs(perm, &[1, 1, rank as i32, masked as i32]);
        self.op("vector.transfer_write", operands, &[], &attrs);
    }

    /// `vector.transfer_read` (operands: base, indices..., padding, [mask]).
    pub fn transfer_read(
        &self,
        operands: &[Value<'c, 'a>],
        rank: usize,
        perm: &str,
        masked: bool,
        ty: Type<'c>,
    ) -> Value<'c, 'a> {
        let attrs = self.transfer_attrs(perm, &[1, rank as i32, 1, masked as i32]);
        self.val("vector.transfer_read", operands, ty, &attrs)
    }

    /// Inserts `func.func @name(inputs) -> (results)` with an entry block of
    /// `inputs` (ending in `func.return` when `with_return`) and returns it.
    pub fn func(
        &self,
        name: &str,
        inputs: &[Type<'c>],
        results: &[Type<'c>],
        private: bool,
        with_return: bool,
    ) -> OperationRef<'c, 'a> {
        self.func_with_attrs(name, inputs, results, private, with_return, &[])
    }

    /// [`Self::func`] with more attributes, set as it is built (setting them
    /// one by one afterwards rebuilds the attribute dictionary each time).
    pub fn func_with_attrs(
        &self,
        name: &str,
        inputs: &[Type<'c>],
        results: &[Type<'c>],
        private: bool,
        with_return: bool,
        extra: &[(&str, Attribute<'c>)],
    ) -> OperationRef<'c, 'a> {
        let fty = self.function_type_attr(inputs, results);
        let name_attr = crate::ir::string_attr(self.loc, name);
        let mut attrs = Vec::with_capacity(1 + extra.len());
        if private {
            attrs.push((
                "sym_visibility",
                crate::ir::string_attr(self.loc, "private"),
            ));
        }
        attrs.extend_from_slice(extra);
        self.func_op(name_attr, fty, inputs, with_return, &attrs)
    }

    /// Inserts `func.func` named `name` (a string attribute) of type `fty`
    /// (a type attribute, see [`Self::function_type_attr`]) with an entry
    /// block of `inputs` (ending in `func.return` when `with_return`) and
    /// `attrs`, and returns it: [`Self::func_with_attrs`] for callers that
    /// keep their names and types from one function to the next.
    pub fn func_op(
        &self,
        name: Attribute<'c>,
        fty: Attribute<'c>,
        inputs: &[Type<'c>],
        with_return: bool,
        attrs: &[(&str, Attribute<'c>)],
    ) -> OperationRef<'c, 'a> {
        let types: Vec<MlirType> = inputs.iter().map(|t| t.to_raw()).collect();
        let block = unsafe {
            Block::from_raw(ffi::pallasBlockCreate(
                types.len() as isize,
                types.as_ptr(),
                self.loc.to_raw(),
            ))
        };
        if with_return {
            block.append_operation(self.build("func.return", &[], &[], &[], vec![]));
        }
        let region = Region::new();
        region.append_block(block);
        let mut all = Vec::with_capacity(2 + attrs.len());
        all.extend([("sym_name", name), ("function_type", fty)]);
        all.extend_from_slice(attrs);
        self.rw
            .insert(self.build("func.func", &[], &[], &all, vec![region]))
    }

    /// `(inputs) -> (results)` as a type attribute, made once per pass run
    /// and signature.
    pub fn function_type_attr(&self, inputs: &[Type<'c>], results: &[Type<'c>]) -> Attribute<'c> {
        let key: Vec<*const std::ffi::c_void> = inputs
            .iter()
            .map(|t| t.to_raw().ptr)
            .chain([std::ptr::null()])
            .chain(results.iter().map(|t| t.to_raw().ptr))
            .collect();
        let cached = PARSED.with(|p| {
            let mut p = p.borrow_mut();
            p.enter(self.ctx);
            p.signatures.get(&key).copied()
        });
        let raw = cached.unwrap_or_else(|| {
            let (ins, outs) = key.split_at(inputs.len());
            let ins: Vec<MlirType> = ins.iter().map(|&ptr| MlirType { ptr }).collect();
            let outs: Vec<MlirType> = outs[1..].iter().map(|&ptr| MlirType { ptr }).collect();
            let raw = unsafe {
                let t = mlirFunctionTypeGet(
                    self.ctx,
                    ins.len() as isize,
                    ins.as_ptr(),
                    outs.len() as isize,
                    outs.as_ptr(),
                );
                mlirTypeAttrGet(t).ptr
            };
            PARSED.with(|p| p.borrow_mut().signatures.insert(key, raw));
            raw
        });
        unsafe { Attribute::from_raw(MlirAttribute { ptr: raw }) }
    }

    /// The size of dim `d` of a memref value.
    pub fn dim(&self, v: Value<'c, 'a>, d: usize) -> Value<'c, 'a> {
        let shape = memref_shape(v.r#type());
        if shape[d] != DYNAMIC {
            return self.cidx(shape[d]);
        }
        let i = self.cidx(d as i64);
        self.val("memref.dim", &[v, i], self.index(), &[])
    }
}

pub fn join(v: &[i64], sep: &str) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

pub fn i64_array(v: &[i64]) -> String {
    if v.is_empty() {
        "array<i64>".into()
    } else {
        format!("array<i64: {}>", join(v, ", "))
    }
}

/// `affine_map<(d0, .., d{rank-1}) -> (d0, .., d{rank-1})>`.
/// Whether a buffer of `shape` is filled with one vector store: LLVM's code
/// generation takes a vector of a few thousand lanes, not a whole large
/// buffer (65536 lanes abort its instruction selection).
fn fits_one_vector(shape: &[i64]) -> bool {
    crate::ir::element_count(shape).is_some_and(|n| n <= 4096)
}

pub fn identity_map(rank: usize) -> String {
    let dims: Vec<usize> = (0..rank).collect();
    projection_map(rank, &dims)
}

/// `affine_map<(d0, .., d{n-1}) -> (d{n-k}, .., d{n-1})>`: the map of a
/// transfer of a `k`-D vector in an `n`-D memref.
pub fn minor_identity_map(n: usize, k: usize) -> String {
    let keep: Vec<usize> = (n - k..n).collect();
    projection_map(n, &keep)
}

/// `affine_map<(d0..) -> (d{keep}...)>`.
pub fn projection_map(rank: usize, keep: &[usize]) -> String {
    let ds: Vec<String> = (0..rank).map(|d| format!("d{d}")).collect();
    let rs: Vec<String> = keep.iter().map(|d| format!("d{d}")).collect();
    format!("affine_map<({}) -> ({})>", ds.join(", "), rs.join(", "))
}

fn perm_results(perm: &str) -> usize {
    let results = perm
        .rsplit("-> (")
        .next()
        .unwrap_or("")
        .trim_end_matches(")>");
    if results.trim().is_empty() {
        0
    } else {
        results.split(',').count()
    }
}

/// The strides and offset of a memref type (`DYNAMIC` where unknown).
pub fn strides_and_offset(ty: Type) -> (Vec<i64>, i64) {
    crate::ir::memref_strides_and_offset(ty)
        .unwrap_or_else(|| (vec![DYNAMIC; memref_shape(ty).len()], DYNAMIC))
}

/// Splits an op's operands into its ODS segments (`operandSegmentSizes`;
/// none when the op has no such attribute).
pub fn segments<'c, 'a>(op: &OperationRef, operands: &[Value<'c, 'a>]) -> Vec<Vec<Value<'c, 'a>>> {
    crate::ir::with_operand_segment_sizes(op, |sizes| {
        let mut out = Vec::with_capacity(sizes.len());
        let mut at = 0usize;
        for &s in sizes {
            let s = s as usize;
            out.push(operands[at..at + s].to_vec());
            at += s;
        }
        out
    })
}

/// Per ref dim: starts, sizes and strides of an indexer.
pub type IndexerParts = (Vec<i64>, Vec<i64>, Vec<i64>);

/// The indexer of a `pallas.load`/`store`/`swap` (`starts`, `sizes`,
/// `strides`) on a ref of `shape`, one entry per ref dim: `[]` means the
/// whole ref and absent strides are 1. Errors when the ranks differ.
pub fn indexer(op: &OperationRef, shape: &[i64]) -> Result<IndexerParts, String> {
    let rank = shape.len();
    let get = |n: &str| op.attribute(n).map(dense_i64).unwrap_or_default();
    let (mut starts, mut sizes, mut strides) = (get("starts"), get("sizes"), get("strides"));
    if starts.is_empty() {
        starts = vec![0; rank];
        sizes = shape.to_vec();
    }
    if strides.len() != rank {
        strides = vec![1; rank];
    }
    if starts.len() != rank || sizes.len() != rank {
        return Err(INDEXER_RANK_MISMATCH.into());
    }
    Ok((starts, sizes, strides))
}
