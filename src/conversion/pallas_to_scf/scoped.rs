//! `pallas.run_scoped` -> its body inlined in place, between a `memref.alloc`
//! of each of the region's buffers (semaphores zeroed) and their
//! `memref.dealloc`.
//!
//! Not `memref.alloca_scope`: that op's region must stay a single block, and
//! the upstream CPU pipeline breaks that as soon as the body holds a loop
//! (`convert-vector-to-scf` turns whole-vector transfers into `scf.for`,
//! `convert-scf-to-cf` turns every loop into blocks), so any vector load in a
//! scope made the lowered module invalid. A bare `memref.alloca` in place
//! would grow the stack at every grid step; heap buffers freed at the end of
//! the scope keep the scope's lifetime without either problem.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockLike, RegionLike, Value, ValueLike};

use super::types::cpu_type;
use crate::conversion::common::builder::{B, DYNAMIC};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{memref_shape, SemaphoreKind};

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.run_scoped", Some(tc), |op, _operands, rw| {
        let b = B::new(rw, op.location());
        let body = op
            .region(0)
            .map_err(|e| e.to_string())?
            .first_block()
            .ok_or("empty run_scoped")?;
        let term = body
            .terminator()
            .ok_or("run_scoped body without terminator")?;
        let term: OperationRef = crate::ir::op_ref(term);
        let mut buffers: Vec<Value> = vec![];
        for i in 0..body.argument_count() {
            let orig = body.argument(i).unwrap().r#type();
            let ty = cpu_type(orig);
            if !crate::ir::is_memref(ty) || memref_shape(ty).contains(&DYNAMIC) {
                // `check` reports it first, at the op.
                return Err(format!("a scoped allocation of type {orig}"));
            }
            let a = b.alloc(ty);
            if SemaphoreKind::of_memref(orig).is_some() {
                b.fill_zero(a);
            }
            buffers.push(a);
        }
        rw.inline_block_before(body, &op, &buffers);
        let yielded: Vec<Value> = term.operands().collect();
        rw.set_insertion_point_before(&op);
        for buf in &buffers {
            b.op("memref.dealloc", &[*buf], &[], &[]);
        }
        rw.erase_op(&term);
        rw.replace_op(&op, &yielded);
        Ok(())
    });
}
