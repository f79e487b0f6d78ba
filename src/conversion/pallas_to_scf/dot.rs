//! `pallas.dot` -> a loop nest over memory: both operands are written to
//! buffers once (the right one as [K, N], transposed first when it comes as
//! [N, K]), and `scf.for` loops over the result rows and the contracted dim
//! add lhs[i, k] * rhs[k, :] (widened to the result element type) to row i
//! of a zeroed result buffer, one 1-D vector of N lanes at a time; the
//! buffer is read back as the result.
//!
//! A whole-tile `vector.contract` would be unrolled by the upstream vector
//! lowering into one multiply-add per element triple (a 128x128x128 dot
//! becomes megabytes of LLVM IR); the loops keep the code size independent
//! of the tile.

use melior::ir::operation::OperationLike;
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{identity_map, is_float, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{element_type, memref_shape};

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.dot", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let (lhs, rhs) = (operands[0], operands[1]);
        let transpose_lhs = op.attribute("transpose_lhs").is_ok();
        let transpose_rhs = op.attribute("transpose_rhs").is_ok();
        let out_shape = memref_shape(res_ty);
        let (m, n) = (out_shape[0], out_shape[1]);
        let lhs_shape = memref_shape(lhs.r#type());
        let k = if transpose_lhs {
            lhs_shape[0]
        } else {
            lhs_shape[1]
        };

        let lhs_buf = spill(&b, lhs);
        let rhs_buf = if transpose_rhs {
            super::transpose::transposed_buffer(&b, rhs)?
        } else {
            spill(&b, rhs)
        };
        let acc_elem = element_type(res_ty);
        let out_buf = b.alloc(b.memref(&out_shape, acc_elem));
        b.fill_zero(out_buf);

        let (zero, ms, ks) = (b.cidx(0), b.cidx(m), b.cidx(k));
        let (i, i_end) = b.for_loop(zero, ms);
        b.rw.set_insertion_point_before(&i_end);
        let (kk, k_end) = b.for_loop(zero, ks);
        b.rw.set_insertion_point_before(&k_end);
        let a_at = if transpose_lhs { [kk, i] } else { [i, kk] };
        let a = widen(&b, load(&b, lhs_buf, &a_at), acc_elem);
        let row_ty = b.vector(&[n], acc_elem);
        let a_row = b.val("vector.broadcast", &[a], row_ty, &[]);
        let rhs_row_ty = b.vector(&[n], element_type(rhs.r#type()));
        let c = b.val("vector.load", &[rhs_buf, kk, zero], rhs_row_ty, &[]);
        let c = widen(&b, c, row_ty);
        let acc = b.val("vector.load", &[out_buf, i, zero], row_ty, &[]);
        let (mul, add) = if is_float(acc_elem) {
            ("arith.mulf", "arith.addf")
        } else {
            ("arith.muli", "arith.addi")
        };
        let sum = b.bin(add, acc, b.bin(mul, a_row, c));
        b.op("vector.store", &[sum, out_buf, i, zero], &[], &[]);
        // After the outer loop (the parent of its body's terminator).
        let outer = i_end.parent_operation().ok_or("scf.for without parent")?;
        b.rw.set_insertion_point_after(&outer);

        let pad = b.zero(acc_elem);
        let result = b.transfer_read(
            &[out_buf, zero, zero, pad],
            2,
            &identity_map(2),
            false,
            res_ty,
        );
        for buf in [lhs_buf, rhs_buf, out_buf] {
            b.op("memref.dealloc", &[buf], &[], &[]);
        }
        rw.replace_op(&op, &[result]);
        Ok(())
    });
}

/// A buffer holding the 2-D vector `v`.
fn spill<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    let ty = v.r#type();
    let buf = b.alloc(b.memref(&memref_shape(ty), element_type(ty)));
    let zero = b.cidx(0);
    b.transfer_write(&[v, buf, zero, zero], 2, &identity_map(2), false);
    buf
}

fn load<'c, 'a>(b: &B<'_, 'c, 'a>, buf: Value<'c, 'a>, at: &[Value<'c, 'a>]) -> Value<'c, 'a> {
    let mut operands = vec![buf];
    operands.extend_from_slice(at);
    b.val("memref.load", &operands, element_type(buf.r#type()), &[])
}

/// `v` (a scalar or a 1-D vector) converted to `to`, the accumulator's
/// element type or a vector of it.
fn widen<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, to: Type<'c>) -> Value<'c, 'a> {
    let from = v.r#type();
    if from == to {
        return v;
    }
    let scalar = |t: Type<'c>| {
        if crate::ir::is_vector(t) {
            element_type(t)
        } else {
            t
        }
    };
    let (from_elem, to_elem) = (scalar(from), scalar(to));
    let width = |t: Type| crate::ir::bit_width(t).unwrap_or(0);
    let name = match (is_float(from_elem), is_float(to_elem)) {
        (true, true) if width(from_elem) < width(to_elem) => "arith.extf",
        (true, true) => "arith.truncf",
        (false, false) if width(from_elem) < width(to_elem) => "arith.extsi",
        (false, false) => "arith.trunci",
        (false, true) => "arith.sitofp",
        (true, false) => "arith.fptosi",
    };
    b.val(name, &[v], to, &[])
}
