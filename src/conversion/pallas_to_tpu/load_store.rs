//! Ref accesses, as JAX's Pallas TPU lowering emits them.
//!
//! * `pallas.load` on VMEM reads exactly the indexed window
//!   (`vector<sizes>` with 1 for integer-indexed dims) with `vector.load`, or
//!   `tpu.strided_load` when a stride is not 1, then `vector.shape_cast`s it
//!   to the value's shape (`vector.extract` for a scalar). On SMEM it is a
//!   scalar `memref.load`.
//! * `pallas.store` / `pallas.swap` always read the old window first (JAX
//!   lowers every store as a swap), then write with `tpu.vector_store`
//!   (`masked` when there is a mask) or `tpu.strided_store`; on SMEM with
//!   `memref.load` + `memref.store`.
//! * Bools live in `i32` memory: loads compare `!= 0`, stores `arith.extui`.
//! * Windows with squeezed block dims reach the body through a
//!   `tpu.memref_squeeze` of the kernel argument (see `kernel.rs`); accesses
//!   go to the argument itself with index 0 in the squeezed dims, so the
//!   squeeze ends up unused, as in JAX (whose refs keep those dims).
//! * `memref.subview` (slicing a ref for a DMA or an access) becomes
//!   `tpu.memref_slice` at `i32` starts, plus `tpu.memref_squeeze` when it
//!   drops dims.
//! * User-written `vector.store` becomes `tpu.vector_store`, the store
//!   Mosaic lowers (`memref.load` / `memref.store` / `vector.load` only
//!   change types; `mod.rs` retypes them).

use crate::ir::defining_op;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use super::kernel::{self, KernelInfo};
use super::refs;
use super::types::tpu_type;
use crate::conversion::common::builder::{
    dense_i64, dynamic_count, value, B, DYNAMIC, INDEXER_RANK_MISMATCH,
};
use crate::conversion::common::segments::Segments;
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{self, element_type, is_memref, is_vector, memref_shape, tpu_types};

