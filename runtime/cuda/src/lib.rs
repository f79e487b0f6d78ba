//! `libpallas_cuda_runtime.so`: the `mgpu*` functions that MLIR's
//! `gpu-to-llvm` lowering makes host code call (module load and kernel
//! launch, streams, events, memory, TMA descriptors), implemented over the
//! NVIDIA driver API. The driver (`libcuda.so.1`, or the library named by
//! `PALLAS_CUDA_DRIVER`) is opened with dlopen on first use, so the library
//! builds and loads on machines without CUDA; only running GPU code needs a
//! GPU and its driver.
//!
//! Errors: any failure (no driver, a failed driver call, arguments the
//! driver would reject) prints one line,
//! `pallas_cuda_runtime: error: <entry point>: <cause>`, on stderr and ends
//! the process with status 1. The entry points return nothing that could
//! carry an error, and continuing after one (say, launching from a module
//! that did not load) would only fail later with a less useful message.
//!
//! `unsafe` is confined to `driver.rs`.
#![deny(unsafe_code)]

#[allow(unsafe_code)]
mod driver;
mod error;
mod exports;
mod launch;
mod memref;
mod tma;
