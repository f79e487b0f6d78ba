//! The C entry points, with the signatures MLIR 22's `gpu-to-llvm` (and
//! `convert-nvgpu-to-nvvm` for TMA descriptors) declares for them; each
//! checks its arguments, calls the driver and, on any failure, reports one
//! line on stderr and ends the process with status 1 (see `lib.rs`).
//!
//! `#[no_mangle]` counts as unsafe code for the `unsafe_code` lint (it can
//! clash with other symbols), hence the allowance for this module; it holds
//! no `unsafe` block.
#![allow(unsafe_code)]
#![allow(non_snake_case)]

use crate::driver::{self, driver, Handle};
use crate::error::{report_line, Result, RtError};
use crate::launch::launch_dims;
use crate::{memref, tma};
use std::ffi::{c_char, c_int, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs one entry point's body; a failure (or a panic, which must not unwind
/// into the C caller) is reported and ends the process.
fn entry<T>(name: &str, body: impl FnOnce() -> Result<T>) -> T {
    let err = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(value)) => return value,
        Ok(Err(err)) => err,
        Err(_) => RtError::new("internal error: the runtime panicked"),
    };
    eprintln!("{}", report_line(name, &err));
    driver::exit_failure()
}

// ---- modules and kernels ---------------------------------------------------

/// A cubin or fatbin (`gpu.binary` of format bin/fatbin) of `size` bytes.
#[no_mangle]
pub extern "C" fn mgpuModuleLoad(data: *mut c_void, size: u64) -> Handle {
    entry("mgpuModuleLoad", || driver()?.module_load(data, size))
}

/// PTX (`gpu.binary` of format isa), compiled by the driver's JIT at
/// optimization level `opt_level`.
#[no_mangle]
pub extern "C" fn mgpuModuleLoadJIT(data: *mut c_void, opt_level: i32) -> Handle {
    entry("mgpuModuleLoadJIT", || {
        driver()?.module_load_jit(data, opt_level)
    })
}

#[no_mangle]
pub extern "C" fn mgpuModuleUnload(module: Handle) {
    entry("mgpuModuleUnload", || driver()?.module_unload(module))
}

#[no_mangle]
pub extern "C" fn mgpuModuleGetFunction(module: Handle, name: *const c_char) -> Handle {
    entry("mgpuModuleGetFunction", || {
        driver()?.module_get_function(module, name)
    })
}

fn check_params(params: *mut *mut c_void, count: i64) -> Result<()> {
    if count < 0 {
        return Err(RtError::new(format!(
            "kernel parameter count {count} is negative"
        )));
    }
    if count > 0 && params.is_null() {
        return Err(RtError::new(format!(
            "{count} kernel parameters but a null parameter array"
        )));
    }
    Ok(())
}

/// `params` points to `param_count` pointers, one per kernel argument (the
/// packing gpu-to-llvm emits); `extra` is the driver's alternative packing.
#[no_mangle]
pub extern "C" fn mgpuLaunchKernel(
    function: Handle,
    grid_x: i64,
    grid_y: i64,
    grid_z: i64,
    block_x: i64,
    block_y: i64,
    block_z: i64,
    smem: i32,
    stream: Handle,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
    param_count: i64,
) {
    entry("mgpuLaunchKernel", || {
        let dims = launch_dims(
            [grid_x, grid_y, grid_z],
            [block_x, block_y, block_z],
            None,
            smem,
        )?;
        check_params(params, param_count)?;
        driver()?.launch(function, &dims, stream, params, extra)
    })
}

/// A launch with thread-block clusters (`gpu.launch_func ... clusters in`),
/// through cuLaunchKernelEx.
#[no_mangle]
pub extern "C" fn mgpuLaunchClusterKernel(
    function: Handle,
    cluster_x: i64,
    cluster_y: i64,
    cluster_z: i64,
    grid_x: i64,
    grid_y: i64,
    grid_z: i64,
    block_x: i64,
    block_y: i64,
    block_z: i64,
    smem: i32,
    stream: Handle,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) {
    entry("mgpuLaunchClusterKernel", || {
        let dims = launch_dims(
            [grid_x, grid_y, grid_z],
            [block_x, block_y, block_z],
            Some([cluster_x, cluster_y, cluster_z]),
            smem,
        )?;
        driver()?.launch_cluster(function, &dims, stream, params, extra)
    })
}

// ---- streams and events ----------------------------------------------------

#[no_mangle]
pub extern "C" fn mgpuStreamCreate() -> Handle {
    entry("mgpuStreamCreate", || driver()?.stream_create())
}

