//! TMA descriptor parameters: what `mgpuTensorMapEncodeTiledMemref` receives
//! (a ranked memref, the enum values nvgpu's lowering chose, the box sizes in
//! memref order) turned into cuTensorMapEncodeTiled's arguments, innermost
//! dimension first, and checked against the driver's documented limits so
//! that a bad request names what is wrong instead of a bare
//! CUDA_ERROR_INVALID_VALUE.

use crate::error::{Result, RtError};
use crate::memref::MemRefView;

/// Bytes per element of each CUtensorMapDataType value nvgpu emits (UINT8,
/// UINT16, UINT32, INT32, UINT64, INT64, FLOAT16, FLOAT32, FLOAT64, BFLOAT16,
/// FLOAT32_FTZ, TFLOAT32, TFLOAT32_FTZ).
const ELEMENT_BYTES: [u64; 13] = [1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4];

pub(crate) const MAX_RANK: usize = 5;

/// The arguments of cuTensorMapEncodeTiled (unused trailing entries are 1 for
/// sizes and 0 for strides). Equal requests encode equal descriptors.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct TensorMapRequest {
    pub(crate) data_type: u32,
    pub(crate) rank: u32,
    pub(crate) address: u64,
    pub(crate) global_dim: [u64; MAX_RANK],
    /// Byte strides of dimensions 1.. (dimension 0 is dense).
    pub(crate) global_strides: [u64; MAX_RANK],
    pub(crate) box_dim: [u32; MAX_RANK],
    pub(crate) element_strides: [u32; MAX_RANK],
    pub(crate) interleave: u32,
    pub(crate) swizzle: u32,
    pub(crate) l2_promotion: u32,
    pub(crate) oob_fill: u32,
}

pub(crate) fn check_rank(rank: i64) -> Result<usize> {
    if !(1..=MAX_RANK as i64).contains(&rank) {
        return Err(RtError::new(format!(
            "TMA descriptor rank {rank} is out of range (1 to {MAX_RANK})"
        )));
    }
    Ok(rank as usize)
}

