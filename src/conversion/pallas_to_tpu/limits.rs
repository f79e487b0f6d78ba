//! Memory capacities of the TPU generations, and the checks that a kernel's
//! blocks, scratch and scoped allocations fit in them (issue 12, "Limits").
//!
//! The figures are jaxlib 0.10.2's TPU info (`pltpu.get_tpu_info()`): VMEM
//! and SMEM per TensorCore, VMEM per SparseCore vector subcore, HBM (here
//! for the whole chip). JAX does not check them when it lowers a kernel;
//! Mosaic does when it compiles for a chip, and then a kernel whose buffers
//! do not fit fails there. The TPU passes check them up front, against the
//! generation their `chip` option names or, by default, against the largest
//! figure any generation has, so that every kernel that fits some chip
//! passes.
//!
//! What is counted is a lower bound of what Mosaic allocates, so that a
//! kernel rejected here can never fit: each buffer at its logical size
//! (elements times their width, bools as 32-bit words, no tile padding);
//! a TensorCore window that moves has `buffer_count` buffers (2 by default,
//! the pipeline's double buffering), one that never moves (the whole array
//! at a constant zero position, or a grid of one step) one; scratch once;
//! nested `run_scoped` allocations at their deepest. Without
//! `vmem_limit_bytes` the bound is the chip's VMEM, not the compiler's
//! smaller default scoped-VMEM limit (a libtpu flag, which
//! `vmem_limit_bytes` raises): a kernel accepted here may still need it.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{Type, TypeLike};
use melior::ir::{RegionLike, ValueLike};

use crate::ir::hash::FastMap;
use crate::ir::{self, MemorySpace, SemaphoreKind};

const KIB: i64 = 1 << 10;
const MIB: i64 = 1 << 20;

/// One TPU generation's memories, in bytes.
#[derive(Debug, PartialEq, Eq)]
pub struct Chip {
    /// jax's `ChipVersion` value (`pltpu.ChipVersion`).
    pub name: &'static str,
    /// Per TensorCore.
    pub vmem: i64,
    /// Per TensorCore.
    pub smem: i64,
    /// The whole chip's (jaxlib gives it per TensorCore: total / cores).
    pub hbm: i64,
    /// Per SparseCore vector subcore; `None`: jaxlib lists no SparseCore.
    pub sc_vmem: Option<i64>,
}

/// jaxlib 0.10.2's table, oldest first.
pub const CHIPS: [Chip; 10] = [
    Chip {
        name: "v2",
        vmem: 16 * MIB,
        smem: 16 * KIB,
        hbm: 16_000_000_000,
        sc_vmem: None,
    },
    Chip {
        name: "v3",
        vmem: 16 * MIB,
        smem: 16 * KIB,
        hbm: 34_400_000_000,
        sc_vmem: None,
    },
    Chip {
        name: "v4i",
        vmem: 16 * MIB,
        smem: MIB,
        hbm: 8_590_000_000,
        sc_vmem: None,
    },
    Chip {
        name: "v4",
        vmem: 16 * MIB,
        smem: MIB,
        hbm: 34_400_000_000,
        sc_vmem: None,
    },
    Chip {
        name: "v5e",
        vmem: 128 * MIB,
        smem: MIB,
        hbm: 17_200_000_000,
        sc_vmem: None,
    },
    Chip {
        name: "v5p",
        vmem: 64 * MIB,
        smem: MIB,
        hbm: 103_000_000_000,
        sc_vmem: Some(512 * KIB),
    },
    Chip {
        name: "v6e",
        vmem: 128 * MIB,
        smem: MIB,
        hbm: 34_400_000_000,
        sc_vmem: Some(256 * KIB),
    },
    Chip {
        name: "7",
        vmem: 64 * MIB,
        smem: MIB,
        hbm: 206_000_000_000,
        sc_vmem: Some(512 * KIB),
    },
    Chip {
        name: "7x",
        vmem: 64 * MIB,
        smem: MIB,
        hbm: 206_000_000_000,
        sc_vmem: Some(512 * KIB),
    },
    Chip {
        name: "8i",
        vmem: 192 * MIB,
        smem: MIB,
        hbm: 309_000_000_000,
        sc_vmem: Some(512 * KIB),
    },
];

/// The `chip` pass option of the TPU passes.
pub const CHIP_OPTION: crate::passes::PassOption = crate::passes::PassOption {
    name: "chip",
    description: "The TPU generation whose memories the kernels must fit (jax's ChipVersion: \
                  v2, v3, v4i, v4, v5e, v5p, v6e, 7, 7x, 8i; v7, v7x and v8i also work). \
                  Default: the largest capacity of any generation (VMEM 192 MiB, SMEM 1 MiB, \
                  SparseCore VMEM 512 KiB per subcore), so kernels that fit some chip pass",
    kind: crate::passes::OptionKind::String,
    default: "",
};

