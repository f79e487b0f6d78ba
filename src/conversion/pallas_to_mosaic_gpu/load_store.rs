//! Ref accesses and grid queries in the body. A whole-block load or store
//! of a block in shared memory is `mosaic_gpu.vector_load` /
//! `mosaic_gpu.vector_store` of the block's view; program ids are the block
//! ids read at kernel entry, and the grid size is a constant.

use melior::ir::operation::{OperationLike, OperationRef};

use super::kernel::Ctx;
use crate::conversion::common::builder::B;
use crate::ir::{self, value};

/// Rewrites `op` when it is an access or a grid query; whether it was one.
pub fn rewrite<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    ctx: &Ctx<'c, 'a>,
) -> Result<bool, String> {
    let operand = |i: usize| op.operand(i).map(value).map_err(|e| e.to_string());
    match ir::op_name_of(op) {
        "pallas.load" => {
            let t = ir::value_type(ir::result_of(*op, 0));
            let v = b.val(
                "mosaic_gpu.vector_load",
                &[operand(0)?],
                t,
                &[("optimized", b.attr("true"))],
            );
            b.rw.replace_op(op, &[v]);
        }
        "pallas.store" => {
            b.op(
                "mosaic_gpu.vector_store",
                &[operand(0)?, operand(1)?],
                &[],
                &[("multimem", b.attr("false"))],
            );
            b.rw.erase_op(op);
        }
        "pallas.program_id" => {
            let axis = ir::int_attr(op, "axis").ok_or("program_id without an axis")? as usize;
            let id = *ctx
                .program_ids
                .get(axis)
                .ok_or("program_id of an axis the grid does not have")?;
            b.rw.replace_op(op, &[id]);
        }
        "pallas.num_programs" => {
            let axis = ir::int_attr(op, "axis").ok_or("num_programs without an axis")? as usize;
            let n = *ctx
                .grid
                .get(axis)
                .ok_or("num_programs of an axis the grid does not have")?;
            let v = b.ci32(n);
            b.rw.replace_op(op, &[v]);
        }
        _ => return Ok(false),
    }
    Ok(true)
}
