//! Helpers shared by every lowering of the `pallas` dialect: op building,
//! index maps, memory spaces, unrolled loops.

pub mod builder;
pub mod index_map;
pub mod retype;
pub mod sparsecore;
pub mod unroll;
