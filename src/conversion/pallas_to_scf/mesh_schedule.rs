//! The schedule of a mesh kernel's devices on the CPU reference (mesh.rs
//! builds their memory): per grid step, every device runs the kernel body
//! as a resumable state machine, and a round-robin scheduler runs them in a
//! defined order until all have finished.
//!
//! * **a device's body** is one `scf.execute_region` that returns the
//!   device's new state and whether it made progress. The structured ops
//!   that hold a wait (`scf.for`, `scf.if`, `scf.while`,
//!   `scf.index_switch`, `scf.execute_region`, `scf.parallel`,
//!   `scf.forall`, `affine.for`, `affine.if`, `affine.parallel`; parallel
//!   iterations run in order) are flattened into its blocks (upstream's
//!   affine-to-std and scf-to-cf patterns, applied to those ops only);
//!   every other op stays structured.
//! * **a wait** first tests its semaphores (`semaphore_read` against the
//!   count it takes). If they hold enough, the device goes on into the
//!   wait, which consumes them. If not, the device suspends: the region
//!   returns the wait's number as the device's state. The region's entry
//!   switches on the state: 0 starts the body, `k` jumps to wait k's
//!   resume block, which tests again and goes on into the wait or stays
//!   suspended (returning "no progress").
//! * **values across a wait**: a value whose definition no longer
//!   dominates a use (the resume path enters after the wait) is recomputed
//!   in front of the use from side-effect-free ops ([`super::mesh`]'s
//!   `recomputable`: views, arithmetic, the device id), or, for scalars and
//!   vectors, stored per device where it is defined and loaded where it is
//!   used. Other values (a ref that is not a view, e.g. a `memref.alloc`)
//!   are "not yet supported".
//! * **the scheduler** (an `scf.while` per grid step) runs devices 0..D-1
//!   in turn, each until it finishes or suspends, and repeats until every
//!   device has finished. A round in which no device made progress is a
//!   deadlock: the run prints, for every device still waiting, the wait it
//!   is blocked in (op and location) and exits with status 1.
//!
//! The same machinery runs the subcores of a SparseCore core
//! (subcores.rs): there the units are subcores and the waits are the
//! subcore barriers only ([`Units`]).

use std::collections::HashMap;

use melior::ir::block::BlockArgument;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationRef};
use melior::ir::r#type::TypeLike;
use melior::ir::{Block, BlockLike, BlockRef, Region, RegionLike, RegionRef, Value, ValueLike};

use super::mesh::recomputable;
use crate::conversion::common::builder::{segments, B};
use crate::conversion::framework::{apply_partial, ConversionTarget, PatternSet, Rewriter};
use crate::ir;

/// Marks a device's body region while the flattening runs (it stays
/// structured).
const DEVICE_BODY: &str = "pallas.cpu_mesh_device_body";

/// The structured ops a wait may sit in (they are flattened around it).
pub(super) const FLATTENED: &[&str] = &[
    "scf.for",
    "scf.if",
    "scf.while",
    "scf.index_switch",
    "scf.execute_region",
    "scf.parallel",
    "scf.forall",
    "affine.for",
    "affine.if",
    "affine.parallel",
];

/// The state of a device that has finished the body.
const DONE: i64 = -1;

type Failure<'c, 'a> = (OperationRef<'c, 'a>, String);

fn op_name(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or("").to_string()
}

pub(super) fn is_wait(op: &OperationRef) -> bool {
    matches!(
        op_name(op).as_str(),
        "pallas.semaphore_wait" | "pallas.dma_wait"
    )
}

/// What [`schedule`] runs in turn and where they suspend.
#[derive(Clone, Copy)]
pub(super) struct Units {
    /// The unit, in messages ("device", "subcore").
    pub noun: &'static str,
    /// The ops a unit suspends at.
    pub is_wait: fn(&OperationRef) -> bool,
    /// A wait's name in the deadlock report (default: the op's name).
    pub wait_name: Option<&'static str>,
    /// What a value crossing a wait crosses, in the "not yet supported"
    /// message.
    pub crossing: &'static str,
}

/// The devices of a mesh, waiting at semaphore and DMA waits.
pub(super) const DEVICES: Units = Units {
    noun: "device",
    is_wait,
    wait_name: None,
    crossing: "a wait and used after it on a mesh",
};

