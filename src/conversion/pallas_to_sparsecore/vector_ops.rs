//! The SparseCore vector rules, as JAX 0.10.2's SparseCore lowering emits
//! them:
//!
//! * `pallas.sort` -> `tpu.sort keys, values masked m` (an all-true mask
//!   when none is given); `i32` keys are compared as signed numbers by
//!   flipping their sign bit around the sort (`tpu.sort` orders 32-bit
//!   patterns; JAX's `lax.sort` rule forgets the flip, `sort_key_val` does
//!   it);
//! * `pallas.cumulative` -> `tpu.scan <sum|max|min>` (sign flip for `i32`
//!   max/min);
//! * `vector.reduction <add|max|min>` of a 1-D vector -> the inclusive scan,
//!   then `vector.extract` of its last lane;
//! * `pallas.scan_count` -> `tpu.scan_count` (results in the other order);
//! * `pallas.take_along_axis` -> `tpu.dynamic_gather`; `pallas.rev` ->
//!   `tpu.dynamic_gather` at `n - 1 - iota`;
//! * `pallas.iota` (1-D) -> `tpu.iota {dimensions = array<i32: 0>}`;
//! * `pallas.load_gather` / `pallas.store_scatter` -> `tpu.vector_load_idx`
//!   / `tpu.vector_store_idx`;
//! * `pallas.subcore_barrier` -> `tpu.barrier barrier_id(0)`.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{segments, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::conversion::pallas_to_tpu::elementwise::{
    combine, elem, int_attr, reduction_kind, result_type, vshape, vtext,
};
use crate::ir;

fn is_i32(t: Type) -> bool {
    ir::bit_width(t) == Some(32) && !crate::conversion::common::builder::is_float(t)
}

/// `x xor 0x80000000` lane-wise: maps signed order onto unsigned order (and
/// back).
fn flip_sign<'c, 'a>(b: &B<'_, 'c, 'a>, x: Value<'c, 'a>) -> Value<'c, 'a> {
    let ty = x.r#type();
    let c = b.constant("-2147483648 : i32", b.i32());
    let splat = b.val("vector.broadcast", &[c], ty, &[]);
    b.bin("arith.xori", x, splat)
}

/// The mask operand, or an all-true mask shaped like `like` (a splat of
/// `true`, as `lax.full(True)` lowers).
fn mask_or_all<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    mask: Option<Value<'c, 'a>>,
    like: Type<'c>,
) -> Value<'c, 'a> {
    if let Some(m) = mask {
        return m;
    }
    let shape = vshape(like).unwrap_or_default();
    let i1 = b.ty("i1");
    let t = b.constant("true", i1);
    b.val("vector.broadcast", &[t], b.ty(&vtext(&shape, i1)), &[])
}

