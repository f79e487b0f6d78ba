//! `pallas.load` / `pallas.store` / `pallas.swap` -> `vector.transfer_*`
//! (through a strided `memref.subview` when the indexer has strides), or
//! `memref.load` / `memref.store` for scalars.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{indexer, projection_map, segments, Ofr, B, DYNAMIC};
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
        write(&b, &op, v, r, idx, mask)?;
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

fn write<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
    r: Value<'c, 'a>,
    idx: &[Value<'c, 'a>],
    mask: Option<Value<'c, 'a>>,
) -> Result<(), String> {
    let a = access(b, op, r, idx, v.r#type())?;
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
