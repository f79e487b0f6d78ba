//! `pallas.subcore_barrier` on the CPU reference: the subcores of a core
//! take turns, as the devices of a mesh do (mesh_schedule.rs).
//!
//! The reference runs the grid (cores, subcores) one step after the other,
//! so a subcore could not wait at a barrier for the subcores after it. A
//! kernel with barriers instead runs a whole core at step (c, 0), and the
//! steps (c, s > 0) do nothing:
//!
//! * the body becomes the resumable state machine of mesh_schedule.rs, run
//!   for every subcore in turn until all have finished; the subcore id
//!   (`program_id` of the last grid axis) is the scheduler's unit;
//! * a barrier is a semaphore handshake among the core's S subcores: a
//!   subcore arriving signals a counter of every subcore, then waits until
//!   its own counter holds S and takes S off. A subcore that went on cannot
//!   be counted twice at one barrier (it cannot pass the next before every
//!   subcore has arrived at it), so barriers may repeat under any control
//!   flow the scheduler flattens (loops with or without results, dynamic
//!   bounds, `scf.if` with results, `scf.while`, `scf.index_switch`, and
//!   `pallas.named_scope` / `memref.alloca_scope`, which are inlined);
//! * a subcore's own memory, its scratch outside HBM and VMEM_SHARED
//!   (semaphores included), and the `run_scoped` buffers of scopes holding
//!   a barrier (the scope is inlined; its semaphores start at zero at each
//!   entry), is a slot per subcore; scratch starts as the kernel's buffer
//!   holds it at the core's start (a `semaphore_signal ... core(c)` to
//!   another core adds to that core's semaphores, which its subcores start
//!   from: the cores run one after the other). HBM, VMEM_SHARED and the kernel's
//!   operands are the core's (the operands, whole arrays on SparseCore, are
//!   one buffer for all subcores, as when the subcores run one after the
//!   other without barriers);
//! * values live across a barrier are recomputed or kept per subcore
//!   (mesh_schedule.rs); only a barrier suspends a subcore, the other waits
//!   run as without barriers (a subcore's DMAs complete when they start).
//!
//! Subcores that do not all reach a barrier deadlock: the run reports the
//! barrier every unfinished subcore waits at and exits with status 1.
//!
//! On a mesh of D devices (mesh.rs), the D * S subcores of all devices take
//! turns (unit d * S + s), suspending at barriers and at the mesh's waits;
//! mesh.rs gives each subcore its own slots in the device images for its
//! scratch, `run_scoped` buffers and PRNG state, so a remote DMA or signal
//! reaches the same subcore of the target device.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, BlockLike, BlockRef, Region, RegionLike, Value, ValueLike};

use super::mesh::{slot_bytes, slot_view};
use super::mesh_schedule::{Units, FLATTENED};
use crate::conversion::common::builder::{array_elements, dense_i64, segments, B};
use crate::conversion::framework::{with_ir_rewriter, Rewriter};
use crate::ir::{self, memref_shape, MemorySpace, SemaphoreKind};

/// Marks the `pallas.semaphore_wait` a barrier becomes.
const BARRIER_WAIT: &str = "pallas.cpu_subcore_barrier";

/// Slots start at multiples of this (any element type's alignment).
const ALIGN: i64 = 64;

fn is_barrier_wait(op: &OperationRef) -> bool {
    ir::op_name_of(op) == "pallas.semaphore_wait" && op.attribute(BARRIER_WAIT).is_ok()
}

/// The subcores of a core, waiting at barriers only.
const SUBCORES: Units = Units {
    noun: "subcore",
    is_wait: is_barrier_wait,
    wait_name: Some("pallas.subcore_barrier"),
    crossing: "a pallas.subcore_barrier and used after it",
};

/// The ops a barrier may sit in: the control flow the scheduler flattens,
/// and the scopes this lowering inlines.
fn may_hold_barrier(name: &str) -> bool {
    FLATTENED.contains(&name) || name == "pallas.run_scoped" || INLINED.contains(&name)
}

/// Scopes that only delimit a stretch of the body: one holding a barrier is
/// replaced by its body (an `alloca_scope`'s allocations then live until
/// the core finishes).
const INLINED: &[&str] = &["pallas.named_scope", "memref.alloca_scope"];

