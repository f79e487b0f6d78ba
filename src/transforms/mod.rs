//! Passes that are not conversions of the pallas dialect: clean-ups that the
//! CPU pipeline needs between upstream passes.

pub mod copy_loops;
pub mod expand_exp;
pub mod gpu_check_input;
pub mod gpu_flatten_modules;
pub mod gpu_kernel_byval;
pub mod gpu_libdevice;
pub mod hoist_allocas;
pub mod row_loops;
pub mod split_blocks;
