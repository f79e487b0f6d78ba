//! The Mosaic GPU `mosaic_gpu` dialect (text-compatible with jaxlib 0.10.2):
//! the verifiers of its ops, called by the generated C++ through
//! `mosaic_gpu_rust_verify_op`.

pub mod verify;
