//! `pallas.bitcast` (a value bitcast, `pltpu.bitcast`) on the CPU.
//!
//! The bits of the whole vector are kept and only the second-minor dim
//! changes with the bit width: row `r` of the wider vector holds rows
//! `k*r .. k*r + k` of the narrower one, the first in the lowest bits (what
//! JAX's interpret mode computes, and the TPU's sublane packing). That is
//! the packing of a width-changing `pallas.ref_bitcast`, so the value goes
//! through a buffer and the same conversion loop ([`refs::convert_copy`]).

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

use super::refs;
use super::roll::alloc;
use crate::conversion::common::builder::{identity_map, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{bit_width, element_type, memref_shape};

/// The shapes `pltpu.bitcast` accepts: when the bit width changes, a vector
/// of rank 2 or more whose second-minor dim scales by the width ratio
/// (the others unchanged).
pub fn check(op: &OperationRef) -> Result<(), String> {
    if op.name().as_string_ref().as_str() != Ok("pallas.bitcast") {
        return Ok(());
    }
    let from = op.operand(0).map_err(|e| e.to_string())?.r#type();
    let to = op.result(0).map_err(|e| e.to_string())?.r#type();
    let (wf, wt) = (
        bit_width(element_type(from)).unwrap_or(0) as i64,
        bit_width(element_type(to)).unwrap_or(0) as i64,
    );
    let (sf, st) = (memref_shape(from), memref_shape(to));
    if wf == wt {
        return Ok(());
    }
    let n = sf.len();
    let packs = wf > 0 && wt > 0 && (wf % wt == 0 || wt % wf == 0);
    let mut want = sf.clone();
    if n >= 2 {
        want[n - 2] = sf[n - 2] * wf / wt.max(1);
    }
    if n < 2 || !packs || sf[n - 2] * wf % wt != 0 || st != want {
        return Err(format!(
            "not yet supported: a pallas.bitcast from {from} to {to} on the CPU reference (a bitcast that changes the bit width needs rank >= 2 and scales only the second-minor dim by the bit-width ratio, as pltpu.bitcast)"
        ));
    }
    Ok(())
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.bitcast", Some(tc), |op, operands, rw| {
        let x = operands[0];
        let to = op.result(0).map_err(|e| e.to_string())?.r#type();
        let (from_shape, to_shape) = (memref_shape(x.r#type()), memref_shape(to));
        let b = B::new(rw, op.location());
        let src = alloc(&b, &from_shape, element_type(x.r#type()));
        let dst = alloc(&b, &to_shape, element_type(to));
        let zero = b.cidx(0);
        let rank = from_shape.len();
        let mut write = vec![x, src];
        write.extend(vec![zero; rank]);
        b.transfer_write(&write, rank, &identity_map(rank), false);
        refs::convert_copy(&b, src, dst);
        rw.set_insertion_point_before(&op);
        let rank = to_shape.len();
        let mut read = vec![dst];
        read.extend(vec![zero; rank]);
        read.push(b.zero(element_type(to)));
        let v = b.transfer_read(&read, rank, &identity_map(rank), false, to);
        b.op("memref.dealloc", &[src], &[], &[]);
        b.op("memref.dealloc", &[dst], &[], &[]);
        rw.replace_op(&op, &[v]);
        Ok(())
    });
}