/// Where a `pallas.subcore_barrier` can run: in a kernel whose grid is
/// (cores, subcores) with a static number of subcores, under the ops of
/// [`may_hold_barrier`].
pub fn check_barrier(op: &OperationRef) -> Result<(), String> {
    let mut cur = op.parent_operation();
    let kernel = loop {
        let p = cur.ok_or("a pallas.subcore_barrier outside a kernel")?;
        let name = ir::op_name_of(&p);
        if name == "pallas.kernel" {
            break p;
        }
        if !may_hold_barrier(name) {
            return Err(format!(
                "not yet supported: a pallas.subcore_barrier inside {name} on the CPU reference"
            ));
        }
        cur = p.parent_operation();
    };
    let grid = kernel.attribute("grid").map(dense_i64).unwrap_or_default();
    if grid.len() != 2 || grid[1] <= 0 {
        return Err(format!(
            "not yet supported: a pallas.subcore_barrier in a kernel whose grid {grid:?} is not (cores, subcores) with a static number of subcores on the CPU reference"
        ));
    }
    Ok(())
}

fn is_barrier(op: &OperationRef) -> bool {
    ir::op_name_of(op) == "pallas.subcore_barrier"
}

pub(super) fn holds_barrier(op: &OperationRef) -> bool {
    let mut found = false;
    ir::walk_nested(op, &mut |x| found |= is_barrier(&x));
    found
}

type Failure<'c, 'a> = (OperationRef<'c, 'a>, String);

/// Runs every kernel of `module` holding a subcore barrier as its module
/// docs say (after [`check_barrier`] passed for every barrier).
pub fn schedule_barriers(module: &OperationRef) -> Result<(), ()> {
    let mut kernels = vec![];
    ir::walk_nested(module, &mut |op| {
        if ir::op_name_of(&op) == "pallas.kernel" && holds_barrier(&op) {
            kernels.push(op);
        }
    });
    for k in kernels {
        if let Err((at, message)) = with_ir_rewriter(&k, |rw| lower_kernel(&k, rw)) {
            ir::emit_op_error(&at, &message);
            return Err(());
        }
    }
    Ok(())
}

/// The per-subcore slots of one kind of buffer: S slots of `bytes` each.
struct Slots<'c, 'a> {
    buffer: Value<'c, 'a>,
    bytes: i64,
}

impl<'c, 'a> Slots<'c, 'a> {
    /// Allocates S slots for refs of type `ty` (at the insertion point).
    fn new(b: &B<'_, 'c, 'a>, ty: Type<'c>, subcores: i64) -> Option<Self> {
        let bytes = ((slot_bytes(ty)? + ALIGN - 1) / ALIGN).max(1) * ALIGN;
        let space = ir::memref_memory_space(ty)
            .map(|s| format!(", {s}"))
            .unwrap_or_default();
        let buffer = b.alloc(b.ty(&format!("memref<{}xi8{space}>", subcores * bytes)));
        Some(Slots { buffer, bytes })
    }

    /// Subcore `s`'s ref of type `ty`.
    fn view(&self, b: &B<'_, 'c, 'a>, s: Value<'c, 'a>, ty: Type<'c>) -> Value<'c, 'a> {
        let at = b.mul(s, b.cidx(self.bytes));
        slot_view(b, self.buffer, at, ty)
    }

    /// Subcore `s`'s semaphores of type `ty` seen as i32 counters.
    fn counters(&self, b: &B<'_, 'c, 'a>, s: Value<'c, 'a>, ty: Type<'c>) -> Value<'c, 'a> {
        let n: i64 = memref_shape(ty).iter().product();
        let space = ir::memref_memory_space(ty)
            .map(|s| format!(", {s}"))
            .unwrap_or_default();
        let at = b.mul(s, b.cidx(self.bytes));
        b.val(
            "memref.view",
            &[self.buffer, at],
            b.ty(&format!("memref<{n}xi32{space}>")),
            &[],
        )
    }
}

/// A core's body wrapped for its subcores: `scf.if (program_id(1) == 0) {
/// execute_region { the body } }`, with the unit placeholder `me` at the
/// start of the region (the scheduler's unit: subcore, or device * S +
/// subcore on a mesh) and `device` (me / S).
struct Core<'c, 'a> {
    exec: OperationRef<'c, 'a>,
    block: BlockRef<'c, 'a>,
    me: Value<'c, 'a>,
    device: Value<'c, 'a>,
}

