//! `pallas-row-loops`: clusters of elementwise ops on n-D vectors become one
//! `scf.for` nest over the rows, computing 1-D vectors of the last dim.
//!
//! The upstream vector lowering unrolls every op on an n-D vector into one
//! op per row of LLVM aggregates (a 128x128 tile: 128 ops for each op of the
//! body, plus an aggregate load of the whole tile per transfer), so a long
//! chain on a big tile becomes megabytes of LLVM IR and most of a kernel's
//! compile time. Here a maximal run of ops in one block that work row by row
//! (in-bounds minor-identity `vector.transfer_read`s from memory, `arith` and
//! `math` ops, splat constants, broadcasts of scalars and of rows, in-bounds
//! `vector.transfer_write`s to memory) is rewritten into a loop nest over
//! the leading dims whose body does the same ops, in the same order, on one
//! row: the results are bit for bit those of the unrolled form.
//!
//! The loop goes where the cluster's last op was, so its reads move later
//! and its writes too; a cluster therefore ends before any op that touches
//! memory or has regions, and before any op using one of its values. Within
//! the loop, row r of every access runs before row r+1 of any: a write
//! joins only if every other access of the cluster is provably to other
//! memory (another allocation) or to exactly the same elements (same memref
//! value and indices), so that interleaving changes nothing. Other n-D
//! operands are written to a buffer before the loop, and values used after
//! the cluster are written to a buffer in it and read back whole after it.

use std::collections::HashMap;

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{BlockRef, RegionLike, Value, ValueLike};

use crate::conversion::common::builder::{identity_map, B};
use crate::ir::conversion::OwnedRewriter;
use crate::ir::{self, element_type, memref_shape};
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "pallas-row-loops",
    name: "PallasRowLoops",
    description: "Rewrite clusters of elementwise ops on n-D vectors (with the in-bounds transfers that read their operands and write their results) into one scf.for nest over the rows on 1-D vectors (part of pallas-cpu-pipeline: keeps tile-sized bodies from being unrolled per row)",
    anchor: "builtin.module",
    options: &[],
    dialects: &["arith", "memref", "scf", "vector"],
    run,
};

fn name_of(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or("").to_string()
}

fn same<'c>(a: Value<'c, '_>, b: Value<'c, '_>) -> bool {
    a.to_raw().ptr == b.to_raw().ptr
}

fn same_op(a: &OperationRef, b: &OperationRef) -> bool {
    a.to_raw().ptr == b.to_raw().ptr
}

/// The shape of `ty` if it is a vector of rank >= 2 with static dims.
fn nd_shape(ty: Type) -> Option<Vec<i64>> {
    if !ir::is_vector(ty) {
        return None;
    }
    let shape = memref_shape(ty);
    (shape.len() >= 2 && shape.iter().all(|d| *d > 0)).then_some(shape)
}

/// Ops that neither touch memory nor have regions: a cluster may span them.
fn is_inert(name: &str) -> bool {
    let (dialect, op) = name.split_once('.').unwrap_or(("", name));
    match dialect {
        "arith" | "math" | "index" | "affine" | "ub" => op != "for" && op != "if" && op != "parallel",
        "memref" => matches!(
            op,
            "alloc" | "alloca" | "subview" | "cast" | "dim" | "reinterpret_cast"
                | "collapse_shape" | "expand_shape" | "extract_strided_metadata" | "get_global"
        ),
        "vector" => !matches!(
            op,
            "transfer_read" | "transfer_write" | "load" | "store" | "maskedload"
                | "maskedstore" | "gather" | "scatter" | "expandload" | "compressstore"
                | "print" | "mask"
        ),
        _ => false,
    }
}

/// A memory access of a cluster: its memref and indices.
struct Access<'c, 'a> {
    base: Value<'c, 'a>,
    indices: Vec<Value<'c, 'a>>,
    write: bool,
}

