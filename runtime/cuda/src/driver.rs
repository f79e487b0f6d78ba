//! The CUDA driver, loaded at run time, and every `unsafe` operation of the
//! runtime.
//!
//! Why `unsafe` is needed here and nowhere else: the driver is a C library
//! opened with dlopen (so that the runtime builds without CUDA), its
//! functions are called through pointers whose C signatures are declared
//! below by hand, and the entry points receive raw pointers from generated
//! code (memref descriptors, box sizes, kernel parameter arrays) that must
//! be read as the MLIR ABI lays them out. Each such step is one small
//! function here; the rest of the crate is safe code over their results.

use crate::error::{cuda_failure, Result, RtError};
use crate::launch::{self, LaunchDims};
use crate::memref::MemRefView;
use crate::tma::TensorMapRequest;
use libloading::Library;
use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_uint, c_void, CStr, OsString};
use std::ptr::{null, null_mut};
use std::sync::{Mutex, OnceLock};

/// The environment variable that names the driver library to load instead
/// of `libcuda.so.1` (a path or a soname).
pub(crate) const DRIVER_ENV: &str = "PALLAS_CUDA_DRIVER";
const DEFAULT_DRIVER: &str = "libcuda.so.1";

type CuResult = c_int;
/// Opaque driver handles: CUcontext, CUmodule, CUfunction, CUstream, CUevent.
pub(crate) type Handle = *mut c_void;
type Device = c_int;
type DevicePtr = u64;

/// CUtensorMap: 128 opaque bytes, 64-byte aligned.
#[repr(C, align(64))]
struct TensorMap([u64; 16]);

// Driver enum values used below (cuda.h).
const STREAM_NON_BLOCKING: c_uint = 1;
const EVENT_DISABLE_TIMING: c_uint = 2;
const MEM_ATTACH_GLOBAL: c_uint = 1;
const JIT_ERROR_LOG_BUFFER: c_int = 5;
const JIT_ERROR_LOG_BUFFER_SIZE_BYTES: c_int = 6;
const JIT_OPTIMIZATION_LEVEL: c_int = 7;
const FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: c_int = 8;
const DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: c_int = 97;

// Declares the driver functions used (their exported names: the `_v2`
// suffixes are what cuda.h's macros resolve to) and resolves each one when
// the library is loaded; a function an old driver lacks stays `None` and
// only the entry point that needs it fails.
macro_rules! driver_functions {
    ($($name:ident: fn($($arg:ty),* $(,)?);)*) => {
        #[allow(non_snake_case)]
        struct Functions {
            $($name: Option<unsafe extern "C" fn($($arg),*) -> CuResult>,)*
        }

        impl Functions {
            fn resolve(lib: &Library) -> Functions {
                Functions {
                    $($name: {
                        let symbol = concat!(stringify!($name), "\0").as_bytes();
                        // SAFETY: the declared type is the C prototype of
                        // this driver function.
                        unsafe { lib.get::<unsafe extern "C" fn($($arg),*) -> CuResult>(symbol) }
                            .ok()
                            .map(|f| *f)
                    },)*
                }
            }
        }
    };
}

driver_functions! {
    cuInit: fn(c_uint);
    cuGetErrorName: fn(CuResult, *mut *const c_char);
    cuGetErrorString: fn(CuResult, *mut *const c_char);
    cuDeviceGet: fn(*mut Device, c_int);
    cuDeviceGetAttribute: fn(*mut c_int, c_int, Device);
    cuDevicePrimaryCtxRetain: fn(*mut Handle, Device);
    cuCtxPushCurrent_v2: fn(Handle);
    cuCtxPopCurrent_v2: fn(*mut Handle);
    cuModuleLoadData: fn(*mut Handle, *const c_void);
    cuModuleLoadDataEx: fn(*mut Handle, *const c_void, c_uint, *mut c_int, *mut *mut c_void);
    cuModuleUnload: fn(Handle);
    cuModuleGetFunction: fn(*mut Handle, Handle, *const c_char);
    cuFuncSetAttribute: fn(Handle, c_int, c_int);
    cuLaunchKernel: fn(
        Handle, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, Handle,
        *mut *mut c_void, *mut *mut c_void,
    );
    cuLaunchKernelEx: fn(*const launch::LaunchConfig, Handle, *mut *mut c_void, *mut *mut c_void);
    cuStreamCreate: fn(*mut Handle, c_uint);
    cuStreamDestroy_v2: fn(Handle);
    cuStreamSynchronize: fn(Handle);
    cuStreamWaitEvent: fn(Handle, Handle, c_uint);
    cuEventCreate: fn(*mut Handle, c_uint);
    cuEventDestroy_v2: fn(Handle);
    cuEventSynchronize: fn(Handle);
    cuEventRecord: fn(Handle, Handle);
    cuMemAlloc_v2: fn(*mut DevicePtr, usize);
    cuMemAllocManaged: fn(*mut DevicePtr, usize, c_uint);
    cuMemFree_v2: fn(DevicePtr);
    cuMemcpyAsync: fn(DevicePtr, DevicePtr, usize, Handle);
    cuMemcpyHtoD_v2: fn(DevicePtr, *const c_void, usize);
    cuMemsetD32Async: fn(DevicePtr, c_uint, usize, Handle);
    cuMemsetD16Async: fn(DevicePtr, u16, usize, Handle);
    cuMemHostRegister_v2: fn(*mut c_void, usize, c_uint);
    cuMemHostUnregister: fn(*mut c_void);
    cuTensorMapEncodeTiled: fn(
        *mut TensorMap, c_int, u32, *mut c_void, *const u64, *const u64, *const u32,
        *const u32, c_int, c_int, c_int, c_int,
    );
}

