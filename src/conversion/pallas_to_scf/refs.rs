//! Ref views on the CPU.
//!
//! * `pallas.ref_reshape` -> `memref.reinterpret_cast` of the same memory
//!   with the result's sizes, strides and offset (a view's dynamic offset
//!   read with `memref.extract_strided_metadata`).
//! * `pallas.ref_bitcast` with equal bit widths -> `arith.bitcast` of the
//!   memref: every element keeps its place.
//! * `pallas.ref_bitcast` that changes the bit width packs consecutive rows
//!   into one wide element, as the TPU's sublanes do; no strides describe
//!   that, so the view gets a buffer of its own. Every op that accesses the
//!   view (directly or through further views) is preceded by a copy of the
//!   ref into the buffer and followed by a copy back, both converting
//!   between the two packings (the first row in the lowest bits). A kernel
//!   body runs sequentially here, so the buffer always holds what the view
//!   shows and what is written through it reaches the ref. A view carried
//!   by loops and conditionals (`scf`, `affine`) is that buffer too: the
//!   accesses through the values that carry it are synced the same way.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{BlockLike, RegionLike, Value, ValueLike};

use super::types::cpu_type;
use crate::conversion::common::builder::{i64_array, result_of, strides_and_offset, B, DYNAMIC};
use crate::conversion::framework::{PatternSet, Rewriter, TypeConverter};
use crate::ir::{self, bit_width, element_type, memref_shape};

/// Ops whose result is a view of their first operand: an access through
/// them accesses the ref they view.
const VIEWS: &[&str] = &[
    "memref.subview",
    "memref.cast",
    "memref.reinterpret_cast",
    "memref.collapse_shape",
    "memref.expand_shape",
    "memref.transpose",
    "pallas.ref_reshape",
    "pallas.ref_bitcast",
];

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.ref_reshape", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let v = reinterpret(&b, operands[0], result_type(&op)?);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.ref_bitcast", Some(tc), |op, operands, rw| {
        let src = operands[0];
        let ty = result_type(&op)?;
        if !needs_buffer(src.r#type(), ty) {
            let b = B::new(rw, op.location());
            let v = b.val("arith.bitcast", &[src], ty, &[]);
            rw.replace_op(&op, &[v]);
            return Ok(());
        }
        packed_view(&op, src, ty, rw)
    });
}

/// What the CPU reference rejects, before anything is rewritten: the
/// accesses [`super::load_store::check`] rejects, and a bitcast
/// with a buffer of its own (see [`needs_buffer`]) whose view flows into
/// control flow (the buffer is only synced around ops that access it in
/// place).
pub fn check(op: &OperationRef) -> Result<(), String> {
    super::load_store::check(op)?;
    if op.name().as_string_ref().as_str() != Ok("pallas.ref_bitcast") {
        return Ok(());
    }
    let src = op.operand(0).map_err(|e| e.to_string())?.r#type();
    let view: Value = op.result(0).map_err(|e| e.to_string())?.into();
    if !needs_buffer(src, view.r#type()) {
        return Ok(());
    }
    collect_accesses(view, &mut vec![])
}

/// Whether a bitcast from `src` to `dst` needs its own buffer: when the bit
/// width changes, or when a signed or unsigned integer type is involved
/// (`arith.bitcast` views only signless integers and floats).
fn needs_buffer(src: Type, dst: Type) -> bool {
    let (a, b) = (element_type(src), element_type(dst));
    bit_width(a) != bit_width(b)
        || !ir::is_signless_int_or_float(a)
        || !ir::is_signless_int_or_float(b)
}

