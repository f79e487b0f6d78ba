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

use melior::ir::block::{BlockLike, BlockRef};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::RegionLike;

use crate::conversion::pallas_to_tpu::kernel::KernelInfo;
use crate::dialect::pallas::gpu_params::MosaicGpuParams;
use crate::ir::{self, MemorySpace};

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

/// Discardable attribute the planner leaves on each `pallas.run_scoped`:
/// the shared-memory offset of each of its allocations (`-1 - i` for
/// barrier group `i`).
pub const SCOPED_OFFSETS_ATTR: &str = "pallas.smem_offsets";

/// Where a scratch operand or scoped allocation lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alloc {
    /// A shared-memory buffer at this offset.
    Smem(i64),
    /// Barrier group `i` of the plan.
    Barrier(usize),
}

/// An mbarrier array as Mosaic GPU initializes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BarrierSpec {
    pub arrivals: i64,
    pub orders_tensor_core: bool,
    /// Barriers in the group (an array of barriers is one group).
    pub count: i64,
}

/// Where everything lives in dynamic shared memory.
pub struct Plan {
    /// Each scratch operand of the kernel.
    pub scratch: Vec<Alloc>,
    /// The pipeline buffer of each operand (inputs, then outputs); `None`
    /// for operands left in GMEM.
    pub buffers: Vec<Option<i64>>,
    /// The barrier groups, in allocation order (the pipeline's first when
    /// there is one).
    pub barriers: Vec<BarrierSpec>,
    /// Offset of the barriers (right after the scratch), 8 bytes each.
    pub barrier_offset: i64,
    /// The `dynamic_shared_memory_size` of the launch.
    pub total: i64,
}

/// Bytes of `shape` elements of `elem_bits` bits.
pub fn block_bytes(shape: &[i64], elem_bits: u64) -> i64 {
    shape.iter().product::<i64>() * elem_bits as i64 / 8
}

/// Whether a block or scratch operand of this spec is pipelined through
/// shared memory (no memory space or `shared`; GMEM operands are passed
/// whole).
pub fn is_pipelined(space: Option<MemorySpace>) -> bool {
    matches!(space, None | Some(MemorySpace::Shared))
}

struct Planner {
    barriers: Vec<BarrierSpec>,
    reduction_bytes: i64,
    annotate: bool,
}

impl Planner {
    /// The allocation of a shared ref or barrier of type `t` at `used`.
    fn alloc(&mut self, t: Type, used: &mut i64) -> Result<Alloc, String> {
        if MemorySpace::of_memref(t) != Some(MemorySpace::Shared) {
            return Err(format!(
                "not yet supported: scratch in a memory space other than shared ({t})"
            ));
        }
        if let Some(b) = ir::barrier_params(ir::element_type(t)) {
            if b.collective_axes.is_some() {
                return Err(format!("not yet supported: cluster barriers ({t})"));
            }
            let spec = BarrierSpec {
                arrivals: b.arrivals,
                orders_tensor_core: b.orders_tensor_core,
                count: ir::memref_shape(t).iter().product(),
            };
            // JAX pools barriers by kind and hands sibling scopes the same
            // one; this planner gives each allocation its own.
            if self.barriers.contains(&spec) {
                return Err(format!(
                    "not yet supported: several barrier allocations of the same kind ({t})"
                ));
            }
            self.barriers.push(spec);
            return Ok(Alloc::Barrier(self.barriers.len() - 1));
        }
        let bits = ir::bit_width(ir::element_type(t))
            .ok_or_else(|| format!("not yet supported: shared scratch of {t}"))?;
        let at = *used;
        *used += align(block_bytes(&ir::memref_shape(t), bits), SMEM_ALIGNMENT);
        Ok(Alloc::Smem(at))
    }

