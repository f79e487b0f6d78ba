//! Shape and lane ops, as JAX 0.10.2's Pallas TPU lowering emits them:
//! * `pallas.iota` → `tpu.iota {dimensions = array<i32: d>}`; a 1-D iota is
//!   a `1xN` iota along dim 1 and a `vector.shape_cast` (`_1d_iota_helper`);
//! * `pallas.roll` → `tpu.dynamic_rotate` (`stride` / `stride_dimension`);
//! * `pallas.bitcast` → `tpu.bitcast`, with `pltpu.bitcast`'s shape rules;
//! * `pallas.concatenate` → `tpu.concatenate ... in D`;
//! * `pallas.repeat` → `tpu.concatenate` of `times` copies (JAX 0.10.2 lowers
//!   `tile_p` that way; it no longer emits `tpu.repeat`);
//! * `pallas.reciprocal` → `tpu.reciprocal` (`{approx = true}` when approx;
//!   JAX emits the op without `approx` otherwise). Only f32 vectors, as in
//!   JAX; a scalar reciprocal is `arith.divf 1, x`, since `tpu.reciprocal`
//!   takes vectors only;
//! * `vector.transpose` → `tpu.transpose` (JAX 0.10.2's `transpose_p`, any
//!   permutation).

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

use super::elementwise::{
    constant_int, elem, f32_elements, int_attr, op_name, operand_type, result_type, vshape, vtext,
};
use crate::conversion::common::builder::{dense_i64, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir;

pub fn check(op: &OperationRef) -> Result<(), String> {
    match op_name(op) {
        "pallas.bitcast" => {
            let (Some(a), Some(r)) = (operand_type(op, 0), result_type(op, 0)) else {
                return Ok(());
            };
            let (sa, sr) = (vshape(a).unwrap_or_default(), vshape(r).unwrap_or_default());
            let (wa, wr) = (
                ir::bit_width(elem(a)).unwrap_or(0) as i64,
                ir::bit_width(elem(r)).unwrap_or(0) as i64,
            );
            if sa.len() < 2 {
                return Err("Not implemented: bitcast 1D".into());
            }
            let n = sa.len();
            if wr == 0 || sa[n - 2] * wa % wr != 0 {
                return Err(
                    "Not implemented: the 2nd minor dim can not be perfectly packed or unpacked"
                        .into(),
                );
            }
            // pltpu.bitcast scales the second-minor dim and keeps the others.
            let mut want = sa.clone();
            want[n - 2] = sa[n - 2] * wa / wr;
            if sr != want {
                return Err(format!(
                    "bitcast of {a} to {} gives {}, not {r} (only the second-minor dim changes, by the bit-width ratio)",
                    elem(r),
                    vtext(&want, elem(r))
                ));
            }
            Ok(())
        }
        "pallas.roll" => {
            for name in ["axis", "stride", "stride_axis"] {
                if let Some(v) = int_attr(op, name).filter(|v| i32::try_from(*v).is_err()) {
                    return Err(format!("{name} {v} does not fit tpu.dynamic_rotate's si32"));
                }
            }
            if let Some(s) = crate::ir::operand_at(op, 1).and_then(|v| constant_int(v)) {
                if s < 0 {
                    return Err("shift must be non-negative.".into());
                }
            }
            match (int_attr(op, "stride"), int_attr(op, "stride_axis")) {
                (Some(s), _) if s < 0 => Err("stride must be non-negative.".into()),
                (Some(_), Some(a)) if Some(a) == int_attr(op, "axis") => {
                    Err("expected axis and stride_axis are different.".into())
                }
                _ => Ok(()),
            }
        }
        "pallas.reciprocal" => {
            let t = operand_type(op, 0).ok_or("reciprocal without input")?;
            if !f32_elements(t) {
                return Err("Only float32 is supported.".into());
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.iota", Some(tc), |op, _, rw| {
        let b = B::new(rw, op.location());
        let out = result_type(&op, 0).ok_or("no result")?;
        let shape = vshape(out).unwrap_or_default();
        let dim = int_attr(&op, "dimension").unwrap_or(0);
        let v = if shape.len() == 1 {
            let t2 = ir::vector_type(&[1, shape[0]], elem(out));
            let i = b.val(
                "tpu.iota",
                &[],
                t2,
                &[("dimensions", b.attr("array<i32: 1>"))],
            );
            b.val("vector.shape_cast", &[i], out, &[])
        } else {
            let dims = b.dense_i32_attr(&[dim as i32]);
            b.val("tpu.iota", &[], out, &[("dimensions", dims)])
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.roll", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let out = result_type(&op, 0).ok_or("no result")?;
        let axis = int_attr(&op, "axis").unwrap_or(0);
        let si32 = crate::ir::tpu_types::signed_integer_type(out, 32);
        let mut attrs = vec![("dimension", b.int_attr(axis, si32))];
        if let (Some(s), Some(a)) = (int_attr(&op, "stride"), int_attr(&op, "stride_axis")) {
            attrs.push(("stride", b.int_attr(s, si32)));
            attrs.push(("stride_dimension", b.int_attr(a, si32)));
        }
        let v = b.val("tpu.dynamic_rotate", &operands[..2], out, &attrs);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.bitcast", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let out = result_type(&op, 0).ok_or("no result")?;
        let v = b.val("tpu.bitcast", &operands[..1], out, &[]);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.concatenate", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let out = result_type(&op, 0).ok_or("no result")?;
        let dim = int_attr(&op, "dimension").unwrap_or(0);
        let v = if operands.len() == 1 {
            operands[0]
        } else {
            let d = b.int_attr(dim, b.i32());
            b.val("tpu.concatenate", operands, out, &[("dimension", d)])
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.repeat", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let out = result_type(&op, 0).ok_or("no result")?;
        let dim = int_attr(&op, "dimension").unwrap_or(0);
        let times = int_attr(&op, "times").unwrap_or(1).max(1) as usize;
        let v = if times == 1 {
            operands[0]
        } else {
            let copies = vec![operands[0]; times];
            let d = b.int_attr(dim, b.i32());
            b.val("tpu.concatenate", &copies, out, &[("dimension", d)])
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.reciprocal", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let x = operands[0];
        let ty = x.r#type();
        let v = if ir::is_vector(ty) {
            let attrs = if op.attribute("approx").is_ok() {
                vec![("approx", b.attr("true"))]
            } else {
                vec![]
            };
            b.val("tpu.reciprocal", &[x], ty, &attrs)
        } else {
            let one = b.constant(&format!("1.000000e+00 : {ty}"), ty);
            b.bin("arith.divf", one, x)
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("vector.transpose", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let out = result_type(&op, 0).ok_or("no result")?;
        let perm = op
            .attribute("permutation")
            .map(dense_i64)
            .unwrap_or_default();
        let attrs = [("permutation", b.dense_i64_attr(&perm))];
        let v = b.val("tpu.transpose", &operands[..1], out, &attrs);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
}
