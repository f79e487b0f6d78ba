//! Rules for SMEM refs: slices, views (subviews, casts, transposes,
//! reshapes, cluster refs), explicit transforms, scalar loads/stores and
//! TMA copies, with the tile divisibility each view and copy implies.

use super::*;
use crate::conversion::mosaic_gpu_layouts::constraints;

fn prime_factors(mut n: i64) -> Vec<i64> {
    let mut out = vec![];
    let mut d = 2;
    while d * d <= n {
        while n % d == 0 {
            n /= d;
            out.push(d);
        }
        d += 1;
    }
    if n != 1 {
        out.push(n);
    }
    out
}

impl Context<'_, '_, '_> {
    /// The rule of an SMEM-ref op (`None`: `n` is not one).
    pub(super) fn ref_rule(
        &mut self,
        op: usize,
        n: &str,
    ) -> Result<Option<(System, Mapping)>, RuleError> {
        let operands = self.m.ops[op].operands.clone();
        let mut sys = System::default();
        let mut map: Mapping = vec![];
        match n {
            "mosaic_gpu.slice_smem" => {
                let site = Site::result(op, 0);
                let v = match self.attr(op, "alias_id").and_then(ir::integer_attr_value) {
                    Some(alias) => {
                        let offset = ir::int_attr(&self.m.ops[op].op, "offset").unwrap_or(0);
                        match self.smem_aliases.get(&(offset, alias)) {
                            Some(&v) => v,
                            None => {
                                let v = self.var(site)?;
                                self.smem_aliases.insert((offset, alias), v);
                                v
                            }
                        }
                    }
                    None => self.var(site)?,
                };
                map.push((v, vec![site]));
            }
            "mosaic_gpu.get_cluster_ref" | "memref.cast" => {
                let v = self.producer_ref(Site::operand(op, 0))?;
                map.push((v, vec![Site::operand(op, 0), Site::result(op, 0)]));
            }
            "memref.subview" => {
                let src_site = Site::operand(op, 0);
                let src = self.producer_ref(src_site)?;
                let res = self.var(Site::result(op, 0))?;
                if ints(self.attr(op, "static_strides"))
                    .iter()
                    .any(|&s| s != 1)
                {
                    return Err(self.unsupported(op, "memref.subview with non-unit strides"));
                }
                let offsets = ints(self.attr(op, "static_offsets"));
                let sizes = ints(self.attr(op, "static_sizes"));
                let src_shape = self.ty(src_site).shape.clone();
                let mut dyn_offset = 1;
                let mut multiple = vec![];
                for (k, &size) in sizes.iter().enumerate() {
                    let off = offsets.get(k).copied().unwrap_or(0);
                    let dynamic_off = if off == i64::MIN {
                        let v = operands.get(dyn_offset).copied();
                        dyn_offset += 1;
                        v
                    } else {
                        None
                    };
                    if size == i64::MIN {
                        multiple.clear();
                        continue;
                    }
                    let g = constraints::gcd(size, src_shape.get(k).copied().unwrap_or(size));
                    let g = match dynamic_off {
                        Some(v) => self.dynamic_gcd(g, v),
                        None => constraints::gcd(g, off),
                    };
                    multiple.push(g);
                }
                sys.constraints = vec![
                    Constraint::Divides(Expr::Var(src), multiple),
                    Constraint::Equals(Expr::Var(src), Expr::Var(res)),
                ];
                map.push((src, vec![src_site]));
                map.push((res, vec![Site::result(op, 0)]));
            }
            "memref.transpose" => {
                let src_site = Site::operand(op, 0);
                let src = self.producer_ref(src_site)?;
                let dst = self.var(Site::result(op, 0))?;
                let text = self
                    .attr(op, "permutation")
                    .map(|a| a.to_string())
                    .unwrap_or_default();
                let Some(perm) = parse_permutation(&text) else {
                    return Err(self.unsupported(op, &format!("the permutation {text}")));
                };
                let inv: Vec<i64> = (0..perm.len() as i64)
                    .map(|k| perm.iter().position(|&p| p == k).unwrap_or(0) as i64)
                    .collect();
                sys.constraints = vec![
                    Constraint::Equals(
                        Expr::Transpose {
                            e: Box::new(Expr::Var(src)),
                            perm,
                        },
                        Expr::Var(dst),
                    ),
                    Constraint::Equals(
                        Expr::Var(src),
                        Expr::Transpose {
                            e: Box::new(Expr::Var(dst)),
                            perm: inv,
                        },
                    ),
                ];
                map.push((src, vec![src_site]));
                map.push((dst, vec![Site::result(op, 0)]));
            }
            "memref.load" | "memref.store" => {
                let k = if n == "memref.load" { 0 } else { 1 };
                let shape = &self.m.operand_ty(op, k).shape;
                if !shape.is_empty() && shape != &[1] {
                    return Err(RuleError(
                        op,
                        format!(
                            "layout inference takes {n} only on scalar SMEM refs, not of shape {shape:?} (jaxlib rejects it too)"
                        ),
                    ));
                }
                let site = Site::operand(op, k);
                let v = self.var(site)?;
                sys.assignments.insert(v, Constant::Smem(None));
                map.push((v, vec![site]));
            }
            "mosaic_gpu.try_cluster_cancel" | "mosaic_gpu.query_cluster_cancel" => {
                let v = self.producer_ref(Site::operand(op, 0))?;
                sys.assignments.insert(v, Constant::Smem(None));
                map.push((v, vec![Site::operand(op, 0)]));
            }
            "mosaic_gpu.with_transforms" => {
                let src = Site::operand(op, 0);
                let v = self.producer_ref(src)?;
                let tiling = self.explicit_tiling(op, src)?;
                let c = Constant::Smem(tiling);
                if !constraints::valid_assignment(&self.vars[v], &c) {
                    return Err(RuleError(
                        op,
                        format!(
                            "cannot tile a ref of shape {:?} with these transforms (jaxlib rejects it too)",
                            self.ty(src).shape
                        ),
                    ));
                }
                sys.assignments.insert(v, c);
                map.push((v, vec![src, Site::result(op, 0)]));
            }
            "mosaic_gpu.async_load" | "mosaic_gpu.async_store" | "mosaic_gpu.async_prefetch" => {
                return self.async_rule(op, n).map(Some);
            }
            "mosaic_gpu.warp_map" => {
                for (k, &o) in operands.iter().enumerate() {
                    if self.is_smem(o) || self.m.vals[o].ty.kind == Kind::Tmem {
                        let v = self.producer_ref(Site::operand(op, k))?;
                        let sites = vec![Site::operand(op, k), Site::argument(op, 0, k)];
                        match map.iter_mut().find(|(x, _)| *x == v) {
                            Some((_, s)) => s.extend(sites),
                            None => map.push((v, sites)),
                        }
                    }
                }
            }
            "memref.expand_shape" => {
                let src_site = Site::operand(op, 0);
                if transposed(&self.ty(src_site).strides) {
                    return Err(self.unsupported(op, "memref.expand_shape of a transposed ref"));
                }
                let src = self.producer_ref(src_site)?;
                let dst = self.var(Site::result(op, 0))?;
                let out_shape = ints(self.attr(op, "static_output_shape"));
                let groups = self.reassociation(op);
                let mut rev = vec![];
                for (d, g) in out_shape.iter().rev().zip(groups.iter().rev()) {
                    if *d == i64::MIN || *g > 1 {
                        break;
                    }
                    rev.push(*d);
                }
                rev.reverse();
                sys.constraints = vec![
                    Constraint::Divides(Expr::Var(src), rev),
                    Constraint::Equals(Expr::Var(src), Expr::Var(dst)),
                ];
                map.push((src, vec![src_site]));
                map.push((dst, vec![Site::result(op, 0)]));
            }
            "memref.collapse_shape" => {
                let groups = self.reassociation(op);
                if groups.is_empty() {
                    return Err(self.unsupported(op, "memref.collapse_shape to a rank-0 ref"));
                }
                let src_site = Site::operand(op, 0);
                let src = self.producer_ref(src_site)?;
                let dst = self.var(Site::result(op, 0))?;
                let ty = self.ty(src_site);
                let mut contiguous = vec![1i64; ty.shape.len()];
                for k in (0..ty.shape.len().saturating_sub(1)).rev() {
                    contiguous[k] = contiguous[k + 1] * ty.shape[k + 1];
                }
                if ty.strides != contiguous {
                    return Err(
                        self.unsupported(op, "memref.collapse_shape of a non-contiguous ref")
                    );
                }
                sys.constraints = vec![Constraint::Equals(
                    Expr::Var(dst),
                    Expr::Collapse {
                        e: Box::new(Expr::Var(src)),
                        from: ty.shape.clone(),
                        groups,
                    },
                )];
                map.push((src, vec![src_site]));
                map.push((dst, vec![Site::result(op, 0)]));
            }
            _ => return Ok(None),
        }
        Ok(Some((sys, map)))
    }

    /// Whether `value` is known to be a multiple of `divisor` (jaxlib's
    /// look through index casts, constants and integer arithmetic).
    fn known_divisible(&self, value: usize, divisor: i64, depth: i64) -> bool {
        if divisor == 1 {
            return true;
        }
        if depth < 0 {
            return false;
        }
        let next = depth - 1;
        let (op, _) = match self.m.vals[value].def {
            Def::Result(op, i) => (op, i),
            Def::Arg(op, _, i) => {
                let node = &self.m.ops[op];
                return node.name == "mosaic_gpu.warp_map"
                    && node
                        .operands
                        .get(i)
                        .is_some_and(|&o| self.known_divisible(o, divisor, next));
            }
            Def::Outside => return false,
        };
        let node = &self.m.ops[op];
        let arg = |k: usize| node.operands.get(k).copied();
        let div = |k: usize| arg(k).is_some_and(|o| self.known_divisible(o, divisor, next));
        let pow2 = divisor.count_ones() == 1;
        match node.name.as_str() {
            "mosaic_gpu.assume_multiple" => {
                ir::int_attr(&node.op, "multiple").is_some_and(|m| m.rem_euclid(divisor) == 0)
                    || div(0)
            }
            "arith.index_cast" => div(0),
            "arith.constant" => node.int_value.is_some_and(|v| v.rem_euclid(divisor) == 0),
            "arith.muli" => div(0) || div(1),
            "arith.select" => div(1) && div(2),
            "arith.maxsi" | "arith.minsi" | "arith.maxui" | "arith.minui" | "arith.addi"
            | "arith.subi" => div(0) && div(1),
            "arith.andi" => pow2 && (div(0) || div(1)),
            "arith.trunci" => pow2 && div(0),
            _ => false,
        }
    }

    /// The largest divisor of `a` that `value` is known to be a multiple of.
    fn dynamic_gcd(&self, a: i64, value: usize) -> i64 {
        let val = &self.m.vals[value];
        if val.ty.kind == Kind::Vector {
            return 1;
        }
        if let Def::Result(op, _) = val.def {
            let node = &self.m.ops[op];
            if node.name == "arith.constant" {
                if let Some(c) = node.int_value {
                    return constraints::gcd(a, c);
                }
            }
        }
        let mut g = 1;
        for f in prime_factors(a) {
            if self.known_divisible(value, g * f, 10) {
                g *= f;
            }
        }
        g
    }

    /// The sizes of the groups of a reshape's `reassociation`.
    fn reassociation(&self, op: usize) -> Vec<usize> {
        self.attr(op, "reassociation")
            .filter(|a| ir::tpu_view::is_array(a.to_raw()))
            .map(|a| {
                ir::array_elements(a)
                    .into_iter()
                    .map(ir::array_len)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The tiling the `transforms` of a `with_transforms` op ask for
    /// (`None`: untiled), checking a given swizzle against the one the
    /// tiling implies.
    fn explicit_tiling(&self, op: usize, src: Site) -> Result<Option<Vec<i64>>, RuleError> {
        let text = self
            .attr(op, "transforms")
            .map(|a| a.to_string())
            .unwrap_or_default();
        self.tiling_of(op, src, &text)
    }

    /// The tiling of a transforms array's text (`[]`, `[tile]` or
    /// `[tile, swizzle]`) for the ref at `src`.
    pub(super) fn tiling_of(
        &self,
        op: usize,
        src: Site,
        text: &str,
    ) -> Result<Option<Vec<i64>>, RuleError> {
        let parts = split_transforms(text);
        let mut tiling = None;
        let mut swizzle = None;
        for (k, p) in parts.iter().enumerate() {
            if let Some(t) = p
                .strip_prefix("#mosaic_gpu.tile<")
                .and_then(|t| t.strip_suffix('>'))
            {
                if k != 0 {
                    return Err(self.unsupported(op, &format!("the transforms {text}")));
                }
                let t = t.trim().trim_start_matches('[').trim_end_matches(']');
                let v: Option<Vec<i64>> = t.split(',').map(|x| x.trim().parse().ok()).collect();
                tiling =
                    Some(v.ok_or_else(|| self.unsupported(op, &format!("the transforms {text}")))?);
            } else if let Some(s) = p
                .strip_prefix("#mosaic_gpu.swizzle<")
                .and_then(|s| s.strip_suffix('>'))
            {
                if k != 1 {
                    return Err(self.unsupported(op, &format!("the transforms {text}")));
                }
                swizzle = s
                    .split(':')
                    .next()
                    .and_then(|x| x.trim().parse::<i64>().ok());
            } else {
                return Err(self.unsupported(op, &format!("the transforms {text}")));
            }
        }
        if let (Some(s), Some(t)) = (swizzle, tiling.as_ref()) {
            let ty = self.ty(src);
            let computed = smem_swizzle(ty, t);
            if computed != Some(s) {
                return Err(self.unsupported(
                    op,
                    &format!(
                        "a swizzle of {s} bytes where the tiling implies {} for {}",
                        computed.unwrap_or(16),
                        ty.text
                    ),
                ));
            }
        }
        Ok(tiling)
    }

    fn async_rule(&mut self, op: usize, n: &str) -> Result<(System, Mapping), RuleError> {
        let operands = self.m.ops[op].operands.clone();
        // The indices follow the refs (and a load's barrier), one per GMEM
        // dimension.
        let base = match n {
            "mosaic_gpu.async_load" => 3,
            "mosaic_gpu.async_store" => 2,
            _ => 1,
        };
        let lengths = ints(self.attr(op, "slice_lengths"));
        let end = (base + lengths.len()).min(operands.len());
        let mut sys = System::default();
        let mut map: Mapping = vec![];
        if n != "mosaic_gpu.async_prefetch" {
            let mut multiple = vec![];
            let mut gathered = false;
            for (k, &size) in lengths.iter().enumerate() {
                if size == -1 {
                    continue;
                }
                let Some(&index) = operands.get(base + k).filter(|_| base + k < end) else {
                    continue;
                };
                if self.m.vals[index].ty.kind == Kind::Vector {
                    if k != 0 {
                        return Err(self.unsupported(
                            op,
                            "gathers/scatters along other than the leading dimension",
                        ));
                    }
                    gathered = true;
                    multiple.push(size);
                    continue;
                }
                multiple.push(self.dynamic_gcd(size, index));
            }
            let smem_k = if n == "mosaic_gpu.async_load" { 1 } else { 0 };
            let site = Site::operand(op, smem_k);
            let v = self.producer_ref(site)?;
            sys.constraints
                .push(Constraint::Divides(Expr::Var(v), multiple));
            if gathered {
                let gmem_k = if n == "mosaic_gpu.async_load" { 0 } else { 1 };
                let bits = self.m.operand_ty(op, gmem_k).bits.unwrap_or(8);
                let divisor = 256 / bits;
                let last = lengths.iter().rev().find(|&&s| s != -1).copied();
                if last.is_some_and(|l| l % divisor != 0) {
                    return Err(RuleError(
                        op,
                        format!("cannot assign a layout to a gathering TMA copy whose minor dimension is not a multiple of {divisor} (jaxlib rejects it too)"),
                    ));
                }
                sys.constraints
                    .push(Constraint::MinorDimDivisibleBy(Expr::Var(v), divisor));
            }
            map.push((v, vec![site]));
        }
        for (k, &index) in operands.iter().enumerate().take(end).skip(base) {
            if self.m.vals[index].ty.kind != Kind::Vector {
                continue;
            }
            let site = Site::operand(op, k);
            let v = self.var(site)?;
            let rows = self.ty(site).shape.first().copied().unwrap_or(0);
            let layout = if rows % 16 == 0 {
                layouts::tma_indices()
            } else if rows % 4 == 0 {
                layouts::tma_indices_4()
            } else {
                return Err(RuleError(
                    op,
                    format!("TMA index vectors of {rows} rows are not supported (jaxlib rejects them too)"),
                ));
            };
            sys.assignments.insert(v, Constant::Reg(Reg::Tiled(layout)));
            map.push((v, vec![site]));
        }
        Ok((sys, map))
    }
}

/// `affine_map<(d0, d1) -> (d1, d0)>` to `[1, 0]`.
fn parse_permutation(text: &str) -> Option<Vec<i64>> {
    let (_, results) = text.split_once("->")?;
    let results = results.trim().strip_prefix('(')?;
    let results = results.split(')').next()?;
    results
        .split(',')
        .map(|d| d.trim().strip_prefix('d')?.parse().ok())
        .collect()
}
