//! Layout expressions and constraints over variables, and the reduction
//! of a constraint system under partial assignments: jaxlib's inference
//! semantics, rule for rule (what holds, what becomes an assignment, what
//! makes the system unsatisfiable), so that its search takes the same path.

use std::collections::HashMap;

use super::layouts::{self, Constant, Reg, Tiled, WARPGROUP_SIZE};
use super::transfer::{self, Optimized};

pub type Var = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    Reg,
    Smem,
    Tmem,
}

/// What inference knows about a variable: the value it was made for.
#[derive(Clone, Debug)]
pub struct VarInfo {
    pub shape: Vec<i64>,
    pub space: Space,
    pub bits: i64,
    /// Strides of the SMEM ref the variable was made for.
    pub strides: Vec<i64>,
    /// For the result of a TMEM allocation: the layout to try by default.
    pub default_tmem: Option<Tiled>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    Var(Var),
    Const(Constant),
    Reduce {
        e: Box<Expr>,
        axes: Vec<i64>,
        rank: usize,
        keep: bool,
    },
    Transpose {
        e: Box<Expr>,
        perm: Vec<i64>,
    },
    Reshape {
        e: Box<Expr>,
        from: Vec<i64>,
        to: Vec<i64>,
    },
    /// An SMEM ref of `from` with each group of `groups[k]` consecutive
    /// dims collapsed into one.
    Collapse {
        e: Box<Expr>,
        from: Vec<i64>,
        groups: Vec<usize>,
    },
}

