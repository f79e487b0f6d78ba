//! The search for an assignment of every variable: reduce the system,
//! then try candidate assignments drawn from the remaining constraints in
//! jaxlib's order (identity relayouts first, tiled layouts and SMEM
//! tilings before splat and strided ones, defaults last), backtracking on
//! contradictions, within the same fuel.

use std::collections::HashMap;

use super::constraints::{self, Constraint, Expr, Space, System, Var, VarInfo};
use super::layouts::{self, Constant, Reg, Tiled};

pub enum Failure {
    Unsatisfiable,
    OutOfFuel,
}

fn reduce_candidates(small: &Reg, large: &VarInfo, axes: &[i64], keep: bool) -> Vec<Reg> {
    let shape = &large.shape;
    match small {
        Reg::Splat(_) => return vec![Reg::Splat(shape.clone())],
        Reg::Strided(_, vec) => return vec![Reg::Strided(shape.clone(), *vec)],
        Reg::Tiled(_) if keep => return vec![],
        Reg::Tiled(_) => {}
    }
    let Reg::Tiled(small_t) = small else {
        return vec![];
    };
    let mut cands: Vec<Tiled> = vec![
        layouts::wgmma(),
        layouts::wgmma_transposed(),
        layouts::tcgen05(),
        layouts::tcgen05_transposed(),
        layouts::tmem_native(2),
    ];
    if shape.last().is_some_and(|c| c % 16 == 0) {
        cands.push(layouts::m64_collective(*shape.last().unwrap_or(&16)));
    }
    cands.push(small_t.clone());
    let mut out = vec![];
    for c in cands {
        if c.base_tile_shape().len() > shape.len() {
            continue;
        }
        let untiled = (shape.len() - c.base_tile_shape().len()) as i64;
        let tiled_axes: Vec<i64> = axes
            .iter()
            .filter(|&&a| a >= untiled)
            .map(|a| a - untiled)
            .collect();
        if c.reduce(&tiled_axes) == *small_t {
            out.push(Reg::Tiled(c));
        }
    }
    out
}

/// Candidates for the other side of a TMEM/registers transfer whose one
/// side is `k`.
fn tmem_candidates(k: &Constant, shape: &[i64], bits: i64) -> Vec<Constant> {
    let columns = shape.get(1).copied().unwrap_or(0);
    match k {
        Constant::Tmem(t) => {
            let mut regs = vec![
                layouts::tcgen05(),
                t.clone(),
                layouts::tmem_native(2),
                layouts::wgmma(),
            ];
            if columns % 16 == 0 {
                regs.push(layouts::m64_collective(columns));
            }
            regs.into_iter()
                .map(Reg::Tiled)
                .filter(|r| constraints::tmem_transfer_ok(t, r, shape, bits))
                .map(Constant::Reg)
                .collect()
        }
        Constant::Reg(r @ Reg::Tiled(_)) => {
            let mut packings = vec![32 / bits.max(1)];
            if packings[0] != 1 {
                packings.push(1);
            }
            let mut out = vec![];
            for packing in packings {
                let mut tmems = vec![layouts::tmem_default(packing)];
                if columns % 16 == 0 && packing <= columns / 2 {
                    tmems.extend(layouts::tmem_half_lane(columns, packing));
                }
                if columns % 16 == 0 && packing <= 8 {
                    tmems.extend(layouts::tmem_m64_collective(columns, packing));
                }
                out.extend(
                    tmems
                        .into_iter()
                        .filter(|t| constraints::tmem_transfer_ok(t, r, shape, bits))
                        .map(Constant::Tmem),
                );
            }
            out
        }
        _ => vec![],
    }
}