/// `sparsecore`: the refs of SparseCore kernels, whose vector accesses are
/// `tpu.vector_load` / `tpu.vector_store` of the whole window followed by
/// (preceded by) a `vector.shape_cast` to (from) the value's shape, and
/// whose masks select lanes to expand / compress rather than to keep.
pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter, sparsecore: bool) {
    set.add("pallas.load", Some(tc), move |op, operands, rw| {
        let ix = Indexer::of(&op);
        let ops = LoadOperands::split(&op, operands, ix.dynamic())?;
        let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let b = B::new(rw, op.location());
        let a = access(&b, ops.r, &ix, ops.indices)?;
        let v = if a.smem {
            let v = b.val("memref.load", &a.operands, a.elem, &[]);
            to_bool(&b, v, ty)
        } else if sparsecore {
            let v = sc_vector_load(&b, &a, a.window_type(ty), ops.mask);
            let v = b.val("vector.shape_cast", &[v], a.value_type(ty), &[]);
            to_bool(&b, v, ty)
        } else {
            let v = read_window(&b, &a, a.window_type(ty));
            let v = if a.has_shape_of(ty) {
                v
            } else if is_vector(ty) {
                b.val("vector.shape_cast", &[v], a.value_type(ty), &[])
            } else {
                // A scalar read from VMEM: the 1x..x1 window's only element.
                let pos = b.dense_i64_attr(&vec![0; a.indices().len()]);
                b.val("vector.extract", &[v], a.elem, &[("static_position", pos)])
            };
            to_bool(&b, v, ty)
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    for (name, returns_old) in [("pallas.store", false), ("pallas.swap", true)] {
        set.add(name, Some(tc), move |op, operands, rw| {
            let ix = Indexer::of(&op);
            let ops = StoreOperands::split(operands, ix.dynamic())?;
            let b = B::new(rw, op.location());
            let old = if sparsecore {
                sc_write(&b, &op, &ix, &ops)?
            } else {
                write(&b, &ix, &ops)?
            };
            if returns_old {
                rw.replace_op(&op, &[old]);
            } else {
                rw.erase_op(&op);
            }
            Ok(())
        });
    }
    set.add("memref.subview", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let v = slice_ref(&b, &op, operands)?;
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("vector.store", Some(tc), |op, operands, rw| {
        // value, base, indices
        let (v, rest) = operands
            .split_first()
            .ok_or("vector.store without operands")?;
        let (base, indices) = rest.split_first().ok_or("vector.store without a base")?;
        let b = B::new(rw, op.location());
        vector_store(&b, *v, *base, indices, None, false);
        rw.erase_op(&op);
        Ok(())
    });
}

//===----------------------------------------------------------------------===//
// Checks (JAX's messages where JAX rejects the same thing)
//===----------------------------------------------------------------------===//

pub fn check(op: &OperationRef) -> Result<(), String> {
    let name = crate::ir::op_name_of(op);
    match name {
        "pallas.load" => check_load(op),
        "pallas.store" | "pallas.swap" => check_store(op),
        "memref.subview" => check_subview(op),
        "memref.load" | "memref.store" => {
            let r = ref_operand(op, if name == "memref.load" { 0 } else { 1 })?;
            check_scalar_access(r, name == "memref.load")
        }
        "vector.load" | "vector.store" => {
            let r = ref_operand(op, if name == "vector.load" { 0 } else { 1 })?;
            check_vector_access(r, name == "vector.load")
        }
        "memref.dim" => Ok(()),
        _ if name.starts_with("memref.") => Err(format!(
            "not yet supported: '{name}' in a TensorCore kernel body (refs are sliced with memref.subview, reshaped with pallas.ref_reshape, bitcast with pallas.ref_bitcast, read and written with pallas.load/store/swap, memref.load/store on SMEM or vector.load/store on VMEM, and allocated with pallas.run_scoped)"
        )),
        _ => Ok(()),
    }
}

fn ref_operand<'c, 'a>(op: &OperationRef<'c, 'a>, i: usize) -> Result<Value<'c, 'a>, String> {
    if i >= op.operand_count() {
        return Err("missing ref operand".into());
    }
    op.operand(i).map(value).map_err(|e| e.to_string())
}

fn any_hint(space: &str) -> &'static str {
    if space == "any" {
        " ANY memory space can only be accessed using async_copy."
    } else {
        ""
    }
}

fn check_load(op: &OperationRef) -> Result<(), String> {
    let operands: Vec<Value> = op.operands().collect();
    let ops = LoadOperands::split(op, &operands, Indexer::dynamic_of(op))?;
    let r = ops.r;
    if ops.mask.is_some() {
        // JAX 0.10.2 raises a bare NotImplementedError for a masked pl.load
        // on TensorCore; Mosaic has no masked vector load there.
        return Err(
            "Masked loads are not supported on TPU (JAX raises NotImplementedError for pl.load with a mask); load without the mask and select with arith.select".into(),
        );
    }
    let space = value_space_keyword(r);
    if space != Some("smem") && has_empty_block(r) {
        return Err("Indexing into a ()-shaped Ref not yet supported on TPU.".into());
    }
    let result = op.result(0).map_err(|e| e.to_string())?.r#type();
    match space {
        Some("smem") if is_vector(result) => Err("Can only load scalars from SMEM".into()),
        Some("smem") | Some("vmem") => Ok(()),
        s => Err(format!(
            "Loads are only allowed on VMEM and SMEM references.{}",
            any_hint(s.unwrap_or(""))
        )),
    }
}

fn check_store(op: &OperationRef) -> Result<(), String> {
    let operands: Vec<Value> = op.operands().collect();
    let ops = StoreOperands::split(&operands, Indexer::dynamic_of(op))?;
    let (value, r) = (ops.value.r#type(), ops.r);
    let mask = ops.mask.map(|m| m.r#type());
    if let Some(m) = mask {
        let elem = if is_vector(value) {
            element_type(value)
        } else {
            value
        };
        if ir::bit_width(elem) != Some(32) {
            return Err("masked swap with non-32-bit data".into());
        }
        if shape_of(m) != shape_of(value) {
            return Err(format!(
                "Expected value and mask to have the same shape, but got value shape {} vs. mask shape {}.",
                py_shape(&shape_of(value)),
                py_shape(&shape_of(m))
            ));
        }
    }
    let space = value_space_keyword(r);
    if space != Some("smem") && has_empty_block(r) {
        return Err("Indexing into a ()-shaped Ref not yet supported on TPU.".into());
    }
    match space {
        Some("smem") => {
            if mask.is_some() {
                return Err("SMEM store does not support masks".into());
            }
            if is_vector(value) {
                return Err("Can only store scalars to SMEM".into());
            }
            Ok(())
        }
        Some("vmem") => {
            if !is_vector(value) {
                return Err("Cannot store scalars to VMEM".into());
            }
            let strided = op
                .attribute("strides")
                .map(dense_i64)
                .unwrap_or_default()
                .iter()
                .any(|s| *s != 1);
            if strided && mask.is_some() {
                return Err("masked swap with strided store".into());
            }
            Ok(())
        }
        s => Err(format!(
            "Loads and stores are only allowed on VMEM and SMEM references.{}",
            any_hint(s.unwrap_or(""))
        )),
    }
}

fn check_subview(op: &OperationRef) -> Result<(), String> {
    let strides = op
        .attribute("static_strides")
        .map(dense_i64)
        .unwrap_or_default();
    // A dynamic stride operand has a DYNAMIC static stride.
    if strides.iter().any(|s| *s != 1) {
        return Err("Strided slices of references are unsupported.".into());
    }
    let src = ref_operand(op, 0)?;
    if value_space_keyword(src).is_none() {
        return Err(format!(
            "slices a ref {} that has no TPU memory space",
            src.r#type()
        ));
    }
    Ok(())
}

/// `memref.load` / `memref.store` written in the body: scalars, on SMEM
/// (JAX reads VMEM scalars through a vector load instead).
fn check_scalar_access(r: Value, load: bool) -> Result<(), String> {
    match value_space_keyword(r) {
        Some("smem") => Ok(()),
        Some("vmem") => Err(format!(
            "{} on VMEM is not supported by Mosaic; use pallas.{} (JAX accesses VMEM through vector loads and stores)",
            if load { "memref.load" } else { "memref.store" },
            if load { "load" } else { "store" }
        )),
        s => Err(format!(
            "Loads and stores are only allowed on VMEM and SMEM references.{}",
            any_hint(s.unwrap_or(""))
        )),
    }
}

/// `vector.load` / `vector.store` written in the body: VMEM only.
fn check_vector_access(r: Value, load: bool) -> Result<(), String> {
    match value_space_keyword(r) {
        Some("vmem") => Ok(()),
        Some("smem") if load => Err("Can only load scalars from SMEM".into()),
        Some("smem") => Err("Can only store scalars to SMEM".into()),
        s => Err(format!(
            "Loads and stores are only allowed on VMEM and SMEM references.{}",
            any_hint(s.unwrap_or(""))
        )),
    }
}

/// The kernel whose body block `v` is an argument of, and its position.
pub(super) fn kernel_arg<'c, 'a>(v: Value<'c, 'a>) -> Option<(OperationRef<'c, 'a>, usize)> {
    let (kernel, index) = crate::ir::block_arg_owner(v)?;
    (crate::ir::op_name_of(&kernel) == "pallas.kernel").then_some((kernel, index))
}

/// The TPU memory space of a ref in the body before conversion: scalar
/// prefetch refs without a memory space live in SMEM (see
/// `kernel::prefetch_type`), views (`memref.subview`, `pallas.ref_reshape`,
/// `pallas.ref_bitcast`) where their ref is, everything else as its type
/// says.
pub(crate) fn value_space(v: Value) -> Option<String> {
    value_space_keyword(v).map(str::to_string)
}

/// [`value_space`] without the allocation (the checks ask it of every
/// access).
pub(crate) fn value_space_keyword(v: Value) -> Option<&'static str> {
    if let Some(def) = defining_op(v) {
        if matches!(
            crate::ir::op_name_of(&def),
            "memref.subview" | "pallas.ref_reshape" | "pallas.ref_bitcast"
        ) {
            if let Some(src) = crate::ir::operand_at(&def, 0) {
                return value_space_keyword(value(src));
            }
        }
    }
    if let Some((kernel, k)) = kernel_arg(v) {
        if k < KernelInfo::prefetch_count(&kernel) {
            return space_keyword_of(kernel::prefetch_type(v.r#type()));
        }
    }
    space_keyword_of(v.r#type())
}

/// Whether JAX sees a ()-shaped block for `r`. Only a rank-0 ref can: the
/// kernel's verifier holds a window argument's type to its block's kept
/// dims, so the block of a ref with dims has dims too (and the kernel's
/// block spec need not be decoded for every access).
fn has_empty_block(r: Value) -> bool {
    ir::with_shape(r.r#type(), <[i64]>::is_empty) && block_rank(r) == 0
}

/// The rank of the block JAX sees for a ref: a window with squeezed dims
/// counts them (JAX keeps them in its block shape), any other ref its own
/// rank.
fn block_rank(r: Value) -> usize {
    let rank = memref_shape(r.r#type()).len();
    let window = kernel_arg(r).and_then(|(kernel, k)| {
        let spec = KernelInfo::spec_of_argument(&kernel, k)?;
        kernel::is_windowed(&spec).then_some(spec.dims.len())
    });
    window.unwrap_or(rank)
}

//===----------------------------------------------------------------------===//
// Shared helpers (also used by dma.rs and scoped.rs)
//===----------------------------------------------------------------------===//

/// The `#tpu.memory_space` keyword a ref has (or will have once converted);
/// `None` for refs with no TPU memory space (GPU spaces).
pub(super) fn space_keyword_of(ty: Type) -> Option<&'static str> {
    if !is_memref(ty) {
        return None;
    }
    tpu_types::memory_space_keyword(ir::memref_memory_space(tpu_type(ty))?)
}

/// The `#tpu.memory_space` attribute a ref has (or will have once
/// converted), rebuilt from its keyword (what a slice of the ref is in).
fn space_attr_of(ty: Type<'_>) -> Option<melior::ir::attribute::Attribute<'_>> {
    tpu_types::memory_space_attr(ty, space_keyword_of(ty)?)
}

/// The value of an integer `arith.constant`.
fn constant_int(v: Value) -> Option<i64> {
    let op = defining_op(v)?;
    if crate::ir::op_name_of(&op) != "arith.constant" {
        return None;
    }
    crate::ir::int_attr(&op, "value")
}

/// `v` as an `i32` (memref_slice starts and sizes are i32): constants are
/// rebuilt as i32 constants, as JAX emits them; other values are cast.
pub(super) fn as_i32<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    if let Some(c) = constant_int(v) {
        return b.ci32(c);
    }
    if v.r#type() == b.i32() {
        return v;
    }
    // An index made from an i32 (a grid id, a loaded scalar): use the i32.
    if let Some(cast) = defining_op(v) {
        if crate::ir::op_name_of(&cast) == "arith.index_cast" {
            if let Some(src) = crate::ir::operand_at(&cast, 0) {
                if src.r#type() == b.i32() {
                    return value(src);
                }
            }
        }
    }
    b.index_cast(v, b.i32())
}

/// When `r` is the squeezed view of a window argument made by `kernel.rs`,
/// the argument and which of its dims the view drops.
pub(super) fn window_squeeze<'c, 'a>(r: Value<'c, 'a>) -> Option<(Value<'c, 'a>, Vec<bool>)> {
    let op = defining_op(r)?;
    if crate::ir::op_name_of(&op) != "tpu.memref_squeeze" {
        return None;
    }
    let src: Value = crate::ir::operand_at(&op, 0)?;
    let is_func_arg = crate::ir::block_arg_owner(src)
        .is_some_and(|(owner, _)| crate::ir::op_name_of(&owner) == "func.func");
    if !is_func_arg {
        return None;
    }
    let dropped = dropped_dims(&memref_shape(src.r#type()), &memref_shape(r.r#type()))?;
    Some((value(src), dropped))
}

/// Which dims of `full` are dropped to give `kept` (size-1 dims only).
/// Matching each kept dim to the earliest equal dim finds an assignment
/// whenever one exists; when several exist they differ only in which of
/// some equal size-1 dims are dropped, which addresses the same elements.
pub(super) fn dropped_dims(full: &[i64], kept: &[i64]) -> Option<Vec<bool>> {
    let mut out = Vec::with_capacity(full.len());
    let mut j = 0;
    for &s in full {
        if j < kept.len() && kept[j] == s {
            out.push(false);
            j += 1;
        } else if s == 1 {
            out.push(true);
        } else {
            return None;
        }
    }
    (j == kept.len()).then_some(out)
}

/// The shape of a vector (empty for a scalar).
fn shape_of(ty: Type) -> Vec<i64> {
    if is_vector(ty) {
        memref_shape(ty)
    } else {
        vec![]
    }
}

fn py_shape(shape: &[i64]) -> String {
    match shape {
        [one] => format!("({one},)"),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn is_i1(ty: Type) -> bool {
    let elem = if is_vector(ty) { element_type(ty) } else { ty };
    crate::ir::integer_width(elem) == Some(1)
}

/// A value read from `i32` memory as the bool `ty` expects (`!= 0`);
/// anything else as it is.
fn to_bool<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, ty: Type<'c>) -> Value<'c, 'a> {
    if !is_i1(ty) {
        return v;
    }
    let zero = b.zero(v.r#type());
    let i1 = if is_vector(v.r#type()) {
        ir::vector_type(&memref_shape(v.r#type()), b.ty("i1"))
    } else {
        b.ty("i1")
    };
    // predicate 1 = ne
    b.val(
        "arith.cmpi",
        &[v, zero],
        i1,
        &[("predicate", b.attr("1 : i64"))],
    )
}

/// A bool value as the `i32` its memory holds; anything else as it is.
fn from_bool<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    if !is_i1(v.r#type()) {
        return v;
    }
    let ty = if is_vector(v.r#type()) {
        ir::vector_type(&memref_shape(v.r#type()), b.i32())
    } else {
        b.i32()
    };
    b.val("arith.extui", &[v], ty, &[])
}

//===----------------------------------------------------------------------===//
// Accesses
//===----------------------------------------------------------------------===//

/// The indexer of a `pallas.load` / `store` / `swap`, read once per op:
/// per dim of the ref its start (`DYNAMIC` where an index operand gives
/// it), size (-1 for a single index) and stride; no starts for the whole
/// ref.
struct Indexer<'c> {
    starts: &'c [i64],
    sizes: &'c [i64],
    strides: &'c [i64],
}

impl<'c> Indexer<'c> {
    /// Borrowed from the op's attributes, which live as long as the context.
    /// (Of a `pallas.load`, `store` or `swap`: the ops the patterns and
    /// checks here are for; empty for any other op.)
    fn of(op: &OperationRef<'c, '_>) -> Self {
        let [starts, sizes, strides] = ir::indexer_arrays(op).unwrap_or([&[]; 3]);
        Self {
            starts,
            sizes,
            strides,
        }
    }

    /// How many index operands the op has: the verifier holds them to the
    /// dynamic starts. The operands are split by this count rather than by
    /// `operandSegmentSizes`, which MLIR builds as an attribute on every
    /// query.
    fn dynamic(&self) -> usize {
        dynamic_count(self.starts)
    }

    /// [`Self::dynamic`] of `op`, reading only its starts (the checks).
    fn dynamic_of(op: &OperationRef<'c, '_>) -> usize {
        Self::of(op).dynamic()
    }

    fn strided(&self) -> bool {
        self.strides.iter().any(|s| *s != 1)
    }
}

/// The operands of a `pallas.load`: ref, indices, mask, other.
struct LoadOperands<'o, 'c, 'a> {
    r: Value<'c, 'a>,
    indices: &'o [Value<'c, 'a>],
    mask: Option<Value<'c, 'a>>,
}

impl<'o, 'c, 'a> LoadOperands<'o, 'c, 'a> {
    /// `k`: the number of index operands ([`Indexer::dynamic`]).
    fn split(op: &OperationRef, operands: &'o [Value<'c, 'a>], k: usize) -> Result<Self, String> {
        let (r, rest) = operands.split_first().ok_or("pallas.load without a ref")?;
        let indices = rest.get(..k).ok_or("missing index operands")?;
        let mask = match &rest[k..] {
            [] => None,
            [mask, _other] => Some(*mask),
            // A mask or an `other` alone: only the segment sizes tell.
            _ => Segments::of(op, operands).first(2),
        };
        Ok(Self {
            r: *r,
            indices,
            mask,
        })
    }
}

/// The operands of a `pallas.store` / `swap`: value, ref, indices, mask.
struct StoreOperands<'o, 'c, 'a> {
    value: Value<'c, 'a>,
    r: Value<'c, 'a>,
    indices: &'o [Value<'c, 'a>],
    mask: Option<Value<'c, 'a>>,
}

impl<'o, 'c, 'a> StoreOperands<'o, 'c, 'a> {
    /// `k`: the number of index operands ([`Indexer::dynamic`]).
    fn split(operands: &'o [Value<'c, 'a>], k: usize) -> Result<Self, String> {
        let [value, r, rest @ ..] = operands else {
            return Err("a store without its value and ref".into());
        };
        let indices = rest.get(..k).ok_or("missing index operands")?;
        Ok(Self {
            value: *value,
            r: *r,
            indices,
            mask: rest.get(k).copied(),
        })
    }
}

/// What an indexed access touches in memory.
struct Access<'c, 'a> {
    /// The base ref, then one `index` per dim of it.
    operands: Vec<Value<'c, 'a>>,
    /// The window read or written: the indexer's sizes, 1 for
    /// integer-indexed and squeezed dims.
    shape: Vec<i64>,
    /// Per dim of the base; empty when every stride is 1.
    strides: Vec<i64>,
    /// The memory element type (`i32` for bools).
    elem: Type<'c>,
    smem: bool,
}

impl<'c, 'a> Access<'c, 'a> {
    fn base(&self) -> Value<'c, 'a> {
        self.operands[0]
    }

    fn indices(&self) -> &[Value<'c, 'a>] {
        &self.operands[1..]
    }

    fn strided(&self) -> bool {
        !self.strides.is_empty()
    }

    /// Whether the value type `ty` has the window's shape (a scalar has
    /// the empty shape).
    fn has_shape_of(&self, ty: Type) -> bool {
        if is_vector(ty) {
            ir::with_shape(ty, |s| s == self.shape.as_slice())
        } else {
            self.shape.is_empty()
        }
    }

    /// `vector<shape x elem>`: `like` itself when it is that type (the
    /// value of an access without dropped dims), saving the type lookup.
    fn window_type(&self, like: Type<'c>) -> Type<'c> {
        if is_vector(like) && self.has_shape_of(like) && element_type(like) == self.elem {
            like
        } else {
            ir::vector_type(&self.shape, self.elem)
        }
    }

    /// `vector<shape of ty x elem>` (`ty` itself when it is that type).
    fn value_type(&self, ty: Type<'c>) -> Type<'c> {
        if is_vector(ty) && element_type(ty) == self.elem {
            ty
        } else {
            ir::vector_type(&shape_of(ty), self.elem)
        }
    }

    fn i32_strides(&self) -> Vec<i32> {
        self.strides.iter().map(|&x| x as i32).collect()
    }
}

/// Decodes the indexer `ix` of an access to the (converted) ref `r`.
fn access<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    r: Value<'c, 'a>,
    ix: &Indexer,
    dyn_idx: &[Value<'c, 'a>],
) -> Result<Access<'c, 'a>, String> {
    let r = refs::for_use(b, r, false);
    let view_rank = ir::with_shape(r.r#type(), <[i64]>::len);
    // `[]` is the whole view: start 0 and the view's size in every dim.
    let whole = ix.starts.is_empty();
    let view_shape = if whole {
        memref_shape(r.r#type())
    } else {
        vec![]
    };
    if !whole && (ix.starts.len() != view_rank || ix.sizes.len() != view_rank) {
        return Err(INDEXER_RANK_MISMATCH.into());
    }
    let strides = (ix.strides.len() == view_rank && ix.strided()).then_some(ix.strides);
    let squeeze = window_squeeze(r);
    let base = squeeze.as_ref().map_or(r, |(arg, _)| *arg);
    let n = squeeze
        .as_ref()
        .map_or(view_rank, |(_, dropped)| dropped.len());
    let mut a = Access {
        operands: Vec::with_capacity(1 + n),
        shape: Vec::with_capacity(n),
        strides: Vec::with_capacity(if strides.is_some() { n } else { 0 }),
        elem: element_type(base.r#type()),
        smem: space_keyword_of(base.r#type()) == Some("smem"),
    };
    a.operands.push(base);
    let mut dynamic = dyn_idx.iter();
    let mut view_dims = 0..view_rank;
    for dim in 0..n {
        let squeezed = squeeze.as_ref().is_some_and(|(_, dropped)| dropped[dim]);
        if squeezed {
            a.operands.push(b.cidx(0));
            a.shape.push(1);
            if strides.is_some() {
                a.strides.push(1);
            }
            continue;
        }
        let d = view_dims.next().ok_or("squeezed view has too many dims")?;
        let (start, size) = if whole {
            (0, view_shape[d])
        } else {
            (ix.starts[d], ix.sizes[d])
        };
        a.operands.push(if start == DYNAMIC {
            *dynamic.next().ok_or("missing dynamic index")?
        } else {
            b.cidx(start)
        });
        a.shape.push(if size == -1 { 1 } else { size });
        if let Some(strides) = strides {
            a.strides.push(strides[d]);
        }
    }
    Ok(a)
}

/// Reads the window of `a` from VMEM as `vty` (`vector<a.shape x a.elem>`).
fn read_window<'c, 'a>(b: &B<'_, 'c, 'a>, a: &Access<'c, 'a>, vty: Type<'c>) -> Value<'c, 'a> {
    if a.strided() {
        let s = b.dense_i32_attr(&a.i32_strides());
        b.val("tpu.strided_load", &a.operands, vty, &[("strides", s)])
    } else {
        b.val("vector.load", &a.operands, vty, &[])
    }
}

/// `tpu.vector_store %base[%indices], %v [masked %m] {[add = true,]
/// strides = array<i32>}`.
fn vector_store<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    v: Value<'c, 'a>,
    base: Value<'c, 'a>,
    indices: &[Value<'c, 'a>],
    mask: Option<Value<'c, 'a>>,
    add: bool,
) {
    let mut operands = Vec::with_capacity(3 + indices.len());
    operands.push(v);
    operands.push(base);
    operands.extend_from_slice(indices);
    operands.extend(mask);
    let seg = b.dense_i32_attr(&[1, 1, indices.len() as i32, mask.is_some() as i32]);
    let strides = ("strides", b.attr("array<i32>"));
    let segments = ("operandSegmentSizes", seg);
    if add {
        let attrs = [strides, segments, ("add", b.attr("true"))];
        b.op("tpu.vector_store", &operands, &[], &attrs);
    } else {
        b.op("tpu.vector_store", &operands, &[], &[strides, segments]);
    }
}

/// `tpu.vector_load %base[%indices] [masked %m] {strides = array<i32>}` of
/// the whole window (SparseCore), as `vty`.
fn sc_vector_load<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    a: &Access<'c, 'a>,
    vty: Type<'c>,
    mask: Option<Value<'c, 'a>>,
) -> Value<'c, 'a> {
    let mut operands = Vec::with_capacity(a.operands.len() + 1);
    operands.extend_from_slice(&a.operands);
    operands.extend(mask);
    let seg = b.dense_i32_attr(&[1, a.indices().len() as i32, mask.is_some() as i32]);
    b.val(
        "tpu.vector_load",
        &operands,
        vty,
        &[
            ("strides", b.attr("array<i32>")),
            ("operandSegmentSizes", seg),
        ],
    )
}

/// A SparseCore store or swap, as JAX emits it: the old window is read
/// (masked like the store), both values are reshaped between the window
/// and the value's shape, and the store accumulates with `{add}`.
fn sc_write<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    ix: &Indexer,
    ops: &StoreOperands<'_, 'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let a = access(b, ops.r, ix, ops.indices)?;
    if a.smem {
        // As it always was: the scalar store decodes the access again.
        return write(b, ix, ops);
    }
    let vty = ops.value.r#type();
    let wty = a.window_type(vty);
    let old = sc_vector_load(b, &a, wty, ops.mask);
    let old = b.val("vector.shape_cast", &[old], a.value_type(vty), &[]);
    let new = b.val("vector.shape_cast", &[from_bool(b, ops.value)], wty, &[]);
    let add = op.attribute("add").is_ok();
    vector_store(b, new, a.base(), a.indices(), ops.mask, add);
    Ok(to_bool(b, old, vty))
}

/// A store or swap on SMEM: reads the old scalar and writes `v`; returns
/// the old value (in the type of `v`).
fn write_smem<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    a: &Access<'c, 'a>,
    v: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let old = b.val("memref.load", &a.operands, a.elem, &[]);
    let old = to_bool(b, old, v.r#type());
    let mut operands = Vec::with_capacity(1 + a.operands.len());
    operands.push(from_bool(b, v));
    operands.extend_from_slice(&a.operands);
    b.op("memref.store", &operands, &[], &[]);
    Ok(old)
}

/// A store or swap: reads the old window, writes the value, returns the
/// old value (in the type of the value).
fn write<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ix: &Indexer,
    ops: &StoreOperands<'_, 'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let v = ops.value;
    let vty = v.r#type();
    let a = access(b, ops.r, ix, ops.indices)?;
    if a.smem {
        return write_smem(b, &a, v);
    }
    let wty = a.window_type(vty);
    let mut old = read_window(b, &a, wty);
    let mut new = from_bool(b, v);
    let mut mask = ops.mask;
    if !a.has_shape_of(vty) {
        // Integer-indexed or squeezed dims: the value lacks them.
        old = b.val("vector.shape_cast", &[old], a.value_type(vty), &[]);
        new = b.val("vector.shape_cast", &[new], wty, &[]);
        if let Some(m) = mask {
            let mt = ir::vector_type(&a.shape, b.ty("i1"));
            mask = Some(b.val("vector.shape_cast", &[m], mt, &[]));
        }
    }
    let old = to_bool(b, old, vty);
    if a.strided() {
        if mask.is_some() {
            return Err("masked swap with strided store".into());
        }
        let mut operands = Vec::with_capacity(1 + a.operands.len());
        operands.push(new);
        operands.extend_from_slice(&a.operands);
        let s = b.dense_i32_attr(&a.i32_strides());
        b.op("tpu.strided_store", &operands, &[], &[("strides", s)]);
    } else {
        vector_store(b, new, a.base(), a.indices(), mask, false);
    }
    Ok(old)
}

/// `memref.subview` -> `tpu.memref_slice` (+ `tpu.memref_squeeze`).
fn slice_ref<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    operands: &[Value<'c, 'a>],
) -> Result<Value<'c, 'a>, String> {
    let offsets = dense_i64(op.attribute("static_offsets").map_err(|e| e.to_string())?);
    let sizes = dense_i64(op.attribute("static_sizes").map_err(|e| e.to_string())?);
    let strides = dense_i64(op.attribute("static_strides").map_err(|e| e.to_string())?);
    // A dynamic stride is a DYNAMIC static stride too.
    if strides.iter().any(|s| *s != 1) {
        return Err("Strided slices of references are unsupported.".into());
    }
    // source, offsets, sizes (strides are static): one operand per
    // dynamic entry, as the subview's verifier holds them.
    let (src, dynamic) = operands
        .split_first()
        .ok_or("memref.subview without a source")?;
    let src = *src;
    let n_offsets = dynamic_count(&offsets);
    let (dyn_offsets, dyn_sizes) = dynamic.split_at(n_offsets.min(dynamic.len()));
    let result_ty = tpu_type(op.result(0).map_err(|e| e.to_string())?.r#type());
    let view_rank = offsets.len();
    let squeeze = window_squeeze(src);
    let base = squeeze.as_ref().map_or(src, |(arg, _)| *arg);
    let n = squeeze
        .as_ref()
        .map_or(view_rank, |(_, dropped)| dropped.len());
    // The dims the subview itself drops (rank-reducing subview).
    let dropped = ir::with_shape(result_ty, |kept| dropped_dims(&sizes, kept))
        .ok_or("cannot tell which dims the subview drops")?;
    let mut dyn_offsets = dyn_offsets.iter();
    let mut dyn_sizes = dyn_sizes.iter();
    let mut view_dims = 0..view_rank;
    // The source, then the starts; the dynamic sizes follow them.
    let mut ops = Vec::with_capacity(1 + n);
    ops.push(base);
    let mut dynamic_sizes = vec![];
    let mut slice_shape = Vec::with_capacity(n);
    let mut drops = false;
    for dim in 0..n {
        if squeeze.as_ref().is_some_and(|(_, sq)| sq[dim]) {
            ops.push(b.ci32(0));
            slice_shape.push(1);
            drops = true;
            continue;
        }
        let d = view_dims.next().ok_or("squeezed view has too many dims")?;
        ops.push(if offsets[d] == DYNAMIC {
            as_i32(b, *dyn_offsets.next().ok_or("missing dynamic offset")?)
        } else {
            b.ci32(offsets[d])
        });
        if sizes[d] == DYNAMIC {
            dynamic_sizes.push(as_i32(b, *dyn_sizes.next().ok_or("missing dynamic size")?));
        }
        slice_shape.push(sizes[d]);
        drops |= dropped[d];
    }
    let space = space_attr_of(base.r#type()).ok_or("slice of a ref with no TPU memory space")?;
    let slice_ty = tpu_types::memref_type(&slice_shape, element_type(base.r#type()), space);
    let n_starts = ops.len() - 1;
    ops.extend_from_slice(&dynamic_sizes);
    let seg = b.dense_i32_attr(&[1, n_starts as i32, dynamic_sizes.len() as i32]);
    let slice = b.val(
        "tpu.memref_slice",
        &ops,
        slice_ty,
        &[("operandSegmentSizes", seg)],
    );
    if !drops {
        return Ok(slice);
    }
    Ok(b.val("tpu.memref_squeeze", &[slice], result_ty, &[]))
}

/// The `#tpu` semaphore ref of one element of `sem` (a semaphore array and
/// its indices): `tpu.memref_slice` to a 1x..x1 ref, then
/// `tpu.memref_squeeze` to rank 0, as JAX's ref transforms do.
pub(super) fn sem_element<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    sem: Value<'c, 'a>,
    indices: &[Value<'c, 'a>],
) -> Result<Value<'c, 'a>, String> {
    if indices.is_empty() {
        return Ok(sem);
    }
    let ty = sem.r#type();
    let space = space_attr_of(ty).ok_or("semaphore without a TPU memory space")?;
    let elem = element_type(ty);
    let mut ops = Vec::with_capacity(1 + indices.len());
    ops.push(sem);
    ops.extend(indices.iter().map(|i| as_i32(b, *i)));
    let ones = vec![1; indices.len()];
    let slice_ty = tpu_types::memref_type(&ones, elem, space);
    let seg = b.dense_i32_attr(&[1, indices.len() as i32, 0]);
    let slice = b.val(
        "tpu.memref_slice",
        &ops,
        slice_ty,
        &[("operandSegmentSizes", seg)],
    );
    let scalar_ty = tpu_types::memref_type(&[], elem, space);
    Ok(b.val("tpu.memref_squeeze", &[slice], scalar_ty, &[]))
}

/// Whether a ref type holds bools (`i1`, stored as `i32`).
pub(super) fn is_bool_ref(ty: Type) -> bool {
    is_memref(ty) && is_i1(element_type(ty))
}