fn contains_wait(op: &OperationRef, is_wait: fn(&OperationRef) -> bool) -> bool {
    let mut found = false;
    ir::walk_nested(op, &mut |o| found |= is_wait(&o));
    found
}

fn ptr(op: &OperationRef) -> usize {
    op.to_raw().ptr as usize
}

fn vptr(v: Value) -> usize {
    v.to_raw().ptr as usize
}

fn bptr(b: &BlockRef) -> usize {
    b.to_raw().ptr as usize
}

/// Reports a wait inside a region op the schedule cannot flatten.
pub(super) fn check_waits<'c, 'a>(
    kernel: &OperationRef<'c, 'a>,
    devices: i64,
) -> Result<(), Failure<'c, 'a>> {
    let mut waits = vec![];
    ir::walk_nested(kernel, &mut |o| {
        if is_wait(&o) {
            waits.push(o);
        }
    });
    for w in waits {
        let mut cur = w.parent_operation();
        while let Some(p) = cur {
            if ptr(&p) == ptr(kernel) {
                break;
            }
            let name = op_name(&p);
            if !FLATTENED.contains(&name.as_str())
                && name != "pallas.run_scoped"
                && name != "pallas.named_scope"
            {
                return Err((
                    p,
                    format!(
                        "not yet supported: a wait inside {name} on a mesh of {devices} devices in the CPU reference (a device suspends at a wait only through {})",
                        FLATTENED.join(", ")
                    ),
                ));
            }
            cur = p.parent_operation();
        }
    }
    Ok(())
}