/// Calls a driver function and turns a failure into an error naming it.
macro_rules! call {
    ($driver:expr, $name:ident($($arg:expr),* $(,)?)) => {{
        let f = $driver.fns.$name.ok_or_else(|| {
            RtError::new(concat!(
                "the CUDA driver has no ",
                stringify!($name),
                " (a newer NVIDIA driver is needed)"
            ))
        })?;
        // SAFETY: `f` has the C prototype declared above; the arguments are
        // what the driver documents for it (handles it returned, pointers to
        // live locals or to memory the generated code passed in).
        let code = unsafe { f($($arg),*) };
        $driver.check(stringify!($name), code)?
    }};
}

thread_local! {
    // The device used by the entry points of this thread (mgpuSetDefaultDevice).
    static DEFAULT_DEVICE: Cell<i32> = const { Cell::new(0) };
}

pub(crate) fn set_default_device(device: i32) {
    DEFAULT_DEVICE.with(|d| d.set(device));
}

/// The loaded driver and the primary contexts retained so far.
pub(crate) struct Driver {
    fns: Functions,
    // Kept loaded for the life of the process: the function pointers above
    // point into it.
    _library: Library,
    contexts: Mutex<Vec<(i32, usize)>>,
    /// Descriptors already in device memory, by device and request.
    device_descriptors: Mutex<HashMap<(i32, TensorMapRequest), usize>>,
}

static DRIVER: OnceLock<Result<Driver>> = OnceLock::new();

/// The driver, loaded and initialised on first use; a failure is kept so
/// that every later call reports the same cause.
pub(crate) fn driver() -> Result<&'static Driver> {
    DRIVER
        .get_or_init(Driver::load)
        .as_ref()
        .map_err(Clone::clone)
}

fn driver_path() -> (OsString, &'static str) {
    match std::env::var_os(DRIVER_ENV) {
        Some(path) if !path.is_empty() => (path, " (named by PALLAS_CUDA_DRIVER)"),
        _ => (OsString::from(DEFAULT_DRIVER), ""),
    }
}

impl Driver {
    fn load() -> Result<Driver> {
        let (path, origin) = driver_path();
        let shown = path.to_string_lossy().into_owned();
        // SAFETY: loading runs the library's initialisers; the NVIDIA driver's
        // are safe to run in any process.
        let library = unsafe { Library::new(&path) }.map_err(|e| {
            RtError::new(format!(
                "cannot load the CUDA driver {shown}{origin}: {e}; running GPU code needs an NVIDIA GPU and its driver"
            ))
        })?;
        let fns = Functions::resolve(&library);
        if fns.cuInit.is_none() {
            return Err(RtError::new(format!(
                "{shown}{origin} is not a CUDA driver library: it has no cuInit"
            )));
        }
        let driver = Driver {
            fns,
            _library: library,
            contexts: Mutex::new(Vec::new()),
            device_descriptors: Mutex::new(HashMap::new()),
        };
        call!(driver, cuInit(0));
        Ok(driver)
    }