/// The swizzled tilings jaxlib tries for an SMEM ref (only the two minor
/// dims, the second-minor a multiple of 8).
fn conjure_tilings(info: &VarInfo) -> Vec<Vec<i64>> {
    let (shape, strides) = (&info.shape, &info.strides);
    if shape.len() < 2 || strides.len() != shape.len() {
        return vec![];
    }
    let rank = shape.len();
    let mut order: Vec<usize> = (0..rank).collect();
    order.sort_by_key(|&k| strides[k]);
    let pair = [order[0], order[1]];
    if !(pair.contains(&(rank - 1)) && pair.contains(&(rank - 2))) {
        return vec![];
    }
    let (minor, second) = (shape[order[0]], shape[order[1]]);
    if second % 8 != 0 {
        return vec![];
    }
    let transposed = order[0] != rank - 1;
    let mut out = vec![];
    for swizzle in [128, 64, 32] {
        let elems = 8 * swizzle / info.bits.max(1);
        if elems > 0 && minor % elems == 0 {
            out.push(if transposed {
                vec![elems, 8]
            } else {
                vec![8, elems]
            });
        }
    }
    out
}

fn candidates(
    sys: &System,
    unknowns: &[Var],
    vars: &[VarInfo],
    hopper: bool,
) -> Vec<(Var, Constant)> {
    let divides: HashMap<Var, Vec<i64>> = sys
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Divides(Expr::Var(v), m) => Some((*v, m.clone())),
            _ => None,
        })
        .collect();
    let mut ordered: Vec<&Constraint> = sys
        .constraints
        .iter()
        .filter(|c| matches!(c, Constraint::Relayout { .. }))
        .collect();
    ordered.extend(
        sys.constraints
            .iter()
            .filter(|c| !matches!(c, Constraint::Relayout { .. })),
    );
    let mut found: Vec<(Var, Constant)> = vec![];
    for c in ordered {
        match c {
            Constraint::TransferSmem { src, dst, .. } => {
                let (v, k) = match (src, dst) {
                    (Expr::Var(v), Expr::Const(k)) | (Expr::Const(k), Expr::Var(v)) => (*v, k),
                    _ => continue,
                };
                match k {
                    Constant::Reg(Reg::Tiled(_)) if vars[v].shape.len() >= 2 => {
                        let mut seen: Vec<Vec<i64>> = vec![];
                        for t in conjure_tilings(&vars[v]) {
                            let t = match divides.get(&v) {
                                Some(m) => constraints::merge_divides(m, &t),
                                None => t,
                            };
                            if seen.contains(&t) {
                                continue;
                            }
                            seen.push(t.clone());
                            found.push((v, Constant::Smem(Some(t))));
                        }
                    }
                    Constant::Reg(_) => {}
                    Constant::Smem(None) => {
                        if let Some(r) = layouts::strided_for(&vars[v].shape, vars[v].bits) {
                            found.push((v, Constant::Reg(r)));
                        }
                    }
                    Constant::Tmem(_) => {}
                    Constant::Smem(Some(_)) => {
                        let regs = if hopper {
                            vec![layouts::wgmma(), layouts::wgmma_transposed()]
                        } else {
                            vec![
                                layouts::tcgen05(),
                                layouts::tcgen05_transposed(),
                                layouts::wgmma(),
                                layouts::wgmma_transposed(),
                            ]
                        };
                        found.extend(regs.into_iter().map(|r| (v, Constant::Reg(Reg::Tiled(r)))));
                    }
                }
            }
            Constraint::Equals(l, r) => {
                let (reduce, small) = match (l, r) {
                    (red @ Expr::Reduce { .. }, Expr::Const(Constant::Reg(s)))
                    | (Expr::Const(Constant::Reg(s)), red @ Expr::Reduce { .. }) => (red, s),
                    _ => continue,
                };
                let Expr::Reduce { e, axes, keep, .. } = reduce else {
                    continue;
                };
                let Expr::Var(large) = **e else { continue };
                for l in reduce_candidates(small, &vars[large], axes, *keep) {
                    found.push((large, Constant::Reg(l)));
                }
            }
            Constraint::Relayout { src, dst, .. } => match (src, dst) {
                (Expr::Var(v), Expr::Const(k @ Constant::Reg(_)))
                | (Expr::Const(k @ Constant::Reg(_)), Expr::Var(v)) => found.push((*v, k.clone())),
                _ => {}
            },
            Constraint::TransferTmem {
                src,
                dst,
                shape,
                bits,
            } => {
                let (v, k) = match (src, dst) {
                    (Expr::Var(v), Expr::Const(k)) | (Expr::Const(k), Expr::Var(v)) => (*v, k),
                    _ => continue,
                };
                found.extend(tmem_candidates(k, shape, *bits).into_iter().map(|c| (v, c)));
            }
            Constraint::ValidMmaTiling { e, bits, .. } => {
                let (v, transposed) = match e {
                    Expr::Var(v) => (*v, false),
                    Expr::Transpose { e, .. } => match **e {
                        Expr::Var(v) => (v, true),
                        _ => continue,
                    },
                    _ => continue,
                };
                let shape = &vars[v].shape;
                let dims = &shape[shape.len().saturating_sub(2)..];
                for swizzle in [128, 64, 32] {
                    let elems = swizzle * 8 / bits;
                    let t = if transposed {
                        vec![elems, 8]
                    } else {
                        vec![8, elems]
                    };
                    if dims.iter().zip(&t).any(|(s, x)| s % x != 0) {
                        continue;
                    }
                    found.push((v, Constant::Smem(Some(t))));
                }
            }
            Constraint::SupportedBroadcast {
                src: Expr::Const(Constant::Reg(s)),
                dst: Expr::Var(d),
                dims,
            } => match s {
                Reg::Splat(_) => {
                    found.push((*d, Constant::Reg(Reg::Splat(vars[*d].shape.clone()))))
                }
                Reg::Strided(_, vec) => {
                    let dl = Reg::Strided(vars[*d].shape.clone(), *vec);
                    if layouts::strided_broadcast_ok(s, &dl, dims) {
                        found.push((*d, Constant::Reg(dl)));
                    }
                }
                Reg::Tiled(_) => {}
            },
            _ => {}
        }
    }
    let (mut high, low): (Vec<_>, Vec<_>) = found
        .into_iter()
        .partition(|(_, k)| !matches!(k, Constant::Reg(r) if !r.is_tiled()));
    high.extend(low);
    for &v in unknowns {
        if sys.assignments.contains_key(&v) {
            continue;
        }
        match vars[v].space {
            Space::Reg => {
                if let Some(r) = layouts::strided_for(&vars[v].shape, vars[v].bits) {
                    high.push((v, Constant::Reg(r)));
                }
            }
            Space::Smem => high.push((v, Constant::Smem(None))),
            Space::Tmem => {
                if let Some(t) = &vars[v].default_tmem {
                    high.push((v, Constant::Tmem(t.clone())));
                }
            }
        }
    }
    high
}

