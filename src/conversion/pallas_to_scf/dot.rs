//! `pallas.dot` -> a register-blocked loop nest over memory: both operands
//! are widened to the result element type and written to buffers once (the
//! right one as [K, N], transposed first when it comes as [N, K]). The
//! result is computed in blocks of `MR` rows by `NC` columns: a loop over
//! the contracted dim carries the block's accumulators (one 1-D vector of
//! `NC` lanes per row) and adds lhs[i, k] * rhs[k, j..j+NC] to them, so they
//! stay in registers and every rhs vector loaded serves `MR` rows. Each
//! block is stored to the result buffer once, which is read back as the
//! result. Rows and columns the blocks do not cover are done by the same
//! nest with one row, or a narrower vector.
//!
//! Every result element is its products summed in k order from zero.
//! Floats accumulate with a fused multiply-add: for bf16 and f16 operands
//! the product of two widened values is exact in f32 (unless it underflows),
//! so this equals a multiply then an add; for f32 operands it rounds once
//! where the two-step form rounds twice, as XLA's contraction of the same
//! sum does (the oracle's dot tolerance covers either).
//!
//! A whole-tile `vector.contract` would be unrolled by the upstream vector
//! lowering into one multiply-add per element triple (a 128x128x128 dot
//! becomes megabytes of LLVM IR); the loops keep the code size independent
//! of the tile.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, Region, RegionLike, Value, ValueLike};

