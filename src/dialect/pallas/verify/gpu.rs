//! The GPU rules: a GPU kernel's `mosaic_gpu` params (decoded by
//! [`crate::dialect::pallas::gpu_params`]), its shared-memory transforms
//! and barriers, mesh axis names, and the GPU-only ops (TMA copies,
//! barriers, WGMMA, layouts, register budgets). What JAX 0.10.2 rejects when
//! it builds the kernel is rejected here, at the op, naming the operand.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::ValueLike;

use super::{
    ancestor, array_elements, attr, bit_width, dictionary_entries, ensure, entry_arg_types, fail,
    int_attr, string_attr, string_value, Verified,
};
use crate::dialect::pallas::gpu_params::MosaicGpuParams;
use crate::ir::{
    self, barrier_params, element_type, is_memref, is_vector, memref_shape, MemorySpace,
};

/// Swizzles TMA and WGMMA know, in bytes (16 is no swizzle).
const SWIZZLES: [i64; 4] = [16, 32, 64, 128];

/// The decoded params of the GPU kernel around `op` (None outside one).
fn gpu_kernel_params(op: &OperationRef) -> Option<MosaicGpuParams> {
    let kernel = if super::op_name(op) == "pallas.kernel" {
        *op
    } else {
        ancestor(op, &["pallas.kernel"])?
    };
    MosaicGpuParams::of(&kernel).ok().flatten()
}

fn space(t: Type) -> Option<MemorySpace> {
    MemorySpace::of_memref(t)
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// The GPU part of `pallas.kernel`'s verifier: its `mosaic_gpu` params, axis
/// names, `gpu_transforms` and barrier scratch.
pub(super) fn verify_gpu_kernel(op: &OperationRef) -> Verified {
    let params = match MosaicGpuParams::of(op) {
        Ok(p) => p,
        Err(m) => return fail(op, m),
    };
    let Some(params) = params else {
        return ensure(op, attr(op, "gpu_transforms").is_none(), || {
            "gpu_transforms is for GPU kernels (compiler_params = {mosaic_gpu = {...}})".into()
        });
    };
    let grid_names: Vec<String> = attr(op, "grid_names")
        .and_then(array_elements)
        .unwrap_or_default()
        .into_iter()
        .filter_map(string_value)
        .collect();
    for name in params.axis_names() {
        ensure(op, !grid_names.iter().any(|g| g == name), || {
            format!("axis name '{name}' of compiler_params.mosaic_gpu is also a grid name")
        })?;
    }
    let operands = operand_names(op);
    for (origin, t) in &operands {
        if origin.starts_with("scratch") {
            verify_barrier_type(op, origin, *t, &params)?;
        }
    }
    if let Some(transforms) = attr(op, "gpu_transforms") {
        let entries = dictionary_entries(transforms).unwrap_or_default();
        for (key, value) in entries {
            let Some((_, t)) = operands.iter().find(|(origin, _)| *origin == key) else {
                return fail(
                    op,
                    format!("gpu_transforms names '{key}', which is not an operand of the kernel (expected inputs[i], outputs[i] or scratch[i])"),
                );
            };
            verify_transforms(op, &format!("gpu_transforms of {key}"), *t, value)?;
        }
    }
    Ok(())
}

/// The body arguments of a kernel with the names the verifiers use.
fn operand_names<'c>(op: &OperationRef<'c, '_>) -> Vec<(String, Type<'c>)> {
    let count = |name: &str| {
        attr(op, name)
            .and_then(array_elements)
            .map_or(0, |a| a.len())
    };
    let (p, i, o) = (
        count("scalar_prefetch"),
        count("in_specs"),
        count("out_specs"),
    );
    entry_arg_types(op)
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(k, t)| {
            let name = if k < p {
                format!("scalar_prefetch[{k}]")
            } else if k < p + i {
                format!("inputs[{}]", k - p)
            } else if k < p + i + o {
                format!("outputs[{}]", k - p - i)
            } else {
                format!("scratch[{}]", k - p - i - o)
            };
            (name, t)
        })
        .collect()
}

