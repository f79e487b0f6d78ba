//! `infer-mosaic-gpu-layouts`: jaxlib's Mosaic GPU layout inference
//! (`infer_layout`), the step between the Pallas lowering and the
//! dialect lowering. Every op with vector operands or results gets
//! `in_layouts`/`out_layouts` (a fragment layout per vector), every op
//! with SMEM refs gets `in_transforms`/`out_transforms` (tile and swizzle
//! per ref), with the values jaxlib 0.10.2 picks for the same module.
//!
//! Like jaxlib, the pass turns the module into a constraint system
//! ([`rules`]: one variable per group of values that must share a layout,
//! constraints from each op), adds a relayout constraint on every
//! producer/consumer edge, then searches for an assignment ([`search`])
//! by reducing the system ([`constraints`]) and trying candidates in
//! jaxlib's order. The layout algebra is in [`layouts`], the bank-conflict
//! check that decides which SMEM tilings go with which register layouts in
//! [`transfer`], the module snapshot in [`model`]. Where jaxlib's
//! inference fails the pass fails at the op; forms our rules do not cover
//! yet (TMEM, custom primitives, shape casts) say "not yet supported".

mod constraints;
pub(crate) mod layouts;
mod model;
mod rules;
mod search;
mod transfer;

use std::collections::HashMap;

use melior::ir::operation::OperationRef;

use crate::ir;
use crate::passes::{OptionKind, OptionValues, PassDef, PassOption};
use constraints::{Constraint, Expr, System};
use layouts::Constant;
use model::{Kind, Model};
use rules::{Context, RuleError, Site, SiteKind};

pub static PASS: PassDef = PassDef {
    argument: "infer-mosaic-gpu-layouts",
    name: "InferMosaicGPULayouts",
    description: "Infer register layouts and SMEM transforms of every Mosaic GPU module (those with mosaic_gpu.arch_major), as jaxlib's infer_layout does: in_layouts/out_layouts on ops with vector operands/results (splat, strided, WGMMA and other tiled fragment layouts), in_transforms/out_transforms (tile + swizzle) on ops with SMEM refs, honouring layout_cast and with_transforms hints; fails at the op where jaxlib's inference fails",
    anchor: "builtin.module",
    options: &[PassOption {
        name: "fuel",
        description: "How many candidate assignments the search may try before it gives up (jaxlib's default: 100000)",
        kind: OptionKind::Int,
        default: "100000",
    }],
    dialects: &["mosaic_gpu"],
    run,
};

fn run(module: OperationRef, options: &OptionValues) -> Result<(), ()> {
    let fuel = options.int("fuel");
    let mut targets = vec![];
    if ir::has_attribute(&module, "mosaic_gpu.arch_major") {
        targets.push(module);
    } else {
        ir::walk_nested(&module, &mut |op| {
            if ir::op_name_of(&op) == "builtin.module"
                && ir::has_attribute(&op, "mosaic_gpu.arch_major")
            {
                targets.push(op);
            }
        });
    }
    let mut ok = true;
    for m in targets {
        ok &= infer(&m, fuel).is_ok();
    }
    ok.then_some(()).ok_or(())
}

fn is_terminator(name: &str) -> bool {
    matches!(name, "scf.yield" | "scf.condition")
}

/// Pre-order over `ids` and their nested ops, not inside custom
/// primitives (their bodies are already lowered).
fn preorder(m: &Model, ids: &[usize], out: &mut Vec<usize>) {
    for &id in ids {
        out.push(id);
        if m.ops[id].name != "mosaic_gpu.custom_primitive" {
            preorder(m, &m.ops[id].children, out);
        }
    }
}

/// The attributes inference writes, and what each counts.
const ATTRS: [(&str, &str); 6] = [
    ("in_layouts", "vector operands"),
    ("out_layouts", "vector results"),
    ("in_transforms", "SMEM ref operands"),
    ("out_transforms", "SMEM ref results"),
    ("in_tmem_layouts", "TMEM ref operands"),
    ("out_tmem_layouts", "TMEM ref results"),
];