use crate::conversion::common::builder::{identity_map, is_float, value, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{element_type, memref_shape};

/// Rows per register block.
const MR: i64 = 4;
/// Bytes of accumulator per row of a register block: with `MR` rows, four
/// AVX-512 registers a row (16 of 32) plus the rhs vector's four.
const ROW_BYTES: i64 = 256;

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.dot", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let (lhs, rhs) = (operands[0], operands[1]);
        let transpose_lhs = op.attribute("transpose_lhs").is_ok();
        let transpose_rhs = op.attribute("transpose_rhs").is_ok();
        let out_shape = memref_shape(res_ty);
        let (m, n) = (out_shape[0], out_shape[1]);
        let acc_elem = element_type(res_ty);
        let lhs_shape = memref_shape(lhs.r#type());
        let k = if transpose_lhs {
            lhs_shape[0]
        } else {
            lhs_shape[1]
        };

        let lhs = widen(&b, lhs, b.vector(&lhs_shape, acc_elem));
        let lhs_buf = spill(&b, lhs);
        let rhs = widen(&b, rhs, b.vector(&memref_shape(rhs.r#type()), acc_elem));
        let rhs_buf = if transpose_rhs {
            super::transpose::transposed_buffer(&b, rhs)?
        } else {
            spill(&b, rhs)
        };
        let out_buf = b.alloc(b.memref(&out_shape, acc_elem));
        let dot = Dot {
            lhs: lhs_buf,
            rhs: rhs_buf,
            out: out_buf,
            transpose_lhs,
            k,
            elem: acc_elem,
        };
        let lanes = (ROW_BYTES * 8 / crate::ir::bit_width(acc_elem).unwrap_or(32) as i64).max(1);
        let (m_main, n_main) = (m - m % MR, n - n % lanes);
        for (r0, r1, mr) in [(0, m_main, MR), (m_main, m, 1)] {
            for (c0, c1, nc) in [(0, n_main, lanes), (n_main, n, n - n_main)] {
                if r0 < r1 && c0 < c1 {
                    dot.block_nest(&b, (r0, r1, mr), (c0, c1, nc))?;
                }
            }
        }

        let zero = b.cidx(0);
        let pad = b.zero(acc_elem);
        let result = b.transfer_read(
            &[out_buf, zero, zero, pad],
            2,
            &identity_map(2),
            false,
            res_ty,
        );
        for buf in [lhs_buf, rhs_buf, out_buf] {
            b.op("memref.dealloc", &[buf], &[], &[]);
        }
        rw.replace_op(&op, &[result]);
        Ok(())
    });
}

/// The buffers of one dot: lhs [M, K] (or [K, M] when transposed), rhs
/// [K, N] and the result [M, N], all of the accumulator's element type.
struct Dot<'c, 'a> {
    lhs: Value<'c, 'a>,
    rhs: Value<'c, 'a>,
    out: Value<'c, 'a>,
    transpose_lhs: bool,
    k: i64,
    elem: Type<'c>,
}

impl<'c, 'a> Dot<'c, 'a> {
    /// The loops computing result rows `rows.0..rows.1` and columns
    /// `cols.0..cols.1` in blocks of `rows.2` rows by `cols.2` columns (both
    /// ranges are whole multiples of their block size).
    fn block_nest(
        &self,
        b: &B<'_, 'c, 'a>,
        rows: (i64, i64, i64),
        cols: (i64, i64, i64),
    ) -> Result<(), String> {
        let (mr, nc) = (rows.2, cols.2);
        let row_ty = b.vector(&[nc], self.elem);
        let i_loop = for_op(b, rows, &[]);
        b.rw.set_insertion_point_to_end(i_loop.body);
        let j_loop = for_op(b, cols, &[]);
        b.rw.set_insertion_point_to_end(j_loop.body);
        let zero_row = b.zero(row_ty);
        let inits = vec![zero_row; mr as usize];
        let k_loop = for_op(b, (0, self.k, 1), &inits);
        b.rw.set_insertion_point_to_end(k_loop.body);
        let kk = k_loop.iv;
        let rhs_row = b.val("vector.load", &[self.rhs, kk, j_loop.iv], row_ty, &[]);
        let mut sums = vec![];
        for (r, acc) in k_loop.args.iter().enumerate() {
            let i = if r == 0 {
                i_loop.iv
            } else {
                b.add(i_loop.iv, b.cidx(r as i64))
            };
            let at = if self.transpose_lhs { [kk, i] } else { [i, kk] };
            let a = b.val("memref.load", &[self.lhs, at[0], at[1]], self.elem, &[]);
            let a_row = b.val("vector.broadcast", &[a], row_ty, &[]);
            sums.push(if is_float(self.elem) {
                b.val("math.fma", &[a_row, rhs_row, *acc], row_ty, &[])
            } else {
                b.add(*acc, b.mul(a_row, rhs_row))
            });
        }
        b.op("scf.yield", &sums, &[], &[]);
        b.rw.set_insertion_point_after(&k_loop.op);
        for r in 0..mr as usize {
            let i = if r == 0 {
                i_loop.iv
            } else {
                b.add(i_loop.iv, b.cidx(r as i64))
            };
            let sum = value(k_loop.op.result(r).map_err(|e| e.to_string())?);
            b.op("vector.store", &[sum, self.out, i, j_loop.iv], &[], &[]);
        }
        b.op("scf.yield", &[], &[], &[]);
        b.rw.set_insertion_point_after(&j_loop.op);
        b.op("scf.yield", &[], &[], &[]);
        b.rw.set_insertion_point_after(&i_loop.op);
        Ok(())
    }
}

/// An `scf.for` inserted with an empty body (no terminator yet).
struct For<'c, 'a> {
    op: OperationRef<'c, 'a>,
    iv: Value<'c, 'a>,
    args: Vec<Value<'c, 'a>>,
    body: melior::ir::BlockRef<'c, 'a>,
}

/// `scf.for %iv = lo to hi step step iter_args(inits)` from the static
/// bounds `(lo, hi, step)`; the caller fills the body and its `scf.yield`.
fn for_op<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    (lo, hi, step): (i64, i64, i64),
    inits: &[Value<'c, 'a>],
) -> For<'c, 'a> {
    let mut arg_types = vec![(b.index(), b.loc)];
    arg_types.extend(inits.iter().map(|v| (v.r#type(), b.loc)));
    let block = Block::new(&arg_types);
    let region = Region::new();
    region.append_block(block);
    let mut operands = vec![b.cidx(lo), b.cidx(hi), b.cidx(step)];
    operands.extend_from_slice(inits);
    let types: Vec<Type<'c>> = inits.iter().map(|v| v.r#type()).collect();
    let op =
        b.rw.insert(b.build("scf.for", &operands, &types, &[], vec![region]));
    let body = crate::ir::body_block(&op).expect("scf.for body");
    let iv = value(body.argument(0).expect("iv"));
    let args = (1..=inits.len())
        .map(|i| value(body.argument(i).expect("iter arg")))
        .collect();
    For { op, iv, args, body }
}

/// A buffer holding the 2-D vector `v`.
fn spill<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    let ty = v.r#type();
    let buf = b.alloc(b.memref(&memref_shape(ty), element_type(ty)));
    let zero = b.cidx(0);
    b.transfer_write(&[v, buf, zero, zero], 2, &identity_map(2), false);
    buf
}

/// `v` (a scalar or a 1-D vector) converted to `to`, the accumulator's
/// element type or a vector of it.
fn widen<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, to: Type<'c>) -> Value<'c, 'a> {
    let from = v.r#type();
    if from == to {
        return v;
    }
    let scalar = |t: Type<'c>| {
        if crate::ir::is_vector(t) {
            element_type(t)
        } else {
            t
        }
    };
    let (from_elem, to_elem) = (scalar(from), scalar(to));
    let width = |t: Type| crate::ir::bit_width(t).unwrap_or(0);
    let name = match (is_float(from_elem), is_float(to_elem)) {
        (true, true) if width(from_elem) < width(to_elem) => "arith.extf",
        (true, true) => "arith.truncf",
        (false, false) if width(from_elem) < width(to_elem) => "arith.extsi",
        (false, false) => "arith.trunci",
        (false, true) => "arith.sitofp",
        (true, false) => "arith.fptosi",
    };
    b.val(name, &[v], to, &[])
}