/// The capacities a pass checks against: one generation, or the largest of
/// each (`chip = None`).
#[derive(Clone, Copy, Debug)]
pub struct Target {
    pub chip: Option<&'static Chip>,
}

/// One capacity and the words that say where it comes from.
pub struct Limit {
    pub bytes: i64,
    pub source: Source,
}

/// Where a [`Limit`] comes from, put into words only for a diagnostic
/// (the limits are asked for every kernel and every vector result).
pub enum Source {
    /// `memory` of the chip the `chip` option names.
    Chip {
        bytes: i64,
        memory: &'static str,
        chip: &'static str,
    },
    /// `memory` of the largest chip (no `chip` option).
    Largest {
        bytes: i64,
        memory: &'static str,
        chip: &'static str,
    },
    /// Said by the kernel itself.
    Kernel(String),
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Chip {
                bytes,
                memory,
                chip,
            } => write!(f, "the {bytes} bytes of {memory} of a TPU {chip} (chip={chip})"),
            Source::Largest {
                bytes,
                memory,
                chip,
            } => write!(
                f,
                "the {bytes} bytes of {memory} of the largest TPU (TPU {chip}; the pass option chip=<generation> checks against another)"
            ),
            Source::Kernel(text) => f.write_str(text),
        }
    }
}

impl Target {
    /// The target an option value names (`""`: any generation).
    pub fn parse(option: &str) -> Result<Target, String> {
        let word = option.trim();
        if word.is_empty() {
            return Ok(Target { chip: None });
        }
        let name = match word {
            "v7" | "v7x" | "v8i" => &word[1..],
            w => w,
        };
        CHIPS
            .iter()
            .find(|c| c.name == name)
            .map(|c| Target { chip: Some(c) })
            .ok_or_else(|| {
                let names: Vec<&str> = CHIPS.iter().map(|c| c.name).collect();
                format!(
                    "chip={word}: unknown TPU generation; expected one of {}",
                    names.join(", ")
                )
            })
    }

    /// `field` of the target chip, or the largest of any generation (with
    /// the one that has it).
    fn capacity(
        &self,
        memory: &'static str,
        field: impl Fn(&Chip) -> Option<i64>,
    ) -> Option<Limit> {
        match self.chip {
            Some(c) => field(c).map(|bytes| Limit {
                bytes,
                source: Source::Chip {
                    bytes,
                    memory,
                    chip: c.name,
                },
            }),
            None => {
                let (chip, bytes) = CHIPS
                    .iter()
                    .filter_map(|c| field(c).map(|b| (c, b)))
                    .max_by_key(|(_, b)| *b)?;
                Some(Limit {
                    bytes,
                    source: Source::Largest {
                        bytes,
                        memory,
                        chip: chip.name,
                    },
                })
            }
        }
    }

    pub fn vmem(&self) -> Limit {
        self.capacity("VMEM per TensorCore", |c| Some(c.vmem))
            .expect("every chip has VMEM")
    }

    pub fn smem(&self) -> Limit {
        self.capacity("SMEM per TensorCore", |c| Some(c.smem))
            .expect("every chip has SMEM")
    }

    pub fn hbm(&self) -> Limit {
        self.capacity("HBM of a whole chip", |c| Some(c.hbm))
            .expect("every chip has HBM")
    }

    /// `None` when the target chip has no SparseCore.
    pub fn sc_vmem(&self) -> Option<Limit> {
        self.capacity("VMEM per SparseCore vector subcore", |c| c.sc_vmem)
    }
}

/// Bits per stored element: bools take a 32-bit word in TPU memory, and a
/// type without a width (index) counts as 32 bits, Mosaic's index width.
fn stored_bits(elem: Type) -> i128 {
    match ir::bit_width(elem) {
        Some(1) | None => 32,
        Some(w) => w as i128,
    }
}

/// The logical byte size of `shape` x `elem` (dynamic extents count as 0);
/// `None` when it is more than `i64::MAX`.
pub fn stored_bytes(shape: &[i64], elem: Type) -> Option<i64> {
    let mut elements: i128 = 1;
    for d in shape {
        elements = elements.checked_mul((*d).max(0) as i128)?;
    }
    let bits = elements.checked_mul(stored_bits(elem))?;
    i64::try_from((bits + 7) / 8).ok()
}

