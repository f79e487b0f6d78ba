//! Whole-vector `arith`/`math` ops, constants, broadcasts and layout casts
//! on fragments: the same op once per register (a splat's single scalar
//! stays one op).

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

use super::fragments::{self, Frag, Layout};
use super::{elem, operands, unsupported, Lowerer, ANNOTATIONS};
use crate::ir;

pub(super) fn elementwise<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let name = ir::op_name_of(&op);
    if op.result_count() != 1 {
        return Err(unsupported(format!(
            "`{name}` with {} results",
            op.result_count()
        )));
    }
    let result = ir::result_of(op, 0);
    if !ir::is_vector(result.r#type()) {
        return Err(unsupported(format!("`{name}` from vectors to a scalar")));
    }
    let out = fragments::single_layout_of(&op, "out_layouts", &ir::memref_shape(result.r#type()))?;
    let b = l.b(&op);
    let mut per_operand = vec![];
    for v in operands(&op) {
        if ir::is_vector(v.r#type()) {
            per_operand.push(l.regs_in(&b, v, &out)?);
        } else {
            per_operand.push(vec![v; out.registers()]);
        }
    }
    let kept: Vec<(String, melior::ir::attribute::Attribute)> = op
        .attributes()
        .filter_map(|(n, a)| {
            let n = n.as_string_ref().as_str().ok()?.to_string();
            (!ANNOTATIONS.contains(&n.as_str())).then_some((n, a))
        })
        .collect();
    let attrs: Vec<(&str, melior::ir::attribute::Attribute)> =
        kept.iter().map(|(n, a)| (n.as_str(), *a)).collect();
    let rt = out.register_type(elem(result.r#type()));
    let regs = (0..out.registers())
        .map(|i| {
            let ins: Vec<_> = per_operand.iter().map(|r| r[i]).collect();
            b.val(name, &ins, rt, &attrs)
        })
        .collect();
    l.replace_vector(op, 0, Frag { layout: out, regs });
    Ok(())
}

/// `arith.constant dense<c>`: the scalar `c`, broadcast into each register
/// of a strided layout.
pub(super) fn constant<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let shape = ir::memref_shape(ir::result_of(op, 0).r#type());
    let out = fragments::single_layout_of(&op, "out_layouts", &shape)?;
    let b = l.b(&op);
    let c = splat_scalar(&b, &op)?;
    let regs = splat_into(&b, c, &out);
    l.replace_vector(op, 0, Frag { layout: out, regs });
    Ok(())
}

/// The scalar of a splat `arith.constant` of a vector, built with `b`.
pub(super) fn splat_scalar<'c, 'a>(
    b: &crate::ir::builder::B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
) -> Result<melior::ir::Value<'c, 'a>, String> {
    let result = ir::result_of(*op, 0);
    let e = elem(result.r#type());
    let text = op
        .attribute("value")
        .map_err(|_| "constant without a value".to_string())?
        .to_string();
    let scalar = text
        .strip_prefix("dense<")
        .and_then(|t| t.rsplit_once("> :"))
        .map(|(v, _)| v)
        .filter(|v| !v.starts_with('[') && !v.starts_with('"'))
        .ok_or_else(|| unsupported(format!("a vector constant that is not a splat: {text}")))?;
    Ok(b.val(
        "arith.constant",
        &[],
        e,
        &[("value", b.attr(&format!("{scalar} : {e}")))],
    ))
}

fn splat_into<'c, 'a>(
    b: &crate::ir::builder::B<'_, 'c, 'a>,
    s: melior::ir::Value<'c, 'a>,
    out: &Layout,
) -> Vec<melior::ir::Value<'c, 'a>> {
    match out {
        Layout::Splat { .. } => vec![s],
        _ => {
            let r = b.val("vector.broadcast", &[s], out.register_type(s.r#type()), &[]);
            vec![r; out.registers()]
        }
    }
}

/// `vector.broadcast`/`vector.splat` of a scalar.
pub(super) fn broadcast<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let src = ir::operand_at(&op, 0).ok_or("broadcast without an operand")?;
    if ir::is_vector(src.r#type()) {
        return Err(unsupported("a broadcast of a vector"));
    }
    let shape = ir::memref_shape(ir::result_of(op, 0).r#type());
    let out = fragments::single_layout_of(&op, "out_layouts", &shape)?;
    let b = l.b(&op);
    let regs = splat_into(&b, src, &out);
    l.replace_vector(op, 0, Frag { layout: out, regs });
    Ok(())
}

/// `mosaic_gpu.layout_cast`: the registers in the new layout.
pub(super) fn layout_cast<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let shape = ir::memref_shape(ir::result_of(op, 0).r#type());
    let out = fragments::single_layout_of(&op, "out_layouts", &shape)?;
    let src = ir::operand_at(&op, 0).ok_or("layout_cast without an operand")?;
    let b = l.b(&op);
    let regs = l.regs_in(&b, src, &out)?;
    l.replace_vector(op, 0, Frag { layout: out, regs });
    Ok(())
}

/// `mosaic_gpu.optimization_barrier`: the registers go through unchanged
/// (jaxlib pins them with an empty inline-asm statement so that LLVM does not
/// move computations across it; this keeps the values, not that ordering).
pub(super) fn optimization_barrier<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let ins = operands(&op);
    let outs = fragments::layouts(&op, "out_layouts")?;
    if ins.len() != op.result_count() || outs.len() != ins.len() {
        return Err(unsupported("an optimization barrier on scalars"));
    }
    let b = l.b(&op);
    for (i, (v, layout)) in ins.into_iter().zip(outs).enumerate() {
        let layout = layout.shaped(&ir::memref_shape(v.r#type()))?;
        let regs = l.regs_in(&b, v, &layout)?;
        l.replace_vector(op, i, Frag { layout, regs });
    }
    Ok(())
}

/// `vector.extract_strided_slice` of a WGMMA-layout vector on whole 64-row
/// blocks and 8-column groups: a subset of its registers.
pub(super) fn extract_strided_slice<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let src = ir::operand_at(&op, 0).ok_or("extract_strided_slice without an operand")?;
    let shape = ir::memref_shape(src.r#type());
    let out_shape = ir::memref_shape(ir::result_of(op, 0).r#type());
    let in_layout = fragments::single_layout_of(&op, "in_layouts", &shape)?;
    let out = fragments::single_layout_of(&op, "out_layouts", &out_shape)?;
    let get = |name: &str| -> Vec<i64> {
        op.attribute(name)
            .ok()
            .map(|a| {
                ir::array_elements(a)
                    .into_iter()
                    .filter_map(ir::integer_attr_value)
                    .collect()
            })
            .unwrap_or_default()
    };
    let (offsets, sizes, strides) = (get("offsets"), get("sizes"), get("strides"));
    let whole = offsets.len() == 2
        && sizes == out_shape
        && strides.iter().all(|&s| s == 1)
        && offsets[0] % 64 == 0
        && offsets[1] % 8 == 0;
    if !matches!(in_layout, Layout::Wgmma { .. }) || !matches!(out, Layout::Wgmma { .. }) || !whole
    {
        return Err(unsupported(format!(
            "this strided slice (offsets {offsets:?}, sizes {sizes:?}, {in_layout:?} to \
             {out:?}; only WGMMA-layout slices on 64-row blocks and 8-column groups)"
        )));
    }
    let b = l.b(&op);
    let regs = l.regs_in(&b, src, &in_layout)?;
    let groups = (shape[1] / 8) as usize;
    let (mb0, i0) = ((offsets[0] / 64) as usize, (offsets[1] / 8) as usize);
    let mut out_regs = vec![];
    for mb in mb0..mb0 + (sizes[0] / 64) as usize {
        for i in i0..i0 + (sizes[1] / 8) as usize {
            out_regs.extend_from_slice(&regs[(mb * groups + i) * 2..(mb * groups + i) * 2 + 2]);
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

/// `mosaic_gpu.broadcasted_iota` in the WGMMA layout: each register holds
/// the row (dimension 0) or the two column indices (dimension 1) of its
/// elements.
pub(super) fn broadcasted_iota<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let result = ir::result_of(op, 0);
    let shape = ir::memref_shape(result.r#type());
    let layout = fragments::single_layout_of(&op, "out_layouts", &shape)?;
    let dim = ir::int_attr(&op, "dimension").ok_or("broadcasted_iota without a dimension")?;
    let e = elem(result.r#type());
    if !matches!(layout, Layout::Wgmma { .. }) || !ir::is_integer(e) {
        return Err(unsupported(format!(
            "broadcasted_iota of {e} in layout {layout:?} (only integers in the WGMMA layout)"
        )));
    }
    let b = l.b(&op);
    let rt = layout.register_type(e);
    let regs = super::tiled::wgmma_register_coords(l, &b, shape[0], shape[1])
        .into_iter()
        .map(|(row, col)| {
            let (first, second) = if dim == 0 {
                (row, row)
            } else {
                (col, b.add(col, b.cidx(1)))
            };
            let xs = [b.index_cast(first, e), b.index_cast(second, e)];
            b.val("vector.from_elements", &xs, rt, &[])
        })
        .collect();
    l.replace_vector(op, 0, Frag { layout, regs });
    Ok(())
}

/// `mosaic_gpu.assume_multiple` (of a scalar: its verifier takes no
/// vector): its operand (the divisibility it promises is a hint for
/// jaxlib's own index arithmetic).
pub(super) fn assume_multiple<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let v = ir::operand_at(&op, 0).ok_or("assume_multiple without an operand")?;
    l.rw.replace_all_uses_with(ir::result_of(op, 0), v);
    l.done.push(op);
    Ok(())
}
