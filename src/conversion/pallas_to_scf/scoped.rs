//! `pallas.run_scoped` -> `memref.alloca_scope` whose body allocates the
//! region's buffers with `memref.alloca` (semaphores zeroed).

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, BlockLike, Region, RegionLike, Value, ValueLike};

use super::types::cpu_type;
use crate::conversion::common::builder::{value, B};
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
        let results: Vec<_> = op.results().map(|r| cpu_type(r.r#type())).collect();
        let block = Block::new(&[]);
        let region = Region::new();
        region.append_block(block);
        let scope = rw.insert(b.build("memref.alloca_scope", &[], &results, &[], vec![region]));
        let inner = scope
            .region(0)
            .map_err(|e| e.to_string())?
            .first_block()
            .ok_or("no block")?;
        rw.set_insertion_point_to_end(inner);
        let mut allocs: Vec<Value> = vec![];
        for i in 0..body.argument_count() {
            let orig = body.argument(i).unwrap().r#type();
            let ty = cpu_type(orig);
            if !crate::ir::is_memref(ty)
                || memref_shape(ty).contains(&crate::conversion::common::builder::DYNAMIC)
            {
                return Err(format!(
                    "not yet supported: a scoped allocation of type {orig}"
                ));
            }
            let a = b.val(
                "memref.alloca",
                &[],
                ty,
                &[("operandSegmentSizes", b.attr("array<i32: 0, 0>"))],
            );
            if SemaphoreKind::of_memref(orig).is_some() {
                b.fill_zero(a);
            }
            allocs.push(a);
        }
        rw.merge_blocks(body, inner, &allocs);
        let term = inner.terminator().ok_or("no terminator")?;
        let term: OperationRef = unsafe { OperationRef::from_raw(term.to_raw()) };
        let yielded: Vec<Value> = term.operands().collect();
        rw.set_insertion_point_before(&term);
        b.op("memref.alloca_scope.return", &yielded, &[], &[]);
        rw.erase_op(&term);
        let res: Vec<Value> = (0..results.len())
            .map(|i| value(scope.result(i).unwrap()))
            .collect();
        rw.replace_op(&op, &res);
        Ok(())
    });
}
