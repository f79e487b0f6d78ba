//! Size limits of the CPU reference (issue 12, "Limits"), checked before
//! anything is rewritten so that an oversized kernel gets a diagnostic at
//! the user's op instead of a lowering that runs out of memory or time.
//!
//! * A vector value in a kernel is bounded by the TPU passes' own rule
//!   (`pallas_to_tpu::limits::vector_result_error`, with the default
//!   target: the largest TPU's VMEM, 192 MiB counting elements times their
//!   width, bools as 32 bits), so the CPU reference runs every vector a TPU
//!   pass accepts. Nothing in the lowering is built element by element
//!   (iota and the PRNG's counters are `vector.step`s) and
//!   `pallas-row-loops` computes vector values in 64-lane chunks.
//! * The buffers the CPU reference allocates for a kernel (one per window,
//!   each scratch operand, every `run_scoped` allocation, counted per
//!   device, and per subcore where subcore barriers give each subcore its
//!   own, subcores.rs) total at most the pass option `max-buffer-bytes`
//!   (4 GiB by default): the host's memory
//!   holds every simulated device's buffers at once (a mesh of D devices
//!   needs D times one device's VMEM), so the bound is the host's, and a
//!   user with a larger host raises it.
//! * Every ref type (arrays too) has a byte size that fits in an `i64`, the
//!   width of the index arithmetic that addresses it.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{RegionLike, ValueLike};

use super::kernel::sparsecore_cores;
use super::types::cpu_type;
use crate::conversion::pallas_to_tpu::limits::{vector_result_error, Target};
use crate::ir::{self, BlockSpec, MemorySpace};

/// The element count of a shape; `None` past `i64`.
fn elements(shape: &[i64]) -> Option<i64> {
    shape
        .iter()
        .try_fold(1i64, |n, d| n.checked_mul((*d).max(0)))
}

/// The bytes a memref of the CPU type of `ty` takes (bools and other
/// sub-byte elements take a byte, index 8); `None` past `i64`.
fn bytes_of(ty: Type) -> Option<i64> {
    let ty = cpu_type(ty);
    let width = match ir::bit_width(ir::element_type(ty)) {
        Some(bits) => bits.div_ceil(8) as i64,
        None => 8,
    };
    elements(&ir::memref_shape(ty))?.checked_mul(width)
}

/// Reports the first size limit `kernel` breaks; true when it has none.
pub fn check_kernel(kernel: &OperationRef, max_buffer_bytes: i64) -> bool {
    match vector_sizes(kernel).and_then(|_| allocations(kernel, max_buffer_bytes)) {
        Ok(()) => true,
        Err((at, message)) => {
            ir::emit_op_error(at.as_ref().unwrap_or(kernel), &message);
            false
        }
    }
}

type Failure<'c, 'a> = (Option<OperationRef<'c, 'a>>, String);

/// The first op of the kernel with a vector result larger than the TPU
/// passes allow (with their default target).
fn vector_sizes<'c, 'a>(kernel: &OperationRef<'c, 'a>) -> Result<(), Failure<'c, 'a>> {
    let vmem = Target { chip: None }.vmem();
    let mut found: Option<Failure<'c, 'a>> = None;
    ir::walk_nested(kernel, &mut |op| {
        if found.is_some() {
            return;
        }
        if let Some(message) = vector_result_error(&op, &vmem) {
            found = Some((Some(op), message));
        }
    });
    found.map_or(Ok(()), Err)
}