/// A `#pallas.gpu_transforms` on a shared-memory ref of type `t`.
fn verify_transforms(op: &OperationRef, what: &str, t: Type, a: melior::ir::Attribute) -> Verified {
    let Some(tr) = ir::gpu_transforms(a) else {
        return fail(
            op,
            format!("{what} must be a #pallas.gpu_transforms, got {a}"),
        );
    };
    ensure(
        op,
        is_memref(t) && space(t) == Some(MemorySpace::Shared),
        || format!("{what}: transforms lay out shared memory, but the ref is {t}"),
    )?;
    let shape = memref_shape(t);
    let rank = shape.len();
    if let Some(tiling) = &tr.tiling {
        ensure(op, !tiling.is_empty() && tiling.len() <= rank, || {
            format!("{what}: tiling {tiling:?} must have 1 to {rank} sizes for {t}")
        })?;
        let minor = &shape[rank - tiling.len()..];
        for (tile, dim) in tiling.iter().zip(minor) {
            ensure(op, *tile > 0 && dim % tile == 0, || {
                format!("{what}: tiling {tiling:?} must divide the minor dims {minor:?} of {t}")
            })?;
        }
    }
    if tr.swizzle != 0 {
        ensure(op, SWIZZLES.contains(&tr.swizzle), || {
            format!(
                "{what}: swizzle must be 16, 32, 64 or 128 bytes, got {}",
                tr.swizzle
            )
        })?;
        let bytes = bit_width(element_type(t)).unwrap_or(8).div_ceil(8) as i64;
        let minor = tr
            .tiling
            .as_ref()
            .and_then(|tl| tl.last().copied())
            .unwrap_or_else(|| shape.last().copied().unwrap_or(0));
        ensure(op, minor * bytes == tr.swizzle, || {
            format!(
                "{what}: the minor tile of {minor} elements of {} bytes spans {} bytes, but the swizzle is {} bytes",
                bytes,
                minor * bytes,
                tr.swizzle
            )
        })?;
    }
    if let Some(perm) = &tr.transpose {
        let mut sorted = perm.clone();
        sorted.sort_unstable();
        ensure(op, sorted == (0..rank as i64).collect::<Vec<_>>(), || {
            format!("{what}: transpose {perm:?} must be a permutation of the {rank} dims of {t}")
        })?;
    }
    Ok(())
}

/// A barrier allocation: positive arrivals, collective axes that name
/// cluster axes.
fn verify_barrier_type(
    op: &OperationRef,
    what: &str,
    t: Type,
    params: &MosaicGpuParams,
) -> Verified {
    if !is_memref(t) {
        return Ok(());
    }
    let Some(b) = barrier_params(element_type(t)) else {
        return Ok(());
    };
    ensure(op, b.arrivals >= 1, || {
        format!(
            "{what}: a barrier needs at least 1 arrival, got {}",
            b.arrivals
        )
    })?;
    if let Some(axes) = &b.collective_axes {
        ensure(op, !axes.is_empty(), || {
            format!("{what}: collective_axes of a cluster barrier must name at least one cluster axis, got {t}")
        })?;
        for axis in axes {
            let known = axis
                .as_ref()
                .is_some_and(|a| params.cluster_names.contains(a));
            ensure(op, known, || {
                format!(
                    "{what}: collective_axes of {t} must name cluster axes ({}), got {}",
                    names_text(&params.cluster_names),
                    axis.as_deref()
                        .map_or("a non-string".into(), |a| format!("'{a}'"))
                )
            })?;
        }
    }
    Ok(())
}