/// The byte size of a memref type (see [`stored_bytes`]).
pub fn memref_bytes(ty: Type) -> Option<i64> {
    ir::with_shape(ty, |shape| stored_bytes(shape, ir::element_type(ty)))
}

/// Why `op` cannot run on a core whose vector values spill to a memory of
/// `limit`: a vector value lives in vector registers and, when they run
/// out, in that memory, so one larger than the memory can never be held
/// (the TensorCore's VMEM, a SparseCore vector subcore's VMEM). JAX's
/// lowering does not look; Mosaic fails on such a value when it compiles.
/// The CPU reference applies the same rule with the largest TPU's VMEM,
/// so that it runs every vector a TPU pass accepts. `None`: every vector
/// result of `op` fits.
pub fn vector_result_error(op: &OperationRef, limit: &Limit) -> Option<String> {
    for (i, result) in op.results().enumerate() {
        let ty = result.r#type();
        if !ir::is_vector(ty) {
            continue;
        }
        let bytes = memref_bytes(ty);
        if bytes.is_some_and(|b| b <= limit.bytes) {
            continue;
        }
        let size = bytes.map_or("more than 2^63 - 1 bytes".to_string(), |b| {
            format!("{b} bytes")
        });
        return Some(format!(
            "result #{i} is a {ty} of {size} (elements times their width, bools as 32-bit words), more than {}: no vector value that large can be held",
            limit.source
        ));
    }
    None
}

/// [`vector_result_error`] for the ops of a walk, each result type sized
/// once (most ops of a kernel share a few vector types).
pub struct VectorResults<'l> {
    limit: &'l Limit,
    fits: FastMap<*const std::ffi::c_void, bool>,
}

impl<'l> VectorResults<'l> {
    pub fn new(limit: &'l Limit) -> Self {
        Self {
            limit,
            fits: FastMap::default(),
        }
    }

    /// The error of [`vector_result_error`] for `op`.
    pub fn error(&mut self, op: &OperationRef) -> Option<String> {
        let limit = self.limit;
        let all_fit = op.results().all(|result| {
            let ty = result.r#type();
            *self.fits.entry(ty.to_raw().ptr).or_insert_with(|| {
                !ir::is_vector(ty) || memref_bytes(ty).is_some_and(|b| b <= limit.bytes)
            })
        });
        if all_fit {
            None
        } else {
            vector_result_error(op, limit)
        }
    }
}

/// The message for a buffer whose size does not fit in an `i64`.
pub fn too_large(what: &str) -> String {
    format!("{what} has more than 2^63 - 1 bytes")
}

/// What a budget item holds, written out only when a message names it
/// (every kernel has items; printing a type costs more than checking it).
pub enum Detail<'c> {
    Text(String),
    /// The type itself.
    Type(Type<'c>),
    /// "block (8, 128) of f32", with ", 2 buffers of 4096 bytes" when
    /// `buffers` > 1 (`bytes` each).
    Window {
        bounds: Vec<i64>,
        elem: Type<'c>,
        buffers: i64,
        bytes: i64,
    },
}

impl From<String> for Detail<'_> {
    fn from(text: String) -> Self {
        Detail::Text(text)
    }
}

impl std::fmt::Display for Detail<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Detail::Text(text) => write!(f, "{text}"),
            Detail::Type(ty) => write!(f, "{ty}"),
            Detail::Window {
                bounds,
                elem,
                buffers,
                bytes,
            } => {
                write!(f, "block {} of {elem}", shape_text(bounds))?;
                if *buffers > 1 {
                    write!(f, ", {buffers} buffers of {bytes} bytes")?;
                }
                Ok(())
            }
        }
    }
}

/// A shape the way Python prints a tuple (JAX's messages do).
pub fn shape_text(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(|d| d.to_string()).collect();
    if items.len() == 1 {
        format!("({},)", items[0])
    } else {
        format!("({})", items.join(", "))
    }
}

/// Which buffer a budget item or array is ("inputs[1]", "scratch[0]",
/// ...), written out only when a message names it (every kernel has
/// several; formatting them all costs more than checking them).
#[derive(Clone, Copy, Debug)]
pub enum Label {
    /// Operand `index` of a kernel with `n_ins` inputs, as
    /// `KernelInfo::origin` names it: `inputs[i]` or `outputs[i]`.
    Operand {
        index: usize,
        n_ins: usize,
    },
    /// `what[index]`.
    Indexed(&'static str, usize),
    Named(&'static str),
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Label::Operand { index, n_ins } if index < n_ins => write!(f, "inputs[{index}]"),
            Label::Operand { index, n_ins } => write!(f, "outputs[{}]", index - n_ins),
            Label::Indexed(what, index) => write!(f, "{what}[{index}]"),
            Label::Named(what) => f.write_str(what),
        }
    }
}