/// Wraps the body of `kernel` (S = `n` subcores) as [`Core`] says; `me`:
/// mesh.rs's unit placeholder, if it made one (in the body, before its
/// views).
fn wrap_core<'c, 'a>(
    kernel: &OperationRef<'c, 'a>,
    rw: &Rewriter<'c, 'a>,
    n: i64,
    me: Option<(Value<'c, 'a>, Value<'c, 'a>)>,
) -> Result<Option<Core<'c, 'a>>, Failure<'c, 'a>> {
    let fail = |at: &OperationRef<'c, 'a>, m: &str| (*at, m.to_string());
    let body = ir::body_block(kernel).ok_or_else(|| fail(kernel, "a kernel without a body"))?;
    let b = B::new(rw, kernel.location());
    inline_scopes(kernel, rw)?;
    let term = body
        .terminator()
        .ok_or_else(|| fail(kernel, "a kernel body without a terminator"))?;
    let mut ops = vec![];
    let mut next = body.first_operation();
    while let Some(o) = next {
        next = o.next_in_block();
        if o.to_raw().ptr != term.to_raw().ptr {
            ops.push(ir::op_ref(o));
        }
    }
    let Some(first) = ops.first().copied() else {
        return Ok(None);
    };
    let mut subcore_ids = vec![];
    ir::walk_nested(kernel, &mut |o| {
        if ir::op_name_of(&o) == "pallas.program_id" && ir::int_attr(&o, "axis") == Some(1) {
            subcore_ids.push(o);
        }
    });

    rw.set_insertion_point_before(&first);
    let pid = b.val(
        "pallas.program_id",
        &[],
        b.i32(),
        &[("axis", b.attr("1 : i64"))],
    );
    let at_first = b.cmpi("eq", pid, b.ci32(0));
    let then_end = b.if_then(at_first);
    rw.set_insertion_point_before(&then_end);
    let block = Block::new(&[]);
    block.append_operation(b.build("scf.yield", &[], &[], &[], vec![]));
    let region = Region::new();
    let block = region.append_block(block);
    let exec = rw.insert(b.build("scf.execute_region", &[], &[], &[], vec![region]));
    let end = ir::op_ref(block.terminator().expect("yield"));
    for o in &ops {
        ir::move_before(o, &end);
    }
    let (me, device) = match me {
        Some(pair) => pair,
        None => {
            rw.set_insertion_point_to_start(block);
            let me = b.cidx(0);
            (me, b.bin("arith.divui", me, b.cidx(n)))
        }
    };
    rw.set_insertion_point_after(&ir::defining_op(device).expect("the device id"));
    let subcore = b.bin("arith.remui", me, b.cidx(n));
    let sid = b.index_cast(subcore, b.i32());
    for o in subcore_ids {
        rw.replace_op(&o, &[sid]);
    }
    Ok(Some(Core {
        exec,
        block,
        me,
        device,
    }))
}

/// Replaces every barrier in `core` by its handshake on `units` counters
/// allocated (zeroed) in front of the region, which `freed` gets.
fn lower_barriers<'c, 'a>(
    rw: &Rewriter<'c, 'a>,
    b: &B<'_, 'c, 'a>,
    core: &Core<'c, 'a>,
    n: i64,
    units: i64,
    freed: &mut Vec<Value<'c, 'a>>,
) {
    rw.set_insertion_point_before(&core.exec);
    let sem_ty = b.ty(&format!(
        "memref<{units}x!pallas.semaphore, #pallas.memory_space<semaphore>>"
    ));
    let counters = Slots::new(b, sem_ty, 1).expect("a semaphore slot");
    let zero = b.cidx(0);
    b.fill_zero(counters.counters(b, zero, sem_ty));
    let sems = counters.view(b, zero, sem_ty);
    freed.push(counters.buffer);
    let mut barriers = vec![];
    ir::walk_nested(&core.exec, &mut |o| {
        if is_barrier(&o) {
            barriers.push(o);
        }
    });
    for barrier in barriers {
        let bb = B::new(rw, barrier.location());
        rw.set_insertion_point_before(&barrier);
        let one = bb.ci32(1);
        // The units of this device's core: device * S + t.
        let first = bb.mul(core.device, bb.cidx(n));
        let (t, end) = bb.for_loop(bb.cidx(0), bb.cidx(n));
        rw.set_insertion_point_before(&end);
        let unit = bb.add(first, t);
        bb.op(
            "pallas.semaphore_signal",
            &[sems, unit, one],
            &[],
            &[("operandSegmentSizes", bb.attr("array<i32: 1, 1, 1, 0, 0>"))],
        );
        rw.set_insertion_point_before(&barrier);
        let all = bb.ci32(n);
        bb.op(
            "pallas.semaphore_wait",
            &[sems, core.me, all],
            &[],
            &[(BARRIER_WAIT, bb.attr("unit"))],
        );
        rw.erase_op(&barrier);
    }
}

