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

/// A reduction's source shape, reduced dims, and whether its elements are
/// floats.
fn reduction_parts(op: &OperationRef) -> Option<(Vec<i64>, Vec<i64>, bool)> {
    let ty = crate::ir::operand_at(op, 0)?.r#type();
    let dims = op
        .attribute("reduction_dims")
        .map(dense_i64)
        .unwrap_or_default();
    let float = crate::conversion::common::builder::is_float(element_type(ty));
    Some((memref_shape(ty), dims, float))
}

/// Whether `op` reduces a 2-D tile (more than one row, or one long row)
/// over its leading dim only, with a kind this file knows.
pub(super) fn is_leading_reduction(op: &OperationRef) -> bool {
    let Some((shape, dims, float)) = reduction_parts(op) else {
        return false;
    };
    let rank = shape.len();
    // (A single row is a chunked loop too when it is long: the vector
    // lowering's form of it did not finish for 2^20 lanes. A dim between
    // others of a 3-D or larger tile is reduced the same way, over the
    // dims around it: the vector lowering did not finish for 2^20
    // elements.)
    let leading_2d = rank == 2 && dims == [0] && (shape[0] > 1 || shape[1] > 64);
    let inner = rank >= 3 && dims.len() == 1 && dims[0] < rank as i64 - 1;
    (leading_2d || inner) && kind_of(op).and_then(|k| combiner(k, float)).is_some()
}

/// Whether `op` reduces a large vector (more than 4096 elements) over two
/// or more of its last dims (all of them included), with a kind this file
/// knows: the vector lowering flattens such a vector element by element
/// (1024x1024 to a scalar did not finish in 40 s).
fn is_multi_dim_reduction(op: &OperationRef) -> bool {
    let Some((shape, dims, float)) = reduction_parts(op) else {
        return false;
    };
    dims.len() >= 2
        && shape.iter().product::<i64>() > 4096
        && kind_of(op).and_then(|k| combiner(k, float)).is_some()
}

/// Whether this file rewrites `op`.
pub(super) fn is_rewritten(op: &OperationRef) -> bool {
    is_leading_reduction(op) || is_multi_dim_reduction(op)
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("vector.multi_reduction", Some(tc), |op, operands, rw| {
        if is_multi_dim_reduction(&op) {
            return reduce_each_dim(&op, operands, rw);
        }
        if !is_leading_reduction(&op) {
            return Err("not a reduction over one dim before the last".into());
        }
        let (source, init) = (operands[0], operands[1]);
        let ty = source.r#type();
        let (shape, elem) = (memref_shape(ty), element_type(ty));
        let float = crate::conversion::common::builder::is_float(elem);
        let combine = kind_of(&op)
            .and_then(|k| combiner(k, float))
            .ok_or("unknown reduction kind")?;
        let dim = dense_i64(op.attribute("reduction_dims").map_err(|e| e.to_string())?)[0] as usize;
        let rank = shape.len();
        let mut kept = shape.clone();
        kept.remove(dim);
        let b = B::new(rw, op.location());
        let tile = b.alloc(b.memref(&shape, elem));
        let acc = b.alloc(b.memref(&kept, elem));
        let zero = b.cidx(0);
        let mut write = vec![source, tile];
        write.extend(std::iter::repeat_n(zero, rank));
        b.transfer_write(&write, rank, &identity_map(rank), false);
        let mut write = vec![init, acc];
        write.extend(std::iter::repeat_n(zero, rank - 1));
        b.transfer_write(&write, rank - 1, &identity_map(rank - 1), false);
        // A loop over every dim, the reduced one outside the dims after it
        // (each step folds one slice into the accumulator), the last in
        // chunks of at most 64 lanes (a whole long row as one vector would
        // reach LLVM as one value).
        let last = shape[rank - 1];
        let w = crate::transforms::row_loops::chunk_width(last);
        let (chunk, step) = (b.vector(&[w], elem), b.cidx(w));
        let mut ivs = vec![zero; rank];
        let mut outer = None;
        for d in 0..rank {
            let (iv, end) = b.for_loop(zero, b.cidx(shape[d]));
            let for_op = end.parent_operation().ok_or("scf.for without parent")?;
            if d == rank - 1 {
                crate::ir::set_operand(&for_op, 2, step);
            }
            outer.get_or_insert(for_op);
            rw.set_insertion_point_before(&end);
            ivs[d] = iv;
        }
        let mut at_acc = vec![acc];
        at_acc.extend((0..rank).filter(|d| *d != dim).map(|d| ivs[d]));
        let mut at_tile = vec![tile];
        at_tile.extend(ivs.iter().copied());
        let so_far = b.val("vector.load", &at_acc, chunk, &[]);
        let row = b.val("vector.load", &at_tile, chunk, &[]);
        let next = b.bin(combine, so_far, row);
        let mut store = vec![next];
        store.extend(at_acc);
        b.op("vector.store", &store, &[], &[]);
        rw.set_insertion_point_after(&outer.ok_or("no loop")?);
        let mut read = vec![acc];
        read.extend(std::iter::repeat_n(zero, rank - 1));
        read.push(b.zero(elem));
        let result = b.transfer_read(
            &read,
            rank - 1,
            &identity_map(rank - 1),
            false,
            init.r#type(),
        );
        for buf in [tile, acc] {
            b.op("memref.dealloc", &[buf], &[], &[]);
        }
        rw.replace_op(&op, &[result]);
        Ok(())
    });
}

