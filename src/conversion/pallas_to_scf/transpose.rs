//! `vector.transpose` of a 2-D tile (or a large one of any rank) -> the
//! tile written to a buffer, a loop nest copying it transposed into a
//! second buffer, and a read of that.
//!
//! The upstream vector lowering turns a 2-D transpose (and a transposing
//! `vector.transfer_read` alike) into one extract and one insert per element
//! (a 128x128 tile: 32768 LLVM ops); plain transfers become loops over the
//! rows (`convert-vector-to-scf`), so this form does not grow with the tile.

use melior::ir::operation::OperationLike;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{dense_i64, identity_map, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{element_type, memref_shape};

/// Whether the op is a transpose this file rewrites: rank 2, both dims
/// larger than one, or a large one with a unit dim (a reshape, see
/// [`is_reshape`]); or a large one of rank 3 or more ([`is_nd_transpose`]).
pub(super) fn is_tile_transpose(op: &melior::ir::operation::OperationRef) -> bool {
    is_nd_transpose(op) || is_2d_transpose(op)
}

/// A transpose of rank 3 or more of more than 4096 elements: the vector
/// lowering moves it element by element (64x128x128 did not finish in a
/// minute). Such a tile is written to a buffer and copied by a loop nest
/// over the result (in chunks of the last dim when it stays last).
fn is_nd_transpose(op: &melior::ir::operation::OperationRef) -> bool {
    crate::ir::operand_at(op, 0).is_some_and(|v| {
        let shape = memref_shape(v.r#type());
        shape.len() >= 3
            && shape.iter().product::<i64>() > 4096
            && crate::ir::bit_width(element_type(v.r#type())).is_none_or(|w| w >= 8)
    }) && op.attribute("permutation").is_ok()
}

fn is_2d_transpose(op: &melior::ir::operation::OperationRef) -> bool {
    op.operand_count() == 1
        && op
            .operand(0)
            .map(|v| {
                let shape = memref_shape(v.r#type());
                shape.len() == 2 && (shape.iter().all(|d| *d > 1) || is_reshape(op))
            })
            .unwrap_or(false)
        && op
            .attribute("permutation")
            .map(|p| dense_i64(p) == [1, 0])
            .unwrap_or(false)
}

/// A transpose with a unit dim moves no element: it is a shape cast, which
/// the vector lowering does compactly when small, and reshape.rs when large.
fn is_reshape(op: &melior::ir::operation::OperationRef) -> bool {
    super::reshape::is_large_reshape(op)
        && crate::ir::operand_at(op, 0).is_some_and(|v| memref_shape(v.r#type()).contains(&1))
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("vector.transpose", Some(tc), |op, operands, rw| {
        if !is_tile_transpose(&op) {
            return Err("not a 2-D tile transpose".into());
        }
        let b = B::new(rw, op.location());
        let v = operands[0];
        if is_nd_transpose(&op) {
            let perm: Vec<usize> =
                dense_i64(op.attribute("permutation").map_err(|e| e.to_string())?)
                    .iter()
                    .map(|p| *p as usize)
                    .collect();
            let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
            let t = permuted(&b, v, &perm, res_ty)?;
            rw.replace_op(&op, &[t]);
            return Ok(());
        }
        if is_reshape(&op) {
            let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
            let r = super::reshape::reshaped(&b, v, res_ty);
            rw.replace_op(&op, &[r]);
            return Ok(());
        }
        let elem = element_type(v.r#type());
        let dst = transposed_buffer(&b, v)?;
        let zero = b.cidx(0);
        let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let pad = b.zero(elem);
        let t = b.transfer_read(&[dst, zero, zero, pad], 2, &identity_map(2), false, res_ty);
        b.op("memref.dealloc", &[dst], &[], &[]);
        rw.replace_op(&op, &[t]);
        Ok(())
    });
}

/// Side of the square tiles the transposing copy goes by.
const TILE: i64 = 16;

/// A new buffer holding the transpose of the 2-D vector `v` (the caller
/// deallocates it): `v` is written to a scratch buffer and copied by a loop
/// nest.
pub(super) fn transposed_buffer<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    v: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let ty = v.r#type();
    let (shape, elem) = (memref_shape(ty), element_type(ty));
    let src = b.alloc(b.memref(&shape, elem));
    let dst = b.alloc(b.memref(&[shape[1], shape[0]], elem));
    let zero = b.cidx(0);
    b.transfer_write(&[v, src, zero, zero], 2, &identity_map(2), false);
    // In TILE x TILE tiles where both dims allow: a whole column of the
    // destination at once strides through memory so that its lines fall in
    // few cache sets (a 128-wide f32 tile: 512 bytes apart, 8 of L1's 64
    // sets), and every store missed L1.
    let tiled = shape.iter().all(|d| d % TILE == 0);
    let (rows, cols) = (b.cidx(shape[0]), b.cidx(shape[1]));
    let t = b.cidx(if tiled { TILE } else { 1 });
    let (i0, i0_end) = b.for_loop(zero, rows);
    let outer = i0_end.parent_operation().ok_or("scf.for without parent")?;
    crate::ir::set_operand(&outer, 2, t);
    b.rw.set_insertion_point_before(&i0_end);
    let (j0, j0_end) = b.for_loop(zero, cols);
    let middle = j0_end.parent_operation().ok_or("scf.for without parent")?;
    crate::ir::set_operand(&middle, 2, t);
    b.rw.set_insertion_point_before(&j0_end);
    let (i, j) = if tiled {
        let (i, i_end) = b.for_loop(i0, b.add(i0, t));
        b.rw.set_insertion_point_before(&i_end);
        let (j, j_end) = b.for_loop(j0, b.add(j0, t));
        b.rw.set_insertion_point_before(&j_end);
        (i, j)
    } else {
        (i0, j0)
    };
    let x = b.val("memref.load", &[src, i, j], elem, &[]);
    b.op("memref.store", &[x, dst, j, i], &[], &[]);
    b.rw.set_insertion_point_after(&outer);
    b.op("memref.dealloc", &[src], &[], &[]);
    Ok(dst)
}

/// `v` (rank 3 or more) transposed by `perm` (result dim `i` is source
/// dim `perm[i]`): written to a buffer, copied into another by loops over
/// the result's dims, read whole.
fn permuted<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    v: Value<'c, 'a>,
    perm: &[usize],
    res_ty: melior::ir::r#type::Type<'c>,
) -> Result<Value<'c, 'a>, String> {
    let (shape, elem) = (memref_shape(v.r#type()), element_type(v.r#type()));
    let out = memref_shape(res_ty);
    let rank = shape.len();
    let src = b.alloc(b.memref(&shape, elem));
    let dst = b.alloc(b.memref(&out, elem));
    let zero = b.cidx(0);
    let mut write = vec![v, src];
    write.extend(std::iter::repeat_n(zero, rank));
    b.transfer_write(&write, rank, &identity_map(rank), false);
    // With the last dim in place, whole chunks of it move at once.
    let chunks = perm[rank - 1] == rank - 1;
    let w = if chunks {
        crate::transforms::row_loops::chunk_width(out[rank - 1])
    } else {
        1
    };
    let step = b.cidx(w);
    let mut ivs = vec![zero; rank];
    let mut outer = None;
    for d in 0..rank {
        let (iv, end) = b.for_loop(zero, b.cidx(out[d]));
        let for_op = end.parent_operation().ok_or("scf.for without parent")?;
        if d == rank - 1 {
            crate::ir::set_operand(&for_op, 2, step);
        }
        outer.get_or_insert(for_op);
        b.rw.set_insertion_point_before(&end);
        ivs[d] = iv;
    }
    let mut from = vec![src];
    let mut src_at = vec![zero; rank];
    for (i, p) in perm.iter().enumerate() {
        src_at[*p] = ivs[i];
    }
    from.extend(src_at);
    let mut to = vec![dst];
    to.extend(ivs.iter().copied());
    if chunks {
        let x = b.val("vector.load", &from, b.vector(&[w], elem), &[]);
        let mut store = vec![x];
        store.extend(to);
        b.op("vector.store", &store, &[], &[]);
    } else {
        let x = b.val("memref.load", &from, elem, &[]);
        let mut store = vec![x];
        store.extend(to);
        b.op("memref.store", &store, &[], &[]);
    }
    b.rw.set_insertion_point_after(&outer.ok_or("no loop")?);
    let mut read = vec![dst];
    read.extend(std::iter::repeat_n(zero, rank));
    read.push(b.zero(elem));
    let t = b.transfer_read(&read, rank, &identity_map(rank), false, res_ty);
    for buf in [src, dst] {
        b.op("memref.dealloc", &[buf], &[], &[]);
    }
    Ok(t)
}
