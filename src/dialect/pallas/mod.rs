//! The `pallas` dialect: its verifiers (called by the generated C++ through
//! `pallas_rust_verify_op`) and helpers shared by every lowering.

pub mod compiler_params;
pub mod gpu_params;
pub mod loops;
pub mod verify;
