//! What the consumer of a lowering's output takes: the dialects whose ops
//! may stay in a kernel body after the pass. jaxlib's Mosaic TPU context
//! cannot parse ops of other dialects (`async`, `index`, `linalg`, ...), and
//! ops of dialects it parses but the kernel compiler has no rules for
//! (`llvm`, `gpu`, `stablehlo`, `tensor`, ...) are no kernel code; either
//! would make a pass that exits 0 leave output Mosaic rejects.

use melior::ir::operation::OperationRef;
use melior::ir::r#type::Type;
use melior::ir::{BlockLike, ValueLike};

/// The dialects of the ops a Mosaic TPU (TensorCore or SparseCore) kernel
/// body may hold after the lowering (`pallas` ops are the lowering's own).
pub const MOSAIC_TPU_BODY_DIALECTS: &[&str] = &[
    "arith", "math", "vector", "scf", "memref", "cf", "affine", "ub", "func", "tpu",
];

/// An error for an op of a dialect a Mosaic TPU kernel cannot hold.
pub fn check_mosaic_tpu_dialect(name: &str) -> Result<(), String> {
    let dialect = name.split_once('.').map_or(name, |(d, _)| d);
    if dialect == "pallas" || MOSAIC_TPU_BODY_DIALECTS.contains(&dialect) {
        return Ok(());
    }
    Err(format!(
        "is an op of dialect '{dialect}', which a Mosaic TPU kernel cannot hold (it takes ops of {})",
        MOSAIC_TPU_BODY_DIALECTS.join(", ")
    ))
}

/// The first body operand of `kernel` (prefetch, windows, scratch) whose
/// elements are complex, with its type: no target holds complex elements
/// (Mosaic TPU and SparseCore have no layout for them, the CPU reference no
/// NaN to pad them with).
pub fn complex_operand<'c>(kernel: &OperationRef<'c, '_>) -> Option<(usize, Type<'c>)> {
    let body = crate::ir::body_block(kernel)?;
    (0..body.argument_count()).find_map(|i| {
        let ty = crate::ir::argument_at(&body, i)?.r#type();
        (crate::ir::is_memref(ty) && crate::ir::is_complex(crate::ir::element_type(ty)))
            .then_some((i, ty))
    })
}

/// The error for a kernel with a complex operand, in a lowering to Mosaic.
pub fn check_no_complex_operand(kernel: &OperationRef) -> Result<(), String> {
    match complex_operand(kernel) {
        Some((i, ty)) => Err(format!(
            "body operand {i} of type {ty} has complex elements, which Mosaic has no types for"
        )),
        None => Ok(()),
    }
}