/// How many values of each kind of [`ATTRS`] an op has (SMEM: refs that
/// take transforms).
fn wants(m: &Model, op: usize) -> [usize; 6] {
    let node = &m.ops[op];
    let count = |vals: &[usize], f: &dyn Fn(&model::TyInfo) -> bool| {
        vals.iter().filter(|&&v| f(&m.vals[v].ty)).count()
    };
    let vec = |t: &model::TyInfo| t.kind == Kind::Vector;
    let smem = |t: &model::TyInfo| t.is_transformable();
    let tmem = |t: &model::TyInfo| t.kind == Kind::Tmem;
    [
        count(&node.operands, &vec),
        count(&node.results, &vec),
        count(&node.operands, &smem),
        count(&node.results, &smem),
        count(&node.operands, &tmem),
        count(&node.results, &tmem),
    ]
}

fn fail_at(m: &Model, op: usize, msg: &str) {
    ir::emit_op_error(&m.ops[op].op, msg);
}

fn infer(module: &OperationRef, fuel: i64) -> Result<(), ()> {
    let m = Model::of(module);
    let major = ir::int_attr(module, "mosaic_gpu.arch_major").unwrap_or(9);
    let minor = ir::int_attr(module, "mosaic_gpu.arch_minor").unwrap_or(0);
    let hopper = (major, minor) == (9, 0);
    let mut order = vec![];
    preorder(&m, &m.top, &mut order);
    let mut ctx = Context::new(&m);
    let mut global = Some(System::default());
    let mut first_conflict = None;
    // Like jaxlib, stop after the top-level op in which the hints conflict.
    for &top in &m.top {
        let mut ops = vec![];
        preorder(&m, &[top], &mut ops);
        for op in ops {
            if is_terminator(&m.ops[op].name) || wants(&m, op).iter().all(|&n| n == 0) {
                continue;
            }
            let sys = match ctx.derive(op) {
                Ok(s) => s,
                Err(RuleError(at, msg)) => {
                    fail_at(&m, at, &msg);
                    return Err(());
                }
            };
            global = global.and_then(|g| g.and(sys));
            if global.is_none() && first_conflict.is_none() {
                first_conflict = Some(op);
            }
        }
        if global.is_none() {
            break;
        }
    }
    let Some(mut global) = global else {
        fail_at(
            &m,
            first_conflict.unwrap_or(0),
            "failed to infer layouts: the layout casts and transforms given conflict (jaxlib fails here too)",
        );
        return Err(());
    };
    match relayouts(&ctx) {
        Ok(cs) => global.constraints.extend(cs),
        Err(RuleError(at, msg)) => {
            fail_at(&m, at, &msg);
            return Err(());
        }
    }
    let global = constraints::saturate_divides_for_equal_vars(
        constraints::saturate_distinct_from_splat(global),
    );
    let unknowns: Vec<usize> = (0..ctx.vars.len()).collect();
    let mut fuel = fuel;
    let solution = match search::solve(global, &unknowns, &ctx.vars, hopper, &mut fuel) {
        Ok(s) => s,
        Err(f) => {
            let why = match f {
                search::Failure::Unsatisfiable => {
                    "failed to infer layouts: no assignment satisfies the layout constraints (jaxlib fails here too)"
                }
                search::Failure::OutOfFuel => {
                    "failed to infer layouts: the search ran out of fuel (as jaxlib's does with the same fuel); add layout casts to guide it"
                }
            };
            ir::emit_op_error(module, why);
            return Err(());
        }
    };
    assign(&m, &ctx, &order, &solution)
}