/// The kernel's operand arrays, windows, scratch and scoped allocations:
/// each must have a byte size in `i64`, the allocated ones at most
/// `max_bytes` together.
fn allocations<'c, 'a>(
    kernel: &OperationRef<'c, 'a>,
    max_bytes: i64,
) -> Result<(), Failure<'c, 'a>> {
    let specs: Vec<(String, BlockSpec)> = ["in_specs", "out_specs"]
        .iter()
        .flat_map(|n| {
            let side = if *n == "in_specs" {
                "inputs"
            } else {
                "outputs"
            };
            kernel
                .attribute(n)
                .map(crate::conversion::common::builder::array_elements)
                .unwrap_or_default()
                .into_iter()
                .enumerate()
                .filter_map(move |(i, a)| {
                    Some((
                        format!("{side}[{i}]"),
                        BlockSpec::from_attribute(ir::attr_ref(a))?,
                    ))
                })
        })
        .collect();
    let overflow = |what: String| (None, format!("{what} has more than 2^63 - 1 bytes"));
    // (what, bytes, where to report)
    let mut allocated: Vec<(String, i64, Option<OperationRef<'c, 'a>>)> = vec![];
    for (label, spec) in &specs {
        bytes_of(spec.array_type)
            .ok_or_else(|| overflow(format!("{label}'s array {}", spec.array_type)))?;
        if matches!(spec.memory_space, Some(MemorySpace::Any | MemorySpace::Hbm)) {
            continue;
        }
        let window = spec.block_ref_type();
        let what = format!("{label}'s window {}", cpu_type(window));
        let bytes = bytes_of(window).ok_or_else(|| overflow(what.clone()))?;
        allocated.push((what, bytes, None));
    }
    let Some(body) = crate::ir::region_at(kernel, 0).and_then(|r| r.first_block()) else {
        return Ok(());
    };
    let n_prefetch = kernel
        .attribute("scalar_prefetch")
        .map(|a| crate::conversion::common::builder::array_elements(a).len())
        .unwrap_or(0);
    let first_scratch = n_prefetch + specs.len();
    // With subcore barriers, each subcore has its own scratch outside
    // HBM / VMEM_SHARED and its own buffers of scopes holding a barrier;
    // the barriers' counters and the schedule's state take 8 bytes per
    // subcore.
    let subcores =
        super::subcores::holds_barrier(kernel).then(|| super::subcores::subcores_of(kernel));
    let per_subcore = |what: &str, bytes: i64| -> Result<i64, Failure<'c, 'a>> {
        match subcores {
            Some(n) => bytes
                .checked_mul(n)
                .ok_or_else(|| overflow(format!("{what}, one per subcore of {n},"))),
            None => Ok(bytes),
        }
    };
    if let Some(n) = subcores {
        let what = format!("the subcore barriers' state (8 bytes for each of {n} subcores)");
        let bytes = n.checked_mul(8).ok_or_else(|| overflow(what.clone()))?;
        allocated.push((what, bytes, None));
    }
    for k in 0..body.argument_count() {
        let Ok(arg) = body.argument(k) else { continue };
        let ty = arg.r#type();
        if !ir::is_memref(ty) {
            continue;
        }
        let what = if k < n_prefetch {
            format!("scalar_prefetch[{k}] {ty}")
        } else if k < first_scratch {
            continue;
        } else {
            format!("scratch[{}] {}", k - first_scratch, cpu_type(ty))
        };
        let mut bytes = bytes_of(ty).ok_or_else(|| overflow(what.clone()))?;
        if k >= first_scratch {
            // A SparseCore kernel keeps one copy of its semaphores per core.
            if let Some(cores) =
                sparsecore_cores(kernel).filter(|_| ir::SemaphoreKind::of_memref(ty).is_some())
            {
                bytes = bytes
                    .checked_mul(cores)
                    .ok_or_else(|| overflow(format!("{what}, one per core of {cores},")))?;
            }
            let shared = matches!(
                MemorySpace::of_memref(ty),
                Some(MemorySpace::Hbm | MemorySpace::VmemShared | MemorySpace::Any)
            );
            if !shared {
                bytes = per_subcore(&what, bytes)?;
            }
            allocated.push((what, bytes, None));
        }
    }
    let mut failure = None;
    ir::walk_nested(kernel, &mut |op| {
        if failure.is_some() || ir::op_name_of(&op) != "pallas.run_scoped" {
            return;
        }
        let Some(block) = crate::ir::region_at(&op, 0).and_then(|r| r.first_block()) else {
            return;
        };
        for k in 0..block.argument_count() {
            let Ok(arg) = block.argument(k) else { continue };
            let ty = arg.r#type();
            if !ir::is_memref(ty) {
                continue;
            }
            let what = format!("scoped allocation {k} {}", cpu_type(ty));
            let own = super::subcores::holds_barrier(&op);
            match bytes_of(ty).map(|b| if own { per_subcore(&what, b) } else { Ok(b) }) {
                Some(Ok(bytes)) => allocated.push((what, bytes, Some(op))),
                Some(Err((_, message))) => {
                    failure = Some((Some(op), message));
                    return;
                }
                None => {
                    failure = Some((Some(op), format!("{what} has more than 2^63 - 1 bytes")));
                    return;
                }
            }
        }
    });
    if let Some(f) = failure {
        return Err(f);
    }
    let mut total: i64 = 0;
    for (what, bytes, at) in allocated {
        total = total.saturating_add(bytes);
        if total > max_bytes {
            return Err((
                at,
                format!(
                    "{what} ({bytes} bytes) brings the buffers the CPU reference allocates for this kernel to {total} bytes, more than the {max_bytes} bytes of its pass option max-buffer-bytes (windows, scratch and scoped allocations of every simulated device and subcore, all held in the host's memory at once; raise the option on a host with more)"
                ),
            ));
        }
    }
    Ok(())
}
