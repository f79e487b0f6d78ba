//! The dialects of the plugin, as seen from Rust.

pub mod pallas;
pub mod tpu;