/// A relayout constraint on every edge between a register value's
/// producer and its consumers, each edge once.
fn relayouts(ctx: &Context) -> Result<Vec<Constraint>, RuleError> {
    let mut out = vec![];
    let mut visited = vec![false; ctx.vars.len()];
    let missing = |s: Site| {
        RuleError(
            s.op,
            "layout inference found no layout for a vector value here (jaxlib fails here too)"
                .into(),
        )
    };
    for v in 0..ctx.vars.len() {
        for &s in &ctx.sites_of[v] {
            let ty = ctx.ty(s);
            if ty.kind != Kind::Vector {
                continue;
            }
            let bits = ty.bits.unwrap_or(0);
            if s.kind == SiteKind::Operand {
                let p = ctx.producer(s).ok_or_else(|| missing(s))?;
                let pv = *ctx.var_of_site.get(&p).ok_or_else(|| missing(s))?;
                if !visited[pv] {
                    out.push(Constraint::Relayout {
                        src: Expr::Var(pv),
                        dst: Expr::Var(v),
                        bits,
                        strict: true,
                    });
                }
            } else {
                for &(user, idx) in &ctx.m.vals[ctx.value_of(s)].uses {
                    let co = Site {
                        op: user,
                        kind: SiteKind::Operand,
                        index: idx,
                        region: 0,
                    };
                    let cv = *ctx.var_of_site.get(&co).ok_or_else(|| missing(co))?;
                    if !visited[cv] {
                        out.push(Constraint::Relayout {
                            src: Expr::Var(v),
                            dst: Expr::Var(cv),
                            bits,
                            strict: true,
                        });
                    }
                }
            }
        }
        visited[v] = true;
    }
    Ok(out)
}

fn list(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

/// Writes the solution onto the ops, and checks that every op that needs
/// layouts or transforms got one per vector / SMEM ref.
fn assign(
    m: &Model,
    ctx: &Context,
    order: &[usize],
    solution: &HashMap<usize, Constant>,
) -> Result<(), ()> {
    // Per op: (operand or result, index) -> constant.
    let mut per_op: HashMap<usize, Vec<(SiteKind, usize, Site, Constant)>> = HashMap::new();
    for v in 0..ctx.vars.len() {
        let Some(c) = solution.get(&v) else {
            continue;
        };
        for &s in &ctx.sites_of[v] {
            per_op
                .entry(s.op)
                .or_default()
                .push((s.kind, s.index, s, c.clone()));
        }
    }
    let mut written: HashMap<usize, [usize; 6]> = HashMap::new();
    for &op in order {
        let Some(sites) = per_op.get_mut(&op) else {
            continue;
        };
        sites.sort_by_key(|(k, i, _, _)| (*k, *i));
        let wanted = wants(m, op);
        let mut texts: [Vec<String>; 6] = Default::default();
        for (kind, _, site, c) in sites.iter() {
            let side = match kind {
                SiteKind::Operand => 0,
                SiteKind::Result => 1,
                SiteKind::Argument => continue,
            };
            match c {
                Constant::Reg(r) => texts[side].push(r.attr_text()),
                Constant::Tmem(t) => {
                    texts[side + 4].push(layouts::Reg::Tiled(t.clone()).attr_text())
                }
                Constant::Smem(None) => texts[side + 2].push("[]".into()),
                Constant::Smem(Some(t)) => {
                    let ty = ctx.ty(*site);
                    let Some(sw) = rules::smem_swizzle(ty, t) else {
                        fail_at(
                            m,
                            op,
                            "layout inference: a tiling of higher rank than its ref",
                        );
                        return Err(());
                    };
                    let tile: Vec<String> = t.iter().map(|x| x.to_string()).collect();
                    texts[side + 2].push(format!(
                        "[#mosaic_gpu.tile<[{}]>, #mosaic_gpu.swizzle<{sw} : i32>]",
                        tile.join(", ")
                    ));
                }
            }
        }
        let mut counts = [0; 6];
        for k in 0..6 {
            if wanted[k] == 0 {
                continue;
            }
            let text = list(&texts[k]);
            let node = &m.ops[op];
            let Some(attr) = ir::parse_attribute(ir::op_context(&node.op), &text) else {
                fail_at(
                    m,
                    op,
                    &format!("layout inference made an attribute MLIR does not parse: {text}"),
                );
                return Err(());
            };
            ir::set_attribute(&node.op, ATTRS[k].0, attr);
            counts[k] = texts[k].len();
        }
        written.insert(op, counts);
    }
    for &op in order {
        let got = written.get(&op).copied().unwrap_or([0; 6]);
        for (k, want) in wants(m, op).into_iter().enumerate() {
            if got[k] != want {
                let (name, what) = ATTRS[k];
                fail_at(
                    m,
                    op,
                    &format!(
                        "layout inference gave {} {name} for {want} {what} (jaxlib fails here too)",
                        got[k]
                    ),
                );
                return Err(());
            }
        }
    }
    Ok(())
}
