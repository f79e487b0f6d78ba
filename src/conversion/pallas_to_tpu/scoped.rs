//! `pallas.run_scoped` -> `"tpu.region"() ({ allocations; body; tpu.yield })`,
//! as JAX's Pallas TPU lowering emits it: the region's block arguments
//! become allocations at the top of the region, `memref.alloca` for VMEM and
//! SMEM buffers (bools stored as i32) and `tpu.sem_alloc` for semaphores.
//! The body's `pallas.yield` becomes `tpu.yield` (see `kernel.rs`).

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, Region, RegionLike, Value, ValueLike};

use super::load_store::space_keyword_of;
use super::types::tpu_type;
use crate::conversion::common::builder::{value, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{is_memref, SemaphoreKind};

/// How a scoped allocation of type `ty` is made in Mosaic.
enum Alloc {
    Buffer,
    Semaphore,
}

/// Mosaic allocates VMEM and SMEM buffers and semaphores with static shapes;
/// JAX rejects anything else with "Cannot allocate <type>.".
fn alloc_kind(ty: Type) -> Result<Alloc, String> {
    let cannot = || format!("Cannot allocate {ty}.");
    if !is_memref(ty) {
        return Err(cannot());
    }
    match SemaphoreKind::of_memref(ty) {
        Some(SemaphoreKind::Barrier) => return Err(cannot()),
        Some(_) => return Ok(Alloc::Semaphore),
        None => {}
    }
    match space_keyword_of(ty) {
        Some("vmem" | "smem" | "vmem_shared") => Ok(Alloc::Buffer),
        _ => Err(cannot()),
    }
}

pub fn check(op: &OperationRef) -> Result<(), String> {
    if crate::ir::op_name_of(op) != "pallas.run_scoped" {
        return Ok(());
    }
    let body = op
        .region(0)
        .map_err(|e| e.to_string())?
        .first_block()
        .ok_or("run_scoped without a body")?;
    for i in 0..body.argument_count() {
        let ty = value(body.argument(i).map_err(|e| e.to_string())?).r#type();
        alloc_kind(ty)?;
    }
    for r in op.results() {
        if is_memref(r.r#type()) {
            // The allocation would outlive its scope.
            return Err(format!(
                "run_scoped cannot return a ref ({}); refs allocated in its body end with it",
                r.r#type()
            ));
        }
    }
    Ok(())
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.run_scoped", Some(tc), |op, _operands, rw| {
        let b = B::new(rw, op.location());
        let body = op
            .region(0)
            .map_err(|e| e.to_string())?
            .first_block()
            .ok_or("run_scoped without a body")?;
        let results: Vec<Type> = op.results().map(|r| tpu_type(r.r#type())).collect();
        let region = Region::new();
        region.append_block(Block::new(&[]));
        let scope = rw.insert(b.build("tpu.region", &[], &results, &[], vec![region]));
        let inner = scope
            .region(0)
            .map_err(|e| e.to_string())?
            .first_block()
            .ok_or("tpu.region without a block")?;
        rw.set_insertion_point_to_end(inner);
        let mut allocs: Vec<Value> = vec![];
        for i in 0..body.argument_count() {
            let orig = value(body.argument(i).map_err(|e| e.to_string())?).r#type();
            let ty = tpu_type(orig);
            let a = match alloc_kind(orig)? {
                Alloc::Semaphore => b.val("tpu.sem_alloc", &[], ty, &[]),
                Alloc::Buffer => b.val(
                    "memref.alloca",
                    &[],
                    ty,
                    &[("operandSegmentSizes", b.attr("array<i32: 0, 0>"))],
                ),
            };
            allocs.push(a);
        }
        // The body (ending in pallas.yield, which becomes tpu.yield) follows
        // the allocations.
        rw.merge_blocks(body, inner, &allocs);
        let res = (0..results.len())
            .map(|i| scope.result(i).map(value).map_err(|e| e.to_string()))
            .collect::<Result<Vec<Value>, String>>()?;
        rw.replace_op(&op, &res);
        Ok(())
    });
}
