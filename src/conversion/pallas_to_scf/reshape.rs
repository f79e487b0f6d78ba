//! Reshapes and slices of large vectors through a buffer.
//!
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
//!
//! A large `vector.extract_strided_slice` is a read of the buffer at the
//! slice's offsets, and `vector.insert_strided_slice` a write of the piece
//! over the destination in a buffer, read whole ([`is_large_slice`]); a
//! `vector.extract` / `vector.insert` of an element or a sub-vector at a
//! static position likewise ([`is_large_element_access`]).

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{join, B};
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
    let from_step = ir::defining_op(src).is_some_and(|d| ir::op_name_of(&d) == "vector.step");
    let elements: i64 = memref_shape(ty).iter().product();
    ir::is_vector(ty)
        && elements > SMALL
        && ir::bit_width(element_type(ty)).is_none_or(|w| w >= 8)
        && !from_step
}

/// Whether `op` is a `vector.extract_strided_slice` / `insert_strided_slice`
/// with unit strides of a large vector (the source's, the destination's)
/// this file rewrites: the vector lowering extracts or inserts such a slice
/// element by element when the last dim is cut (half of a 1024x1024 tile:
/// 2.9 MB of LLVM IR).
pub(super) fn is_large_slice(op: &OperationRef) -> bool {
    let whole = match ir::op_name_of(op) {
        "vector.extract_strided_slice" => 0,
        "vector.insert_strided_slice" => 1,
        _ => return false,
    };
    let Some(v) = ir::operand_at(op, whole) else {
        return false;
    };
    let ty = v.r#type();
    let elements: i64 = memref_shape(ty).iter().product();
    let unit_strides = op
        .attribute("strides")
        .map(|a| {
            ir::array_elements(a)
                .iter()
                .all(|e| e.to_string() == "1 : i64")
        })
        .unwrap_or(false);
    ir::is_vector(ty)
        && elements > SMALL
        && ir::bit_width(element_type(ty)).is_none_or(|w| w >= 8)
        && unit_strides
}