/// Runs the ops of the block `body` (all but its terminator) as `devices`
/// units scheduled as the module docs say; `me` is the placeholder of the
/// unit's id (an `index` constant) that the ops use.
pub(super) fn schedule<'c, 'a>(
    rw: &Rewriter<'c, 'a>,
    kernel: &OperationRef<'c, 'a>,
    body: BlockRef<'c, 'a>,
    me: Value<'c, 'a>,
    devices: i64,
    units: Units,
) -> Result<(), Failure<'c, 'a>> {
    let loc = kernel.location();
    let b = B::new(rw, loc);
    let fail = |at: &OperationRef<'c, 'a>, m: &str| (*at, m.to_string());
    let term = body
        .terminator()
        .ok_or_else(|| fail(kernel, "a kernel body without a terminator"))?;
    let term = ir::op_ref(term);
    let mut ops = vec![];
    let mut next = body.first_operation();
    while let Some(o) = next {
        next = o.next_in_block();
        if ptr(&o) != ptr(&term) {
            ops.push(ir::op_ref(o));
        }
    }
    let first = *ops
        .first()
        .ok_or_else(|| fail(kernel, "an empty kernel body"))?;

    // Per device: 0 (not started), k (suspended in wait k) or DONE.
    rw.set_insertion_point_before(&first);
    let i1 = b.ty("i1");
    let i32t = b.i32();
    let index = b.index();
    let state = b.alloc(b.memref(&[devices], i32t));
    b.fill_zero(state);
    let c0 = b.cidx(0);
    let c1 = b.cidx(1);
    let c_devices = b.cidx(devices);
    let yes = b.constant("true", i1);
    let no = b.constant("false", i1);
    let done = b.ci32(DONE);

    // scf.while { one round over the devices } do {}
    let before = Block::new(&[]);
    let after = Block::new(&[]);
    after.append_operation(b.build("scf.yield", &[], &[], &[], vec![]));
    let (r_before, r_after) = (Region::new(), Region::new());
    r_before.append_block(before);
    r_after.append_block(after);
    let w = rw.insert(b.build("scf.while", &[], &[], &[], vec![r_before, r_after]));
    let before = w.region(0).expect("region").first_block().expect("block");
    rw.set_insertion_point_to_end(before);

    // The round: scf.for %d iter_args(all finished, some progress).
    let round_blk = Block::new(&[(index, loc), (i1, loc), (i1, loc)]);
    let round_region = Region::new();
    let round_blk = round_region.append_block(round_blk);
    let round = rw.insert(b.build(
        "scf.for",
        &[c0, c_devices, c1, yes, no],
        &[i1, i1],
        &[],
        vec![round_region],
    ));
    let d: Value = round_blk.argument(0).expect("iv").into();
    let all: Value = round_blk.argument(1).expect("arg").into();
    let progress: Value = round_blk.argument(2).expect("arg").into();
    rw.set_insertion_point_to_end(round_blk);
    let s = b.val("memref.load", &[state, d], i32t, &[]);
    let finished = b.cmpi("eq", s, done);
    // scf.if %finished -> (i1, i1) { (true, false) } else { run it }
    let then_blk = Block::new(&[]);
    then_blk.append_operation(b.build("scf.yield", &[yes, no], &[], &[], vec![]));
    let else_blk = Block::new(&[]);
    let (r_then, r_else) = (Region::new(), Region::new());
    r_then.append_block(then_blk);
    let else_blk = r_else.append_block(else_blk);
    let turn = rw.insert(b.build("scf.if", &[finished], &[i1, i1], &[], vec![r_then, r_else]));
    rw.set_insertion_point_to_end(else_blk);
    // The device's body: entry (switch on the state), then the body.
    let entry = Block::new(&[]);
    let start = Block::new(&[]);
    let dev_region = Region::new();
    let entry = dev_region.append_block(entry);
    let start = dev_region.append_block(start);
    let dev = rw.insert(b.build(
        "scf.execute_region",
        &[],
        &[i32t, i1],
        &[(DEVICE_BODY, b.attr("unit"))],
        vec![dev_region],
    ));
    let new_state = ir::result_of(dev, 0);
    let moved = ir::result_of(dev, 1);
    b.op("memref.store", &[new_state, state, d], &[], &[]);
    let now_done = b.cmpi("eq", new_state, done);
    b.op("scf.yield", &[now_done, moved], &[], &[]);
    rw.set_insertion_point_after(&turn);
    let all2 = b.bin("arith.andi", all, ir::result_of(turn, 0));
    let progress2 = b.bin("arith.ori", progress, ir::result_of(turn, 1));
    b.op("scf.yield", &[all2, progress2], &[], &[]);
    rw.set_insertion_point_after(&round);
    let more = b.bin("arith.xori", ir::result_of(round, 0), yes);
    let stuck = b.bin("arith.xori", ir::result_of(round, 1), yes);
    let dead = b.bin("arith.andi", more, stuck);
    let report = b.if_then(dead);
    b.op("scf.condition", &[more], &[], &[]);

    // The body moves into the device's region.
    rw.set_insertion_point_to_end(start);
    let finish = b.op("scf.yield", &[done, yes], &[], &[]);
    rw.set_insertion_point_before(&finish);
    let done_in = b.ci32(DONE);
    let yes_in = b.constant("true", i1);
    ir::set_operand(&finish, 0, done_in);
    ir::set_operand(&finish, 1, yes_in);
    for o in &ops {
        ir::move_before(o, &finish);
    }
    ir::replace_all_uses(me, d);
    let me_op = ir::defining_op(me).expect("the placeholder");
    rw.erase_op(&me_op);

    // The entry goes to the body until the resume points exist (the
    // flattening converts the blocks reachable from the entry).
    rw.set_insertion_point_to_end(entry);
    let to_start = OperationBuilder::new("cf.br", loc)
        .add_successors(&[&*start])
        .build()
        .map_err(|e| (*kernel, format!("cannot build cf.br: {e}")))?;
    let to_start = rw.insert(to_start);

    // Flatten the structured ops that hold a wait (the mark only tells the
    // flattening to leave the device's region itself alone).
    flatten(&dev, units.is_wait)?;
    ir::remove_attribute(&dev, DEVICE_BODY);

    let region = dev.region(0).expect("region");
    let mut waits = vec![];
    let mut blk = region.first_block();
    while let Some(bl) = blk {
        let mut o = bl.first_operation();
        while let Some(op) = o {
            if (units.is_wait)(&op) {
                waits.push(ir::op_ref(op));
            }
            o = op.next_in_block();
        }
        blk = bl.next_in_region();
    }

    // Each wait: test, suspend or go on; its resume block.
    let mut resumes = vec![];
    for (k, wait) in waits.iter().enumerate() {
        let k = k as i64 + 1;
        let x = wait.block().expect("a block");
        let cont = split_before(rw, &region, x, wait);
        let suspend = region.insert_block_after(x, Block::new(&[]));
        rw.set_insertion_point_to_end(suspend);
        let wb = B::new(rw, wait.location());
        let kk = wb.ci32(k);
        let t = wb.constant("true", i1);
        wb.op("scf.yield", &[kk, t], &[], &[]);
        rw.set_insertion_point_to_end(x);
        let ok = ready(&wb, wait);
        cond_br(&wb, ok, &cont, &suspend);

        let resume = region.append_block(Block::new(&[]));
        let stay = region.append_block(Block::new(&[]));
        rw.set_insertion_point_to_end(stay);
        let kk = wb.ci32(k);
        let f = wb.constant("false", i1);
        wb.op("scf.yield", &[kk, f], &[], &[]);
        rw.set_insertion_point_to_end(resume);
        let ok = ready(&wb, wait);
        cond_br(&wb, ok, &cont, &stay);
        resumes.push(resume);
    }
    // The entry: switch on the state.
    rw.erase_op(&to_start);
    rw.set_insertion_point_to_end(entry);
    let cases: Vec<i64> = (1..=resumes.len() as i64).collect();
    let mut successors: Vec<&Block> = vec![&*start];
    successors.extend(resumes.iter().map(|r| &**r));
    let n = resumes.len();
    let case_values = if n == 0 {
        None
    } else {
        Some(b.attr(&format!(
            "dense<[{}]> : vector<{n}xi32>",
            cases
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )))
    };
    let mut attrs = vec![
        (
            b.ident("case_operand_segments"),
            b.attr(&format!(
                "array<i32{}>",
                if n == 0 {
                    String::new()
                } else {
                    format!(": {}", vec!["0"; n].join(", "))
                }
            )),
        ),
        (
            b.ident("operandSegmentSizes"),
            b.attr("array<i32: 1, 0, 0>"),
        ),
    ];
    if let Some(cv) = case_values {
        attrs.push((b.ident("case_values"), cv));
    }
    let switch = OperationBuilder::new("cf.switch", loc)
        .add_operands(&[s])
        .add_attributes(&attrs)
        .add_successors(&successors)
        .build()
        .map_err(|e| (*kernel, format!("cannot build cf.switch: {e}")))?;
    rw.insert(switch);

    // Values whose definitions no longer dominate their uses.
    let mut fix = Repair::new(rw, loc, region, state, d, devices, units.crossing);
    fix.run()?;

    // The deadlock report: every device still waiting, and where. (Without
    // waits every device finishes in its first turn.)
    if waits.is_empty() {
        let report_if = report.parent_operation().expect("the report's if");
        rw.erase_op(&ir::op_ref(report_if));
    } else {
        deadlock_report(&b, state, devices, &waits, report, units);
    }

    // Buffers out at the end of the step.
    rw.set_insertion_point_before(&term);
    b.op("memref.dealloc", &[state], &[], &[]);
    for s in &fix.slots {
        b.op("memref.dealloc", &[*s], &[], &[]);
    }
    Ok(())
}