    /// The most shared memory the ops of `block` use at once, starting at
    /// `used` (run_scoped allocations nest; siblings reuse).
    fn walk(&mut self, block: BlockRef, used: i64) -> Result<i64, String> {
        let mut peak = used;
        let mut op = block.first_operation();
        while let Some(o) = op {
            match ir::op_name_of(&o) {
                "pallas.run_scoped" => {
                    let body = o
                        .region(0)
                        .ok()
                        .and_then(|r| r.first_block())
                        .ok_or("run_scoped without a body")?;
                    let mut inner = used;
                    let mut offsets = vec![];
                    for i in 0..body.argument_count() {
                        let t =
                            ir::value_type(ir::value(body.argument(i).map_err(|e| e.to_string())?));
                        // WGMMA accumulators live in registers (the lowering
                        // discharges them into values before it plans).
                        if MemorySpace::of_memref(t) == Some(MemorySpace::Regs) {
                            continue;
                        }
                        offsets.push(match self.alloc(t, &mut inner)? {
                            Alloc::Smem(at) => at,
                            Alloc::Barrier(i) => -1 - i as i64,
                        });
                    }
                    if self.annotate {
                        let attr = ir::dense_i64_array_attr(ir::op_context(&o), &offsets);
                        ir::set_attribute(&o, SCOPED_OFFSETS_ATTR, attr);
                    }
                    peak = peak.max(self.walk(body, inner)?);
                }
                "vector.multi_reduction" => {
                    // JAX reserves the reduction scratch for every reduction
                    // (whether its layout needs it is only known later).
                    if self.annotate {
                        let ctx = ir::op_context(&o);
                        let at = |v: i64| {
                            ir::parse_attribute(ctx, &format!("{v} : i32")).ok_or("bad attribute")
                        };
                        ir::set_attribute(&o, "offset", at(used)?);
                        ir::set_attribute(&o, "scratch_size", at(self.reduction_bytes)?);
                    }
                    peak = peak.max(used + self.reduction_bytes);
                }
                _ => {
                    for r in 0..o.region_count() {
                        let region = o.region(r).map_err(|e| e.to_string())?;
                        let mut b = region.first_block();
                        while let Some(blk) = b {
                            peak = peak.max(self.walk(blk, used)?);
                            b = blk.next_in_region();
                        }
                    }
                }
            }
            op = o.next_in_block();
        }
        Ok(peak)
    }
}

/// Plans the shared memory of `kernel`; with `annotate`, records the
/// offsets of scoped allocations and reductions on their ops.
pub fn plan(
    kernel: &OperationRef,
    info: &KernelInfo,
    params: &MosaicGpuParams,
    annotate: bool,
) -> Result<Plan, String> {
    let body = ir::body_block(kernel).ok_or("kernel without a body")?;
    let mut planner = Planner {
        barriers: vec![],
        reduction_bytes: params.reduction_scratch_bytes,
        annotate,
    };
    // The kernel's scratch operands are allocated around the pipeline
    // (their run_scoped is the outermost), then the pipeline buffers.
    let mut used = 0;
    let n_fixed = info.prefetch.len() + info.specs.len();
    let mut scratch = vec![];
    for i in n_fixed..body.argument_count() {
        let t = ir::value_type(ir::value(body.argument(i).map_err(|e| e.to_string())?));
        // A WGMMA accumulator lives in registers (the lowering discharges it
        // before it plans).
        if MemorySpace::of_memref(t) == Some(MemorySpace::Regs) {
            continue;
        }
        scratch.push(planner.alloc(t, &mut used)?);
    }
    // Each pipelined operand has a buffer per concurrent step, and the
    // inputs a barrier per buffer.
    let slots = super::pipeline::Schedule::of(kernel, &info.grid, params).slots;
    let mut buffers = vec![];
    let mut pipelined_inputs = 0;
    for (i, spec) in info.specs.iter().enumerate() {
        if !is_pipelined(spec.memory_space) {
            buffers.push(None);
            continue;
        }
        pipelined_inputs += i64::from(i < info.n_ins);
        let shape: Vec<i64> = spec.dims.iter().map(|d| d.size()).collect();
        let elem = ir::element_type(spec.array_type);
        let bits =
            ir::bit_width(elem).ok_or_else(|| format!("not yet supported: blocks of {elem}"))?;
        buffers.push(Some(used));
        used += align(slots * block_bytes(&shape, bits), SMEM_ALIGNMENT);
    }
    if pipelined_inputs > 0 {
        planner.barriers.push(BarrierSpec {
            arrivals: pipelined_inputs,
            orders_tensor_core: false,
            count: slots,
        });
    }
    let peak = planner.walk(body, used)?;
    if pipelined_inputs > 0 && planner.barriers.len() > 1 {
        return Err("not yet supported: user barriers together with pipelined inputs".into());
    }
    let scratch_bytes = align(peak, SMEM_ALIGNMENT);
    let barrier_count: i64 = planner.barriers.iter().map(|b| b.count).sum();
    Ok(Plan {
        scratch,
        buffers,
        barriers: planner.barriers,
        barrier_offset: scratch_bytes,
        total: scratch_bytes + barrier_count * BARRIER_BYTES,
    })
}
