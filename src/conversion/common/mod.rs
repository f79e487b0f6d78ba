//! Helpers shared by every lowering of the `pallas` dialect: op building,
//! index maps, memory spaces, unrolled loops.

/// Op building lives with the rest of the FFI in `crate::ir`.
pub use crate::ir::builder;
pub mod consumer;
pub mod index_map;
pub mod retype;
pub mod segments;
pub mod sparsecore;
pub mod unroll;
pub mod views;