/// A buffer (or group of buffers) a kernel holds in one memory.
pub struct Item<'c, 'a> {
    /// Which operand or allocation: "inputs[1]", "scratch[0]", ...
    pub label: Label,
    /// What it holds, e.g. "block (8, 128) of f32, 2 buffers of 4096 bytes".
    pub detail: Detail<'c>,
    pub bytes: i64,
    /// Where to report it when it brings the total over the limit (`None`:
    /// at the kernel).
    pub at: Option<OperationRef<'c, 'a>>,
}

/// Reports the item that brings the sum of `items` over `limit` (at the
/// item's op, or the kernel); true when they all fit.
pub fn check_budget(kernel: &OperationRef, memory: &str, items: &[Item], limit: &Limit) -> bool {
    let mut total: i64 = 0;
    for item in items {
        total = total.saturating_add(item.bytes);
        if total <= limit.bytes {
            continue;
        }
        let all: i64 = items.iter().fold(0, |s, i| s.saturating_add(i.bytes));
        let list: Vec<String> = items
            .iter()
            .map(|i| format!("{} {}", i.label, i.bytes))
            .collect();
        let message = format!(
            "{} ({}) takes {} bytes of {memory}: with it the kernel needs at least {total} bytes of {memory}, more than {}; its {memory} buffers: {} = {all} bytes (each at its logical size, without tile padding)",
            item.label,
            item.detail,
            item.bytes,
            limit.source,
            list.join(", "),
        );
        ir::emit_op_error(item.at.as_ref().unwrap_or(kernel), &message);
        return false;
    }
    true
}

/// Checks that each operand array (`(label, memref type)`) has a byte size
/// that fits in an `i64` and in the target's HBM; reports at `kernel`.
pub fn check_arrays(kernel: &OperationRef, arrays: &[(Label, Type)], target: &Target) -> bool {
    let hbm = target.hbm();
    let mut ok = true;
    for (label, ty) in arrays {
        if !ir::is_memref(*ty) || SemaphoreKind::of_memref(*ty).is_some() {
            continue;
        }
        let message = match memref_bytes(*ty) {
            None => too_large(&format!("{label}'s array {ty}")),
            Some(b) if b > hbm.bytes => {
                format!(
                    "{label}'s array {ty} takes {b} bytes, more than {}",
                    hbm.source
                )
            }
            Some(_) => continue,
        };
        ir::emit_op_error(kernel, &message);
        ok = false;
    }
    ok
}

/// The scratch operands (body arguments from `first` on) of `kernel` in
/// `space` (`default` for those that name none), as budget items; `Err`
/// with the message for one whose size overflows.
pub fn scratch_items<'c, 'a>(
    kernel: &OperationRef<'c, 'a>,
    first: usize,
    space: MemorySpace,
    default: MemorySpace,
) -> Result<Vec<Item<'c, 'a>>, String> {
    let mut items = vec![];
    let Some(body) = crate::ir::region_at(kernel, 0).and_then(|r| r.first_block()) else {
        return Ok(items);
    };
    for k in first..body.argument_count() {
        let Ok(arg) = body.argument(k) else { continue };
        let ty = arg.r#type();
        if budget_space(ty, default) != Some(space) {
            continue;
        }
        let label = Label::Indexed("scratch", k - first);
        let bytes = memref_bytes(ty).ok_or_else(|| too_large(&format!("{label} ({ty})")))?;
        items.push(Item {
            label,
            detail: Detail::Type(ty),
            bytes,
            at: None,
        });
    }
    Ok(items)
}

/// The nested `run_scoped` allocations of `kernel` in `space` at their
/// deepest, as a budget item reported at the outermost `run_scoped` of that
/// nesting (none when there are none); an allocation whose size overflows
/// is reported at its op.
pub fn scoped_item<'c, 'a>(
    kernel: &OperationRef<'c, 'a>,
    space: MemorySpace,
    default: MemorySpace,
) -> Result<Option<Item<'c, 'a>>, ()> {
    let run_scoped = ir::OpName::get(kernel, "pallas.run_scoped");
    let [peak] = scoped_peaks(kernel, run_scoped, [space], default);
    peak_item(peak)
}

