//! Loop attributes of the `pallas` dialect: how a kernel body says
//! `lax.fori_loop(..., unroll=n)`, `pl.loop(..., unroll=True)` and
//! `plsc.parallel_loop(..., unroll=n)` on an `scf.for`:
//!
//! * `{pallas.unroll}` (unit): unroll completely (`unroll=True`);
//! * `{pallas.unroll = N : i64}`, N >= 1: `unroll=N`;
//! * `{pallas.parallel_loop}` (unit), optionally with `pallas.unroll = N`:
//!   a SparseCore parallel loop whose iterations are independent.
//!
//! The dialect verifies the attributes' form wherever they appear
//! ([`verify_loop_attribute`], called for every `pallas.*` attribute of any
//! op); what depends on the target (constant bounds for a full unroll,
//! SparseCore-only parallel loops) is checked by the lowerings
//! (`conversion/common/unroll.rs`).

use melior::ir::attribute::{Attribute, AttributeLike, IntegerAttribute};
use melior::ir::operation::{OperationLike, OperationRef};

pub const UNROLL_ATTR: &str = "pallas.unroll";
pub const PARALLEL_LOOP_ATTR: &str = "pallas.parallel_loop";

/// What `pallas.unroll` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unroll {
    /// `{pallas.unroll}`: every iteration, straight-line.
    Full,
    /// `{pallas.unroll = N}`: N iterations per loop step.
    Factor(i64),
}

impl Unroll {
    /// Decodes the attribute; `Err` says what is wrong with it.
    pub fn from_attribute(attr: Attribute) -> Result<Self, String> {
        if attr.is_unit() {
            return Ok(Unroll::Full);
        }
        let factor = IntegerAttribute::try_from(attr)
            .ok()
            .filter(|a| {
                let t = a.r#type();
                crate::ir::is_signless_integer(t) && crate::ir::integer_width(t) == Some(64)
            })
            .ok_or_else(|| {
                format!(
                    "{UNROLL_ATTR} must be a unit attribute (unroll=True) or an i64 unroll \
                     factor, got {attr}"
                )
            })?
            .value();
        if factor < 1 {
            return Err(format!(
                "{UNROLL_ATTR} must be an unroll factor >= 1 (write {{{UNROLL_ATTR}}} for a full \
                 unroll), got {factor}"
            ));
        }
        Ok(Unroll::Factor(factor))
    }

    /// The loop's `pallas.unroll`, if it has a well-formed one.
    pub fn of(op: &OperationRef) -> Option<Self> {
        op.attribute(UNROLL_ATTR)
            .ok()
            .and_then(|a| Self::from_attribute(a).ok())
    }
}

/// Whether `op` is marked `{pallas.parallel_loop}`.
pub fn is_parallel_loop(op: &OperationRef) -> bool {
    op.attribute(PARALLEL_LOOP_ATTR).is_ok()
}

/// Verifies one discardable `pallas.*` attribute of `op` (the dialect's
/// attribute verification hook). Attributes other than the loop attributes
/// are the lowerings' own bookkeeping and pass.
pub fn verify_loop_attribute(op: &OperationRef, name: &str, attr: Attribute) -> Result<(), String> {
    if name != UNROLL_ATTR && name != PARALLEL_LOOP_ATTR {
        return Ok(());
    }
    let op_name = crate::ir::op_name_of(op).to_string();
    if op_name != "scf.for" {
        return Err(format!("{name} applies to scf.for loops only"));
    }
    if !in_kernel(op) {
        return Err(format!(
            "{name} applies to loops in a pallas.kernel body only"
        ));
    }
    if name == UNROLL_ATTR {
        return Unroll::from_attribute(attr).map(|_| ());
    }
    if !attr.is_unit() {
        return Err(format!(
            "{PARALLEL_LOOP_ATTR} must be a unit attribute (the unroll factor is {UNROLL_ATTR} \
             = N), got {attr}"
        ));
    }
    match op.attribute(UNROLL_ATTR).ok().map(Unroll::from_attribute) {
        Some(Ok(Unroll::Full)) => Err(format!(
            "{PARALLEL_LOOP_ATTR} takes an unroll factor ({UNROLL_ATTR} = N), not a full unroll \
             (plsc.parallel_loop has no unroll=True)"
        )),
        _ => Ok(()),
    }
}

fn in_kernel(op: &OperationRef) -> bool {
    let mut cur = op.parent_operation();
    while let Some(p) = cur {
        if crate::ir::op_name_of(&p) == "pallas.kernel" {
            return true;
        }
        cur = p.parent_operation();
    }
    false
}
