//! `pallas.kernel` -> `func.func` running the grid as an `scf.for` nest with
//! window copies around the inlined body; `pallas.call` -> `func.call`;
//! `pallas.index_map` -> a private `func.func`.
//!
//! A kernel that mesh.rs runs as D devices keeps every body operand in the
//! devices' images (its trailing body arguments): the function copies each
//! device's prefetch and ANY/HBM operands in (out, for outputs) around the
//! grid, and each grid step copies the windows of devices 0..D-1 in before
//! the body and out after it. With D > 1 each array operand stacks the D
//! device-local arrays on a leading axis.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{BlockLike, RegionLike, Value, ValueLike};

use super::mesh::Layout;
use super::types::cpu_type;
use crate::conversion::common::builder::{
    array_elements, dense_i64, result_of, string_attr_value, value, Ofr, B, DYNAMIC,
};
use crate::conversion::framework::{PatternSet, Rewriter, TypeConverter};
use crate::ir::{memref_shape, BlockDim, BlockSpec, IndexMap, MemorySpace};

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.kernel", None, lower_kernel);
    set.add("pallas.call", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        let callee = op.attribute("kernel").map_err(|e| e.to_string())?;
        b.op("func.call", operands, &[], &[("callee", callee)]);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.index_map", None, lower_index_map);
    set.add("pallas.yield", Some(tc), |op, operands, rw| {
        // Yields of index maps (now func bodies); run_scoped handles its own.
        let parent = op.parent_operation().ok_or("no parent")?;
        if parent.name().as_string_ref().as_str() != Ok("func.func") {
            return Err("yield outside a function".into());
        }
        let b = B::new(rw, op.location());
        b.op("func.return", operands, &[], &[]);
        rw.erase_op(&op);
        Ok(())
    });
}

/// `ty` (a memref) with a leading axis of `n`.
fn stacked<'c>(b: &B<'_, 'c, '_>, ty: Type<'c>, n: i64) -> Type<'c> {
    b.ty(&super::mesh::stacked_text(ty, n))
}

/// An `scf.for` over the devices with the insertion point in its body;
/// returns the device index and the loop (to continue after it).
fn device_loop<'c, 'a>(b: &B<'_, 'c, 'a>, devices: i64) -> (Value<'c, 'a>, OperationRef<'c, 'a>) {
    let (lb, ub) = (b.cidx(0), b.cidx(devices));
    let (d, end) = b.for_loop(lb, ub);
    b.rw.set_insertion_point_before(&end);
    let op = crate::ir::op_ref(end.parent_operation().expect("the loop"));
    (d, op)
}

/// The mesh images and how to view one device's operands in them.
struct Images<'c, 'a> {
    layout: Layout,
    images: Vec<Value<'c, 'a>>,
    /// The CPU type of each body operand.
    types: Vec<Type<'c>>,
}