/// The allocation a memref value comes from, through views.
fn root<'c, 'a>(mut v: Value<'c, 'a>) -> Value<'c, 'a> {
    while let Some(def) = ir::defining_op(v) {
        let name = name_of(&def);
        if !matches!(
            name.as_str(),
            "memref.subview" | "memref.cast" | "memref.reinterpret_cast" | "memref.collapse_shape"
                | "memref.expand_shape"
        ) {
            break;
        }
        match def.operand(0) {
            Ok(src) => v = ir::value(src),
            Err(_) => break,
        }
    }
    v
}

/// The same value, or two constants that are equal.
fn same_index(a: Value, b: Value) -> bool {
    let constant = |v: Value| {
        ir::defining_op(v)
            .filter(|d| name_of(d) == "arith.constant")
            .and_then(|d| d.attribute("value").ok().map(|a| a.to_string()))
    };
    same(a, b) || matches!((constant(a), constant(b)), (Some(x), Some(y)) if x == y)
}

fn is_allocation(v: Value) -> bool {
    ir::defining_op(v)
        .map(|d| matches!(name_of(&d).as_str(), "memref.alloc" | "memref.alloca"))
        .unwrap_or(false)
}

/// Whether two accesses, one a write, can run row-interleaved.
fn compatible(a: &Access, b: &Access) -> bool {
    let exact = same(a.base, b.base)
        && a.indices.len() == b.indices.len()
        && a.indices.iter().zip(&b.indices).all(|(x, y)| same_index(*x, *y));
    let (ra, rb) = (root(a.base), root(b.base));
    let disjoint = !same(ra, rb) && (is_allocation(ra) || is_allocation(rb));
    exact || disjoint
}

/// How an op takes part in a cluster of shape `shape`.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Read,
    Write,
    Compute,
    Splat,
    Broadcast,
}

/// Whether a transfer is in bounds, unmasked and minor-identity over `rank`
/// vector dims.
fn plain_transfer(op: &OperationRef, rank: usize, memref_rank: usize) -> bool {
    let in_bounds = op
        .attribute("in_bounds")
        .map(|a| ir::array_elements(a).iter().all(|e| e.to_string() == "true"))
        .unwrap_or(false);
    let segments = op.attribute("operandSegmentSizes").map(ir::dense_i32).unwrap_or_default();
    let unmasked = segments.last() == Some(&0);
    let perm = op.attribute("permutation_map").map(|a| a.to_string()).unwrap_or_default();
    in_bounds && unmasked && perm == minor_identity(memref_rank, rank)
}

/// `affine_map<(d0, .., d{n-1}) -> (d{n-rank}, .., d{n-1})>` as MLIR prints it.
fn minor_identity(n: usize, rank: usize) -> String {
    let dims: Vec<String> = (0..n).map(|i| format!("d{i}")).collect();
    format!(
        "affine_map<({}) -> ({})>",
        dims.join(", "),
        dims[n - rank..].join(", ")
    )
}

