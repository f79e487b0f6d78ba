//! Unrolled and parallel loops, expanded once for every lowering before the
//! conversion of their kernel starts (the TPU lowering expands each
//! kernel's just before converting it, all checked first): an `scf.for` in
//! a kernel body marked `{pallas.unroll}`
//! / `{pallas.unroll = N}` (`lax.fori_loop(..., unroll=...)`,
//! `pl.loop(..., unroll=...)`) is replaced by the ops JAX's Pallas TPU
//! lowering emits for it, and `{pallas.parallel_loop}`
//! (`plsc.parallel_loop`) becomes what the target makes of it.
//!
//! The shape follows JAX 0.10.2 (its loop lowering for `scan`/`fori_loop`,
//! shared by TensorCore and SparseCore kernels), because `jax-check`
//! compares the number of copies of every `tpu` op. With `trip` iterations
//! and factor `N` (`trip` for a full unroll):
//!
//! * constant bounds and step, `trip == N`: `trip` straight-line copies, no
//!   loop (`unroll=True`, or a factor equal to the trip count);
//! * constant bounds and step otherwise: a loop over the first
//!   `trip / N * N` iterations stepping `N` iterations at a time with `N`
//!   copies of the body (copy `k` at `iv + k * step`; no loop when
//!   `trip < N`), then `trip % N` straight-line copies;
//! * a dynamic trip count: the same loop up to `lb + (trip / N) * N * step`,
//!   then a remainder loop of one copy per iteration up to the end. JAX
//!   reaches this form only with N = 1 (its `fori_loop` rejects an unroll
//!   factor with dynamic bounds, and lowers a dynamic `fori_loop` this way,
//!   with a remainder loop that runs no iteration); a factor of 1 here
//!   reproduces that output, larger factors follow the same rule.
//!
//! Loop-carried values thread through the copies in order. A full unroll
//! needs constant bounds and step (JAX's `unroll=True` with dynamic bounds
//! silently does not unroll; here it is an error).
//!
//! A parallel loop keeps its body: on SparseCore it becomes the `scf.for`
//! with `{sc.parallel_access, sc.loop_unroll_factor = N}` that
//! `plsc.parallel_loop` emits (N = 1 without `pallas.unroll`); the CPU
//! reference runs it as an ordinary sequential loop, which is one valid
//! order of its independent iterations; TensorCore kernels cannot use it
//! (JAX has no TensorCore lowering of `plsc.parallel_loop`).

use melior::ir::attribute::{Attribute, IntegerAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, Region, RegionLike, Value, ValueLike};

use crate::conversion::common::builder::{result_of, value, B};
use crate::conversion::framework::{with_ir_rewriter, Rewriter};
use crate::dialect::pallas::loops::{is_parallel_loop, Unroll, PARALLEL_LOOP_ATTR, UNROLL_ATTR};
use crate::ir::{self, Reported};

/// What a lowering does with `{pallas.parallel_loop}`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ParallelLoops {
    /// SparseCore: Mosaic's `sc.parallel_access` / `sc.loop_unroll_factor`.
    Mosaic,
    /// The CPU reference: an ordinary loop. Unrolled loops stay loops
    /// there too (after the same checks): an unroll changes the code a
    /// TPU runs, not what it computes, and expanding it would multiply the
    /// CPU code by the trip count (hundreds of copies of an attention step
    /// took minutes to compile).
    Sequential,
    /// TensorCore: an error.
    Rejected,
}

/// Expands the marked loops of every kernel `in_scope` accepts; reports
/// every loop it cannot expand (and then changes nothing).
pub fn expand_loops(
    module: &OperationRef,
    in_scope: &dyn Fn(&OperationRef) -> bool,
    parallel: ParallelLoops,
) -> Result<(), Reported> {
    // Pre-order, carrying down whether the op is inside a kernel in scope.
    let mut loops = vec![];
    ir::walk_nested_carrying(module, false, &mut |x, in_kernel| {
        let name = ir::op_name_of(x);
        if !in_kernel {
            return name == "pallas.kernel" && in_scope(x);
        }
        if is_marked_loop(x) {
            loops.push(*x);
        }
        true
    });
    expand_marked_loops(module, loops, parallel)
}

/// Whether `op` is a loop [`expand_loops`] expands: an `scf.for` marked
/// unrolled or parallel.
pub fn is_marked_loop(op: &OperationRef) -> bool {
    ir::op_name_of(op) == "scf.for"
        && (ir::has_discardable_attribute(op, UNROLL_ATTR) || is_parallel_loop(op))
}

