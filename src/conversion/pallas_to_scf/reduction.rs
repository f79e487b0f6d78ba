//! `vector.multi_reduction` over the leading dim of a 2-D tile -> the tile
//! written to a buffer and a loop folding its rows, in chunks of at most 64
//! lanes, into the accumulator (a buffer; `pallas-row-loops` computes the
//! tile into the buffer and its users from the result, chunk by chunk).
//!
//! The pipeline's `lower-vector-multi-reduction{lowering-strategy=
//! inner-reduction}` keeps reductions over the minor dim compact (one
//! `vector.reduction` per row) but transposes a tile element by element to
//! reduce over its leading dim (a 128x128 column sum: 8 MB of LLVM
//! dialect); the row loop does not grow with the tile.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

use crate::conversion::common::builder::{dense_i64, identity_map, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{element_type, memref_shape};

/// The `arith` op combining two vectors for a `#vector.kind`, by the kind's
/// position in the enum (`add`, `mul`, `minui`, `minsi`, `minnumf`,
/// `maxui`, `maxsi`, `maxnumf`, `and`, `or`, `xor`, `maximumf`, `minimumf`).
fn combiner(kind: i64, float: bool) -> Option<&'static str> {
    Some(match (kind, float) {
        (0, true) => "arith.addf",
        (0, false) => "arith.addi",
        (1, true) => "arith.mulf",
        (1, false) => "arith.muli",
        (2, false) => "arith.minui",
        (3, false) => "arith.minsi",
        (4, true) => "arith.minnumf",
        (5, false) => "arith.maxui",
        (6, false) => "arith.maxsi",
        (7, true) => "arith.maxnumf",
        (8, false) => "arith.andi",
        (9, false) => "arith.ori",
        (10, false) => "arith.xori",
        (11, true) => "arith.maximumf",
        (12, true) => "arith.minimumf",
        _ => return None,
    })
}

fn kind_of(op: &OperationRef) -> Option<i64> {
    let kind = op.attribute("kind").ok()?;
    let text = kind.to_string();
    let name = text.strip_prefix("#vector.kind<")?.strip_suffix('>')?;
    let names = [
        "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor",
        "maximumf", "minimumf",
    ];
    names.iter().position(|n| *n == name).map(|p| p as i64)
}