fn classify(op: &OperationRef) -> Option<(Kind, Vec<i64>)> {
    let name = name_of(op);
    match name.as_str() {
        "vector.transfer_read" => {
            let shape = nd_shape(op.result(0).ok()?.r#type())?;
            let base = op.operand(0).ok()?.r#type();
            (ir::is_memref(base) && plain_transfer(op, shape.len(), memref_shape(base).len()))
                .then_some((Kind::Read, shape))
        }
        "vector.transfer_write" => {
            if op.result_count() != 0 {
                return None;
            }
            let shape = nd_shape(op.operand(0).ok()?.r#type())?;
            let base = op.operand(1).ok()?.r#type();
            (ir::is_memref(base) && plain_transfer(op, shape.len(), memref_shape(base).len()))
                .then_some((Kind::Write, shape))
        }
        "arith.constant" => {
            let shape = nd_shape(op.result(0).ok()?.r#type())?;
            let value = op.attribute("value").ok()?;
            splat_text(&value.to_string()).map(|_| (Kind::Splat, shape))
        }
        "vector.broadcast" => {
            let shape = nd_shape(op.result(0).ok()?.r#type())?;
            let src = op.operand(0).ok()?.r#type();
            // A scalar, or a vector whose dims (aligned to the right) are
            // the result's or 1.
            let src_shape = memref_shape(src);
            let stretch = src_shape.len() <= shape.len()
                && src_shape
                    .iter()
                    .zip(&shape[shape.len() - src_shape.len()..])
                    .all(|(s, d)| s == d || *s == 1);
            (!ir::is_vector(src) || stretch).then_some((Kind::Broadcast, shape))
        }
        _ if (name.starts_with("arith.") || name.starts_with("math."))
            && op.result_count() >= 1
            && op.region_count() == 0 =>
        {
            let shape = nd_shape(op.result(0).ok()?.r#type())?;
            let results_ok =
                (0..op.result_count()).all(|i| op.result(i).map(|r| memref_shape(r.r#type()) == shape && ir::is_vector(r.r#type())).unwrap_or(false));
            let operands_ok = op.operands().all(|v| {
                let t = v.r#type();
                !ir::is_vector(t) || memref_shape(t) == shape
            });
            (results_ok && operands_ok).then_some((Kind::Compute, shape))
        }
        _ => None,
    }
}

/// The element literal of a splat `dense<x> : vector<...>` attribute.
fn splat_text(attr: &str) -> Option<String> {
    let inner = attr.strip_prefix("dense<")?;
    let end = inner.rfind("> : ")?;
    let lit = &inner[..end];
    (!lit.starts_with('[') && !lit.starts_with('"')).then(|| lit.to_string())
}

struct Cluster<'c, 'a> {
    shape: Vec<i64>,
    ops: Vec<(OperationRef<'c, 'a>, Kind)>,
    accesses: Vec<Access<'c, 'a>>,
    /// Deallocations met inside the cluster of memory it accesses: they
    /// move after the loop.
    deferred: Vec<OperationRef<'c, 'a>>,
}

impl<'c, 'a> Cluster<'c, 'a> {
    fn defines(&self, v: Value) -> bool {
        match ir::defining_op(v) {
            Some(d) => self.ops.iter().any(|(o, _)| same_op(o, &d)),
            None => false,
        }
    }

    /// Worth a loop: it computes something or writes to memory.
    fn worth_it(&self) -> bool {
        self.ops.iter().any(|(_, k)| matches!(k, Kind::Compute | Kind::Write))
    }
}

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    let mut blocks = vec![];
    ir::walk_nested(&module, &mut |op| {
        for region in op.regions() {
            let mut block = region.first_block();
            while let Some(bl) = block {
                blocks.push(bl);
                block = bl.next_in_region();
            }
        }
    });
    let rw = OwnedRewriter::new(&module);
    for block in blocks {
        for cluster in clusters(block) {
            rewrite(&rw, &cluster);
        }
    }
    Ok(())
}

/// The clusters of `block`, found in one pass over its ops.
fn clusters<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<Cluster<'c, 'a>> {
    let mut done = vec![];
    let mut cur: Option<Cluster> = None;
    let close = |cur: &mut Option<Cluster<'c, 'a>>, done: &mut Vec<Cluster<'c, 'a>>| {
        if let Some(c) = cur.take() {
            if c.worth_it() {
                done.push(c);
            }
        }
    };
    let mut next = block.first_operation();
    while let Some(op) = next {
        let op: OperationRef<'c, 'a> = ir::op_ref(op);
        next = op.next_in_block();
        let uses_cluster = |c: &Option<Cluster>| {
            c.as_ref()
                .map(|c| op.operands().any(|v| c.defines(ir::value(v))))
                .unwrap_or(false)
        };
        let Some((kind, shape)) = classify(&op) else {
            let name = name_of(&op);
            if name == "memref.dealloc" && !uses_cluster(&cur) {
                if let Some(c) = cur.as_mut() {
                    let freed = root(ir::value(op.operand(0).expect("dealloc operand")));
                    if c.accesses.iter().any(|a| same(root(a.base), freed)) {
                        c.deferred.push(op);
                    }
                    continue;
                }
            }
            if uses_cluster(&cur) || !is_inert(&name) || op.region_count() > 0 {
                close(&mut cur, &mut done);
            }
            continue;
        };
        if matches!(kind, Kind::Splat | Kind::Broadcast) {
            // Leaves: remade per row where a cluster uses them.
            continue;
        }
        if cur.as_ref().map(|c| c.shape != shape).unwrap_or(false) {
            close(&mut cur, &mut done);
        }
        let access = match kind {
            Kind::Read | Kind::Write => {
                let (base_at, first_index) = if kind == Kind::Read { (0, 1) } else { (1, 2) };
                let base = ir::value(op.operand(base_at).expect("transfer base"));
                let rank = memref_shape(base.r#type()).len();
                let indices = (first_index..first_index + rank)
                    .map(|i| ir::value(op.operand(i).expect("transfer index")))
                    .collect();
                Some(Access {
                    base,
                    indices,
                    write: kind == Kind::Write,
                })
            }
            _ => None,
        };
        if let (Some(a), Some(c)) = (&access, &cur) {
            let clash = c
                .accesses
                .iter()
                .any(|b| (a.write || b.write) && !compatible(a, b));
            if clash {
                close(&mut cur, &mut done);
            }
        }
        // A write of an n-D value from outside the cluster stays a plain
        // n-D store (a splat or a broadcast row is remade in the loop).
        if kind == Kind::Write {
            let v = ir::value(op.operand(0).expect("stored value"));
            let inside = cur.as_ref().map(|c| c.defines(v)).unwrap_or(false);
            if !inside && leaf_kind(v, &shape).is_none() {
                close(&mut cur, &mut done);
                continue;
            }
        }
        let c = cur.get_or_insert_with(|| Cluster {
            shape,
            ops: vec![],
            accesses: vec![],
            deferred: vec![],
        });
        c.ops.push((op, kind));
        c.accesses.extend(access);
    }
    close(&mut cur, &mut done);
    done
}

/// Emits the loop nest of `c` after its last op and erases its ops.
fn rewrite<'c, 'a>(rw: &OwnedRewriter<'c, 'a>, c: &Cluster<'c, 'a>) {
    let (last, _) = c.ops[c.ops.len() - 1];
    let b = B::new(rw, last.location());
    let rank = c.shape.len();
    let n = c.shape[rank - 1];
    rw.set_insertion_point_after(&last);
    let zero = b.cidx(0);

    // Values used outside the cluster get a buffer each.
    let mut outgoing = vec![];
    for (op, _) in &c.ops {
        for i in 0..op.result_count() {
            let v = ir::result_of(*op, i);
            let outside = ir::users(v)
                .iter()
                .any(|u| !c.ops.iter().any(|(o, _)| same_op(o, u)));
            if outside {
                let buf = alloca(&b, &c.shape, element_type(v.r#type()));
                outgoing.push((v, buf));
            }
        }
    }
    // n-D operands from outside, other than splats and broadcasts (remade
    // per row), are spilled.
    let mut spilled: HashMap<usize, Value<'c, 'a>> = HashMap::new();
    let mut leaves = vec![];
    for (op, kind) in &c.ops {
        if !matches!(kind, Kind::Compute | Kind::Write) {
            continue;
        }
        let values: Vec<Value> = if *kind == Kind::Write {
            vec![ir::value(op.operand(0).expect("value"))]
        } else {
            op.operands().map(ir::value).collect()
        };
        for v in values {
            if !ir::is_vector(v.r#type()) || c.defines(v) || spilled.contains_key(&key(v)) {
                continue;
            }
            if let Some(def) = leaf_kind(v, &c.shape) {
                if !leaves.iter().any(|(l, _, _): &(Value, OperationRef, _)| same(*l, v)) {
                    // A broadcast source other than a scalar or a row is
                    // read per row from a buffer.
                    let src = (name_of(&def) == "vector.broadcast")
                        .then(|| ir::value(def.operand(0).expect("broadcast source")))
                        .filter(|s| ir::is_vector(s.r#type()) && memref_shape(s.r#type()) != [n]);
                    let src_buf = src.map(|src| {
                            let shape = memref_shape(src.r#type());
                            let buf = alloca(&b, &shape, element_type(src.r#type()));
                            let mut operands = vec![src, buf];
                            operands.extend(std::iter::repeat_n(zero, shape.len()));
                            b.transfer_write(&operands, shape.len(), &identity_map(shape.len()), false);
                            buf
                    });
                    leaves.push((v, def, src_buf));
                }
                continue;
            }
            let buf = alloca(&b, &c.shape, element_type(v.r#type()));
            let mut operands = vec![v, buf];
            operands.extend(std::iter::repeat_n(zero, rank));
            b.transfer_write(&operands, rank, &identity_map(rank), false);
            spilled.insert(key(v), buf);
        }
    }

    // The loop nest over the leading dims.
    let mut rows = vec![];
    let mut outer = None;
    for d in 0..rank - 1 {
        let (iv, end) = b.for_loop(zero, b.cidx(c.shape[d]));
        if outer.is_none() {
            outer = Some(end.parent_operation().expect("scf.for"));
        }
        rw.set_insertion_point_before(&end);
        rows.push(iv);
    }
    let row_at = |buf: Value<'c, 'a>| {
        let mut at = vec![buf];
        at.extend(rows.iter().copied());
        at.push(zero);
        at
    };

    let mut row_of: HashMap<usize, Value<'c, 'a>> = HashMap::new();
    for (v, def, src_buf) in &leaves {
        let elem = element_type(v.r#type());
        let ty = b.vector(&[n], elem);
        let row = if let Some(buf) = src_buf {
            // Source dim e lines up with result dim e + (rank - its rank).
            let src_shape = memref_shape(buf.r#type());
            let lead = rank - src_shape.len();
            let mut at = vec![*buf];
            for (e, size) in src_shape.iter().enumerate() {
                let d = e + lead;
                at.push(if d < rank - 1 && *size != 1 { rows[d] } else { zero });
            }
            if src_shape[src_shape.len() - 1] == n {
                at.push(b.zero(elem));
                b.transfer_read(&at, src_shape.len(), &identity_map_of(src_shape.len(), 1), false, ty)
            } else {
                let x = b.val("memref.load", &at, elem, &[]);
                b.val("vector.broadcast", &[x], ty, &[])
            }
        } else if name_of(def) == "arith.constant" {
            let lit = splat_text(&def.attribute("value").expect("value").to_string())
                .expect("splat");
            b.constant(&format!("dense<{lit}> : {ty}"), ty)
        } else {
            let src = ir::value(def.operand(0).expect("source"));
            if ir::is_vector(src.r#type()) {
                src
            } else {
                b.val("vector.broadcast", &[src], ty, &[])
            }
        };
        row_of.insert(key(*v), row);
    }
    for (v, buf) in &spilled {
        let elem = element_type(buf.r#type());
        let mut operands = row_at(*buf);
        operands.push(b.zero(elem));
        let r = b.transfer_read(&operands, rank, &identity_map_of(rank, 1), false, b.vector(&[n], elem));
        row_of.insert(*v, r);
    }
    for (op, kind) in &c.ops {
        match kind {
            Kind::Read | Kind::Write => {
                let base_at = if *kind == Kind::Read { 0 } else { 1 };
                let base = ir::value(op.operand(base_at).expect("base"));
                let mrank = memref_shape(base.r#type()).len();
                let mut operands: Vec<Value> = vec![];
                if *kind == Kind::Write {
                    let v = ir::value(op.operand(0).expect("value"));
                    operands.push(row_of[&key(v)]);
                }
                operands.push(base);
                for i in 0..mrank {
                    let index = ir::value(op.operand(base_at + 1 + i).expect("index"));
                    // Memref dim i carries vector dim i - (mrank - rank).
                    let vd = (i + rank).checked_sub(mrank);
                    operands.push(match vd {
                        Some(vd) if vd < rank - 1 => b.add(index, rows[vd]),
                        _ => index,
                    });
                }
                let perm = identity_map_of(mrank, 1);
                if *kind == Kind::Read {
                    let pad = ir::value(op.operand(1 + mrank).expect("padding"));
                    operands.push(pad);
                    let res = ir::result_of(*op, 0);
                    let ty = b.vector(&[n], element_type(res.r#type()));
                    row_of.insert(key(res), b.transfer_read(&operands, mrank, &perm, false, ty));
                } else {
                    b.transfer_write(&operands, mrank, &perm, false);
                }
            }
            Kind::Splat | Kind::Broadcast => {}
            Kind::Compute => {
                let copy = rw.insert(ir::clone_detached(op));
                for (i, v) in op.operands().enumerate() {
                    let v = ir::value(v);
                    if let Some(r) = row_of.get(&key(v)) {
                        ir::set_operand(&copy, i, *r);
                    }
                }
                for i in 0..op.result_count() {
                    let res = ir::result_of(copy, i);
                    let ty = b.vector(&[n], element_type(res.r#type()));
                    ir::set_value_type(res, ty);
                    row_of.insert(key(ir::result_of(*op, i)), res);
                }
            }
        }
    }
    for (v, buf) in &outgoing {
        let mut operands = vec![row_of[&key(*v)]];
        operands.extend(row_at(*buf));
        b.transfer_write(&operands, rank, &identity_map_of(rank, 1), false);
    }

    // Read back what is used after the loop, then drop the cluster's ops.
    let outer = outer.expect("rank >= 2");
    rw.set_insertion_point_after(&outer);
    let mut after = outer;
    for (v, buf) in &outgoing {
        let elem = element_type(v.r#type());
        let mut operands = vec![*buf];
        operands.extend(std::iter::repeat_n(zero, rank));
        operands.push(b.zero(elem));
        let whole = b.transfer_read(&operands, rank, &identity_map(rank), false, v.r#type());
        ir::replace_all_uses(*v, whole);
        after = ir::defining_op(whole).expect("transfer_read");
    }
    if let Some(next) = after.next_in_block() {
        for d in &c.deferred {
            ir::move_before(d, &next);
        }
    }
    for (op, _) in c.ops.iter().rev() {
        rw.erase_op(op);
    }
    for (v, def, _) in &leaves {
        if !ir::has_uses(*v) {
            rw.erase_op(def);
        }
    }
}

/// The splat constant or row broadcast defining `v`, if `v` is one of
/// shape `shape`.
fn leaf_kind<'c, 'a>(v: Value<'c, 'a>, shape: &[i64]) -> Option<OperationRef<'c, 'a>> {
    let def = ir::defining_op(v)?;
    match classify(&def) {
        Some((Kind::Splat | Kind::Broadcast, s)) if s == shape => Some(def),
        _ => None,
    }
}

fn key(v: Value) -> usize {
    v.to_raw().ptr as usize
}

/// `affine_map<(d0, .., d{n-1}) -> (d{n-rank}, ..)>`: the transfer map of a
/// `rank`-D vector in an `n`-D memref.
fn identity_map_of(n: usize, rank: usize) -> String {
    minor_identity(n, rank)
}

/// A stack buffer for one tile (`pallas-hoist-loop-allocas` later moves it
/// out of any loop).
fn alloca<'c, 'a>(b: &B<'_, 'c, 'a>, shape: &[i64], elem: Type<'c>) -> Value<'c, 'a> {
    let segments = b.attr("array<i32: 0, 0>");
    b.val(
        "memref.alloca",
        &[],
        b.memref(shape, elem),
        &[("operandSegmentSizes", segments)],
    )
}
