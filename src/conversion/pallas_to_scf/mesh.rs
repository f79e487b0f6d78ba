//! Meshes on the CPU reference: `pallas.axis_index`, `pallas.device_id`,
//! remote DMAs and semaphore signals, and the kernel's barrier semaphore
//! over a simulated mesh of D devices.
//!
//! The mesh is the kernel's `compiler_params = {mosaic_tpu = {mesh_axes,
//! mesh_shape}}`; the pass option `mesh-shape` gives it to kernels that
//! declare none and must agree with the ones that do. Device ids are
//! row-major over the mesh shape (JAX's logical ids); `axis_index` of a
//! mesh axis is the device's coordinate along it, `axis_index` of a grid
//! axis (the kernel's `names(...)`) its `pallas.program_id`.
//!
//! A kernel that needs more than one device, or talks to another device,
//! runs here as D devices ([`lower`]):
//!
//! * **memory**: every body operand (scalar prefetch, block buffers, refs
//!   left in ANY/HBM, scratch, the barrier semaphore), every `run_scoped`
//!   buffer (the scope is inlined, its semaphores zeroed at each entry; a
//!   strided buffer spans its layout's extent) and the PRNG's state (each
//!   device has its own generator, prng.rs) has a slot in a per-device
//!   image, one image per memory space; the D images of a
//!   memory space are one allocation (a trailing `memref<D*S x i8>` body
//!   argument that `pallas.kernel`'s lowering allocates), and device `d`'s
//!   ref is a `memref.view` at `d * S + offset`. So the remote view of any
//!   ref derived from them is the ref moved by `(target - me) * S` bytes
//!   (`memref.extract_strided_metadata` + `memref.reinterpret_cast`),
//!   whatever chain of subviews made it.
//! * **order** (mesh_schedule.rs): per grid step (the devices' windows are
//!   copied in before and out after, as the grid steps run in lockstep),
//!   each device runs the body as a resumable state machine, and a
//!   scheduler runs devices 0, 1, ..., D-1 in turn, each until it finishes
//!   or finds a wait's semaphores short (it suspends there), and repeats
//!   until every device has finished. Waits may sit under any structured
//!   control flow, also control that depends on the device (e.g. only
//!   device 0 waits). DMAs copy when they start and bump their semaphores
//!   then. A round in which no device gets further is a deadlock: the run
//!   stops with a message naming, per waiting device, its wait.
//! * **remote ops**: `dma_start ... device(t)` copies into device t's
//!   destination and bumps t's destination semaphore and the local source
//!   semaphore; `semaphore_signal ... device(t)` bumps t's semaphore; a
//!   device id outside the mesh fails at run time. Waits are local.
//!
//! * **subcores**: a SparseCore kernel with subcore barriers has a slot per
//!   subcore for its scratch outside HBM / VMEM_SHARED, its scoped buffers
//!   and its PRNG state (an image of S subcores' slots per device), and all
//!   devices' subcores take turns (subcores.rs).
//!
//! Every array operand of `pallas.call` of such a kernel with D > 1 holds
//! the D device-local arrays stacked on a new leading axis (device order).

use melior::ir::attribute::Attribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{BlockLike, BlockRef, Value, ValueLike};

use crate::conversion::common::builder::{
    array_elements, dense_i64, segments, string_attr_value, B, DYNAMIC,
};
use crate::conversion::framework::{with_ir_rewriter, Rewriter};
use crate::ir::{self, dict_get, element_type, memref_shape, SemaphoreKind};

/// Attributes `pallas.kernel`'s lowering reads: the device count, per body
/// operand (group, byte offset) pairs, and per group the bytes of one
/// device's image.
pub const DEVICES_ATTR: &str = "pallas.cpu_mesh_devices";
pub const SLOTS_ATTR: &str = "pallas.cpu_mesh_slots";
pub const IMAGES_ATTR: &str = "pallas.cpu_mesh_images";
/// Marks a remote op whose remote refs are already resolved.
pub const REMOTE_ATTR: &str = "pallas.cpu_remote";

/// Slots start at multiples of this (any element type's alignment).
const ALIGN: i64 = 64;

/// The mesh layout of a kernel lowered by [`lower`] (see the attributes).
pub struct Layout {
    pub devices: i64,
    /// Per original body operand: (group, byte offset in a device image).
    pub slots: Vec<(usize, i64)>,
    /// Per group: bytes of one device's image.
    pub images: Vec<i64>,
}

impl Layout {
    /// The layout recorded on a kernel by [`lower`], if any.
    pub fn of(kernel: &OperationRef) -> Option<Layout> {
        let devices = ir::int_attr(kernel, DEVICES_ATTR)?;
        let slots = dense_i64(kernel.attribute(SLOTS_ATTR).ok()?);
        let images = dense_i64(kernel.attribute(IMAGES_ATTR).ok()?);
        Some(Layout {
            devices,
            slots: slots.chunks(2).map(|p| (p[0] as usize, p[1])).collect(),
            images,
        })
    }
}