impl<'c, 'a> Images<'c, 'a> {
    /// Device `d`'s body operand `k`.
    fn view(&self, b: &B<'_, 'c, 'a>, d: Value<'c, 'a>, k: usize) -> Value<'c, 'a> {
        let (g, offset) = self.layout.slots[k];
        let at = b.add(b.mul(d, b.cidx(self.layout.images[g])), b.cidx(offset));
        super::mesh::slot_view(b, self.images[g], at, self.types[k])
    }
    /// Device `d`'s array of a (stacked) function argument.
    fn array(&self, b: &B<'_, 'c, 'a>, arg: Value<'c, 'a>, d: Value<'c, 'a>) -> Value<'c, 'a> {
        if self.layout.devices == 1 {
            return arg;
        }
        let shape = memref_shape(arg.r#type());
        let mut offsets = vec![Ofr::Dynamic(d)];
        let mut sizes = vec![Ofr::Static(1)];
        for s in &shape[1..] {
            offsets.push(Ofr::Static(0));
            sizes.push(Ofr::Static(*s));
        }
        let mut drop = vec![false; shape.len()];
        drop[0] = true;
        b.subview(arg, &offsets, &sizes, &vec![1; shape.len()], &drop)
    }
}

/// A function op with an entry block of `inputs` (ending in `func.return`
/// when there are no results), inserted at the insertion point.
fn insert_func<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    name: &str,
    inputs: &[Type<'c>],
    results: &[Type<'c>],
    private: bool,
) -> OperationRef<'c, 'a> {
    b.func(name, inputs, results, private, results.is_empty())
}

fn lower_index_map<'c, 'a>(
    op: OperationRef<'c, 'a>,
    _operands: &[Value<'c, 'a>],
    rw: &Rewriter<'c, 'a>,
) -> Result<(), String> {
    let b = B::new(rw, op.location());
    let name = string_attr_value(op.attribute("sym_name").map_err(|e| e.to_string())?);
    let fty = op.attribute("function_type").map_err(|e| e.to_string())?;
    let (inputs, results) = crate::ir::function_type_io(crate::ir::type_attr_value(fty))
        .ok_or("not a function type")?;
    let inputs: Vec<Type> = inputs.into_iter().map(cpu_type).collect();
    rw.set_insertion_point_before(&op);
    let func = insert_func(&b, &name, &inputs, &results, true);
    let region = func.region(0).map_err(|e| e.to_string())?;
    let placeholder = region.first_block().ok_or("no block")?;
    let src = op.region(0).map_err(|e| e.to_string())?;
    let src_block = src.first_block().ok_or("empty index map")?;
    let args: Vec<Value> = (0..placeholder.argument_count())
        .map(|i| value(placeholder.argument(i).unwrap()))
        .collect();
    // Move the body into the function's entry block (its return is not there:
    // the results are non-empty, so the placeholder block is empty).
    rw.merge_blocks(src_block, placeholder, &args);
    rw.erase_op(&op);
    Ok(())
}

/// One windowed operand (input or output).
struct Window<'c, 'a> {
    spec: BlockSpec<'c>,
    array: Value<'c, 'a>,
    /// The block buffer, or the array itself when not windowed.
    buffer: Value<'c, 'a>,
    windowed: bool,
    /// Output windows: the window start of the last grid step, one entry
    /// per array dim, then 1 once a step has recorded one.
    last_start: Option<Value<'c, 'a>>,
}

fn lower_kernel<'c, 'a>(
    op: OperationRef<'c, 'a>,
    _operands: &[Value<'c, 'a>],
    rw: &Rewriter<'c, 'a>,
) -> Result<(), String> {
    let b = B::new(rw, op.location());
    let attr = |n: &str| op.attribute(n).map_err(|e| format!("missing {n}: {e}"));
    let name = string_attr_value(attr("sym_name")?);
    let grid = dense_i64(attr("grid")?);
    let prefetch: Vec<Type<'c>> = array_elements(attr("scalar_prefetch")?)
        .into_iter()
        .map(|a| cpu_type(crate::ir::type_attr_value(a)))
        .collect();
    let specs = |n: &str| -> Result<Vec<BlockSpec<'c>>, String> {
        array_elements(attr(n)?)
            .into_iter()
            .map(|a| {
                BlockSpec::from_attribute(crate::ir::attr_ref(a))
                    .ok_or_else(|| "bad block spec".to_string())
            })
            .collect()
    };
    let in_specs = specs("in_specs")?;
    let out_specs = specs("out_specs")?;
    let aliases = op
        .attribute("input_output_aliases")
        .map(dense_i64)
        .unwrap_or_default();
    let body = op
        .region(0)
        .map_err(|e| e.to_string())?
        .first_block()
        .ok_or("kernel without body")?;
    let n_fixed = prefetch.len() + in_specs.len() + out_specs.len();
    let layout = Layout::of(&op);
    let devices = layout.as_ref().map_or(1, |l| l.devices);
    // The devices' images come last (mesh.rs).
    let n_args = body.argument_count() - layout.as_ref().map_or(0, |l| l.images.len());
    if n_args < n_fixed {
        return Err("kernel body has too few arguments".into());
    }

    // The function: dynamic extents, prefetch, inputs, outputs.
    let n_dyn = grid.iter().filter(|g| **g == DYNAMIC).count();
    let mut inputs: Vec<Type<'c>> = vec![b.index(); n_dyn];
    inputs.extend(prefetch.iter().copied());
    inputs.extend(
        in_specs
            .iter()
            .chain(&out_specs)
            .map(|s| cpu_type(s.array_type)),
    );
    if devices > 1 {
        for t in &mut inputs[n_dyn..] {
            *t = stacked(&b, *t, devices);
        }
    }
    rw.set_insertion_point_before(&op);
    let func = insert_func(&b, &name, &inputs, &[], false);
    let entry = func
        .region(0)
        .map_err(|e| e.to_string())?
        .first_block()
        .ok_or("no entry")?;
    let ret = entry.terminator().ok_or("no return")?;
    rw.set_insertion_point_before(&crate::ir::op_ref(ret));
    let arg = |i: usize| -> Value<'c, 'a> { value(entry.argument(i).unwrap()) };
    let dyn_args: Vec<Value<'c, 'a>> = (0..n_dyn).map(arg).collect();
    let pf_args: Vec<Value<'c, 'a>> = (0..prefetch.len()).map(|i| arg(n_dyn + i)).collect();
    let base = n_dyn + prefetch.len();
    let in_args: Vec<Value<'c, 'a>> = (0..in_specs.len()).map(|i| arg(base + i)).collect();
    let out_args: Vec<Value<'c, 'a>> = (0..out_specs.len())
        .map(|i| arg(base + in_specs.len() + i))
        .collect();

    // Aliased outputs start as the input they alias (when a different buffer).
    for pair in aliases.chunks(2) {
        let (i, o) = (pair[0] as usize, pair[1] as usize);
        let src = if i < prefetch.len() {
            pf_args[i]
        } else {
            in_args[i - prefetch.len()]
        };
        let dst = out_args[o];
        let p = |v: Value<'c, 'a>| {
            b.val(
                "memref.extract_aligned_pointer_as_index",
                &[v],
                b.index(),
                &[],
            )
        };
        let (ps, pd) = (p(src), p(dst));
        let differ = b.cmpi("ne", ps, pd);
        let then = b.if_then(differ);
        rw.set_insertion_point_before(&then);
        b.op("memref.copy", &[src, dst], &[], &[]);
        rw.set_insertion_point_after(&then.parent_operation().unwrap());
    }

    // The devices' images (zeroed: semaphores start at zero), with each
    // device's prefetch and ANY/HBM operands copied in.
    let images = match layout {
        Some(layout) => {
            let n_all = body.argument_count();
            let types: Vec<Type<'c>> = (0..n_all)
                .map(|i| cpu_type(body.argument(i).unwrap().r#type()))
                .collect();
            let mut allocs = vec![];
            for t in &types[n_args..] {
                let img = b.alloc(*t);
                // A byte loop: a whole-image vector would be unrolled.
                let (lb, ub) = (b.cidx(0), b.cidx(memref_shape(*t)[0]));
                let (i, end) = b.for_loop(lb, ub);
                rw.set_insertion_point_before(&end);
                let zero = b.constant("0 : i8", crate::ir::element_type(*t));
                b.op("memref.store", &[zero, img, i], &[], &[]);
                rw.set_insertion_point_after(&end.parent_operation().unwrap());
                allocs.push(img);
            }
            let images = Images {
                layout,
                images: allocs,
                types,
            };
            let unwindowed = in_specs.iter().chain(&out_specs).map(|s| {
                matches!(
                    s.memory_space,
                    Some(MemorySpace::Any) | Some(MemorySpace::Hbm)
                )
            });
            let copied: Vec<usize> = (0..prefetch.len())
                .map(|_| true)
                .chain(unwindowed)
                .enumerate()
                .filter_map(|(k, copy)| copy.then_some(k))
                .collect();
            if !copied.is_empty() {
                let (d, l) = device_loop(&b, devices);
                for k in copied {
                    let arr = images.array(&b, arg(n_dyn + k), d);
                    let v = images.view(&b, d, k);
                    b.op("memref.copy", &[arr, v], &[], &[]);
                }
                rw.set_insertion_point_after(&l);
            }
            Some(images)
        }
        None => None,
    };

    // Block buffers, allocated once.
    let mut windows = vec![];
    for (i, (spec, array)) in in_specs
        .iter()
        .zip(&in_args)
        .chain(out_specs.iter().zip(&out_args))
        .enumerate()
    {
        let windowed = !matches!(
            spec.memory_space,
            Some(MemorySpace::Any) | Some(MemorySpace::Hbm)
        );
        let buffer = if images.is_some() {
            // A device's buffer is a view of the images (per device).
            *array
        } else if windowed {
            b.alloc(cpu_type(spec.block_ref_type()))
        } else {
            *array
        };
        let last_start = (windowed && i >= in_specs.len()).then(|| {
            let rank = spec.dims.len() as i64;
            if images.is_some() {
                let last = b.alloc(b.memref(&[devices, rank + 1], b.index()));
                b.fill_zero(last);
                return last;
            }
            let last = b.alloc(b.memref(&[rank + 1], b.index()));
            let (zero, at_flag) = (b.cidx(0), b.cidx(rank));
            b.op("memref.store", &[zero, last, at_flag], &[], &[]);
            last
        });
        windows.push(Window {
            spec: spec.clone(),
            array: *array,
            buffer,
            windowed,
            last_start,
        });
    }
    // An aliased input left in HBM/ANY is its output's memory, as in JAX
    // (one buffer): the body may write through either ref.
    for pair in aliases.chunks(2) {
        let (i, o) = (pair[0] as usize, pair[1] as usize);
        if let Some(k) = i.checked_sub(prefetch.len()) {
            let out = &windows[in_specs.len() + o];
            if !windows[k].windowed && !out.windowed {
                windows[k].buffer = out.array;
            }
        }
    }
    // Scratch, allocated once (semaphores start at zero); on a mesh it is
    // in the images.
    // A SparseCore kernel's cores each have their own semaphores (a
    // `semaphore_signal ... core(c)` adds to core c's): they are stacked on
    // a leading axis of the number of cores, and each core's steps see their
    // row (see [`core_semaphores`]).
    let sc_cores = sparsecore_cores(&op);
    let mut scratch = vec![];
    let mut per_core = vec![];
    for i in (n_fixed..n_args).filter(|_| images.is_none()) {
        let orig = body.argument(i).unwrap().r#type();
        let ty = cpu_type(orig);
        if !crate::ir::is_memref(ty) || memref_shape(ty).contains(&DYNAMIC) {
            // `check` reports it first, at the kernel.
            return Err(format!("a scratch operand of type {orig}"));
        }
        let semaphore = crate::ir::SemaphoreKind::of_memref(orig).is_some();
        let stacked_cores = sc_cores.filter(|_| semaphore);
        let buf = match stacked_cores {
            Some(n) => {
                let i8_ty = b.ty("i8");
                b.alloc(b.memref(&[n * row_bytes(ty)], i8_ty))
            }
            None => b.alloc(ty),
        };
        if semaphore {
            b.fill_zero(buf);
        }
        scratch.push(buf);
        per_core.push(stacked_cores.is_some());
    }

    // The grid, row-major.
    let mut extents = vec![];
    let mut ivs = vec![];
    let mut next_dyn = 0;
    let mut anchor = None;
    for g in &grid {
        let ub = if *g == DYNAMIC {
            next_dyn += 1;
            dyn_args[next_dyn - 1]
        } else {
            b.cidx(*g)
        };
        extents.push(ub);
        let lb = b.cidx(0);
        let (iv, y) = b.for_loop(lb, ub);
        rw.set_insertion_point_before(&y);
        ivs.push(iv);
        anchor = Some(y);
    }
    let ids: Vec<Value<'c, 'a>> = ivs.iter().map(|iv| b.index_cast(*iv, b.i32())).collect();

    // Grid queries in the body.
    let mut queries = vec![];
    crate::ir::walk_nested(&op, &mut |o| {
        let n = o.name().as_string_ref().as_str().unwrap_or("").to_string();
        if n == "pallas.program_id" || n == "pallas.num_programs" {
            queries.push(o);
        }
    });
    for q in queries {
        let axis = crate::ir::int_attr(&q, "axis").ok_or("missing axis")? as usize;
        if axis >= grid.len() {
            return Err(format!("grid axis {axis} out of range"));
        }
        let v = if q.name().as_string_ref().as_str() == Ok("pallas.program_id") {
            ids[axis]
        } else {
            b.index_cast(extents[axis], b.i32())
        };
        rw.replace_op(&q, &[v]);
    }

    if let Some(images) = &images {
        let ret = crate::ir::op_ref(ret);
        let anchor = anchor.unwrap_or(ret);
        let counts = (prefetch.len(), in_specs.len());
        return run_devices(&b, &op, body, images, &windows, &ids, counts, anchor, ret);
    }

    // Window positions and copy-in.
    let mut positions = vec![];
    for w in &windows {
        if !w.windowed {
            positions.push(None);
            continue;
        }
        let pos = window_position(&b, &w.spec, &ids, &pf_args)?;
        let arg = value(
            body.argument(prefetch.len() + positions.len())
                .map_err(|e| e.to_string())?,
        );
        if w.last_start.is_none() || !overwritten_first(body, arg) {
            copy_in(&b, w, &pos);
        }
        positions.push(Some(pos));
    }

    // The body.
    let mut args: Vec<Value<'c, 'a>> = pf_args.clone();
    args.extend(windows.iter().map(|w| w.buffer));
    for (k, (buf, stacked)) in scratch.iter().zip(&per_core).enumerate() {
        args.push(if *stacked {
            let ty = cpu_type(body.argument(n_fixed + k).unwrap().r#type());
            core_row(&b, *buf, ivs[0], ty)
        } else {
            *buf
        });
    }
    let anchor = match anchor {
        Some(a) => a,
        None => crate::ir::op_ref(ret),
    };
    inline_body(rw, body, &anchor, &args);
    rw.set_insertion_point_before(&anchor);

    // Copy-out of the output blocks.
    for (w, pos) in windows.iter().zip(&positions).skip(in_specs.len()) {
        if let Some(pos) = pos {
            copy_window(&b, w, pos, false);
        }
    }
    // Free the buffers at the end.
    rw.set_insertion_point_before(&crate::ir::op_ref(ret));
    for w in windows.iter().filter(|w| w.windowed) {
        b.op("memref.dealloc", &[w.buffer], &[], &[]);
        if let Some(last) = w.last_start {
            b.op("memref.dealloc", &[last], &[], &[]);
        }
    }
    for s in &scratch {
        b.op("memref.dealloc", &[*s], &[], &[]);
    }
    rw.erase_op(&op);
    Ok(())
}

/// Whether the first op of the kernel body that touches block argument
/// `arg` (itself or inside its regions) is a store of the whole block, at
/// the top level of the body: then every step overwrites the output block
/// before anything can read it, and its copy-in (a read of the output array
/// the size of the output, at every new block) can go.
fn overwritten_first<'c, 'a>(body: melior::ir::BlockRef<'c, 'a>, arg: Value<'c, 'a>) -> bool {
    let at_top = |mut op: OperationRef<'c, 'a>| loop {
        if op.block().map(|b| b.to_raw().ptr) == Some(body.to_raw().ptr) {
            return Some(op.to_raw().ptr);
        }
        op = crate::ir::op_ref(op.parent_operation()?);
    };
    let touching: Vec<_> = crate::ir::users(arg).into_iter().map(at_top).collect();
    let mut next = body.first_operation();
    while let Some(op) = next {
        if touching.contains(&Some(op.to_raw().ptr)) {
            let stored = op.operand(0).map(|v| v.r#type()).ok();
            return op.name().as_string_ref().as_str() == Ok("pallas.store")
                && op.operand_count() == 2
                && crate::ir::operand_at(&op, 1).is_some_and(|r| r == arg)
                && crate::ir::operand_at(&op, 0).is_some_and(|v| v != arg)
                && op
                    .attribute("starts")
                    .map(dense_i64)
                    .unwrap_or_default()
                    .is_empty()
                && op.attribute("compress").is_err()
                && op.attribute("add").is_err()
                && stored.is_some_and(|t| {
                    crate::ir::is_vector(t) && memref_shape(t) == memref_shape(arg.r#type())
                });
        }
        next = op.next_in_block();
    }
    false
}

/// The number of cores of a SparseCore kernel (its first grid axis), whose
/// scratch semaphores are per core; `None` for a TensorCore kernel.
pub(super) fn sparsecore_cores(op: &OperationRef) -> Option<i64> {
    let core = crate::conversion::pallas_to_tpu::kernel::Core::of(op)?;
    let n = *dense_i64(op.attribute("grid").ok()?).first()?;
    (core.is_sparsecore() && n != DYNAMIC).then_some(n)
}

/// Marks the view [`core_row`] makes, so that a core-targeted signal finds
/// the other cores' rows (dma.rs).
pub const CORE_ROW_ATTR: &str = "pallas.core_row";

/// The bytes of one core's copy of the semaphores `ty` (i32 counters).
fn row_bytes(ty: Type) -> i64 {
    memref_shape(ty).iter().product::<i64>() * 4
}

/// Core `core`'s semaphores of type `ty` in the per-core bytes `stacked`:
/// a `memref.view`, so the row has `ty` itself (identity layout) and the
/// body's ops take it as they take any semaphore.
pub fn core_row<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    stacked: Value<'c, 'a>,
    core: Value<'c, 'a>,
    ty: Type<'c>,
) -> Value<'c, 'a> {
    let shift = b.mul(core, b.cidx(row_bytes(ty)));
    let view = b.op("memref.view", &[stacked, shift], &[ty], &[]);
    crate::ir::set_attribute(&view, CORE_ROW_ATTR, b.attr("unit"));
    result_of(view, 0)
}

/// Copies a window into its block buffer at a grid step.
fn copy_in<'c, 'a>(b: &B<'_, 'c, 'a>, w: &Window<'c, 'a>, pos: &Position<'c, 'a>) {
    let rw = b.rw;
    match w.last_start {
        // The TPU pipeline keeps an output block's buffer while
        // consecutive steps stay on the block (accumulators rely on
        // it), padding included: only a new block is read in.
        Some(last) => {
            let then = b.if_then(moved(b, last, pos));
            rw.set_insertion_point_before(&then);
            fill_unless_in_bounds(b, w, pos);
            copy_window(b, w, pos, true);
            rw.set_insertion_point_after(&then.parent_operation().unwrap());
            for (d, (start, _)) in pos.iter().enumerate() {
                let at = b.cidx(d as i64);
                b.op("memref.store", &[*start, last, at], &[], &[]);
            }
            let (one, at_flag) = (b.cidx(1), b.cidx(pos.len() as i64));
            b.op("memref.store", &[one, last, at_flag], &[], &[]);
        }
        None => {
            fill_unless_in_bounds(b, w, pos);
            copy_window(b, w, pos, true);
        }
    }
}

/// The rest of a kernel run as D devices (mesh.rs): per grid step the
/// devices' windows in, the body (already cut into loops over the
/// devices), the devices' windows out; after the grid, the devices'
/// ANY/HBM outputs out.
#[allow(clippy::too_many_arguments)]
fn run_devices<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    body: melior::ir::BlockRef<'c, 'a>,
    images: &Images<'c, 'a>,
    windows: &[Window<'c, 'a>],
    ids: &[Value<'c, 'a>],
    (n_pf, n_in): (usize, usize),
    anchor: OperationRef<'c, 'a>,
    ret: OperationRef<'c, 'a>,
) -> Result<(), String> {
    let rw = b.rw;
    let devices = images.layout.devices;
    // Device d's window k and its position at this step.
    let window =
        |d: Value<'c, 'a>, i: usize| -> Result<(Window<'c, 'a>, Position<'c, 'a>), String> {
            let w = &windows[i];
            let pf: Vec<Value<'c, 'a>> = (0..n_pf).map(|k| images.view(b, d, k)).collect();
            let last_start = w.last_start.map(|last| {
                let rank = memref_shape(last.r#type())[1];
                b.subview(
                    last,
                    &[Ofr::Dynamic(d), Ofr::Static(0)],
                    &[Ofr::Static(1), Ofr::Static(rank)],
                    &[1, 1],
                    &[true, false],
                )
            });
            let wd = Window {
                spec: w.spec.clone(),
                array: images.array(b, w.array, d),
                buffer: images.view(b, d, n_pf + i),
                windowed: true,
                last_start,
            };
            let pos = window_position(b, &w.spec, ids, &pf)?;
            Ok((wd, pos))
        };
    let windowed: Vec<usize> = (0..windows.len())
        .filter(|i| windows[*i].windowed)
        .collect();
    if !windowed.is_empty() {
        let (d, l) = device_loop(b, devices);
        for i in &windowed {
            let (wd, pos) = window(d, *i)?;
            copy_in(b, &wd, &pos);
        }
        rw.set_insertion_point_after(&l);
    }

    // The body, with device 0's operands for its own arguments: mesh.rs
    // made every use a view of the images per device.
    let c0 = b.cidx(0);
    let n_orig = images.types.len() - images.images.len();
    let mut args: Vec<Value<'c, 'a>> = (0..n_orig).map(|k| images.view(b, c0, k)).collect();
    args.extend(images.images.iter().copied());
    inline_body(rw, body, &anchor, &args);
    rw.set_insertion_point_before(&anchor);
    let outputs: Vec<usize> = windowed.iter().copied().filter(|i| *i >= n_in).collect();
    if !outputs.is_empty() {
        let (d, l) = device_loop(b, devices);
        for i in outputs {
            let (wd, pos) = window(d, i)?;
            copy_window(b, &wd, &pos, false);
        }
        rw.set_insertion_point_after(&l);
    }

    rw.set_insertion_point_before(&ret);
    let unwindowed: Vec<usize> = (n_in..windows.len())
        .filter(|i| !windows[*i].windowed)
        .collect();
    if !unwindowed.is_empty() {
        let (d, l) = device_loop(b, devices);
        for i in unwindowed {
            let v = images.view(b, d, n_pf + i);
            let arr = images.array(b, windows[i].array, d);
            b.op("memref.copy", &[v, arr], &[], &[]);
        }
        rw.set_insertion_point_after(&l);
    }
    for img in &images.images {
        b.op("memref.dealloc", &[*img], &[], &[]);
    }
    for last in windows.iter().filter_map(|w| w.last_start) {
        b.op("memref.dealloc", &[last], &[], &[]);
    }
    rw.erase_op(op);
    Ok(())
}

/// Per array dim: window start and size (array coordinates, `index`).
type Position<'c, 'a> = Vec<(Value<'c, 'a>, Ofr<'c, 'a>)>;

fn window_position<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    spec: &BlockSpec<'c>,
    ids: &[Value<'c, 'a>],
    prefetch: &[Value<'c, 'a>],
) -> Result<Position<'c, 'a>, String> {
    let n_results: usize = spec.dims.iter().map(|d| d.map_results()).sum();
    let results: Vec<Value<'c, 'a>> = match spec.index_map {
        IndexMap::Affine(map) => {
            let ids_idx: Vec<Value> = ids.iter().map(|v| b.index_cast(*v, b.index())).collect();
            let (nd, ns, nr) = crate::ir::affine_map_dims(map);
            if ns != 0 || nd != ids.len() || nr != n_results {
                return Err(format!(
                    "index map does not fit the grid and block: {}",
                    spec.to_text()
                ));
            }
            // The shared expansion, as the TPU passes apply the map: arith
            // ops with floor division and a floor modulo for divisors of
            // either sign (`affine.apply` would leave a non-positive
            // divisor to lower-affine, which cannot lower it).
            crate::conversion::common::index_map::expand_affine_map_as(b, map, &ids_idx, b.index())?
        }
        IndexMap::Symbol(sym) => {
            let mut operands = ids.to_vec();
            operands.extend(prefetch.iter().copied());
            let callee = b.attr(&format!("@{sym}"));
            let call = b.op(
                "func.call",
                &operands,
                &vec![b.i32(); n_results],
                &[("callee", callee)],
            );
            (0..n_results)
                .map(|i| b.index_cast(result_of(call, i), b.index()))
                .collect()
        }
    };
    let mut pos = vec![];
    let mut r = 0;
    for d in &spec.dims {
        let v = results[r];
        r += d.map_results();
        pos.push(match *d {
            BlockDim::Blocked(n) => {
                let n_v = b.cidx(n);
                (b.mul(v, n_v), Ofr::Static(n))
            }
            BlockDim::Squeezed => (v, Ofr::Static(1)),
            // The index map gives the window's offset in the array padded
            // with `pad_low` elements in front, as JAX's HLO interpreter
            // (`interpret=True`) reads it and JAX's own tests of Element
            // padding expect; TPU interpret mode (`pltpu.InterpretParams`,
            // jax 0.10.2) ignores the padding and reads from the offset in
            // the unpadded array.
            BlockDim::Element { size, pad_low, .. } => {
                let lo = b.cidx(pad_low);
                (b.sub(v, lo), Ofr::Static(size))
            }
            BlockDim::Bounded(n) => {
                let n_v = b.cidx(n);
                (v, Ofr::Dynamic(b.min(results[r - 1], n_v)))
            }
        });
    }
    Ok(pos)
}

/// Fills the window buffer (see [`fill_uninitialized`]) unless the window
/// at `pos` lies inside the array, where the copy writes every element.
fn fill_unless_in_bounds<'c, 'a>(b: &B<'_, 'c, 'a>, w: &Window<'c, 'a>, pos: &Position<'c, 'a>) {
    let zero = b.cidx(0);
    let mut outside: Option<Value<'c, 'a>> = None;
    for (d, (start, size)) in pos.iter().enumerate() {
        // A squeezed dim reads one clamped index (see copy_window): the
        // copy covers it wherever it is.
        if w.spec.dims[d] == BlockDim::Squeezed {
            continue;
        }
        let dim = b.dim(w.array, d);
        let end = b.add(*start, b.ofr(*size));
        let out_d = b.val(
            "arith.ori",
            &[b.cmpi("slt", *start, zero), b.cmpi("sgt", end, dim)],
            b.ty("i1"),
            &[],
        );
        outside = Some(match outside {
            None => out_d,
            Some(o) => b.val("arith.ori", &[o, out_d], b.ty("i1"), &[]),
        });
    }
    let Some(outside) = outside else {
        return;
    };
    let then = b.if_then(outside);
    b.rw.set_insertion_point_before(&then);
    fill_uninitialized(b, w.buffer);
    b.rw.set_insertion_point_after(&then.parent_operation().expect("scf.if"));
}

/// Fills a window buffer with what JAX's HLO interpreter reads outside the
/// array (Element padding, blocks past the array's end): NaN for floats,
/// the smallest value for integers (zero if unsigned), false for `i1`. Only the in-bounds part
/// is then copied in, so these are exactly the padded elements.
fn fill_uninitialized<'c, 'a>(b: &B<'_, 'c, 'a>, buf: Value<'c, 'a>) {
    let elem = crate::ir::element_type(buf.r#type());
    let v = if crate::conversion::common::builder::is_float(elem) {
        // JAX's NaN is the positive quiet NaN; spelled as bits where the
        // type is known, else 0/0 (a NaN of any float type, maybe negative).
        // The 8-bit formats: the all-ones exponent with the top mantissa bit
        // (IEEE-like), the all-ones magnitude (FN), the sign bit alone
        // (FNUZ); the 4- and 6-bit ones have no NaN and read as -0, what
        // NaN converts to (XLA, ml_dtypes).
        let bits = match elem.to_string().as_str() {
            "f16" => Some("0x7E00"),
            "bf16" => Some("0x7FC0"),
            "f32" => Some("0x7FC00000"),
            "f64" => Some("0x7FF8000000000000"),
            "f8E5M2" => Some("0x7E"),
            "f8E4M3" => Some("0x7C"),
            "f8E3M4" => Some("0x78"),
            "f8E4M3FN" => Some("0x7F"),
            "f8E4M3FNUZ" | "f8E5M2FNUZ" | "f8E4M3B11FNUZ" => Some("0x80"),
            "f8E8M0FNU" => Some("0xFF"),
            "f4E2M1FN" | "f6E2M3FN" | "f6E3M2FN" => Some("-0.0"),
            _ => None,
        };
        match bits {
            Some(bits) => b.constant(&format!("{bits} : {elem}"), elem),
            None => {
                let z = b.zero(elem);
                b.bin("arith.divf", z, z)
            }
        }
    } else {
        if elem.to_string().starts_with("ui") {
            // An unsigned type's smallest value is zero.
            b.fill_zero(buf);
            return;
        }
        match crate::ir::bit_width(elem) {
            Some(w) if (2..=64).contains(&w) => {
                let min = i64::MIN >> (64 - w);
                b.constant(&format!("{min} : {elem}"), elem)
            }
            _ => b.zero(elem),
        }
    };
    if crate::ir::bit_width(elem).is_some_and(|w| w < 8) {
        // A vector of a sub-byte type is packed into bits, the buffer holds
        // a byte per element: store element by element.
        b.fill_by_element(buf, v);
        return;
    }
    b.fill(buf, v);
}

/// Whether the window at `pos` is not the one recorded in `last` (or none
/// is recorded yet).
fn moved<'c, 'a>(b: &B<'_, 'c, 'a>, last: Value<'c, 'a>, pos: &Position<'c, 'a>) -> Value<'c, 'a> {
    let load = |d: usize| b.val("memref.load", &[last, b.cidx(d as i64)], b.index(), &[]);
    let mut moved = b.cmpi("eq", load(pos.len()), b.cidx(0));
    for (d, (start, _)) in pos.iter().enumerate() {
        let other = b.cmpi("ne", *start, load(d));
        moved = b.bin("arith.ori", moved, other);
    }
    moved
}

/// Copies the in-bounds part of the window between the array and the block
/// buffer (`to_buffer`: array -> buffer). Squeezed dims are clamped.
fn copy_window<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    w: &Window<'c, 'a>,
    pos: &Position<'c, 'a>,
    to_buffer: bool,
) {
    let rank = pos.len();
    let zero = b.cidx(0);
    let (mut arr_off, mut arr_size, mut drop) = (vec![], vec![], vec![]);
    let (mut buf_off, mut buf_size) = (vec![], vec![]);
    for (d, (start, size)) in pos.iter().enumerate() {
        let dim = b.dim(w.array, d);
        if w.spec.dims[d] == BlockDim::Squeezed {
            let one = b.cidx(1);
            let last = b.sub(dim, one);
            let s = b.min(b.max(*start, zero), last);
            arr_off.push(Ofr::Dynamic(s));
            arr_size.push(Ofr::Static(1));
            drop.push(true);
            continue;
        }
        // Both offsets stay inside their memref even when the window lies
        // wholly outside the array (padding of any size): an offset past
        // the end, times the strides, could leave i64.
        let size_v = b.ofr(*size);
        let lo = b.min(b.max(*start, zero), dim);
        let end = b.add(*start, size_v);
        let hi = b.max(b.min(end, dim), lo);
        let len = b.sub(hi, lo);
        arr_off.push(Ofr::Dynamic(lo));
        arr_size.push(Ofr::Dynamic(len));
        drop.push(false);
        let into_window = b.min(b.max(b.sub(lo, *start), zero), size_v);
        buf_off.push(Ofr::Dynamic(into_window));
        buf_size.push(Ofr::Dynamic(len));
    }
    let arr = b.subview(w.array, &arr_off, &arr_size, &vec![1; rank], &drop);
    let buf = if buf_off.is_empty() {
        w.buffer
    } else {
        let n = buf_off.len();
        b.subview(w.buffer, &buf_off, &buf_size, &vec![1; n], &vec![false; n])
    };
    if to_buffer {
        b.op("memref.copy", &[arr, buf], &[], &[]);
    } else {
        b.op("memref.copy", &[buf, arr], &[], &[]);
    }
}

/// Inlines a kernel body before `anchor` with `args` for its arguments,
/// dropping its `pallas.return`.
fn inline_body<'c, 'a>(
    rw: &Rewriter<'c, 'a>,
    body: melior::ir::BlockRef<'c, 'a>,
    anchor: &OperationRef<'c, 'a>,
    args: &[Value<'c, 'a>],
) {
    let term = body.terminator().map(crate::ir::op_ref);
    rw.inline_block_before(body, anchor, args);
    if let Some(term) = term {
        if crate::ir::op_name_of(&term) == "pallas.return" {
            rw.erase_op(&term);
        }
    }
}
