//! Reductions of WGMMA-layout vectors along their columns, and the
//! broadcast back.
//!
//! The elements of one row of a WGMMA-layout fragment are spread over the
//! registers of one thread (the 8-column groups) and over the four lanes
//! `4 q .. 4 q + 3` of its warp (the column pairs): a thread combines its
//! registers, then the four lanes exchange partial results with two
//! butterfly shuffles (xor 1, xor 2), so that every lane ends with the row's
//! value: the row layout's replicated copies. No shared memory is needed.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use super::fragments::{self, Frag, Layout};
use super::{elem, operands, unsupported, Lowerer};
use crate::ir;
use crate::ir::builder::B;

/// The scalar op of a `vector.kind`.
fn combiner(kind: &str, float: bool) -> Option<&'static str> {
    Some(match (kind, float) {
        ("add", true) => "arith.addf",
        ("add", false) => "arith.addi",
        ("mul", true) => "arith.mulf",
        ("mul", false) => "arith.muli",
        ("maximumf", true) => "arith.maximumf",
        ("minimumf", true) => "arith.minimumf",
        ("maxnumf", true) => "arith.maxnumf",
        ("minnumf", true) => "arith.minnumf",
        ("maxsi", false) => "arith.maxsi",
        ("minsi", false) => "arith.minsi",
        ("maxui", false) => "arith.maxui",
        ("minui", false) => "arith.minui",
        ("and", false) => "arith.andi",
        ("or", false) => "arith.ori",
        ("xor", false) => "arith.xori",
        _ => return None,
    })
}

fn extract<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, i: i64, t: Type<'c>) -> Value<'c, 'a> {
    b.val(
        "vector.extract",
        &[v],
        t,
        &[("static_position", b.dense_i64_attr(&[i]))],
    )
}

/// `vector.multi_reduction` of an `M x N` WGMMA-layout vector over
/// dimension 1 into an `M` row-layout vector.
pub(super) fn multi_reduction<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let ins = operands(&op);
    let (src, acc) = (ins[0], ins[1]);
    let result = ir::result_of(op, 0);
    let dims = op
        .attribute("reduction_dims")
        .map(ir::dense_i64)
        .map_err(|_| "no reduction_dims".to_string())?;
    let kind_text = op
        .attribute("kind")
        .map(|a| a.to_string())
        .map_err(|_| "no kind".to_string())?;
    let kind = kind_text
        .trim_start_matches("#vector.kind<")
        .trim_end_matches('>');
    let shape = ir::memref_shape(src.r#type());
    let in_layouts = fragments::layouts(&op, "in_layouts")?;
    let src_layout = in_layouts
        .first()
        .cloned()
        .ok_or("no in_layouts")?
        .shaped(&shape)?;
    let out = fragments::single_layout_of(&op, "out_layouts", &ir::memref_shape(result.r#type()))?;
    if !matches!(src_layout, Layout::Wgmma { .. })
        || !matches!(out, Layout::WgmmaRow { .. })
        || dims != [1]
    {
        return Err(unsupported(format!(
            "this reduction (over {dims:?}, from {src_layout:?} to {out:?}; only WGMMA-layout \
             rows)"
        )));
    }
    let e = elem(src.r#type());
    let float = ir::is_float(e);
    let comb = combiner(kind, float)
        .ok_or_else(|| unsupported(format!("reductions of kind {kind} on {e}")))?;
    if ir::bit_width(e) != Some(32) {
        return Err(unsupported(format!(
            "reductions of {e} (the shuffles take 32 bits)"
        )));
    }
    let b = l.b(&op);
    let regs = l.regs_in(&b, src, &src_layout)?;
    let acc_regs = l.regs_in(&b, acc, &out)?;
    let groups = (shape[1] / 8) as usize;
    let shfl_kind = b.attr("#nvvm<shfl_kind bfly>");
    let mut out_regs = vec![];
    for mb in 0..(shape[0] / 64) as usize {
        for h in 0..2 {
            // This thread's registers of the row: (mb, i, h) for every i.
            let mut x: Option<Value> = None;
            for i in 0..groups {
                let r = regs[(mb * groups + i) * 2 + h];
                for j in 0..2 {
                    let s = extract(&b, r, j, e);
                    x = Some(match x {
                        None => s,
                        Some(p) => b.bin(comb, p, s),
                    });
                }
            }
            let mut x = x.ok_or("a reduction of an empty row")?;
            for offset in [1, 2] {
                let other = b.val(
                    "nvvm.shfl.sync",
                    &[b.ci32(-1), x, b.ci32(offset), b.ci32(31)],
                    e,
                    &[("kind", shfl_kind)],
                );
                x = b.bin(comb, x, other);
            }
            let a = extract(&b, acc_regs[mb * 2 + h], 0, e);
            x = b.bin(comb, x, a);
            out_regs.push(b.val("vector.broadcast", &[x], out.register_type(e), &[]));
        }
    }
    l.replace_vector(
        op,
        0,
        Frag {
            layout: out,
            regs: out_regs,
        },
    );
    Ok(())
}

/// `mosaic_gpu.broadcast_in_dim` of a row-layout vector along the columns
/// of a WGMMA-layout one.
pub(super) fn broadcast_in_dim<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let src = ir::operand_at(&op, 0).ok_or("broadcast_in_dim without an operand")?;
    let result = ir::result_of(op, 0);
    let shape = ir::memref_shape(result.r#type());
    let dims = op
        .attribute("broadcast_dimensions")
        .map(ir::dense_i64)
        .map_err(|_| "no broadcast_dimensions".to_string())?;
    let in_layout =
        fragments::single_layout_of(&op, "in_layouts", &ir::memref_shape(src.r#type()))?;
    let out = fragments::single_layout_of(&op, "out_layouts", &shape)?;
    let b = l.b(&op);
    let groups = (shape[1] / 8) as usize;
    let m_blocks = (shape[0] / 64) as usize;
    if matches!(in_layout, Layout::WgmmaCol { .. })
        && matches!(out, Layout::Wgmma { .. })
        && dims == [1]
    {
        // Column group i of the source is register (mb, i, h) of every row.
        let cols = l.regs_in(&b, src, &in_layout)?;
        let mut regs = vec![];
        for _ in 0..m_blocks {
            for c in &cols {
                regs.extend([*c, *c]);
            }
        }
        l.replace_vector(op, 0, Frag { layout: out, regs });
        return Ok(());
    }
    if !matches!(in_layout, Layout::WgmmaRow { .. })
        || !matches!(out, Layout::Wgmma { .. })
        || dims != [0]
    {
        return Err(unsupported(format!(
            "this broadcast (dimensions {dims:?}, from {in_layout:?} to {out:?}; only rows \
             or columns into the WGMMA layout)"
        )));
    }
    let rows = l.regs_in(&b, src, &in_layout)?;
    let e = elem(src.r#type());
    let mut regs = vec![];
    for mb in 0..m_blocks {
        let pair: Vec<Value> = (0..2)
            .map(|h| {
                let s = extract(&b, rows[mb * 2 + h], 0, e);
                b.val("vector.broadcast", &[s], out.register_type(e), &[])
            })
            .collect();
        for _ in 0..groups {
            regs.extend_from_slice(&pair);
        }
    }
    l.replace_vector(op, 0, Frag { layout: out, regs });
    Ok(())
}