/// Parses the pass option `mesh-shape` ("" or "4" or "2,2").
pub fn parse_option(text: &str) -> Result<Vec<i64>, String> {
    if text.trim().is_empty() {
        return Ok(vec![]);
    }
    text.split(',')
        .map(|s| match s.trim().parse::<i64>() {
            Ok(n) if n >= 1 => Ok(n),
            _ => Err(format!(
                "mesh-shape={text}: expected positive extents separated by commas, e.g. 4 or 2,2"
            )),
        })
        .collect()
}

fn op_name(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or("").to_string()
}

fn strings(a: Attribute) -> Vec<String> {
    array_elements(a)
        .into_iter()
        .map(string_attr_value)
        .collect()
}

/// The kernel's declared mesh: (axis names, shape).
fn declared_mesh(kernel: &OperationRef) -> (Vec<String>, Vec<i64>) {
    let tpu = kernel
        .attribute("compiler_params")
        .ok()
        .and_then(|p| dict_get(p, "mosaic_tpu"));
    let axes = tpu
        .and_then(|t| dict_get(t, "mesh_axes"))
        .map(strings)
        .unwrap_or_default();
    let shape = tpu
        .and_then(|t| dict_get(t, "mesh_shape"))
        .map(dense_i64)
        .unwrap_or_default();
    (axes, shape)
}

fn enclosing_kernel<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut k = op.parent_operation();
    while let Some(p) = k {
        if op_name(&p) == "pallas.kernel" {
            return Some(p);
        }
        k = p.parent_operation();
    }
    None
}

/// Reports an `axis_index` naming neither a grid nor a mesh axis.
pub fn check(op: &OperationRef) -> Result<(), String> {
    if op_name(op) != "pallas.axis_index" {
        return Ok(());
    }
    let kernel = enclosing_kernel(op).ok_or("pallas.axis_index outside a pallas.kernel")?;
    let grid_names = kernel
        .attribute("grid_names")
        .map(strings)
        .unwrap_or_default();
    let axis = op
        .attribute("axis_name")
        .map(string_attr_value)
        .map_err(|e| e.to_string())?;
    let (mesh_names, _) = declared_mesh(&kernel);
    if grid_names.contains(&axis) || mesh_names.contains(&axis) {
        return Ok(());
    }
    Err(format!(
        "'{axis}' is neither a grid axis {grid_names:?} nor a mesh axis {mesh_names:?}"
    ))
}

/// The device ids of a remote `dma_start` / `dma_wait` /
/// `semaphore_signal` (empty when local).
fn device_ids<'c, 'a>(op: &OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    let seg = match op_name(op).as_str() {
        "pallas.dma_start" | "pallas.dma_wait" => 6,
        "pallas.semaphore_signal" => 3,
        _ => return vec![],
    };
    let operands: Vec<Value> = op.operands().collect();
    segments(op, &operands)
        .into_iter()
        .nth(seg)
        .unwrap_or_default()
}

type Failure<'c, 'a> = (OperationRef<'c, 'a>, String);

/// Replaces every `axis_index` of a grid axis by its `program_id` (before
/// the SparseCore subcore split, which reads subcore ids).
pub fn resolve_grid_axes(module: &OperationRef) {
    let mut queries = vec![];
    ir::walk_nested(module, &mut |op| {
        if op_name(&op) == "pallas.axis_index" {
            queries.push(op);
        }
    });
    for q in queries {
        let Some(kernel) = enclosing_kernel(&q) else {
            continue;
        };
        let grid_names = kernel
            .attribute("grid_names")
            .map(strings)
            .unwrap_or_default();
        let Some(k) = q
            .attribute("axis_name")
            .ok()
            .map(string_attr_value)
            .and_then(|a| grid_names.iter().position(|n| *n == a))
        else {
            continue;
        };
        with_ir_rewriter(&q, |rw| {
            let b = B::new(rw, q.location());
            rw.set_insertion_point_before(&q);
            let v = b.val(
                "pallas.program_id",
                &[],
                b.i32(),
                &[("axis", b.attr(&format!("{k} : i64")))],
            );
            rw.replace_op(&q, &[v]);
        });
    }
}

/// Resolves the mesh queries of every kernel of `module` and runs the
/// kernels that need a mesh as D devices (see the module docs); grid axes
/// are resolved already ([`resolve_grid_axes`]).
pub fn lower(module: &OperationRef, option: &[i64]) -> Result<(), ()> {
    let mut kernels = vec![];
    ir::walk_nested(module, &mut |op| {
        if op_name(&op) == "pallas.kernel" {
            kernels.push(op);
        }
    });
    for k in kernels {
        let result = with_ir_rewriter(&k, |rw| lower_kernel(&k, option, rw));
        if let Err((at, message)) = result {
            ir::emit_op_error(&at, &message);
            return Err(());
        }
    }
    check_calls(module)
}

