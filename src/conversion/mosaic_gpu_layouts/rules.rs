//! Per-op derivation of variables and constraints (jaxlib's rules): which
//! operands, results and block arguments share a variable, what each op
//! assigns outright (splat constants, WGMMA accumulators, layout casts,
//! explicit transforms) and what it constrains (SMEM transfers, MMA
//! tilings, reductions, broadcasts, tile divisibility of slices). Register
//! and control-flow ops are here, SMEM refs in [`refs`], TMEM in [`tmem`].

use std::collections::HashMap;

use melior::ir::attribute::AttributeLike;
use melior::ir::operation::OperationLike;

use super::constraints::{Constraint, Expr, LayoutKind, Space, System, Var, VarInfo};
use super::layouts::{self, Constant, Reg};
use super::model::{Def, Kind, Model, TyInfo};
use super::transfer::{swizzle_for, Optimized};
use crate::ir;

mod refs;
mod tmem;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SiteKind {
    Operand,
    Result,
    Argument,
}

/// One role of a value: operand/result `index` of `op`, or argument
/// `index` of the first block of region `region` of `op`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Site {
    pub op: usize,
    pub kind: SiteKind,
    pub index: usize,
    pub region: usize,
}

impl Site {
    fn operand(op: usize, index: usize) -> Self {
        Site {
            op,
            kind: SiteKind::Operand,
            index,
            region: 0,
        }
    }
    fn result(op: usize, index: usize) -> Self {
        Site {
            op,
            kind: SiteKind::Result,
            index,
            region: 0,
        }
    }
    fn argument(op: usize, region: usize, index: usize) -> Self {
        Site {
            op,
            kind: SiteKind::Argument,
            index,
            region,
        }
    }
}

/// A failed derivation: the op to report at and the message.
pub struct RuleError(pub usize, pub String);

type Mapping = Vec<(Var, Vec<Site>)>;

/// Variables made so far, their value sites and the alias cache of
/// `slice_smem`.
pub struct Context<'m, 'c, 'a> {
    pub m: &'m Model<'c, 'a>,
    pub vars: Vec<VarInfo>,
    pub sites_of: Vec<Vec<Site>>,
    pub var_of_site: HashMap<Site, Var>,
    var_of_key: HashMap<Site, Var>,
    smem_aliases: HashMap<(i64, i64), Var>,
    tmem_aliases: HashMap<(i64, i64), Var>,
}

fn space_of(ty: &TyInfo) -> Option<Space> {
    match ty.kind {
        Kind::Vector => Some(Space::Reg),
        Kind::Smem | Kind::ClusterSmem => Some(Space::Smem),
        Kind::Tmem => Some(Space::Tmem),
        _ => None,
    }
}

impl<'m, 'c, 'a> Context<'m, 'c, 'a> {
    pub fn new(m: &'m Model<'c, 'a>) -> Self {
        Context {
            m,
            vars: vec![],
            sites_of: vec![],
            var_of_site: HashMap::new(),
            var_of_key: HashMap::new(),
            smem_aliases: HashMap::new(),
            tmem_aliases: HashMap::new(),
        }
    }

    pub fn value_of(&self, s: Site) -> usize {
        let node = &self.m.ops[s.op];
        match s.kind {
            SiteKind::Operand => node.operands[s.index],
            SiteKind::Result => node.results[s.index],
            SiteKind::Argument => node.region_args[s.region][s.index],
        }
    }

    pub fn ty(&self, s: Site) -> &TyInfo {
        &self.m.vals[self.value_of(s)].ty
    }

