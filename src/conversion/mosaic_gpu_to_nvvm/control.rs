//! `scf.for` carrying vectors: the loop carries their registers instead.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, Region, RegionLike, Value, ValueLike};

use super::fragments::{self, Frag};
use super::{elem, operands, unsupported, Lowerer};
use crate::ir;

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
    let arg = |i: usize| -> Value<'c, 'a> { ir::argument_at(&body, i).expect("block argument") };
    // Old block arguments: the induction variable, scalars as they are,
    // vectors as a stand-in whose fragment is the new arguments.
    l.rw.set_insertion_point_to_start(body);
    let mut replacements = vec![arg(0)];
    let mut next = 1;
    for (i, (layout, n)) in carried.iter().enumerate() {
        match layout {
            Some(layout) => {
                let old = old_body.argument(i + 1).map_err(|e| e.to_string())?;
                let regs: Vec<Value> = (next..next + n).map(arg).collect();
                let stand_in = l.rw.insert(b.build(
                    "builtin.unrealized_conversion_cast",
                    &regs,
                    &[old.r#type()],
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
            None => replacements.push(arg(next)),
        }
        next += n;
    }
    l.rw.merge_blocks(old_body, body, &replacements);
    let mut body_ops = ir::block_ops(body);
    let terminator = body_ops.pop().ok_or("scf.for body without a terminator")?;
    // The stand-ins are at the top of the body; they lower to nothing.
    body_ops.retain(|o| !l.placeholders.contains(o));
    l.lower_ops(body_ops).map_err(|_| String::new())?;
    // The yield: registers in the loop's layouts.
    l.cursor = Some(terminator);
    l.rw.set_insertion_point_before(&terminator);
    let yb = l.b(&terminator);
    let mut yielded = vec![];
    for (v, (layout, _)) in operands(&terminator).into_iter().zip(&carried) {
        match layout {
            Some(layout) => yielded.extend(l.regs_in(&yb, v, layout)?),
            None => yielded.push(v),
        }
    }
    yb.op("scf.yield", &yielded, &[], &[]);
    l.rw.erase_op(&terminator);
    // Results.
    let mut next = 0;
    for (i, (layout, n)) in carried.iter().enumerate() {
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
    let _ = elem;
    l.done.push(op);
    Ok(())
}
