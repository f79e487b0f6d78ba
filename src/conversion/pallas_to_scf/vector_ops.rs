//! The pallas vector compute ops on the CPU: `pallas.iota` is a constant
//! (of an n-D tile: the counts along its dim only, broadcast to the tile,
//! so a 256x256 iota is not a 256 KB literal and `pallas-row-loops` can
//! remake it per row),
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
        let shape = memref_shape(ty);
        let dim = int_attr(&op, "dimension")? as usize;
        let b = B::new(rw, op.location());
        if shape.len() < 2 {
            let v = b.constant(&iota_literal(&shape, dim, ty), ty);
            rw.replace_op(&op, &[v]);
            return Ok(());
        }
        // The counts along `dim` followed by unit dims (the leading unit
        // dims left out: a broadcast aligns to the right).
        let mut counts = vec![1i64; shape.len() - dim];
        counts[0] = shape[dim];
        let small = b.vector(&counts, element_type(ty));
        let c = b.constant(&iota_literal(&counts, 0, small), small);
        let v = b.val("vector.broadcast", &[c], ty, &[]);
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

/// `dense<[[0, 1, ..], ..]>` with each element its index along `dim`; in
/// an integer type narrower than the indices they wrap around (two's
/// complement, `i1` as 0/1), as integer arithmetic does.
fn iota_literal(shape: &[i64], dim: usize, ty: Type) -> String {
    let width = crate::ir::integer_width(element_type(ty)).unwrap_or(64);
    let wrap = move |idx: i64| -> i64 {
        match width {
            1 => idx & 1,
            w if w < 64 => (idx << (64 - w)) >> (64 - w),
            _ => idx,
        }
    };
    fn rec(
        shape: &[i64],
        at: usize,
        dim: usize,
        idx: i64,
        out: &mut String,
        wrap: &dyn Fn(i64) -> i64,
    ) {
        if at == shape.len() {
            out.push_str(&wrap(idx).to_string());
            return;
        }
        out.push('[');
        for i in 0..shape[at] {
            if i > 0 {
                out.push_str(", ");
            }
            rec(
                shape,
                at + 1,
                dim,
                if at == dim { i } else { idx },
                out,
                wrap,
            );
        }
        out.push(']');
    }
    let mut s = String::new();
    rec(shape, 0, dim, 0, &mut s, &wrap);
    format!("dense<{s}> : {ty}")
}

/// Places `pieces` one after another along `dim` in a vector of the op's
/// result type.
fn assemble<'c, 'a>(
    op: &OperationRef<'c, 'a>,
    rw: &Rewriter<'c, 'a>,
    pieces: &[Value<'c, 'a>],
    dim: usize,
) -> Result<(), String> {
    let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
    let b = B::new(rw, op.location());
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