/// Reports a `pallas.call` whose array operands do not stack the devices'
/// arrays as its kernel now runs (the verifier cannot know a mesh given by
/// the pass option).
fn check_calls(module: &OperationRef) -> Result<(), ()> {
    let mut calls = vec![];
    ir::walk_nested(module, &mut |op| {
        if op_name(&op) == "pallas.call" {
            calls.push(op);
        }
    });
    let symbols = ir::SymbolTable::of(module);
    let mut ok = true;
    for call in calls {
        let Some(kernel) = call
            .attribute("kernel")
            .ok()
            .map(|a| ir::flat_symbol_name(a).to_string())
            .and_then(|n| symbols.lookup(&n))
        else {
            continue;
        };
        let devices = Layout::of(&kernel).map_or(1, |l| l.devices);
        let attr_types = |name: &str| -> Vec<Type> {
            kernel
                .attribute(name)
                .map(array_elements)
                .unwrap_or_default()
                .into_iter()
                .filter_map(|a| {
                    if name == "scalar_prefetch" {
                        return Some(ir::type_attr_value(a));
                    }
                    ir::BlockSpec::from_attribute(ir::attr_ref(a)).map(|s| s.array_type)
                })
                .collect()
        };
        let mut declared = attr_types("scalar_prefetch");
        declared.extend(attr_types("in_specs"));
        declared.extend(attr_types("out_specs"));
        let operands: Vec<Value> = call.operands().collect();
        let first = operands.len().saturating_sub(declared.len());
        for (k, (v, t)) in operands[first..].iter().zip(&declared).enumerate() {
            let want = if devices > 1 {
                stacked_text(*t, devices)
            } else {
                t.to_string()
            };
            let have = v.r#type().to_string();
            if have != want {
                let why = if devices > 1 {
                    format!("the kernel runs on {devices} devices, so every array operand stacks their arrays on a leading axis")
                } else {
                    "the kernel runs on one device".to_string()
                };
                ir::emit_op_error(
                    &call,
                    &format!(
                        "operand {} has type {have}, but the kernel takes {want} here ({why})",
                        first + k
                    ),
                );
                ok = false;
            }
        }
    }
    if ok {
        Ok(())
    } else {
        Err(())
    }
}

/// The text of memref type `t` with a leading axis of `n` (the stacked
/// operand of `n` devices).
pub fn stacked_text(t: Type, n: i64) -> String {
    let text = t.to_string();
    let rest = text.strip_prefix("memref<").unwrap_or(&text).to_string();
    format!("memref<{n}x{rest}")
}

fn lower_kernel<'c, 'a>(
    kernel: &OperationRef<'c, 'a>,
    option: &[i64],
    rw: &Rewriter<'c, 'a>,
) -> Result<(), Failure<'c, 'a>> {
    let fail = |at: &OperationRef<'c, 'a>, m: String| (*at, m);
    let (axes, declared) = declared_mesh(kernel);
    if !option.is_empty() && !declared.is_empty() && declared != option {
        return Err(fail(
            kernel,
            format!(
                "the kernel's mesh_shape {declared:?} differs from the pass option mesh-shape={}",
                option
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        ));
    }
    let shape = if declared.is_empty() {
        option.to_vec()
    } else {
        declared
    };
    let devices: i64 = shape.iter().product();
    let mut mesh_queries = vec![];
    let mut talks = false;
    ir::walk_nested(kernel, &mut |op| {
        let n = op_name(&op);
        if n == "pallas.axis_index" || n == "pallas.device_id" {
            mesh_queries.push(op);
        }
        talks |= n == "pallas.get_barrier_semaphore" || !device_ids(&op).is_empty();
    });
    if devices <= 1 && !talks {
        // One device: it is device 0 at coordinate 0 of every axis.
        for q in mesh_queries {
            let b = B::new(rw, q.location());
            rw.set_insertion_point_before(&q);
            let zero = b.ci32(0);
            rw.replace_op(&q, &[zero]);
        }
        return Ok(());
    }
    Devices {
        kernel: *kernel,
        rw,
        axes,
        shape,
        devices,
    }
    .run(mesh_queries)
}

/// One kernel run as `devices` devices.
struct Devices<'r, 'c, 'a> {
    kernel: OperationRef<'c, 'a>,
    rw: &'r Rewriter<'c, 'a>,
    axes: Vec<String>,
    shape: Vec<i64>,
    devices: i64,
}

/// A memory space's image: its memory space attribute and one device's
/// bytes so far.
struct Group<'c> {
    space: Option<Attribute<'c>>,
    bytes: i64,
    /// A slot per subcore of the device (kernels with subcore barriers):
    /// `bytes` counts one subcore's until the layout is done.
    per_subcore: bool,
}

/// Bytes of one element of a ref (semaphores are i32 counters here).
fn element_bytes(ty: Type) -> Option<i64> {
    if SemaphoreKind::of_memref(ty).is_some() {
        return Some(4);
    }
    let elem = element_type(ty);
    // The CPU reference's `index` is 64 bits wide (the LLVM lowering's
    // default data layout), as its buffers of index elements are.
    if ir::is_index(elem) {
        return Some(8);
    }
    ir::bit_width(elem).map(|w| w.div_ceil(8) as i64)
}

