//! The shared-memory plan, fixed before anything is emitted (JAX sizes
//! every pool with a static walk of the kernel first, then rules
//! bump-allocate inside them).
//!
//! Dynamic shared memory is one int8 scratch region at offset 0 followed by
//! the barriers (8 bytes each). The scratch holds the pipeline's block
//! buffers (inputs, then outputs), each rounded up to 1024 bytes, and above
//! them what the body needs while it runs: the reduction scratch of
//! `vector.multi_reduction`, `reduction_scratch_bytes` of the compiler
//! params. The scratch total is rounded up to 1024 bytes.

use melior::ir::block::BlockLike;
use melior::ir::operation::OperationRef;

use crate::conversion::pallas_to_tpu::kernel::KernelInfo;
use crate::dialect::pallas::gpu_params::MosaicGpuParams;
use crate::ir;

/// Shared memory is handed out in multiples of this.
pub const SMEM_ALIGNMENT: i64 = 1024;
/// Dynamic shared memory a CTA may opt into on sm_90 and sm_100 (JAX's
/// default when no device is there to ask).
pub const MAX_SMEM_BYTES: i64 = 227 * 1024;
/// One mbarrier.
pub const BARRIER_BYTES: i64 = 8;

pub fn align(n: i64, to: i64) -> i64 {
    (n + to - 1) / to * to
}

/// Where everything lives in dynamic shared memory.
pub struct Plan {
    /// Offset of the buffer of each operand (inputs, then outputs).
    pub buffers: Vec<i64>,
    /// Where the body's scratch starts (the reduction scratch).
    pub body_offset: i64,
    pub reduction_scratch_bytes: i64,
    /// Offset of the barrier array (right after the scratch).
    pub barrier_offset: i64,
    pub num_barriers: i64,
    /// The `dynamic_shared_memory_size` of the launch.
    pub total: i64,
}

/// Bytes of a block of operand type `spec`.
pub fn block_bytes(shape: &[i64], elem_bits: u64) -> i64 {
    shape.iter().product::<i64>() * elem_bits as i64 / 8
}

/// Whether the body reduces (and so needs the reduction scratch).
fn body_reduces(kernel: &OperationRef) -> bool {
    let mut found = false;
    ir::walk_nested(kernel, &mut |op| {
        found |= ir::op_name_of(&op) == "vector.multi_reduction";
    });
    found
}

pub fn plan(
    kernel: &OperationRef,
    info: &KernelInfo,
    params: &MosaicGpuParams,
) -> Result<Plan, String> {
    let body = ir::body_block(kernel).ok_or("kernel without a body")?;
    let mut used = 0;
    let mut buffers = vec![];
    for i in 0..info.specs.len() {
        let t = ir::value_type(ir::value(body.argument(i).map_err(|e| e.to_string())?));
        let bits = ir::bit_width(ir::element_type(t)).ok_or("block of unsized elements")?;
        buffers.push(used);
        used += align(block_bytes(&ir::memref_shape(t), bits), SMEM_ALIGNMENT);
    }
    let body_offset = used;
    let reduction = if body_reduces(kernel) {
        params.reduction_scratch_bytes
    } else {
        0
    };
    let scratch = align(used + reduction, SMEM_ALIGNMENT);
    let num_barriers = i64::from(info.n_ins > 0);
    Ok(Plan {
        buffers,
        body_offset,
        reduction_scratch_bytes: params.reduction_scratch_bytes,
        barrier_offset: scratch,
        num_barriers,
        total: scratch + num_barriers * BARRIER_BYTES,
    })
}