fn result_type<'c>(op: &OperationRef<'c, '_>) -> Result<Type<'c>, String> {
    Ok(cpu_type(op.result(0).map_err(|e| e.to_string())?.r#type()))
}

/// `src`'s memory seen as `ty` (same offset, `ty`'s sizes and strides).
fn reinterpret<'c, 'a>(b: &B<'_, 'c, 'a>, src: Value<'c, 'a>, ty: Type<'c>) -> Value<'c, 'a> {
    let (strides, offset) = strides_and_offset(ty);
    let mut operands = vec![src];
    if offset == DYNAMIC {
        let rank = memref_shape(src.r#type()).len();
        let mut results = vec![b.ty(&format!("memref<{}>", element_type(src.r#type())))];
        results.extend(vec![b.index(); 1 + 2 * rank]);
        let md = b.op("memref.extract_strided_metadata", &[src], &results, &[]);
        operands.push(result_of(md, 1));
    }
    let segments = format!("array<i32: 1, {}, 0, 0>", operands.len() - 1);
    b.val(
        "memref.reinterpret_cast",
        &operands,
        ty,
        &[
            ("static_offsets", b.attr(&i64_array(&[offset]))),
            ("static_sizes", b.attr(&i64_array(&memref_shape(ty)))),
            ("static_strides", b.attr(&i64_array(&strides))),
            ("operandSegmentSizes", b.attr(&segments)),
        ],
    )
}

/// A bitcast that changes the bit width: a buffer of type `ty`, filled
/// from `src` before and written back after every access to the view.
fn packed_view<'c, 'a>(
    op: &OperationRef<'c, 'a>,
    src: Value<'c, 'a>,
    ty: Type<'c>,
    rw: &Rewriter<'c, 'a>,
) -> Result<(), String> {
    let view: Value = op.result(0).map_err(|e| e.to_string())?.into();
    let mut accesses = vec![];
    collect_accesses(view, &mut accesses)?;
    let b = B::new(rw, op.location());
    let buf = b.alloc(ty);
    for access in &accesses {
        rw.set_insertion_point_before(access);
        convert_copy(&b, src, buf);
        rw.set_insertion_point_after(access);
        convert_copy(&b, buf, src);
    }
    let end = op
        .block()
        .and_then(|block| block.terminator())
        .ok_or("a pallas.ref_bitcast outside a block with a terminator")?;
    rw.set_insertion_point_before(&end);
    b.op("memref.dealloc", &[buf], &[], &[]);
    rw.replace_op(op, &[buf]);
    Ok(())
}

/// The ops that access the memory of `view`, through any further views and
/// through the values of `scf.for` / `scf.if` that carry it (all of them
/// are the one buffer).
fn collect_accesses<'c, 'a>(
    view: Value<'c, 'a>,
    out: &mut Vec<OperationRef<'c, 'a>>,
) -> Result<(), String> {
    let mut seen = vec![];
    collect_from(view, out, &mut seen)
}

fn collect_from<'c, 'a>(
    view: Value<'c, 'a>,
    out: &mut Vec<OperationRef<'c, 'a>>,
    seen: &mut Vec<Value<'c, 'a>>,
) -> Result<(), String> {
    if seen.contains(&view) {
        return Ok(());
    }
    seen.push(view);
    for user in ir::users(view) {
        let name = user
            .name()
            .as_string_ref()
            .as_str()
            .unwrap_or("")
            .to_string();
        if VIEWS.contains(&name.as_str()) {
            let result: Value = user.result(0).map_err(|e| e.to_string())?.into();
            collect_from(result, out, seen)?;
        } else if let Some(carried) = carried_values(&user, &name, view) {
            for v in carried {
                collect_from(v, out, seen)?;
            }
        } else if user.region_count() > 0 || user.next_in_block().is_none() {
            return Err(format!(
                "not yet supported: a pallas.ref_bitcast that changes the bit width and whose view reaches '{name}' on the CPU reference (only ops that access it in place, and loops and conditionals carrying it, are supported)"
            ));
        } else if !out.iter().any(|o| o.to_raw().ptr == user.to_raw().ptr) {
            out.push(user);
        }
    }
    Ok(())
}

/// The values that hold `view` when `user` carries it: an init of a loop
/// (`scf.for`, `affine.for`: its iteration argument and result; `scf.while`:
/// the argument of its condition region), a loop's `yield` (the same two;
/// `scf.while`: the condition region's argument), `scf.condition` (the body
/// region's argument and the loop's result), the `yield` of `scf.if`,
/// `affine.if`, `scf.index_switch` or `scf.execute_region` (its result).
/// `None` for other users.
fn carried_values<'c, 'a>(
    user: &OperationRef<'c, 'a>,
    name: &str,
    view: Value<'c, 'a>,
) -> Option<Vec<Value<'c, 'a>>> {
    let positions: Vec<usize> = user
        .operands()
        .enumerate()
        .filter(|(_, v)| v.to_raw().ptr == view.to_raw().ptr)
        .map(|(i, _)| i)
        .collect();
    let arg = |op: &OperationRef<'c, 'a>, region: usize, i: usize| -> Option<Value<'c, 'a>> {
        let block = crate::ir::region_at(op, region)?.first_block()?;
        crate::ir::argument_at(&block, i)
    };
    let result = |op: &OperationRef<'c, 'a>, k: usize| -> Option<Value<'c, 'a>> {
        crate::ir::result_at(op, k)
    };
    // A counted loop's k-th carried value: its body's argument (after the
    // induction variable) and its result.
    let counted = |op: &OperationRef<'c, 'a>, k: usize| -> Option<Vec<Value<'c, 'a>>> {
        let body = crate::ir::region_at(op, 0)?.first_block()?;
        let n = op.result_count();
        let first = body.argument_count().checked_sub(n)?;
        Some(vec![arg(op, 0, first + k)?, result(op, k)?])
    };
    let mut vals = vec![];
    match name {
        "scf.for" | "affine.for" => {
            let first_init = user.operand_count().checked_sub(user.result_count())?;
            for i in positions {
                vals.extend(counted(user, i.checked_sub(first_init)?)?);
            }
        }
        "scf.while" => {
            for i in positions {
                vals.push(arg(user, 0, i)?);
            }
        }
        "scf.condition" => {
            let parent = user.parent_operation()?;
            for i in positions {
                let k = i.checked_sub(1)?;
                vals.extend([arg(&parent, 1, k)?, result(&parent, k)?]);
            }
        }
        "scf.yield" | "affine.yield" => {
            let parent = user.parent_operation()?;
            for k in positions {
                match ir::op_name_of(&parent) {
                    "scf.for" | "affine.for" => vals.extend(counted(&parent, k)?),
                    "scf.while" => vals.push(arg(&parent, 0, k)?),
                    "scf.if" | "affine.if" | "scf.index_switch" | "scf.execute_region" => {
                        vals.push(result(&parent, k)?)
                    }
                    _ => return None,
                }
            }
        }
        _ => return None,
    }
    Some(vals)
}

/// Copies every element of `from` into `to`, where one of them is the
/// packed view of the other: `k = wide / narrow` bits, and row `r` of the
/// wide ref holds rows `k*r .. k*r + k` of the narrow one (second-minor
/// dim), row `k*r + j` in bits `j*narrow ..` (`k = 1`: the same bits).
pub(super) fn convert_copy<'c: 'a, 'a>(b: &B<'_, 'c, 'a>, from: Value<'c, 'a>, to: Value<'c, 'a>) {
    let (fe, te) = (element_type(from.r#type()), element_type(to.r#type()));
    let (fw, tw) = (
        bit_width(fe).unwrap_or(0) as i64,
        bit_width(te).unwrap_or(0) as i64,
    );
    let (wide, narrow) = if fw > tw { (from, to) } else { (to, from) };
    let (ww, nw) = (fw.max(tw), fw.min(tw));
    let k = ww / nw;
    let shape = memref_shape(wide.r#type());
    let rank = shape.len();
    let zero = b.cidx(0);
    let mut ivs: Vec<Value<'c, 'a>> = vec![];
    for &d in &shape {
        let (iv, yield_op) = b.for_loop(zero, b.cidx(d));
        b.rw.set_insertion_point_before(&yield_op);
        ivs.push(iv);
    }
    let (wide_int, narrow_int) = (b.ty(&format!("i{ww}")), b.ty(&format!("i{nw}")));
    let narrow_at = |j: i64| -> Vec<Value<'c, 'a>> {
        let mut idx = ivs.clone();
        let row = b.mul(ivs[rank - 2], b.cidx(k));
        idx[rank - 2] = b.add(row, b.cidx(j));
        idx
    };
    let shift = |j: i64| b.constant(&format!("{} : i{ww}", j * nw), wide_int);
    let as_int = |v: Value<'c, 'a>, int: Type<'c>| reinterpret_scalar(b, v, int);
    let from_int = |v: Value<'c, 'a>, elem: Type<'c>| reinterpret_scalar(b, v, elem);
    let load = |r: Value<'c, 'a>, idx: &[Value<'c, 'a>]| {
        let mut ops = vec![r];
        ops.extend_from_slice(idx);
        b.val("memref.load", &ops, element_type(r.r#type()), &[])
    };
    let store = |v: Value<'c, 'a>, r: Value<'c, 'a>, idx: &[Value<'c, 'a>]| {
        let mut ops = vec![v, r];
        ops.extend_from_slice(idx);
        b.op("memref.store", &ops, &[], &[]);
    };
    if k == 1 {
        store(from_int(as_int(load(from, &ivs), wide_int), te), to, &ivs);
    } else if from == wide {
        let bits = as_int(load(wide, &ivs), wide_int);
        for j in 0..k {
            let part = b.val("arith.shrui", &[bits, shift(j)], wide_int, &[]);
            let part = b.val("arith.trunci", &[part], narrow_int, &[]);
            store(from_int(part, te), narrow, &narrow_at(j));
        }
    } else {
        let mut acc = b.zero(wide_int);
        for j in 0..k {
            let part = as_int(load(narrow, &narrow_at(j)), narrow_int);
            let part = b.val("arith.extui", &[part], wide_int, &[]);
            let part = b.val("arith.shli", &[part, shift(j)], wide_int, &[]);
            acc = b.val("arith.ori", &[acc, part], wide_int, &[]);
        }
        store(from_int(acc, te), wide, &ivs);
    }
}

/// The bits of the scalar `v` as the type `ty` of the same width. Signed
/// and unsigned integers have no scalar cast, so they go through a
/// one-lane `vector.bitcast`.
fn reinterpret_scalar<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, ty: Type<'c>) -> Value<'c, 'a> {
    let from = v.r#type();
    if from == ty {
        return v;
    }
    if ir::is_signless_int_or_float(from) && ir::is_signless_int_or_float(ty) {
        return b.val("arith.bitcast", &[v], ty, &[]);
    }
    let lane = b.val("vector.broadcast", &[v], b.vector(&[1], from), &[]);
    let cast = b.val("vector.bitcast", &[lane], b.vector(&[1], ty), &[]);
    b.extract(cast, 0)
}
