//! `pallas-copy-loops`: `memref.copy` between strided views becomes a loop
//! nest over the rows copying vectors.
//!
//! The upstream lowering turns a copy into a `memcpy` only when both sides
//! have the identity layout (or a static contiguous shape); any other copy,
//! such as every window copy between a kernel's arrays and its block
//! buffers, calls the runtime's generic `memrefCopy`, which moves one
//! element at a time through `memcpy`. Here such a copy whose innermost dim
//! has unit stride on both sides becomes loops over the outer dims, and per
//! row a loop of 64-byte vector loads and stores followed by a scalar loop
//! for the rest of the row. Copies of element types narrower than a byte
//! (packed in memory) and of non-unit innermost strides stay as they are.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{value, B};
use crate::ir::conversion::OwnedRewriter;
use crate::ir::{self, element_type, memref_shape};
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "pallas-copy-loops",
    name: "PallasCopyLoops",
    description: "Rewrite memref.copy between strided views with a unit innermost stride into row loops of vector loads and stores (part of pallas-cpu-pipeline: the generic runtime copy moves one element at a time)",
    anchor: "builtin.module",
    options: &[],
    dialects: &["arith", "memref", "scf", "vector"],
    run,
};

/// Bytes per vector of the row loop (one AVX-512 register).
const VECTOR_BYTES: u64 = 64;

/// Whether `ty` is a ranked memref whose innermost stride is 1.
fn unit_inner_stride(ty: melior::ir::r#type::Type) -> bool {
    match ir::memref_strides_and_offset(ty) {
        Some((strides, _)) => strides.last() == Some(&1),
        None => false,
    }
}

fn rewritable(op: &OperationRef) -> Option<u64> {
    let (src, dst) = (
        crate::ir::operand_at(op, 0)?.r#type(),
        crate::ir::operand_at(op, 1)?.r#type(),
    );
    if !ir::is_memref(src) || !ir::is_memref(dst) || memref_shape(src).is_empty() {
        return None;
    }
    if ir::has_identity_layout(src) && ir::has_identity_layout(dst) {
        return None; // already a memcpy
    }
    let bits = ir::bit_width(element_type(src))?;
    (bits >= 8 && bits % 8 == 0 && unit_inner_stride(src) && unit_inner_stride(dst)).then_some(bits)
}

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    let mut copies = vec![];
    ir::walk_nested(&module, &mut |op| {
        if op.name().as_string_ref().as_str() == Ok("memref.copy") {
            if let Some(bits) = rewritable(&op) {
                copies.push((op, bits));
            }
        }
    });
    let rw = OwnedRewriter::new(&module);
    for (op, bits) in copies {
        rewrite(&rw, &op, bits);
    }
    Ok(())
}

fn rewrite<'c, 'a>(rw: &OwnedRewriter<'c, 'a>, op: &OperationRef<'c, 'a>, bits: u64) {
    let b = B::new(rw, op.location());
    rw.set_insertion_point_before(op);
    let src: Value = value(op.operand(0).expect("source"));
    let dst: Value = value(op.operand(1).expect("target"));
    let rank = memref_shape(src.r#type()).len();
    let elem = element_type(src.r#type());
    let zero = b.cidx(0);
    let mut at = vec![];
    for d in 0..rank - 1 {
        let (iv, end) = b.for_loop(zero, b.dim(src, d));
        rw.set_insertion_point_before(&end);
        at.push(iv);
    }
    let n = b.dim(src, rank - 1);
    let lanes = (VECTOR_BYTES * 8 / bits) as i64;
    let width = b.cidx(lanes);
    let whole = b.mul(b.val("arith.divui", &[n, width], b.index(), &[]), width);
    let vty = b.vector(&[lanes], elem);
    let loop_at = |b: &B<'_, 'c, 'a>, lo: Value<'c, 'a>, hi: Value<'c, 'a>, step: Value<'c, 'a>| {
        let (iv, end) = b.for_loop(lo, hi);
        let for_op = end.parent_operation().expect("scf.for");
        ir::set_operand(&for_op, 2, step);
        rw.set_insertion_point_before(&end);
        let mut idx = at.clone();
        idx.push(iv);
        (idx, for_op)
    };
    let (idx, vec_loop) = loop_at(&b, zero, whole, width);
    let v = b.val("vector.load", &[&[src][..], &idx].concat(), vty, &[]);
    b.op("vector.store", &[&[v, dst][..], &idx].concat(), &[], &[]);
    rw.set_insertion_point_after(&vec_loop);
    let one = b.cidx(1);
    let (idx, _) = loop_at(&b, whole, n, one);
    let x = b.val("memref.load", &[&[src][..], &idx].concat(), elem, &[]);
    b.op("memref.store", &[&[x, dst][..], &idx].concat(), &[], &[]);
    rw.erase_op(op);
}