impl Expr {
    /// The variable `v`, or its 2-D transpose when `transposed` (an MMA
    /// operand whose ref is stored column-major).
    pub fn var_transposed_if(v: Var, transposed: bool) -> Expr {
        if transposed {
            Expr::Transpose {
                e: Box::new(Expr::Var(v)),
                perm: vec![1, 0],
            }
        } else {
            Expr::Var(v)
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LayoutKind {
    Splat,
    Strided,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Constraint {
    Equals(Expr, Expr),
    /// `src` can be relaid out to `dst` (strict: only from a splat).
    Relayout {
        src: Expr,
        dst: Expr,
        bits: i64,
        strict: bool,
    },
    NotOfType(Expr, LayoutKind),
    /// One side in SMEM, the other in registers.
    TransferSmem {
        src: Expr,
        dst: Expr,
        shape: Vec<i64>,
        strides: Vec<i64>,
        bits: i64,
        optimized: Optimized,
    },
    /// An SMEM tiling MMAs take (`unswizzled`: also 16-byte rows).
    ValidMmaTiling {
        e: Expr,
        bits: i64,
        unswizzled: bool,
    },
    /// One side in TMEM, the other in registers.
    TransferTmem {
        src: Expr,
        dst: Expr,
        shape: Vec<i64>,
        bits: i64,
    },
    Divides(Expr, Vec<i64>),
    MinorDimDivisibleBy(Expr, i64),
    SupportedBroadcast {
        src: Expr,
        dst: Expr,
        dims: Vec<i64>,
    },
    AlwaysTrue,
}

#[derive(Clone, Debug, Default)]
pub struct System {
    pub assignments: HashMap<Var, Constant>,
    pub constraints: Vec<Constraint>,
}

impl System {
    /// Both systems at once; `None` when they assign a variable twice
    /// differently.
    pub fn and(mut self, other: System) -> Option<System> {
        for (v, c) in other.assignments {
            match self.assignments.get(&v) {
                Some(old) if *old != c => return None,
                _ => {
                    self.assignments.insert(v, c);
                }
            }
        }
        self.constraints.extend(other.constraints);
        Some(self)
    }
}

pub fn reduce_shape(shape: &[i64], axes: &[i64], keep: bool) -> Vec<i64> {
    let mut out = vec![];
    for (k, &d) in shape.iter().enumerate() {
        if axes.contains(&(k as i64)) {
            if keep {
                out.push(1);
            }
        } else {
            out.push(d);
        }
    }
    out
}

/// `Err(())`: unsatisfiable.
fn reduce_expr(e: &Expr, a: &HashMap<Var, Constant>) -> Result<Expr, ()> {
    match e {
        Expr::Const(_) => Ok(e.clone()),
        Expr::Var(v) => Ok(a.get(v).map_or(e.clone(), |c| Expr::Const(c.clone()))),
        Expr::Reduce {
            e: inner,
            axes,
            rank,
            keep,
        } => {
            let r = reduce_expr(inner, a)?;
            let unreduced = || Expr::Reduce {
                e: Box::new(r.clone()),
                axes: axes.clone(),
                rank: *rank,
                keep: *keep,
            };
            Ok(match &r {
                Expr::Const(Constant::Reg(Reg::Tiled(t))) => {
                    if *keep {
                        return Ok(unreduced());
                    }
                    let untiled = *rank as i64 - t.base_tile_shape().len() as i64;
                    let tiled_axes: Vec<i64> = axes
                        .iter()
                        .filter(|&&x| x >= untiled)
                        .map(|x| x - untiled)
                        .collect();
                    if tiled_axes.is_empty() {
                        r.clone()
                    } else {
                        Expr::Const(Constant::Reg(Reg::Tiled(t.reduce(&tiled_axes))))
                    }
                }
                Expr::Const(Constant::Reg(Reg::Strided(shape, vec))) => {
                    let last = *axes.last().unwrap_or(&0) as usize;
                    let trailing = shape[(last + 1).min(shape.len())..]
                        .iter()
                        .fold(1i64, |a, &b| a.wrapping_mul(b));
                    if trailing % (vec * WARPGROUP_SIZE) != 0 {
                        return Ok(unreduced());
                    }
                    Expr::Const(Constant::Reg(Reg::Strided(
                        reduce_shape(shape, axes, *keep),
                        *vec,
                    )))
                }
                Expr::Const(Constant::Reg(Reg::Splat(shape))) => {
                    Expr::Const(Constant::Reg(Reg::Splat(reduce_shape(shape, axes, *keep))))
                }
                _ => unreduced(),
            })
        }
        Expr::Reshape { e: inner, from, to } => {
            let r = reduce_expr(inner, a)?;
            let unreduced = || Expr::Reshape {
                e: Box::new(r.clone()),
                from: from.clone(),
                to: to.clone(),
            };
            Ok(match &r {
                Expr::Const(Constant::Reg(Reg::Splat(_))) => {
                    Expr::Const(Constant::Reg(Reg::Splat(to.clone())))
                }
                Expr::Const(Constant::Reg(Reg::Strided(_, vec))) => {
                    Expr::Const(Constant::Reg(Reg::Strided(to.clone(), *vec)))
                }
                Expr::Const(Constant::Reg(Reg::Tiled(t))) => {
                    if reshape_keeps_tiling(t, from, to) {
                        r.clone()
                    } else {
                        unreduced()
                    }
                }
                _ => unreduced(),
            })
        }
        Expr::Collapse {
            e: inner,
            from,
            groups,
        } => {
            let r = reduce_expr(inner, a)?;
            match &r {
                Expr::Const(Constant::Smem(None)) => Ok(r.clone()),
                Expr::Const(Constant::Smem(Some(tiling))) => collapse_tiling(tiling, from, groups)
                    .map(|t| Expr::Const(Constant::Smem(Some(t)))),
                // jaxlib only collapses SMEM refs.
                Expr::Const(_) => Err(()),
                _ => Ok(Expr::Collapse {
                    e: Box::new(r.clone()),
                    from: from.clone(),
                    groups: groups.clone(),
                }),
            }
        }
        Expr::Transpose { e: inner, perm } => {
            let r = reduce_expr(inner, a)?;
            match &r {
                Expr::Const(Constant::Smem(None)) => Ok(r.clone()),
                Expr::Const(Constant::Smem(Some(tiling))) => {
                    let offset = perm.len() as i64 - tiling.len() as i64;
                    let tail = &perm[perm.len() - tiling.len().min(perm.len())..];
                    if tail.iter().any(|&d| d < offset) {
                        return Err(());
                    }
                    Ok(Expr::Const(Constant::Smem(Some(
                        tail.iter()
                            .map(|&d| tiling[(d - offset) as usize])
                            .collect(),
                    ))))
                }
                _ => Ok(Expr::Transpose {
                    e: Box::new(r.clone()),
                    perm: perm.clone(),
                }),
            }
        }
    }
}

/// The tiling of a collapsed ref: each group of tiled dims becomes one
/// whose tile is their product, which is only a tiling when every group's
/// tile is leading 1s, at most one partial dim, then whole dims.
fn collapse_tiling(tiling: &[i64], from: &[i64], groups: &[usize]) -> Result<Vec<i64>, ()> {
    let mut rev_tiling: Vec<i64> = tiling.iter().rev().copied().collect();
    let mut rev_shape: Vec<i64> = tail(from, tiling.len()).iter().rev().copied().collect();
    if rev_shape.iter().zip(&rev_tiling).any(|(s, t)| s % t != 0) {
        return Err(());
    }
    let mut rev_new = vec![];
    for &n in groups.iter().rev() {
        if rev_tiling.len() < n {
            return Err(());
        }
        let (ts, ss) = (&rev_tiling[..n], &rev_shape[..n.min(rev_shape.len())]);
        let product: i64 = ts.iter().product();
        let full = ts.iter().zip(ss).take_while(|(t, s)| t == s).count();
        if let Some((_, rest)) = ts[full..].split_first() {
            if rest.iter().any(|&t| t != 1) {
                return Err(());
            }
        }
        rev_new.push(product);
        rev_tiling.drain(..n);
        rev_shape.drain(..n.min(rev_shape.len()));
        if rev_tiling.is_empty() {
            break;
        }
    }
    if !rev_tiling.is_empty() {
        return Err(());
    }
    rev_new.reverse();
    Ok(rev_new)
}

/// Python's `v[-n:]` (the whole of `v` when `n` is 0).
fn tail(v: &[i64], n: usize) -> &[i64] {
    if n == 0 {
        v
    } else {
        &v[v.len().saturating_sub(n)..]
    }
}

/// Whether a reshape from `from` to `to` leaves a tiled layout as it is:
/// both shapes tile, and only untiled dims and the major tiled dim change.
fn reshape_keeps_tiling(t: &Tiled, from: &[i64], to: &[i64]) -> bool {
    let tile = t.base_tile_shape();
    if to.len() < tile.len() || from.len() < tile.len() {
        return false;
    }
    if tile
        .iter()
        .zip(tail(from, tile.len()))
        .any(|(ts, s)| s % ts != 0)
    {
        return false;
    }
    let minor = tile.len() - 1;
    tail(from, minor) == tail(to, minor) && to[to.len() - tile.len()] % tile[0] == 0
}

fn is_const(e: &Expr) -> bool {
    matches!(e, Expr::Const(_))
}

fn supported_tiled_relayout(src: &Tiled, dst: &Tiled, bits: i64) -> bool {
    use layouts::*;
    let (w, wt, t5, t5t) = (wgmma(), wgmma_transposed(), tcgen05(), tcgen05_transposed());
    let (u2, u4) = (wgmma_upcast_2x(), wgmma_upcast_4x());
    if (*src == w && *dst == wt)
        || (*src == wt && *dst == w)
        || (*src == t5 && *dst == t5t)
        || (*src == t5t && *dst == t5)
    {
        return true;
    }
    if *src == u2 && *dst == w {
        return bits <= 16;
    }
    if *src == u4 && *dst == u2 {
        return bits == 4;
    }
    if *src == u4 && *dst == w {
        return bits == 4;
    }
    *src == tmem_native(src.vector_length()) && *dst == tmem_native(dst.vector_length())
}

/// Whether a constraint over constants holds (`None`: it still has
/// variables; `Err`: it pairs constants it cannot, a bug in a rule).
fn holds(c: &Constraint) -> Option<bool> {
    use Constraint::*;
    match c {
        AlwaysTrue => Some(true),
        Equals(l, r) => (is_const(l) && is_const(r)).then(|| l == r),
        Relayout {
            src,
            dst,
            bits,
            strict,
        } => {
            let (Expr::Const(s), Expr::Const(d)) = (src, dst) else {
                return None;
            };
            if s == d {
                return Some(true);
            }
            Some(match (s, d) {
                (Constant::Reg(Reg::Splat(a)), Constant::Reg(Reg::Strided(b, _))) => a == b,
                (Constant::Reg(Reg::Splat(a)), Constant::Reg(Reg::Tiled(t))) => {
                    a.iter().zip(t.base_tile_shape()).all(|(x, y)| x % y == 0)
                }
                (Constant::Reg(Reg::Tiled(a)), Constant::Reg(Reg::Tiled(b))) if !strict => {
                    supported_tiled_relayout(a, b, *bits)
                }
                _ => false,
            })
        }
        NotOfType(e, kind) => {
            let Expr::Const(c) = e else { return None };
            Some(!matches!(
                (c, kind),
                (Constant::Reg(Reg::Splat(_)), LayoutKind::Splat)
                    | (Constant::Reg(Reg::Strided(..)), LayoutKind::Strided)
            ))
        }
        TransferSmem {
            src,
            dst,
            shape,
            strides,
            bits,
            optimized,
        } => {
            let (Expr::Const(s), Expr::Const(d)) = (src, dst) else {
                return None;
            };
            let (tiling, reg) = match (s, d) {
                (Constant::Smem(t), Constant::Reg(r)) | (Constant::Reg(r), Constant::Smem(t)) => {
                    (t, r)
                }
                _ => return Some(false),
            };
            let tiled = match reg {
                Reg::Tiled(t) => Some(t),
                _ => None,
            };
            Some(transfer::smem_transfer_ok(
                tiling.as_deref(),
                tiled,
                shape,
                strides,
                *bits,
                *optimized,
            ))
        }
        ValidMmaTiling {
            e,
            bits,
            unswizzled,
        } => {
            let Expr::Const(c) = e else { return None };
            let swizzles: &[i64] = if *unswizzled {
                &[16, 32, 64, 128]
            } else {
                &[32, 64, 128]
            };
            Some(match c {
                Constant::Smem(Some(t)) => swizzles.iter().any(|s| *t == vec![8, s * 8 / bits]),
                _ => false,
            })
        }
        TransferTmem {
            src,
            dst,
            shape,
            bits,
        } => {
            let (Expr::Const(s), Expr::Const(d)) = (src, dst) else {
                return None;
            };
            Some(match (s, d) {
                (Constant::Reg(r), Constant::Tmem(t)) | (Constant::Tmem(t), Constant::Reg(r)) => {
                    tmem_transfer_ok(t, r, shape, *bits)
                }
                _ => false,
            })
        }
        Divides(e, multiple) => {
            let Expr::Const(c) = e else { return None };
            let tiling = match c {
                Constant::Smem(None) => return Some(true),
                Constant::Smem(Some(t)) => t.clone(),
                Constant::Reg(Reg::Tiled(t)) | Constant::Tmem(t) => t.base_tile_shape().to_vec(),
                Constant::Reg(_) => return Some(true),
            };
            if tiling.len() > multiple.len() {
                return Some(false);
            }
            Some(
                tiling
                    .iter()
                    .rev()
                    .zip(multiple.iter().rev())
                    .all(|(s, m)| m % s == 0),
            )
        }
        MinorDimDivisibleBy(e, divisor) => {
            let Expr::Const(c) = e else { return None };
            Some(match c {
                Constant::Smem(Some(t)) => t.last().is_none_or(|x| x % divisor == 0),
                Constant::Smem(None) => true,
                Constant::Reg(_) | Constant::Tmem(_) => false,
            })
        }
        SupportedBroadcast { src, dst, dims } => {
            let (Expr::Const(Constant::Reg(s)), Expr::Const(Constant::Reg(d))) = (src, dst) else {
                return if is_const(src) && is_const(dst) {
                    Some(false)
                } else {
                    None
                };
            };
            Some(match (s, d) {
                (Reg::Strided(..), Reg::Strided(..)) => layouts::strided_broadcast_ok(s, d, dims),
                _ => std::mem::discriminant(s) == std::mem::discriminant(d),
            })
        }
    }
}

fn reduce_constraint(c: &Constraint, a: &HashMap<Var, Constant>) -> Result<Constraint, ()> {
    use Constraint::*;
    Ok(match c {
        Equals(l, r) => {
            let (l, r) = (reduce_expr(l, a)?, reduce_expr(r, a)?);
            if l == r {
                AlwaysTrue
            } else {
                Equals(l, r)
            }
        }
        Relayout {
            src,
            dst,
            bits,
            strict,
        } => {
            let (s, d) = (reduce_expr(src, a)?, reduce_expr(dst, a)?);
            if s == d {
                AlwaysTrue
            } else if *strict
                && matches!(
                    s,
                    Expr::Const(Constant::Reg(Reg::Tiled(_) | Reg::Strided(..)))
                )
            {
                Equals(s, d)
            } else {
                Relayout {
                    src: s,
                    dst: d,
                    bits: *bits,
                    strict: *strict,
                }
            }
        }
        NotOfType(e, k) => NotOfType(reduce_expr(e, a)?, *k),
        TransferSmem {
            src,
            dst,
            shape,
            strides,
            bits,
            optimized,
        } => TransferSmem {
            src: reduce_expr(src, a)?,
            dst: reduce_expr(dst, a)?,
            shape: shape.clone(),
            strides: strides.clone(),
            bits: *bits,
            optimized: *optimized,
        },
        ValidMmaTiling {
            e,
            bits,
            unswizzled,
        } => ValidMmaTiling {
            e: reduce_expr(e, a)?,
            bits: *bits,
            unswizzled: *unswizzled,
        },
        TransferTmem {
            src,
            dst,
            shape,
            bits,
        } => TransferTmem {
            src: reduce_expr(src, a)?,
            dst: reduce_expr(dst, a)?,
            shape: shape.clone(),
            bits: *bits,
        },
        Divides(e, m) => Divides(reduce_expr(e, a)?, m.clone()),
        MinorDimDivisibleBy(e, d) => MinorDimDivisibleBy(reduce_expr(e, a)?, *d),
        SupportedBroadcast { src, dst, dims } => SupportedBroadcast {
            src: reduce_expr(src, a)?,
            dst: reduce_expr(dst, a)?,
            dims: dims.clone(),
        },
        AlwaysTrue => AlwaysTrue,
    })
}

/// Whether `c` may be assigned to a variable of `info`.
pub fn valid_assignment(info: &VarInfo, c: &Constant) -> bool {
    match c {
        Constant::Reg(r) => r.fits(&info.shape),
        Constant::Smem(None) => true,
        Constant::Smem(Some(t)) => {
            let tail = &info.shape[info.shape.len().saturating_sub(t.len())..];
            tail.iter().zip(t).all(|(s, x)| s % x == 0)
        }
        Constant::Tmem(t) => t.applies_to(&info.shape),
    }
}

/// Whether registers in `reg` move to/from TMEM laid out as `tmem` (a
/// `shape` of `bits`-bit elements) with the tcgen05 loads/stores.
pub fn tmem_transfer_ok(tmem: &Tiled, reg: &Reg, shape: &[i64], bits: i64) -> bool {
    let Reg::Tiled(reg) = reg else { return false };
    let packing = tmem.vector_length();
    let columns = shape.get(1).copied().unwrap_or(0);
    let default = layouts::tmem_default(packing);
    if *reg == layouts::tcgen05() && *tmem == default {
        return true;
    }
    if reg == tmem && packing * bits == 32 {
        return true;
    }
    if *reg == layouts::tmem_native(2)
        && *tmem == default
        && ((bits == 16 && packing == 1) || bits == 32)
    {
        return true;
    }
    if columns % 16 == 0
        && packing <= columns / 2
        && *reg == layouts::wgmma()
        && layouts::tmem_half_lane(columns, packing).as_ref() == Some(tmem)
    {
        return true;
    }
    columns % 16 == 0
        && packing <= 8
        && *reg == layouts::m64_collective(columns)
        && layouts::tmem_m64_collective(columns, packing).as_ref() == Some(tmem)
}

pub fn merge_divides(a: &[i64], b: &[i64]) -> Vec<i64> {
    let n = a.len().min(b.len());
    a[a.len() - n..]
        .iter()
        .zip(&b[b.len() - n..])
        .map(|(x, y)| gcd(*x, *y))
        .collect()
}

/// Python's `math.gcd` (dynamic sizes, `i64::MIN`, stay finite).
pub fn gcd(a: i64, b: i64) -> i64 {
    let (mut x, mut y) = (a.unsigned_abs(), b.unsigned_abs());
    while y != 0 {
        (x, y) = (y, x % y);
    }
    i64::try_from(x).unwrap_or(i64::MAX)
}

/// Divides constraints on one variable merged into one, placed after the
/// others in the order their variables first appear.
pub fn merge_all_divides(cs: Vec<Constraint>) -> Vec<Constraint> {
    let mut out = vec![];
    let mut order: Vec<Var> = vec![];
    let mut per: HashMap<Var, Vec<i64>> = HashMap::new();
    for c in cs {
        match c {
            Constraint::Divides(Expr::Var(v), m) => match per.get_mut(&v) {
                Some(old) => *old = merge_divides(old, &m),
                None => {
                    order.push(v);
                    per.insert(v, m);
                }
            },
            other => out.push(other),
        }
    }
    for v in order {
        let m = per.remove(&v).unwrap_or_default();
        out.push(Constraint::Divides(Expr::Var(v), m));
    }
    out
}

fn non_splat_vars(cs: &[Constraint]) -> Vec<Var> {
    cs.iter()
        .filter_map(|c| match c {
            Constraint::NotOfType(Expr::Var(v), LayoutKind::Splat) => Some(*v),
            _ => None,
        })
        .collect()
}

fn relays_non_splat_to_splat(cs: &[Constraint]) -> bool {
    let non_splat = non_splat_vars(cs);
    if non_splat.is_empty() {
        return false;
    }
    cs.iter().any(|c| match c {
        Constraint::Relayout {
            src: Expr::Var(v),
            dst: Expr::Const(Constant::Reg(Reg::Splat(_))),
            ..
        } => non_splat.contains(v),
        _ => false,
    })
}

/// Reduces the system until nothing changes; `None`: unsatisfiable.
pub fn reduce(mut sys: System, vars: &[VarInfo]) -> Option<System> {
    loop {
        let mut changed = false;
        let mut kept = vec![];
        for c in &sys.constraints {
            let r = reduce_constraint(c, &sys.assignments).ok()?;
            let assign = match &r {
                Constraint::Equals(Expr::Var(v), Expr::Const(k))
                | Constraint::Equals(Expr::Const(k), Expr::Var(v)) => Some((*v, k.clone())),
                _ => None,
            };
            if let Some((v, k)) = assign {
                if let Some(old) = sys.assignments.get(&v) {
                    if *old != k {
                        return None;
                    }
                }
                if !valid_assignment(&vars[v], &k) {
                    return None;
                }
                sys.assignments.insert(v, k);
                changed = true;
                continue;
            }
            match holds(&r) {
                None => {
                    changed |= r != *c;
                    kept.push(r);
                }
                Some(false) => return None,
                Some(true) => changed = true,
            }
        }
        let n = kept.len();
        let kept = merge_all_divides(kept);
        changed |= kept.len() != n;
        if relays_non_splat_to_splat(&kept) {
            return None;
        }
        sys.constraints = kept;
        if !changed {
            return Some(sys);
        }
    }
}

/// Adds `NotOfType(splat)` for every variable a non-splat variable is
/// relaid out into, transitively (prunes the search early).
pub fn saturate_distinct_from_splat(mut sys: System) -> System {
    let mut non_splat = non_splat_vars(&sys.constraints);
    let mut added = vec![];
    let mut found = !non_splat.is_empty();
    while found {
        found = false;
        for c in &sys.constraints {
            if let Constraint::Relayout {
                src: Expr::Var(s),
                dst: Expr::Var(d),
                ..
            } = c
            {
                if non_splat.contains(s) && !non_splat.contains(d) {
                    found = true;
                    non_splat.push(*d);
                    added.push(Constraint::NotOfType(Expr::Var(*d), LayoutKind::Splat));
                }
            }
        }
    }
    sys.constraints.extend(added);
    sys
}

/// Copies every Divides constraint to the variables transitively equal to
/// its own, then merges them per variable.
pub fn saturate_divides_for_equal_vars(mut sys: System) -> System {
    let mut parent: HashMap<Var, Var> = HashMap::new();
    fn find(p: &mut HashMap<Var, Var>, v: Var) -> Var {
        let up = *p.entry(v).or_insert(v);
        if up == v {
            return v;
        }
        let root = find(p, up);
        p.insert(v, root);
        root
    }
    let mut all = vec![];
    for c in &sys.constraints {
        if let Constraint::Equals(Expr::Var(a), Expr::Var(b)) = c {
            for v in [*a, *b] {
                if !all.contains(&v) {
                    all.push(v);
                }
            }
            let (ra, rb) = (find(&mut parent, *a), find(&mut parent, *b));
            if ra != rb {
                parent.insert(rb, ra);
            }
        }
    }
    let mut groups: HashMap<Var, Vec<Var>> = HashMap::new();
    for &v in &all {
        let r = find(&mut parent, v);
        groups.entry(r).or_default().push(v);
    }
    let mut out = vec![];
    for c in std::mem::take(&mut sys.constraints) {
        let extra: Vec<Constraint> = match &c {
            Constraint::Divides(Expr::Var(v), m) if all.contains(v) => {
                let r = find(&mut parent, *v);
                groups[&r]
                    .iter()
                    .filter(|o| *o != v)
                    .map(|o| Constraint::Divides(Expr::Var(*o), m.clone()))
                    .collect()
            }
            _ => vec![],
        };
        out.push(c);
        out.extend(extra);
    }
    sys.constraints = merge_all_divides(out);
    sys
}