/// [`expand_loops`] for the marked loops of `module`'s kernels in scope,
/// found by the caller's own walk (`loops`: every [`is_marked_loop`] inside
/// those kernels, in pre-order).
pub fn expand_marked_loops(
    module: &OperationRef,
    loops: Vec<OperationRef>,
    parallel: ParallelLoops,
) -> Result<(), Reported> {
    check_marked_loops(&loops, parallel)?;
    expand_checked_loops(module, loops, parallel);
    Ok(())
}

/// Reports every loop of `loops` (see [`expand_marked_loops`]) that cannot
/// be expanded.
pub fn check_marked_loops(loops: &[OperationRef], parallel: ParallelLoops) -> Result<(), Reported> {
    let mut ok = true;
    for op in loops {
        ok &= check(op, parallel);
    }
    if ok {
        Ok(())
    } else {
        Err(Reported)
    }
}

/// Expands `loops` (in pre-order), which [`check_marked_loops`] accepted:
/// the loops of a whole module, or of some of its kernels at a time.
pub fn expand_checked_loops(
    module: &OperationRef,
    loops: Vec<OperationRef>,
    parallel: ParallelLoops,
) {
    // Inner loops first (the walk is pre-order), so that an outer loop
    // copies bodies whose inner loops are already expanded.
    with_ir_rewriter(module, |rw| {
        for op in loops.into_iter().rev() {
            if is_parallel_loop(&op) {
                mark_parallel(&op, parallel);
            } else if parallel == ParallelLoops::Sequential {
                ir::remove_attribute(&op, UNROLL_ATTR);
            } else if let Some(unroll) = Unroll::of(&op) {
                unroll_loop(rw, op, unroll);
            }
        }
    });
}

/// Reports what keeps `op` from being expanded.
fn check(op: &OperationRef, parallel: ParallelLoops) -> bool {
    if is_parallel_loop(op) {
        if parallel == ParallelLoops::Rejected {
            ir::emit_op_error(
                op,
                &format!(
                    "{PARALLEL_LOOP_ATTR} (plsc.parallel_loop) is a SparseCore loop; TensorCore \
                     kernels cannot use it"
                ),
            );
            return false;
        }
        return true;
    }
    if op.attribute("unsignedCmp").is_ok() {
        ir::emit_op_error(
            op,
            &format!("not yet supported: {UNROLL_ATTR} on an scf.for with unsigned bounds"),
        );
        return false;
    }
    if let Err(message) = check_constant_bounds(op) {
        ir::emit_op_error(op, &message);
        return false;
    }
    if Unroll::of(op) == Some(Unroll::Full) {
        let names = ["lower bound", "upper bound", "step"];
        let dynamic: Vec<&str> = (0..3)
            .filter(|&i| const_int(operand(op, i)).is_none())
            .map(|i| names[i])
            .collect();
        if !dynamic.is_empty() {
            ir::emit_op_error(
                op,
                &format!(
                    "{{{UNROLL_ATTR}}} (a full unroll) needs constant loop bounds and step; the \
                     {} {} not an arith.constant (write {UNROLL_ATTR} = N for a factor)",
                    dynamic.join(" and the "),
                    if dynamic.len() == 1 { "is" } else { "are" }
                ),
            );
            return false;
        }
    }
    true
}

fn mark_parallel(op: &OperationRef, parallel: ParallelLoops) {
    let factor = match Unroll::of(op) {
        Some(Unroll::Factor(n)) => n,
        _ => 1,
    };
    ir::remove_attribute(op, PARALLEL_LOOP_ATTR);
    ir::remove_attribute(op, UNROLL_ATTR);
    if parallel == ParallelLoops::Mosaic {
        let attr = |text: &str| ir::parse_attribute(op.context(), text).expect("attribute");
        ir::set_attribute(op, "sc.parallel_access", attr("unit"));
        ir::set_attribute(
            op,
            "sc.loop_unroll_factor",
            attr(&format!("{factor} : i64")),
        );
    }
}

fn operand<'c, 'a>(op: &OperationRef<'c, 'a>, i: usize) -> Value<'c, 'a> {
    value(op.operand(i).expect("scf.for operand"))
}

/// The value of an integer or index `arith.constant`.
/// The most copies of a loop body one unroll may make.
const MAX_COPIES: i128 = 1 << 16;

