//! The pallas vector compute ops on the CPU: `pallas.iota` is a
//! `vector.step` broadcast to the tile (see [`iota`]),
//! `pallas.reciprocal` a division (the approximation is exact here),
//! `pallas.concatenate` / `pallas.repeat` insert their pieces into a zero
//! vector, and `pallas.named_scope` is its body.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{RegionLike, Value, ValueLike};

use crate::conversion::common::builder::{is_float, B};
use crate::conversion::framework::{PatternSet, Rewriter, TypeConverter};
use crate::ir::{element_type, memref_shape};

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.iota", Some(tc), |op, _, rw| {
        let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let dim = int_attr(&op, "dimension")? as usize;
        let b = B::new(rw, op.location());
        let v = iota(&b, ty, dim);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.reciprocal", Some(tc), |op, operands, rw| {
        let x = operands[0];
        let ty = x.r#type();
        let b = B::new(rw, op.location());
        let one = if crate::ir::is_vector(ty) {
            b.constant(&format!("dense<1.0> : {ty}"), ty)
        } else {
            b.constant(&format!("1.0 : {ty}"), ty)
        };
        let v = b.bin("arith.divf", one, x);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.concatenate", Some(tc), |op, operands, rw| {
        let dim = int_attr(&op, "dimension")? as usize;
        let pieces: Vec<Value> = operands.to_vec();
        assemble(&op, rw, &pieces, dim)
    });
    set.add("pallas.repeat", Some(tc), |op, operands, rw| {
        let dim = int_attr(&op, "dimension")? as usize;
        let times = int_attr(&op, "times")? as usize;
        assemble(&op, rw, &vec![operands[0]; times], dim)
    });
    set.add("pallas.named_scope", None, |op, _, rw| {
        let block = op
            .region(0)
            .map_err(|e| e.to_string())?
            .first_block()
            .ok_or("named_scope without body")?;
        let mut results = vec![];
        if let Some(t) = block.terminator() {
            results = t.operands().collect();
            rw.erase_op(&crate::ir::op_ref(t));
        }
        rw.inline_block_before(block, &op, &[]);
        rw.replace_op(&op, &results);
        Ok(())
    });
}

fn int_attr(op: &OperationRef, name: &str) -> Result<i64, String> {
    crate::ir::int_attr(op, name).ok_or_else(|| format!("missing integer attribute {name}"))
}

/// A vector of integer type `ty` whose elements are their index along
/// `dim`: `vector.step` (the counts along `dim`), given unit dims after it
/// by a `vector.shape_cast` and broadcast to `ty` (leading dims are left
/// to the broadcast, which aligns to the right), then cast from `index`
/// (truncating: narrower types wrap around, two's complement, `i1` as the
/// low bit, as integer arithmetic does). `pallas-row-loops` recognises
/// this form and remakes each chunk from the loop's indices, so nothing
/// in it grows with the vector; the PRNG builds its counters from it too.
pub(super) fn iota<'c, 'a>(b: &B<'_, 'c, 'a>, ty: Type<'c>, dim: usize) -> Value<'c, 'a> {
    let shape = memref_shape(ty);
    let index = b.index();
    let mut v = b.val("vector.step", &[], b.vector(&[shape[dim]], index), &[]);
    if dim + 1 < shape.len() {
        let mut counts = vec![1i64; shape.len() - dim];
        counts[0] = shape[dim];
        v = b.val("vector.shape_cast", &[v], b.vector(&counts, index), &[]);
    }
    if shape.len() > 1 {
        v = b.val("vector.broadcast", &[v], b.vector(&shape, index), &[]);
    }
    b.val("arith.index_cast", &[v], ty, &[])
}

/// Places `pieces` one after another along `dim` in a vector of the op's
/// result type: each is written into a buffer of that type at its offset,
/// and the buffer is read whole. (Inserting them into a vector instead is
/// unrolled element by element by the vector lowering: 1.5 MB of LLVM IR
/// for 2^16 elements.) `pallas-row-loops` computes the pieces into the
/// buffer and reads it in chunks. Sub-byte elements (`i1` masks, 4-bit
/// types) are inserted into a vector: LLVM stores such vectors packed, so
/// a piece written at an offset would not be where a read looks.
fn assemble<'c, 'a>(
    op: &OperationRef<'c, 'a>,
    rw: &Rewriter<'c, 'a>,
    pieces: &[Value<'c, 'a>],
    dim: usize,
) -> Result<(), String> {
    let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
    let b = B::new(rw, op.location());
    let (shape, elem) = (memref_shape(ty), element_type(ty));
    let rank = shape.len();
    if crate::ir::bit_width(elem).is_some_and(|w| w < 8) {
        return assemble_in_vector(&b, op, rw, pieces, dim);
    }
    let buf = super::roll::alloc(&b, &shape, elem);
    let zero = b.cidx(0);
    let mut at = 0i64;
    for p in pieces {
        let offsets = (0..rank).map(|d| if d == dim { b.cidx(at) } else { zero });
        b.write_at(*p, buf, &offsets.collect::<Vec<_>>());
        at += memref_shape(p.r#type())[dim];
    }
    let whole = vec![zero; rank];
    let v = super::reshape::read_and_free(&b, buf, &whole, ty);
    rw.replace_op(op, &[v]);
    Ok(())
}

/// [`assemble`] by inserting the pieces into a zero vector.
fn assemble_in_vector<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    rw: &Rewriter<'c, 'a>,
    pieces: &[Value<'c, 'a>],
    dim: usize,
) -> Result<(), String> {
    let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
    let zero = if is_float(element_type(ty)) {
        "0.0"
    } else {
        "0"
    };
    let mut acc = b.constant(&format!("dense<{zero}> : {ty}"), ty);
    let mut at = 0i64;
    for p in pieces {
        let rank = memref_shape(p.r#type()).len();
        let mut offsets = vec![0i64; rank];
        offsets[dim] = at;
        let strides = vec!["1"; rank].join(", ");
        let offs: Vec<String> = offsets.iter().map(|o| o.to_string()).collect();
        acc = b.val(
            "vector.insert_strided_slice",
            &[*p, acc],
            ty,
            &[
                ("offsets", b.attr(&format!("[{}]", offs.join(", ")))),
                ("strides", b.attr(&format!("[{strides}]"))),
            ],
        );
        at += memref_shape(p.r#type())[dim];
    }
    rw.replace_op(op, &[acc]);
    Ok(())
}