    fn describe(
        f: Option<unsafe extern "C" fn(CuResult, *mut *const c_char) -> CuResult>,
        code: CuResult,
    ) -> Option<String> {
        let f = f?;
        let mut text: *const c_char = null();
        // SAFETY: cuGetErrorName/String store a pointer to a static string.
        if unsafe { f(code, &mut text) } != 0 || text.is_null() {
            return None;
        }
        // SAFETY: the driver's strings are NUL-terminated and static.
        Some(
            unsafe { CStr::from_ptr(text) }
                .to_string_lossy()
                .into_owned(),
        )
    }

    fn check(&self, call: &str, code: CuResult) -> Result<()> {
        if code == 0 {
            return Ok(());
        }
        let name = Driver::describe(self.fns.cuGetErrorName, code);
        let text = Driver::describe(self.fns.cuGetErrorString, code);
        Err(RtError::new(cuda_failure(
            call,
            code,
            name.as_deref(),
            text.as_deref(),
        )))
    }

    fn device(&self) -> Result<Device> {
        let ordinal = DEFAULT_DEVICE.with(Cell::get);
        let mut device: Device = 0;
        call!(self, cuDeviceGet(&mut device, ordinal));
        Ok(device)
    }

    /// The primary context of the thread's default device (retained once per
    /// device and kept for the life of the process, as the generated code
    /// keeps modules and allocations across calls).
    fn context(&self) -> Result<Handle> {
        let ordinal = DEFAULT_DEVICE.with(Cell::get);
        let mut cache = self
            .contexts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(&(_, ctx)) = cache.iter().find(|(d, _)| *d == ordinal) {
            return Ok(ctx as Handle);
        }
        let device = self.device()?;
        let mut ctx: Handle = null_mut();
        call!(self, cuDevicePrimaryCtxRetain(&mut ctx, device));
        cache.push((ordinal, ctx as usize));
        Ok(ctx)
    }

    /// Runs `body` with the default device's context current, restoring the
    /// thread's previous context afterwards (the host program may use the
    /// driver itself).
    fn in_context<T>(&self, body: impl FnOnce() -> Result<T>) -> Result<T> {
        let ctx = self.context()?;
        call!(self, cuCtxPushCurrent_v2(ctx));
        let result = body();
        let mut popped: Handle = null_mut();
        let pop = (|| -> Result<()> {
            call!(self, cuCtxPopCurrent_v2(&mut popped));
            Ok(())
        })();
        let value = result?;
        pop?;
        Ok(value)
    }

    pub(crate) fn module_load(&self, data: *const c_void, size: u64) -> Result<Handle> {
        if data.is_null() || size == 0 {
            return Err(RtError::new("the GPU binary is empty"));
        }
        self.in_context(|| {
            let mut module: Handle = null_mut();
            call!(self, cuModuleLoadData(&mut module, data));
            Ok(module)
        })
    }

    /// Loads PTX (NUL-terminated, as gpu-module-to-binary{format=isa} embeds
    /// it) through the driver's JIT; a JIT failure carries ptxas's log.
    pub(crate) fn module_load_jit(&self, data: *const c_void, opt_level: i32) -> Result<Handle> {
        if data.is_null() {
            return Err(RtError::new("the PTX image is a null pointer"));
        }
        if !(0..=4).contains(&opt_level) {
            return Err(RtError::new(format!(
                "JIT optimization level {opt_level} is out of range (0 to 4)"
            )));
        }
        const LOG_BYTES: usize = 4096;
        let mut log = vec![0u8; LOG_BYTES];
        let mut options = [
            JIT_OPTIMIZATION_LEVEL,
            JIT_ERROR_LOG_BUFFER,
            JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
        ];
        // Scalar option values travel in the pointer slots themselves.
        let mut values: [*mut c_void; 3] = [
            opt_level as usize as *mut c_void,
            log.as_mut_ptr().cast(),
            LOG_BYTES as *mut c_void,
        ];
        self.in_context(|| {
            let mut module: Handle = null_mut();
            let loaded = (|| -> Result<()> {
                call!(
                    self,
                    cuModuleLoadDataEx(
                        &mut module,
                        data,
                        3,
                        options.as_mut_ptr(),
                        values.as_mut_ptr()
                    )
                );
                Ok(())
            })();
            match loaded {
                Ok(()) => Ok(module),
                Err(mut err) => {
                    let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
                    let text = String::from_utf8_lossy(&log[..end]);
                    if !text.trim().is_empty() {
                        err.0 = format!("{}: JIT log: {}", err.0, text.trim());
                    }
                    Err(err)
                }
            }
        })
    }

    pub(crate) fn module_unload(&self, module: Handle) -> Result<()> {
        self.in_context(|| {
            call!(self, cuModuleUnload(module));
            Ok(())
        })
    }

