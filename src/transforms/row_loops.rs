//! `pallas-row-loops`: clusters of elementwise ops on n-D vectors (and on
//! 1-D vectors longer than a chunk, taken as one row) become one `scf.for`
//! nest over the rows, computing 1-D vectors of the last dim.
//!
//! The upstream vector lowering unrolls every op on an n-D vector into one
//! op per row of LLVM aggregates (a 128x128 tile: 128 ops for each op of the
//! body, plus an aggregate load of the whole tile per transfer), so a long
//! chain on a big tile becomes megabytes of LLVM IR and most of a kernel's
//! compile time. Here a maximal run of ops in one block that work row by row
//! (in-bounds minor-identity `vector.transfer_read`s from memory, `arith` and
//! `math` ops, same-shape `vector.bitcast`s, in-bounds `vector.transfer_write`s to memory, and
//! `vector.multi_reduction`s over their last dim only) is rewritten
//! into a loop nest over the leading dims and over chunks of at most 64
//! lanes of the last one, whose body does the same ops in the same order on
//! one chunk. A reduction reduces each chunk as a halving tree and adds that
//! to the row's running value (the row's accumulator first): the upstream
//! lowering's one reduction per row adds lane after lane, a chain of
//! dependent adds as long as the row (a 4096-wide row sum waited on 4096
//! adds). Integer and min/max reductions give the same bits in any order;
//! float sums and products may differ in the last bits from the in-order
//! form (the oracle's tolerances for row sums cover both, see `tree`). A
//! `vector.reduction` of a 1-D vector longer than a chunk is first made the
//! `vector.multi_reduction` of that one row ([`reductions_as_rows`]).
//! Splat constants, broadcasts (of scalars, of rows, of unit dims) and
//! iotas (`arith.index_cast` of a broadcast `vector.step`, as
//! convert-pallas-to-scf builds them) are remade per chunk; other dense
//! constants are read in chunks from a private constant `memref.global`.
//! Masked transfers take their mask's chunk. Buffers larger than
//! [`STACK_BYTES`] are heap allocations freed at the end of their block.
//!
//! A cluster's loop goes where its last op was, so its reads move later and
//! its writes too: a cluster ends before any op that touches memory or has
//! regions, and before any op using one of its values. Clusters of other
//! shapes may be open at the same time; an access joins only if nothing
//! another open cluster writes (or reads, for a write) may be the same
//! memory. Within one loop, row r of every access runs before row r+1 of
//! any, so a write joins only if every other access of its cluster is to
//! another allocation or to exactly the same elements. Other n-D operands
//! are written to a buffer before the loop; values used after the cluster
//! are written to a buffer in it and read back whole after it, and a later
//! cluster reads such a buffer row by row instead of the value (a few
//! rounds per block). Likewise a write of a whole-buffer read of an
//! allocation made long before copies from that buffer row by row, when no
//! op in between may write it.
//!
//! Clusters stay within one block. Before clustering, large values that
//! cross a region boundary go through memory, so that both ends join the
//! clusters of their blocks: those an `scf.for` carries or an `scf.if`
//! yields get a buffer the regions write and the op's block reads
//! ([`carry_through_memory`]); one used in a nested region (an `scf.if`, an
//! `scf.for` body, an alloca scope) is read again there from its own
//! buffer when it is a whole read nothing may overwrite meanwhile, else
//! written to a buffer where it is defined and read where it is used
//! ([`hand_on_into_nested_regions`]).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{BlockRef, RegionLike, Value, ValueLike};

use crate::conversion::common::builder::{identity_map, minor_identity_map, B};
use crate::ir::conversion::OwnedRewriter;
use crate::ir::{self, element_type, is_float, memref_shape};
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

/// The shape of `ty` if it is a vector of rank >= 2, or a 1-D one of more
/// than [`MAX_LANES`], with static dims, of floats or signless integers
/// (the buffers' padding values are constants of the element type, which
/// other integer types have no form of). A long 1-D vector is one row
/// (LLVM takes a whole 1-D vector as one value: instruction selection on
/// one of 2^16 elements or more aborts); a short one is a chunk already.
fn nd_shape(ty: Type) -> Option<Vec<i64>> {
    if !ir::is_vector(ty) || !ir::is_signless_int_or_float(element_type(ty)) {
        return None;
    }
    let shape = memref_shape(ty);
    let rows = shape.len() >= 2 || shape.first().is_some_and(|n| *n > MAX_LANES);
    (rows && shape.iter().all(|d| *d > 0)).then_some(shape)
}

/// Ops that neither touch memory nor have regions: a cluster may span them.
fn is_inert(name: &str) -> bool {
    let (dialect, op) = name.split_once('.').unwrap_or(("", name));
    match dialect {
        "arith" | "math" | "index" | "affine" | "ub" => {
            op != "for" && op != "if" && op != "parallel"
        }
        "memref" => matches!(
            op,
            "alloc"
                | "alloca"
                | "subview"
                | "cast"
                | "dim"
                | "reinterpret_cast"
                | "collapse_shape"
                | "expand_shape"
                | "extract_strided_metadata"
                | "get_global"
        ),
        "vector" => !matches!(
            op,
            "transfer_read"
                | "transfer_write"
                | "load"
                | "store"
                | "maskedload"
                | "maskedstore"
                | "gather"
                | "scatter"
                | "expandload"
                | "compressstore"
                | "print"
                | "mask"
        ),
        _ => false,
    }
}

/// A memory access of a cluster, reduced to what the conflict checks
/// compare: the allocation (or other memory) it is in, and its memref and
/// indices (equal signatures: exactly the same elements).
struct Access {
    root: usize,
    /// The root is a `memref.alloc`/`alloca`: different from any other
    /// memory.
    allocated: bool,
    signature: Signature,
    write: bool,
}

/// The memref of an access and its indices, each the value or, for a
/// constant, its attribute's text (equal constants are the same index).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Signature(usize, Vec<IndexKey>);

#[derive(Clone, PartialEq, Eq, Hash)]
enum IndexKey {
    Value(usize),
    Constant(String),
}

impl Access {
    fn new(base: Value, indices: &[Value], write: bool) -> Self {
        let memory = root(base);
        let index_key = |v: Value| match ir::defining_op(v)
            .filter(|d| name_of(d) == "arith.constant")
            .and_then(|d| d.attribute("value").ok())
        {
            Some(a) => IndexKey::Constant(a.to_string()),
            None => IndexKey::Value(key(v)),
        };
        Access {
            root: key(memory),
            allocated: is_allocation(memory),
            signature: Signature(key(base), indices.iter().map(|v| index_key(*v)).collect()),
            write,
        }
    }
}

/// The accesses of a cluster, counted per memory so that whether a new
/// access conflicts with any of them is a few lookups, not a scan.
#[derive(Default)]
struct Accesses {
    by_root: HashMap<usize, RootAccesses>,
    /// Accesses (and writes) to memory not known to be an allocation (a
    /// function argument, a view of one): any two may overlap.
    unknown: usize,
    unknown_writes: usize,
}

#[derive(Default)]
struct RootAccesses {
    total: usize,
    writes: usize,
    /// Whether each distinct signature is written.
    signatures: HashMap<Signature, bool>,
    written_signatures: usize,
}

impl Accesses {
    fn add(&mut self, a: &Access) {
        let r = self.by_root.entry(a.root).or_default();
        r.total += 1;
        r.writes += usize::from(a.write);
        let written = r.signatures.entry(a.signature.clone()).or_insert(false);
        if a.write && !*written {
            *written = true;
            r.written_signatures += 1;
        }
        if !a.allocated {
            self.unknown += 1;
            self.unknown_writes += usize::from(a.write);
        }
    }

    fn touch(&self, memory: usize) -> bool {
        self.by_root.contains_key(&memory)
    }

    /// Whether `a` conflicts with an access here (one of the two a write):
    /// when both go in one loop (`same_loop`) row r of each runs before row
    /// r + 1 of the other, so they must be to other memory or to exactly
    /// the same elements; in loops of their own, to other memory.
    fn conflict(&self, a: &Access, same_loop: bool) -> bool {
        let (total, writes) = match self.by_root.get(&a.root) {
            Some(r) => {
                let own = r.signatures.get(&a.signature);
                let clash = if !same_loop {
                    if a.write {
                        r.total > 0
                    } else {
                        r.writes > 0
                    }
                } else if a.write {
                    r.signatures.len() > usize::from(own.is_some())
                } else {
                    r.written_signatures > usize::from(own == Some(&true))
                };
                if clash {
                    return true;
                }
                (r.total, r.writes)
            }
            None => (0, 0),
        };
        // Other memory overlaps only where neither is an allocation.
        !a.allocated
            && if a.write {
                self.unknown > total
            } else {
                self.unknown_writes > writes
            }
    }
}