/// Elements spanned by a ref that can have a slot in a device image: a
/// statically shaped memref with a static strided layout (the identity
/// one, or e.g. a strided scoped buffer) spans its offset plus the last
/// element's position.
fn slot_elements(t: Type) -> Option<i64> {
    let shape = memref_shape(t);
    if !ir::is_memref(t) || shape.contains(&DYNAMIC) {
        return None;
    }
    if ir::has_identity_layout(t) {
        return Some(shape.iter().product());
    }
    let (strides, offset) = ir::memref_strides_and_offset(t)?;
    if offset == DYNAMIC || strides.contains(&DYNAMIC) || strides.iter().any(|s| *s < 0) {
        return None;
    }
    if shape.contains(&0) {
        return Some(0);
    }
    let last: i64 = shape.iter().zip(&strides).map(|(n, s)| (n - 1) * s).sum();
    Some(offset + last + 1)
}

/// The ref of type `ty` (with a slot, [`slot_elements`]) at byte `at` of
/// the device images `image`: a `memref.view`, recast to the layout of a
/// strided `ty`.
pub(super) fn slot_view<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    image: Value<'c, 'a>,
    at: Value<'c, 'a>,
    ty: Type<'c>,
) -> Value<'c, 'a> {
    if ir::has_identity_layout(ty) {
        return b.val("memref.view", &[image, at], ty, &[]);
    }
    let n = slot_elements(ty).expect("a slot type");
    let flat = b.ty(&format!(
        "memref<{n}x{}{}>",
        element_type(ty),
        space_text(ir::memref_memory_space(ty))
    ));
    let flat = b.val("memref.view", &[image, at], flat, &[]);
    let (strides, offset) = ir::memref_strides_and_offset(ty).expect("a strided layout");
    let arr = |v: &[i64]| {
        let list: Vec<String> = v.iter().map(|x| x.to_string()).collect();
        b.attr(&if v.is_empty() {
            "array<i64>".to_string()
        } else {
            format!("array<i64: {}>", list.join(", "))
        })
    };
    b.val(
        "memref.reinterpret_cast",
        &[flat],
        ty,
        &[
            ("static_offsets", arr(&[offset])),
            ("static_sizes", arr(&memref_shape(ty))),
            ("static_strides", arr(&strides)),
            ("operandSegmentSizes", b.attr("array<i32: 1, 0, 0, 0>")),
        ],
    )
}

/// Bytes of a ref that can have a slot in a device image ([`slot_elements`]).
pub(super) fn slot_bytes(t: Type) -> Option<i64> {
    Some(slot_elements(t)? * element_bytes(t)?)
}

fn space_text(space: Option<Attribute>) -> String {
    space.map(|s| format!(", {s}")).unwrap_or_default()
}

fn same_space(a: Option<Attribute>, b: Option<Attribute>) -> bool {
    a == b
}

/// Whether an op has no effect but its results, so that a copy of it
/// elsewhere computes the same values (what a device recomputes after a
/// wait it resumed at, mesh_schedule.rs, and what the SparseCore barrier
/// split recomputes, sparsecore.rs).
pub(super) fn recomputable(op: &OperationRef) -> bool {
    let name = op_name(op);
    op.regions().next().is_none()
        && (name.starts_with("arith.")
            || matches!(
                name.as_str(),
                "pallas.program_id"
                    | "pallas.num_programs"
                    | "pallas.iota"
                    | "pallas.multiple_of"
                    | "pallas.ref_reshape"
                    | "pallas.ref_bitcast"
                    | "memref.view"
                    | "memref.subview"
                    | "memref.cast"
                    | "memref.reinterpret_cast"
                    | "memref.extract_strided_metadata"
                    | "memref.collapse_shape"
                    | "memref.expand_shape"
                    | "memref.transpose"
                    | "memref.dim"
                    | "affine.apply"
                    | "vector.broadcast"
            ))
}

