//! The SparseCore ops on the CPU, as `scf.for` loops over memory: each lane
//! vector is written to a buffer once and the loops read and write single
//! lanes, so the code size does not grow with the vector length.
//!
//! * `pallas.cumulative` (sum/max/min), `pallas.scan_count`, `pallas.sort`
//!   (a stable insertion sort, masked-out lanes last), `pallas.rev`,
//!   `pallas.take_along_axis`: lane loops with the op's documented results;
//!   where the op leaves a lane unspecified, the loop's natural value is
//!   kept (a masked-out lane of a scan holds the running value).
//! * `pallas.load_gather` / `pallas.store_scatter`: one ref access per lane
//!   in lane order (so the last of several lanes writing one element wins);
//!   lanes whose indices fall outside the ref are skipped, so an out-of-range
//!   index cannot touch memory outside the ref (the lane reads as zero).
//! * `{expand}` loads, `{compress}` and `{add}` stores ([`expand`],
//!   [`compress`]) and indirect DMAs ([`indirect_copy`]) are helpers of the
//!   load/store and DMA patterns.
//!
//! `pallas.subcore_barrier` cannot be a no-op: the CPU reference runs the
//! subcores one after the other, so a subcore would not see what later
//! subcores write before the barrier. [`split_at_barriers`] runs such a
//! kernel's body phase by phase instead, after [`hoist_barriers`] has
//! brought barriers out of `scf.if` and small constant `scf.for`; a loop
//! still holding one runs around the phases of its body.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{identity_map, is_float, segments, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::conversion::pallas_to_tpu::elementwise::int_attr;
use crate::ir::{element_type, is_vector, memref_shape};

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.rev", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let x = operands[0];
        let shape = memref_shape(x.r#type());
        let dims = op
            .attribute("dimensions")
            .map(crate::conversion::common::builder::dense_i64)
            .unwrap_or_default();
        let (xb, rb) = (spill(&b, x), alloc(&b, &shape, element_type(x.r#type())));
        let (ivs, outer) = nest(&b, &consts(&b, &shape));
        let src: Vec<Value> = ivs
            .iter()
            .enumerate()
            .map(|(d, iv)| {
                if dims.contains(&(d as i64)) {
                    b.sub(b.cidx(shape[d] - 1), *iv)
                } else {
                    *iv
                }
            })
            .collect();
        store(&b, load(&b, xb, &src), rb, &ivs);
        b.rw.set_insertion_point_after(&outer);
        let r = finish(&b, rb, x.r#type(), &[xb]);
        rw.replace_op(&op, &[r]);
        Ok(())
    });
    set.add("pallas.take_along_axis", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let (x, idx) = (operands[0], operands[1]);
        let dim = int_attr(&op, "dimension").unwrap_or(0) as usize;
        let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let (xs, is) = (memref_shape(x.r#type()), memref_shape(idx.r#type()));
        let (xb, ib) = (spill(&b, x), spill(&b, idx));
        let rb = alloc(&b, &is, element_type(x.r#type()));
        let (ivs, outer) = nest(&b, &consts(&b, &is));
        // Out-of-range indices give unspecified lanes: clamp them so that
        // they read some lane of `x` rather than memory outside it.
        let j = b.index_cast(load(&b, ib, &ivs), b.index());
        let j = b.bin("arith.maxsi", j, b.cidx(0));
        let j = b.bin("arith.minsi", j, b.cidx(xs[dim] - 1));
        let mut src = ivs.clone();
        src[dim] = j;
        store(&b, load(&b, xb, &src), rb, &ivs);
        b.rw.set_insertion_point_after(&outer);
        let r = finish(&b, rb, res_ty, &[xb, ib]);
        rw.replace_op(&op, &[r]);
        Ok(())
    });
    set.add("pallas.cumulative", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let (x, mask) = (operands[0], operands.get(1).copied());
        let ty = x.r#type();
        let elem = element_type(ty);
        let float = is_float(elem);
        let kind = int_attr(&op, "kind").unwrap_or(0);
        // The identity of each combining operation.
        let (init, combine) = match (kind, float) {
            (1, true) => ("0xFF800000", "arith.maximumf"),
            (1, false) => ("-2147483648", "arith.maxsi"),
            (2, true) => ("0x7F800000", "arith.minimumf"),
            (2, false) => ("2147483647", "arith.minsi"),
            (_, true) => ("0.0", "arith.addf"),
            (_, false) => ("0", "arith.addi"),
        };
        let n = memref_shape(ty)[0];
        let (xb, mb, rb) = (
            spill(&b, x),
            mask.map(|m| spill(&b, m)),
            alloc(&b, &[n], elem),
        );
        let acc = alloc(&b, &[], elem);
        store(&b, b.constant(&format!("{init} : {elem}"), elem), acc, &[]);
        let (ivs, outer) = nest(&b, &[b.cidx(n)]);
        let old = load(&b, acc, &[]);
        let mut new = b.bin(combine, old, load(&b, xb, &ivs));
        if let Some(mb) = mb {
            new = select(&b, load_bit(&b, mb, &ivs), new, old);
        }
        store(&b, new, acc, &[]);
        store(&b, new, rb, &ivs);
        b.rw.set_insertion_point_after(&outer);
        let mut bufs = vec![xb, acc];
        bufs.extend(mb);
        let r = finish(&b, rb, ty, &bufs);
        rw.replace_op(&op, &[r]);
        Ok(())
    });
    set.add("pallas.scan_count", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let (x, mask) = (operands[0], operands.get(1).copied());
        let n = memref_shape(x.r#type())[0];
        let (i1, i32) = (b.ty("i1"), b.i32());
        let xb = spill(&b, x);
        let mb = mask_buffer(&b, mask, n);
        let (cb, lb) = (alloc(&b, &[n], i32), alloc(&b, &[n], b.ty("i8")));
        let (count, later) = (alloc(&b, &[], i32), alloc(&b, &[], i1));
        let (i, outer) = nest(&b, &[b.cidx(n)]);
        let xi = load(&b, xb, &i);
        store(&b, b.ci32(0), count, &[]);
        store(&b, b.constant("false", i1), later, &[]);
        // Lane j counts for lane i when it is masked in and equal to it: up
        // to i it adds to the count, after i it makes lane i not the last.
        let (j, inner) = nest(&b, &[b.cidx(n)]);
        let same = equal(&b, load(&b, xb, &j), xi);
        let same = b.bin("arith.andi", same, load_bit(&b, mb, &j));
        let upto = b.cmpi("ule", j[0], i[0]);
        let counted = b.bin("arith.andi", same, upto);
        let one = b.val("arith.extui", &[counted], i32, &[]);
        store(&b, b.add(load(&b, count, &[]), one), count, &[]);
        let after = b.bin("arith.xori", upto, b.constant("true", i1));
        let after = b.bin("arith.andi", same, after);
        store(
            &b,
            b.bin("arith.ori", load(&b, later, &[]), after),
            later,
            &[],
        );
        b.rw.set_insertion_point_after(&inner);
        store(&b, load(&b, count, &[]), cb, &i);
        let not_later = b.bin("arith.xori", load(&b, later, &[]), b.constant("true", i1));
        store_bit(
            &b,
            b.bin("arith.andi", load_bit(&b, mb, &i), not_later),
            lb,
            &i,
        );
        b.rw.set_insertion_point_after(&outer);
        let counts = finish(&b, cb, b.vector(&[n], i32), &[xb, mb, count, later]);
        let last = finish(&b, lb, b.vector(&[n], i1), &[]);
        rw.replace_op(&op, &[counts, last]);
        Ok(())
    });
    set.add("pallas.sort", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let (keys, values, mask) = (operands[0], operands[1], operands.get(2).copied());
        let n = memref_shape(keys.r#type())[0];
        let i1 = b.ty("i1");
        let (kb, vb, mb) = (spill(&b, keys), spill(&b, values), mask_buffer(&b, mask, n));
        let float = is_float(element_type(keys.r#type()));
        let pred = match (op.attribute("descending").is_ok(), float) {
            (false, true) => "olt",
            (false, false) => "slt",
            (true, true) => "ogt",
            (true, false) => "sgt",
        };
        // Insertion sort: lane i moves left past every lane it strictly
        // precedes, so equal keys keep their order (a stable sort).
        let (i, outer) = nest(&b, &[b.cidx(n - 1)]);
        let i = b.add(i[0], b.cidx(1));
        let (t, inner) = b.for_loop(b.cidx(0), i);
        b.rw.set_insertion_point_before(&inner);
        let j = b.sub(i, t);
        let p = b.sub(j, b.cidx(1));
        let (kj, kp) = (load(&b, kb, &[j]), load(&b, kb, &[p]));
        let (vj, vp) = (load_bit(&b, mb, &[j]), load_bit(&b, mb, &[p]));
        let less = if float {
            let a = b.attr(&format!("{} : i64", float_predicate(pred)));
            b.val("arith.cmpf", &[kj, kp], i1, &[("predicate", a)])
        } else {
            b.cmpi(pred, kj, kp)
        };
        // Masked-in lanes precede masked-out ones.
        let not_vp = b.bin("arith.xori", vp, b.constant("true", i1));
        let precedes = b.bin("arith.andi", vj, b.bin("arith.ori", not_vp, less));
        let swap = when(&b, precedes);
        for buf in [kb, vb, mb] {
            let (a, c) = (load(&b, buf, &[j]), load(&b, buf, &[p]));
            store(&b, a, buf, &[p]);
            store(&b, c, buf, &[j]);
        }
        b.rw.set_insertion_point_after(&swap);
        b.rw.set_insertion_point_after(&outer);
        let k = finish(&b, kb, keys.r#type(), &[]);
        let v = finish(&b, vb, values.r#type(), &[]);
        let valid = finish(&b, mb, b.vector(&[n], i1), &[]);
        rw.replace_op(&op, &[k, v, valid]);
        Ok(())
    });
    set.add("pallas.load_gather", Some(tc), |op, operands, rw| {
        let seg = segments(&op, operands);
        let (r, idx, mask) = (seg[0][0], &seg[1], seg[2].first().copied());
        let res_ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let elem = same_element(r, res_ty)?;
        let b = B::new(rw, op.location());
        let n = memref_shape(res_ty)[0];
        let rb = alloc(&b, &[n], elem);
        b.fill_zero(rb);
        let ibs: Vec<Value> = idx.iter().map(|v| spill(&b, *v)).collect();
        let mb = mask.map(|m| spill(&b, m));
        let (k, outer) = nest(&b, &[b.cidx(n)]);
        let (at, ok) = lane_indices(&b, r, &ibs, mb, k[0]);
        let guard = when(&b, ok);
        store(&b, load(&b, r, &at), rb, &k);
        b.rw.set_insertion_point_after(&guard);
        b.rw.set_insertion_point_after(&outer);
        let mut bufs = ibs;
        bufs.extend(mb);
        let v = finish(&b, rb, res_ty, &bufs);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.store_scatter", Some(tc), |op, operands, rw| {
        let seg = segments(&op, operands);
        let (v, r, idx, mask) = (seg[0][0], seg[1][0], &seg[2], seg[3].first().copied());
        let elem = same_element(r, v.r#type())?;
        let add = op.attribute("add").is_ok();
        let b = B::new(rw, op.location());
        let n = memref_shape(v.r#type())[0];
        let vb = spill(&b, v);
        let ibs: Vec<Value> = idx.iter().map(|v| spill(&b, *v)).collect();
        let mb = mask.map(|m| spill(&b, m));
        let (k, outer) = nest(&b, &[b.cidx(n)]);
        let (at, ok) = lane_indices(&b, r, &ibs, mb, k[0]);
        let guard = when(&b, ok);
        let mut x = load(&b, vb, &k);
        if add {
            x = plus(&b, elem, load(&b, r, &at), x);
        }
        store(&b, x, r, &at);
        b.rw.set_insertion_point_after(&guard);
        b.rw.set_insertion_point_after(&outer);
        let mut bufs = ibs;
        bufs.push(vb);
        bufs.extend(mb);
        free(&b, &bufs);
        rw.erase_op(&op);
        Ok(())
    });
}

/// The SparseCore forms this lowering does not handle: `{expand}` /
/// `{compress}` of anything but a vector, a store's `{add}` of signed or
/// unsigned integers (the arith ops take signless ones; the SparseCore
/// lowering rejects it too).
pub fn check(op: &OperationRef, name: &str) -> Result<(), String> {
    let value_ty = |i: usize| op.operand(i).map(|v| v.r#type()).ok();
    let (form, ty) = match name {
        "pallas.load" if op.attribute("expand").is_ok() => {
            ("{expand}", op.result(0).map(|r| r.r#type()).ok())
        }
        "pallas.store" if op.attribute("compress").is_ok() => ("{compress}", value_ty(0)),
        _ => ("", None),
    };
    if let Some(ty) = ty {
        lanes(ty, &format!("{name} {form}"))?;
    }
    let add_ty = match name {
        "pallas.store" | "pallas.store_scatter" if op.attribute("add").is_ok() => value_ty(0),
        "pallas.dma_start" if op.attribute("add").is_ok() => value_ty(1),
        _ => None,
    };
    if let Some(ty) = add_ty {
        let elem = if is_vector(ty) || crate::ir::is_memref(ty) {
            element_type(ty)
        } else {
            ty
        };
        // An indirect DMA adds through bitcasts (see `indirect_copy`); the
        // SparseCore lowering takes no other {add} of such elements.
        if !crate::ir::is_signless_int_or_float(elem) && name != "pallas.dma_start" {
            return Err(format!(
                "not yet supported: {name} {{add}} of {elem} elements on the CPU reference"
            ));
        }
    }
    Ok(())
}

/// `{expand}`: the lanes of `window` in order, placed at the lanes whose
/// `mask` bit is set (the k-th set lane gets element k); the others are 0.
pub fn expand<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    window: Value<'c, 'a>,
    mask: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let ty = window.r#type();
    let n = lanes(ty, "pallas.load {expand}")?;
    let (window, mask) = (flat(b, window), flat(b, mask));
    let (wb, mb) = (spill(b, window), spill(b, mask));
    // In the window's buffer type (bytes for i1 lanes, see `spill`).
    let rb = alloc(b, &[n], element_type(wb.r#type()));
    b.fill_zero(rb);
    let next = pack_set_lanes(b, mb, n, wb, rb, Packing::Expand);
    let v = finish(b, rb, window.r#type(), &[wb, mb, next]);
    Ok(unflat(b, v, ty))
}

/// A vector's lanes in row-major order, as a 1-D vector (the lane order of
/// `{expand}` / `{compress}` on a vector of rank 2).
fn flat<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    let ty = v.r#type();
    let shape = memref_shape(ty);
    if shape.len() == 1 {
        return v;
    }
    let n = shape.iter().product::<i64>();
    b.val(
        "vector.shape_cast",
        &[v],
        b.vector(&[n], element_type(ty)),
        &[],
    )
}

/// `v` (1-D) back in the shape of `ty`.
fn unflat<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, ty: Type<'c>) -> Value<'c, 'a> {
    if v.r#type() == ty {
        return v;
    }
    b.val("vector.shape_cast", &[v], ty, &[])
}

/// Which way [`pack_set_lanes`] moves elements.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Packing {
    /// `dst[lane] = src[k]`.
    Expand,
    /// `dst[k] = src[lane]`.
    Compress,
}

/// For every lane whose bit in the mask buffer `mb` is set, with k counting
/// those lanes from 0, moves one element between the buffers `src` and
/// `dst` as `packing` says; returns the counter's buffer, which the caller
/// frees.
fn pack_set_lanes<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    mb: Value<'c, 'a>,
    lanes: i64,
    src: Value<'c, 'a>,
    dst: Value<'c, 'a>,
    packing: Packing,
) -> Value<'c, 'a> {
    let next = alloc(b, &[], b.index());
    store(b, b.cidx(0), next, &[]);
    let (i, outer) = nest(b, &[b.cidx(lanes)]);
    let set = when(b, load_bit(b, mb, &i));
    let k = load(b, next, &[]);
    let (from, to) = match packing {
        Packing::Expand => ([k], i[0]),
        Packing::Compress => ([i[0]], k),
    };
    store(b, load(b, src, &from), dst, &[to]);
    store(b, b.add(k, b.cidx(1)), next, &[]);
    b.rw.set_insertion_point_after(&set);
    b.rw.set_insertion_point_after(&outer);
    next
}

/// `{compress}`: `old` with its first elements replaced by the lanes of `v`
/// whose `mask` bit is set, in lane order.
pub fn compress<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    v: Value<'c, 'a>,
    mask: Value<'c, 'a>,
    old: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let ty = v.r#type();
    let n = lanes(ty, "pallas.store {compress}")?;
    let (v, mask, old) = (flat(b, v), flat(b, mask), flat(b, old));
    let (vb, mb, ob) = (spill(b, v), spill(b, mask), spill(b, old));
    let next = pack_set_lanes(b, mb, n, vb, ob, Packing::Compress);
    let r = finish(b, ob, v.r#type(), &[vb, mb, next]);
    Ok(unflat(b, r, ty))
}

/// `a + c` for scalars or vectors of element type `elem`.
pub fn plus<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    elem: Type<'c>,
    a: Value<'c, 'a>,
    c: Value<'c, 'a>,
) -> Value<'c, 'a> {
    let name = if is_float(elem) {
        "arith.addf"
    } else {
        "arith.addi"
    };
    b.bin(name, a, c)
}

/// An indirect DMA run at its start: a gather copies rows
/// `src[offsets[k]]` to `dst[k]`, a scatter `src[k]` to `dst[offsets[k]]`
/// (adding with `add`). `scatter` says which ref `offsets` index. Offsets
/// equal to `filter`, or outside the indexed ref, are skipped.
pub fn indirect_copy<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    src: Value<'c, 'a>,
    dst: Value<'c, 'a>,
    offsets: Value<'c, 'a>,
    filter: Option<Value<'c, 'a>>,
    scatter: bool,
    add: bool,
) -> Result<(), String> {
    let elem = same_element(src, dst.r#type())?;
    let (indexed, direct) = if scatter { (dst, src) } else { (src, dst) };
    let rank = memref_shape(direct.r#type()).len();
    let spilled = is_vector(offsets.r#type());
    let ob = if spilled { spill(b, offsets) } else { offsets };
    let kn = b.dim(direct, 0);
    let (k, outer) = nest(b, &[kn]);
    let o = load(b, ob, &k);
    let mut ok = b.cmpi("ult", b.index_cast(o, b.index()), b.dim(indexed, 0));
    if let Some(f) = filter {
        ok = b.bin("arith.andi", ok, b.cmpi("ne", o, f));
    }
    let guard = when(b, ok);
    let row = b.index_cast(o, b.index());
    let ubs: Vec<Value> = (1..rank).map(|d| b.dim(direct, d)).collect();
    let (rest, inner) = if ubs.is_empty() {
        (vec![], None)
    } else {
        let (ivs, l) = nest(b, &ubs);
        (ivs, Some(l))
    };
    let (s_first, d_first) = if scatter { (k[0], row) } else { (row, k[0]) };
    let s_at: Vec<Value> = std::iter::once(s_first)
        .chain(rest.iter().copied())
        .collect();
    let d_at: Vec<Value> = std::iter::once(d_first)
        .chain(rest.iter().copied())
        .collect();
    if add && !crate::ir::is_signless_int_or_float(elem) {
        // arith adds signless integers: the lanes of a signed or unsigned
        // ref are read and written through one-lane vector bitcasts.
        let x = load_signless(b, src, &s_at);
        let old = load_signless(b, dst, &d_at);
        let sum = plus(b, x.r#type(), old, x);
        store_signless(b, sum, dst, &d_at);
    } else {
        let mut x = load(b, src, &s_at);
        if add {
            x = plus(b, elem, load(b, dst, &d_at), x);
        }
        store(b, x, dst, &d_at);
    }
    if let Some(l) = inner {
        b.rw.set_insertion_point_after(&l);
    }
    b.rw.set_insertion_point_after(&guard);
    b.rw.set_insertion_point_after(&outer);
    if spilled {
        free(b, &[ob]);
    }
    Ok(())
}

/// The number of lanes of the vector `ty` that `what` moves.
fn lanes(ty: Type, what: &str) -> Result<i64, String> {
    if !is_vector(ty) {
        return Err(format!(
            "not yet supported: {what} of a {ty} (the CPU reference handles vectors)"
        ));
    }
    Ok(memref_shape(ty).iter().product())
}

/// The element type shared by ref `r` and the value type `ty`.
fn same_element<'c>(r: Value<'c, '_>, ty: Type<'c>) -> Result<Type<'c>, String> {
    let (re, ve) = (element_type(r.r#type()), element_type(ty));
    if re != ve {
        return Err(format!(
            "not yet supported: a {ve} value for a ref of {re} in a SparseCore access on the CPU"
        ));
    }
    Ok(re)
}

/// The ref indices of lane `k` and whether the lane is accessed: masked in
/// and inside the ref in every dim.
fn lane_indices<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    r: Value<'c, 'a>,
    ibs: &[Value<'c, 'a>],
    mb: Option<Value<'c, 'a>>,
    k: Value<'c, 'a>,
) -> (Vec<Value<'c, 'a>>, Value<'c, 'a>) {
    let mut ok = match mb {
        Some(mb) => load_bit(b, mb, &[k]),
        None => b.constant("true", b.ty("i1")),
    };
    let mut at = vec![];
    for (d, ib) in ibs.iter().enumerate() {
        let i = b.index_cast(load(b, *ib, &[k]), b.index());
        // Unsigned, so that a negative index is out of range too.
        ok = b.bin("arith.andi", ok, b.cmpi("ult", i, b.dim(r, d)));
        at.push(i);
    }
    (at, ok)
}

fn float_predicate(p: &str) -> i64 {
    match p {
        "oeq" => 1,
        "ogt" => 2,
        _ => 4, // olt
    }
}

fn equal<'c, 'a>(b: &B<'_, 'c, 'a>, x: Value<'c, 'a>, y: Value<'c, 'a>) -> Value<'c, 'a> {
    if is_float(x.r#type()) {
        let p = b.attr(&format!("{} : i64", float_predicate("oeq")));
        b.val("arith.cmpf", &[x, y], b.ty("i1"), &[("predicate", p)])
    } else {
        b.cmpi("eq", x, y)
    }
}

fn select<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    c: Value<'c, 'a>,
    t: Value<'c, 'a>,
    f: Value<'c, 'a>,
) -> Value<'c, 'a> {
    b.val("arith.select", &[c, t, f], t.r#type(), &[])
}

/// A buffer of the mask (all true without one).
fn mask_buffer<'c, 'a>(b: &B<'_, 'c, 'a>, mask: Option<Value<'c, 'a>>, n: i64) -> Value<'c, 'a> {
    match mask {
        Some(m) => spill(b, m),
        None => {
            let ty = b.vector(&[n], b.ty("i1"));
            spill(b, b.constant(&format!("dense<true> : {ty}"), ty))
        }
    }
}

fn alloc<'c, 'a>(b: &B<'_, 'c, 'a>, shape: &[i64], elem: Type<'c>) -> Value<'c, 'a> {
    b.alloc(b.memref(shape, elem))
}

/// A buffer holding vector `v`; `i1` lanes are stored as bytes, since a
/// vector of `i1` is written to memory as packed bits (see [`load_bit`]).
fn spill<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Value<'c, 'a> {
    let v = if element_type(v.r#type()) == b.ty("i1") {
        let wide = b.vector(&memref_shape(v.r#type()), b.ty("i8"));
        b.val("arith.extui", &[v], wide, &[])
    } else {
        v
    };
    let ty = v.r#type();
    let shape = memref_shape(ty);
    let buf = alloc(b, &shape, element_type(ty));
    let mut operands = vec![v, buf];
    operands.extend(std::iter::repeat_n(b.cidx(0), shape.len()));
    b.transfer_write(&operands, shape.len(), &identity_map(shape.len()), false);
    buf
}

/// Reads buffer `buf` back as a vector of type `ty` (from bytes for an
/// `i1` vector), then frees it and `others`.
fn finish<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    buf: Value<'c, 'a>,
    ty: Type<'c>,
    others: &[Value<'c, 'a>],
) -> Value<'c, 'a> {
    let shape = memref_shape(ty);
    let rank = shape.len();
    let stored = element_type(buf.r#type());
    let mut operands = vec![buf];
    operands.extend(std::iter::repeat_n(b.cidx(0), rank));
    operands.push(b.zero(stored));
    let read_ty = b.vector(&shape, stored);
    let mut v = b.transfer_read(&operands, rank, &identity_map(rank), false, read_ty);
    if read_ty != ty {
        v = b.val("arith.trunci", &[v], ty, &[]);
    }
    free(b, &[buf]);
    free(b, others);
    v
}

fn free<'c, 'a>(b: &B<'_, 'c, 'a>, bufs: &[Value<'c, 'a>]) {
    for buf in bufs {
        b.op("memref.dealloc", &[*buf], &[], &[]);
    }
}

fn consts<'c, 'a>(b: &B<'_, 'c, 'a>, shape: &[i64]) -> Vec<Value<'c, 'a>> {
    shape.iter().map(|n| b.cidx(*n)).collect()
}

/// Opens `scf.for` loops from 0 to each of `ubs` (outermost first), leaves
/// the insertion point in the innermost body and returns the induction
/// variables and the outermost loop (to continue after it).
fn nest<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ubs: &[Value<'c, 'a>],
) -> (Vec<Value<'c, 'a>>, OperationRef<'c, 'a>) {
    let zero = b.cidx(0);
    let mut ivs = vec![];
    let mut outer = None;
    for ub in ubs {
        let (iv, end) = b.for_loop(zero, *ub);
        if outer.is_none() {
            outer = end.parent_operation();
        }
        b.rw.set_insertion_point_before(&end);
        ivs.push(iv);
    }
    (ivs, outer.expect("a loop nest of rank >= 1"))
}

/// Opens `scf.if %cond` with the insertion point in its body; returns the
/// `scf.if` (to continue after it).
fn when<'c, 'a>(b: &B<'_, 'c, 'a>, cond: Value<'c, 'a>) -> OperationRef<'c, 'a> {
    let end = b.if_then(cond);
    let op = end.parent_operation().expect("scf.if");
    b.rw.set_insertion_point_before(&end);
    op
}

fn load<'c, 'a>(b: &B<'_, 'c, 'a>, buf: Value<'c, 'a>, at: &[Value<'c, 'a>]) -> Value<'c, 'a> {
    let mut operands = vec![buf];
    operands.extend_from_slice(at);
    b.val("memref.load", &operands, element_type(buf.r#type()), &[])
}

/// Element `at` of a ref of signed or unsigned integers, as the signless
/// integer of its width.
fn load_signless<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    buf: Value<'c, 'a>,
    at: &[Value<'c, 'a>],
) -> Value<'c, 'a> {
    let elem = element_type(buf.r#type());
    let width = crate::ir::bit_width(elem).unwrap_or(32);
    let signless = b.ty(&format!("i{width}"));
    let mut operands = vec![buf];
    operands.extend_from_slice(at);
    let lane = b.val("vector.load", &operands, b.vector(&[1], elem), &[]);
    let lane = b.val("vector.bitcast", &[lane], b.vector(&[1], signless), &[]);
    b.extract(lane, 0)
}

/// Writes the signless integer `v` as element `at` of a ref of signed or
/// unsigned integers of its width.
fn store_signless<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    v: Value<'c, 'a>,
    buf: Value<'c, 'a>,
    at: &[Value<'c, 'a>],
) {
    let elem = element_type(buf.r#type());
    let lane = b.val("vector.broadcast", &[v], b.vector(&[1], v.r#type()), &[]);
    let lane = b.val("vector.bitcast", &[lane], b.vector(&[1], elem), &[]);
    let mut operands = vec![lane, buf];
    operands.extend_from_slice(at);
    b.op("vector.store", &operands, &[], &[]);
}

/// Lane `at` of a mask buffer written by [`spill`].
fn load_bit<'c, 'a>(b: &B<'_, 'c, 'a>, buf: Value<'c, 'a>, at: &[Value<'c, 'a>]) -> Value<'c, 'a> {
    let byte = load(b, buf, at);
    b.cmpi("ne", byte, b.zero(b.ty("i8")))
}

fn store_bit<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    bit: Value<'c, 'a>,
    buf: Value<'c, 'a>,
    at: &[Value<'c, 'a>],
) {
    let byte = b.val("arith.extui", &[bit], b.ty("i8"), &[]);
    store(b, byte, buf, at);
}

fn store<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, buf: Value<'c, 'a>, at: &[Value<'c, 'a>]) {
    let mut operands = vec![v, buf];
    operands.extend_from_slice(at);
    b.op("memref.store", &operands, &[], &[]);
}

/// Most iterations of an `scf.for` holding a subcore barrier that the CPU
/// reference unrolls (see [`hoist_barriers`]).
const MAX_BARRIER_LOOP_TRIPS: i64 = 256;

/// The value of an `arith.constant` integer or index.
fn constant_int(v: Value) -> Option<i64> {
    let d = crate::ir::defining_op(v)?;
    if crate::ir::op_name_of(&d) != "arith.constant" {
        return None;
    }
    crate::ir::int_attr(&d, "value")
}

/// Whether [`hoist_barriers`] unrolls `for_op` (constant bounds, at most
/// `MAX_BARRIER_LOOP_TRIPS` iterations); other loops holding a barrier run
/// as control loops around their phases ([`split`]).
fn unrollable(for_op: &OperationRef) -> bool {
    constant_trips(for_op).is_some_and(|(_, _, n)| n <= MAX_BARRIER_LOOP_TRIPS)
}

/// (lower bound, step, trip count) of an `scf.for` with constant bounds.
fn constant_trips(for_op: &OperationRef) -> Option<(i64, i64, i64)> {
    let at = |i: usize| for_op.operand(i).ok().and_then(|v| constant_int(v));
    let (lb, ub, step) = (at(0)?, at(1)?, at(2)?);
    (step > 0).then(|| (lb, step, ((ub - lb).max(0) + step - 1) / step))
}

/// Where a `pallas.subcore_barrier` can be run: in the body of a kernel
/// whose grid is a vector-subcore mesh (cores, subcores) with a static
/// number of subcores, at its top level or inside `scf.if`s without results
/// and `scf.for`s without results with constant bounds (at most
/// `MAX_BARRIER_LOOP_TRIPS` iterations), which [`hoist_barriers`] takes
/// apart.
pub fn check_barrier(op: &OperationRef) -> Result<(), String> {
    let mut cur = op.parent_operation();
    let kernel = loop {
        let p = cur.ok_or("a pallas.subcore_barrier outside a kernel")?;
        match crate::ir::op_name_of(&p) {
            "pallas.kernel" => break p,
            "scf.for" => {
                if p.result_count() != 0 {
                    return Err("not yet supported: a pallas.subcore_barrier inside an scf.for with results on the CPU reference".into());
                }
            }
            "scf.if" => {
                if p.result_count() != 0 {
                    return Err("not yet supported: a pallas.subcore_barrier inside an scf.if with results on the CPU reference".into());
                }
            }
            other => {
                return Err(format!(
                "not yet supported: a pallas.subcore_barrier inside {other} on the CPU reference"
            ))
            }
        }
        cur = p.parent_operation();
    };
    let grid = kernel
        .attribute("grid")
        .map(crate::conversion::common::builder::dense_i64)
        .unwrap_or_default();
    if grid.len() != 2 || grid[1] <= 0 {
        return Err(format!(
            "not yet supported: a pallas.subcore_barrier in a kernel whose grid {grid:?} is not (cores, subcores) with a static number of subcores on the CPU reference"
        ));
    }
    Ok(())
}

fn is_barrier(op: &OperationRef) -> bool {
    crate::ir::op_name_of(op) == "pallas.subcore_barrier"
}

fn holds_barrier(op: &OperationRef) -> bool {
    let mut found = false;
    crate::ir::walk_nested(op, &mut |x| found |= is_barrier(&x));
    found
}

/// Builds a detached op in the context of `like` (an op), at its location.
fn build_op<'c>(
    like: &OperationRef<'c, '_>,
    name: &str,
    operands: &[Value<'c, '_>],
    results: &[Type<'c>],
    attrs: &[(&str, &str)],
    regions: Vec<melior::ir::Region<'c>>,
) -> melior::ir::Operation<'c> {
    let ctx = crate::ir::op_context(like);
    let attrs: Vec<_> = attrs
        .iter()
        .map(|(k, v)| {
            let a = crate::ir::parse_attribute(ctx, v).expect("attribute");
            (crate::ir::identifier(ctx, k), a)
        })
        .collect();
    melior::ir::operation::OperationBuilder::new(name, like.location())
        .add_operands(operands)
        .add_results(results)
        .add_attributes(&attrs)
        .add_regions_vec(regions)
        .build()
        .expect("a well-formed op")
}

/// Brings every subcore barrier of `block` to its top level, innermost
/// first (the checks of [`check_barrier`] passed): an `scf.for` holding one
/// is unrolled in place (one copy of its body per iteration, the induction
/// variable a constant); an `scf.if` holding one becomes one `scf.if` on the
/// same condition per stretch of its branches between barriers, with the
/// barriers between them. A subcore takes the same branch at every part
/// (a barrier must be reached by all subcores alike), so the parts run what
/// the branch ran; a value a part computes and a later part uses is not
/// supported.
fn hoist_barriers<'c, 'a>(block: melior::ir::BlockRef<'c, 'a>) -> Result<(), Failure<'c, 'a>> {
    use melior::ir::{BlockLike, RegionLike};
    let mut ops = vec![];
    let mut next = block.first_operation();
    while let Some(o) = next {
        next = o.next_in_block();
        ops.push(o);
    }
    for o in ops {
        if is_barrier(&o) || !holds_barrier(&o) {
            continue;
        }
        for r in 0..o.region_count() {
            let region = o.region(r).expect("region");
            let mut b = region.first_block();
            while let Some(bl) = b {
                hoist_barriers(bl)?;
                b = bl.next_in_region();
            }
        }
        match crate::ir::op_name_of(&o) {
            // A loop that is not unrolled runs around its phases (split).
            "scf.for" if unrollable(&o) => unroll_for(block, &o)?,
            "scf.for" => {}
            "scf.if" => split_if(block, &o)?,
            other => {
                return Err((
                    o,
                    format!("not yet supported: a pallas.subcore_barrier inside {other} on the CPU reference"),
                ))
            }
        }
    }
    Ok(())
}

fn unroll_for<'c, 'a>(
    block: melior::ir::BlockRef<'c, 'a>,
    for_op: &OperationRef<'c, 'a>,
) -> Result<(), Failure<'c, 'a>> {
    use melior::ir::{BlockLike, RegionLike};
    let (lb, step, trips) = constant_trips(for_op)
        .ok_or_else(|| (*for_op, "an scf.for without constant bounds".to_string()))?;
    let body = for_op
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| (*for_op, "an scf.for without a body".to_string()))?;
    let iv_ty = body
        .argument(0)
        .map_err(|e| (*for_op, e.to_string()))?
        .r#type();
    for i in 0..trips {
        let value = format!("{} : {iv_ty}", lb + i * step);
        let c = block.insert_operation_before(
            *for_op,
            build_op(
                for_op,
                "arith.constant",
                &[],
                &[iv_ty],
                &[("value", &value)],
                vec![],
            ),
        );
        let iv: Value = c.result(0).expect("constant").into();
        crate::ir::clone_block_body(body, block, Some(*for_op), &[iv]);
    }
    crate::ir::erase_operation(*for_op);
    Ok(())
}

fn split_if<'c, 'a>(
    block: melior::ir::BlockRef<'c, 'a>,
    if_op: &OperationRef<'c, 'a>,
) -> Result<(), Failure<'c, 'a>> {
    use melior::ir::{Block, BlockLike, Region, RegionLike};
    use std::collections::HashMap;
    let cond: Value = if_op.operand(0).map_err(|e| (*if_op, e.to_string()))?;
    // The stretches of a branch between its barriers.
    let parts_of = |r: usize| -> Vec<Vec<OperationRef<'c, 'a>>> {
        let Some(bl) = if_op.region(r).ok().and_then(|r| r.first_block()) else {
            return vec![];
        };
        let term = bl.terminator();
        let mut parts = vec![vec![]];
        let mut next = bl.first_operation();
        while let Some(o) = next {
            next = o.next_in_block();
            if term.is_some_and(|t| t.to_raw().ptr == o.to_raw().ptr) {
                continue;
            }
            if is_barrier(&o) {
                parts.push(vec![]);
            } else {
                parts.last_mut().expect("a part").push(o);
            }
        }
        parts
    };
    let branches = [parts_of(0), parts_of(1)];
    for parts in &branches {
        let mut part_of: HashMap<usize, usize> = HashMap::new();
        for (k, ops) in parts.iter().enumerate() {
            for o in ops {
                part_of.insert(o.to_raw().ptr as usize, k);
            }
        }
        for (k, ops) in parts.iter().enumerate() {
            for top in ops {
                let mut nested = vec![*top];
                crate::ir::walk_nested(top, &mut |x| nested.push(x));
                for o in nested {
                    for v in o.operands() {
                        let from = crate::ir::defining_op(v)
                            .and_then(|d| part_of.get(&(d.to_raw().ptr as usize)).copied());
                        if from.is_some_and(|f| f != k) {
                            return Err((o, "not yet supported: a value computed before a pallas.subcore_barrier inside an scf.if and used after it on the CPU reference".into()));
                        }
                    }
                }
            }
        }
    }
    let has_else = if_op.region(1).ok().and_then(|r| r.first_block()).is_some();
    let count = branches[0].len().max(branches[1].len());
    let branch = |ops: Option<&Vec<OperationRef<'c, 'a>>>| -> Region<'c> {
        let region = Region::new();
        let b = Block::new(&[]);
        b.append_operation(build_op(if_op, "scf.yield", &[], &[], &[], vec![]));
        region.append_block(b);
        let b = region.first_block().expect("block");
        let end = b.terminator().expect("yield");
        for o in ops.into_iter().flatten() {
            crate::ir::move_before(o, &end);
        }
        region
    };
    for k in 0..count {
        let then_region = branch(branches[0].get(k));
        let else_region = if has_else {
            branch(branches[1].get(k))
        } else {
            Region::new()
        };
        block.insert_operation_before(
            *if_op,
            build_op(
                if_op,
                "scf.if",
                &[cond],
                &[],
                &[],
                vec![then_region, else_region],
            ),
        );
        if k + 1 < count {
            block.insert_operation_before(
                *if_op,
                build_op(if_op, "pallas.subcore_barrier", &[], &[], &[], vec![]),
            );
        }
    }
    crate::ir::erase_operation(*if_op);
    Ok(())
}

/// Runs kernels with subcore barriers phase by phase. The CPU reference
/// runs the subcores (the last grid axis) one after the other, so a
/// subcore cannot wait at a barrier for the others. Instead, grid step
/// (c, 0) runs the whole core: each stretch of the body between two
/// barriers is a loop over the subcores (with the subcore id as the loop
/// index), and the steps (c, s > 0) do nothing. What a subcore keeps in its
/// own memory (refs outside `hbm` / `vmem_shared`, semaphores included) is
/// a slot per subcore, filled from the kernel's ref at the start, restored
/// at the start of each phase and saved at its end; values computed before
/// a barrier and used after it are recomputed (side-effect-free ops) or
/// kept per subcore (scalars and vectors).
pub fn split_at_barriers(module: &OperationRef) -> Result<(), ()> {
    let mut kernels = vec![];
    crate::ir::walk_nested(module, &mut |op| {
        if op.name().as_string_ref().as_str() == Ok("pallas.subcore_barrier") {
            let mut k = op.parent_operation();
            while let Some(p) = k.filter(|p| crate::ir::op_name_of(p) != "pallas.kernel") {
                k = p.parent_operation();
            }
            if let Some(k) = k {
                if !kernels
                    .iter()
                    .any(|o: &OperationRef| o.to_raw().ptr == k.to_raw().ptr)
                {
                    kernels.push(k);
                }
            }
        }
    });
    for k in kernels {
        let hoisted = crate::ir::body_block(&k).map_or(Ok(()), hoist_barriers);
        if let Err((at, message)) = hoisted.and_then(|_| split(&k)) {
            crate::ir::emit_op_error(&at, &message);
            return Err(());
        }
    }
    Ok(())
}

type Failure<'c, 'a> = (OperationRef<'c, 'a>, String);

/// What a block holding barriers runs, in order (see [`split`]).
enum Item {
    /// Phase p: its ops run for every subcore in turn.
    Phase(usize),
    /// Control loop c: an scf.for whose body's items run at each iteration.
    Control(usize),
}

/// Cuts `block` into phases at its barriers; an scf.for holding a barrier
/// is a control loop whose body is cut the same way.
fn collect_items<'c, 'a>(
    block: melior::ir::BlockRef<'c, 'a>,
    phases: &mut Vec<Vec<OperationRef<'c, 'a>>>,
    barriers: &mut Vec<OperationRef<'c, 'a>>,
    controls: &mut Vec<OperationRef<'c, 'a>>,
    control_items: &mut Vec<Vec<Item>>,
) -> Result<Vec<Item>, Failure<'c, 'a>> {
    use melior::ir::BlockLike;
    phases.push(vec![]);
    let mut items = vec![Item::Phase(phases.len() - 1)];
    let terminator = block.terminator();
    let mut next = block.first_operation();
    while let Some(o) = next {
        next = o.next_in_block();
        if terminator.is_some_and(|t| t.to_raw().ptr == o.to_raw().ptr) {
            continue;
        }
        if is_barrier(&o) {
            barriers.push(o);
        } else if holds_barrier(&o) {
            if crate::ir::op_name_of(&o) != "scf.for" || o.result_count() != 0 {
                return Err((
                    o,
                    format!(
                        "not yet supported: a pallas.subcore_barrier inside an scf.for whose bounds are not constants, itself inside {}, on the CPU reference",
                        crate::ir::op_name_of(&o)
                    ),
                ));
            }
            let c = controls.len();
            controls.push(o);
            control_items.push(vec![]);
            items.push(Item::Control(c));
            let body = crate::ir::body_block(&o)
                .ok_or_else(|| (o, "a loop without a body".to_string()))?;
            control_items[c] = collect_items(body, phases, barriers, controls, control_items)?;
        } else {
            // The last item is always a phase (one follows every barrier
            // and control loop).
            phases.last_mut().expect("a phase").push(o);
            continue;
        }
        phases.push(vec![]);
        items.push(Item::Phase(phases.len() - 1));
    }
    Ok(items)
}

fn split<'c, 'a>(kernel: &OperationRef<'c, 'a>) -> Result<(), Failure<'c, 'a>> {
    use melior::ir::{Block, BlockLike, Region, RegionLike};
    use std::collections::HashMap;
    let fail = |at: &OperationRef<'c, 'a>, m: &str| (*at, m.to_string());
    let body =
        crate::ir::body_block(kernel).ok_or_else(|| fail(kernel, "a kernel without a body"))?;
    let grid = kernel
        .attribute("grid")
        .map(crate::conversion::common::builder::dense_i64)
        .unwrap_or_default();
    let n = grid[1];
    let ctx = crate::ir::op_context(kernel);
    let loc = kernel.location();
    let mk = |name: &str,
              operands: &[Value<'c, '_>],
              results: &[Type<'c>],
              attrs: &[(&str, &str)],
              regions: Vec<Region<'c>>| {
        let attrs: Vec<_> = attrs
            .iter()
            .map(|(k, v)| {
                let a = crate::ir::parse_attribute(ctx, v).expect("attribute");
                (crate::ir::identifier(ctx, k), a)
            })
            .collect();
        melior::ir::operation::OperationBuilder::new(name, loc)
            .add_operands(operands)
            .add_results(results)
            .add_attributes(&attrs)
            .add_regions_vec(regions)
            .build()
            .expect("a well-formed op")
    };
    let like = melior::ir::attribute::AttributeLike::r#type(
        &crate::ir::parse_attribute(ctx, "0 : index").expect("an index attribute"),
    );
    let ty = |t: &str| crate::ir::parse_type_like(like, t).expect("type");
    let (index, i32) = (ty("index"), ty("i32"));

    // The body's ops by phase. An scf.for still holding a barrier (one the
    // hoisting did not unroll) is a control loop: it runs once, around the
    // phases of its own body (its bounds and step as subcore 0 sees them;
    // a barrier needs all subcores to run it alike).
    let mut phases: Vec<Vec<OperationRef>> = vec![];
    let mut barriers = vec![];
    let mut controls: Vec<OperationRef> = vec![];
    let mut control_items: Vec<Vec<Item>> = vec![];
    let top_items = collect_items(
        body,
        &mut phases,
        &mut barriers,
        &mut controls,
        &mut control_items,
    )?;
    let mut phase_of: HashMap<usize, usize> = HashMap::new();
    for (p, ops) in phases.iter().enumerate() {
        for o in ops {
            phase_of.insert(o.to_raw().ptr as usize, p);
        }
    }
    // The phase of the top-level op holding `o`, if any.
    let phase_at = |o: OperationRef<'c, 'a>| {
        let mut cur = Some(o);
        while let Some(c) = cur {
            if let Some(p) = phase_of.get(&(c.to_raw().ptr as usize)) {
                return Some(*p);
            }
            cur = c.parent_operation();
        }
        None
    };

    // Per-subcore refs used in more than one phase.
    let mut carried = vec![];
    for i in 0..body.argument_count() {
        let arg: Value = body.argument(i).expect("argument").into();
        let t = arg.r#type();
        if !crate::ir::is_memref(t) {
            continue;
        }
        use crate::ir::MemorySpace as M;
        if matches!(M::of_memref(t), Some(M::Hbm | M::VmemShared | M::Any)) {
            continue;
        }
        let users = crate::ir::users(arg);
        let mut used: Vec<usize> = users.iter().filter_map(|u| phase_at(*u)).collect();
        used.sort();
        used.dedup();
        if used.len() < 2 {
            continue;
        }
        let shape = memref_shape(t);
        // Semaphores are kept per subcore like data (i32 counters once
        // converted; memref.alloc and the copies are retyped then).
        let semaphore = crate::ir::SemaphoreKind::of_memref(t).is_some();
        if !(crate::ir::is_signless_int_or_float(element_type(t)) || semaphore)
            || shape.contains(&i64::MIN)
        {
            return Err(fail(
                &users[0],
                &format!("not yet supported: a subcore's {t} used on both sides of a pallas.subcore_barrier on the CPU reference"),
            ));
        }
        carried.push((arg, shape, element_type(t)));
    }

    let first_op = body.first_operation().expect("a non-empty body");
    let put = |o| body.insert_operation_before(first_op, o);
    let cst = |text: &str, t| put(mk("arith.constant", &[], &[t], &[("value", text)], vec![]));
    let res = |o: OperationRef<'c, 'a>| -> Value<'c, 'a> { o.result(0).expect("result").into() };
    let pid = put(mk(
        "pallas.program_id",
        &[],
        &[i32],
        &[("axis", "1 : i64")],
        vec![],
    ));
    let zero32 = res(cst("0 : i32", i32));
    let first = put(mk(
        "arith.cmpi",
        &[res(pid), zero32],
        &[ty("i1")],
        &[("predicate", "0 : i64")],
        vec![],
    ));
    let (c0, c1, cn) = (
        res(cst("0 : index", index)),
        res(cst("1 : index", index)),
        res(cst(&format!("{n} : index"), index)),
    );
    let mut saves = vec![];
    for (_, shape, elem) in &carried {
        let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
        let t = ty(&format!("memref<{n}x{dims}{elem}>"));
        let attrs = [("operandSegmentSizes", "array<i32: 0, 0>")];
        saves.push(res(put(mk("memref.alloc", &[], &[t], &attrs, vec![]))));
    }
    let then = Block::new(&[]);
    then.append_operation(mk("scf.yield", &[], &[], &[], vec![]));
    let then_region = Region::new();
    then_region.append_block(then);
    let if_op = put(mk(
        "scf.if",
        &[res(first)],
        &[],
        &[],
        vec![then_region, Region::new()],
    ));
    let then = if_op.region(0).expect("then").first_block().expect("block");
    let then_end = then.terminator().expect("yield");
    for save in &saves {
        body.insert_operation_after(if_op, mk("memref.dealloc", &[*save], &[], &[], vec![]));
    }

    let mut memo: HashMap<(usize, usize), Value<'c, 'a>> = HashMap::new();
    // The subcore loop of phase p: (loop, body, subcore id as i32, the op
    // before which values from other phases are placed).
    let mut slots: Vec<
        Option<(
            OperationRef<'c, 'a>,
            melior::ir::BlockRef<'c, 'a>,
            Value<'c, 'a>,
            OperationRef<'c, 'a>,
        )>,
    > = vec![None; phases.len()];
    // The save slot of subcore `s` for carried ref `k`, built in `lb`
    // before `end`.
    let view = |k: usize,
                lb: &melior::ir::BlockRef<'c, 'a>,
                end: &OperationRef<'c, 'a>,
                s: Value<'c, 'a>|
     -> Value<'c, 'a> {
        let (_, shape, elem) = &carried[k];
        let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
        let mut strides = vec![1i64; shape.len()];
        for d in (0..shape.len().saturating_sub(1)).rev() {
            strides[d] = strides[d + 1] * shape[d + 1];
        }
        let strides: Vec<String> = strides.iter().map(|x| x.to_string()).collect();
        let t = ty(&format!(
            "memref<{dims}{elem}, strided<[{}], offset: ?>>",
            strides.join(", ")
        ));
        let zeros = ", 0".repeat(shape.len());
        let sizes: String = shape.iter().map(|d| format!(", {d}")).collect();
        let ones = ", 1".repeat(shape.len());
        let attrs = [
            (
                "static_offsets",
                format!("array<i64: -9223372036854775808{zeros}>"),
            ),
            ("static_sizes", format!("array<i64: 1{sizes}>")),
            ("static_strides", format!("array<i64: 1{ones}>")),
            ("operandSegmentSizes", "array<i32: 1, 1, 0, 0>".to_string()),
        ];
        let attrs: Vec<(&str, &str)> = attrs.iter().map(|(k, v)| (*k, v.as_str())).collect();
        res(lb.insert_operation_before(
            *end,
            mk("memref.subview", &[saves[k], s], &[t], &attrs, vec![]),
        ))
    };
    let subcore_loop = |container: &melior::ir::BlockRef<'c, 'a>, before: &OperationRef<'c, 'a>| {
        let loop_body = Block::new(&[(index, loc)]);
        loop_body.append_operation(mk("scf.yield", &[], &[], &[], vec![]));
        let region = Region::new();
        region.append_block(loop_body);
        let for_op = container.insert_operation_before(
            *before,
            mk("scf.for", &[c0, cn, c1], &[], &[], vec![region]),
        );
        let lb = crate::ir::body_block(&for_op).expect("loop body");
        let end = lb.terminator().expect("yield");
        let s: Value = lb.argument(0).expect("iv").into();
        (for_op, lb, end, s)
    };
    // Every subcore starts from the refs as the kernel has them; each phase
    // restores its subcore's and saves them at its end.
    if !carried.is_empty() {
        let (_, lb, end, s) = subcore_loop(&then, &then_end);
        for (k, (arg, _, _)) in carried.iter().enumerate() {
            let v = view(k, &lb, &end, s);
            lb.insert_operation_before(end, mk("memref.copy", &[*arg, v], &[], &[], vec![]));
        }
    }
    let mut work = vec![(top_items, then, then_end)];
    while let Some((items, container, before)) = work.pop() {
        for item in items {
            match item {
                Item::Control(c) => {
                    let x = controls[c];
                    crate::ir::move_before(&x, &before);
                    let xb = crate::ir::body_block(&x).expect("loop body");
                    let xend = xb.terminator().expect("yield");
                    work.push((std::mem::take(&mut control_items[c]), xb, xend));
                }
                Item::Phase(p) => {
                    let (for_op, lb, end, s) = subcore_loop(&container, &before);
                    let sid = res(lb.insert_operation_before(
                        end,
                        mk("arith.index_cast", &[s], &[i32], &[], vec![]),
                    ));
                    let views: Vec<Value> =
                        (0..carried.len()).map(|k| view(k, &lb, &end, s)).collect();
                    for ((arg, _, _), v) in carried.iter().zip(&views) {
                        lb.insert_operation_before(
                            end,
                            mk("memref.copy", &[*v, *arg], &[], &[], vec![]),
                        );
                    }
                    for o in &phases[p] {
                        crate::ir::move_before(o, &end);
                    }
                    for ((arg, _, _), v) in carried.iter().zip(&views) {
                        lb.insert_operation_before(
                            end,
                            mk("memref.copy", &[*arg, *v], &[], &[], vec![]),
                        );
                    }
                    let anchor = phases[p].first().copied().unwrap_or(end);
                    slots[p] = Some((for_op, lb, sid, anchor));
                }
            }
        }
    }
    let loops: Vec<_> = slots
        .into_iter()
        .map(|s| s.expect("every phase built"))
        .collect();
    // Values of other phases: recompute them in the phase that uses them
    // (before any subcore id is replaced, so that they are recognised); a
    // value of an op with effects (a load, a loop) is kept per subcore in a
    // buffer of its own instead: stored after its op, loaded where used.
    // From here on an op's phase is also the phase loop it sits in: a value
    // recomputed into a phase is of that phase when a later phase needs it.
    let loop_phase: HashMap<usize, usize> = loops
        .iter()
        .enumerate()
        .map(|(p, (for_op, _, _, _))| (for_op.to_raw().ptr as usize, p))
        .collect();
    let phase_at = |o: OperationRef<'c, 'a>| {
        let mut cur = Some(o);
        while let Some(c) = cur {
            let key = c.to_raw().ptr as usize;
            if let Some(p) = phase_of.get(&key).or_else(|| loop_phase.get(&key)) {
                return Some(*p);
            }
            cur = c.parent_operation();
        }
        None
    };
    let mut spills: HashMap<usize, Value<'c, 'a>> = HashMap::new();
    let mut spill = |v: Value<'c, 'a>, p: usize| -> Result<Value<'c, 'a>, String> {
        let d = crate::ir::defining_op(v).ok_or("a block argument of another phase")?;
        let f = phase_at(d).ok_or("a value outside the phases")?;
        let vt = v.r#type();
        let elem = if crate::ir::is_vector(vt) {
            element_type(vt)
        } else {
            vt
        };
        if !(crate::ir::is_signless_int_or_float(elem) || elem == index) {
            return Err(format!(
                "not yet supported: a value of {} ({vt}) computed before a pallas.subcore_barrier and used after it on the CPU reference",
                crate::ir::op_name_of(&d)
            ));
        }
        let key = v.to_raw().ptr as usize;
        let save = match spills.get(&key) {
            Some(save) => *save,
            None => {
                let t = ty(&format!("memref<{n}x{vt}>"));
                let attrs = [("operandSegmentSizes", "array<i32: 0, 0>")];
                let alloc = body
                    .insert_operation_before(if_op, mk("memref.alloc", &[], &[t], &attrs, vec![]));
                let save = res(alloc);
                body.insert_operation_after(if_op, mk("memref.dealloc", &[save], &[], &[], vec![]));
                let (_, lb_f, _, _) = &loops[f];
                let iv: Value = lb_f.argument(0).map_err(|e| e.to_string())?.into();
                lb_f.insert_operation_after(
                    d,
                    mk("memref.store", &[v, save, iv], &[], &[], vec![]),
                );
                spills.insert(key, save);
                save
            }
        };
        if p >= loops.len() {
            // A control loop's operand: subcore 0's value, before the loop.
            let x = controls[p - loops.len()];
            let blk = x.block().ok_or("a control loop outside a block")?;
            let zero = res(blk.insert_operation_before(
                x,
                mk(
                    "arith.constant",
                    &[],
                    &[index],
                    &[("value", "0 : index")],
                    vec![],
                ),
            ));
            return Ok(res(blk.insert_operation_before(
                x,
                mk("memref.load", &[save, zero], &[vt], &[], vec![]),
            )));
        }
        let (_, lb_p, _, anchor) = &loops[p];
        let iv: Value = lb_p.argument(0).map_err(|e| e.to_string())?.into();
        Ok(res(lb_p.insert_operation_before(
            *anchor,
            mk("memref.load", &[save, iv], &[vt], &[], vec![]),
        )))
    };
    for (p, (_, lb, _, anchor)) in loops.iter().enumerate() {
        let mut nested = vec![];
        for o in &phases[p] {
            nested.push(*o);
            crate::ir::walk_nested(o, &mut |x| nested.push(x));
        }
        for o in &nested {
            let operands: Vec<Value> = o.operands().collect();
            for (i, v) in operands.into_iter().enumerate() {
                let from = crate::ir::defining_op(v).and_then(phase_at);
                if from.is_some_and(|f| f != p) {
                    let nv = recompute(v, p, lb, *anchor, &phase_at, &mut memo, &mut spill)
                        .map_err(|m| fail(o, &m))?;
                    crate::ir::set_operand(o, i, nv);
                }
            }
        }
    }
    // A control loop's bounds and step, from the phases before it.
    for (c, x) in controls.iter().enumerate() {
        let q = loops.len() + c;
        let blk = x
            .block()
            .ok_or_else(|| fail(x, "a control loop outside a block"))?;
        let operands: Vec<Value> = x.operands().collect();
        for (i, v) in operands.into_iter().enumerate() {
            if crate::ir::defining_op(v).and_then(phase_at).is_some() {
                let nv = recompute(v, q, &blk, *x, &phase_at, &mut memo, &mut spill)
                    .map_err(|m| fail(x, &m))?;
                crate::ir::set_operand(x, i, nv);
            }
        }
    }
    // The subcore id is the loop's index.
    for (for_op, _, sid, _) in &loops {
        let mut ids = vec![];
        crate::ir::walk_nested(for_op, &mut |x| {
            if x.name().as_string_ref().as_str() == Ok("pallas.program_id")
                && int_attr(&x, "axis") == Some(1)
            {
                ids.push(x);
            }
        });
        for x in ids {
            crate::ir::replace_all_uses(res(x), *sid);
            crate::ir::erase_operation(x);
        }
    }
    for b in barriers {
        crate::ir::erase_operation(b);
    }
    Ok(())
}

/// `v` (computed in another phase) recomputed in phase `p`, in front of
/// `anchor` in block `lb`, with its operands recomputed as needed.
fn recompute<'c, 'a>(
    v: Value<'c, 'a>,
    p: usize,
    lb: &melior::ir::BlockRef<'c, 'a>,
    anchor: OperationRef<'c, 'a>,
    phase_at: &dyn Fn(OperationRef<'c, 'a>) -> Option<usize>,
    memo: &mut std::collections::HashMap<(usize, usize), Value<'c, 'a>>,
    spill: &mut dyn FnMut(Value<'c, 'a>, usize) -> Result<Value<'c, 'a>, String>,
) -> Result<Value<'c, 'a>, String> {
    use melior::ir::BlockLike;
    if let Some(done) = memo.get(&(v.to_raw().ptr as usize, p)) {
        return Ok(*done);
    }
    let d = crate::ir::defining_op(v).ok_or("a block argument of another phase")?;
    if !super::mesh::recomputable(&d) {
        let loaded = spill(v, p)?;
        memo.insert((v.to_raw().ptr as usize, p), loaded);
        return Ok(loaded);
    }
    let operands: Vec<Value> = d.operands().collect();
    let mut mapped = vec![];
    for o in operands {
        let from = crate::ir::defining_op(o).and_then(phase_at);
        mapped.push(if from.is_some_and(|f| f != p) {
            recompute(o, p, lb, anchor, phase_at, memo, spill)?
        } else {
            o
        });
    }
    let copy = lb.insert_operation_before(anchor, crate::ir::clone_detached(&d));
    for (i, m) in mapped.into_iter().enumerate() {
        crate::ir::set_operand(&copy, i, m);
    }
    for r in 0..d.result_count() {
        let (old, new): (Value, Value) = (
            d.result(r).expect("result").into(),
            copy.result(r).expect("result").into(),
        );
        memo.insert((old.to_raw().ptr as usize, p), new);
    }
    memo.get(&(v.to_raw().ptr as usize, p))
        .copied()
        .ok_or_else(|| "a value without a result".to_string())
}
