//! `scf.for`, `scf.while`, `scf.if` and `scf.index_switch` carrying or
//! yielding vectors: they carry and yield their registers instead.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, Region, RegionLike, Value, ValueLike};

use super::fragments::{self, Frag};
use super::{operands, unsupported, Lowerer};
use crate::ir;
use crate::ir::builder::B;

pub(super) fn for_op<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let loc = op.location();
    let ins = operands(&op);
    if ins.len() < 3 {
        return Err("scf.for without bounds".into());
    }
    let in_layouts = fragments::layouts(&op, "in_layouts")?;
    let out_layouts = fragments::layouts(&op, "out_layouts")?;
    if in_layouts != out_layouts {
        return Err(unsupported(
            "a loop whose carried vectors change layout across an iteration",
        ));
    }
    let b = l.b(&op);
    // Per carried value: its layout (vectors) and how many values it takes.
    let mut carried = vec![];
    let mut new_ins = ins[..3].to_vec();
    let mut layouts = in_layouts.iter();
    for &v in &ins[3..] {
        if ir::is_vector(v.r#type()) {
            let layout = layouts
                .next()
                .ok_or("fewer in_layouts than carried vectors")?
                .clone()
                .shaped(&ir::memref_shape(v.r#type()))?;
            let regs = l.regs_in(&b, v, &layout)?;
            carried.push((Some(layout), regs.len()));
            new_ins.extend(regs);
        } else {
            carried.push((None, 1));
            new_ins.push(v);
        }
    }
    let types: Vec<Type> = new_ins[3..].iter().map(|v| v.r#type()).collect();
    let old_body = op
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or("scf.for without a body")?;
    let iv = old_body.argument(0).map_err(|e| e.to_string())?;
    let mut args = vec![(iv.r#type(), loc)];
    args.extend(types.iter().map(|&t| (t, loc)));
    let region = Region::new();
    region.append_block(Block::new(&args));
    let new =
        l.rw.insert(b.build("scf.for", &new_ins, &types, &[], vec![region]));
    let body = new
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or("scf.for without a body")?;
    // Old block arguments: the induction variable as it is, then the
    // carried values.
    adopt_block(l, old_body, body, 1, &carried)?;
    lower_block_and_terminator(l, body, 0, &carried)?;
    bind_results(l, op, new, &carried);
    l.done.push(op);
    Ok(())
}

/// `scf.if` and `scf.index_switch` yielding vectors: they yield registers.
pub(super) fn branch_op<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let name = ir::op_name_of(&op);
    let out_types: Vec<Type> = ir::result_types(op).collect();
    // Per result: its layout (vectors) and how many values it takes.
    let (results, types) = flatten_types(
        &out_types,
        &mut fragments::layouts(&op, "out_layouts")?.into_iter(),
    )?;
    let kept: Vec<(String, melior::ir::attribute::Attribute)> = op
        .attributes()
        .filter_map(|(n, a)| {
            let n = n.as_string_ref().as_str().ok()?.to_string();
            (!super::ANNOTATIONS.contains(&n.as_str())).then_some((n, a))
        })
        .collect();
    let attrs: Vec<(&str, melior::ir::attribute::Attribute)> =
        kept.iter().map(|(n, a)| (n.as_str(), *a)).collect();
    let b = l.b(&op);
    // Regions as the op has them (an absent else branch stays empty).
    let regions: Vec<Region> = (0..op.region_count())
        .map(|i| {
            let r = Region::new();
            if ir::region_at(&op, i)
                .and_then(|r| r.first_block())
                .is_some()
            {
                r.append_block(Block::new(&[]));
            }
            r
        })
        .collect();
    let new =
        l.rw.insert(b.build(name, &operands(&op), &types, &attrs, regions));
    for r in 0..op.region_count() {
        let (Some(old_block), Some(new_block)) = (
            ir::region_at(&op, r).and_then(|r| r.first_block()),
            ir::region_at(&new, r).and_then(|r| r.first_block()),
        ) else {
            continue;
        };
        if old_block.argument_count() != 0 {
            return Err(unsupported(format!("`{name}` regions with arguments")));
        }
        l.rw.merge_blocks(old_block, new_block, &[]);
        lower_block_and_terminator(l, new_block, 0, &results)?;
    }
    bind_results(l, op, new, &results);
    l.done.push(op);
    Ok(())
}

/// The layout and register count of each of `values` (vectors by the next
/// entry of `layouts`), and the flattened register types.
fn flatten_types<'c>(
    types: &[Type<'c>],
    layouts: &mut impl Iterator<Item = fragments::Layout>,
) -> Result<(Carried, Vec<Type<'c>>), String> {
    let mut carried = vec![];
    let mut flat = vec![];
    for &t in types {
        if ir::is_vector(t) {
            let layout = layouts
                .next()
                .ok_or("fewer layouts than vectors")?
                .shaped(&ir::memref_shape(t))?;
            let rt = layout.register_type(super::elem(t));
            flat.extend(std::iter::repeat_n(rt, layout.registers()));
            carried.push((Some(layout.clone()), layout.registers()));
        } else {
            flat.push(t);
            carried.push((None, 1));
        }
    }
    Ok((carried, flat))
}

type Carried = Vec<(Option<fragments::Layout>, usize)>;

/// Replaces the results of `op` by those of `new`, which has the registers
/// of each vector result (laid out as `results`) in its place.
fn bind_results<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
    new: OperationRef<'c, 'a>,
    results: &Carried,
) {
    let mut next = 0;
    for (i, (layout, n)) in results.iter().enumerate() {
        let old = ir::result_of(op, i);
        match layout {
            Some(layout) => {
                let regs = (next..next + n).map(|j| ir::result_of(new, j)).collect();
                l.set_frag(
                    old,
                    Frag {
                        layout: layout.clone(),
                        regs,
                    },
                );
            }
            None => l.rw.replace_all_uses_with(old, ir::result_of(new, next)),
        }
        next += n;
    }
}

/// Moves the ops of `old` into the empty `new`, whose arguments are the
/// first `leading` arguments of `old` as they are (a loop's induction
/// variable), then the flattened `carried` values: vector arguments become
/// stand-ins whose fragments are the new arguments.
fn adopt_block<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    old: melior::ir::BlockRef<'c, 'a>,
    new: melior::ir::BlockRef<'c, 'a>,
    leading: usize,
    carried: &Carried,
) -> Result<(), String> {
    let b = B::new(l.rw, l.launch.location());
    l.rw.set_insertion_point_to_start(new);
    let arg = |j: usize| -> Result<Value<'c, 'a>, String> {
        ir::argument_at(&new, j).ok_or_else(|| "missing block argument".to_string())
    };
    let mut replacements = (0..leading).map(arg).collect::<Result<Vec<_>, _>>()?;
    let mut next = leading;
    for (i, (layout, n)) in carried.iter().enumerate() {
        match layout {
            Some(layout) => {
                let oldt = old
                    .argument(leading + i)
                    .map_err(|e| e.to_string())?
                    .r#type();
                let regs = (next..next + n).map(arg).collect::<Result<Vec<_>, _>>()?;
                let stand_in = l.rw.insert(b.build(
                    "builtin.unrealized_conversion_cast",
                    &regs,
                    &[oldt],
                    &[],
                    vec![],
                ));
                l.placeholders.push(stand_in);
                let v = ir::result_of(stand_in, 0);
                l.set_frag(
                    v,
                    Frag {
                        layout: layout.clone(),
                        regs,
                    },
                );
                replacements.push(v);
            }
            None => replacements.push(arg(next)?),
        }
        next += n;
    }
    l.rw.merge_blocks(old, new, &replacements);
    Ok(())
}

/// Lowers the ops of `block` but its terminator, which it rebuilds with the
/// registers of its operands from `skip` on (laid out as `carried`).
fn lower_block_and_terminator<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    block: melior::ir::BlockRef<'c, 'a>,
    skip: usize,
    carried: &Carried,
) -> Result<(), String> {
    let mut body_ops = ir::block_ops(block);
    let terminator = body_ops.pop().ok_or("a region without a terminator")?;
    body_ops.retain(|o| !l.placeholders.contains(o));
    l.lower_ops(body_ops).map_err(|_| String::new())?;
    l.cursor = Some(terminator);
    l.rw.set_insertion_point_before(&terminator);
    let yb = l.b(&terminator);
    let ins = operands(&terminator);
    let mut out = ins[..skip].to_vec();
    for (v, (layout, _)) in ins[skip..].iter().zip(carried) {
        match layout {
            Some(layout) => out.extend(l.regs_in(&yb, *v, layout)?),
            None => out.push(*v),
        }
    }
    yb.op(ir::op_name_of(&terminator), &out, &[], &[]);
    l.rw.erase_op(&terminator);
    Ok(())
}

