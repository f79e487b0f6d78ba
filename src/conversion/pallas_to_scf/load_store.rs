//! `pallas.load` / `pallas.store` / `pallas.swap` -> `vector.transfer_*`
//! (through a strided `memref.subview` when the indexer has strides), or
//! `memref.load` / `memref.store` for scalars. The SparseCore `{expand}`
//! load and `{compress}` / `{add}` stores read the window whole and go
//! through [`super::sparsecore`].

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{
    identity_map, indexer, projection_map, segments, Ofr, B, DYNAMIC,
};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{is_vector, memref_shape};

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.load", Some(tc), |op, operands, rw| {
        let seg = segments(&op, operands);
        let (r, idx, mask, other) = (
            seg[0][0],
            &seg[1],
            seg[2].first().copied(),
            seg[3].first().copied(),
        );
        let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let b = B::new(rw, op.location());
        if let (true, Some(m)) = (op.attribute("expand").is_ok(), mask) {
            let window = read(&b, &op, r, idx, None, ty)?;
            let v = super::sparsecore::expand(&b, window, m)?;
            rw.replace_op(&op, &[v]);
            return Ok(());
        }
        let v = read(&b, &op, r, idx, mask, ty)?;
        let v = match (mask, other) {
            (Some(m), Some(o)) => b.val("arith.select", &[m, v, o], ty, &[]),
            _ => v,
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.store", Some(tc), |op, operands, rw| {
        let seg = segments(&op, operands);
        let (v, r, idx, mask) = (seg[0][0], seg[1][0], &seg[2], seg[3].first().copied());
        let b = B::new(rw, op.location());
        match (op.attribute("compress").is_ok(), mask) {
            (true, Some(m)) => {
                let old = read(&b, &op, r, idx, None, v.r#type())?;
                let new = super::sparsecore::compress(&b, v, m, old)?;
                write(&b, &op, new, r, idx, None)?;
            }
            _ if op.attribute("add").is_ok() => {
                let old = read(&b, &op, r, idx, mask, v.r#type())?;
                let elem = crate::ir::element_type(v.r#type());
                let new = super::sparsecore::plus(&b, elem, old, v);
                write(&b, &op, new, r, idx, mask)?;
            }
            _ => write(&b, &op, v, r, idx, mask)?,
        }
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.swap", Some(tc), |op, operands, rw| {
        let seg = segments(&op, operands);
        let (v, r, idx, mask) = (seg[0][0], seg[1][0], &seg[2], seg[3].first().copied());
        let b = B::new(rw, op.location());
        let old = read(&b, &op, r, idx, mask, v.r#type())?;
        write(&b, &op, v, r, idx, mask)?;
        rw.replace_op(&op, &[old]);
        Ok(())
    });
}

/// What the CPU reference rejects before anything is rewritten: a masked
/// vector access to a ref of `i1` (see [`is_bool_ref`]; its unmasked form
/// goes element by element, as do `{expand}` / `{compress}`), a form
/// neither the TPU nor the SparseCore lowering takes.
pub fn check(op: &OperationRef) -> Result<(), String> {
    let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
    // (ref operand, mask segment, how the message names the access)
    let (ref_at, mask_seg, what) = match name.as_str() {
        "pallas.load" => (0, 2, "load from"),
        "pallas.store" => (1, 3, "store to"),
        "pallas.swap" => (1, 3, "swap on"),
        _ => return Ok(()),
    };
    let seg = op
        .attribute("operandSegmentSizes")
        .map(crate::conversion::common::builder::dense_i32)
        .unwrap_or_default();
    if seg.get(mask_seg).copied().unwrap_or(0) == 0 {
        return Ok(());
    }
    // The SparseCore `{expand}` load and `{compress}` store read and write
    // the window whole (unmasked) and move lanes in a buffer.
    let whole = match name.as_str() {
        "pallas.load" => "expand",
        _ => "compress",
    };
    if op.attribute(whole).is_ok() {
        return Ok(());
    }
    let r = op.operand(ref_at).map_err(|e| e.to_string())?;
    let elem = crate::ir::element_type(r.r#type());
    if crate::ir::bit_width(elem).is_some_and(|w| w < 8) {
        return Err(format!(
            "not yet supported: a masked vector {what} a ref of {elem}"
        ));
    }
    Ok(())
}

/// The access an indexer describes: the base to index (a strided subview
/// when needed), its indices, and the dims kept in the value.
struct Access<'c, 'a> {
    base: Value<'c, 'a>,
    indices: Vec<Value<'c, 'a>>,
    kept: Vec<usize>,
    scalar: bool,
}

fn access<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    r: Value<'c, 'a>,
    dyn_idx: &[Value<'c, 'a>],
    value_ty: Type<'c>,
) -> Result<Access<'c, 'a>, String> {
    let shape = memref_shape(r.r#type());
    let rank = shape.len();
    let (starts, sizes, strides) = indexer(op, &shape)?;
    let mut next = dyn_idx.iter();
    let mut indices = vec![];
    for s in &starts {
        indices.push(if *s == DYNAMIC {
            *next.next().ok_or("missing dynamic index")?
        } else {
            b.cidx(*s)
        });
    }
    let kept: Vec<usize> = (0..rank).filter(|d| sizes[*d] != -1).collect();
    let scalar = !is_vector(value_ty);
    if scalar {
        if !kept.is_empty() {
            return Err("not yet supported: a scalar access through a non-scalar indexer".into());
        }
        return Ok(Access {
            base: r,
            indices,
            kept,
            scalar,
        });
    }
    let vshape = memref_shape(value_ty);
    let window: Vec<i64> = kept.iter().map(|d| sizes[*d]).collect();
    if vshape != window {
        return Err(format!("not yet supported: a vector of shape {vshape:?} for an indexer window of shape {window:?}"));
    }
    if strides.iter().all(|s| *s == 1) {
        return Ok(Access {
            base: r,
            indices,
            kept,
            scalar,
        });
    }
    let offsets: Vec<Ofr> = indices.iter().map(|v| Ofr::Dynamic(*v)).collect();
    let sub_sizes: Vec<Ofr> = sizes
        .iter()
        .map(|s| Ofr::Static(if *s == -1 { 1 } else { *s }))
        .collect();
    let base = b.subview(r, &offsets, &sub_sizes, &strides, &vec![false; rank]);
    let zero = b.cidx(0);
    Ok(Access {
        base,
        indices: vec![zero; rank],
        kept,
        scalar,
    })
}

fn read<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    r: Value<'c, 'a>,
    idx: &[Value<'c, 'a>],
    mask: Option<Value<'c, 'a>>,
    ty: Type<'c>,
) -> Result<Value<'c, 'a>, String> {
    let a = access(b, op, r, idx, ty)?;
    if !a.scalar && is_bool_ref(b, r) {
        if mask.is_some() {
            return Err(
                "not yet supported: a masked vector load from a ref of a sub-byte type".into(),
            );
        }
        return Ok(read_bools(b, &a, ty));
    }
    if let Some(stored) = signed_storage(b, r, ty) {
        // Read the ref's own (signed or unsigned) integers, then reinterpret
        // them as the signless values the kernel computes with.
        return Ok(if a.scalar {
            let mut operands = vec![a.base];
            operands.extend(a.indices);
            let one = b.val("vector.load", &operands, stored, &[]);
            let lane = b.val("vector.bitcast", &[one], b.vector(&[1], ty), &[]);
            b.extract(lane, 0)
        } else {
            let rank = a.indices.len();
            let pad = b.val("ub.poison", &[], crate::ir::element_type(stored), &[]);
            let mut operands = vec![a.base];
            operands.extend(a.indices);
            operands.push(pad);
            operands.extend(mask);
            let raw = b.transfer_read(
                &operands,
                rank,
                &projection_map(rank, &a.kept),
                mask.is_some(),
                stored,
            );
            b.val("vector.bitcast", &[raw], ty, &[])
        });
    }
    if a.scalar {
        let mut operands = vec![a.base];
        operands.extend(a.indices);
        return Ok(b.val("memref.load", &operands, ty, &[]));
    }
    let rank = a.indices.len();
    let pad = b.zero(crate::ir::element_type(ty));
    let mut operands = vec![a.base];
    operands.extend(a.indices);
    operands.push(pad);
    operands.extend(mask);
    Ok(b.transfer_read(
        &operands,
        rank,
        &projection_map(rank, &a.kept),
        mask.is_some(),
        ty,
    ))
}

/// LLVM packs a vector of `i1` (or of any type narrower than a byte: `i4`,
/// `f4E2M1FN`, `f6E3M2FN`, ...) into bits, while a memref's elements of
/// such a type are bytes (what `memref.load`/`memref.store` and the host's
/// copies use): a vector transfer on such a ref would read or write the
/// wrong bits. So vector accesses to such refs go element by element,
/// through an `i8` buffer holding the vector.
fn is_bool_ref<'c>(_b: &B<'_, 'c, '_>, r: Value<'c, '_>) -> bool {
    crate::ir::bit_width(crate::ir::element_type(r.r#type())).is_some_and(|w| w < 8)
}

/// A scalar of a sub-byte type as the signless integer of its width
/// (floats are bitcast), and back.
fn sub_byte_int<'c>(b: &B<'_, 'c, '_>, elem: Type<'c>) -> Type<'c> {
    let w = crate::ir::bit_width(elem).unwrap_or(1);
    b.ty(&format!("i{w}"))
}

/// Loops over the window of `a` (shape `shape`); calls `body` with the ref
/// indices and the buffer indices of each element, inside the loops, and
/// leaves the insertion point after them.
fn each_element<'c: 'a, 'a>(
    b: &B<'_, 'c, 'a>,
    a: &Access<'c, 'a>,
    shape: &[i64],
    body: impl FnOnce(&[Value<'c, 'a>], &[Value<'c, 'a>]),
) {
    let zero = b.cidx(0);
    let mut ivs = vec![];
    let mut outer = None;
    for &d in shape {
        let (iv, yield_op) = b.for_loop(zero, b.cidx(d));
        b.rw.set_insertion_point_before(&yield_op);
        outer.get_or_insert(yield_op);
        ivs.push(iv);
    }
    let mut at = a.indices.clone();
    for (k, d) in a.kept.iter().enumerate() {
        at[*d] = b.add(a.indices[*d], ivs[k]);
    }
    body(&at, &ivs);
    if let Some(loop_op) = outer.and_then(|y| y.parent_operation()) {
        b.rw.set_insertion_point_after(&loop_op);
    }
}

fn read_bools<'c: 'a, 'a>(b: &B<'_, 'c, 'a>, a: &Access<'c, 'a>, ty: Type<'c>) -> Value<'c, 'a> {
    let shape = memref_shape(ty);
    let i8 = b.ty("i8");
    let elem = crate::ir::element_type(ty);
    let int = sub_byte_int(b, elem);
    let buf = b.alloc(b.memref(&shape, i8));
    each_element(b, a, &shape, |at, ivs| {
        let mut operands = vec![a.base];
        operands.extend_from_slice(at);
        let bits = b.val("memref.load", &operands, elem, &[]);
        let bits = if elem == int {
            bits
        } else {
            b.val("arith.bitcast", &[bits], int, &[])
        };
        let byte = b.val("arith.extui", &[bits], i8, &[]);
        let mut operands = vec![byte, buf];
        operands.extend_from_slice(ivs);
        b.op("memref.store", &operands, &[], &[]);
    });
    let rank = shape.len();
    let mut operands = vec![buf];
    operands.extend(shape.iter().map(|_| b.cidx(0)));
    operands.push(b.zero(i8));
    let bytes = b.transfer_read(
        &operands,
        rank,
        &identity_map(rank),
        false,
        b.vector(&shape, i8),
    );
    b.op("memref.dealloc", &[buf], &[], &[]);
    let ints = b.val("arith.trunci", &[bytes], b.vector(&shape, int), &[]);
    if elem == int {
        ints
    } else {
        b.val("arith.bitcast", &[ints], ty, &[])
    }
}

fn write_bools<'c: 'a, 'a>(b: &B<'_, 'c, 'a>, a: &Access<'c, 'a>, v: Value<'c, 'a>) {
    let shape = memref_shape(v.r#type());
    let i8 = b.ty("i8");
    let elem = crate::ir::element_type(v.r#type());
    let int = sub_byte_int(b, elem);
    let buf = b.alloc(b.memref(&shape, i8));
    let ints = if elem == int {
        v
    } else {
        b.val("arith.bitcast", &[v], b.vector(&shape, int), &[])
    };
    let bytes = b.val("arith.extui", &[ints], b.vector(&shape, i8), &[]);
    let rank = shape.len();
    let mut operands = vec![bytes, buf];
    operands.extend(shape.iter().map(|_| b.cidx(0)));
    b.transfer_write(&operands, rank, &identity_map(rank), false);
    each_element(b, a, &shape, |at, ivs| {
        let mut operands = vec![buf];
        operands.extend_from_slice(ivs);
        let byte = b.val("memref.load", &operands, i8, &[]);
        let bits = b.val("arith.trunci", &[byte], int, &[]);
        let bits = if elem == int {
            bits
        } else {
            b.val("arith.bitcast", &[bits], elem, &[])
        };
        let mut operands = vec![bits, a.base];
        operands.extend_from_slice(at);
        b.op("memref.store", &operands, &[], &[]);
    });
    b.op("memref.dealloc", &[buf], &[], &[]);
}

/// For a ref of signed or unsigned integers accessed with signless values
/// of type `value_ty`: the type the ref's own elements are read and written
/// as (a one-lane vector for a scalar, as `vector.bitcast` works on vectors).
fn signed_storage<'c>(b: &B<'_, 'c, '_>, r: Value<'c, '_>, value_ty: Type<'c>) -> Option<Type<'c>> {
    let stored = crate::ir::element_type(r.r#type());
    let value_elem = if is_vector(value_ty) {
        crate::ir::element_type(value_ty)
    } else {
        value_ty
    };
    if stored == value_elem {
        return None;
    }
    let shape = if is_vector(value_ty) {
        memref_shape(value_ty)
    } else {
        vec![1]
    };
    Some(b.vector(&shape, stored))
}

fn write<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
    r: Value<'c, 'a>,
    idx: &[Value<'c, 'a>],
    mask: Option<Value<'c, 'a>>,
) -> Result<(), String> {
    let a = access(b, op, r, idx, v.r#type())?;
    if !a.scalar && is_bool_ref(b, r) {
        if mask.is_some() {
            return Err(
                "not yet supported: a masked vector store to a ref of a sub-byte type".into(),
            );
        }
        write_bools(b, &a, v);
        return Ok(());
    }
    let v = match signed_storage(b, r, v.r#type()) {
        Some(stored) if a.scalar => {
            let lane = b.val("vector.broadcast", &[v], b.vector(&[1], v.r#type()), &[]);
            let raw = b.val("vector.bitcast", &[lane], stored, &[]);
            let mut operands = vec![raw, a.base];
            operands.extend(a.indices);
            b.op("vector.store", &operands, &[], &[]);
            return Ok(());
        }
        Some(stored) => b.val("vector.bitcast", &[v], stored, &[]),
        None => v,
    };
    if a.scalar {
        let mut operands = vec![v, a.base];
        operands.extend(a.indices);
        b.op("memref.store", &operands, &[], &[]);
        return Ok(());
    }
    let rank = a.indices.len();
    let mut operands = vec![v, a.base];
    operands.extend(a.indices);
    operands.extend(mask);
    b.transfer_write(
        &operands,
        rank,
        &projection_map(rank, &a.kept),
        mask.is_some(),
    );
    Ok(())
}

/// Upstream `vector.load` / `vector.store` in kernels become in-bounds
/// `vector.transfer_read` / `transfer_write` over the minor dims of their
/// memref, which is what they mean (an access past the end is undefined
/// for both): the upstream LLVM lowering takes only 1-D `vector.load`s
/// (an n-D one is left in the output, which no LLVM translation knows),
/// and transfers are what `pallas-row-loops` splits into row loops.
/// Elements narrower than a byte keep their op (the CPU stores them
/// widened, see `cpu_type`).
pub fn upstream_accesses_as_transfers(module: &OperationRef) {
    let mut accesses = vec![];
    crate::ir::walk_nested(module, &mut |op| {
        if crate::ir::op_name_of(&op) == "pallas.kernel" {
            crate::ir::walk_nested(&op, &mut |inner| {
                let name = crate::ir::op_name_of(&inner);
                let vector_at = match name {
                    "vector.load" => crate::ir::result_at(&inner, 0),
                    "vector.store" => crate::ir::operand_at(&inner, 0),
                    _ => None,
                };
                let whole_bytes = |ty: Type| {
                    let elem = crate::ir::element_type(ty);
                    crate::ir::bit_width(elem).is_none_or(|w| w % 8 == 0)
                };
                if vector_at.is_some_and(|v| {
                    let ty = v.r#type();
                    !memref_shape(ty).is_empty() && whole_bytes(ty)
                }) {
                    accesses.push(inner);
                }
            });
        }
    });
    if accesses.is_empty() {
        return;
    }
    let rw = crate::ir::conversion::OwnedRewriter::new(module);
    for op in accesses {
        rw.set_insertion_point_before(&op);
        let b = B::new(&rw, op.location());
        let operands: Vec<Value> = op.operands().map(crate::ir::value).collect();
        if crate::ir::op_name_of(&op) == "vector.load" {
            let ty = op.result(0).expect("vector.load result").r#type();
            let memref_rank = operands.len() - 1;
            let rank = memref_shape(ty).len();
            let perm = projection_map(
                memref_rank,
                &(memref_rank - rank..memref_rank).collect::<Vec<_>>(),
            );
            let mut args = operands.clone();
            args.push(b.zero(crate::ir::element_type(ty)));
            let v = b.transfer_read(&args, memref_rank, &perm, false, ty);
            rw.replace_op(&op, &[v]);
        } else {
            let rank = memref_shape(operands[0].r#type()).len();
            let memref_rank = operands.len() - 2;
            let perm = projection_map(
                memref_rank,
                &(memref_rank - rank..memref_rank).collect::<Vec<_>>(),
            );
            b.transfer_write(&operands, memref_rank, &perm, false);
            rw.erase_op(&op);
        }
    }
}