impl<'r, 'c, 'a> Devices<'r, 'c, 'a> {
    fn run(self, mesh_queries: Vec<OperationRef<'c, 'a>>) -> Result<(), Failure<'c, 'a>> {
        let k = self.kernel;
        let rw = self.rw;
        let fail = |at: &OperationRef<'c, 'a>, m: String| (*at, m);
        let body = ir::body_block(&k).ok_or_else(|| fail(&k, "a kernel without a body".into()))?;
        let b = B::new(rw, k.location());

        // A kernel with subcore barriers: every subcore of every device
        // takes turns (subcores.rs), each with its own scratch, scoped
        // buffers and PRNG (slots per subcore in the images).
        let subcores = super::subcores::holds_barrier(&k).then(|| super::subcores::subcores_of(&k));
        self.inline_scopes()?;
        super::mesh_schedule::check_waits(&k, self.devices)?;

        // The layout: a slot per body operand, then the barrier semaphore.
        let n_orig = body.argument_count();
        let mut slot_types: Vec<Type<'c>> = (0..n_orig)
            .map(|i| body.argument(i).expect("argument").r#type())
            .collect();
        let mut barriers = vec![];
        ir::walk_nested(&k, &mut |o| {
            if op_name(&o) == "pallas.get_barrier_semaphore" {
                barriers.push(o);
            }
        });
        if let Some(first) = barriers.first() {
            slot_types.push(first.result(0).expect("result").r#type());
        }
        // Then every scoped allocation: a device's run_scoped buffers get
        // slots in its images too, so that they outlive a wait the device
        // suspends at and another device can DMA into them.
        let scoped = self.scoped_regions();
        let first_scoped = slot_types.len();
        for (op, block) in &scoped {
            for j in 0..block.argument_count() {
                let t = block.argument(j).expect("argument").r#type();
                if slot_bytes(t).is_none() {
                    return Err(fail(
                        op,
                        format!("not yet supported: a scoped allocation of type {t} on a mesh of {} devices in the CPU reference", self.devices),
                    ));
                }
                slot_types.push(t);
            }
        }
        // Then the PRNG's state: each device draws from its own generator.
        let mut prng_ops = vec![];
        ir::walk_nested(&k, &mut |o| {
            if matches!(
                op_name(&o).as_str(),
                "pallas.prng_seed" | "pallas.prng_random_bits"
            ) {
                prng_ops.push(o);
            }
        });
        let prng_slot = (!prng_ops.is_empty()).then(|| {
            slot_types.push(b.ty(super::prng::STATE_TYPE));
            slot_types.len() - 1
        });
        let count = |name: &str| {
            k.attribute(name)
                .map(|a| array_elements(a).len())
                .unwrap_or(0)
        };
        let n_fixed = count("scalar_prefetch") + count("in_specs") + count("out_specs");
        let private = |i: usize| {
            subcores.is_some()
                && ((i >= n_fixed
                    && i < n_orig
                    && !matches!(
                        ir::MemorySpace::of_memref(slot_types[i]),
                        Some(
                            ir::MemorySpace::Hbm
                                | ir::MemorySpace::VmemShared
                                | ir::MemorySpace::Any
                        )
                    ))
                    || i >= first_scoped)
        };
        let (mut groups, slots) = self.layout(&slot_types, n_orig, &private)?;
        let mut unit_bytes = vec![0; groups.len()];
        for (g, ub) in groups.iter_mut().zip(&mut unit_bytes) {
            *ub = g.bytes;
            if g.per_subcore {
                g.bytes *= subcores.unwrap_or(1);
            }
        }
        let ctx = ir::op_context(&k);
        let attr = |text: &str| ir::parse_attribute(ctx, text).expect("an attribute");
        // `array<i64>` when empty (a kernel without operands).
        let i64_array = |v: &[String]| {
            if v.is_empty() {
                "array<i64>".to_string()
            } else {
                format!("array<i64: {}>", v.join(", "))
            }
        };
        let flat: Vec<String> = slots
            .iter()
            .flat_map(|(g, o)| [g.to_string(), o.to_string()])
            .collect();
        let images: Vec<String> = groups.iter().map(|g| g.bytes.to_string()).collect();
        ir::set_attribute(&k, DEVICES_ATTR, attr(&format!("{} : i64", self.devices)));
        ir::set_attribute(&k, SLOTS_ATTR, attr(&i64_array(&flat)));
        ir::set_attribute(&k, IMAGES_ATTR, attr(&i64_array(&images)));
        let mut image_args = vec![];
        for g in &groups {
            let t = b.ty(&format!(
                "memref<{}xi8{}>",
                self.devices * g.bytes,
                space_text(g.space)
            ));
            image_args.push(body.add_argument(t, k.location()));
        }

        // The prelude: the device's id and its views (a placeholder stands
        // for the id, which the scheduler's loop over the devices gives).
        let first = body
            .first_operation()
            .ok_or_else(|| fail(&k, "an empty kernel body".into()))?;
        rw.set_insertion_point_before(&first);
        let image_bytes: Vec<Value<'c, 'a>> = groups.iter().map(|g| b.cidx(g.bytes)).collect();
        let unit_bytes: Vec<Value<'c, 'a>> = unit_bytes.iter().map(|n| b.cidx(*n)).collect();
        // With subcores, the placeholder is the unit (device * S + subcore).
        let unit = b.cidx(0);
        let me = match subcores {
            Some(n) => b.bin("arith.divui", unit, b.cidx(n)),
            None => unit,
        };
        let view = |slot: usize, ty: Type<'c>| -> Value<'c, 'a> {
            let (g, offset) = slots[slot];
            let base = if groups[g].per_subcore {
                b.mul(unit, unit_bytes[g])
            } else {
                b.mul(me, image_bytes[g])
            };
            let at = b.add(base, b.cidx(offset));
            slot_view(&b, image_args[g], at, ty)
        };
        for i in 0..n_orig {
            let arg: Value = body.argument(i).expect("argument").into();
            if ir::has_uses(arg) {
                let v = view(i, arg.r#type());
                ir::replace_all_uses(arg, v);
            }
        }
        if !barriers.is_empty() {
            let v = view(n_orig, slot_types[n_orig]);
            for o in &barriers {
                ir::replace_all_uses(o.result(0).expect("result").into(), v);
                rw.erase_op(o);
            }
        }
        // The scopes' buffers; their semaphores start at zero at every
        // entry, as a fresh allocation's (through an i32 view of the slot:
        // the semaphore view itself has no zero to store).
        let mut slot = first_scoped;
        let mut scoped_views = vec![];
        for (_, block) in &scoped {
            let mut views = vec![];
            for j in 0..block.argument_count() {
                let ty = block.argument(j).expect("argument").r#type();
                let counters = SemaphoreKind::of_memref(ty).is_some().then(|| {
                    let (g, _) = slots[slot];
                    let n = slot_elements(ty).expect("a slot type");
                    let ity = b.ty(&format!("memref<{n}xi32{}>", space_text(groups[g].space)));
                    view(slot, ity)
                });
                views.push((view(slot, ty), counters));
                slot += 1;
            }
            scoped_views.push(views);
        }
        if let Some(slot) = prng_slot {
            let state = view(slot, slot_types[slot]);
            for o in &prng_ops {
                let ob = B::new(rw, o.location());
                rw.set_insertion_point_before(o);
                if op_name(o) == "pallas.prng_seed" {
                    let seeds: Vec<Value> = o.operands().collect();
                    super::prng::seed(&ob, state, &seeds);
                    rw.erase_op(o);
                } else {
                    let ty = o.result(0).expect("a result").r#type();
                    let bits = super::prng::random_bits(&ob, state, ty);
                    rw.replace_op(o, &[bits]);
                }
            }
            rw.set_insertion_point_after(&ir::defining_op(state).expect("the view"));
        }
        let me_i32 = b.index_cast(me, b.i32());
        for q in mesh_queries {
            let v = if op_name(&q) == "pallas.device_id" {
                me_i32
            } else {
                let axis = q
                    .attribute("axis_name")
                    .map(string_attr_value)
                    .unwrap_or_default();
                let a = self.axes.iter().position(|n| *n == axis).ok_or_else(|| {
                    fail(
                        &q,
                        format!(
                            "'{axis}' is neither a grid axis nor a mesh axis {:?}",
                            self.axes
                        ),
                    )
                })?;
                let stride: i64 = self.shape[a + 1..].iter().product();
                let coord = b.bin("arith.divui", me, b.cidx(stride));
                let coord = b.bin("arith.remui", coord, b.cidx(self.shape[a]));
                b.index_cast(coord, b.i32())
            };
            rw.replace_op(&q, &[v]);
        }
        for ((op, block), views) in scoped.iter().zip(&scoped_views) {
            self.inline_scoped(op, *block, views)?;
        }

        // Remote refs, computed in front of the op from the device's own.
        let mut remote_ops = vec![];
        ir::walk_nested(&k, &mut |o| {
            let n = op_name(&o);
            if n != "pallas.dma_wait" && !device_ids(&o).is_empty() {
                remote_ops.push(o);
            }
        });
        for o in remote_ops {
            self.resolve_remote(&o, me, &groups, &image_bytes, &image_args)?;
        }

        if subcores.is_some() {
            return super::subcores::lower_on_devices(rw, &k, unit, me, self.devices);
        }
        super::mesh_schedule::schedule(
            rw,
            &k,
            body,
            me,
            self.devices,
            super::mesh_schedule::DEVICES,
        )
    }

    /// Inlines the kernel's named scopes: they only name stretches of the
    /// trace, and the waits inside them are scheduled like any other.
    fn inline_scopes(&self) -> Result<(), Failure<'c, 'a>> {
        let rw = self.rw;
        let mut scopes = vec![];
        ir::walk_nested(&self.kernel, &mut |o| {
            if op_name(&o) == "pallas.named_scope" {
                scopes.push(o);
            }
        });
        for s in scopes.into_iter().rev() {
            let block = ir::body_block(&s).ok_or_else(|| (s, "an empty scope".to_string()))?;
            let mut results = vec![];
            if let Some(t) = block.terminator() {
                results = t.operands().collect();
                rw.erase_op(&ir::op_ref(t));
            }
            rw.inline_block_before(block, &s, &[]);
            rw.replace_op(&s, &results);
        }
        Ok(())
    }

    /// The kernel's `pallas.run_scoped` ops (outer ones first) with their
    /// body blocks, whose arguments are the scoped buffers.
    fn scoped_regions(&self) -> Vec<(OperationRef<'c, 'a>, BlockRef<'c, 'a>)> {
        let mut found = vec![];
        ir::walk_nested(&self.kernel, &mut |o| {
            if op_name(&o) == "pallas.run_scoped" {
                if let Some(block) = ir::body_block(&o) {
                    found.push((o, block));
                }
            }
        });
        found
    }

    /// Replaces a `pallas.run_scoped` by its body on the device's slots
    /// (`views`: per buffer its view and, for semaphores, an i32 view that
    /// is zeroed where the scope starts).
    fn inline_scoped(
        &self,
        op: &OperationRef<'c, 'a>,
        block: BlockRef<'c, 'a>,
        views: &[(Value<'c, 'a>, Option<Value<'c, 'a>>)],
    ) -> Result<(), Failure<'c, 'a>> {
        let rw = self.rw;
        let b = B::new(rw, op.location());
        rw.set_insertion_point_before(op);
        for (_, counters) in views {
            if let Some(c) = counters {
                b.fill_zero(*c);
            }
        }
        let mut results = vec![];
        if let Some(t) = block.terminator() {
            results = t.operands().collect();
            rw.erase_op(&ir::op_ref(t));
        }
        let args: Vec<Value<'c, 'a>> = views.iter().map(|(v, _)| *v).collect();
        rw.inline_block_before(block, op, &args);
        rw.replace_op(op, &results);
        Ok(())
    }

    /// The images: per slot type (the body operands, then the barrier
    /// semaphore, then the scoped buffers, checked by the caller) its group
    /// (memory space) and byte offset in one device's image of that group.
    #[allow(clippy::type_complexity)]
    fn layout(
        &self,
        slot_types: &[Type<'c>],
        n_orig: usize,
        private: &dyn Fn(usize) -> bool,
    ) -> Result<(Vec<Group<'c>>, Vec<(usize, i64)>), Failure<'c, 'a>> {
        let k = self.kernel;
        let fail = |at: &OperationRef<'c, 'a>, m: String| (*at, m);
        let mut groups: Vec<Group<'c>> = vec![];
        let mut slots = vec![];
        for (i, t) in slot_types.iter().enumerate() {
            let Some(size) = slot_bytes(*t) else {
                let what = if i < n_orig {
                    format!("body operand {i}")
                } else {
                    "the barrier semaphore".to_string()
                };
                return Err(fail(
                    &k,
                    format!("not yet supported: {what} of type {t} on a mesh of {} devices in the CPU reference", self.devices),
                ));
            };
            let space = ir::memref_memory_space(*t);
            let per_subcore = private(i);
            let g = match groups
                .iter()
                .position(|g| same_space(g.space, space) && g.per_subcore == per_subcore)
            {
                Some(g) => g,
                None => {
                    groups.push(Group {
                        space,
                        bytes: 0,
                        per_subcore,
                    });
                    groups.len() - 1
                }
            };
            slots.push((g, groups[g].bytes));
            groups[g].bytes += ((size + ALIGN - 1) / ALIGN).max(1) * ALIGN;
        }
        // An input left in ANY/HBM aliased to an output left there is the
        // output's memory (one buffer, as in JAX): one slot for both.
        let n_prefetch = k
            .attribute("scalar_prefetch")
            .map(|a| array_elements(a).len())
            .unwrap_or(0);
        let n_inputs = k
            .attribute("in_specs")
            .map(|a| array_elements(a).len())
            .unwrap_or(0);
        let aliases = k
            .attribute("input_output_aliases")
            .map(dense_i64)
            .unwrap_or_default();
        let unwindowed = |t: Type| {
            matches!(
                ir::MemorySpace::of_memref(t),
                Some(ir::MemorySpace::Any | ir::MemorySpace::Hbm)
            )
        };
        for pair in aliases.chunks(2) {
            let (i, o) = (pair[0] as usize, n_prefetch + n_inputs + pair[1] as usize);
            if i >= n_prefetch
                && o < n_orig
                && unwindowed(slot_types[i])
                && unwindowed(slot_types[o])
                && slot_types[i] == slot_types[o]
            {
                slots[i] = slots[o];
            }
        }
        Ok((groups, slots))
    }

    /// Points a remote op at the target device's refs.
    fn resolve_remote(
        &self,
        op: &OperationRef<'c, 'a>,
        me: Value<'c, 'a>,
        groups: &[Group<'c>],
        image_bytes: &[Value<'c, 'a>],
        image_args: &[Value<'c, 'a>],
    ) -> Result<(), Failure<'c, 'a>> {
        let rw = self.rw;
        let name = op_name(op);
        let fail = |m: String| (*op, m);
        let b = B::new(rw, op.location());
        rw.set_insertion_point_before(op);
        let ids = device_ids(op);
        let logical = ir::int_attr(op, "device_id_type") == Some(1);
        let target = if logical {
            if ids.len() != 1 {
                return Err(fail(format!(
                    "a logical device id is one value, got {}",
                    ids.len()
                )));
            }
            b.index_cast(ids[0], b.index())
        } else {
            if ids.len() != self.shape.len() {
                return Err(fail(format!(
                    "{} device ids (mesh coordinates) for a mesh of rank {} ({:?})",
                    ids.len(),
                    self.shape.len(),
                    self.shape
                )));
            }
            let mut t = b.cidx(0);
            for (a, id) in ids.iter().enumerate() {
                let stride: i64 = self.shape[a + 1..].iter().product();
                let c = b.index_cast(*id, b.index());
                t = b.add(t, b.mul(c, b.cidx(stride)));
            }
            t
        };
        let in_mesh = b.bin(
            "arith.andi",
            b.cmpi("sge", target, b.cidx(0)),
            b.cmpi("slt", target, b.cidx(self.devices)),
        );
        let msg = format!(
            "{name} to a device outside the mesh of {} devices",
            self.devices
        );
        super::dma::fail_unless(&b, in_mesh, &msg);
        let delta = b.sub(target, me);
        let indices: &[usize] = if name == "pallas.dma_start" {
            &[1, 2]
        } else {
            &[0]
        };
        for &i in indices {
            let r = op.operand(i).expect("operand");
            let ty = r.r#type();
            let space = ir::memref_memory_space(ty);
            if !rooted_in_images(r, image_args) {
                return Err(fail(format!(
                    "not yet supported: {name} on another device's {ty} that is not (a view of) a kernel operand, scratch buffer, run_scoped buffer or the barrier semaphore, in the CPU reference"
                )));
            }
            let g = groups
                .iter()
                .position(|g| same_space(g.space, space))
                .ok_or_else(|| fail(format!("no image holds {ty}")))?;
            let eb = element_bytes(ty).ok_or_else(|| fail(format!("not yet supported: {ty}")))?;
            let per_device = b.bin("arith.divui", image_bytes[g], b.cidx(eb));
            let shift = b.mul(delta, per_device);
            let remote = shifted(&b, r, shift);
            ir::set_operand(op, i, remote);
        }
        ir::set_attribute(op, REMOTE_ATTR, b.attr("unit"));
        Ok(())
    }
}

fn vptr(v: Value) -> usize {
    v.to_raw().ptr as usize
}

/// Whether a ref is a view (through view ops) of a device image.
fn rooted_in_images(r: Value, images: &[Value]) -> bool {
    let mut cur = r;
    loop {
        if images.iter().any(|i| vptr(*i) == vptr(cur)) {
            return true;
        }
        let Some(d) = ir::defining_op(cur) else {
            return false;
        };
        let name = op_name(&d);
        let view = matches!(
            name.as_str(),
            "memref.view"
                | "memref.subview"
                | "memref.cast"
                | "memref.reinterpret_cast"
                | "memref.collapse_shape"
                | "memref.expand_shape"
                | "memref.transpose"
                | "pallas.ref_reshape"
                | "pallas.ref_bitcast"
        );
        if !view {
            return false;
        }
        match d.operand(0) {
            Ok(v) => cur = v,
            Err(_) => return false,
        }
    }
}

/// `r` moved by `shift` elements, with its sizes and strides.
fn shifted<'c, 'a>(b: &B<'_, 'c, 'a>, r: Value<'c, 'a>, shift: Value<'c, 'a>) -> Value<'c, 'a> {
    let ty = r.r#type();
    let shape = memref_shape(ty);
    let rank = shape.len();
    let elem = element_type(ty);
    let space = space_text(ir::memref_memory_space(ty));
    let base_ty = b.ty(&format!("memref<{elem}{space}>"));
    let mut results = vec![base_ty, b.index()];
    results.extend(std::iter::repeat_n(b.index(), 2 * rank));
    let meta = b.op("memref.extract_strided_metadata", &[r], &results, &[]);
    let res = |i: usize| -> Value<'c, 'a> { ir::result_of(meta, i) };
    let offset = b.add(res(1), shift);
    let mut operands = vec![res(0), offset];
    let mut n_sizes = 0;
    for (d, s) in shape.iter().enumerate() {
        if *s == DYNAMIC {
            operands.push(res(2 + d));
            n_sizes += 1;
        }
    }
    for d in 0..rank {
        operands.push(res(2 + rank + d));
    }
    let dims: String = shape
        .iter()
        .map(|s| {
            if *s == DYNAMIC {
                "?x".to_string()
            } else {
                format!("{s}x")
            }
        })
        .collect();
    let strides = vec!["?"; rank].join(", ");
    let out = b.ty(&format!(
        "memref<{dims}{elem}, strided<[{strides}], offset: ?>{space}>"
    ));
    let dyn_list = |n: usize| vec![DYNAMIC.to_string(); n].join(", ");
    let sizes: Vec<String> = shape.iter().map(|s| s.to_string()).collect();
    let attrs = [
        (
            "static_offsets",
            b.attr(&format!("array<i64: {}>", DYNAMIC)),
        ),
        (
            "static_sizes",
            b.attr(&format!(
                "array<i64{}{}>",
                if rank > 0 { ": " } else { "" },
                sizes.join(", ")
            )),
        ),
        (
            "static_strides",
            b.attr(&format!(
                "array<i64{}{}>",
                if rank > 0 { ": " } else { "" },
                dyn_list(rank)
            )),
        ),
        (
            "operandSegmentSizes",
            b.attr(&format!("array<i32: 1, 1, {n_sizes}, {rank}>")),
        ),
    ];
    b.val("memref.reinterpret_cast", &operands, out, &attrs)
}