#[no_mangle]
pub extern "C" fn mgpuStreamDestroy(stream: Handle) {
    entry("mgpuStreamDestroy", || driver()?.stream_destroy(stream))
}

#[no_mangle]
pub extern "C" fn mgpuStreamSynchronize(stream: Handle) {
    entry("mgpuStreamSynchronize", || {
        driver()?.stream_synchronize(stream)
    })
}

#[no_mangle]
pub extern "C" fn mgpuStreamWaitEvent(stream: Handle, event: Handle) {
    entry("mgpuStreamWaitEvent", || {
        driver()?.stream_wait_event(stream, event)
    })
}

#[no_mangle]
pub extern "C" fn mgpuEventCreate() -> Handle {
    entry("mgpuEventCreate", || driver()?.event_create())
}

#[no_mangle]
pub extern "C" fn mgpuEventDestroy(event: Handle) {
    entry("mgpuEventDestroy", || driver()?.event_destroy(event))
}

#[no_mangle]
pub extern "C" fn mgpuEventSynchronize(event: Handle) {
    entry("mgpuEventSynchronize", || {
        driver()?.event_synchronize(event)
    })
}

#[no_mangle]
pub extern "C" fn mgpuEventRecord(event: Handle, stream: Handle) {
    entry("mgpuEventRecord", || driver()?.event_record(event, stream))
}

// ---- memory ----------------------------------------------------------------

/// `gpu.alloc`; `host_shared` (an i8) asks for managed memory.
///
/// Narrow integer arguments (this flag, mgpuMemset16's value) are taken as
/// 32-bit and truncated here: the generated calls pass an i8/i16 with no
/// extension attribute, so the upper bits of the register are unspecified,
/// while a Rust `i8`/`u16` parameter lets the compiler assume them extended.
#[no_mangle]
pub extern "C" fn mgpuMemAlloc(bytes: u64, _stream: Handle, host_shared: u32) -> *mut c_void {
    entry("mgpuMemAlloc", || {
        driver()?.mem_alloc(bytes, host_shared as u8 != 0)
    })
}

#[no_mangle]
pub extern "C" fn mgpuMemFree(ptr: *mut c_void, _stream: Handle) {
    entry("mgpuMemFree", || driver()?.mem_free(ptr))
}

#[no_mangle]
pub extern "C" fn mgpuMemcpy(dst: *mut c_void, src: *mut c_void, bytes: u64, stream: Handle) {
    entry("mgpuMemcpy", || driver()?.memcpy(dst, src, bytes, stream))
}

/// `gpu.memset` of 32-bit elements (the value's bits, any 32-bit type).
#[no_mangle]
pub extern "C" fn mgpuMemset32(dst: *mut c_void, value: u32, count: u64, stream: Handle) {
    entry("mgpuMemset32", || {
        driver()?.memset32(dst, value, count, stream)
    })
}

/// `gpu.memset` of 16-bit elements (`value` is an i16 in a 32-bit slot, see
/// mgpuMemAlloc).
#[no_mangle]
pub extern "C" fn mgpuMemset16(dst: *mut c_void, value: u32, count: u64, stream: Handle) {
    entry("mgpuMemset16", || {
        driver()?.memset16(dst, value as u16, count, stream)
    })
}

#[no_mangle]
pub extern "C" fn mgpuMemHostRegister(ptr: *mut c_void, bytes: u64) {
    entry("mgpuMemHostRegister", || {
        driver()?.host_register(ptr, bytes)
    })
}

#[no_mangle]
pub extern "C" fn mgpuMemHostUnregister(ptr: *mut c_void) {
    entry("mgpuMemHostUnregister", || driver()?.host_unregister(ptr))
}

/// `gpu.host_register` of an unranked memref: its rank, its ranked
/// descriptor and the element size; only contiguous memrefs are pinned.
#[no_mangle]
pub extern "C" fn mgpuMemHostRegisterMemRef(
    rank: i64,
    descriptor: *mut c_void,
    element_bytes: i64,
) {
    entry("mgpuMemHostRegisterMemRef", || {
        let view = driver::read_memref(descriptor, memref::check_rank(rank)?)?;
        let (start, bytes) = view.contiguous_span(element_bytes)?;
        driver()?.host_register(start as *mut c_void, bytes)
    })
}

