//! The dialects of the plugin, as seen from Rust.

pub mod mosaic_gpu;
pub mod pallas;
pub mod tpu;
