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
//! `pallas.subcore_barrier` is in subcores.rs.

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
