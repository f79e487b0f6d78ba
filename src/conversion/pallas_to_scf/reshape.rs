//! `vector.shape_cast` of a large vector -> the vector written to a buffer,
//! the buffer viewed in the result's shape (`memref.reinterpret_cast`: both
//! are row-major and contiguous, so a reshape keeps every element's place),
//! and a whole read of the view.
//!
//! The upstream vector lowering moves a shape cast element by element
//! unless only leading unit dims change (a 256x256 tile to 65536 elements:
//! 175 MB of LLVM IR), and even then row by row. Through a buffer,
//! `pallas-row-loops` computes the source into the buffer and the users
//! from the view chunk by chunk. Small casts (at most [`SMALL`] elements,
//! e.g. a row of sums given a unit dim before a broadcast, which
//! `pallas-row-loops` reads from its buffer) stay upstream's; so do casts of
//! sub-byte elements (LLVM stores their vectors packed, so the buffer would
//! not hold them element by element) and those of a `vector.step` (an iota,
//! vector_ops.rs, which `pallas-row-loops` remakes per chunk).

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{identity_map, join, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{self, element_type, memref_shape};

/// The most elements of a shape cast left to the vector lowering.
const SMALL: i64 = 1 << 12;

/// Whether `op` is a shape cast this file rewrites.
pub(super) fn is_large_reshape(op: &OperationRef) -> bool {
    let Some(src) = ir::operand_at(op, 0) else {
        return false;
    };
    let ty = src.r#type();
    let from_step = ir::defining_op(src)
        .is_some_and(|d| ir::op_name_of(&d) == "vector.step");
    let elements: i64 = memref_shape(ty).iter().product();
    ir::is_vector(ty)
        && elements > SMALL
        && ir::bit_width(element_type(ty)).is_none_or(|w| w >= 8)
        && !from_step
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("vector.shape_cast", Some(tc), |op, operands, rw| {
        if !is_large_reshape(&op) {
            return Err("a small shape cast".into());
        }
        let b = B::new(rw, op.location());
        let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let r = reshaped(&b, operands[0], res_ty);
        rw.replace_op(&op, &[r]);
        Ok(())
    });
}

/// `v` reshaped to `res_ty` (as many elements) through a buffer.
pub(super) fn reshaped<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    v: Value<'c, 'a>,
    res_ty: Type<'c>,
) -> Value<'c, 'a> {
    let (from, elem) = (memref_shape(v.r#type()), element_type(v.r#type()));
    let to = memref_shape(res_ty);
    let buf = super::roll::alloc(b, &from, elem);
    let zero = b.cidx(0);
    let mut write = vec![v, buf];
    write.extend(std::iter::repeat_n(zero, from.len()));
    b.transfer_write(&write, from.len(), &identity_map(from.len()), false);
    let strides: Vec<i64> = (0..to.len())
        .map(|d| to[d + 1..].iter().product())
        .collect();
    let view_ty = b.memref(&to, elem);
    let array = |xs: &[i64]| {
        b.attr(&format!(
            "array<i64{}{}>",
            if xs.is_empty() { "" } else { ": " },
            join(xs, ", ")
        ))
    };
    let view = b.val(
        "memref.reinterpret_cast",
        &[buf],
        view_ty,
        &[
            ("static_offsets", array(&[0])),
            ("static_sizes", array(&to)),
            ("static_strides", array(&strides)),
            ("operandSegmentSizes", b.attr("array<i32: 1, 0, 0, 0>")),
        ],
    );
    let mut read = vec![view];
    read.extend(std::iter::repeat_n(zero, to.len()));
    read.push(b.zero(elem));
    let r = b.transfer_read(&read, to.len(), &identity_map(to.len()), false, res_ty);
    b.op("memref.dealloc", &[buf], &[], &[]);
    r
}
