//! The ref views `pallas.ref_reshape` and `pallas.ref_bitcast`: what JAX's
//! `ref.reshape(...)` / `ref.bitcast(dtype)` accept, with the layout rules
//! that make the result type describe the same memory.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::ValueLike;

use super::{bit_width, ensure, fail, Verified};
use crate::ir::{
    element_type, has_identity_layout, memref_memory_space, memref_shape, memref_strides_and_offset,
};

const DYNAMIC: i64 = i64::MIN;

fn ref_and_result<'c>(op: &OperationRef<'c, '_>) -> (Type<'c>, Type<'c>) {
    let src = op.operand(0).map(|v| v.r#type()).expect("ref operand");
    let dst = op.result(0).map(|v| v.r#type()).expect("result");
    (src, dst)
}

/// A shape as Python prints a tuple, as in JAX's messages.
fn py_shape(shape: &[i64]) -> String {
    match shape {
        [one] => format!("({one},)"),
        _ => {
            let items: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            format!("({})", items.join(", "))
        }
    }
}

fn same_space(src: Type, dst: Type) -> bool {
    memref_memory_space(src) == memref_memory_space(dst)
}

fn verify_static_and_space(op: &OperationRef, what: &str, src: Type, dst: Type) -> Verified {
    for (name, t) in [("ref", src), ("result", dst)] {
        ensure(op, !memref_shape(t).contains(&DYNAMIC), || {
            format!("{name} {t} has a dynamic size; JAX: {what} ref with dynamic size is not supported.")
        })?;
    }
    ensure(op, same_space(src, dst), || {
        format!(
            "result {dst} must be in the memory space of ref {src} (a view stays where its ref is)"
        )
    })
}

pub(super) fn verify_ref_reshape(op: &OperationRef) -> Verified {
    let (src, dst) = ref_and_result(op);
    verify_static_and_space(op, "Reshape", src, dst)?;
    ensure(op, element_type(src) == element_type(dst), || {
        format!(
            "result {dst} must have the element type of ref {src} (pallas.ref_bitcast changes it)"
        )
    })?;
    let (from, to) = (memref_shape(src), memref_shape(dst));
    let count = |shape: &[i64]| {
        crate::ir::element_count(shape).map_or("more than 2^63 - 1".to_string(), |n| n.to_string())
    };
    let (n, m) = (count(&from), count(&to));
    ensure(
        op,
        crate::ir::element_count(&from).is_some() && n == m,
        || {
            format!(
            "cannot reshape ref of shape {} into shape {}: ref {src} has {n} elements, result {dst} has {m}",
            py_shape(&from),
            py_shape(&to)
        )
        },
    )?;
    let Some((strides, offset)) = memref_strides_and_offset(src) else {
        return fail(op, format!("ref {src} has a layout that is not strided"));
    };
    let Some(expected) = reshape_strides(&from, &strides, &to) else {
        return fail(
            op,
            format!(
                "no strides describe ref {src} reshaped into shape {}: the reshape merges dims that are not contiguous in memory",
                py_shape(&to)
            ),
        );
    };
    let layout = layout_text(&to, &expected, offset, has_identity_layout(src));
    ensure(op, same_layout(dst, &expected, offset), || {
        format!("result {dst} must have the layout of the view, {layout} (the strides and offset of the same elements of ref {src})")
    })
}

pub(super) fn verify_ref_bitcast(op: &OperationRef) -> Verified {
    let (src, dst) = ref_and_result(op);
    verify_static_and_space(op, "Bitcast", src, dst)?;
    let width = |t: Type| -> Option<i64> {
        let e = element_type(t);
        bit_width(e).filter(|w| *w > 1).map(|w| w as i64)
    };
    let (Some(sb), Some(db)) = (width(src), width(dst)) else {
        return fail(
            op,
            format!("ref {src} and result {dst} must hold integers or floats wider than one bit"),
        );
    };
    ensure(op, sb % db == 0 || db % sb == 0, || {
        format!(
            "the bit widths of ref {src} ({sb}) and result {dst} ({db}) must divide one another"
        )
    })?;
    let (from, to) = (memref_shape(src), memref_shape(dst));
    if from.len() < 2 {
        return fail(
            op,
            if sb != db {
                format!("ref {src} has rank {}; JAX: Bitcast 1D ref with bitwidth change is not supported.", from.len())
            } else {
                format!("ref {src} has rank {}; a ref bitcast needs rank 2 or more (JAX scales the second-minor dim, Mosaic: Not implemented: 1d memref bitcast.)", from.len())
            },
        );
    }
    ensure(op, from.len() == to.len(), || {
        format!("ref {src} and result {dst} must have the same rank")
    })?;
    let r = from.len() - 2;
    let others_equal = (0..from.len()).all(|d| d == r || from[d] == to[d]);
    ensure(op, others_equal, || {
        format!("result {dst} must have the dims of ref {src} but the second-minor one")
    })?;
    ensure(op, from[r] * sb == to[r] * db, || {
        format!(
            "Expected input and output shapes are the same after multiplying the second-minor dimension by the bitwidths: ref {src} has {} x {sb} bits there, result {dst} {} x {db}",
            from[r], to[r]
        )
    })?;
    if sb == db {
        let Some((strides, offset)) = memref_strides_and_offset(src) else {
            return fail(op, format!("ref {src} has a layout that is not strided"));
        };
        let expected: Vec<Option<i64>> = strides.iter().map(|s| Some(*s)).collect();
        ensure(op, same_layout(dst, &expected, offset), || {
            format!("result {dst} must have the layout of ref {src} (with equal bit widths every element stays in place)")
        })
    } else {
        ensure(op, has_identity_layout(dst), || {
            format!("result {dst} must have the identity layout: a bitcast that changes the bit width regroups rows, which no strides of ref {src} describe")
        })
    }
}

/// Whether `t` has `offset` and, on every dim longer than 1, the expected
/// stride (the stride of a dim of size 1 addresses nothing).
fn same_layout(t: Type, expected: &[Option<i64>], offset: i64) -> bool {
    let Some((strides, off)) = memref_strides_and_offset(t) else {
        return false;
    };
    let shape = memref_shape(t);
    off == offset
        && strides.len() == expected.len()
        && (0..shape.len()).all(|d| shape[d] == 1 || expected[d].is_none_or(|e| e == strides[d]))
}

fn layout_text(shape: &[i64], strides: &[Option<i64>], offset: i64, identity: bool) -> String {
    if identity {
        return "the identity layout".into();
    }
    // Dims of size 1 take the row-major stride; any other would do.
    let mut filled = vec![0i64; shape.len()];
    let mut inner = 1i64;
    for d in (0..shape.len()).rev() {
        filled[d] = strides[d].unwrap_or(inner);
        inner = filled[d].saturating_mul(shape[d].max(1));
    }
    let text = |v: i64| {
        if v == DYNAMIC {
            "?".to_string()
        } else {
            v.to_string()
        }
    };
    let items: Vec<String> = filled.iter().map(|s| text(*s)).collect();
    format!("strided<[{}], offset: {}>", items.join(", "), text(offset))
}

/// The strides of the row-major reshape of a view (`shape`, `strides`) into
/// `new`, when the reshaped view is strided: dims of size 1 are ignored,
/// and the source dims merged into (or split from) each group of result
/// dims must be contiguous with one another. `None` entries are result
/// dims whose stride addresses nothing (size 1, or an empty view).
pub(crate) fn reshape_strides(
    shape: &[i64],
    strides: &[i64],
    new: &[i64],
) -> Option<Vec<Option<i64>>> {
    let mut out = vec![None; new.len()];
    if shape.contains(&0) || new.contains(&0) {
        return Some(out);
    }
    let old: Vec<(i64, i64)> = shape
        .iter()
        .zip(strides)
        .filter(|(d, _)| **d != 1)
        .map(|(d, s)| (*d, *s))
        .collect();
    if old.iter().any(|(_, s)| *s == DYNAMIC) {
        return None;
    }
    let kept: Vec<usize> = (0..new.len()).filter(|k| new[*k] != 1).collect();
    let (mut i, mut j) = (0, 0);
    while i < old.len() && j < kept.len() {
        let (i0, j0) = (i, j);
        let (mut a, mut b) = (old[i].0, new[kept[j]]);
        i += 1;
        j += 1;
        while a != b {
            if a < b {
                a = a.checked_mul(old.get(i)?.0)?;
                i += 1;
            } else {
                b = b.checked_mul(new[*kept.get(j)?])?;
                j += 1;
            }
        }
        if (i0..i - 1).any(|k| Some(old[k].1) != old[k + 1].0.checked_mul(old[k + 1].1)) {
            return None;
        }
        let mut s = old[i - 1].1;
        for k in (j0..j).rev() {
            out[kept[k]] = Some(s);
            s = s.checked_mul(new[kept[k]])?;
        }
    }
    (i == old.len() && j == kept.len()).then_some(out)
}