/// `tpu.scan <kind>, x masked m` with the `i32` sign flip for max/min.
fn scan<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    kind: &str,
    x: Value<'c, 'a>,
    mask: Option<Value<'c, 'a>>,
) -> Value<'c, 'a> {
    let ty = x.r#type();
    let signed = kind != "sum" && is_i32(elem(ty));
    let m = mask_or_all(b, mask, ty);
    let input = if signed { flip_sign(b, x) } else { x };
    let k = b.attr(&format!("#tpu.reduction_kind<{kind}>"));
    let out = b.val("tpu.scan", &[input, m], ty, &[("kind", k)]);
    if signed {
        flip_sign(b, out)
    } else {
        out
    }
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.sort", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let (keys, values) = (operands[0], operands[1]);
        let mask = operands.get(2).copied();
        let signed = is_i32(elem(keys.r#type()));
        let m = match mask {
            Some(m) => m,
            None => {
                let shape = vshape(keys.r#type()).unwrap_or_default();
                let text = vtext(&shape, b.ty("i1"));
                b.constant(&format!("dense<true> : {text}"), b.ty(&text))
            }
        };
        let k = if signed { flip_sign(&b, keys) } else { keys };
        let mut attrs = vec![];
        if op.attribute("descending").is_ok() {
            attrs.push(("descending", b.attr("true")));
        }
        let valid_ty = result_type(&op, 2).ok_or("sort without a valid-mask result")?;
        let sorted = b.op(
            "tpu.sort",
            &[k, values, m],
            &[valid_ty, keys.r#type(), values.r#type()],
            &attrs,
        );
        let r = |i: usize| crate::conversion::common::builder::result_of(sorted, i);
        let out_keys = if signed { flip_sign(&b, r(1)) } else { r(1) };
        rw.replace_op(&op, &[out_keys, r(2), r(0)]);
        Ok(())
    });
    set.add("pallas.cumulative", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let kind = match int_attr(&op, "kind") {
            Some(1) => "max",
            Some(2) => "min",
            _ => "sum",
        };
        let v = scan(&b, kind, operands[0], operands.get(1).copied());
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("vector.reduction", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let kind = reduction_kind(&op);
        let scan_kind = match kind {
            "add" => "sum",
            "maxsi" | "maximumf" | "maxnumf" => "max",
            "minsi" | "minimumf" | "minnumf" => "min",
            _ => {
                return Err(format!(
                    "not yet supported: <{kind}> reductions on SparseCore"
                ))
            }
        };
        let x = operands[0];
        let n = vshape(x.r#type()).unwrap_or_default();
        let s = scan(&b, scan_kind, x, None);
        let last = b.dense_i64_attr(&[n[0] - 1]);
        let mut v = b.val(
            "vector.extract",
            &[s],
            elem(x.r#type()),
            &[("static_position", last)],
        );
        if let Some(acc) = operands.get(1) {
            v = combine(&b, kind, v, *acc);
        }
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.scan_count", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let x = operands[0];
        let m = mask_or_all(&b, operands.get(1).copied(), x.r#type());
        let counts_ty = result_type(&op, 0).ok_or("scan_count without results")?;
        let last_ty = result_type(&op, 1).ok_or("scan_count without results")?;
        let sc = b.op("tpu.scan_count", &[m, x], &[last_ty, counts_ty], &[]);
        let r = |i: usize| crate::conversion::common::builder::result_of(sc, i);
        rw.replace_op(&op, &[r(1), r(0)]);
        Ok(())
    });
    set.add("pallas.take_along_axis", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let dim = int_attr(&op, "dimension").unwrap_or(0);
        let out = result_type(&op, 0).ok_or("take_along_axis without a result")?;
        let dims = b.dense_i32_attr(&[dim as i32]);
        let v = b.val(
            "tpu.dynamic_gather",
            &[operands[0], operands[1]],
            out,
            &[("dimensions", dims)],
        );
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.rev", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let x = operands[0];
        let shape = vshape(x.r#type()).unwrap_or_default();
        let dims = op
            .attribute("dimensions")
            .map(crate::conversion::common::builder::dense_i64)
            .unwrap_or_default();
        if shape.len() != 1 || dims != [0] {
            return Err(format!("Invalid dimensions for SC lax.rev: {dims:?}"));
        }
        let idx_ty = b.ty(&vtext(&shape, b.i32()));
        let last = b.ci32(shape[0] - 1);
        let last = b.val("vector.broadcast", &[last], idx_ty, &[]);
        let iota = b.val(
            "tpu.iota",
            &[],
            idx_ty,
            &[("dimensions", b.attr("array<i32: 0>"))],
        );
        let idx = b.bin("arith.subi", last, iota);
        let v = b.val(
            "tpu.dynamic_gather",
            &[x, idx],
            x.r#type(),
            &[("dimensions", b.attr("array<i32: 0>"))],
        );
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.iota", Some(tc), |op, _, rw| {
        let b = B::new(rw, op.location());
        let out = result_type(&op, 0).ok_or("iota without a result")?;
        let dim = int_attr(&op, "dimension").unwrap_or(0);
        let dims = b.dense_i32_attr(&[dim as i32]);
        let v = b.val("tpu.iota", &[], out, &[("dimensions", dims)]);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.load_gather", Some(tc), |op, operands, rw| {
        // ref, indices, mask
        let seg = segments(&op, operands);
        let b = B::new(rw, op.location());
        let out = result_type(&op, 0).ok_or("load_gather without a result")?;
        let mut ops = vec![seg[0][0]];
        ops.extend(seg[1].iter().copied());
        ops.extend(seg[2].iter().copied());
        let sizes = format!("array<i32: 1, {}, {}>", seg[1].len(), seg[2].len());
        let v = b.val(
            "tpu.vector_load_idx",
            &ops,
            out,
            &[("operandSegmentSizes", b.attr(&sizes))],
        );
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.store_scatter", Some(tc), |op, operands, rw| {
        // value, ref, indices, mask
        let seg = segments(&op, operands);
        let b = B::new(rw, op.location());
        let mut ops = vec![seg[0][0], seg[1][0]];
        ops.extend(seg[2].iter().copied());
        ops.extend(seg[3].iter().copied());
        let sizes = format!("array<i32: 1, 1, {}, {}>", seg[2].len(), seg[3].len());
        let mut attrs = vec![("operandSegmentSizes", b.attr(&sizes))];
        if op.attribute("add").is_ok() {
            attrs.push(("add", b.attr("true")));
        }
        b.op("tpu.vector_store_idx", &ops, &[], &attrs);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.subcore_barrier", Some(tc), |op, _, rw| {
        let b = B::new(rw, op.location());
        let id = b.cidx(0);
        b.op("tpu.barrier", &[id], &[], &[]);
        rw.erase_op(&op);
        Ok(())
    });
}

/// Whether the op is one this file lowers (for the legality of the
/// upstream `vector.reduction`).
pub fn lowers(op: &OperationRef) -> bool {
    crate::ir::op_name_of(op) == "vector.reduction"
}