    pub(crate) fn module_get_function(
        &self,
        module: Handle,
        name: *const c_char,
    ) -> Result<Handle> {
        if name.is_null() {
            return Err(RtError::new("the kernel name is a null pointer"));
        }
        // SAFETY: gpu-to-llvm passes a NUL-terminated global string.
        let shown = unsafe { CStr::from_ptr(name) }
            .to_string_lossy()
            .into_owned();
        self.in_context(|| {
            let mut function: Handle = null_mut();
            call!(self, cuModuleGetFunction(&mut function, module, name));
            Ok(function)
        })
        .map_err(|e| RtError::new(format!("{} (kernel '{shown}')", e.0)))
    }

    /// Raises the function's dynamic shared memory limit when the launch asks
    /// for more than the default, after checking the device's opt-in maximum
    /// so that the error says how much is available.
    fn allow_dynamic_smem(&self, function: Handle, bytes: u32) -> Result<()> {
        if bytes as i32 <= launch::DEFAULT_DYNAMIC_SMEM_LIMIT {
            return Ok(());
        }
        let device = self.device()?;
        let mut max: c_int = 0;
        call!(
            self,
            cuDeviceGetAttribute(
                &mut max,
                DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                device
            )
        );
        if i64::from(bytes) > i64::from(max) {
            return Err(RtError::new(format!(
                "the kernel asks for {bytes} bytes of dynamic shared memory; the device allows at most {max} per block"
            )));
        }
        call!(
            self,
            cuFuncSetAttribute(
                function,
                FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                bytes as c_int
            )
        );
        Ok(())
    }

    pub(crate) fn launch(
        &self,
        function: Handle,
        dims: &LaunchDims,
        stream: Handle,
        params: *mut *mut c_void,
        extra: *mut *mut c_void,
    ) -> Result<()> {
        self.in_context(|| {
            self.allow_dynamic_smem(function, dims.smem)?;
            let [gx, gy, gz] = dims.grid;
            let [bx, by, bz] = dims.block;
            call!(
                self,
                cuLaunchKernel(function, gx, gy, gz, bx, by, bz, dims.smem, stream, params, extra)
            );
            Ok(())
        })
    }

    pub(crate) fn launch_cluster(
        &self,
        function: Handle,
        dims: &LaunchDims,
        stream: Handle,
        params: *mut *mut c_void,
        extra: *mut *mut c_void,
    ) -> Result<()> {
        let cluster = dims.cluster.unwrap_or([1, 1, 1]);
        self.in_context(|| {
            self.allow_dynamic_smem(function, dims.smem)?;
            let mut attr = launch::cluster_attribute(cluster);
            let config = launch::cluster_config(dims, stream, &mut attr);
            call!(self, cuLaunchKernelEx(&config, function, params, extra));
            Ok(())
        })
    }

    pub(crate) fn stream_create(&self) -> Result<Handle> {
        self.in_context(|| {
            let mut stream: Handle = null_mut();
            call!(self, cuStreamCreate(&mut stream, STREAM_NON_BLOCKING));
            Ok(stream)
        })
    }

    pub(crate) fn stream_destroy(&self, stream: Handle) -> Result<()> {
        self.in_context(|| {
            call!(self, cuStreamDestroy_v2(stream));
            Ok(())
        })
    }

    pub(crate) fn stream_synchronize(&self, stream: Handle) -> Result<()> {
        self.in_context(|| {
            call!(self, cuStreamSynchronize(stream));
            Ok(())
        })
    }

    pub(crate) fn stream_wait_event(&self, stream: Handle, event: Handle) -> Result<()> {
        self.in_context(|| {
            call!(self, cuStreamWaitEvent(stream, event, 0));
            Ok(())
        })
    }

    pub(crate) fn event_create(&self) -> Result<Handle> {
        self.in_context(|| {
            let mut event: Handle = null_mut();
            call!(self, cuEventCreate(&mut event, EVENT_DISABLE_TIMING));
            Ok(event)
        })
    }

    pub(crate) fn event_destroy(&self, event: Handle) -> Result<()> {
        self.in_context(|| {
            call!(self, cuEventDestroy_v2(event));
            Ok(())
        })
    }

    pub(crate) fn event_synchronize(&self, event: Handle) -> Result<()> {
        self.in_context(|| {
            call!(self, cuEventSynchronize(event));
            Ok(())
        })
    }