/// The `offsets` of a strided slice op.
fn offsets(op: &OperationRef) -> Vec<i64> {
    op.attribute("offsets")
        .map(|a| {
            ir::array_elements(a)
                .iter()
                .filter_map(|e| e.to_string().split(' ').next()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Whether `op` is a `vector.extract` / `vector.insert` at static
/// positions of a large vector (the source's, the destination's) this file
/// rewrites: LLVM takes the whole vector as one value (an element of a
/// 4096x4096 tile: the vector lowering's temporary of the whole tile
/// overflowed the stack; of 2^24 elements, not done in 40 s).
pub(super) fn is_large_element_access(op: &OperationRef) -> bool {
    let whole = match ir::op_name_of(op) {
        "vector.extract" => 0,
        "vector.insert" => 1,
        _ => return false,
    };
    let Some(v) = ir::operand_at(op, whole) else {
        return false;
    };
    let ty = v.r#type();
    let elements: i64 = memref_shape(ty).iter().product();
    // Dynamic positions are operands past the vectors.
    ir::is_vector(ty)
        && op.operand_count() == whole + 1
        && elements > SMALL
        && ir::bit_width(element_type(ty)).is_none_or(|w| w >= 8)
}

/// The `static_position` of a `vector.extract` / `vector.insert`.
fn position(op: &OperationRef) -> Vec<i64> {
    op.attribute("static_position")
        .map(ir::dense_i64)
        .unwrap_or_default()
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("vector.extract", Some(tc), |op, operands, rw| {
        if !is_large_element_access(&op) {
            return Err("a small extract".into());
        }
        // The source written to a buffer; an element is a load from it, a
        // sub-vector a read at its position.
        let b = B::new(rw, op.location());
        let buf = spill(&b, operands[0]);
        let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let at = indices(&b, buf, &position(&op));
        let r = if ir::is_vector(res_ty) {
            read_and_free(&b, buf, &at, res_ty)
        } else {
            let mut load = vec![buf];
            load.extend(at);
            let elem = element_type(buf.r#type());
            let r = b.val("memref.load", &load, elem, &[]);
            b.op("memref.dealloc", &[buf], &[], &[]);
            r
        };
        rw.replace_op(&op, &[r]);
        Ok(())
    });
    set.add("vector.insert", Some(tc), |op, operands, rw| {
        if !is_large_element_access(&op) {
            return Err("a small insert".into());
        }
        // The destination written to a buffer, the element (or sub-vector)
        // stored over it at its position, the buffer read whole.
        let b = B::new(rw, op.location());
        let (piece, dest) = (operands[0], operands[1]);
        let buf = spill(&b, dest);
        let at = indices(&b, buf, &position(&op));
        if ir::is_vector(piece.r#type()) {
            b.write_at(piece, buf, &at);
        } else {
            let mut store = vec![piece, buf];
            store.extend(at);
            b.op("memref.store", &store, &[], &[]);
        }
        let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let r = read_and_free(&b, buf, &indices(&b, buf, &[]), res_ty);
        rw.replace_op(&op, &[r]);
        Ok(())
    });
    set.add(
        "vector.extract_strided_slice",
        Some(tc),
        |op, operands, rw| {
            if !is_large_slice(&op) {
                return Err("a small slice".into());
            }
            // The source written to a buffer, the slice read from it at its
            // offsets (dims the offsets leave out are taken whole).
            let b = B::new(rw, op.location());
            let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
            let buf = spill(&b, operands[0]);
            let at = indices(&b, buf, &offsets(&op));
            let r = read_and_free(&b, buf, &at, res_ty);
            rw.replace_op(&op, &[r]);
            Ok(())
        },
    );
    set.add(
        "vector.insert_strided_slice",
        Some(tc),
        |op, operands, rw| {
            if !is_large_slice(&op) {
                return Err("a small slice".into());
            }
            // The destination written to a buffer, the piece written over it at
            // its offsets (aligned to the right: a piece of lower rank fills
            // the destination's last dims), the buffer read whole.
            let b = B::new(rw, op.location());
            let (piece, dest) = (operands[0], operands[1]);
            let buf = spill(&b, dest);
            let at = indices(&b, buf, &offsets(&op));
            b.write_at(piece, buf, &at);
            let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
            let r = read_and_free(&b, buf, &indices(&b, buf, &[]), res_ty);
            rw.replace_op(&op, &[r]);
            Ok(())
        },
    );
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
    let elem = element_type(v.r#type());
    let to = memref_shape(res_ty);
    let buf = spill(b, v);
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
    let r = b.read_at(view, &indices(b, view, &[]), res_ty);
    b.op("memref.dealloc", &[buf], &[], &[]);
    r
}

/// `v` written whole to a new buffer of its shape.
fn spill<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    let shape = memref_shape(v.r#type());
    let buf = super::roll::alloc(b, &shape, element_type(v.r#type()));
    let zeros = indices(b, buf, &[]);
    b.write_at(v, buf, &zeros);
    buf
}

/// The index operands of a position in `buf`: `at`, then zeros for the dims
/// it leaves out.
fn indices<'c, 'a>(b: &B<'_, 'c, 'a>, buf: Value<'c, 'a>, at: &[i64]) -> Vec<Value<'c, 'a>> {
    let rank = memref_shape(buf.r#type()).len();
    (0..rank)
        .map(|d| b.cidx(at.get(d).copied().unwrap_or(0)))
        .collect()
}

/// The `ty` vector at `at` of `buf`, then `buf` freed.
pub(super) fn read_and_free<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    buf: Value<'c, 'a>,
    at: &[Value<'c, 'a>],
    ty: Type<'c>,
) -> Value<'c, 'a> {
    let r = b.read_at(buf, at, ty);
    b.op("memref.dealloc", &[buf], &[], &[]);
    r
}