/// With constant bounds and step, the unrolled form computes its induction
/// values and bounds as constants of the loop's type: the step must be
/// positive (a zero step never ends, and the trip count divides by it),
/// `lb + trip * step` must fit the type, and the copies stay bounded.
fn check_constant_bounds(op: &OperationRef) -> Result<(), String> {
    let step = const_int(operand(op, 2));
    if let Some(s) = step.filter(|s| *s <= 0) {
        return Err(format!("{UNROLL_ATTR} needs a positive loop step, got {s}"));
    }
    let (Some(l), Some(u), Some(s)) = (const_int(operand(op, 0)), const_int(operand(op, 1)), step)
    else {
        return Ok(());
    };
    let (l, u, s) = (l as i128, u as i128, s as i128);
    let trip = if u > l { (u - l + s - 1) / s } else { 0 };
    let (lo, hi) = match ir::bit_width(operand(op, 0).r#type()) {
        Some(w) if w < 64 => (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1),
        _ => (i64::MIN as i128, i64::MAX as i128),
    };
    if l + trip * s > hi || l + trip * s < lo {
        return Err(format!(
            "not yet supported: {UNROLL_ATTR} on a loop whose end {} (lower bound + trip count * step) overflows its type {}",
            l + trip * s,
            operand(op, 0).r#type()
        ));
    }
    let copies = match Unroll::of(op) {
        Some(Unroll::Factor(n)) => trip.min(2 * n as i128),
        _ => trip,
    };
    if copies > MAX_COPIES {
        return Err(format!(
            "not yet supported: {UNROLL_ATTR} making {copies} copies of the loop body (at most {MAX_COPIES})"
        ));
    }
    // Many copies of a big body: megabytes of code that take the lowerings
    // (and the CPU pipeline after them) minutes; a limit, not a timeout.
    let body = body_size(op);
    let total = copies.saturating_mul(body);
    if total > MAX_UNROLLED_OPS {
        return Err(format!(
            "not yet supported: {UNROLL_ATTR} making {copies} copies of a body of {body} ops ({total} ops; at most {MAX_UNROLLED_OPS} in all)"
        ));
    }
    Ok(())
}

/// The most ops the copies of an unrolled body may hold in all.
const MAX_UNROLLED_OPS: i128 = 1 << 18;

/// The ops nested in `op`, those in the body of a nested unrolled loop
/// once per copy it will make.
fn body_size(op: &OperationRef) -> i128 {
    let mut size: i128 = 0;
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(bl) = block {
            let mut o = bl.first_operation();
            while let Some(x) = o {
                let copies = if ir::op_name_of(&x) == "scf.for" {
                    unroll_copies(&x).unwrap_or(1)
                } else {
                    1
                };
                size = size.saturating_add(1 + body_size(&x).saturating_mul(copies));
                o = x.next_in_block();
            }
            block = bl.next_in_region();
        }
    }
    size
}

/// The copies of its body an unrolled `scf.for` with constant bounds
/// makes.
fn unroll_copies(op: &OperationRef) -> Option<i128> {
    let unroll = Unroll::of(op)?;
    if op.operand_count() < 3 {
        return None;
    }
    let (l, u, s) = (
        const_int(operand(op, 0))? as i128,
        const_int(operand(op, 1))? as i128,
        const_int(operand(op, 2))? as i128,
    );
    if s <= 0 {
        return None;
    }
    let trip = if u > l { (u - l + s - 1) / s } else { 0 };
    Some(match unroll {
        Unroll::Factor(n) => trip.min(2 * n as i128),
        _ => trip,
    })
}

fn const_int(v: Value) -> Option<i64> {
    let def = ir::defining_op(v)?;
    if crate::ir::op_name_of(&def) != "arith.constant" {
        return None;
    }
    IntegerAttribute::try_from(def.attribute("value").ok()?)
        .ok()
        .map(|a| a.value())
}

/// The body of the loop being unrolled, and how many more copies of it
/// the unroll makes.
struct Body<'c, 'a> {
    block: melior::ir::BlockRef<'c, 'a>,
    copies_left: std::cell::Cell<i64>,
}

/// Builds ops in front of one op (the loop being replaced) or at the end of
/// a block (a new loop body), all at the loop's location.
struct At<'b, 'c, 'a> {
    b: &'b B<'b, 'c, 'a>,
    block: melior::ir::BlockRef<'c, 'a>,
    before: Option<OperationRef<'c, 'a>>,
}

impl<'b, 'c, 'a> At<'b, 'c, 'a> {
    fn insert(&self, op: melior::ir::Operation<'c>) -> OperationRef<'c, 'a> {
        match self.before {
            Some(b) => self.block.insert_operation_before(b, op),
            None => self.block.append_operation(op),
        }
    }

