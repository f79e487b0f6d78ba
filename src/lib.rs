//! pallas-mlir: the Pallas kernel language as an MLIR 22 plugin.
//!
//! * [`ir`]: the only layer that calls C (the C++ bridge, the MLIR C API where
//!   melior lacks a safe call);
//! * [`dialect`]: the `pallas` dialect's verifiers and helpers;
//! * [`conversion`]: the dialect-conversion framework and the lowerings;
//! * [`passes`]: pass descriptions and registration;
//! * [`capi`] and [`plugin`] (in [`ir`]): the exported C API and the mlir-opt plugin entry points.

pub mod conversion;
pub mod dialect;
pub mod ir;
pub mod passes;
pub mod transforms;

pub use ir::{capi, plugin};

/// Small blocks from per-thread free lists (see [`ir::alloc`]).
#[global_allocator]
static ALLOCATOR: ir::alloc::SmallBlocks = ir::alloc::SmallBlocks;