#[no_mangle]
pub extern "C" fn mgpuMemHostUnregisterMemRef(
    rank: i64,
    descriptor: *mut c_void,
    element_bytes: i64,
) {
    entry("mgpuMemHostUnregisterMemRef", || {
        let view = driver::read_memref(descriptor, memref::check_rank(rank)?)?;
        let (start, bytes) = view.contiguous_span(element_bytes)?;
        if bytes == 0 {
            return Ok(());
        }
        driver()?.host_unregister(start as *mut c_void)
    })
}

#[no_mangle]
pub extern "C" fn mgpuSetDefaultDevice(device: i32) {
    entry("mgpuSetDefaultDevice", || {
        if device < 0 {
            return Err(RtError::new(format!("device ordinal {device} is negative")));
        }
        driver::set_default_device(device);
        Ok(())
    })
}

// ---- TMA descriptors -------------------------------------------------------

/// `nvgpu.tma.create.descriptor`: a descriptor for the ranked memref at
/// `descriptor` with `box_sizes` (`rank` i64s, memref order); returns a
/// device pointer to the encoded 128-byte CUtensorMap.
#[no_mangle]
pub extern "C" fn mgpuTensorMapEncodeTiledMemref(
    rank: i64,
    descriptor: *mut c_void,
    data_type: i64,
    interleave: i64,
    swizzle: i64,
    l2_promotion: i64,
    oob_fill: i64,
    box_sizes: *mut i64,
) -> *mut c_void {
    entry("mgpuTensorMapEncodeTiledMemref", || {
        let rank = tma::check_rank(rank)?;
        let view = driver::read_memref(descriptor, rank)?;
        let boxes = driver::read_i64s(box_sizes.cast_const().cast(), rank, "TMA box sizes")?;
        let request = tma::tensor_map_request(
            &view,
            data_type,
            interleave,
            swizzle,
            l2_promotion,
            oob_fill,
            &boxes,
        )?;
        driver()?.tensor_map_to_device(&request)
    })
}

/// cuTensorMapEncodeTiled itself, into the caller's 64-byte aligned
/// 128-byte buffer (upstream exposes it; gpu-to-llvm does not call it).
#[no_mangle]
pub extern "C" fn mgpuTensorMapEncodeTiled(
    tensor_map: *mut c_void,
    data_type: c_int,
    rank: u32,
    address: *mut c_void,
    global_dim: *const u64,
    global_strides: *const u64,
    box_dim: *const u32,
    element_strides: *const u32,
    interleave: c_int,
    swizzle: c_int,
    l2_promotion: c_int,
    oob_fill: c_int,
) {
    entry("mgpuTensorMapEncodeTiled", || {
        tma::check_rank(i64::from(rank))?;
        if !(tensor_map as usize).is_multiple_of(64) {
            return Err(RtError::new(
                "the TMA descriptor buffer is not 64-byte aligned",
            ));
        }
        driver()?.tensor_map_encode_raw(
            tensor_map,
            data_type,
            rank,
            address,
            global_dim,
            global_strides,
            box_dim,
            element_strides,
            [interleave, swizzle, l2_promotion, oob_fill],
        )
    })
}

/// jaxlib's Mosaic GPU host code: encodes one TMA descriptor into the
/// 128 bytes at `tma_desc` (host memory, the descriptor array the launch
/// passes to the kernel by value). `base_addr` is the device address of the
/// first element; `sizes`, `strides` (in elements) and `window_shape` hold
/// `rank` i64s each, outermost first; `elem_type` and `swizzle_bytes` are
/// Mosaic's codes (see `tma::mosaic_tma_request`).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn mosaic_gpu_init_tma_desc(
    tma_desc: *mut c_void,
    base_addr: *mut c_void,
    elem_type: i64,
    rank: i64,
    sizes: *mut i64,
    strides: *mut i64,
    swizzle_bytes: i64,
    window_shape: *mut i64,
) {
    entry("mosaic_gpu_init_tma_desc", || {
        let rank = tma::check_rank(rank)?;
        if tma_desc.is_null() {
            return Err(RtError::new("the TMA descriptor buffer is a null pointer"));
        }
        let sizes = driver::read_i64s(sizes.cast_const().cast(), rank, "TMA sizes")?;
        let strides = driver::read_i64s(strides.cast_const().cast(), rank, "TMA strides")?;
        let window = driver::read_i64s(window_shape.cast_const().cast(), rank, "TMA window shape")?;
        let request = tma::mosaic_tma_request(
            base_addr as usize as u64,
            elem_type,
            &sizes,
            &strides,
            swizzle_bytes,
            &window,
        )?;
        driver()?.tensor_map_to_host(tma_desc, &request)
    })
}