    fn build(
        &self,
        name: &str,
        operands: &[Value<'c, 'a>],
        results: &[Type<'c>],
        attrs: &[(&str, Attribute<'c>)],
        regions: Vec<Region<'c>>,
    ) -> OperationRef<'c, 'a> {
        self.insert(self.b.build(name, operands, results, attrs, regions))
    }

    fn constant(&self, ty: Type<'c>, v: i64) -> Value<'c, 'a> {
        let attr = self.b.int_attr(v, ty);
        result_of(
            self.build("arith.constant", &[], &[ty], &[("value", attr)], vec![]),
            0,
        )
    }

    fn arith(&self, name: &str, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        result_of(self.build(name, &[a, b], &[a.r#type()], &[], vec![]), 0)
    }

    /// `v * factor`, folded when `v` is a constant.
    fn scaled(&self, v: Value<'c, 'a>, factor: i64) -> Value<'c, 'a> {
        match const_int(v) {
            Some(c) => self.constant(v.r#type(), c * factor),
            None if factor == 1 => v,
            None => {
                let f = self.constant(v.r#type(), factor);
                self.arith("arith.muli", v, f)
            }
        }
    }

    /// One copy of `body` at induction value `iv` with carried values
    /// `carried`; returns the values it yields. The last copy takes the
    /// body's own ops instead of cloning them: the loop is erased after
    /// its last copy, and cloning is most of what an unroll costs.
    fn copy(
        &self,
        body: &Body<'c, 'a>,
        iv: Value<'c, 'a>,
        carried: &[Value<'c, 'a>],
    ) -> Vec<Value<'c, 'a>> {
        let left = body.copies_left.get();
        assert!(left > 0, "more copies of a loop body than counted");
        body.copies_left.set(left - 1);
        if left > 1 {
            let mut args = Vec::with_capacity(1 + carried.len());
            args.push(iv);
            args.extend_from_slice(carried);
            return ir::clone_block_body(body.block, self.block, self.before, &args);
        }
        self.take(body.block, iv, carried)
    }

    /// Moves the ops of `body` (all but its terminator) here, with its
    /// arguments replaced by `iv` and `carried`; returns what it yielded.
    fn take(
        &self,
        body: melior::ir::BlockRef<'c, 'a>,
        iv: Value<'c, 'a>,
        carried: &[Value<'c, 'a>],
    ) -> Vec<Value<'c, 'a>> {
        let args = std::iter::once(iv).chain(carried.iter().copied());
        for (i, with) in args.enumerate().take(body.argument_count()) {
            ir::replace_all_uses(value(body.argument(i).expect("argument")), with);
        }
        let terminator = body.terminator();
        let mut next = body.first_operation();
        while let Some(op) = next {
            if terminator.is_some_and(|t| t == op) {
                break;
            }
            next = op.next_in_block();
            match self.before {
                Some(before) => ir::move_before(&op, &before),
                None => ir::move_to_end(&op, &self.block),
            }
        }
        terminator
            .map(|t| t.operands().map(value).collect())
            .unwrap_or_default()
    }

    /// An `scf.for` from `lb` to `ub` by `step` carrying `inits`, whose body
    /// holds `copies` copies of `body` (copy `k` at `iv + k * body_step`);
    /// returns its results.
    #[allow(clippy::too_many_arguments)]
    fn loop_of_copies(
        &self,
        body: &Body<'c, 'a>,
        lb: Value<'c, 'a>,
        ub: Value<'c, 'a>,
        step: Value<'c, 'a>,
        body_step: Value<'c, 'a>,
        copies: i64,
        inits: &[Value<'c, 'a>],
    ) -> Vec<Value<'c, 'a>> {
        let loc = self.b.loc;
        let mut arg_types = Vec::with_capacity(1 + inits.len());
        arg_types.push((lb.r#type(), loc));
        arg_types.extend(inits.iter().map(|v| (v.r#type(), loc)));
        let region = Region::new();
        region.append_block(Block::new(&arg_types));
        let mut operands = Vec::with_capacity(3 + inits.len());
        operands.extend_from_slice(&[lb, ub, step]);
        operands.extend_from_slice(inits);
        let result_types: Vec<Type> = inits.iter().map(|v| v.r#type()).collect();
        let for_op = self.build("scf.for", &operands, &result_types, &[], vec![region]);
        let new_body = ir::body_block(&for_op).expect("scf.for body");
        let inside = At {
            b: self.b,
            block: new_body,
            before: None,
        };
        let iv = value(new_body.argument(0).expect("iv"));
        let mut carried: Vec<Value> = (0..inits.len())
            .map(|i| value(new_body.argument(i + 1).expect("iter arg")))
            .collect();
        for k in 0..copies {
            let at = if k == 0 {
                iv
            } else {
                let offset = inside.scaled(body_step, k);
                inside.arith("arith.addi", iv, offset)
            };
            carried = inside.copy(body, at, &carried);
        }
        inside.build("scf.yield", &carried, &[], &[], vec![]);
        (0..inits.len())
            .map(|i| value(for_op.result(i).expect("result")))
            .collect()
    }
}

/// Replaces the loop `op` by its unrolled form (see the module comment).
/// (`rw` only lends its builders: ops are placed by [`At`].)
fn unroll_loop<'c, 'a>(rw: &Rewriter<'c, 'a>, op: OperationRef<'c, 'a>, unroll: Unroll) {
    let b = B::new(rw, op.location());
    let at = At {
        b: &b,
        block: op.block().expect("scf.for in a block"),
        before: Some(op),
    };
    let results = unrolled(&at, &op, unroll);
    for (i, new) in results.into_iter().enumerate() {
        ir::replace_all_uses(value(op.result(i).expect("result")), new);
    }
    ir::erase_operation(op);
}

/// Builds the unrolled form of the loop `op` at `at`; returns the values
/// that replace its results.
fn unrolled<'c, 'a>(
    at: &At<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    unroll: Unroll,
) -> Vec<Value<'c, 'a>> {
    let (lb, ub, step) = (operand(op, 0), operand(op, 1), operand(op, 2));
    let inits: Vec<Value> = (3..op.operand_count()).map(|i| operand(op, i)).collect();
    let block = ir::body_block(op).expect("scf.for body");
    let iv_type = lb.r#type();
    match (const_int(lb), const_int(ub), const_int(step)) {
        (Some(l), Some(u), Some(s)) => {
            // In i128: index bounds may sit at the ends of the i64 range.
            let trip = if u > l {
                ((u as i128 - l as i128 + s as i128 - 1) / s as i128) as i64
            } else {
                0
            };
            let factor = match unroll {
                Unroll::Full => trip,
                Unroll::Factor(n) => n,
            };
            let mut carried = inits;
            let (main, rest) = (trip / factor.max(1), trip % factor.max(1));
            let copies = if trip == factor {
                trip
            } else {
                (main > 0) as i64 * factor + rest
            };
            let body = Body {
                block,
                copies_left: copies.into(),
            };
            let body = &body;
            if trip == factor {
                for k in 0..trip {
                    let iv = at.constant(iv_type, l + k * s);
                    carried = at.copy(body, iv, &carried);
                }
            } else {
                if main > 0 {
                    let main_ub = at.constant(iv_type, l + main * factor * s);
                    let main_step = at.constant(iv_type, factor * s);
                    carried =
                        at.loop_of_copies(body, lb, main_ub, main_step, step, factor, &carried);
                }
                for k in 0..rest {
                    let iv = at.constant(iv_type, l + (main * factor + k) * s);
                    carried = at.copy(body, iv, &carried);
                }
            }
            carried
        }
        _ => {
            let Unroll::Factor(factor) = unroll else {
                unreachable!("a full unroll with dynamic bounds is rejected by check()")
            };
            let body = &Body {
                block,
                copies_left: (factor + 1).into(),
            };
            let span = at.arith("arith.subi", ub, lb);
            let trip = if const_int(step) == Some(1) {
                span
            } else {
                let one = at.constant(iv_type, 1);
                let step_less_one = at.arith("arith.subi", step, one);
                let rounded_up = at.arith("arith.addi", span, step_less_one);
                at.arith("arith.divsi", rounded_up, step)
            };
            let n = at.constant(iv_type, factor);
            let main = at.arith("arith.divsi", trip, n);
            let main_iterations = at.arith("arith.muli", main, n);
            let main_span = if const_int(step) == Some(1) {
                main_iterations
            } else {
                at.arith("arith.muli", main_iterations, step)
            };
            let main_ub = at.arith("arith.addi", lb, main_span);
            let main_step = at.scaled(step, factor);
            let carried = at.loop_of_copies(body, lb, main_ub, main_step, step, factor, &inits);
            at.loop_of_copies(body, main_ub, ub, step, step, 1, &carried)
        }
    }
}