    pub(crate) fn event_record(&self, event: Handle, stream: Handle) -> Result<()> {
        self.in_context(|| {
            call!(self, cuEventRecord(event, stream));
            Ok(())
        })
    }

    /// Device memory, or managed memory visible to host and device
    /// (`gpu.alloc host_shared`). Zero bytes give a null pointer, which
    /// mem_free accepts.
    pub(crate) fn mem_alloc(&self, bytes: u64, host_shared: bool) -> Result<*mut c_void> {
        if bytes == 0 {
            return Ok(null_mut());
        }
        let size = usize::try_from(bytes)
            .map_err(|_| RtError::new(format!("{bytes} bytes do not fit in size_t")))?;
        self.in_context(|| {
            let mut ptr: DevicePtr = 0;
            if host_shared {
                call!(self, cuMemAllocManaged(&mut ptr, size, MEM_ATTACH_GLOBAL));
            } else {
                call!(self, cuMemAlloc_v2(&mut ptr, size));
            }
            Ok(ptr as usize as *mut c_void)
        })
    }

    pub(crate) fn mem_free(&self, ptr: *mut c_void) -> Result<()> {
        if ptr.is_null() {
            return Ok(());
        }
        self.in_context(|| {
            call!(self, cuMemFree_v2(ptr as usize as DevicePtr));
            Ok(())
        })
    }

    /// Copies in any direction: with unified addressing the driver tells
    /// host from device pointers.
    pub(crate) fn memcpy(
        &self,
        dst: *mut c_void,
        src: *const c_void,
        bytes: u64,
        stream: Handle,
    ) -> Result<()> {
        if bytes == 0 {
            return Ok(());
        }
        self.in_context(|| {
            call!(
                self,
                cuMemcpyAsync(
                    dst as usize as DevicePtr,
                    src as usize as DevicePtr,
                    bytes as usize,
                    stream
                )
            );
            Ok(())
        })
    }

    pub(crate) fn memset32(
        &self,
        dst: *mut c_void,
        value: u32,
        count: u64,
        stream: Handle,
    ) -> Result<()> {
        if count == 0 {
            return Ok(());
        }
        self.in_context(|| {
            call!(
                self,
                cuMemsetD32Async(dst as usize as DevicePtr, value, count as usize, stream)
            );
            Ok(())
        })
    }

    pub(crate) fn memset16(
        &self,
        dst: *mut c_void,
        value: u16,
        count: u64,
        stream: Handle,
    ) -> Result<()> {
        if count == 0 {
            return Ok(());
        }
        self.in_context(|| {
            call!(
                self,
                cuMemsetD16Async(dst as usize as DevicePtr, value, count as usize, stream)
            );
            Ok(())
        })
    }

    pub(crate) fn host_register(&self, ptr: *mut c_void, bytes: u64) -> Result<()> {
        if bytes == 0 {
            return Ok(());
        }
        self.in_context(|| {
            call!(self, cuMemHostRegister_v2(ptr, bytes as usize, 0));
            Ok(())
        })
    }

    pub(crate) fn host_unregister(&self, ptr: *mut c_void) -> Result<()> {
        self.in_context(|| {
            call!(self, cuMemHostUnregister(ptr));
            Ok(())
        })
    }

    /// Encodes a TMA descriptor and copies it to device memory, where the
    /// kernel (given the pointer as an argument) reads it. The generated host
    /// code asks again on every call of the kernel's host function: an equal
    /// request on the same device gets the descriptor made the first time
    /// (its bytes would be the same), instead of one more allocation and a
    /// synchronous copy per call.
    pub(crate) fn tensor_map_to_device(&self, req: &TensorMapRequest) -> Result<*mut c_void> {
        let key = (DEFAULT_DEVICE.with(Cell::get), req.clone());
        let mut made = self
            .device_descriptors
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(&ptr) = made.get(&key) {
            return Ok(ptr as *mut c_void);
        }
        let ptr = self.in_context(|| {
            let mut map = TensorMap([0; 16]);
            self.encode_tiled(&mut map, req)?;
            let bytes = std::mem::size_of::<TensorMap>();
            let mut ptr: DevicePtr = 0;
            call!(self, cuMemAlloc_v2(&mut ptr, bytes));
            call!(
                self,
                cuMemcpyHtoD_v2(ptr, (&map as *const TensorMap).cast(), bytes)
            );
            Ok(ptr as usize as *mut c_void)
        })?;
        made.insert(key, ptr as usize);
        Ok(ptr)
    }

