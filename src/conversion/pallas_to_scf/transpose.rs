//! `vector.transpose` of a 2-D tile -> the tile written to a buffer, a loop
//! nest copying it transposed into a second buffer, and a read of that.
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
/// [`is_reshape`]).
pub(super) fn is_tile_transpose(op: &melior::ir::operation::OperationRef) -> bool {
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
        && crate::ir::operand_at(op, 0)
            .is_some_and(|v| memref_shape(v.r#type()).contains(&1))
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("vector.transpose", Some(tc), |op, operands, rw| {
        if !is_tile_transpose(&op) {
            return Err("not a 2-D tile transpose".into());
        }
        let b = B::new(rw, op.location());
        let v = operands[0];
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
