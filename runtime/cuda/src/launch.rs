//! Kernel launch arguments: the index-typed dimensions gpu-to-llvm passes are
//! checked and narrowed to the driver's 32-bit fields, and the cluster launch
//! configuration of cuLaunchKernelEx is laid out as the driver reads it.

use crate::error::{Result, RtError};
use std::ffi::c_void;

/// cuLaunchKernelEx's attribute id for thread-block cluster dimensions.
pub(crate) const LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION: u32 = 4;

/// Dynamic shared memory beyond this needs the function's opt-in attribute
/// (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) raised first.
pub(crate) const DEFAULT_DYNAMIC_SMEM_LIMIT: i32 = 48 * 1024;

/// Grid, block and (for cluster launches) cluster sizes of one launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LaunchDims {
    pub(crate) grid: [u32; 3],
    pub(crate) block: [u32; 3],
    pub(crate) cluster: Option<[u32; 3]>,
    pub(crate) smem: u32,
}

fn narrow(what: &str, axis: usize, value: i64) -> Result<u32> {
    let axis = ["x", "y", "z"][axis];
    if value < 1 || value > i64::from(u32::MAX) {
        return Err(RtError::new(format!(
            "{what} size {axis} = {value} is out of range (1 to {})",
            u32::MAX
        )));
    }
    Ok(value as u32)
}

fn narrow3(what: &str, values: [i64; 3]) -> Result<[u32; 3]> {
    Ok([
        narrow(what, 0, values[0])?,
        narrow(what, 1, values[1])?,
        narrow(what, 2, values[2])?,
    ])
}

/// Checks the launch sizes as gpu-to-llvm passes them (index-typed grid,
/// block and cluster sizes, i32 dynamic shared memory bytes).
pub(crate) fn launch_dims(
    grid: [i64; 3],
    block: [i64; 3],
    cluster: Option<[i64; 3]>,
    smem: i32,
) -> Result<LaunchDims> {
    let grid = narrow3("grid", grid)?;
    let block = narrow3("block", block)?;
    let cluster = match cluster {
        None => None,
        Some(c) => {
            let c = narrow3("cluster", c)?;
            for axis in 0..3 {
                if !grid[axis].is_multiple_of(c[axis]) {
                    return Err(RtError::new(format!(
                        "grid size {} = {} is not a multiple of the cluster size {}",
                        ["x", "y", "z"][axis],
                        grid[axis],
                        c[axis]
                    )));
                }
            }
            Some(c)
        }
    };
    if smem < 0 {
        return Err(RtError::new(format!(
            "dynamic shared memory size {smem} is negative"
        )));
    }
    Ok(LaunchDims {
        grid,
        block,
        cluster,
        smem: smem as u32,
    })
}

/// The value union of a CUlaunchAttribute: 64 bytes, 8-byte aligned (some
/// members hold pointers).
#[repr(C, align(8))]
#[derive(Debug, Clone, Copy)]
pub(crate) struct LaunchAttributeValue(pub(crate) [u32; 16]);

/// CUlaunchAttribute: the id, padding to 8 bytes, the value union.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct LaunchAttribute {
    pub(crate) id: u32,
    pub(crate) pad: [u8; 4],
    pub(crate) value: LaunchAttributeValue,
}

/// CUlaunchConfig as cuLaunchKernelEx reads it.
#[repr(C)]
#[derive(Debug)]
pub(crate) struct LaunchConfig {
    pub(crate) grid_dim: [u32; 3],
    pub(crate) block_dim: [u32; 3],
    pub(crate) shared_mem_bytes: u32,
    pub(crate) stream: *mut c_void,
    pub(crate) attrs: *mut LaunchAttribute,
    pub(crate) num_attrs: u32,
}

/// The cluster-dimension attribute for `cluster` (x, y, z first in the value).
pub(crate) fn cluster_attribute(cluster: [u32; 3]) -> LaunchAttribute {
    let mut value = [0u32; 16];
    value[..3].copy_from_slice(&cluster);
    LaunchAttribute {
        id: LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION,
        pad: [0; 4],
        value: LaunchAttributeValue(value),
    }
}