/// The allocation a memref value comes from, through views.
fn root<'c, 'a>(mut v: Value<'c, 'a>) -> Value<'c, 'a> {
    while let Some(def) = ir::defining_op(v) {
        let name = name_of(&def);
        if !matches!(
            name.as_str(),
            "memref.subview"
                | "memref.cast"
                | "memref.reinterpret_cast"
                | "memref.collapse_shape"
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

fn is_allocation(v: Value) -> bool {
    ir::defining_op(v)
        .map(|d| matches!(name_of(&d).as_str(), "memref.alloc" | "memref.alloca"))
        .unwrap_or(false)
}

/// How an op takes part in a cluster of shape `shape`.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Read,
    Write,
    Compute,
    Splat,
    Broadcast,
    /// An iota (vector_ops.rs): the `arith.index_cast` of a `vector.step`
    /// broadcast along one dim.
    Iota,
    /// A `vector.multi_reduction` over the last dim only.
    Reduce,
}

/// Whether a transfer of a vector of `shape` is in bounds and
/// minor-identity, unmasked or with a mask of the vector's shape (chunk by
/// chunk, the mask's chunk).
fn plain_transfer(op: &OperationRef, shape: &[i64], memref_rank: usize) -> bool {
    let rank = shape.len();
    let in_bounds = op
        .attribute("in_bounds")
        .map(|a| {
            ir::array_elements(a)
                .iter()
                .all(|e| e.to_string() == "true")
        })
        .unwrap_or(false);
    let segments = op
        .attribute("operandSegmentSizes")
        .map(ir::dense_i32)
        .unwrap_or_default();
    let unmasked = segments.last() == Some(&0)
        || transfer_mask(op).is_some_and(|m| memref_shape(m.r#type()) == shape);
    let perm = op
        .attribute("permutation_map")
        .map(|a| a.to_string())
        .unwrap_or_default();
    in_bounds && unmasked && perm == minor_identity_map(memref_rank, rank)
}

/// The mask of a masked transfer (its last operand).
fn transfer_mask<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
    let segments = op
        .attribute("operandSegmentSizes")
        .map(ir::dense_i32)
        .unwrap_or_default();
    (segments.last() == Some(&1))
        .then(|| crate::ir::operand_at(op, op.operand_count() - 1))
        .flatten()
}

fn classify(op: &OperationRef) -> Option<(Kind, Vec<i64>)> {
    let name = name_of(op);
    match name.as_str() {
        "vector.transfer_read" => {
            let shape = nd_shape(crate::ir::result_at(op, 0)?.r#type())?;
            let base = crate::ir::operand_at(op, 0)?.r#type();
            (ir::is_memref(base)
                && whole_bytes(base)
                && plain_transfer(op, &shape, memref_shape(base).len()))
            .then_some((Kind::Read, shape))
        }
        "vector.transfer_write" => {
            if op.result_count() != 0 {
                return None;
            }
            let shape = nd_shape(crate::ir::operand_at(op, 0)?.r#type())?;
            let base = crate::ir::operand_at(op, 1)?.r#type();
            (ir::is_memref(base)
                && whole_bytes(base)
                && plain_transfer(op, &shape, memref_shape(base).len()))
            .then_some((Kind::Write, shape))
        }
        "vector.multi_reduction" => {
            let shape = nd_shape(crate::ir::operand_at(op, 0)?.r#type())?;
            let dims = ir::dense_i64(op.attribute("reduction_dims").ok()?);
            (dims == [shape.len() as i64 - 1]).then_some((Kind::Reduce, shape))
        }
        "arith.index_cast" => {
            let shape = nd_shape(crate::ir::result_at(op, 0)?.r#type())?;
            iota_dim(op, &shape).map(|_| (Kind::Iota, shape))
        }
        "arith.constant" => {
            let shape = nd_shape(crate::ir::result_at(op, 0)?.r#type())?;
            let value = op.attribute("value").ok()?;
            splat_text(&value.to_string()).map(|_| (Kind::Splat, shape))
        }
        "vector.broadcast" => {
            let shape = nd_shape(crate::ir::result_at(op, 0)?.r#type())?;
            let src = crate::ir::operand_at(op, 0)?.r#type();
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
        _ if (name.starts_with("arith.")
            || name.starts_with("math.")
            || name == "vector.bitcast")
            && op.result_count() >= 1
            && op.region_count() == 0 =>
        {
            let shape = nd_shape(crate::ir::result_at(op, 0)?.r#type())?;
            let results_ok = (0..op.result_count()).all(|i| {
                op.result(i)
                    .map(|r| memref_shape(r.r#type()) == shape && ir::is_vector(r.r#type()))
                    .unwrap_or(false)
            });
            let operands_ok = op.operands().all(|v| {
                let t = v.r#type();
                !ir::is_vector(t) || nd_shape(t).as_deref() == Some(&shape[..])
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

/// The dim along which `op`, an `arith.index_cast` to a vector of shape
/// `shape`, counts if it is an iota as vector_ops.rs builds it: the cast of
/// `vector.step` of that dim's size, given unit dims after it by a
/// `vector.shape_cast` and broadcast to `shape` (aligned to the right).
fn iota_dim(op: &OperationRef, shape: &[i64]) -> Option<usize> {
    let rank = shape.len();
    let mut v = ir::value(crate::ir::operand_at(op, 0)?);
    let mut def = ir::defining_op(v)?;
    if name_of(&def) == "vector.broadcast" {
        v = ir::value(crate::ir::operand_at(&def, 0)?);
        if !ir::is_vector(v.r#type()) {
            return None;
        }
        def = ir::defining_op(v)?;
    }
    let counts = memref_shape(v.r#type());
    if name_of(&def) == "vector.shape_cast" {
        def = ir::defining_op(ir::value(crate::ir::operand_at(&def, 0)?))?;
    }
    if name_of(&def) != "vector.step" {
        return None;
    }
    let steps = memref_shape(crate::ir::result_at(&def, 0)?.r#type());
    let k = counts.len();
    let dim = rank.checked_sub(k)?;
    (k >= 1
        && steps == [counts[0]]
        && counts[1..].iter().all(|d| *d == 1)
        && shape[dim] == counts[0])
        .then_some(dim)
}

struct Cluster<'c, 'a> {
    shape: Vec<i64>,
    ops: Vec<(OperationRef<'c, 'a>, Kind)>,
    /// The ops, by address.
    members: HashSet<usize>,
    accesses: Accesses,
    /// Deallocations met inside the cluster of memory it accesses: they
    /// move after the loop.
    deferred: Vec<OperationRef<'c, 'a>>,
    /// Whole-buffer reads whose buffer the cluster reads instead (checked
    /// unwritten up to the cluster's loop).
    forwarded: Vec<OperationRef<'c, 'a>>,
}

impl<'c, 'a> Cluster<'c, 'a> {
    fn new(shape: &[i64]) -> Self {
        Cluster {
            shape: shape.to_vec(),
            ops: vec![],
            members: HashSet::new(),
            accesses: Accesses::default(),
            deferred: vec![],
            forwarded: vec![],
        }
    }

    fn push(&mut self, op: OperationRef<'c, 'a>, kind: Kind) {
        self.members.insert(op_key(&op));
        self.ops.push((op, kind));
    }

    fn defines(&self, v: Value) -> bool {
        match ir::defining_op(v) {
            Some(d) => self.ops_contain(&d),
            None => false,
        }
    }

    fn ops_contain(&self, op: &OperationRef) -> bool {
        self.members.contains(&op_key(op))
    }

    /// Worth a loop: it computes something or writes to memory.
    fn worth_it(&self) -> bool {
        self.ops
            .iter()
            .any(|(_, k)| matches!(k, Kind::Compute | Kind::Write | Kind::Reduce))
    }
}

/// Rounds of clustering per block, at most.
const ROUNDS: usize = 4;

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    let rw = OwnedRewriter::new(&module);
    let mut loops = vec![];
    ir::walk_nested(&module, &mut |op| {
        if matches!(name_of(&op).as_str(), "scf.for" | "scf.if") {
            loops.push(op);
        }
    });
    for l in loops {
        carry_through_memory(&rw, l);
    }
    // (The loops rebuilt above have new bodies.)
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
    for &block in &blocks {
        hand_on_into_nested_regions(&rw, block);
    }
    reductions_as_rows(&rw, &module);
    // The whole-tile reads of the buffers clusters hand values on in, by
    // op: nothing writes those buffers after the read, so a later cluster
    // reads them row by row instead of spilling the value again.
    let mut read_backs: HashMap<usize, OperationRef> = HashMap::new();
    // Whole-buffer reads whose value a cluster copies from the buffer.
    let mut forwarded: HashMap<usize, OperationRef> = HashMap::new();
    let mut globals = Globals {
        module,
        names: HashMap::new(),
    };
    for block in blocks {
        // A value a cluster hands on is read back whole from its buffer;
        // another round lets a later cluster read that buffer row by row
        // instead of spilling the value again.
        for _ in 0..ROUNDS {
            let found = clusters(block, &read_backs, &mut forwarded);
            if found.is_empty() {
                break;
            }
            for cluster in found {
                rewrite(&rw, &cluster, &mut read_backs, &mut forwarded, &mut globals);
            }
        }
    }
    for op in forwarded.values() {
        if !ir::has_uses(ir::result_of(*op, 0)) {
            rw.erase_op(op);
        }
    }
    // Read-backs (and unit-dim casts of them) every user now reads from
    // the buffer.
    for op in read_backs.values() {
        let v = ir::result_of(*op, 0);
        for u in ir::users(v) {
            if name_of(&u) == "vector.shape_cast" && !ir::has_uses(ir::result_of(u, 0)) {
                rw.erase_op(&u);
            }
        }
        if !ir::has_uses(v) {
            // A narrow integer's read-back truncates a read of bytes.
            let read = (name_of(op) == "arith.trunci")
                .then(|| crate::ir::operand_at(op, 0))
                .flatten();
            rw.erase_op(op);
            if let Some(r) = read.filter(|r| !ir::has_uses(*r)) {
                rw.erase_op(&ir::defining_op(r).expect("a read of bytes"));
            }
        }
    }
    Ok(())
}

/// The clusters of `block`, found in one pass over its ops. Clusters of
/// different shapes may be open at once (their loops go in the order of
/// their last ops), as long as no memory one writes may be touched by
/// another.
fn clusters<'c, 'a>(
    block: BlockRef<'c, 'a>,
    read_backs: &HashMap<usize, OperationRef<'c, 'a>>,
    forwarded: &mut HashMap<usize, OperationRef<'c, 'a>>,
) -> Vec<Cluster<'c, 'a>> {
    let mut done = vec![];
    let mut open: Vec<Cluster<'c, 'a>> = vec![];
    // Closes the open clusters `which` says to close.
    let close = |open: &mut Vec<Cluster<'c, 'a>>,
                 done: &mut Vec<Cluster<'c, 'a>>,
                 which: &dyn Fn(&Cluster<'c, 'a>) -> bool| {
        let mut i = 0;
        while i < open.len() {
            if which(&open[i]) {
                let mut c = open.remove(i);
                // A read nothing in the cluster uses stays where it is.
                let keep: Vec<bool> = c
                    .ops
                    .iter()
                    .map(|(op, kind)| {
                        *kind != Kind::Read
                            || ir::users(ir::result_of(*op, 0))
                                .iter()
                                .any(|u| c.ops_contain(u))
                    })
                    .collect();
                let mut k = keep.iter();
                c.ops.retain(|_| *k.next().expect("one flag per op"));
                c.members = c.ops.iter().map(|(o, _)| op_key(o)).collect();
                if c.worth_it() {
                    done.push(c);
                }
            } else {
                i += 1;
            }
        }
    };
    let mut writers = Writers::default();
    let mut next = block.first_operation();
    while let Some(op) = next {
        let op: OperationRef<'c, 'a> = ir::op_ref(op);
        next = op.next_in_block();
        writers.positions.insert(op_key(&op), writers.ops.len());
        writers.ops.push(op);
        let uses = |c: &Cluster| op.operands().any(|v| c.defines(ir::value(v)));
        // (A narrow integer's read-back truncation is the read of a
        // buffer, not a computation to put in a loop again.)
        let read_back = read_backs.contains_key(&op_key(&op));
        let Some((kind, shape)) = classify(&op).filter(|_| !read_back) else {
            let name = name_of(&op);
            if name == "memref.dealloc" && !open.iter().any(&uses) {
                let freed = root(ir::value(op.operand(0).expect("dealloc operand")));
                if let Some(c) = open.iter_mut().find(|c| c.accesses.touch(key(freed))) {
                    c.deferred.push(op);
                }
                continue;
            }
            if !is_inert(&name) || op.region_count() > 0 {
                close(&mut open, &mut done, &|_| true);
            } else {
                close(&mut open, &mut done, &|c| uses(c));
            }
            continue;
        };
        // What uses a value of a cluster other than the one it joins comes
        // after that cluster's loop.
        close(&mut open, &mut done, &|c| c.shape != shape && uses(c));
        if matches!(kind, Kind::Splat | Kind::Broadcast | Kind::Iota) {
            // Leaves: remade per row where a cluster uses them (so after
            // every cluster whose value they take, closed above).
            close(&mut open, &mut done, &|c| uses(c));
            continue;
        }
        let access = match kind {
            Kind::Read | Kind::Write => {
                let (base_at, first_index) = if kind == Kind::Read { (0, 1) } else { (1, 2) };
                let base = ir::value(op.operand(base_at).expect("transfer base"));
                let rank = memref_shape(base.r#type()).len();
                let indices: Vec<Value> = (first_index..first_index + rank)
                    .map(|i| ir::value(op.operand(i).expect("transfer index")))
                    .collect();
                Some(Access::new(base, &indices, kind == Kind::Write))
            }
            _ => None,
        };
        if let Some(a) = &access {
            // Within the cluster rows interleave; another cluster's loop
            // runs whole before or after this one's.
            close(&mut open, &mut done, &|c| {
                c.accesses.conflict(a, c.shape == shape)
            });
        }
        // A write of an n-D value from outside the cluster stays a plain
        // n-D store (a splat or a broadcast row is remade in the loop).
        if kind == Kind::Write {
            let v = ir::value(op.operand(0).expect("stored value"));
            let inside = open.iter().any(|c| c.shape == shape && c.defines(v));
            let mut from_read = None;
            if !inside
                && leaf_kind(v, &shape).is_none()
                && read_back_buffer(v, read_backs).is_none()
            {
                from_read = forwardable_read(v, &op, &mut writers);
                if from_read.is_none() {
                    close(&mut open, &mut done, &|c| c.shape == shape);
                    continue;
                }
            }
            if let Some(read) = from_read {
                // The write copies the read's buffer row by row: the read
                // becomes an access of the cluster.
                let base = ir::value(read.operand(0).expect("base"));
                let indices: Vec<Value> = (1..=shape.len())
                    .map(|i| ir::value(read.operand(i).expect("index")))
                    .collect();
                let a = Access::new(base, &indices, false);
                close(&mut open, &mut done, &|c| {
                    c.accesses.conflict(&a, c.shape == shape)
                });
                forwarded.insert(read.to_raw().ptr as usize, read);
                if !open.iter().any(|c| c.shape == shape) {
                    open.push(Cluster::new(&shape));
                }
                let c = open
                    .iter_mut()
                    .find(|c| c.shape == shape)
                    .expect("open cluster");
                c.accesses.add(&a);
                c.forwarded.push(read);
            }
        }
        if !open.iter().any(|c| c.shape == shape) {
            open.push(Cluster::new(&shape));
        }
        let c = open
            .iter_mut()
            .find(|c| c.shape == shape)
            .expect("open cluster");
        c.push(op, kind);
        if let Some(a) = &access {
            c.accesses.add(a);
        }
    }
    close(&mut open, &mut done, &|_| true);
    done
}

/// Lanes of the 1-D vectors the loops compute on, at most.
const MAX_LANES: i64 = 64;

/// The chunk of the last dim each iteration computes: the whole dim up to
/// `MAX_LANES`, else its largest divisor not above that (a long row as one
/// vector would be one huge straight-line block for LLVM).
pub(crate) fn chunk_width(n: i64) -> i64 {
    if n <= MAX_LANES {
        return n;
    }
    (1..=MAX_LANES).rev().find(|w| n % w == 0).unwrap_or(1)
}

/// The read-back buffer holding `v`: `v` is a whole read of it, or such a
/// read of a row-count buffer given a unit last dim by a `shape_cast` (the
/// second value: the buffer needs that unit dim too).
fn read_back_buffer<'c, 'a>(
    v: Value<'c, 'a>,
    read_backs: &HashMap<usize, OperationRef<'c, 'a>>,
) -> Option<(Value<'c, 'a>, bool)> {
    let is_read_back = |d: &OperationRef| read_backs.contains_key(&(d.to_raw().ptr as usize));
    let def = ir::defining_op(v)?;
    if is_read_back(&def) {
        return Some((read_back_base(&def)?, false));
    }
    if name_of(&def) != "vector.shape_cast" {
        return None;
    }
    let src = ir::value(crate::ir::operand_at(&def, 0)?);
    let src_def = ir::defining_op(src).filter(|d| is_read_back(d))?;
    let (from, to) = (memref_shape(src.r#type()), memref_shape(v.r#type()));
    (from.len() == 1 && to == [from[0], 1])
        .then(|| read_back_base(&src_def).map(|buf| (buf, true)))
        .flatten()
}

/// The buffer a read-back op reads: its base, or for a narrow integer's
/// (the truncation of a read of bytes) the base of that read.
fn read_back_base<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
    let base = crate::ir::operand_at(op, 0)?;
    if name_of(op) == "arith.trunci" {
        return crate::ir::operand_at(&ir::defining_op(base)?, 0);
    }
    Some(base)
}

/// What the ops of a block met so far may write, for [`forwardable_read`]:
/// each op's position, and (for the ops up to `recorded`, regions
/// included) the last position that may write each allocation and the last
/// that may write anything. Filled as far as a query needs, so each op is
/// looked into at most once per scan of its block.
#[derive(Default)]
struct Writers<'c, 'a> {
    ops: Vec<OperationRef<'c, 'a>>,
    positions: HashMap<usize, usize>,
    recorded: usize,
    last_write: HashMap<usize, usize>,
    last_any: Option<usize>,
}

impl Writers<'_, '_> {
    /// Records the ops before position `end`.
    fn record_to(&mut self, end: usize) {
        while self.recorded < end {
            let pos = self.recorded;
            let op = self.ops[pos];
            let mut note = |x: &OperationRef| match written_memory(x) {
                Written::Nothing => {}
                Written::Root(r) => {
                    self.last_write.insert(r, pos);
                }
                Written::Anything => self.last_any = Some(pos),
            };
            note(&op);
            ir::walk_nested(&op, &mut |y| note(&y));
            self.recorded += 1;
        }
    }
}

/// The memory an op (not looking inside its regions) may write or free.
enum Written {
    Nothing,
    Root(usize),
    Anything,
}

fn written_memory(op: &OperationRef) -> Written {
    let name = name_of(op);
    let target = |i: usize| {
        if i < op.operand_count() {
            Written::Root(key(root(ir::value(op.operand(i).expect("operand")))))
        } else {
            Written::Anything
        }
    };
    match name.as_str() {
        "memref.store"
        | "vector.store"
        | "vector.transfer_write"
        | "memref.copy"
        | "vector.maskedstore"
        | "vector.scatter" => target(1),
        "memref.dealloc" => target(0),
        "memref.load"
        | "vector.load"
        | "vector.transfer_read"
        | "vector.maskedload"
        | "vector.gather"
        | "scf.for"
        | "scf.if"
        | "scf.yield" => Written::Nothing,
        _ if is_inert(&name) => Written::Nothing,
        _ => Written::Anything,
    }
}

/// If `v` is a whole-buffer read of an allocation (a plain transfer at
/// zero indices of a memref of the tile's shape) in the block of `at`, and
/// nothing between the read and `at` may write that allocation: the read.
/// `writers` holds the ops of the block up to `at`. (A read in an
/// enclosing block was re-read next to `at` by
/// [`hand_on_into_nested_regions`] where that is sound.)
fn forwardable_read<'c, 'a>(
    v: Value<'c, 'a>,
    at: &OperationRef<'c, 'a>,
    writers: &mut Writers<'c, 'a>,
) -> Option<OperationRef<'c, 'a>> {
    let def = ir::defining_op(v)?;
    let memory = whole_read_memory(&def)?;
    let (&from, &to) = (
        writers.positions.get(&op_key(&def))?,
        writers.positions.get(&op_key(at))?,
    );
    writers.record_to(to);
    let written_after = |last: Option<&usize>| last.is_some_and(|p| *p > from);
    (!written_after(writers.last_any.as_ref()) && !written_after(writers.last_write.get(&memory)))
        .then_some(def)
}

/// If `def` reads a whole allocation (a plain unmasked transfer at zero
/// indices of a memref of the vector's shape): that allocation.
fn whole_read_memory(def: &OperationRef) -> Option<usize> {
    let (kind, shape) = classify(def)?;
    if kind != Kind::Read || transfer_mask(def).is_some() {
        return None;
    }
    let base = ir::value(crate::ir::operand_at(def, 0)?);
    let zero_indices = (1..=shape.len()).all(|i| {
        def.operand(i)
            .ok()
            .and_then(|x| ir::defining_op(ir::value(x)))
            .filter(|d| name_of(d) == "arith.constant")
            .and_then(|d| d.attribute("value").ok())
            .map(|a| a.to_string() == "0 : index")
            .unwrap_or(false)
    });
    let memory = root(base);
    (memref_shape(base.r#type()) == shape && zero_indices && is_allocation(memory))
        .then(|| key(memory))
}

/// Elements of a vector above which a value used in a nested region is
/// handed on through a buffer ([`hand_on_into_nested_regions`]); a smaller
/// one crosses as a value (as many elements as a buffer filled by one
/// vector, builder.rs).
const HAND_ON_ELEMENTS: i64 = 1 << 12;

/// Large vectors defined in `block` (results of its ops, its arguments)
/// and used in regions nested in it reach the users there through memory,
/// so that the clusters of each block compute them row by row: clusters
/// stop at ops with regions, so such a value would otherwise go to LLVM
/// whole (a 2^18-lane value stored in an `scf.if` took `llc -O0` about
/// 50 s). In each block holding such uses, one read before the first of
/// them replaces the value:
/// * a whole read of an allocation that nothing may write from the read
///   to the end of the op holding the use is made again there (a loop
///   around the use runs it again, so its whole subtree counts), no copy;
/// * else a value of more than [`HAND_ON_ELEMENTS`] is written to a new
///   buffer right after its definition (so that it joins its cluster),
///   read at each such block (each iteration of a loop re-reads it: it is
///   defined outside the loop, so every iteration sees the same value),
///   and the buffer is freed at the end of `block`. Narrow integers go
///   through bytes, as the clusters' buffers do.
///
/// Splats, broadcasts, iotas and dense constants are left alone: clusters
/// remake them per chunk wherever they are.
fn hand_on_into_nested_regions<'c, 'a>(rw: &OwnedRewriter<'c, 'a>, block: BlockRef<'c, 'a>) {
    let mut values: Vec<Value<'c, 'a>> = (0..block.argument_count())
        .filter_map(|i| crate::ir::argument_at(&block, i))
        .collect();
    for op in ir::block_ops(block) {
        values.extend((0..op.result_count()).map(|i| ir::result_of(op, i)));
    }
    let this = block.to_raw().ptr;
    for v in values {
        let Some(shape) = nd_shape(v.r#type()) else {
            continue;
        };
        let def = ir::defining_op(v);
        if let Some(d) = &def {
            let leaf = matches!(
                classify(d),
                Some((Kind::Splat | Kind::Broadcast | Kind::Iota, _))
            );
            if leaf || dense_constant(v).is_some() {
                continue;
            }
        }
        // The nested users, by block, in first-use order.
        let mut groups: Vec<(BlockRef<'c, 'a>, Vec<OperationRef<'c, 'a>>)> = vec![];
        for u in ir::users(v) {
            let Some(ub) = u.block() else { continue };
            if ub.to_raw().ptr == this {
                continue;
            }
            match groups
                .iter_mut()
                .find(|(g, _)| g.to_raw().ptr == ub.to_raw().ptr)
            {
                Some((_, us)) => us.push(u),
                None => groups.push((ub, vec![u])),
            }
        }
        if groups.is_empty() {
            continue;
        }
        let large = shape.iter().product::<i64>() > HAND_ON_ELEMENTS;
        let memory = def.as_ref().and_then(whole_read_memory);
        let loc = def.map_or_else(
            || block.parent_operation().expect("a nested block").location(),
            |d| d.location(),
        );
        let b = B::new(rw, loc);
        let heap = RefCell::new(vec![]);
        let mut spill: Option<(Value<'c, 'a>, Vec<Value<'c, 'a>>)> = None;
        for (ub, users) in &groups {
            let reread = match (&def, memory) {
                (Some(d), Some(m)) => users.iter().all(|u| unwritten_until_holder(d, u, m)),
                _ => false,
            };
            if !reread && !large {
                continue;
            }
            if !reread && spill.is_none() {
                match &def {
                    Some(d) => rw.set_insertion_point_after(d),
                    None => rw.set_insertion_point_to_start(block),
                }
                spill = Some(hand_on_buffer(&b, &heap, v.r#type(), Some(v)));
            }
            let first = ir::block_ops(*ub)
                .into_iter()
                .find(|o| users.iter().any(|u| op_key(u) == op_key(o)))
                .expect("a user in its block");
            rw.set_insertion_point_before(&first);
            let again = match (&spill, reread) {
                (_, true) => {
                    let d = def.expect("a read");
                    ir::result_of(rw.insert(ir::clone_detached(&d)), 0)
                }
                (Some((buf, zeros)), false) => read_handed_on(&b, *buf, zeros, v.r#type()),
                (None, false) => unreachable!("a value handed on either way"),
            };
            for u in users {
                for i in 0..u.operand_count() {
                    if crate::ir::operand_at(u, i).is_some_and(|x| key(x) == key(v)) {
                        ir::set_operand(u, i, again);
                    }
                }
            }
        }
        free_at_end(rw, &b, block, heap.into_inner());
        if let Some(d) = def.filter(|_| memory.is_some() && !ir::has_uses(v)) {
            rw.erase_op(&d);
        }
    }
}

/// The large vectors (as [`hand_on_into_nested_regions`] takes them) that
/// an `scf.for` carries or an `scf.if` yields go through memory instead:
/// each gets a buffer, made before the op (for a loop, written with the
/// initial value); every region writes the value it yields to the buffer
/// before its `scf.yield` (a loop body first reads the buffer whole in
/// place of its argument), and a whole read of the buffer after the op
/// replaces the result. The op is rebuilt without those values. The reads
/// and writes then join the clusters of their blocks, so that a loop's
/// iterations update the buffer in place row by row (a read and a write of
/// the same buffer meet in one cluster only at the same elements). Carried
/// whole, four 256x256 i32 values of a ten-step loop took llc -O0 about 7 s.
fn carry_through_memory<'c, 'a>(rw: &OwnedRewriter<'c, 'a>, op: OperationRef<'c, 'a>) {
    let is_for = match name_of(&op).as_str() {
        "scf.for" => true,
        "scf.if" => false,
        _ => return,
    };
    let types: Vec<Type<'c>> = op.results().map(|r| r.r#type()).collect();
    let carried: Vec<bool> = types
        .iter()
        .map(|t| nd_shape(*t).is_some_and(|s| s.iter().product::<i64>() > HAND_ON_ELEMENTS))
        .collect();
    if !carried.contains(&true) {
        return;
    }
    // Every region one block ending in an `scf.yield` of the results (a
    // loop body with the induction variable and one argument per result).
    let mut bodies = vec![];
    for i in 0..op.region_count() {
        let Some(body) = crate::ir::region_at(&op, i).and_then(|r| r.first_block()) else {
            return;
        };
        let terminator = body.terminator().map(ir::op_ref);
        let args = if is_for { types.len() + 1 } else { 0 };
        if body.next_in_region().is_some()
            || body.argument_count() != args
            || terminator
                .is_none_or(|t| name_of(&t) != "scf.yield" || t.operand_count() != types.len())
        {
            return;
        }
        bodies.push((body, terminator.expect("a terminator")));
    }
    let fixed = if is_for { 3 } else { 1 };
    let operands: Vec<Value<'c, 'a>> = op.operands().map(ir::value).collect();
    if operands.len() != fixed + if is_for { types.len() } else { 0 } {
        return;
    }
    let block = op.block().expect("an op in a block");
    let b = B::new(rw, op.location());
    let heap = RefCell::new(vec![]);
    rw.set_insertion_point_before(&op);
    // (buffer, zero indices) per value through memory.
    let mut bufs = vec![];
    for (j, ty) in types.iter().enumerate() {
        bufs.push(carried[j].then(|| {
            let init = is_for.then(|| operands[fixed + j]);
            hand_on_buffer(&b, &heap, *ty, init)
        }));
    }
    // The op without those values, its regions' blocks the old ones' ops.
    let mut new_operands = operands[..fixed].to_vec();
    let mut kept_types = vec![];
    for (j, ty) in types.iter().enumerate() {
        if !carried[j] {
            if is_for {
                new_operands.push(operands[fixed + j]);
            }
            kept_types.push(*ty);
        }
    }
    let attrs: Vec<(String, _)> = op
        .attributes()
        .map(|(n, a)| (n.as_string_ref().as_str().unwrap_or("").to_string(), a))
        .collect();
    let attrs: Vec<(&str, _)> = attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect();
    let regions = bodies
        .iter()
        .map(|(body, _)| {
            let mut args = vec![];
            if is_for {
                let iv = ir::value(body.argument(0).expect("iv")).r#type();
                args.push((iv, b.loc));
                args.extend(kept_types.iter().map(|t| (*t, b.loc)));
            }
            let region = melior::ir::Region::new();
            region.append_block(melior::ir::Block::new(&args));
            region
        })
        .collect();
    let new = rw.insert(b.build(&name_of(&op), &new_operands, &kept_types, &attrs, regions));
    for (i, (body, terminator)) in bodies.iter().enumerate() {
        let new_body = crate::ir::region_at(&new, i)
            .and_then(|r| r.first_block())
            .expect("a block");
        for o in ir::block_ops(*body) {
            ir::move_to_end(&o, &new_body);
        }
        if is_for {
            let arg = |block: &BlockRef<'c, 'a>, i: usize| {
                ir::value(block.argument(i).expect("block argument"))
            };
            ir::replace_all_uses(arg(body, 0), arg(&new_body, 0));
            rw.set_insertion_point_to_start(new_body);
            let mut kept = 0;
            for (j, buf) in bufs.iter().enumerate() {
                let old = arg(body, j + 1);
                let with = match buf {
                    Some((buf, zeros)) => read_handed_on(&b, *buf, zeros, old.r#type()),
                    None => {
                        kept += 1;
                        arg(&new_body, kept)
                    }
                };
                ir::replace_all_uses(old, with);
            }
        }
        rw.set_insertion_point_before(terminator);
        let mut yielded = vec![];
        for (j, buf) in bufs.iter().enumerate() {
            let y = ir::value(terminator.operand(j).expect("yielded value"));
            match buf {
                Some((buf, zeros)) => {
                    b.write_at(to_storage(&b, y, element_type(buf.r#type())), *buf, zeros)
                }
                None => yielded.push(y),
            }
        }
        b.op("scf.yield", &yielded, &[], &[]);
        rw.erase_op(terminator);
    }
    rw.set_insertion_point_after(&new);
    let mut kept = 0;
    for (j, buf) in bufs.iter().enumerate() {
        let old = ir::result_of(op, j);
        let with = match buf {
            Some(_) if !ir::has_uses(old) => continue,
            Some((buf, zeros)) => read_handed_on(&b, *buf, zeros, old.r#type()),
            None => {
                kept += 1;
                ir::result_of(new, kept - 1)
            }
        };
        ir::replace_all_uses(old, with);
    }
    rw.erase_op(&op);
    free_at_end(rw, &b, block, heap.into_inner());
}

/// For a read in a block enclosing the op `at` that uses it: whether
/// nothing from the read up to the end of the op of the read's block that
/// holds `at` may write or free `memory`. That op's whole subtree counts, not only what
/// precedes `at` (a loop around `at` runs its body again), so the buffer
/// still holds what the read saw whenever `at` runs. False when the read's
/// block does not enclose `at`.
fn unwritten_until_holder(def: &OperationRef, at: &OperationRef, memory: usize) -> bool {
    let Some(block) = def.block().map(|b| b.to_raw().ptr) else {
        return false;
    };
    let mut holder = at.parent_operation();
    while let Some(h) = holder {
        if h.block().map(|b| b.to_raw().ptr) == Some(block) {
            break;
        }
        holder = h.parent_operation();
    }
    let Some(holder) = holder else {
        return false;
    };
    let writes = |op: &OperationRef| match written_memory(op) {
        Written::Nothing => false,
        Written::Root(r) => r == memory,
        Written::Anything => true,
    };
    let mut next = def.next_in_block();
    while let Some(op) = next {
        let mut written = writes(&op);
        ir::walk_nested(&op, &mut |inner| written |= writes(&inner));
        if written {
            return false;
        }
        if op_key(&op) == op_key(&holder) {
            return true;
        }
        next = op.next_in_block();
    }
    false
}

/// The element type a buffer holding vectors of element `elem` has: `i8`
/// for integers narrower than a byte (`i1` masks, `i4`), which LLVM would
/// store packed (a vector is extended on its way in and truncated on its
/// way out, chunk by chunk in the loops), else `elem`.
fn storage<'c>(b: &B<'_, 'c, '_>, elem: Type<'c>) -> Type<'c> {
    if narrow_int(elem) {
        b.ty("i8")
    } else {
        elem
    }
}

fn narrow_int(elem: Type) -> bool {
    ir::integer_width(elem).is_some_and(|w| w < 8)
}

/// `v` (a vector) in the element type `to` of its buffer: extended from a
/// narrow integer to `i8` (unsigned: the truncation back keeps the bits).
fn to_storage<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, to: Type<'c>) -> Value<'c, 'a> {
    if element_type(v.r#type()) == to {
        return v;
    }
    let ty = b.vector(&memref_shape(v.r#type()), to);
    b.val("arith.extui", &[v], ty, &[])
}

/// Whether the elements of vector type `ty` take whole bytes in memory
/// (an `i1` vector is stored packed, 8 to a byte, unlike an `i1` memref).
fn whole_bytes(ty: Type) -> bool {
    ir::bit_width(element_type(ty))
        .map(|w| w >= 8)
        .unwrap_or(true)
}

/// Whether rewriting `c` would pass a vector of sub-byte elements through
/// a buffer (handed on, spilled, or a broadcast source): such a cluster is
/// left as it is.
fn needs_packed_buffer<'c, 'a>(
    c: &Cluster<'c, 'a>,
    read_backs: &HashMap<usize, OperationRef<'c, 'a>>,
) -> bool {
    let in_cluster = |u: &OperationRef| c.ops_contain(u);
    c.ops.iter().any(|(op, kind)| {
        let outgoing = *kind != Kind::Reduce
            && (0..op.result_count()).any(|i| {
                let v = ir::result_of(*op, i);
                let t = v.r#type();
                !whole_bytes(t)
                    && !narrow_int(element_type(t))
                    && ir::users(v).iter().any(|u| !in_cluster(u))
            });
        let incoming = matches!(
            kind,
            Kind::Compute | Kind::Write | Kind::Reduce | Kind::Read
        ) && op.operands().any(|v| {
            let v = ir::value(v);
            let t = v.r#type();
            // Splats and broadcast scalars are remade without a buffer.
            let bufferless = leaf_kind(v, &c.shape).is_some_and(|d| {
                name_of(&d) == "arith.index_cast"
                    || d.operands()
                        .next()
                        .is_none_or(|s| !ir::is_vector(s.r#type()))
            }) && read_back_buffer(v, read_backs).is_none();
            // Narrow integers other than broadcast sources go through an
            // `i8` buffer.
            let via_bytes = || {
                narrow_int(element_type(t))
                    && leaf_kind(v, &c.shape).is_none_or(|d| name_of(&d) != "vector.broadcast")
            };
            ir::is_vector(t) && !whole_bytes(t) && !c.defines(v) && !bufferless && !via_bytes()
        });
        outgoing || incoming
    })
}

/// Emits the loop nest of `c` after its last op and erases its ops.
fn rewrite<'c, 'a>(
    rw: &OwnedRewriter<'c, 'a>,
    c: &Cluster<'c, 'a>,
    read_backs: &mut HashMap<usize, OperationRef<'c, 'a>>,
    forwarded: &mut HashMap<usize, OperationRef<'c, 'a>>,
    globals: &mut Globals<'c, 'a>,
) {
    if needs_packed_buffer(c, read_backs) {
        return;
    }
    let (last, _) = c.ops[c.ops.len() - 1];
    let b = B::new(rw, last.location());
    let heap = RefCell::new(vec![]);
    let rank = c.shape.len();
    let n = c.shape[rank - 1];
    let w = chunk_width(n);
    rw.set_insertion_point_after(&last);
    let zero = b.cidx(0);
    // The buffer a value was read back from, if it was (given the value's
    // unit last dim where a shape_cast added one).
    let forwarded_here: HashSet<usize> = c.forwarded.iter().map(op_key).collect();
    let buffer_of = |v: Value<'c, 'a>| {
        if let Some(read) = ir::defining_op(v).filter(|d| forwarded_here.contains(&op_key(d))) {
            return Some(ir::value(read.operand(0).expect("base")));
        }
        read_back_buffer(v, read_backs).map(|(buf, expand)| {
            if !expand {
                return buf;
            }
            let rows = memref_shape(buf.r#type())[0];
            let ty = b.memref(&[rows, 1], element_type(buf.r#type()));
            b.val(
                "memref.expand_shape",
                &[buf],
                ty,
                &[
                    ("reassociation", b.attr("[[0, 1]]")),
                    (
                        "static_output_shape",
                        b.attr(&format!("array<i64: {rows}, 1>")),
                    ),
                ],
            )
        })
    };
    let in_cluster = |u: &OperationRef| c.ops_contain(u);

    // Values used outside the cluster get a buffer each; a reduction's
    // result (one element per row) gets one of the leading dims' shape, and
    // its initial values are read from another (a 1-D reduction's are
    // scalars: the chunk loop carries the accumulator in and the result
    // out).
    let mut outgoing = vec![];
    let mut reductions = vec![];
    for (op, kind) in &c.ops {
        if *kind == Kind::Reduce {
            if rank == 1 {
                reductions.push((*op, None));
                continue;
            }
            let acc = ir::value(op.operand(1).expect("reduction acc"));
            let elem = element_type(acc.r#type());
            let lead = &c.shape[..rank - 1];
            let init = alloca(&b, &heap, lead, elem);
            let mut operands = vec![acc, init];
            operands.extend(std::iter::repeat_n(zero, rank - 1));
            b.transfer_write(&operands, rank - 1, &identity_map(rank - 1), false);
            let out = alloca(&b, &heap, lead, elem);
            reductions.push((*op, Some((init, out))));
            continue;
        }
        for i in 0..op.result_count() {
            let v = ir::result_of(*op, i);
            if ir::users(v).iter().any(|u| !in_cluster(u)) {
                let buf = alloca(&b, &heap, &c.shape, storage(&b, element_type(v.r#type())));
                outgoing.push((v, buf));
            }
        }
    }
    // n-D operands from outside, other than splats and broadcasts (remade
    // per chunk), are spilled; so are broadcast sources other than scalars.
    // (In the order first met: the loop reads them in that order.)
    let mut spilled: Vec<(usize, Value<'c, 'a>)> = vec![];
    let mut spilled_keys: HashSet<usize> = HashSet::new();
    let mut spilled_types: HashMap<usize, Type<'c>> = HashMap::new();
    let mut leaves = vec![];
    let mut leaf_keys: HashSet<usize> = HashSet::new();
    let mut constants = vec![];
    for (op, kind) in &c.ops {
        let values: Vec<Value> = match kind {
            Kind::Write => {
                let mut vs = vec![ir::value(op.operand(0).expect("value"))];
                vs.extend(transfer_mask(op));
                vs
            }
            Kind::Read => transfer_mask(op).into_iter().collect(),
            Kind::Reduce => vec![ir::value(op.operand(0).expect("value"))],
            Kind::Compute => op.operands().map(ir::value).collect(),
            _ => continue,
        };
        for v in values {
            if !ir::is_vector(v.r#type()) || c.defines(v) || spilled_keys.contains(&key(v)) {
                continue;
            }
            if let Some(def) = leaf_kind(v, &c.shape) {
                if leaf_keys.insert(key(v)) {
                    let src = (name_of(&def) == "vector.broadcast")
                        .then(|| ir::value(def.operand(0).expect("broadcast source")))
                        .filter(|s| ir::is_vector(s.r#type()))
                        // A row broadcast of one chunk is the row itself.
                        .filter(|s| !(memref_shape(s.r#type()) == [n] && w == n));
                    let src_buf = src.map(|src| {
                        if let Some(buf) = buffer_of(src) {
                            return buf;
                        }
                        let shape = memref_shape(src.r#type());
                        let buf = alloca(&b, &heap, &shape, element_type(src.r#type()));
                        let mut operands = vec![src, buf];
                        operands.extend(std::iter::repeat_n(zero, shape.len()));
                        b.transfer_write(&operands, shape.len(), &identity_map(shape.len()), false);
                        buf
                    });
                    leaves.push((v, def, src_buf));
                }
                continue;
            }
            if let Some(buf) = buffer_of(v) {
                spilled_keys.insert(key(v));
                spilled.push((key(v), buf));
                spilled_types.insert(key(v), element_type(v.r#type()));
                continue;
            }
            spilled_keys.insert(key(v));
            if let Some(name) = dense_constant(v).and_then(|def| globals.of(&def)) {
                // A constant other than a splat is read in chunks from a
                // global holding it (it is left to LLVM whole only where
                // something else uses it).
                let buf = b.val(
                    "memref.get_global",
                    &[],
                    b.memref(&c.shape, element_type(v.r#type())),
                    &[("name", b.attr(&format!("@{name}")))],
                );
                spilled.push((key(v), buf));
                spilled_types.insert(key(v), element_type(v.r#type()));
                constants.push(v);
                continue;
            }
            let elem = storage(&b, element_type(v.r#type()));
            let buf = alloca(&b, &heap, &c.shape, elem);
            let mut operands = vec![to_storage(&b, v, elem), buf];
            operands.extend(std::iter::repeat_n(zero, rank));
            b.transfer_write(&operands, rank, &identity_map(rank), false);
            spilled.push((key(v), buf));
            spilled_types.insert(key(v), element_type(v.r#type()));
        }
    }

    // The loops over the leading dims, then over the chunks of the last,
    // carrying the reductions' partial results.
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
    let at_row = |buf: Value<'c, 'a>| {
        let mut at = vec![buf];
        at.extend_from_slice(&rows);
        at
    };
    let inits: Vec<Value> = reductions
        .iter()
        .map(|(op, bufs)| {
            let acc = ir::value(op.operand(1).expect("acc"));
            match bufs {
                Some((init, _)) => {
                    let elem = element_type(acc.r#type());
                    b.val("memref.load", &at_row(*init), elem, &[])
                }
                None => acc,
            }
        })
        .collect();
    let chunks = for_iter(&b, zero, b.cidx(n), b.cidx(w), &inits);
    rw.set_insertion_point_to_end(chunks.1);
    let col = ir::value(chunks.1.argument(0).expect("iv"));
    let partial: Vec<Value> = (0..inits.len())
        .map(|i| ir::value(chunks.1.argument(i + 1).expect("iter arg")))
        .collect();
    // Indices of element (row, col) in a buffer of `shape` (aligned to the
    // right with the tile; unit dims broadcast).
    let at_in = |buf: Value<'c, 'a>| {
        let shape = memref_shape(buf.r#type());
        let lead = rank - shape.len();
        let mut at = vec![buf];
        for (e, size) in shape.iter().enumerate() {
            let d = e + lead;
            at.push(if *size == 1 {
                zero
            } else if d < rank - 1 {
                rows[d]
            } else {
                col
            });
        }
        at
    };

    let mut row_of: HashMap<usize, Value<'c, 'a>> = HashMap::new();
    for (v, def, src_buf) in &leaves {
        let elem = element_type(v.r#type());
        let ty = b.vector(&[w], elem);
        let row = if let Some(buf) = src_buf {
            let shape = memref_shape(buf.r#type());
            let mut at = at_in(*buf);
            if shape[shape.len() - 1] == n {
                at.push(b.zero(elem));
                b.transfer_read(
                    &at,
                    shape.len(),
                    &minor_identity_map(shape.len(), 1),
                    false,
                    ty,
                )
            } else {
                let x = b.val("memref.load", &at, elem, &[]);
                b.val("vector.broadcast", &[x], ty, &[])
            }
        } else if let Some(d) = (name_of(def) == "arith.index_cast")
            .then(|| iota_dim(def, &c.shape))
            .flatten()
        {
            // The chunk's counts: the row's index along a leading dim, or
            // the chunk's lanes along the last.
            let counts_ty = b.vector(&[w], b.index());
            let counts = if d == rank - 1 {
                let lanes = b.val("vector.step", &[], counts_ty, &[]);
                b.add(lanes, b.val("vector.broadcast", &[col], counts_ty, &[]))
            } else {
                b.val("vector.broadcast", &[rows[d]], counts_ty, &[])
            };
            b.val("arith.index_cast", &[counts], ty, &[])
        } else if name_of(def) == "arith.constant" {
            let lit =
                splat_text(&def.attribute("value").expect("value").to_string()).expect("splat");
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
        let mut operands = at_in(*buf);
        operands.push(b.zero(elem));
        let mut r = b.transfer_read(
            &operands,
            rank,
            &minor_identity_map(rank, 1),
            false,
            b.vector(&[w], elem),
        );
        // A narrow integer's buffer holds bytes.
        let want = spilled_types[v];
        if want != elem {
            r = b.val("arith.trunci", &[r], b.vector(&[w], want), &[]);
        }
        row_of.insert(*v, r);
    }
    let mut reduced = vec![];
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
                    operands.push(match (i + rank).checked_sub(mrank) {
                        Some(vd) if vd < rank - 1 => b.add(index, rows[vd]),
                        Some(_) => b.add(index, col),
                        None => index,
                    });
                }
                let perm = minor_identity_map(mrank, 1);
                let mask = transfer_mask(op).map(|m| row_of[&key(m)]);
                if *kind == Kind::Read {
                    let pad = ir::value(op.operand(1 + mrank).expect("padding"));
                    operands.push(pad);
                    operands.extend(mask);
                    let res = ir::result_of(*op, 0);
                    let ty = b.vector(&[w], element_type(res.r#type()));
                    row_of.insert(
                        key(res),
                        b.transfer_read(&operands, mrank, &perm, mask.is_some(), ty),
                    );
                } else {
                    operands.extend(mask);
                    b.transfer_write(&operands, mrank, &perm, mask.is_some());
                }
            }
            Kind::Reduce => {
                // Each chunk is reduced as a tree, then added to the row's
                // running value: one dependent step per chunk instead of
                // one per element.
                let src = ir::value(op.operand(0).expect("source"));
                let acc = partial[reduced.len()];
                let kind = op.attribute("kind").expect("kind").to_string();
                let combine = combiner(&kind, is_float(acc.r#type()));
                let t = tree(&b, row_of[&key(src)], combine);
                reduced.push(b.bin(combine, acc, t));
            }
            Kind::Splat | Kind::Broadcast | Kind::Iota => {}
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
                    let ty = b.vector(&[w], element_type(res.r#type()));
                    ir::set_value_type(res, ty);
                    row_of.insert(key(ir::result_of(*op, i)), res);
                }
            }
        }
    }
    for (v, buf) in &outgoing {
        let chunk = to_storage(&b, row_of[&key(*v)], element_type(buf.r#type()));
        let mut operands = vec![chunk];
        operands.extend(at_in(*buf));
        b.transfer_write(&operands, rank, &minor_identity_map(rank, 1), false);
    }
    b.op("scf.yield", &reduced, &[], &[]);
    rw.set_insertion_point_after(&chunks.0);
    for (i, (op, bufs)) in reductions.iter().enumerate() {
        let r = ir::result_of(chunks.0, i);
        match bufs {
            Some((_, out)) => {
                let mut operands = vec![r];
                operands.extend(at_row(*out));
                b.op("memref.store", &operands, &[], &[]);
            }
            None => ir::replace_all_uses(ir::result_of(*op, 0), r),
        }
    }

    // Read back what is used after the loops, then drop the cluster's ops.
    let outer = outer.unwrap_or(chunks.0);
    rw.set_insertion_point_after(&outer);
    let mut after = outer;
    let mut read_back = |v: Value<'c, 'a>, buf: Value<'c, 'a>| {
        let shape = memref_shape(buf.r#type());
        let stored = element_type(buf.r#type());
        let mut operands = vec![buf];
        operands.extend(std::iter::repeat_n(zero, shape.len()));
        operands.push(b.zero(stored));
        let mut whole = b.transfer_read(
            &operands,
            shape.len(),
            &identity_map(shape.len()),
            false,
            b.vector(&shape, stored),
        );
        if stored != element_type(v.r#type()) {
            // (A later cluster reads the bytes in chunks: read_back_buffer.)
            whole = b.val("arith.trunci", &[whole], v.r#type(), &[]);
        }
        ir::replace_all_uses(v, whole);
        let op = ir::defining_op(whole).expect("read back");
        after = op;
        read_backs.insert(op.to_raw().ptr as usize, op);
    };
    for (v, buf) in &outgoing {
        read_back(*v, *buf);
    }
    for (op, bufs) in &reductions {
        if let Some((_, out)) = bufs {
            read_back(ir::result_of(*op, 0), *out);
        }
    }
    if let Some(next) = after.next_in_block() {
        for d in &c.deferred {
            ir::move_before(d, &next);
        }
    }
    // Heap buffers live to the end of the block (later clusters may read
    // them in place of the values read back).
    free_at_end(
        rw,
        &b,
        last.block().expect("an op in a block"),
        heap.into_inner(),
    );
    for (op, _) in c.ops.iter().rev() {
        read_backs.remove(&(op.to_raw().ptr as usize));
        forwarded.remove(&(op.to_raw().ptr as usize));
        rw.erase_op(op);
    }
    for (v, def, _) in &leaves {
        if !ir::has_uses(*v) {
            erase_dead(rw, *def);
        }
    }
    for v in constants {
        if !ir::has_uses(v) {
            rw.erase_op(&ir::defining_op(v).expect("arith.constant"));
        }
    }
}

/// A new buffer for a vector of type `ty` (a narrow integer's holds
/// bytes), written with `init` if given, and the zero indices of its
/// origin.
fn hand_on_buffer<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    heap: &RefCell<Vec<Value<'c, 'a>>>,
    ty: Type<'c>,
    init: Option<Value<'c, 'a>>,
) -> (Value<'c, 'a>, Vec<Value<'c, 'a>>) {
    let shape = memref_shape(ty);
    let stored = storage(b, element_type(ty));
    let buf = alloca(b, heap, &shape, stored);
    let zeros = vec![b.cidx(0); shape.len()];
    if let Some(v) = init {
        b.write_at(to_storage(b, v, stored), buf, &zeros);
    }
    (buf, zeros)
}

/// The whole vector of type `ty` in a buffer of [`hand_on_buffer`].
fn read_handed_on<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    buf: Value<'c, 'a>,
    zeros: &[Value<'c, 'a>],
    ty: Type<'c>,
) -> Value<'c, 'a> {
    let stored = element_type(buf.r#type());
    let r = b.read_at(buf, zeros, b.vector(&memref_shape(ty), stored));
    if stored == element_type(ty) {
        r
    } else {
        b.val("arith.trunci", &[r], ty, &[])
    }
}

/// Frees the heap buffers `heap` at the end of `block` (before its
/// terminator).
fn free_at_end<'c, 'a>(
    rw: &OwnedRewriter<'c, 'a>,
    b: &B<'_, 'c, 'a>,
    block: BlockRef<'c, 'a>,
    heap: Vec<Value<'c, 'a>>,
) {
    if heap.is_empty() {
        return;
    }
    match block.terminator() {
        Some(t) => rw.set_insertion_point_before(&ir::op_ref(t)),
        None => rw.set_insertion_point_to_end(block),
    }
    for buf in heap {
        b.op("memref.dealloc", &[buf], &[], &[]);
    }
}

/// The `arith.constant` defining `v` if it is a dense vector constant
/// other than a splat.
fn dense_constant<'c, 'a>(v: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let def = ir::defining_op(v).filter(|d| name_of(d) == "arith.constant")?;
    let text = def.attribute("value").ok()?.to_string();
    (text.starts_with("dense<") && splat_text(&text).is_none()).then_some(def)
}

/// The private constant `memref.global`s holding the dense constants
/// clusters read in chunks, one per constant op.
struct Globals<'c, 'a> {
    module: OperationRef<'c, 'a>,
    names: HashMap<usize, String>,
}

impl<'c, 'a> Globals<'c, 'a> {
    /// The name of the global holding the value of `constant`, added to
    /// the module the first time.
    fn of(&mut self, constant: &OperationRef<'c, 'a>) -> Option<String> {
        if let Some(name) = self.names.get(&op_key(constant)) {
            return Some(name.clone());
        }
        let value = constant.attribute("value").ok()?.to_string();
        let ty = crate::ir::result_at(constant, 0)?.r#type();
        // The same elements with a tensor type, as `memref.global` takes.
        let (elements, _) = value.rsplit_once(" : vector<")?;
        let shape = memref_shape(ty);
        let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
        let elem = element_type(ty);
        let initial = format!("{elements} : tensor<{dims}{elem}>");
        let ctx = ir::op_context(&self.module);
        let symbols = ir::SymbolTable::of(&self.module);
        let name = (self.names.len()..)
            .map(|i| format!("__pallas_row_loops_constant_{i}"))
            .find(|n| symbols.lookup(n).is_none())?;
        let attr = |text: &str| ir::parse_attribute(ctx, text);
        let attrs = [
            ("sym_name", attr(&format!("\"{name}\""))?),
            ("sym_visibility", attr("\"private\"")?),
            ("type", attr(&format!("memref<{dims}{elem}>"))?),
            ("initial_value", attr(&initial)?),
            ("constant", attr("unit")?),
        ];
        let attrs: Vec<_> = attrs
            .iter()
            .map(|(n, a)| (ir::identifier(ctx, n), *a))
            .collect();
        let global = OperationBuilder::new("memref.global", self.module.location())
            .add_attributes(&attrs)
            .build()
            .ok()?;
        ir::body_block(&self.module)?.insert_operation(0, global);
        self.names.insert(op_key(constant), name.clone());
        Some(name)
    }
}

/// Erases `op`, which has no uses, then the `vector.step`s, shape casts
/// and broadcasts feeding it that are left without uses (an iota's: its
/// step, lowered, would be a literal of the whole dim).
fn erase_dead<'c, 'a>(rw: &OwnedRewriter<'c, 'a>, op: OperationRef<'c, 'a>) {
    let inputs: Vec<Value<'c, 'a>> = op.operands().map(ir::value).collect();
    rw.erase_op(&op);
    for v in inputs {
        if let Some(def) = ir::defining_op(v).filter(|d| {
            matches!(
                name_of(d).as_str(),
                "vector.step" | "vector.shape_cast" | "vector.broadcast"
            )
        }) {
            if !ir::has_uses(v) {
                erase_dead(rw, def);
            }
        }
    }
}

/// `scf.for %iv = lo to hi step step iter_args(inits)` with an empty body
/// (the caller adds the ops and the `scf.yield`): the op and its body.
fn for_iter<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    lo: Value<'c, 'a>,
    hi: Value<'c, 'a>,
    step: Value<'c, 'a>,
    inits: &[Value<'c, 'a>],
) -> (OperationRef<'c, 'a>, BlockRef<'c, 'a>) {
    let mut arg_types = vec![(b.index(), b.loc)];
    arg_types.extend(inits.iter().map(|v| (v.r#type(), b.loc)));
    let region = melior::ir::Region::new();
    region.append_block(melior::ir::Block::new(&arg_types));
    let mut operands = vec![lo, hi, step];
    operands.extend_from_slice(inits);
    let types: Vec<Type<'c>> = inits.iter().map(|v| v.r#type()).collect();
    let op =
        b.rw.insert(b.build("scf.for", &operands, &types, &[], vec![region]));
    let body = ir::body_block(&op).expect("scf.for body");
    (op, body)
}

/// The splat constant or row broadcast defining `v`, if `v` is one of
/// shape `shape`.
fn leaf_kind<'c, 'a>(v: Value<'c, 'a>, shape: &[i64]) -> Option<OperationRef<'c, 'a>> {
    let def = ir::defining_op(v)?;
    match classify(&def) {
        Some((Kind::Splat | Kind::Broadcast | Kind::Iota, s)) if s == shape => Some(def),
        _ => None,
    }
}

fn key(v: Value) -> usize {
    v.to_raw().ptr as usize
}

fn op_key(op: &OperationRef) -> usize {
    op.to_raw().ptr as usize
}

/// The most bytes of a buffer a rewrite puts on the stack.
const STACK_BYTES: i64 = 1 << 18;

/// A buffer for one tile: on the stack (`pallas-hoist-loop-allocas` later
/// moves it out of any loop) up to [`STACK_BYTES`], else on the heap (a
/// tile of megabytes would overflow the stack), noted in `heap` to be
/// freed at the end of its block.
fn alloca<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    heap: &RefCell<Vec<Value<'c, 'a>>>,
    shape: &[i64],
    elem: Type<'c>,
) -> Value<'c, 'a> {
    let width = ir::bit_width(elem).map_or(8, |w| w.div_ceil(8) as i64);
    let bytes = shape
        .iter()
        .try_fold(width, |n, d| n.checked_mul(*d))
        .unwrap_or(i64::MAX);
    if bytes > STACK_BYTES {
        let buf = b.alloc(b.memref(shape, elem));
        heap.borrow_mut().push(buf);
        return buf;
    }
    let segments = b.attr("array<i32: 0, 0>");
    b.val(
        "memref.alloca",
        &[],
        b.memref(shape, elem),
        &[("operandSegmentSizes", segments)],
    )
}

/// Every `vector.reduction` of a vector longer than a chunk becomes the
/// `vector.multi_reduction` of its one row (from its accumulator, or from
/// the kind's neutral value), which clusters reduce chunk by chunk: left
/// whole, LLVM gets one vector of all its lanes (2^20 f32 lanes crash
/// `llc`'s instruction selection, 2^20 more take it minutes). The
/// reduction was free to reassociate only with fast-math flags; the chunked
/// form always does, as for row sums (see [`tree`]).
fn reductions_as_rows(rw: &OwnedRewriter, module: &OperationRef) {
    let mut found = vec![];
    ir::walk_nested(module, &mut |op| {
        if name_of(&op) == "vector.reduction" {
            found.push(op);
        }
    });
    for op in found {
        let Some(v) = crate::ir::operand_at(&op, 0) else {
            continue;
        };
        let Some(shape) = nd_shape(v.r#type()) else {
            continue;
        };
        let Ok(kind) = op.attribute("kind") else {
            continue;
        };
        let elem = element_type(v.r#type());
        rw.set_insertion_point_before(&op);
        let b = B::new(rw, op.location());
        let acc = match crate::ir::operand_at(&op, 1) {
            Some(acc) => acc,
            None => match neutral(&b, &kind.to_string(), elem) {
                Some(attr) => b.val("arith.constant", &[], elem, &[("value", attr)]),
                None => continue,
            },
        };
        let r = b.val(
            "vector.multi_reduction",
            &[v, acc],
            elem,
            &[
                ("kind", kind),
                (
                    "reduction_dims",
                    b.dense_i64_attr(&[shape.len() as i64 - 1]),
                ),
            ],
        );
        ir::replace_all_uses(ir::result_of(op, 0), r);
        rw.erase_op(&op);
    }
}

/// The value a reduction of `kind` (`#vector.kind<...>`) starts from, of
/// type `elem`: the one that leaves any element as it is (-0.0 for a float
/// sum, so that a sum of -0.0s stays -0.0; NaN for maxnumf/minnumf, which
/// pass over NaNs). `None` for integers wider than 64 bits.
fn neutral<'c>(
    b: &B<'_, 'c, '_>,
    kind: &str,
    elem: Type<'c>,
) -> Option<melior::ir::attribute::Attribute<'c>> {
    let name = kind
        .trim_start_matches("#vector.kind<")
        .trim_end_matches('>');
    if is_float(elem) {
        let v = match name {
            "add" => -0.0,
            "mul" => 1.0,
            "minimumf" => f64::INFINITY,
            "maximumf" => f64::NEG_INFINITY,
            "minnumf" | "maxnumf" => f64::NAN,
            _ => return None,
        };
        return Some(b.float_attr(v, elem));
    }
    let width = ir::integer_width(elem).filter(|w| (1..=64).contains(w))?;
    let signed_max = if width == 64 {
        i64::MAX
    } else {
        (1i64 << (width - 1)) - 1
    };
    let v = match name {
        "add" | "or" | "xor" | "maxui" => 0,
        "mul" => 1,
        "and" | "minui" => -1,
        "minsi" => signed_max,
        "maxsi" => -signed_max - 1,
        _ => return None,
    };
    Some(b.int_attr(v, elem))
}

/// The arith op that combines two values of a `vector.reduction` kind (its
/// attribute's text, `#vector.kind<...>`).
fn combiner(kind: &str, float: bool) -> &'static str {
    let name = kind
        .trim_start_matches("#vector.kind<")
        .trim_end_matches('>');
    match (name, float) {
        ("add", true) => "arith.addf",
        ("add", false) => "arith.addi",
        ("mul", true) => "arith.mulf",
        ("mul", false) => "arith.muli",
        ("minui", _) => "arith.minui",
        ("minsi", _) => "arith.minsi",
        ("maxui", _) => "arith.maxui",
        ("maxsi", _) => "arith.maxsi",
        ("minnumf", _) => "arith.minnumf",
        ("maxnumf", _) => "arith.maxnumf",
        ("minimumf", _) => "arith.minimumf",
        ("maximumf", _) => "arith.maximumf",
        ("and", _) => "arith.andi",
        ("or", _) => "arith.ori",
        ("xor", _) => "arith.xori",
        _ => unreachable!("vector.reduction kind {kind}"),
    }
}

/// `v` (1-D) reduced by `combine` as a halving tree: lanes [0, h) with
/// lanes [h, 2h) while the width is even; an odd width sets its last lane
/// aside, and those are combined into the result in the order set aside.
/// Integer and min/max kinds give the same value in any order; float sums
/// and products round differently from a lane-by-lane chain (error bound
/// about (log2(w) + 1) * 2^-24 of the sum of magnitudes for w lanes,
/// instead of w * 2^-24).
fn tree<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, combine: &str) -> Value<'c, 'a> {
    let elem = element_type(v.r#type());
    let slice = |v: Value<'c, 'a>, at: i64, len: i64| {
        b.val(
            "vector.extract_strided_slice",
            &[v],
            b.vector(&[len], elem),
            &[
                ("offsets", b.attr(&format!("[{at}]"))),
                ("sizes", b.attr(&format!("[{len}]"))),
                ("strides", b.attr("[1]")),
            ],
        )
    };
    let mut v = v;
    let mut set_aside = vec![];
    loop {
        let n = memref_shape(v.r#type())[0];
        if n == 1 {
            break;
        }
        if n % 2 == 1 {
            set_aside.push(b.extract(v, n - 1));
            v = slice(v, 0, n - 1);
            continue;
        }
        let h = n / 2;
        v = b.bin(combine, slice(v, 0, h), slice(v, h, h));
    }
    let mut r = b.extract(v, 0);
    for x in set_aside {
        r = b.bin(combine, r, x);
    }
    r
}