/// The budget item of a [`Peak`] (see [`scoped_item`]), reporting its error.
pub fn peak_item<'c, 'a>(peak: Peak<'c, 'a>) -> Result<Option<Item<'c, 'a>>, ()> {
    match peak {
        Err((at, message)) => {
            ir::emit_op_error(&at, &message);
            Err(())
        }
        Ok((bytes, Some(at))) if bytes > 0 => Ok(Some(Item {
            label: Label::Named("run_scoped"),
            detail: Detail::Text(
                "the allocations of this run_scoped and of the ones nested in it, at their deepest"
                    .into(),
            ),
            bytes,
            at: Some(at),
        })),
        Ok(_) => Ok(None),
    }
}

/// Which memory a ref type lives in, for a budget: `default` when it
/// names none; `None` for semaphores and the memories not budgeted.
pub fn budget_space(ty: Type, default: MemorySpace) -> Option<MemorySpace> {
    if !ir::is_memref(ty) || SemaphoreKind::of_memref(ty).is_some() {
        return None;
    }
    if MemorySpace::memref_has_foreign_space(ty) {
        return None;
    }
    Some(MemorySpace::of_memref(ty).unwrap_or(default))
}

/// The scoped allocations (`pallas.run_scoped` block arguments) of one
/// memory that are live at once at the deepest point inside an op: the
/// bytes, and the outermost `run_scoped` of that nesting. `Err` (with the
/// op) for the first allocation whose size overflows.
pub type Peak<'c, 'a> = Result<(i64, Option<OperationRef<'c, 'a>>), (OperationRef<'c, 'a>, String)>;

/// The [`Peak`] inside `op` of each of `spaces` (`default` for refs that
/// name no memory), in one walk over the ops nested in it; `run_scoped` is
/// that op name, interned.
pub fn scoped_peaks<'c, 'a, const N: usize>(
    op: &OperationRef<'c, 'a>,
    run_scoped: ir::OpName,
    spaces: [MemorySpace; N],
    default: MemorySpace,
) -> [Peak<'c, 'a>; N] {
    let mut peaks = std::array::from_fn(|_| Ok((0, None)));
    add_peaks(op, &spaces, default, run_scoped, &mut peaks);
    peaks
}

/// Raises each of `best` (one per space) to the peaks of the ops nested in
/// `op`; a space whose peak is an error is left as it is.
fn add_peaks<'c, 'a, const N: usize>(
    op: &OperationRef<'c, 'a>,
    spaces: &[MemorySpace; N],
    default: MemorySpace,
    run_scoped: ir::OpName,
    best: &mut [Peak<'c, 'a>; N],
) {
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(bl) = block {
            let mut next = bl.first_operation();
            while let Some(child) = next {
                let child: OperationRef<'c, 'a> = crate::ir::op_ref(child);
                // The peaks inside `child`, then its own allocations on top.
                let mut inner: [Peak<'c, 'a>; N] = std::array::from_fn(|_| Ok((0, None)));
                if child.region_count() > 0 {
                    add_peaks(&child, spaces, default, run_scoped, &mut inner);
                }
                let is_scoped = ir::OpName::of(&child) == run_scoped;
                for ((b, inner), space) in best.iter_mut().zip(inner).zip(spaces) {
                    let Ok(current) = b else { continue };
                    let (inner, inner_at) = match inner {
                        Ok(peak) => peak,
                        Err(e) => {
                            *b = Err(e);
                            continue;
                        }
                    };
                    let own = if is_scoped {
                        match scoped_bytes(&child, *space, default) {
                            Ok(own) => own,
                            Err(e) => {
                                *b = Err(e);
                                continue;
                            }
                        }
                    } else {
                        0
                    };
                    let here = own.saturating_add(inner);
                    if here > current.0 {
                        *current = (here, if own > 0 { Some(child) } else { inner_at });
                    }
                }
                next = child.next_in_block();
            }
            block = bl.next_in_region();
        }
    }
}

/// The bytes the `pallas.run_scoped` `op` allocates in `space`.
fn scoped_bytes<'c, 'a>(
    op: &OperationRef<'c, 'a>,
    space: MemorySpace,
    default: MemorySpace,
) -> Result<i64, (OperationRef<'c, 'a>, String)> {
    let Some(body) = crate::ir::region_at(op, 0).and_then(|r| r.first_block()) else {
        return Ok(0);
    };
    let mut bytes: i64 = 0;
    for k in 0..body.argument_count() {
        let Ok(arg) = body.argument(k) else { continue };
        let ty = arg.r#type();
        if budget_space(ty, default) != Some(space) {
            continue;
        }
        let b = memref_bytes(ty)
            .ok_or_else(|| (*op, too_large(&format!("scoped allocation {k} ({ty})"))))?;
        bytes = bytes.saturating_add(b);
    }
    Ok(bytes)
}