/// Prints, for every device that has not finished, the wait it is blocked
/// in, then exits with status 1 (in front of `report`).
fn deadlock_report<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    state: Value<'c, 'a>,
    devices: i64,
    waits: &[OperationRef<'c, 'a>],
    report: OperationRef<'c, 'a>,
    units: Units,
) {
    let rw = b.rw;
    let i32t = b.i32();
    rw.set_insertion_point_before(&report);
    let c0 = b.cidx(0);
    let c_devices = b.cidx(devices);
    let (rd, rend) = b.for_loop(c0, c_devices);
    rw.set_insertion_point_before(&rend);
    let rs = b.val("memref.load", &[state, rd], i32t, &[]);
    for (k, wait) in waits.iter().enumerate() {
        let here = b.cmpi("eq", rs, b.ci32(k as i64 + 1));
        let then = b.if_then(here);
        rw.set_insertion_point_before(&then);
        let name = units
            .wait_name
            .map_or_else(|| op_name(wait), str::to_string);
        let msg = super::dma::blocked(&name, wait);
        let noun = units.noun;
        b.op(
            "vector.print",
            &[],
            &[],
            &[("stringLiteral", b.attr(&format!("\"{msg} on {noun} \"")))],
        );
        b.op(
            "vector.print",
            &[rd],
            &[],
            &[("punctuation", b.attr("#vector.punctuation<no_punctuation>"))],
        );
        b.op(
            "vector.print",
            &[],
            &[],
            &[(
                "stringLiteral",
                b.attr(&format!(
                    "\" (every {noun} that has not finished waits)\\0A\""
                )),
            )],
        );
        rw.set_insertion_point_before(&rend);
    }
    rw.set_insertion_point_before(&report);
    let one = b.ci32(1);
    b.op(
        "func.call",
        &[one],
        &[],
        &[("callee", b.attr(&format!("@{}", super::dma::EXIT)))],
    );
}

