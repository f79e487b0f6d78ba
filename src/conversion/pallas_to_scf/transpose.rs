//! `vector.transpose` of a 2-D tile -> a write of the tile to a buffer and a
//! transposing `vector.transfer_read` of it.
//!
//! The upstream vector lowering turns a 2-D transpose into one extract and
//! one insert per element (a 128x128 tile: 32768 LLVM ops); the transfer
//! becomes a loop over the rows (`convert-vector-to-scf`), whose size does
//! not depend on the tile.

use melior::ir::operation::OperationLike;
use melior::ir::ValueLike;

use crate::conversion::common::builder::{dense_i64, identity_map, B};
use crate::conversion::framework::{ConversionTarget, PatternSet, TypeConverter};
use crate::ir::{element_type, memref_shape};

/// Whether the op is a transpose this file rewrites: rank 2, both dims
/// larger than one (a transpose with a unit dim is a shape cast, which the
/// vector lowering handles compactly).
fn is_tile_transpose(op: &melior::ir::operation::OperationRef) -> bool {
    op.operand_count() == 1
        && op
            .operand(0)
            .map(|v| {
                let shape = memref_shape(v.r#type());
                shape.len() == 2 && shape.iter().all(|d| *d > 1)
            })
            .unwrap_or(false)
        && op
            .attribute("permutation")
            .map(|p| dense_i64(p) == [1, 0])
            .unwrap_or(false)
}

pub fn add_legality(target: &mut ConversionTarget) {
    let tc = super::types::converter();
    target.dynamically_legal_op("vector.transpose", move |op| {
        Some(tc.is_legal(&op) && !is_tile_transpose(&op))
    });
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("vector.transpose", Some(tc), |op, operands, rw| {
        if !is_tile_transpose(&op) {
            return Err("not a 2-D tile transpose".into());
        }
        let b = B::new(rw, op.location());
        let v = operands[0];
        let ty = v.r#type();
        let shape = memref_shape(ty);
        let elem = element_type(ty);
        let buf_ty = b.ty(&format!("memref<{}x{}x{elem}>", shape[0], shape[1]));
        let buf = b.val(
            "memref.alloc",
            &[],
            buf_ty,
            &[("operandSegmentSizes", b.attr("array<i32: 0, 0>"))],
        );
        let zero = b.cidx(0);
        b.transfer_write(&[v, buf, zero, zero], 2, &identity_map(2), false);
        let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let pad = b.zero(elem);
        let t = b.transfer_read(
            &[buf, zero, zero, pad],
            2,
            "affine_map<(d0, d1) -> (d1, d0)>",
            false,
            res_ty,
        );
        b.op("memref.dealloc", &[buf], &[], &[]);
        rw.replace_op(&op, &[t]);
        Ok(())
    });
}
