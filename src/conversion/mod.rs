//! Dialect conversion from Rust ([`framework`]) and the lowerings of the
//! `pallas` dialect, one module per target.

pub mod framework;
pub mod pallas_to_scf;