fn enum_value(what: &str, value: i64, names: &[&str]) -> Result<u32> {
    if value < 0 || value as usize >= names.len() {
        return Err(RtError::new(format!(
            "{what} {value} is not one of {}",
            names
                .iter()
                .enumerate()
                .map(|(i, n)| format!("{i} ({n})"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Ok(value as u32)
}

/// Checks one descriptor request and lays it out for the driver.
pub(crate) fn tensor_map_request(
    memref: &MemRefView,
    data_type: i64,
    interleave: i64,
    swizzle: i64,
    l2_promotion: i64,
    oob_fill: i64,
    box_sizes: &[i64],
) -> Result<TensorMapRequest> {
    let rank = check_rank(memref.sizes.len() as i64)?;
    if box_sizes.len() != rank || memref.strides.len() != rank {
        return Err(RtError::new(format!(
            "TMA box has {} sizes for a rank-{rank} memref",
            box_sizes.len()
        )));
    }
    let data_type = enum_value(
        "TMA data type",
        data_type,
        &[
            "u8", "u16", "u32", "i32", "u64", "i64", "f16", "f32", "f64", "bf16", "f32 ftz",
            "tf32", "tf32 ftz",
        ],
    )?;
    let interleave = enum_value("TMA interleave", interleave, &["none", "16B", "32B"])?;
    let swizzle = enum_value("TMA swizzle", swizzle, &["none", "32B", "64B", "128B"])?;
    let l2_promotion = enum_value(
        "TMA L2 promotion",
        l2_promotion,
        &["none", "64B", "128B", "256B"],
    )?;
    let oob_fill = enum_value("TMA out-of-bounds fill", oob_fill, &["zero", "NaN"])?;
    let elem = ELEMENT_BYTES[data_type as usize];

    let inner_stride = memref.strides[rank - 1];
    if inner_stride != 1 {
        return Err(RtError::new(format!(
            "TMA needs the innermost memref dimension contiguous, but its stride is {inner_stride}"
        )));
    }
    let mut global_dim = [1u64; MAX_RANK];
    let mut global_strides = [0u64; MAX_RANK];
    let mut box_dim = [1u32; MAX_RANK];
    // The driver counts dimensions from the innermost; memrefs from the outermost.
    for i in 0..rank {
        let dim = rank - 1 - i;
        let size = memref.sizes[dim];
        if !(1..=1i64 << 32).contains(&size) {
            return Err(RtError::new(format!(
                "TMA global size {size} of memref dimension {dim} is out of range (1 to 2^32)"
            )));
        }
        global_dim[i] = size as u64;
        let b = box_sizes[dim];
        if !(1..=256).contains(&b) {
            return Err(RtError::new(format!(
                "TMA box size {b} of memref dimension {dim} is out of range (1 to 256)"
            )));
        }
        box_dim[i] = b as u32;
        if i > 0 {
            let stride = memref.strides[dim];
            let bytes = u64::try_from(stride).ok().and_then(|s| s.checked_mul(elem));
            match bytes {
                Some(bytes) if bytes.is_multiple_of(16) && bytes < 1u64 << 40 => global_strides[i - 1] = bytes,
                _ => {
                    return Err(RtError::new(format!(
                        "TMA global stride of memref dimension {dim} ({stride} elements of {elem} bytes) \
                         must be a positive multiple of 16 bytes below 2^40"
                    )))
                }
            }
        }
    }
    let address = memref.first_element(elem as i64)? as u64;
    let align = if interleave == 2 { 32 } else { 16 };
    if !address.is_multiple_of(align) {
        return Err(RtError::new(format!(
            "TMA global address {address:#x} (first element of the memref) is not {align}-byte aligned"
        )));
    }
    let inner_box_bytes = u64::from(box_dim[0]) * elem;
    if interleave == 0 {
        if !inner_box_bytes.is_multiple_of(16) {
            return Err(RtError::new(format!(
                "TMA box row of {inner_box_bytes} bytes (innermost box size {} x {elem} bytes) is not a multiple of 16 bytes",
                box_dim[0]
            )));
        }
        if swizzle != 0 {
            let span = 16u64 << swizzle;
            if inner_box_bytes > span {
                return Err(RtError::new(format!(
                    "TMA box row of {inner_box_bytes} bytes exceeds the {span}-byte swizzle span"
                )));
            }
        }
    }
    Ok(TensorMapRequest {
        data_type,
        rank: rank as u32,
        address,
        global_dim,
        global_strides,
        box_dim,
        element_strides: [1; MAX_RANK],
        interleave,
        swizzle,
        l2_promotion,
        oob_fill,
    })
}

/// The descriptor a `mosaic_gpu_init_tma_desc` call asks for, in the terms of
/// jaxlib's Mosaic GPU host code: a global base address (the first element,
/// offset included), an element-type code, sizes and strides in elements
/// (outermost first), the swizzle in bytes (16: none, 32, 64, 128) and the
/// window (box) shape. Sub-byte integers (codes 0: 4-bit and 8: 2-bit) are
/// described to the driver as bytes: the innermost size and window are
/// divided by the elements per byte, the other strides converted to bytes.
pub(crate) fn mosaic_tma_request(
    base: u64,
    elem_type: i64,
    sizes: &[i64],
    strides: &[i64],
    swizzle_bytes: i64,
    window: &[i64],
) -> Result<TensorMapRequest> {
    // (CUtensorMapDataType, bits per element) of each code.
    let (data_type, bits) = match elem_type {
        0 => (0, 4),   // 4-bit integers, as u8
        1 => (0, 8),   // u8 (and 8-bit floats)
        2 => (1, 16),  // u16
        3 => (2, 32),  // u32
        4 => (4, 64),  // u64
        5 => (6, 16),  // f16
        6 => (7, 32),  // f32
        7 => (9, 16),  // bf16
        8 => (0, 2),   // 2-bit integers, as u8
        9 => (3, 32),  // i32 (signed min/max reductions)
        10 => (5, 64), // i64
        _ => {
            return Err(RtError::new(format!(
                "TMA element type code {elem_type} is not one of 0 (4-bit), 1 (8-bit), 2 (16-bit), \
                 3 (32-bit), 4 (64-bit), 5 (f16), 6 (f32), 7 (bf16), 8 (2-bit), 9 (i32), 10 (i64)"
            )))
        }
    };
    let swizzle = match swizzle_bytes {
        16 => 0,
        32 => 1,
        64 => 2,
        128 => 3,
        _ => {
            return Err(RtError::new(format!(
                "TMA swizzle of {swizzle_bytes} bytes is not one of 16 (none), 32, 64, 128"
            )))
        }
    };
    let rank = check_rank(sizes.len() as i64)?;
    if strides.len() != rank || window.len() != rank {
        return Err(RtError::new(format!(
            "TMA descriptor of rank {rank} has {} strides and a window of rank {}",
            strides.len(),
            window.len()
        )));
    }
    let mut sizes = sizes.to_vec();
    let mut strides = strides.to_vec();
    let mut window = window.to_vec();
    if bits < 8 {
        let per_byte = 8 / bits;
        let inner = rank - 1;
        for (what, v) in [
            ("size", &mut sizes[inner]),
            ("window size", &mut window[inner]),
        ] {
            if *v % per_byte != 0 {
                return Err(RtError::new(format!(
                    "TMA innermost {what} {v} of {bits}-bit elements is not a whole number of bytes"
                )));
            }
            *v /= per_byte;
        }
        for (dim, stride) in strides.iter_mut().enumerate().take(inner) {
            if *stride % per_byte != 0 {
                return Err(RtError::new(format!(
                    "TMA stride {stride} of dimension {dim} ({bits}-bit elements) is not a whole number of bytes"
                )));
            }
            *stride /= per_byte;
        }
    }
    let view = MemRefView {
        aligned: base as usize,
        offset: 0,
        sizes,
        strides,
    };
    // L2 promotion of 256 bytes: a hint for the TMA engine, not a semantic
    // choice; out-of-bounds elements are filled with zeros.
    tensor_map_request(&view, data_type, 0, swizzle, 3, 0, &window)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lays_out_mosaic_requests() {
        // gpu_add_lane's descriptors: a 256 x f32 vector (code 6) in one
        // 256-element window, no swizzle (16 bytes).
        let r = mosaic_tma_request(0x20000, 6, &[256], &[1], 16, &[256]).unwrap();
        assert_eq!((r.data_type, r.rank, r.address), (7, 1, 0x20000));
        assert_eq!(r.global_dim, [256, 1, 1, 1, 1]);
        assert_eq!(r.box_dim, [256, 1, 1, 1, 1]);
        assert_eq!((r.swizzle, r.l2_promotion, r.oob_fill), (0, 3, 0));
        // A 128x256 bf16 matrix (code 7) in 64x64 windows, 128-byte swizzle:
        // rows are 512 bytes apart.
        let r = mosaic_tma_request(0x20000, 7, &[128, 256], &[256, 1], 128, &[64, 64]).unwrap();
        assert_eq!(r.data_type, 9);
        assert_eq!(r.global_dim, [256, 128, 1, 1, 1]);
        assert_eq!(r.global_strides, [512, 0, 0, 0, 0]);
        assert_eq!(r.box_dim, [64, 64, 1, 1, 1]);
        assert_eq!(r.swizzle, 3);
        // 4-bit integers (code 0): 64x256 nibbles are 64x128 bytes.
        let r = mosaic_tma_request(0x20000, 0, &[64, 256], &[256, 1], 128, &[64, 256]).unwrap();
        assert_eq!(r.data_type, 0);
        assert_eq!(r.global_dim, [128, 64, 1, 1, 1]);
        assert_eq!(r.global_strides, [128, 0, 0, 0, 0]);
        assert_eq!(r.box_dim, [128, 64, 1, 1, 1]);
    }

    #[test]
    fn rejects_bad_mosaic_requests() {
        let err = |t, sizes: &[i64], strides: &[i64], sw, win: &[i64]| {
            mosaic_tma_request(0x20000, t, sizes, strides, sw, win)
                .unwrap_err()
                .0
        };
        assert!(
            err(11, &[256], &[1], 16, &[256]).starts_with("TMA element type code 11 is not one of")
        );
        assert_eq!(
            err(6, &[256], &[1], 0, &[256]),
            "TMA swizzle of 0 bytes is not one of 16 (none), 32, 64, 128"
        );
        assert_eq!(
            err(6, &[256], &[1, 1], 16, &[256]),
            "TMA descriptor of rank 1 has 2 strides and a window of rank 1"
        );
        assert_eq!(
            err(0, &[8, 3], &[3, 1], 16, &[8, 2]),
            "TMA innermost size 3 of 4-bit elements is not a whole number of bytes"
        );
        // The checks of the driver's limits apply too (windows up to 256).
        assert_eq!(
            err(6, &[1024], &[1], 16, &[512]),
            "TMA box size 512 of memref dimension 0 is out of range (1 to 256)"
        );
        assert_eq!(
            err(6, &[], &[], 16, &[]),
            "TMA descriptor rank 0 is out of range (1 to 5)"
        );
    }

    fn memref(sizes: &[i64], strides: &[i64]) -> MemRefView {
        MemRefView {
            aligned: 0x10000,
            offset: 0,
            sizes: sizes.to_vec(),
            strides: strides.to_vec(),
        }
    }

    #[test]
    fn lays_out_a_2d_f16_request() {
        // memref<128x64xf16> loaded in 64x64 boxes with a 128-byte swizzle
        // (data type 6 = f16, swizzle 3 = 128B, as nvgpu's lowering passes them).
        let r =
            tensor_map_request(&memref(&[128, 64], &[64, 1]), 6, 0, 3, 0, 0, &[64, 64]).unwrap();
        assert_eq!(r.rank, 2);
        assert_eq!(r.data_type, 6);
        assert_eq!(r.address, 0x10000);
        assert_eq!(r.global_dim, [64, 128, 1, 1, 1]);
        assert_eq!(r.global_strides, [128, 0, 0, 0, 0]);
        assert_eq!(r.box_dim, [64, 64, 1, 1, 1]);
        assert_eq!(r.element_strides, [1; 5]);
        assert_eq!(
            (r.interleave, r.swizzle, r.l2_promotion, r.oob_fill),
            (0, 3, 0, 0)
        );
    }

    #[test]
    fn lays_out_a_3d_strided_f32_request_with_offset() {
        // A subview memref<2x16x32xf32, strided<[2048, 64, 1], offset: 96>>.
        let mut m = memref(&[2, 16, 32], &[2048, 64, 1]);
        m.offset = 96;
        let r = tensor_map_request(&m, 7, 0, 0, 2, 1, &[1, 8, 32]).unwrap();
        assert_eq!(r.address, 0x10000 + 96 * 4);
        assert_eq!(r.global_dim, [32, 16, 2, 1, 1]);
        assert_eq!(r.global_strides, [256, 8192, 0, 0, 0]);
        assert_eq!(r.box_dim, [32, 8, 1, 1, 1]);
        assert_eq!((r.l2_promotion, r.oob_fill), (2, 1));
    }

    #[test]
    fn rejects_what_the_driver_would() {
        let m = memref(&[128, 64], &[64, 1]);
        let err = |m: &MemRefView, dt, il, sw, b: &[i64]| {
            tensor_map_request(m, dt, il, sw, 0, 0, b).unwrap_err().0
        };
        assert_eq!(
            err(&m, 13, 0, 0, &[64, 64]),
            "TMA data type 13 is not one of 0 (u8), 1 (u16), 2 (u32), 3 (i32), 4 (u64), 5 (i64), 6 (f16), \
             7 (f32), 8 (f64), 9 (bf16), 10 (f32 ftz), 11 (tf32), 12 (tf32 ftz)"
        );
        assert_eq!(
            err(&m, 6, 0, 4, &[64, 64]),
            "TMA swizzle 4 is not one of 0 (none), 1 (32B), 2 (64B), 3 (128B)"
        );
        assert_eq!(
            err(&m, 6, -1, 0, &[64, 64]),
            "TMA interleave -1 is not one of 0 (none), 1 (16B), 2 (32B)"
        );
        assert_eq!(
            err(&m, 6, 0, 0, &[300, 64]),
            "TMA box size 300 of memref dimension 0 is out of range (1 to 256)"
        );
        assert_eq!(
            err(&m, 6, 0, 0, &[64, 4]),
            "TMA box row of 8 bytes (innermost box size 4 x 2 bytes) is not a multiple of 16 bytes"
        );
        // f32 rows of 64 elements are 256 bytes: wider than a 128-byte swizzle.
        let f32m = memref(&[128, 64], &[64, 1]);
        assert_eq!(
            err(&f32m, 7, 0, 3, &[8, 64]),
            "TMA box row of 256 bytes exceeds the 128-byte swizzle span"
        );
        // Rows of 20 f16 elements are 40 bytes apart.
        assert_eq!(
            err(&memref(&[8, 20], &[20, 1]), 6, 0, 0, &[8, 8]),
            "TMA global stride of memref dimension 0 (20 elements of 2 bytes) must be a positive multiple of 16 bytes below 2^40"
        );
        assert_eq!(
            err(&memref(&[8, 64], &[1, 8]), 6, 0, 0, &[8, 8]),
            "TMA needs the innermost memref dimension contiguous, but its stride is 8"
        );
        let mut off = m.clone();
        off.offset = 3;
        assert_eq!(
            err(&off, 6, 0, 0, &[64, 64]),
            "TMA global address 0x10006 (first element of the memref) is not 16-byte aligned"
        );
        assert_eq!(
            err(&memref(&[0, 64], &[64, 1]), 6, 0, 0, &[1, 64]),
            "TMA global size 0 of memref dimension 0 is out of range (1 to 2^32)"
        );
        assert_eq!(
            err(&m, 6, 0, 0, &[64]),
            "TMA box has 1 sizes for a rank-2 memref"
        );
        assert_eq!(
            check_rank(6).unwrap_err().0,
            "TMA descriptor rank 6 is out of range (1 to 5)"
        );
        assert_eq!(
            check_rank(0).unwrap_err().0,
            "TMA descriptor rank 0 is out of range (1 to 5)"
        );
    }
}