/// A reduction over `k >= 2` dims as `k` reductions over one dim, the
/// innermost first (over the last dim `pallas-row-loops` computes them in
/// chunks; over another, the loops above). Only
/// the last takes the accumulator; the others start from the kind's
/// identity (-0.0 for a float sum: x + -0.0 is x for every x), or, for the
/// idempotent kinds (min, max, and, or), from the accumulator too, which
/// they may combine any number of times.
fn reduce_each_dim<'c, 'a>(
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
    let mut dims = dense_i64(op.attribute("reduction_dims").map_err(|e| e.to_string())?);
    // Innermost first: removing a dim leaves the indices of those before
    // it as they were.
    dims.sort_unstable_by(|a, b| b.cmp(a));
    let b = B::new(rw, op.location());
    let identity = match (kind, float) {
        (0, true) => Some("-0.0".to_string()),
        (0, false) | (10, false) => Some("0".to_string()),
        (1, true) => Some("1.0".to_string()),
        (1, false) => Some("1".to_string()),
        _ => None,
    };
    // The original dims of the vector so far.
    let mut dims_now: Vec<usize> = (0..shape.len()).collect();
    for (step, d) in dims.iter().enumerate() {
        let d = *d as usize;
        dims_now.retain(|x| *x != d);
        let out_shape: Vec<i64> = dims_now.iter().map(|x| shape[*x]).collect();
        let init = if step + 1 == dims.len() {
            acc
        } else {
            let out_ty = b.vector(&out_shape, elem);
            match &identity {
                Some(x) => b.constant(&format!("dense<{x}> : {out_ty}"), out_ty),
                None if crate::ir::is_vector(acc.r#type()) => {
                    // The accumulator has the dims the whole reduction
                    // keeps; this step's result also has those still to
                    // reduce, which it gets as unit dims to broadcast along.
                    let later = &dims[step + 1..];
                    let unit: Vec<i64> = dims_now
                        .iter()
                        .map(|x| {
                            if later.contains(&(*x as i64)) {
                                1
                            } else {
                                shape[*x]
                            }
                        })
                        .collect();
                    let column = b.val("vector.shape_cast", &[acc], b.vector(&unit, elem), &[]);
                    b.val("vector.broadcast", &[column], out_ty, &[])
                }
                None => b.val("vector.broadcast", &[acc], out_ty, &[]),
            }
        };
        let res_ty = if out_shape.is_empty() {
            elem
        } else {
            init.r#type()
        };
        // Dims after `d` are gone already: `d` is still at its place.
        v = b.val(
            "vector.multi_reduction",
            &[v, init],
            res_ty,
            &[
                ("kind", kind_attr),
                ("reduction_dims", b.attr(&format!("array<i64: {d}>"))),
            ],
        );
    }
    rw.replace_op(op, &[v]);
    Ok(())
}