fn names_text(names: &[String]) -> String {
    if names.is_empty() {
        "the kernel has none".into()
    } else {
        names
            .iter()
            .map(|n| format!("'{n}'"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `pallas.run_scoped` in a GPU kernel: its barrier allocations and the
/// `gpu_transforms` of its shared-memory allocations.
pub(super) fn verify_gpu_run_scoped(op: &OperationRef) -> Verified {
    let types = entry_arg_types(op).unwrap_or_default();
    let transforms = attr(op, "gpu_transforms");
    let Some(params) = gpu_kernel_params(op) else {
        return ensure(op, transforms.is_none(), || {
            "gpu_transforms is for GPU kernels (compiler_params = {mosaic_gpu = {...}})".into()
        });
    };
    for (k, t) in types.iter().enumerate() {
        verify_barrier_type(op, &format!("allocation {k}"), *t, &params)?;
    }
    let Some(transforms) = transforms else {
        return Ok(());
    };
    for (key, value) in dictionary_entries(transforms).unwrap_or_default() {
        let index = key.parse::<usize>().ok().filter(|i| *i < types.len());
        let Some(index) = index else {
            return fail(
                op,
                format!(
                    "gpu_transforms names '{key}', which is not an allocation index (0 to {})",
                    types.len() as i64 - 1
                ),
            );
        };
        verify_transforms(
            op,
            &format!("gpu_transforms of allocation {index}"),
            types[index],
            value,
        )?;
    }
    Ok(())
}

/// `pallas.axis_index` in a GPU kernel names a grid, cluster or warpgroup axis.
pub(super) fn verify_gpu_axis_index(op: &OperationRef) -> Verified {
    let Some(kernel) = ancestor(op, &["pallas.kernel"]) else {
        return Ok(());
    };
    let Ok(Some(params)) = MosaicGpuParams::of(&kernel) else {
        return Ok(());
    };
    let name = string_attr(op, "axis_name").unwrap_or_default();
    let grid_names: Vec<String> = attr(&kernel, "grid_names")
        .and_then(array_elements)
        .unwrap_or_default()
        .into_iter()
        .filter_map(string_value)
        .collect();
    let known =
        grid_names.iter().any(|g| *g == name) || params.axis_names().contains(&name.as_str());
    ensure(op, known, || {
        let mut all: Vec<String> = grid_names.clone();
        all.extend(params.axis_names().into_iter().map(String::from));
        format!(
            "axis '{name}' is not an axis of the GPU kernel (grid_names, cluster_names, thread_name: {})",
            names_text(&all)
        )
    })
}

//===----------------------------------------------------------------------===//
// GPU-only ops
//===----------------------------------------------------------------------===//

fn operand_types<'c>(op: &OperationRef<'c, '_>) -> Vec<Type<'c>> {
    op.operands().map(|v| v.r#type()).collect()
}

/// The verifier of GPU-only op `short` (`None` for any other op).
pub(super) fn verify_gpu_op(op: &OperationRef, short: &str) -> Option<Verified> {
    Some(match short {
        "copy_gmem_to_smem" => verify_copy_gmem_to_smem(op),
        "copy_smem_to_gmem" => verify_copy_smem_to_gmem(op),
        "wgmma" => verify_wgmma(op),
        "wgmma_wait" | "wait_smem_to_gmem" => {
            let pending = int_attr(op, "pending").unwrap_or(0);
            ensure(op, pending >= 0, || {
                format!("pending must be non-negative, got {pending}")
            })
        }
        "layout_cast" => verify_layout_cast(op),
        "set_max_registers" => {
            let n = int_attr(op, "count").unwrap_or(0);
            ensure(op, (24..=256).contains(&n) && n % 8 == 0, || {
                format!("count must be a multiple of 8 in [24, 256], got {n}")
            })
        }
        _ => return None,
    })
}

fn verify_memory_space(
    op: &OperationRef,
    what: &str,
    t: Type,
    allowed: &[MemorySpace],
    names: &str,
) -> Verified {
    let s = space(t);
    // A ref without a memory space is a GMEM array (as kernel operands are).
    let ok = match s {
        Some(s) => allowed.contains(&s),
        None => allowed.contains(&MemorySpace::Gmem),
    };
    ensure(op, ok, || {
        format!("{what} must be in memory space {names}, got {t}")
    })
}

fn verify_copy_gmem_to_smem(op: &OperationRef) -> Verified {
    let types = operand_types(op);
    verify_memory_space(op, "src", types[0], &[MemorySpace::Gmem], "gmem")?;
    verify_memory_space(op, "dst", types[1], &[MemorySpace::Shared], "shared")?;
    let axes: Vec<String> = attr(op, "collective_axes")
        .and_then(array_elements)
        .unwrap_or_default()
        .into_iter()
        .filter_map(string_value)
        .collect();
    if !axes.is_empty() {
        let cluster = gpu_kernel_params(op)
            .map(|p| p.cluster_names)
            .unwrap_or_default();
        for a in &axes {
            ensure(op, cluster.contains(a), || {
                format!(
                    "collective_axes names '{a}', which is not a cluster axis of the kernel ({})",
                    names_text(&cluster)
                )
            })?;
        }
    }
    if let Some(k) = int_attr(op, "partitioned_axis") {
        ensure(op, !axes.is_empty(), || {
            "partitioned_axis needs collective_axes (the CTAs that share the tile)".into()
        })?;
        let rank = memref_shape(types[1]).len() as i64;
        ensure(op, (0..rank).contains(&k), || {
            format!(
                "partitioned_axis {k} is out of range for dst {} of rank {rank}",
                types[1]
            )
        })?;
    }
    Ok(())
}

fn verify_copy_smem_to_gmem(op: &OperationRef) -> Verified {
    let types = operand_types(op);
    verify_memory_space(op, "src", types[0], &[MemorySpace::Shared], "shared")?;
    verify_memory_space(op, "dst", types[1], &[MemorySpace::Gmem], "gmem")
}

fn verify_wgmma(op: &OperationRef) -> Verified {
    let types = operand_types(op);
    let (acc, lhs, rhs) = (types[0], types[1], types[2]);
    ensure(op, space(acc) == Some(MemorySpace::Regs), || {
        format!("acc must be a WGMMA accumulator, a ref in memory space regs, got {acc}")
    })?;
    let lhs_is_ref = is_memref(lhs);
    ensure(
        op,
        (lhs_is_ref && space(lhs) == Some(MemorySpace::Shared)) || is_vector(lhs),
        || format!("lhs must be a ref in memory space shared or a vector in registers, got {lhs}"),
    )?;
    verify_memory_space(op, "rhs", rhs, &[MemorySpace::Shared], "shared")?;
    let (a, l, r) = (memref_shape(acc), memref_shape(lhs), memref_shape(rhs));
    ensure(op, a.len() == 2 && l.len() == 2 && r.len() == 2, || {
        format!("acc, lhs and rhs must be 2-D, got {acc}, {lhs}, {rhs}")
    })?;
    ensure(op, l[1] == r[0] && a[0] == l[0] && a[1] == r[1], || {
        format!(
            "shapes do not compose: acc {acc}, lhs {lhs}, rhs {rhs} (need acc [M, N], lhs [M, K], rhs [K, N])"
        )
    })?;
    ensure(op, a[0] % 64 == 0 && a[1] % 8 == 0 && a[1] <= 256, || {
        format!("acc {acc}: WGMMA needs M a multiple of 64 and N a multiple of 8 up to 256")
    })?;
    let (le, re, ae) = (element_type(lhs), element_type(rhs), element_type(acc));
    ensure(op, le == re, || {
        format!("lhs {lhs} and rhs {rhs} must have the same element type")
    })?;
    let operand_bits = bit_width(le).unwrap_or(0);
    let acc_ok = if ir::is_float(ae) {
        ir::is_float(le) && (ir::is_f32(ae) || (bit_width(ae) == Some(16) && operand_bits == 16))
    } else {
        ir::is_integer(ae) && bit_width(ae) == Some(32) && operand_bits == 8 && !ir::is_float(le)
    };
    ensure(op, acc_ok, || {
        format!("acc {acc} cannot accumulate {le}: WGMMA accumulates floats in f32 (or f16 for 16-bit floats) and 8-bit integers in i32")
    })
}

fn verify_layout_cast(op: &OperationRef) -> Verified {
    // The enum's order: wgmma_row = 1, wgmma_col = 2, wg_splat = 7, wg_strided = 8.
    let layout = int_attr(op, "layout").unwrap_or(0);
    let vec_size = int_attr(op, "vec_size");
    let t = operand_types(op)[0];
    let rank = memref_shape(t).len();
    if layout == 8 {
        let v = vec_size.unwrap_or(0);
        ensure(op, v > 0, || {
            format!(
                "wg_strided needs a positive vec_size, got {}",
                vec_size.map_or("none".into(), |v| v.to_string())
            )
        })?;
    } else {
        ensure(op, vec_size.is_none(), || {
            "vec_size is only for the wg_strided layout".into()
        })?;
    }
    if matches!(layout, 1 | 2) {
        ensure(op, rank == 1, || {
            format!("wgmma_row and wgmma_col lay out 1-D vectors, got {t}")
        })?;
    } else if matches!(layout, 0 | 3..=6 | 9..=11) {
        ensure(op, rank == 2, || {
            format!("this layout is for 2-D vectors, got {t}")
        })?;
    }
    Ok(())
}
