//! Views whose bounds are constants: a `memref.subview` in a kernel whose
//! offsets, sizes and strides are known (static, or `arith.constant`
//! operands) must lie inside its source, as JAX requires of a static index
//! into a ref (it rejects one out of bounds when it traces the kernel).
//! Upstream folds such constants into the static form later (the CPU
//! pipeline's `expand-strided-metadata`, jaxlib's canonicalizer), where an
//! offset past the source overflows or fails a verifier far from the
//! user's op; every lowering checks here instead.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

use crate::conversion::common::builder::{dynamic_count, DYNAMIC};
use crate::ir;

/// The value of an integer (or index) `arith.constant`.
fn constant_operand(op: &OperationRef, i: usize) -> Option<i64> {
    let def = ir::defining_op(ir::operand_at(op, i)?)?;
    if ir::op_name_of(&def) != "arith.constant" {
        return None;
    }
    ir::integer_attr_value(def.attribute("value").ok()?)
}

/// An error when `op` is a `memref.subview` that reaches outside its source
/// along some dim with known bounds.
pub fn check_view_bounds(op: &OperationRef) -> Result<(), String> {
    if ir::op_name_of(op) != "memref.subview" {
        return Ok(());
    }
    let Some(source) = ir::operand_at(op, 0) else {
        return Ok(());
    };
    let attr = |name: &str| op.attribute(name).ok().map(ir::dense_i64);
    let (Some(offsets), Some(sizes), Some(strides)) = (
        attr("static_offsets"),
        attr("static_sizes"),
        attr("static_strides"),
    ) else {
        return Ok(());
    };
    // Dynamic entries take the operands after the source, offsets first:
    // `next[k]` is the operand of the next dynamic entry of kind k.
    let mut next = [
        1,
        1 + dynamic_count(&offsets),
        1 + dynamic_count(&offsets) + dynamic_count(&sizes),
    ];
    let mut known = |kind: usize, values: &[i64], d: usize| -> Option<i64> {
        let v = *values.get(d)?;
        if v != DYNAMIC {
            return Some(v);
        }
        next[kind] += 1;
        constant_operand(op, next[kind] - 1)
    };
    ir::with_shape(source.r#type(), |dims| {
        for (d, &dim) in dims.iter().enumerate() {
            // Every dim's entries are read, in order, so that the dynamic
            // ones after it find their operands.
            let (offset, size, stride) = (
                known(0, &offsets, d),
                known(1, &sizes, d),
                known(2, &strides, d),
            );
            if dim == DYNAMIC {
                continue;
            }
            let Some(offset) = offset else {
                continue;
            };
            check_dim(d, dim, offset, size, stride)?;
        }
        Ok(())
    })
}

/// An error when a view reaches outside dim `d` (of `dim` elements) of
/// its source from `offset`, with the size and stride when known.
fn check_dim(
    d: usize,
    dim: i64,
    offset: i64,
    size: Option<i64>,
    stride: Option<i64>,
) -> Result<(), String> {
    // The last element the view reaches, when its size and stride are
    // known too (i128: constants may be anywhere in i64).
    let last = match (size, stride) {
        (Some(n), Some(s)) if n > 0 => Some(offset as i128 + (n as i128 - 1) * s as i128),
        _ => None,
    };
    let outside = offset < 0
        || offset > dim
        || last.is_some_and(|l| l < 0 || l >= dim as i128)
        || size.is_some_and(|n| n < 0);
    if outside {
        let plural = |n: i64| if n == 1 { "" } else { "s" };
        let extent = match (size, stride) {
            (Some(n), Some(1)) => format!("{n} element{} from offset {offset}", plural(n)),
            (Some(n), Some(s)) => {
                format!(
                    "{n} element{} from offset {offset} with stride {s}",
                    plural(n)
                )
            }
            _ => format!("offset {offset}"),
        };
        return Err(format!(
            "reaches outside its source along dim {d}: {extent}, but the source has {dim} element{} there (a view whose bounds are constants must lie inside the ref it views)",
            plural(dim)
        ));
    }
    Ok(())
}