/// The subcores of all devices of a mesh: device d's subcore s is unit
/// d * S + s; they suspend at the mesh's waits and at barriers.
const MESH_SUBCORES: Units = Units {
    noun: "subcore (device * subcores + subcore)",
    is_wait: super::mesh_schedule::is_wait,
    wait_name: None,
    crossing: "a wait or pallas.subcore_barrier and used after it on a mesh",
};

/// The number of subcores of a kernel with barriers (its last grid axis,
/// checked by [`check_barrier`]).
pub(super) fn subcores_of(kernel: &OperationRef) -> i64 {
    let grid = kernel.attribute("grid").map(dense_i64).unwrap_or_default();
    grid.get(1).copied().unwrap_or(1).max(1)
}

/// Runs a kernel with subcore barriers on `devices` devices: mesh.rs has
/// put every device's memory, and every subcore's own memory, in the
/// device images, with `me` the unit placeholder and `device` = me / S;
/// all devices' subcores take turns.
pub(super) fn lower_on_devices<'c, 'a>(
    rw: &Rewriter<'c, 'a>,
    kernel: &OperationRef<'c, 'a>,
    me: Value<'c, 'a>,
    device: Value<'c, 'a>,
    devices: i64,
) -> Result<(), Failure<'c, 'a>> {
    let n = subcores_of(kernel);
    let Some(core) = wrap_core(kernel, rw, n, Some((me, device)))? else {
        return Ok(());
    };
    let b = B::new(rw, kernel.location());
    let mut freed = vec![];
    lower_barriers(rw, &b, &core, n, devices * n, &mut freed);
    rw.set_insertion_point_after(&core.exec);
    for buf in freed {
        b.op("memref.dealloc", &[buf], &[], &[]);
    }
    super::mesh_schedule::schedule(rw, kernel, core.block, me, devices * n, MESH_SUBCORES)
}

fn lower_kernel<'c, 'a>(
    kernel: &OperationRef<'c, 'a>,
    rw: &Rewriter<'c, 'a>,
) -> Result<(), Failure<'c, 'a>> {
    let fail = |at: &OperationRef<'c, 'a>, m: &str| (*at, m.to_string());
    let body = ir::body_block(kernel).ok_or_else(|| fail(kernel, "a kernel without a body"))?;
    let n = subcores_of(kernel);
    let b = B::new(rw, kernel.location());
    let Some(core) = wrap_core(kernel, rw, n, None)? else {
        return Ok(());
    };
    let (exec, me) = (core.exec, core.me);
    let mut freed = vec![];

    // Each subcore's scratch, starting as the kernel's.
    let count = |name: &str| {
        kernel
            .attribute(name)
            .map(|a| array_elements(a).len())
            .unwrap_or(0)
    };
    let fixed = count("scalar_prefetch") + count("in_specs") + count("out_specs");
    for i in fixed..body.argument_count() {
        let arg: Value = body.argument(i).expect("argument").into();
        let ty = arg.r#type();
        if !ir::is_memref(ty) || !ir::has_uses(arg) || shared(ty) {
            continue;
        }
        rw.set_insertion_point_before(&exec);
        let slots = Slots::new(&b, ty, n).ok_or_else(|| {
            fail(
                kernel,
                &format!("not yet supported: a subcore's {ty} in a kernel with subcore barriers on the CPU reference"),
            )
        })?;
        rw.set_insertion_point_after(&ir::defining_op(core.device).expect("the device id"));
        let mine = slots.view(&b, me, ty);
        ir::replace_all_uses(arg, mine);
        if SemaphoreKind::of_memref(ty).is_some() {
            route_core_signals(rw, arg, mine);
        }
        rw.set_insertion_point_before(&exec);
        let (s, end) = b.for_loop(b.cidx(0), b.cidx(n));
        rw.set_insertion_point_before(&end);
        let v = slots.view(&b, s, ty);
        b.op("memref.copy", &[arg, v], &[], &[]);
        freed.push(slots.buffer);
    }

    // Scopes holding a barrier: their buffers in slots too.
    let mut scopes = vec![];
    ir::walk_nested(&exec, &mut |o| {
        if ir::op_name_of(&o) == "pallas.run_scoped" && holds_barrier(&o) {
            scopes.push(o);
        }
    });
    for scope in scopes {
        let block = ir::body_block(&scope).ok_or_else(|| fail(&scope, "an empty scope"))?;
        let mut views = vec![];
        for j in 0..block.argument_count() {
            let ty = block.argument(j).expect("argument").r#type();
            rw.set_insertion_point_before(&exec);
            let slots = Slots::new(&b, ty, n).ok_or_else(|| {
                fail(
                    &scope,
                    &format!("not yet supported: a scoped allocation of type {ty} holding a pallas.subcore_barrier on the CPU reference"),
                )
            })?;
            freed.push(slots.buffer);
            let sb = B::new(rw, scope.location());
            rw.set_insertion_point_before(&scope);
            if SemaphoreKind::of_memref(ty).is_some() {
                sb.fill_zero(slots.counters(&sb, me, ty));
            }
            views.push(slots.view(&sb, me, ty));
        }
        inline_scope(rw, &scope, block, &views);
    }

    lower_barriers(rw, &b, &core, n, n, &mut freed);
    rw.set_insertion_point_after(&exec);
    for buf in freed {
        b.op("memref.dealloc", &[buf], &[], &[]);
    }
    super::mesh_schedule::schedule(rw, kernel, core.block, me, n, SUBCORES)
}