    /// Encodes a TMA descriptor into the 128 bytes at `dst` (host memory the
    /// caller owns, of any alignment).
    pub(crate) fn tensor_map_to_host(
        &self,
        dst: *mut c_void,
        req: &TensorMapRequest,
    ) -> Result<()> {
        self.in_context(|| {
            let mut map = TensorMap([0; 16]);
            self.encode_tiled(&mut map, req)?;
            // SAFETY: the caller passes a writable 128-byte buffer (a slot
            // of the host-side descriptor array); `map` is a local.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    (&map as *const TensorMap).cast::<u8>(),
                    dst.cast::<u8>(),
                    std::mem::size_of::<TensorMap>(),
                )
            };
            Ok(())
        })
    }

    fn encode_tiled(&self, map: &mut TensorMap, r: &TensorMapRequest) -> Result<()> {
        call!(
            self,
            cuTensorMapEncodeTiled(
                map,
                r.data_type as c_int,
                r.rank,
                r.address as usize as *mut c_void,
                r.global_dim.as_ptr(),
                r.global_strides.as_ptr(),
                r.box_dim.as_ptr(),
                r.element_strides.as_ptr(),
                r.interleave as c_int,
                r.swizzle as c_int,
                r.l2_promotion as c_int,
                r.oob_fill as c_int,
            )
        );
        Ok(())
    }

    /// cuTensorMapEncodeTiled on caller-provided arrays, into a caller-provided
    /// 128-byte descriptor (upstream's lower-level TMA entry point).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn tensor_map_encode_raw(
        &self,
        map: *mut c_void,
        data_type: c_int,
        rank: u32,
        address: *mut c_void,
        global_dim: *const u64,
        global_strides: *const u64,
        box_dim: *const u32,
        element_strides: *const u32,
        modes: [c_int; 4],
    ) -> Result<()> {
        if map.is_null() || global_dim.is_null() || box_dim.is_null() || element_strides.is_null() {
            return Err(RtError::new("a TMA descriptor argument is a null pointer"));
        }
        if rank > 1 && global_strides.is_null() {
            return Err(RtError::new("the TMA global strides are a null pointer"));
        }
        let [interleave, swizzle, l2, oob] = modes;
        self.in_context(|| {
            call!(
                self,
                cuTensorMapEncodeTiled(
                    map.cast(),
                    data_type,
                    rank,
                    address,
                    global_dim,
                    global_strides,
                    box_dim,
                    element_strides,
                    interleave,
                    swizzle,
                    l2,
                    oob,
                )
            );
            Ok(())
        })
    }
}

/// Reads `count` i64 values that generated code stored at `ptr`.
pub(crate) fn read_i64s(ptr: *const c_void, count: usize, what: &str) -> Result<Vec<i64>> {
    if count == 0 {
        return Ok(Vec::new());
    }
    if ptr.is_null() {
        return Err(RtError::new(format!("the {what} pointer is null")));
    }
    let words = ptr.cast::<i64>();
    // SAFETY: the caller (generated code) passes `count` initialised i64s;
    // unaligned reads make no alignment assumption.
    Ok((0..count)
        .map(|i| unsafe { words.add(i).read_unaligned() })
        .collect())
}

/// Reads a ranked memref descriptor of rank `rank`: allocated and aligned
/// pointers, offset, then `rank` sizes and `rank` strides, all 64-bit.
pub(crate) fn read_memref(descriptor: *const c_void, rank: usize) -> Result<MemRefView> {
    if descriptor.is_null() {
        return Err(RtError::new("the memref descriptor pointer is null"));
    }
    let words = read_i64s(descriptor, 3 + 2 * rank, "memref descriptor")?;
    Ok(MemRefView {
        aligned: words[1] as usize,
        offset: words[2],
        sizes: words[3..3 + rank].to_vec(),
        strides: words[3 + rank..].to_vec(),
    })
}

/// Ends the process after an error has been reported. `_exit` rather than
/// `exit`: the failing call may run inside a JIT-compiled global constructor
/// or deep in the host program of mlir-runner, where running the host's
/// static destructors could crash or hang; stdio buffers are flushed first
/// so that what the program printed before the failure is not lost.
pub(crate) fn exit_failure() -> ! {
    extern "C" {
        fn fflush(stream: *mut c_void) -> c_int;
        fn _exit(status: c_int) -> !;
    }
    // SAFETY: fflush(NULL) flushes every C stream; _exit ends the process.
    unsafe {
        fflush(null_mut());
        _exit(1)
    }
}