/// Flattens the structured ops of `dev`'s region that hold a wait.
fn flatten<'c, 'a>(
    dev: &OperationRef<'c, 'a>,
    is_wait: fn(&OperationRef) -> bool,
) -> Result<(), Failure<'c, 'a>> {
    if !contains_wait(dev, is_wait) {
        return Ok(());
    }
    let mut target = ConversionTarget::new(dev);
    // What the patterns build must be legal (in a partial conversion only
    // the ops already there may stay unknown).
    target.legal_dialects(&["cf", "arith", "ub"]);
    for dialect in ["scf", "affine"] {
        target.dynamically_legal_dialect(dialect, move |op| {
            let name = op_name(&op);
            if !FLATTENED.contains(&name.as_str()) {
                return Some(true);
            }
            Some(op.attribute(DEVICE_BODY).is_ok() || !contains_wait(&op, is_wait))
        });
    }
    let mut patterns = PatternSet::new(dev);
    patterns.add_scf_to_cf();
    apply_partial(dev, &target, patterns).map_err(|_| {
        (
            *dev,
            "cannot flatten the control flow around the kernel's waits".to_string(),
        )
    })
}

/// Moves `op` and every op after it in `x` into a new block after `x`.
fn split_before<'c, 'a>(
    rw: &Rewriter<'c, 'a>,
    region: &RegionRef<'c, 'a>,
    x: BlockRef<'c, 'a>,
    op: &OperationRef<'c, 'a>,
) -> BlockRef<'c, 'a> {
    let cont = region.insert_block_after(x, Block::new(&[]));
    rw.set_insertion_point_to_end(cont);
    let b = B::new(rw, op.location());
    let anchor = b.cidx(0);
    let anchor = ir::defining_op(anchor).expect("an op");
    let mut cur = Some(*op);
    while let Some(o) = cur {
        cur = o.next_in_block().map(ir::op_ref);
        ir::move_before(&o, &anchor);
    }
    rw.erase_op(&anchor);
    cont
}

fn cond_br<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    cond: Value<'c, 'a>,
    yes: &BlockRef<'c, 'a>,
    no: &BlockRef<'c, 'a>,
) {
    let op = OperationBuilder::new("cf.cond_br", b.loc)
        .add_operands(&[cond])
        .add_attributes(&[(
            b.ident("operandSegmentSizes"),
            b.attr("array<i32: 1, 0, 0>"),
        )])
        .add_successors(&[&**yes, &**no])
        .build()
        .expect("cf.cond_br");
    b.rw.insert(op);
}

/// Whether `wait` would go through now: its semaphores hold what it takes.
fn ready<'c, 'a>(b: &B<'_, 'c, 'a>, wait: &OperationRef<'c, 'a>) -> Value<'c, 'a> {
    let operands: Vec<Value<'c, 'a>> = wait.operands().collect();
    let read = |sem: Value<'c, 'a>, idx: &[Value<'c, 'a>]| {
        let mut ops = vec![sem];
        ops.extend_from_slice(idx);
        b.val("pallas.semaphore_read", &ops, b.i32(), &[])
    };
    if op_name(wait) == "pallas.semaphore_wait" {
        let (sem, rest) = operands.split_first().expect("a semaphore");
        let (value, idx) = rest.split_last().expect("a value");
        return b.cmpi("sge", read(*sem, idx), *value);
    }
    let seg = segments(wait, &operands);
    let n = super::dma::copied_elements(b, super::dma::counted_ref(wait, &seg));
    let mut ok = b.cmpi("sge", read(seg[2][0], &seg[3]), n);
    if let Some(src_sem) = seg[4].first() {
        let src_ok = b.cmpi("sge", read(*src_sem, &seg[5]), n);
        ok = b.bin("arith.andi", ok, src_ok);
    }
    ok
}