/// A `semaphore_signal ... core(c)` on a subcore's own semaphores `mine`
/// (the kernel's `arg`): to its own core it adds to the subcore's; to
/// another core it adds to that core's semaphores as the kernel holds them
/// (the cores run one after the other, and a core's subcores start from
/// them).
fn route_core_signals<'c, 'a>(rw: &Rewriter<'c, 'a>, arg: Value<'c, 'a>, mine: Value<'c, 'a>) {
    for op in ir::users(mine) {
        let operands: Vec<Value> = op.operands().collect();
        let seg = segments(&op, &operands);
        let is_core_signal = ir::op_name_of(&op) == "pallas.semaphore_signal"
            && seg.get(4).is_some_and(|c| !c.is_empty())
            && operands[0] == mine;
        if !is_core_signal {
            continue;
        }
        let b = B::new(rw, op.location());
        rw.set_insertion_point_before(&op);
        let own = b.val(
            "pallas.program_id",
            &[],
            b.i32(),
            &[("axis", b.attr("0 : i64"))],
        );
        let same = b.cmpi("eq", seg[4][0], own);
        let then_end = b.if_then(same);
        rw.set_insertion_point_before(&then_end);
        let mut local = vec![mine];
        local.extend(seg[1].iter().chain(&seg[2]).chain(&seg[3]).copied());
        let sizes = format!("array<i32: 1, {}, 1, {}, 0>", seg[1].len(), seg[3].len());
        let mut attrs = vec![("operandSegmentSizes", b.attr(&sizes))];
        if let Ok(kind) = op.attribute("device_id_type") {
            attrs.push(("device_id_type", kind));
        }
        b.op("pallas.semaphore_signal", &local, &[], &attrs);
        let if_op = then_end.parent_operation().expect("scf.if");
        let else_block = Block::new(&[]);
        else_block.append_operation(b.build("scf.yield", &[], &[], &[], vec![]));
        let else_block = if_op
            .region(1)
            .expect("else region")
            .append_block(else_block);
        let else_end = ir::op_ref(else_block.terminator().expect("yield"));
        ir::move_before(&op, &else_end);
        ir::set_operand(&op, 0, arg);
    }
}

/// Whether a ref of type `ty` is the core's rather than a subcore's.
fn shared(ty: Type) -> bool {
    matches!(
        MemorySpace::of_memref(ty),
        Some(MemorySpace::Hbm | MemorySpace::VmemShared | MemorySpace::Any)
    )
}

/// Inlines the kernel's [`INLINED`] scopes that hold a barrier.
fn inline_scopes<'c, 'a>(
    kernel: &OperationRef<'c, 'a>,
    rw: &Rewriter<'c, 'a>,
) -> Result<(), Failure<'c, 'a>> {
    let mut scopes = vec![];
    ir::walk_nested(kernel, &mut |o| {
        if INLINED.contains(&ir::op_name_of(&o)) && holds_barrier(&o) {
            scopes.push(o);
        }
    });
    for s in scopes.into_iter().rev() {
        let block = ir::body_block(&s).ok_or_else(|| (s, "an empty scope".to_string()))?;
        inline_scope(rw, &s, block, &[]);
    }
    Ok(())
}

/// Replaces a scope op by its body, with `args` for the body's arguments.
fn inline_scope<'c, 'a>(
    rw: &Rewriter<'c, 'a>,
    op: &OperationRef<'c, 'a>,
    block: BlockRef<'c, 'a>,
    args: &[Value<'c, 'a>],
) {
    let mut results = vec![];
    if let Some(t) = block.terminator() {
        results = t.operands().collect();
        rw.erase_op(&ir::op_ref(t));
    }
    rw.inline_block_before(block, op, args);
    rw.replace_op(op, &results);
}
