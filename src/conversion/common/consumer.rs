//! What the consumer of a lowering's output takes: the dialects whose ops
//! may stay in a kernel body after the pass. jaxlib's Mosaic TPU context
//! cannot parse ops of other dialects (`async`, `index`, `linalg`, ...), and
//! ops of dialects it parses but the kernel compiler has no rules for
//! (`llvm`, `gpu`, `stablehlo`, `tensor`, ...) are no kernel code; either
//! would make a pass that exits 0 leave output Mosaic rejects.

/// The dialects of the ops a Mosaic TPU (TensorCore or SparseCore) kernel
/// body may hold after the lowering (`pallas` ops are the lowering's own).
pub const MOSAIC_TPU_BODY_DIALECTS: &[&str] = &[
    "arith", "math", "vector", "scf", "memref", "cf", "affine", "ub", "func", "tpu",
];

/// An error for an op of a dialect a Mosaic TPU kernel cannot hold.
pub fn check_mosaic_tpu_dialect(name: &str) -> Result<(), String> {
    let dialect = name.split('.').next().unwrap_or(name);
    if dialect == "pallas" || MOSAIC_TPU_BODY_DIALECTS.contains(&dialect) {
        return Ok(());
    }
    Err(format!(
        "is an op of dialect '{dialect}', which a Mosaic TPU kernel cannot hold (it takes ops of {})",
        MOSAIC_TPU_BODY_DIALECTS.join(", ")
    ))
}
