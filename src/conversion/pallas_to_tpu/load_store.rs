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
use crate::conversion::common::builder::{dense_i64, indexer, segments, value, B, DYNAMIC};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{self, element_type, is_memref, is_vector, memref_shape, tpu_types};

/// `sparsecore`: the refs of SparseCore kernels, whose vector accesses are
/// `tpu.vector_load` / `tpu.vector_store` of the whole window followed by
/// (preceded by) a `vector.shape_cast` to (from) the value's shape, and
/// whose masks select lanes to expand / compress rather than to keep.
pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter, sparsecore: bool) {
    set.add("pallas.load", Some(tc), move |op, operands, rw| {
        // ref, indices, mask, other
        let seg = segments(&op, operands);
        let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let b = B::new(rw, op.location());
        let a = access(&b, &op, seg[0][0], &seg[1])?;
        let v = if a.smem {
            let v = b.val("memref.load", &a.operands(), a.elem, &[]);
            to_bool(&b, v, ty)
        } else if sparsecore {
            let v = sc_vector_load(&b, &a, seg[2].first().copied());
            let t = ir::vector_type(&shape_of(ty), a.elem);
            let v = b.val("vector.shape_cast", &[v], t, &[]);
            to_bool(&b, v, ty)
        } else {
            let v = read_window(&b, &a)?;
            let v = if memref_shape(v.r#type()) == shape_of(ty) {
                v
            } else if is_vector(ty) {
                let t = ir::vector_type(&shape_of(ty), a.elem);
                b.val("vector.shape_cast", &[v], t, &[])
            } else {
                // A scalar read from VMEM: the 1x..x1 window's only element.
                let pos = b.dense_i64_attr(&vec![0; a.indices.len()]);
                b.val("vector.extract", &[v], a.elem, &[("static_position", pos)])
            };
            to_bool(&b, v, ty)
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    for (name, returns_old) in [("pallas.store", false), ("pallas.swap", true)] {
        set.add(name, Some(tc), move |op, operands, rw| {
            // value, ref, indices, mask
            let seg = segments(&op, operands);
            let b = B::new(rw, op.location());
            let (v, r, idx, mask) = (seg[0][0], seg[1][0], &seg[2], seg[3].first().copied());
            let old = if sparsecore {
                sc_write(&b, &op, v, r, idx, mask)?
            } else {
                write(&b, &op, v, r, idx, mask)?
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
    let seg = op_values(op);
    let r = seg[0][0];
    if !seg[2].is_empty() {
        // JAX 0.10.2 raises a bare NotImplementedError for a masked pl.load
        // on TensorCore; Mosaic has no masked vector load there.
        return Err(
            "Masked loads are not supported on TPU (JAX raises NotImplementedError for pl.load with a mask); load without the mask and select with arith.select".into(),
        );
    }
    let space = value_space_keyword(r);
    if space != Some("smem") && block_rank(r) == 0 {
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
    let seg = op_values(op);
    let (value, r) = (seg[0][0].r#type(), seg[1][0]);
    let mask = seg[3].first().map(|m| m.r#type());
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
    if space != Some("smem") && block_rank(r) == 0 {
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
    let seg = op_values(op);
    let strides = op
        .attribute("static_strides")
        .map(dense_i64)
        .unwrap_or_default();
    if !seg.get(3).map(|s| s.is_empty()).unwrap_or(true) || strides.iter().any(|s| *s != 1) {
        return Err("Strided slices of references are unsupported.".into());
    }
    let src = seg[0][0];
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

/// The operands of `op` split into its ODS segments.
fn op_values<'c, 'a>(op: &OperationRef<'c, 'a>) -> Vec<Vec<Value<'c, 'a>>> {
    let vals: Vec<Value<'c, 'a>> = op.operands().collect();
    segments(op, &vals)
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
pub(super) fn space_of(ty: Type) -> Option<String> {
    space_keyword_of(ty).map(str::to_string)
}

/// [`space_of`] without the allocation.
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

/// What an indexed access touches in memory.
struct Access<'c, 'a> {
    base: Value<'c, 'a>,
    /// One `index` per dim of `base`.
    indices: Vec<Value<'c, 'a>>,
    /// The window read or written: the indexer's sizes, 1 for
    /// integer-indexed and squeezed dims.
    shape: Vec<i64>,
    strides: Vec<i64>,
    /// The memory element type (`i32` for bools).
    elem: Type<'c>,
    smem: bool,
}

impl<'c, 'a> Access<'c, 'a> {
    fn strided(&self) -> bool {
        self.strides.iter().any(|s| *s != 1)
    }

    fn operands(&self) -> Vec<Value<'c, 'a>> {
        let mut v = vec![self.base];
        v.extend(self.indices.iter().copied());
        v
    }

    fn vector_type(&self) -> Type<'c> {
        ir::vector_type(&self.shape, self.elem)
    }
}

/// Decodes the indexer of `op` on the (converted) ref `r`.
fn access<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    r: Value<'c, 'a>,
    dyn_idx: &[Value<'c, 'a>],
) -> Result<Access<'c, 'a>, String> {
    let r = refs::for_use(b, r, false);
    let view_shape = memref_shape(r.r#type());
    let rank = view_shape.len();
    let (starts, sizes, strides) = indexer(op, &view_shape)?;
    let (base, squeezed) = window_squeeze(r).unwrap_or_else(|| (r, vec![false; rank]));
    let mut dynamic = dyn_idx.iter();
    let mut view_dims = 0..rank;
    let n = squeezed.len();
    let mut a = Access {
        base,
        indices: Vec::with_capacity(n),
        shape: Vec::with_capacity(n),
        strides: Vec::with_capacity(n),
        elem: element_type(base.r#type()),
        smem: space_keyword_of(base.r#type()) == Some("smem"),
    };
    for sq in squeezed {
        if sq {
            a.indices.push(b.cidx(0));
            a.shape.push(1);
            a.strides.push(1);
            continue;
        }
        let d = view_dims.next().ok_or("squeezed view has too many dims")?;
        a.indices.push(if starts[d] == DYNAMIC {
            *dynamic.next().ok_or("missing dynamic index")?
        } else {
            b.cidx(starts[d])
        });
        a.shape.push(if sizes[d] == -1 { 1 } else { sizes[d] });
        a.strides.push(strides[d]);
    }
    Ok(a)
}

/// Reads the window of `a` from VMEM as `vector<a.shape x a.elem>`.
fn read_window<'c, 'a>(b: &B<'_, 'c, 'a>, a: &Access<'c, 'a>) -> Result<Value<'c, 'a>, String> {
    let vty = a.vector_type();
    Ok(if a.strided() {
        let s = b.dense_i32_attr(&a.strides.iter().map(|&x| x as i32).collect::<Vec<_>>());
        b.val("tpu.strided_load", &a.operands(), vty, &[("strides", s)])
    } else {
        b.val("vector.load", &a.operands(), vty, &[])
    })
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
    let mut operands = vec![v, base];
    operands.extend_from_slice(indices);
    operands.extend(mask);
    let seg = b.dense_i32_attr(&[1, 1, indices.len() as i32, mask.is_some() as i32]);
    let mut attrs = vec![
        ("strides", b.attr("array<i32>")),
        ("operandSegmentSizes", seg),
    ];
    if add {
        attrs.push(("add", b.attr("true")));
    }
    b.op("tpu.vector_store", &operands, &[], &attrs);
}

/// `tpu.vector_load %base[%indices] [masked %m] {strides = array<i32>}` of
/// the whole window (SparseCore).
fn sc_vector_load<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    a: &Access<'c, 'a>,
    mask: Option<Value<'c, 'a>>,
) -> Value<'c, 'a> {
    let mut operands = a.operands();
    operands.extend(mask);
    let seg = b.dense_i32_attr(&[1, a.indices.len() as i32, mask.is_some() as i32]);
    b.val(
        "tpu.vector_load",
        &operands,
        a.vector_type(),
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
    v: Value<'c, 'a>,
    r: Value<'c, 'a>,
    idx: &[Value<'c, 'a>],
    mask: Option<Value<'c, 'a>>,
) -> Result<Value<'c, 'a>, String> {
    let a = access(b, op, r, idx)?;
    if a.smem {
        return write(b, op, v, r, idx, mask);
    }
    let vty = v.r#type();
    let old = sc_vector_load(b, &a, mask);
    let old = b.val(
        "vector.shape_cast",
        &[old],
        ir::vector_type(&shape_of(vty), a.elem),
        &[],
    );
    let new = b.val(
        "vector.shape_cast",
        &[from_bool(b, v)],
        a.vector_type(),
        &[],
    );
    let add = op.attribute("add").is_ok();
    vector_store(b, new, a.base, &a.indices, mask, add);
    Ok(to_bool(b, old, vty))
}

/// A store or swap: reads the old window, writes `v`, returns the old value
/// (in the type of `v`).
fn write<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
    r: Value<'c, 'a>,
    idx: &[Value<'c, 'a>],
    mask: Option<Value<'c, 'a>>,
) -> Result<Value<'c, 'a>, String> {
    let vty = v.r#type();
    let a = access(b, op, r, idx)?;
    if a.smem {
        let old = b.val("memref.load", &a.operands(), a.elem, &[]);
        let old = to_bool(b, old, vty);
        let mut operands = vec![from_bool(b, v)];
        operands.extend(a.operands());
        b.op("memref.store", &operands, &[], &[]);
        return Ok(old);
    }
    let mut old = read_window(b, &a)?;
    let mut new = from_bool(b, v);
    let mut mask = mask;
    if a.shape != shape_of(vty) {
        // Integer-indexed or squeezed dims: the value lacks them.
        let t = ir::vector_type(&shape_of(vty), a.elem);
        old = b.val("vector.shape_cast", &[old], t, &[]);
        new = b.val("vector.shape_cast", &[new], a.vector_type(), &[]);
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
        let mut operands = vec![new, a.base];
        operands.extend(a.indices.iter().copied());
        let s = b.dense_i32_attr(&a.strides.iter().map(|&x| x as i32).collect::<Vec<_>>());
        b.op("tpu.strided_store", &operands, &[], &[("strides", s)]);
    } else {
        vector_store(b, new, a.base, &a.indices, mask, false);
    }
    Ok(old)
}

/// `memref.subview` -> `tpu.memref_slice` (+ `tpu.memref_squeeze`).
fn slice_ref<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    operands: &[Value<'c, 'a>],
) -> Result<Value<'c, 'a>, String> {
    // source, offsets, sizes, strides
    let seg = segments(op, operands);
    if seg.len() != 4 || !seg[3].is_empty() {
        return Err("Strided slices of references are unsupported.".into());
    }
    let src = seg[0][0];
    let offsets = dense_i64(op.attribute("static_offsets").map_err(|e| e.to_string())?);
    let sizes = dense_i64(op.attribute("static_sizes").map_err(|e| e.to_string())?);
    let strides = dense_i64(op.attribute("static_strides").map_err(|e| e.to_string())?);
    if strides.iter().any(|s| *s != 1) {
        return Err("Strided slices of references are unsupported.".into());
    }
    let result_ty = tpu_type(op.result(0).map_err(|e| e.to_string())?.r#type());
    let view_rank = offsets.len();
    let (base, squeezed) = window_squeeze(src).unwrap_or_else(|| (src, vec![false; view_rank]));
    // The dims the subview itself drops (rank-reducing subview).
    let dropped = dropped_dims(&sizes, &memref_shape(result_ty))
        .ok_or("cannot tell which dims the subview drops")?;
    let mut dyn_offsets = seg[1].iter();
    let mut dyn_sizes = seg[2].iter();
    let mut view_dims = 0..view_rank;
    let mut starts = vec![];
    let mut dynamic_sizes = vec![];
    let mut slice_shape = vec![];
    let mut drop = vec![];
    for sq in squeezed {
        if sq {
            starts.push(b.ci32(0));
            slice_shape.push(1);
            drop.push(true);
            continue;
        }
        let d = view_dims.next().ok_or("squeezed view has too many dims")?;
        starts.push(if offsets[d] == DYNAMIC {
            as_i32(b, *dyn_offsets.next().ok_or("missing dynamic offset")?)
        } else {
            b.ci32(offsets[d])
        });
        if sizes[d] == DYNAMIC {
            dynamic_sizes.push(as_i32(b, *dyn_sizes.next().ok_or("missing dynamic size")?));
        }
        slice_shape.push(sizes[d]);
        drop.push(dropped[d]);
    }
    let space = space_attr_of(base.r#type()).ok_or("slice of a ref with no TPU memory space")?;
    let slice_ty = tpu_types::memref_type(&slice_shape, element_type(base.r#type()), space);
    let mut ops = vec![base];
    ops.extend(starts.iter().copied());
    ops.extend(dynamic_sizes.iter().copied());
    let seg = b.dense_i32_attr(&[1, starts.len() as i32, dynamic_sizes.len() as i32]);
    let slice = b.val(
        "tpu.memref_slice",
        &ops,
        slice_ty,
        &[("operandSegmentSizes", seg)],
    );
    if !drop.iter().any(|d| *d) {
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
    let starts: Vec<Value> = indices.iter().map(|i| as_i32(b, *i)).collect();
    let ones = vec![1; indices.len()];
    let slice_ty = tpu_types::memref_type(&ones, elem, space);
    let mut ops = vec![sem];
    ops.extend(starts.iter().copied());
    let seg = b.dense_i32_attr(&[1, starts.len() as i32, 0]);
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