/// The launch configuration pointing at `attr` (which must outlive the
/// launch call).
pub(crate) fn cluster_config(
    dims: &LaunchDims,
    stream: *mut c_void,
    attr: &mut LaunchAttribute,
) -> LaunchConfig {
    LaunchConfig {
        grid_dim: dims.grid,
        block_dim: dims.block,
        shared_mem_bytes: dims.smem,
        stream,
        attrs: attr,
        num_attrs: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{align_of, offset_of, size_of};

    #[test]
    fn accepts_and_narrows_sizes() {
        let d = launch_dims([4, 2, 1], [128, 1, 1], None, 200_000).unwrap();
        assert_eq!(d.grid, [4, 2, 1]);
        assert_eq!(d.block, [128, 1, 1]);
        assert_eq!(d.cluster, None);
        assert_eq!(d.smem, 200_000);
        let d = launch_dims([4, 2, 1], [128, 1, 1], Some([2, 1, 1]), 0).unwrap();
        assert_eq!(d.cluster, Some([2, 1, 1]));
        let max = i64::from(u32::MAX);
        assert_eq!(
            launch_dims([max, 1, 1], [1, 1, 1], None, 0).unwrap().grid[0],
            u32::MAX
        );
    }

    #[test]
    fn rejects_bad_sizes() {
        let e = launch_dims([0, 1, 1], [1, 1, 1], None, 0).unwrap_err();
        assert_eq!(e.0, "grid size x = 0 is out of range (1 to 4294967295)");
        let e = launch_dims([1, 1, 1], [1, -3, 1], None, 0).unwrap_err();
        assert_eq!(e.0, "block size y = -3 is out of range (1 to 4294967295)");
        let e = launch_dims([1, 1, 1 << 32], [1, 1, 1], None, 0).unwrap_err();
        assert_eq!(
            e.0,
            "grid size z = 4294967296 is out of range (1 to 4294967295)"
        );
        let e = launch_dims([1, 1, 1], [1, 1, 1], None, -1).unwrap_err();
        assert_eq!(e.0, "dynamic shared memory size -1 is negative");
        let e = launch_dims([6, 1, 1], [1, 1, 1], Some([4, 1, 1]), 0).unwrap_err();
        assert_eq!(
            e.0,
            "grid size x = 6 is not a multiple of the cluster size 4"
        );
        let e = launch_dims([6, 1, 1], [1, 1, 1], Some([2, 0, 1]), 0).unwrap_err();
        assert_eq!(e.0, "cluster size y = 0 is out of range (1 to 4294967295)");
    }

    // The driver's struct layouts (cuda.h, 64-bit): CUlaunchAttribute is 72
    // bytes with the value at offset 8; CUlaunchConfig is 56 bytes with the
    // stream at 32, the attribute pointer at 40 and their count at 48.
    #[test]
    fn launch_structs_have_the_driver_layout() {
        assert_eq!(size_of::<LaunchAttributeValue>(), 64);
        assert_eq!(size_of::<LaunchAttribute>(), 72);
        assert_eq!(align_of::<LaunchAttribute>(), 8);
        assert_eq!(offset_of!(LaunchAttribute, value), 8);
        assert_eq!(size_of::<LaunchConfig>(), 56);
        assert_eq!(offset_of!(LaunchConfig, shared_mem_bytes), 24);
        assert_eq!(offset_of!(LaunchConfig, stream), 32);
        assert_eq!(offset_of!(LaunchConfig, attrs), 40);
        assert_eq!(offset_of!(LaunchConfig, num_attrs), 48);
    }

    #[test]
    fn cluster_attribute_and_config() {
        let dims = launch_dims([8, 4, 2], [128, 1, 1], Some([2, 2, 1]), 1024).unwrap();
        let mut attr = cluster_attribute(dims.cluster.unwrap());
        assert_eq!(attr.id, 4);
        assert_eq!(&attr.value.0[..4], &[2, 2, 1, 0]);
        let config = cluster_config(&dims, std::ptr::null_mut(), &mut attr);
        assert_eq!(config.grid_dim, [8, 4, 2]);
        assert_eq!(config.block_dim, [128, 1, 1]);
        assert_eq!(config.shared_mem_bytes, 1024);
        assert_eq!(config.num_attrs, 1);
        assert_eq!(
            config.attrs as *const LaunchAttribute,
            &attr as *const LaunchAttribute
        );
    }
}
