//! What only SparseCore kernels may use, for the lowerings that must reject
//! it (the CPU reference, TensorCore) and the one that lowers it.

use melior::ir::operation::OperationRef;

use crate::ir;

/// Pallas ops that only exist on SparseCores.
pub const SPARSECORE_ONLY_OPS: &[&str] = &[
    "pallas.sort",
    "pallas.cumulative",
    "pallas.scan_count",
    "pallas.take_along_axis",
    "pallas.rev",
    "pallas.load_gather",
    "pallas.store_scatter",
    "pallas.subcore_barrier",
];

/// Operand segments of the offsets / offset filter of an indirect
/// (gather/scatter) `pallas.dma_start` / `pallas.dma_wait`.
pub const DMA_OFFSETS: usize = 7;
pub const DMA_OFFSET_FILTER: usize = 8;

/// A SparseCore-only form of an op every target has.
pub enum SparseCoreForm {
    /// A unit attribute: `pallas.load {expand}`, `pallas.store {compress}`
    /// / `{add}`, `pallas.dma_start {add}`.
    Attr(&'static str),
    /// `offsets(...)` / `filter(...)` on a DMA.
    IndirectDma,
}

/// The SparseCore-only form `op` (named `name`) uses, if any.
pub fn sparsecore_form(op: &OperationRef, name: &str) -> Option<SparseCoreForm> {
    let attrs: &[&'static str] = match name {
        "pallas.load" => &["expand"],
        "pallas.store" => &["compress", "add"],
        "pallas.dma_start" | "pallas.dma_wait" => &["add"],
        _ => &[],
    };
    if let Some(a) = attrs.iter().find(|a| ir::has_attribute(op, a)) {
        return Some(SparseCoreForm::Attr(a));
    }
    let is_dma = matches!(name, "pallas.dma_start" | "pallas.dma_wait");
    let indirect = is_dma
        && ir::with_operand_segment_sizes(op, |sizes| {
            sizes.iter().skip(DMA_OFFSETS).any(|n| *n > 0)
        });
    indirect.then_some(SparseCoreForm::IndirectDma)
}