/// `scf.while` carrying vectors: it carries their registers.
pub(super) fn while_op<'c, 'a>(
    l: &mut Lowerer<'_, 'c, 'a>,
    op: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let ins = operands(&op);
    let in_types: Vec<Type> = ins.iter().map(|v| v.r#type()).collect();
    let out_types: Vec<Type> = ir::result_types(op).collect();
    let (inits, init_types) = flatten_types(
        &in_types,
        &mut fragments::layouts(&op, "in_layouts")?.into_iter(),
    )?;
    let (results, result_types) = flatten_types(
        &out_types,
        &mut fragments::layouts(&op, "out_layouts")?.into_iter(),
    )?;
    let b = l.b(&op);
    let mut new_ins = vec![];
    for (v, (layout, _)) in ins.iter().zip(&inits) {
        match layout {
            Some(layout) => new_ins.extend(l.regs_in(&b, *v, layout)?),
            None => new_ins.push(*v),
        }
    }
    let loc = op.location();
    let before = Region::new();
    let init_args: Vec<(Type, _)> = init_types.iter().map(|&t| (t, loc)).collect();
    before.append_block(Block::new(&init_args));
    let after = Region::new();
    let result_args: Vec<(Type, _)> = result_types.iter().map(|&t| (t, loc)).collect();
    after.append_block(Block::new(&result_args));
    let new = l.rw.insert(b.build(
        "scf.while",
        &new_ins,
        &result_types,
        &[],
        vec![before, after],
    ));
    for (r, carried, skip) in [(0, &inits, 1), (1, &results, 0)] {
        let old_block = ir::region_at(&op, r)
            .and_then(|r| r.first_block())
            .ok_or("scf.while without a region")?;
        let new_block = ir::region_at(&new, r)
            .and_then(|r| r.first_block())
            .ok_or("scf.while without a region")?;
        adopt_block(l, old_block, new_block, 0, carried)?;
        // The before region ends in scf.condition(cond, results...), the
        // after region in scf.yield(inits...).
        let layout_of_terminator = if r == 0 { &results } else { &inits };
        lower_block_and_terminator(l, new_block, skip, layout_of_terminator)?;
    }
    bind_results(l, op, new, &results);
    l.done.push(op);
    Ok(())
}