/// Whether `op` reduces a 2-D tile (more than one row, or one long row)
/// over its leading dim only, with a kind this file knows.
pub(super) fn is_leading_reduction(op: &OperationRef) -> bool {
    let Some(source) = crate::ir::operand_at(op, 0) else {
        return false;
    };
    let shape = memref_shape(source.r#type());
    let float = crate::conversion::common::builder::is_float(element_type(source.r#type()));
    // (A single row is a chunked loop too when it is long: the vector
    // lowering's form of it did not finish for 2^20 lanes.)
    shape.len() == 2
        && (shape[0] > 1 || shape[1] > 64)
        && op
            .attribute("reduction_dims")
            .map(|d| dense_i64(d) == [0])
            .unwrap_or(false)
        && kind_of(op).and_then(|k| combiner(k, float)).is_some()
}

/// Whether `op` reduces a large vector (more than 4096 elements) over two
/// or more of its last dims (all of them included), with a kind this file
/// knows: the vector lowering flattens such a vector element by element
/// (1024x1024 to a scalar did not finish in 40 s).
fn is_suffix_reduction(op: &OperationRef) -> bool {
    let Some(source) = crate::ir::operand_at(op, 0) else {
        return false;
    };
    let shape = memref_shape(source.r#type());
    let float = crate::conversion::common::builder::is_float(element_type(source.r#type()));
    let dims = op
        .attribute("reduction_dims")
        .map(dense_i64)
        .unwrap_or_default();
    let rank = shape.len() as i64;
    dims.len() >= 2
        && dims.iter().copied().eq(rank - dims.len() as i64..rank)
        && shape.iter().product::<i64>() > 4096
        && kind_of(op).and_then(|k| combiner(k, float)).is_some()
}

/// Whether this file rewrites `op`.
pub(super) fn is_rewritten(op: &OperationRef) -> bool {
    is_leading_reduction(op) || is_suffix_reduction(op)
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("vector.multi_reduction", Some(tc), |op, operands, rw| {
        if is_suffix_reduction(&op) {
            return reduce_suffix(&op, operands, rw);
        }
        if !is_leading_reduction(&op) {
            return Err("not a leading-dim reduction of a 2-D tile".into());
        }
        let (source, init) = (operands[0], operands[1]);
        let ty = source.r#type();
        let (shape, elem) = (memref_shape(ty), element_type(ty));
        let float = crate::conversion::common::builder::is_float(elem);
        let combine = kind_of(&op)
            .and_then(|k| combiner(k, float))
            .ok_or("unknown reduction kind")?;
        let b = B::new(rw, op.location());
        let tile = b.alloc(b.memref(&shape, elem));
        let acc = b.alloc(b.memref(&shape[1..], elem));
        let zero = b.cidx(0);
        b.transfer_write(&[source, tile, zero, zero], 2, &identity_map(2), false);
        b.transfer_write(&[init, acc, zero], 1, &identity_map(1), false);
        // Row by row, in chunks of at most 64 lanes (a whole long row as
        // one vector would reach LLVM as one value).
        let w = crate::transforms::row_loops::chunk_width(shape[1]);
        let (chunk, step) = (b.vector(&[w], elem), b.cidx(w));
        let (r, r_end) = b.for_loop(zero, b.cidx(shape[0]));
        rw.set_insertion_point_before(&r_end);
        let (c, c_end) = b.for_loop(zero, b.cidx(shape[1]));
        let lanes = c_end.parent_operation().ok_or("scf.for without parent")?;
        crate::ir::set_operand(&lanes, 2, step);
        rw.set_insertion_point_before(&c_end);
        let so_far = b.val("vector.load", &[acc, c], chunk, &[]);
        let row = b.val("vector.load", &[tile, r, c], chunk, &[]);
        let next = b.bin(combine, so_far, row);
        b.op("vector.store", &[next, acc, c], &[], &[]);
        let outer = r_end.parent_operation().ok_or("scf.for without parent")?;
        rw.set_insertion_point_after(&outer);
        let pad = b.zero(elem);
        let result = b.transfer_read(&[acc, zero, pad], 1, &identity_map(1), false, init.r#type());
        for buf in [tile, acc] {
            b.op("memref.dealloc", &[buf], &[], &[]);
        }
        rw.replace_op(&op, &[result]);
        Ok(())
    });
}

/// A reduction over the last `k >= 2` dims as `k` reductions over the last
/// dim (`pallas-row-loops` computes those in chunks), innermost first. Only
/// the last takes the accumulator; the others start from the kind's
/// identity (-0.0 for a float sum: x + -0.0 is x for every x), or, for the
/// idempotent kinds (min, max, and, or), from the accumulator too, which
/// they may combine any number of times.
fn reduce_suffix<'c, 'a>(
    op: &OperationRef<'c, 'a>,
    operands: &[melior::ir::Value<'c, 'a>],
    rw: &crate::conversion::framework::Rewriter<'c, 'a>,
) -> Result<(), String> {
    let (mut v, acc) = (operands[0], operands[1]);
    let ty = v.r#type();
    let (shape, elem) = (memref_shape(ty), element_type(ty));
    let float = crate::conversion::common::builder::is_float(elem);
    let kind = kind_of(op).ok_or("unknown reduction kind")?;
    let kind_attr = op.attribute("kind").map_err(|e| e.to_string())?;
    let dims = dense_i64(op.attribute("reduction_dims").map_err(|e| e.to_string())?);
    let b = B::new(rw, op.location());
    let identity = match (kind, float) {
        (0, true) => Some("-0.0".to_string()),
        (0, false) | (10, false) => Some("0".to_string()),
        (1, true) => Some("1.0".to_string()),
        (1, false) => Some("1".to_string()),
        _ => None,
    };
    let mut rank = shape.len();
    for step in 0..dims.len() {
        let last = step + 1 == dims.len();
        let out_shape = &shape[..rank - 1];
        let init = if last {
            acc
        } else {
            let out_ty = b.vector(out_shape, elem);
            match &identity {
                Some(x) => b.constant(&format!("dense<{x}> : {out_ty}"), out_ty),
                None if crate::ir::is_vector(acc.r#type()) => {
                    // The accumulator has the leading dims the whole
                    // reduction keeps; this step's result has more, which
                    // it gets as unit dims to broadcast along.
                    let mut unit = memref_shape(acc.r#type());
                    unit.resize(out_shape.len(), 1);
                    let column = b.val("vector.shape_cast", &[acc], b.vector(&unit, elem), &[]);
                    b.val("vector.broadcast", &[column], out_ty, &[])
                }
                None => b.val("vector.broadcast", &[acc], out_ty, &[]),
            }
        };
        let res_ty = if rank == 1 { elem } else { init.r#type() };
        v = b.val(
            "vector.multi_reduction",
            &[v, init],
            res_ty,
            &[
                ("kind", kind_attr),
                ("reduction_dims", b.attr(&format!("array<i64: {}>", rank - 1))),
            ],
        );
        rank -= 1;
    }
    rw.replace_op(op, &[v]);
    Ok(())
}
