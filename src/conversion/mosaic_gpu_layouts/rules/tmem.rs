//! Rules for TMEM refs (Blackwell): allocations, slices, layout casts,
//! tcgen05 MMAs with their scales and sparsity metadata, and transfers
//! between TMEM, registers and SMEM.

use super::*;
use crate::conversion::mosaic_gpu_layouts::constraints;

impl Context<'_, '_, '_> {
    /// A copy between TMEM and registers: the two layouts must be one the
    /// hardware moves (jaxlib's TMEM transfer constraint), for the shape and
    /// bit width of the copied value (`src`'s).
    fn transfer_tmem(
        &self,
        sys: &mut System,
        map: &mut Mapping,
        (src, source): (Var, Site),
        (dst, dest): (Var, Site),
    ) {
        let ty = self.ty(source);
        sys.constraints.push(Constraint::TransferTmem {
            src: Expr::Var(src),
            dst: Expr::Var(dst),
            shape: ty.shape.clone(),
            bits: ty.bits.unwrap_or(32),
        });
        map.push((src, vec![source]));
        map.push((dst, vec![dest]));
    }

    /// The rule of a TMEM op (`None`: `n` is not one).
    pub(super) fn tmem_rule(
        &mut self,
        op: usize,
        n: &str,
    ) -> Result<Option<(System, Mapping)>, RuleError> {
        let mut sys = System::default();
        let mut map: Mapping = vec![];
        match n {
            "mosaic_gpu.tmem_alloc" => {
                let r = self.var(Site::result(op, 0))?;
                let smem = self.var(Site::operand(op, 0))?;
                sys.assignments.insert(smem, Constant::Smem(None));
                map.push((r, vec![Site::result(op, 0)]));
                map.push((smem, vec![Site::operand(op, 0)]));
            }
            "mosaic_gpu.tmem_dealloc" => {
                let v = self.producer_ref(Site::operand(op, 0))?;
                map.push((v, vec![Site::operand(op, 0)]));
            }
            "mosaic_gpu.tmem_layout_cast" => {
                let operand = Site::operand(op, 0);
                let v = self.producer_ref(operand)?;
                let text = self
                    .attr(op, "new_layout")
                    .map(|a| a.to_string())
                    .unwrap_or_default();
                // The op's verifier only takes tiled layouts here.
                let Reg::Tiled(t) = self.valid_layout(op, &text)? else {
                    return Err(RuleError(
                        op,
                        format!(
                            "the layout {text} is not a valid tiled layout (jaxlib rejects it too)"
                        ),
                    ));
                };
                let c = Constant::Tmem(t);
                if !constraints::valid_assignment(&self.vars[v], &c) {
                    return Err(RuleError(
                        op,
                        format!(
                            "cannot cast to TMEM layout {text}: it does not apply to the ref shape {:?} (jaxlib rejects it too)",
                            self.vars[v].shape
                        ),
                    ));
                }
                sys.assignments.insert(v, c);
                map.push((v, vec![operand, Site::result(op, 0)]));
            }
            "mosaic_gpu.slice_tmem" => {
                let operand = Site::operand(op, 0);
                let src = self.producer_ref(operand)?;
                let site = Site::result(op, 0);
                let v = match self.attr(op, "alias_id").and_then(ir::integer_attr_value) {
                    Some(alias) => {
                        let offset = ir::int_attr(&self.m.ops[op].op, "offset").unwrap_or(0);
                        match self.tmem_aliases.get(&(offset, alias)) {
                            Some(&v) => v,
                            None => {
                                let v = self.var(site)?;
                                self.tmem_aliases.insert((offset, alias), v);
                                v
                            }
                        }
                    }
                    None => self.var(site)?,
                };
                map.push((src, vec![operand]));
                map.push((v, vec![site]));
            }
            "mosaic_gpu.async_load_tmem" => {
                let (source, dest) = (Site::operand(op, 0), Site::result(op, 0));
                let src = self.producer_ref(source)?;
                let dst = self.var(dest)?;
                self.transfer_tmem(&mut sys, &mut map, (src, source), (dst, dest));
            }
            "mosaic_gpu.async_store_tmem" => {
                let (source, dest) = (Site::operand(op, 0), Site::operand(op, 1));
                let src = self.var(source)?;
                let dst = self.producer_ref(dest)?;
                self.transfer_tmem(&mut sys, &mut map, (src, source), (dst, dest));
            }
            "mosaic_gpu.async_store_smem_to_tmem" => {
                let source = Site::operand(op, 0);
                let src = self.producer_ref(source)?;
                let dst = self.producer_ref(Site::operand(op, 1))?;
                let bits = self.ty(Site::operand(op, 1)).bits.unwrap_or(32);
                let c = Constant::Tmem(layouts::tmem_default(32 / bits.max(1)));
                if !constraints::valid_assignment(&self.vars[dst], &c) {
                    return Err(RuleError(
                        op,
                        format!(
                            "cannot give the TMEM ref of shape {:?} its default layout (jaxlib rejects it too)",
                            self.vars[dst].shape
                        ),
                    ));
                }
                sys.assignments.insert(dst, c);
                sys.constraints.push(Constraint::ValidMmaTiling {
                    e: Expr::Var(src),
                    bits,
                    unswizzled: true,
                });
                map.push((src, vec![source]));
                map.push((dst, vec![Site::operand(op, 1)]));
            }
            "mosaic_gpu.tcgen05_mma" => return self.tcgen05_rule(op).map(Some),
            "mosaic_gpu.async_store_sparse_metadata_smem_to_tmem"
            | "mosaic_gpu.async_store_scales_smem_to_tmem" => {
                let source = Site::operand(op, 0);
                let src = self.producer_ref(source)?;
                let dest = Site::operand(op, 1);
                let dst = self.producer_ref(dest)?;
                let layout = if n == "mosaic_gpu.async_store_sparse_metadata_smem_to_tmem" {
                    sys.assignments
                        .insert(dst, Constant::Tmem(layouts::tmem_sparse_meta()));
                    sys.assignments.insert(src, Constant::Smem(None));
                    None
                } else {
                    sys.assignments.insert(src, Constant::Smem(None));
                    let k_tiles = self.ty(dest).shape.get(1).copied().unwrap_or(0) / 4;
                    Some(if self.ty(source).shape == [1, k_tiles, 64, 16] {
                        layouts::tmem_b_scales_m64_collective()
                    } else {
                        layouts::tmem_scales()
                    })
                };
                if let Some(l) = layout {
                    sys.assignments.insert(dst, Constant::Tmem(l));
                }
                map.push((src, vec![source]));
                map.push((dst, vec![dest]));
            }
            _ => return Ok(None),
        }
        Ok(Some((sys, map)))
    }

    /// tcgen05 MMAs: the accumulator (and a TMEM `a`) get the TMEM layout
    /// of their shape, SMEM operands MMA tilings.
    fn tcgen05_rule(&mut self, op: usize) -> Result<(System, Mapping), RuleError> {
        // Operands: accumulator, a, b, accumulate flag, then the optional
        // a_scale, b_scale and a_sparse_metadata.
        let view = ir::tpu_view::Op::of(&self.m.ops[op].op);
        let optional = |k: usize| -> Option<usize> {
            let group = view.group(k);
            (!group.is_empty()).then_some(group.start)
        };
        let (a_scale, b_scale, sparse) = (optional(4), optional(5), optional(6));
        let collective = self.bool_attr(op, "collective").unwrap_or(false);
        let mut sys = System::default();
        let mut map: Mapping = vec![];
        let acc_site = Site::operand(op, 0);
        let acc = self.producer_ref(acc_site)?;
        let acc_shape = self.ty(acc_site).shape.clone();
        let Some(acc_layout) = layouts::tmem_for(&acc_shape, collective, 1)
            .map(Constant::Tmem)
            .filter(|c| constraints::valid_assignment(&self.vars[acc], c))
        else {
            return Err(RuleError(op, no_tmem_fit("accumulator", &acc_shape)));
        };
        sys.assignments.insert(acc, acc_layout);
        map.push((acc, vec![acc_site]));
        let b_site = Site::operand(op, 2);
        let b_ty = self.ty(b_site).clone();
        let bits = b_ty.bits.unwrap_or(16);
        let b = self.producer_ref(b_site)?;
        map.push((b, vec![b_site]));
        let b_t = transposed(&b_ty.strides);
        let b_expr = Expr::var_transposed_if(b, b_t);
        sys.constraints.push(Constraint::ValidMmaTiling {
            e: b_expr,
            bits,
            unswizzled: false,
        });
        if acc_shape.first() == Some(&64) && !collective {
            // N must split over two lane groups without cutting a tile.
            let n = b_ty.shape.get(1).copied().unwrap_or(0);
            let elems = [128, 64, 32, 16]
                .iter()
                .map(|s| 8 * s / bits.max(1))
                .find(|&e| e <= n / 2)
                .unwrap_or(1);
            let m = if b_t { vec![elems, 8] } else { vec![8, elems] };
            sys.constraints.push(Constraint::Divides(Expr::Var(b), m));
        }
        let a_site = Site::operand(op, 1);
        let a_ty = self.ty(a_site).clone();
        let a = self.producer_ref(a_site)?;
        if a_ty.kind == Kind::Tmem {
            let packing = 32 / a_ty.bits.unwrap_or(32).max(1);
            let Some(l) = layouts::tmem_for(&a_ty.shape, collective, packing)
                .map(Constant::Tmem)
                .filter(|c| constraints::valid_assignment(&self.vars[a], c))
            else {
                return Err(RuleError(op, no_tmem_fit("'a' operand", &a_ty.shape)));
            };
            sys.assignments.insert(a, l);
        } else {
            let e = Expr::var_transposed_if(a, transposed(&a_ty.strides));
            sys.constraints.push(Constraint::ValidMmaTiling {
                e,
                bits,
                unswizzled: false,
            });
        }
        map.push((a, vec![a_site]));
        if let Some(k) = sparse {
            let site = Site::operand(op, k);
            let v = self.producer_ref(site)?;
            self.pin_tmem(
                op,
                &mut sys,
                v,
                layouts::tmem_sparse_meta(),
                "sparsity metadata",
            )?;
            map.push((v, vec![site]));
        }
        // The verifier asks for both scales or neither.
        for (k, is_b) in [(a_scale, false), (b_scale, true)] {
            let Some(k) = k else { continue };
            let site = Site::operand(op, k);
            let v = self.producer_ref(site)?;
            let layout = if collective && is_b && acc_shape.first() == Some(&64) {
                layouts::tmem_b_scales_m64_collective()
            } else {
                layouts::tmem_scales()
            };
            self.pin_tmem(op, &mut sys, v, layout, "scales")?;
            map.push((v, vec![site]));
        }
        Ok((sys, map))
    }

    /// Assigns `layout` to the TMEM ref variable `v` of an MMA's `what`.
    fn pin_tmem(
        &self,
        op: usize,
        sys: &mut System,
        v: Var,
        layout: layouts::Tiled,
        what: &str,
    ) -> Result<(), RuleError> {
        let c = Constant::Tmem(layout);
        if !constraints::valid_assignment(&self.vars[v], &c) {
            return Err(RuleError(
                op,
                format!(
                    "the tcgen05 {what} of shape {:?} do not fit their TMEM layout (jaxlib rejects them too)",
                    self.vars[v].shape
                ),
            ));
        }
        sys.assignments.insert(v, c);
        Ok(())
    }
}

fn no_tmem_fit(what: &str, shape: &[i64]) -> String {
    format!("no TMEM layout fits the tcgen05 {what} of shape {shape:?} (jaxlib rejects it too)")
}