    /// The variable keyed by `key` (made on first request).
    fn var(&mut self, key: Site) -> Result<Var, RuleError> {
        if let Some(&v) = self.var_of_key.get(&key) {
            return Ok(v);
        }
        let ty = self.ty(key).clone();
        let Some(space) = space_of(&ty) else {
            return Err(RuleError(
                key.op,
                format!(
                    "not yet supported: layout inference for a value of type {}",
                    ty.text
                ),
            ));
        };
        let v = self.vars.len();
        // A fresh allocation's layout is the one jaxlib falls back to.
        let default_tmem = match (key.kind, space) {
            (SiteKind::Result, Space::Tmem)
                if self.m.ops[key.op].name == "mosaic_gpu.tmem_alloc" =>
            {
                let collective = self.bool_attr(key.op, "collective").unwrap_or(false);
                layouts::tmem_for(&ty.shape, collective, 1)
            }
            _ => None,
        };
        self.vars.push(VarInfo {
            shape: ty.shape.clone(),
            space,
            bits: ty.bits.unwrap_or(0),
            strides: ty.strides.clone(),
            default_tmem,
        });
        self.sites_of.push(vec![]);
        self.var_of_key.insert(key, v);
        Ok(v)
    }

    /// The site that defines the value used at operand site `s`.
    pub fn producer(&self, s: Site) -> Option<Site> {
        match self.m.vals[self.value_of(s)].def {
            Def::Result(op, i) => Some(Site::result(op, i)),
            Def::Arg(op, r, i) => Some(Site::argument(op, r, i)),
            Def::Outside => None,
        }
    }

    fn producer_ref(&self, s: Site) -> Result<Var, RuleError> {
        self.producer(s)
            .and_then(|p| self.var_of_site.get(&p).copied())
            .ok_or_else(|| {
                RuleError(
                    s.op,
                    format!(
                        "layout inference found no layout for the producer of operand #{} (jaxlib fails here too)",
                        s.index
                    ),
                )
            })
    }

    /// Records a rule's mapping, checking that every site matches its
    /// variable's memory space and shape.
    fn update(&mut self, mapping: Mapping) -> Result<(), RuleError> {
        for (v, sites) in mapping {
            for s in sites {
                let ty = self.ty(s);
                if space_of(ty) != Some(self.vars[v].space) || ty.shape != self.vars[v].shape {
                    return Err(RuleError(
                        s.op,
                        format!(
                            "layout inference: {} does not match the shape or memory space of the value it must share a layout with (jaxlib fails here too)",
                            ty.text
                        ),
                    ));
                }
                // Every rule maps each of its own op's sites once.
                if self.var_of_site.insert(s, v).is_none() {
                    self.sites_of[v].push(s);
                }
            }
        }
        Ok(())
    }

    fn is_vector(&self, value: usize) -> bool {
        self.m.vals[value].ty.kind == Kind::Vector
    }

    fn is_smem(&self, value: usize) -> bool {
        self.m.vals[value].ty.is_smem()
    }
}

const POINTWISE: &[&str] = &[
    "arith.addi",
    "arith.addf",
    "arith.andi",
    "arith.bitcast",
    "arith.cmpf",
    "arith.cmpi",
    "arith.extf",
    "arith.extsi",
    "arith.extui",
    "arith.fptosi",
    "arith.fptoui",
    "arith.maximumf",
    "arith.maxui",
    "arith.maxsi",
    "arith.minimumf",
    "arith.minui",
    "arith.minsi",
    "arith.muli",
    "arith.mulf",
    "arith.ori",
    "arith.floordivsi",
    "arith.divsi",
    "arith.divui",
    "arith.divf",
    "arith.remui",
    "arith.remsi",
    "arith.remf",
    "arith.sitofp",
    "arith.uitofp",
    "arith.subi",
    "arith.subf",
    "arith.truncf",
    "arith.trunci",
    "arith.xori",
    "arith.select",
    "math.exp",
    "math.exp2",
    "math.sin",
    "math.cos",
    "math.log",
    "math.rsqrt",
    "math.tanh",
    "math.absf",
    "math.absi",
    "math.round",
    "math.roundeven",
    "math.copysign",
    "math.ctlz",
    "arith.shli",
    "arith.shrui",
    "arith.shrsi",
];