/// Assigns every variable of `unknowns`, or says why not.
pub fn solve(
    sys: System,
    unknowns: &[Var],
    vars: &[VarInfo],
    hopper: bool,
    fuel: &mut i64,
) -> Result<HashMap<Var, Constant>, Failure> {
    let sys = constraints::reduce(sys, vars).ok_or(Failure::Unsatisfiable)?;
    let remaining: Vec<Var> = unknowns
        .iter()
        .copied()
        .filter(|u| !sys.assignments.contains_key(u))
        .collect();
    if remaining.is_empty() {
        return Ok(sys.assignments);
    }
    for (v, k) in candidates(&sys, &remaining, vars, hopper) {
        if *fuel <= 0 {
            return Err(Failure::OutOfFuel);
        }
        if !constraints::valid_assignment(&vars[v], &k) {
            continue;
        }
        *fuel -= 1;
        let mut pinned = System::default();
        pinned.assignments.insert(v, k);
        let Some(next) = pinned.and(sys.clone()) else {
            continue;
        };
        match solve(next, unknowns, vars, hopper, fuel) {
            Ok(s) => return Ok(s),
            Err(Failure::OutOfFuel) => return Err(Failure::OutOfFuel),
            Err(Failure::Unsatisfiable) => {}
        }
    }
    Err(Failure::Unsatisfiable)
}
