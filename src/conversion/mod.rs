//! Dialect conversion from Rust ([`framework`]) and the lowerings of the
//! `pallas` dialect, one module per target; [`common`] holds what they share.

pub mod common;
pub mod mosaic_gpu_to_nvvm;
/// The dialect-conversion framework lives with the rest of the FFI in
/// `crate::ir`.
pub use crate::ir::conversion as framework;
pub mod mosaic_gpu_layouts;
pub mod pallas_to_mosaic_gpu;
pub mod pallas_to_scf;
pub mod pallas_to_sparsecore;
pub mod pallas_to_tpu;