fn ints(a: Option<melior::ir::Attribute>) -> Vec<i64> {
    let Some(a) = a else { return vec![] };
    if a.is_dense_i64_array() {
        return ir::dense_i64(a);
    }
    if a.is_dense_i32_array() {
        return ir::dense_i32(a).into_iter().map(i64::from).collect();
    }
    if ir::tpu_view::is_array(a.to_raw()) {
        return ir::array_elements(a)
            .into_iter()
            .filter_map(ir::integer_attr_value)
            .collect();
    }
    vec![]
}

impl Context<'_, '_, '_> {
    fn attr(&self, op: usize, name: &str) -> Option<melior::ir::Attribute<'_>> {
        let node = &self.m.ops[op];
        if !ir::has_attribute(&node.op, name) {
            return None;
        }
        node.op.attribute(name).ok().map(|a| ir::attr_ref(a))
    }

    fn bool_attr(&self, op: usize, name: &str) -> Option<bool> {
        self.attr(op, name).map(|a| a.to_string() == "true")
    }

    /// Derives the variables and constraints of `op`.
    pub fn derive(&mut self, op: usize) -> Result<System, RuleError> {
        let (sys, mapping) = self.rule(op)?;
        self.update(mapping)?;
        Ok(sys)
    }

    fn unsupported(&self, op: usize, what: &str) -> RuleError {
        RuleError(
            op,
            format!("not yet supported: layout inference for {what}"),
        )
    }

    fn rule(&mut self, op: usize) -> Result<(System, Mapping), RuleError> {
        let node = &self.m.ops[op];
        let name = node.name.clone();
        let operands = node.operands.clone();
        let results = node.results.clone();
        let mut sys = System::default();
        let mut map: Mapping = vec![];
        let n = name.as_str();
        if let Some(r) = self.ref_rule(op, n)? {
            return Ok(r);
        }
        if let Some(r) = self.tmem_rule(op, n)? {
            return Ok(r);
        }
        if POINTWISE.contains(&n) {
            let mut sites: Vec<Site> = operands
                .iter()
                .enumerate()
                .filter(|(_, &v)| self.is_vector(v))
                .map(|(k, _)| Site::operand(op, k))
                .collect();
            sites.extend(
                results
                    .iter()
                    .enumerate()
                    .filter(|(_, &v)| self.is_vector(v))
                    .map(|(k, _)| Site::result(op, k)),
            );
            let Some(&key) = sites.last() else {
                return Ok((sys, map));
            };
            let v = self.var(key)?;
            map.push((v, sites));
            return Ok((sys, map));
        }
        match n {
            "mosaic_gpu.vector_load" => {
                let dest = self.var(Site::result(op, 0))?;
                map.push((dest, vec![Site::result(op, 0)]));
                sys.constraints
                    .push(Constraint::NotOfType(Expr::Var(dest), LayoutKind::Splat));
                let optimized = match self.bool_attr(op, "optimized") {
                    None | Some(true) => Optimized::Yes,
                    Some(false) => Optimized::No,
                };
                if self.is_smem(operands[0]) {
                    let src = self.producer_ref(Site::operand(op, 0))?;
                    map.push((src, vec![Site::operand(op, 0)]));
                    let ty = self.m.operand_ty(op, 0);
                    sys.constraints.push(Constraint::TransferSmem {
                        src: Expr::Var(src),
                        dst: Expr::Var(dest),
                        shape: ty.shape.clone(),
                        strides: ty.strides.clone(),
                        bits: ty.bits.unwrap_or(0),
                        optimized,
                    });
                }
            }
            "mosaic_gpu.multimem_load_reduce" => {
                let dest = self.var(Site::result(op, 0))?;
                map.push((dest, vec![Site::result(op, 0)]));
                sys.constraints
                    .push(Constraint::NotOfType(Expr::Var(dest), LayoutKind::Splat));
            }
            "mosaic_gpu.vector_store" | "mosaic_gpu.async_store_smem" => {
                let value = self.var(Site::operand(op, 0))?;
                map.push((value, vec![Site::operand(op, 0)]));
                let optimized = match self.bool_attr(op, "optimized") {
                    None => Optimized::Downgradable,
                    Some(true) => Optimized::Yes,
                    Some(false) => Optimized::No,
                };
                if self.is_smem(operands[1]) {
                    let dst = self.producer_ref(Site::operand(op, 1))?;
                    map.push((dst, vec![Site::operand(op, 1)]));
                    let ty = self.m.operand_ty(op, 1);
                    sys.constraints.push(Constraint::TransferSmem {
                        src: Expr::Var(value),
                        dst: Expr::Var(dst),
                        shape: ty.shape.clone(),
                        strides: ty.strides.clone(),
                        bits: ty.bits.unwrap_or(0),
                        optimized,
                    });
                }
                if n == "mosaic_gpu.async_store_smem" {
                    sys.constraints
                        .push(Constraint::NotOfType(Expr::Var(value), LayoutKind::Strided));
                    sys.constraints
                        .push(Constraint::NotOfType(Expr::Var(value), LayoutKind::Splat));
                }
            }
            "mosaic_gpu.debug_print" => {
                let v = self.var(Site::operand(op, 0))?;
                map.push((v, vec![Site::operand(op, 0)]));
            }
            "mosaic_gpu.print_layout" => {
                let s = Site::operand(op, 0);
                let v = if self.is_vector(operands[0]) {
                    self.var(s)?
                } else {
                    self.producer_ref(s)?
                };
                map.push((v, vec![s]));
            }
            "mosaic_gpu.broadcasted_iota" => {
                let v = self.var(Site::result(op, 0))?;
                map.push((v, vec![Site::result(op, 0)]));
                sys.constraints
                    .push(Constraint::NotOfType(Expr::Var(v), LayoutKind::Splat));
            }
            "mosaic_gpu.optimization_barrier" => {
                for (k, &o) in operands.iter().enumerate() {
                    if self.is_vector(o) {
                        let v = self.var(Site::operand(op, k))?;
                        map.push((v, vec![Site::operand(op, k), Site::result(op, k)]));
                    }
                }
            }
            "arith.constant" => {
                let site = Site::result(op, 0);
                let v = self.var(site)?;
                if self.m.ops[op].splat {
                    sys.assignments.insert(
                        v,
                        Constant::Reg(Reg::Splat(self.ty(site).shape.clone())),
                    );
                } else {
                    sys.constraints
                        .push(Constraint::NotOfType(Expr::Var(v), LayoutKind::Splat));
                }
                map.push((v, vec![site]));
            }
            "scf.for" => {
                // The verifier gives the body its yield.
                let term = self.m.ops[op].region_terms.first().copied().flatten();
                for (k, &o) in operands.iter().enumerate() {
                    if !self.is_vector(o) && !self.is_smem(o) {
                        continue;
                    }
                    if k < 3 {
                        continue;
                    }
                    let operand = Site::operand(op, k);
                    let v = if self.is_vector(o) {
                        self.var(operand)?
                    } else {
                        self.producer_ref(operand)?
                    };
                    let mut sites = vec![
                        operand,
                        Site::argument(op, 0, k - 2),
                        Site::result(op, k - 3),
                    ];
                    sites.extend(term.map(|t| Site::operand(t, k - 3)));
                    map.push((v, sites));
                }
            }
            "scf.while" => {
                // The verifier gives both regions their terminators.
                let terms = self.m.ops[op].region_terms.clone();
                let cond = terms.first().copied().flatten();
                let yield_op = terms.get(1).copied().flatten();
                for (k, &o) in operands.iter().enumerate() {
                    if self.is_vector(o) {
                        let v = self.var(Site::operand(op, k))?;
                        let mut sites = vec![Site::operand(op, k), Site::argument(op, 0, k)];
                        sites.extend(yield_op.map(|t| Site::operand(t, k)));
                        map.push((v, sites));
                    }
                }
                for (k, &r) in results.iter().enumerate() {
                    if self.is_vector(r) {
                        let v = self.var(Site::result(op, k))?;
                        let mut sites = vec![Site::result(op, k), Site::argument(op, 1, k)];
                        sites.extend(cond.map(|t| Site::operand(t, k + 1)));
                        map.push((v, sites));
                    }
                }
            }
            "scf.index_switch" => {
                let terms = self.m.ops[op].region_terms.clone();
                for (k, &r) in results.iter().enumerate() {
                    if !self.is_vector(r) {
                        continue;
                    }
                    let v = self.var(Site::result(op, k))?;
                    let mut sites = vec![Site::result(op, k)];
                    // The verifier gives every region its yield.
                    sites.extend(terms.iter().flatten().map(|t| Site::operand(*t, k)));
                    map.push((v, sites));
                }
            }
            "mosaic_gpu.layout_cast" => {
                let operand = Site::operand(op, 0);
                let result = Site::result(op, 0);
                let ov = self.var(operand)?;
                let rv = self.var(result)?;
                let text = self
                    .attr(op, "new_layout")
                    .map(|a| a.to_string())
                    .unwrap_or_default();
                let layout = self.valid_layout(op, &text)?;
                if let Some(e) = super::layouts::cast_mismatch(&text, &self.ty(operand).shape) {
                    return Err(RuleError(op, e));
                }
                sys.assignments.insert(rv, Constant::Reg(layout));
                sys.constraints.push(Constraint::Relayout {
                    src: Expr::Var(ov),
                    dst: Expr::Var(rv),
                    bits: self.ty(operand).bits.unwrap_or(0),
                    strict: false,
                });
                map.push((ov, vec![operand]));
                map.push((rv, vec![result]));
            }
            "mosaic_gpu.wgmma" => {
                let acc = self.var(Site::result(op, 0))?;
                // The verifier holds the accumulator to multiples of 64x8
                // and a register `a` to its fragment's shape.
                let acc_layout = Constant::Reg(Reg::Tiled(layouts::wgmma()));
                sys.assignments.insert(acc, acc_layout);
                map.push((acc, vec![Site::operand(op, 0), Site::result(op, 0)]));
                let b_site = Site::operand(op, 2);
                let b = self.producer_ref(b_site)?;
                let b_ty = self.ty(b_site).clone();
                let b_bits = b_ty.bits.unwrap_or(16);
                let b_t = transposed(&b_ty.strides);
                let b_expr = Expr::var_transposed_if(b, b_t);
                sys.constraints.push(Constraint::ValidMmaTiling {
                    e: b_expr,
                    bits: b_bits,
                    unswizzled: false,
                });
                map.push((b, vec![b_site]));
                let a_site = Site::operand(op, 1);
                let a = if self.is_smem(operands[1]) {
                    let a = self.producer_ref(a_site)?;
                    let a_t = transposed(&self.ty(a_site).strides);
                    let rhs = Expr::var_transposed_if(b, a_t != b_t);
                    sys.constraints.push(Constraint::Equals(Expr::Var(a), rhs));
                    a
                } else {
                    let a = self.var(a_site)?;
                    let l = if self.ty(a_site).bits == Some(8) {
                        layouts::wgmma_8bit()
                    } else {
                        layouts::wgmma()
                    };
                    let l = Constant::Reg(Reg::Tiled(l));
                    sys.assignments.insert(a, l);
                    a
                };
                map.push((a, vec![a_site]));
            }
            "vector.broadcast" => {
                if self.m.vals[operands[0]].ty.kind == Kind::Vector {
                    return Err(self.unsupported(
                        op,
                        "vector.broadcast of a vector (jaxlib takes only scalars; use mosaic_gpu.broadcast_in_dim)",
                    ));
                }
                let site = Site::result(op, 0);
                let v = self.var(site)?;
                sys.assignments
                    .insert(v, Constant::Reg(Reg::Splat(self.ty(site).shape.clone())));
                map.push((v, vec![site]));
            }
            "vector.reduction" => {
                let v = self.var(Site::operand(op, 0))?;
                map.push((v, vec![Site::operand(op, 0)]));
            }
            "vector.multi_reduction" => {
                let src = self.var(Site::operand(op, 0))?;
                let out = self.var(Site::result(op, 0))?;
                let dims = ints(self.attr(op, "reduction_dims"));
                let rank = self.ty(Site::operand(op, 0)).shape.len();
                sys.constraints
                    .push(Constraint::NotOfType(Expr::Var(src), LayoutKind::Strided));
                sys.constraints.push(Constraint::Equals(
                    Expr::Var(out),
                    Expr::Reduce {
                        e: Box::new(Expr::Var(src)),
                        axes: dims,
                        rank,
                        keep: false,
                    },
                ));
                map.push((src, vec![Site::operand(op, 0)]));
                map.push((out, vec![Site::operand(op, 1), Site::result(op, 0)]));
            }
            "mosaic_gpu.broadcast_in_dim" => {
                let src = self.var(Site::operand(op, 0))?;
                let dst = self.var(Site::result(op, 0))?;
                let src_shape = self.ty(Site::operand(op, 0)).shape.clone();
                let dst_shape = self.ty(Site::result(op, 0)).shape.clone();
                let dims = ints(self.attr(op, "broadcast_dimensions"));
                let mut kept = vec![];
                let mut collapsed = vec![];
                for d in 0..dst_shape.len() as i64 {
                    match dims.iter().position(|&x| x == d) {
                        Some(s) => {
                            if src_shape.get(s) == Some(&1) && dst_shape[d as usize] > 1 {
                                kept.push(d);
                            }
                        }
                        None => collapsed.push(d),
                    }
                }
                let mut e = Expr::Var(dst);
                if !kept.is_empty() {
                    e = Expr::Reduce {
                        e: Box::new(e),
                        axes: kept,
                        rank: dst_shape.len(),
                        keep: true,
                    };
                }
                if !collapsed.is_empty() {
                    e = Expr::Reduce {
                        e: Box::new(e),
                        axes: collapsed,
                        rank: dst_shape.len(),
                        keep: false,
                    };
                }
                sys.constraints.push(Constraint::Equals(Expr::Var(src), e));
                sys.constraints.push(Constraint::SupportedBroadcast {
                    src: Expr::Var(src),
                    dst: Expr::Var(dst),
                    dims,
                });
                map.push((src, vec![Site::operand(op, 0)]));
                map.push((dst, vec![Site::result(op, 0)]));
            }
            // The vector dialect's verifier holds slice strides to 1.
            "vector.extract_strided_slice" => {
                let a = self.var(Site::operand(op, 0))?;
                let r = self.var(Site::result(op, 0))?;
                let offsets = ints(self.attr(op, "offsets"));
                sys.constraints = vec![
                    Constraint::Divides(Expr::Var(a), offsets),
                    Constraint::Equals(Expr::Var(a), Expr::Var(r)),
                    Constraint::NotOfType(Expr::Var(r), LayoutKind::Splat),
                    Constraint::NotOfType(Expr::Var(r), LayoutKind::Strided),
                ];
                map.push((a, vec![Site::operand(op, 0)]));
                map.push((r, vec![Site::result(op, 0)]));
            }
            "vector.extract" => {
                let a = self.var(Site::operand(op, 0))?;
                let src_shape = self.ty(Site::operand(op, 0)).shape.clone();
                if self.m.vals[results[0]].ty.kind != Kind::Vector {
                    sys.assignments
                        .insert(a, Constant::Reg(Reg::Splat(src_shape)));
                    map.push((a, vec![Site::operand(op, 0)]));
                    return Ok((sys, map));
                }
                if operands.len() > 1 {
                    return Err(self.unsupported(op, "vector.extract at dynamic positions"));
                }
                let r = self.var(Site::result(op, 0))?;
                let res_shape = self.ty(Site::result(op, 0)).shape.clone();
                sys.constraints = vec![
                    Constraint::Equals(Expr::Var(a), Expr::Var(r)),
                    Constraint::Divides(Expr::Var(a), src_shape),
                    Constraint::Divides(Expr::Var(r), res_shape),
                    Constraint::NotOfType(Expr::Var(r), LayoutKind::Splat),
                    Constraint::NotOfType(Expr::Var(r), LayoutKind::Strided),
                ];
                map.push((a, vec![Site::operand(op, 0)]));
                map.push((r, vec![Site::result(op, 0)]));
            }
            "vector.insert_strided_slice" => {
                let src = self.var(Site::operand(op, 0))?;
                let dst = self.var(Site::operand(op, 1))?;
                let r = self.var(Site::result(op, 0))?;
                let offsets = ints(self.attr(op, "offsets"));
                sys.constraints = vec![
                    Constraint::Divides(Expr::Var(dst), offsets),
                    Constraint::Equals(Expr::Var(dst), Expr::Var(src)),
                    Constraint::Equals(Expr::Var(dst), Expr::Var(r)),
                    Constraint::Equals(Expr::Var(src), Expr::Var(r)),
                    Constraint::NotOfType(Expr::Var(dst), LayoutKind::Splat),
                    Constraint::NotOfType(Expr::Var(dst), LayoutKind::Strided),
                ];
                map.push((src, vec![Site::operand(op, 0)]));
                map.push((dst, vec![Site::operand(op, 1)]));
                map.push((r, vec![Site::result(op, 0)]));
            }
            "vector.shape_cast" => {
                let (i, o) = (Site::operand(op, 0), Site::result(op, 0));
                let iv = self.var(i)?;
                let ov = self.var(o)?;
                let (from, to) = (self.ty(i).shape.clone(), self.ty(o).shape.clone());
                sys.constraints = vec![
                    Constraint::Equals(
                        Expr::Var(ov),
                        Expr::Reshape {
                            e: Box::new(Expr::Var(iv)),
                            from: from.clone(),
                            to: to.clone(),
                        },
                    ),
                    Constraint::Equals(
                        Expr::Var(iv),
                        Expr::Reshape {
                            e: Box::new(Expr::Var(ov)),
                            from: to,
                            to: from,
                        },
                    ),
                ];
                map.push((iv, vec![i]));
                map.push((ov, vec![o]));
            }
            "mosaic_gpu.custom_primitive" => return self.custom_rule(op),
            "mosaic_gpu.mma" => {
                let bits = self.ty(Site::operand(op, 1)).bits.unwrap_or(16);
                let (lhs, rhs, acc) = layouts::mma_layouts(bits);
                let sites = [
                    (vec![Site::operand(op, 0), Site::result(op, 0)], acc, "accumulator"),
                    (vec![Site::operand(op, 1)], lhs, "'a' operand"),
                    (vec![Site::operand(op, 2)], rhs, "'b' operand"),
                ];
                for (group, layout, what) in sites {
                    let key = *group.last().unwrap_or(&Site::result(op, 0));
                    let v = self.var(key)?;
                    let c = Constant::Reg(Reg::Tiled(layout));
                    if !super::constraints::valid_assignment(&self.vars[v], &c) {
                        return Err(RuleError(
                            op,
                            format!(
                                "the mma {what} of shape {:?} does not fit its fragment layout (jaxlib rejects it too)",
                                self.vars[v].shape
                            ),
                        ));
                    }
                    sys.assignments.insert(v, c);
                    map.push((v, group));
                }
            }
            _ => {
                return Err(RuleError(
                    op,
                    format!(
                        "no layout inference rule for '{n}' with vector or SMEM operands or results (jaxlib has none either)"
                    ),
                ))
            }
        }
        Ok((sys, map))
    }

    /// A custom primitive states its operands' and results' layouts and
    /// transforms itself; an SMEM operand gets a variable of its own, equal
    /// to its ref's (so that two uses asking for different transforms
    /// conflict).
    fn custom_rule(&mut self, op: usize) -> Result<(System, Mapping), RuleError> {
        let operands = self.m.ops[op].operands.clone();
        let results = self.m.ops[op].results.clone();
        let texts = |name: &str| -> Vec<String> {
            self.attr(op, name)
                .map(|a| split_transforms(&a.to_string()))
                .unwrap_or_default()
        };
        let (in_layouts, in_transforms, out_layouts) = (
            texts("in_layouts"),
            texts("in_transforms"),
            texts("out_layouts"),
        );
        let (mut li, mut ti, mut lo) =
            (in_layouts.iter(), in_transforms.iter(), out_layouts.iter());
        let mut sys = System::default();
        let mut map: Mapping = vec![];
        let layout_of = |this: &Self, t: Option<&String>| -> Result<Constant, RuleError> {
            this.valid_layout(op, &t.cloned().unwrap_or_default())
                .map(Constant::Reg)
        };
        for (k, &o) in operands.iter().enumerate() {
            let site = Site::operand(op, k);
            if self.is_vector(o) {
                let v = self.var(site)?;
                let c = layout_of(self, li.next())?;
                sys.assignments.insert(v, c);
                map.push((v, vec![site]));
            } else if self.is_smem(o) {
                let src = self.producer_ref(site)?;
                let v = self.var(site)?;
                sys.constraints
                    .push(Constraint::Equals(Expr::Var(src), Expr::Var(v)));
                let text = ti.next().cloned().unwrap_or_default();
                let tiling = self.tiling_of(op, site, &text)?;
                sys.assignments.insert(v, Constant::Smem(tiling));
                map.push((v, vec![site]));
            }
        }
        for (k, &r) in results.iter().enumerate() {
            if self.is_vector(r) {
                let site = Site::result(op, k);
                let v = self.var(site)?;
                let c = layout_of(self, lo.next())?;
                sys.assignments.insert(v, c);
                map.push((v, vec![site]));
            }
        }
        Ok((sys, map))
    }

    /// The layout an attribute's text names, if jaxlib would build it.
    fn valid_layout(&self, op: usize, text: &str) -> Result<Reg, RuleError> {
        match layouts::parse_reg(text) {
            Some(Reg::Tiled(t)) if !t.is_valid() => Err(RuleError(
                op,
                format!("the layout {text} is not a valid tiled layout (jaxlib rejects it too)"),
            )),
            Some(Reg::Strided(shape, vec))
                if vec <= 0
                    || shape.iter().fold(1i64, |a, &b| a.wrapping_mul(b))
                        % vec.saturating_mul(layouts::WARPGROUP_SIZE)
                        != 0 =>
            {
                Err(RuleError(
                    op,
                    format!("the layout {text} does not spread its elements evenly over a warpgroup (jaxlib rejects it too)"),
                ))
            }
            Some(r) => Ok(r),
            None => Err(self.unsupported(op, &format!("the layout '{text}'"))),
        }
    }
}

/// Whether a memref's strides are out of order (a transposed view).
pub fn transposed(strides: &[i64]) -> bool {
    strides.windows(2).any(|w| w[1] > w[0])
}

/// The swizzle (bytes) of an SMEM ref of type `ty` tiled by `tiling`.
pub fn smem_swizzle(ty: &TyInfo, tiling: &[i64]) -> Option<i64> {
    if tiling.len() > ty.strides.len() {
        return None;
    }
    let minor = &ty.strides[ty.strides.len() - tiling.len()..];
    let argmin = (0..minor.len()).fold(0, |b, k| if minor[k] < minor[b] { k } else { b });
    Some(swizzle_for(tiling[argmin], ty.bits.unwrap_or(8)))
}

/// The elements of an array attribute's text, split at top-level commas.
fn split_transforms(text: &str) -> Vec<String> {
    let inner = text
        .trim()
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or("");
    let mut out = vec![];
    let mut depth = 0;
    let mut cur = String::new();
    for ch in inner.chars() {
        match ch {
            '<' | '[' | '(' => depth += 1,
            '>' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}