/// Gives every use in the device's region a value that dominates it.
struct Repair<'r, 'c, 'a> {
    rw: &'r Rewriter<'c, 'a>,
    loc: melior::ir::Location<'c>,
    blocks: Vec<BlockRef<'c, 'a>>,
    /// Block (pointer) -> its index in `blocks`.
    index: HashMap<usize, usize>,
    /// dom[i][j]: block i dominates block j.
    dom: Vec<Vec<bool>>,
    /// Op (pointer) -> its position in its block.
    position: HashMap<usize, usize>,
    /// Per block: the op in front of which repairs go (its first op).
    cursor: Vec<OperationRef<'c, 'a>>,
    memo: HashMap<(usize, usize), Value<'c, 'a>>,
    /// Value -> its per-device slot.
    saved: HashMap<usize, Value<'c, 'a>>,
    /// The slots, freed at the end of the step.
    slots: Vec<Value<'c, 'a>>,
    /// Where the slots are allocated (in front of the scheduler).
    state: Value<'c, 'a>,
    device: Value<'c, 'a>,
    devices: i64,
    /// See [`Units::crossing`].
    crossing: &'static str,
}

impl<'r, 'c, 'a> Repair<'r, 'c, 'a> {
    fn new(
        rw: &'r Rewriter<'c, 'a>,
        loc: melior::ir::Location<'c>,
        region: RegionRef<'c, 'a>,
        state: Value<'c, 'a>,
        device: Value<'c, 'a>,
        devices: i64,
        crossing: &'static str,
    ) -> Self {
        let mut blocks = vec![];
        let mut blk = region.first_block();
        while let Some(bl) = blk {
            blocks.push(bl);
            blk = bl.next_in_region();
        }
        let index: HashMap<usize, usize> = blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (bptr(b), i))
            .collect();
        let n = blocks.len();
        let mut succ = vec![vec![]; n];
        for (i, bl) in blocks.iter().enumerate() {
            if let Some(t) = bl.terminator() {
                for s in t.successors() {
                    if let Some(j) = index.get(&bptr(&s)) {
                        succ[i].push(*j);
                    }
                }
            }
        }
        // Dominators by the iterative set algorithm (the CFG is small).
        let mut dom = vec![vec![false; n]; n];
        let mut preds = vec![vec![]; n];
        for (i, ss) in succ.iter().enumerate() {
            for j in ss {
                preds[*j].push(i);
            }
        }
        // dom_sets[j][i]: i dominates j.
        let mut sets = vec![vec![true; n]; n];
        sets[0] = (0..n).map(|i| i == 0).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for j in 1..n {
                let mut new = vec![true; n];
                let mut any = false;
                for p in &preds[j] {
                    any = true;
                    for i in 0..n {
                        new[i] &= sets[*p][i];
                    }
                }
                if !any {
                    // Unreachable: dominated by everything (never runs).
                    new = vec![true; n];
                }
                new[j] = true;
                if new != sets[j] {
                    sets[j] = new;
                    changed = true;
                }
            }
        }
        for (i, row) in dom.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                *cell = sets[j][i];
            }
        }
        let mut position = HashMap::new();
        let mut cursor = vec![];
        for bl in &blocks {
            let mut o = bl.first_operation();
            cursor.push(ir::op_ref(bl.first_operation().expect("a terminator")));
            let mut k = 0;
            while let Some(op) = o {
                position.insert(ptr(&op), k);
                k += 1;
                o = op.next_in_block();
            }
        }
        Self {
            rw,
            loc,
            blocks,
            index,
            dom,
            position,
            cursor,
            memo: HashMap::new(),
            saved: HashMap::new(),
            slots: vec![],
            state,
            device,
            devices,
            crossing,
        }
    }

    /// The op of the region's blocks that holds `op` (or `op` itself).
    fn top(&self, op: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
        let mut cur = op;
        loop {
            let bl = cur.block()?;
            if self.index.contains_key(&bptr(&bl)) {
                return Some(cur);
            }
            cur = cur.parent_operation()?;
        }
    }

    /// The block of the region where `v` is defined, and the defining op
    /// (None for a block argument), if `v` is defined in the region's blocks.
    #[allow(clippy::type_complexity)]
    fn home(&self, v: Value<'c, 'a>) -> Option<(usize, Option<OperationRef<'c, 'a>>)> {
        if let Some(d) = ir::defining_op(v) {
            let bl = d.block()?;
            return self.index.get(&bptr(&bl)).map(|i| (*i, Some(d)));
        }
        let arg = BlockArgument::try_from(v).ok()?;
        let owner = arg.owner().to_raw().ptr as usize;
        self.index.get(&owner).map(|i| (*i, None))
    }

    fn run(&mut self) -> Result<(), Failure<'c, 'a>> {
        // What to repair: (user, operand, value, block of the use).
        let mut todo = vec![];
        for (bi, bl) in self.blocks.clone().iter().enumerate() {
            let mut values: Vec<Value<'c, 'a>> = (0..bl.argument_count())
                .map(|i| bl.argument(i).expect("argument").into())
                .collect();
            let mut o = bl.first_operation();
            while let Some(op) = o {
                values.extend(op.results().map(|r| -> Value { r.into() }));
                o = op.next_in_block();
            }
            for v in values {
                let def_pos = ir::defining_op(v).map(|d| self.position[&ptr(&d)]);
                for user in ir::users(v) {
                    let Some(top) = self.top(user) else {
                        continue;
                    };
                    let ub = self.index[&bptr(&top.block().expect("block"))];
                    let ok = if ub == bi {
                        match def_pos {
                            None => true,
                            Some(p) => self.position.get(&ptr(&top)).is_some_and(|q| *q > p),
                        }
                    } else {
                        self.dom[bi][ub]
                    };
                    if !ok {
                        for (j, operand) in user.operands().enumerate() {
                            if vptr(operand) == vptr(v) {
                                todo.push((user, j, v, ub));
                            }
                        }
                    }
                }
            }
        }
        for (user, j, v, ub) in todo {
            let nv = self.available(v, ub).map_err(|m| (user, m))?;
            ir::set_operand(&user, j, nv);
        }
        Ok(())
    }

    /// `v` as the start of block `ub` sees it.
    fn available(&mut self, v: Value<'c, 'a>, ub: usize) -> Result<Value<'c, 'a>, String> {
        let Some((bd, def)) = self.home(v) else {
            return Ok(v);
        };
        if (bd != ub && self.dom[bd][ub]) || (bd == ub && def.is_none()) {
            return Ok(v);
        }
        if let Some(done) = self.memo.get(&(vptr(v), ub)) {
            return Ok(*done);
        }
        let cursor = self.cursor[ub];
        if let Some(d) = def.filter(recomputable) {
            let operands: Vec<Value> = d.operands().collect();
            let mut mapped = vec![];
            for o in operands {
                mapped.push(self.available(o, ub)?);
            }
            self.rw.set_insertion_point_before(&cursor);
            let copy = self.rw.insert(ir::clone_detached(&d));
            for (j, m) in mapped.into_iter().enumerate() {
                ir::set_operand(&copy, j, m);
            }
            for r in 0..d.result_count() {
                let old: Value = d.result(r).expect("result").into();
                let new: Value = copy.result(r).expect("result").into();
                self.memo.insert((vptr(old), ub), new);
            }
            return Ok(self.memo[&(vptr(v), ub)]);
        }
        let ty = v.r#type();
        let keepable = ir::is_vector(ty) || ir::is_signless_int_or_float(ty) || ty.is_index();
        if !keepable {
            let what = def
                .map(|d| op_name(&d))
                .unwrap_or("a block argument".into());
            return Err(format!(
                "not yet supported: a value of {what} ({ty}) computed before {} in the CPU reference",
                self.crossing
            ));
        }
        let b = B::new(self.rw, self.loc);
        let slot = match self.saved.get(&vptr(v)) {
            Some(s) => *s,
            None => {
                let anchor = ir::defining_op(self.state).expect("the state");
                self.rw.set_insertion_point_after(&anchor);
                let slot = b.alloc(b.ty(&format!("memref<{}x{ty}>", self.devices)));
                self.slots.push(slot);
                self.saved.insert(vptr(v), slot);
                match def {
                    Some(d) => self.rw.set_insertion_point_after(&d),
                    None => self.rw.set_insertion_point_before(&self.cursor[bd]),
                }
                b.op("memref.store", &[v, slot, self.device], &[], &[]);
                slot
            }
        };
        self.rw.set_insertion_point_before(&cursor);
        let loaded = b.val("memref.load", &[slot, self.device], ty, &[]);
        self.memo.insert((vptr(v), ub), loaded);
        Ok(loaded)
    }
}
