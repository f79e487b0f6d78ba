//! Dialect conversion from Rust ([`framework`]) and the lowerings of the
//! `pallas` dialect, one module per target; [`common`] holds what they share.

pub mod common;
pub mod framework;
pub mod pallas_to_scf;
pub mod pallas_to_sparsecore;
pub mod pallas_to_tpu;
