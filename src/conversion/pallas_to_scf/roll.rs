//! `pallas.roll` on the CPU, with `pltpu.roll`'s meaning (JAX's own
//! lowering of it is `jnp.roll`): `out[.., i, ..] = x[.., (i - shift) mod n,
//! ..]` along `axis`, for any shift (negative and dynamic ones included).
//! With `stride` / `stride_axis`, slice `j` along `stride_axis` is rolled by
//! `shift + j * stride`.
//!
//! The vector is written twice, one copy after the other along `axis`, into
//! a buffer; the rolled vector is then one in-bounds read of `n` elements
//! starting at `n - (shift mod n)`. A dynamic shift costs no more than a
//! static one, and no code grows with the vector's size (a strided roll
//! reads slice by slice in an `scf.for`).

use melior::ir::operation::OperationLike;
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{identity_map, join, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{element_type, memref_shape};

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.roll", Some(tc), |op, operands, rw| {
        let (x, shift) = (operands[0], operands[1]);
        let ty = x.r#type();
        let shape = memref_shape(ty);
        let rank = shape.len();
        let axis = crate::ir::int_attr(&op, "axis").ok_or("pallas.roll without axis")? as usize;
        let n = shape[axis];
        let b = B::new(rw, op.location());
        let elem = element_type(ty);
        let mut doubled = shape.clone();
        doubled[axis] *= 2;
        let buf = alloc(&b, &doubled, elem);
        let zero = b.cidx(0);
        for copy in 0..2 {
            let mut operands = vec![x, buf];
            operands.extend((0..rank).map(|d| if d == axis { b.cidx(copy * n) } else { zero }));
            b.transfer_write(&operands, rank, &identity_map(rank), false);
        }
        let shift = b.index_cast(shift, b.index());
        let padding = b.zero(elem);
        let stride = (
            crate::ir::int_attr(&op, "stride"),
            crate::ir::int_attr(&op, "stride_axis"),
        );
        let result = if let (Some(stride), Some(sa)) = stride {
            let sa = sa as usize;
            let out = alloc(&b, &shape, elem);
            let mut slice = shape.clone();
            slice[sa] = 1;
            let slice_ty = b.vector(&slice, elem);
            let (j, yield_op) = b.for_loop(zero, b.cidx(shape[sa]));
            rw.set_insertion_point_before(&yield_op);
            let s = b.add(shift, b.mul(j, b.cidx(stride)));
            let start = start_in(&b, s, n);
            let mut read = vec![buf];
            read.extend((0..rank).map(|d| match d {
                d if d == axis => start,
                d if d == sa => j,
                _ => zero,
            }));
            read.push(padding);
            let piece = b.transfer_read(&read, rank, &identity_map(rank), false, slice_ty);
            let mut write = vec![piece, out];
            write.extend((0..rank).map(|d| if d == sa { j } else { zero }));
            b.transfer_write(&write, rank, &identity_map(rank), false);
            rw.set_insertion_point_before(&op);
            let mut read = vec![out];
            read.extend(vec![zero; rank]);
            read.push(padding);
            let v = b.transfer_read(&read, rank, &identity_map(rank), false, ty);
            b.op("memref.dealloc", &[out], &[], &[]);
            v
        } else {
            let start = start_in(&b, shift, n);
            let mut read = vec![buf];
            read.extend((0..rank).map(|d| if d == axis { start } else { zero }));
            read.push(padding);
            b.transfer_read(&read, rank, &identity_map(rank), false, ty)
        };
        b.op("memref.dealloc", &[buf], &[], &[]);
        rw.replace_op(&op, &[result]);
        Ok(())
    });
}

/// Where the rolled vector starts in the doubled buffer: `n - (s mod n)`,
/// in `1..=n` (the remainder taken non-negative, as `jnp.roll` does).
fn start_in<'c, 'a>(b: &B<'_, 'c, 'a>, s: Value<'c, 'a>, n: i64) -> Value<'c, 'a> {
    let (zero, n) = (b.cidx(0), b.cidx(n));
    let r = b.bin("arith.remsi", s, n);
    let neg = b.cmpi("slt", r, zero);
    let wrapped = b.add(r, n);
    let r = b.val("arith.select", &[neg, wrapped, r], b.index(), &[]);
    b.sub(n, r)
}

/// A heap buffer (not `alloca`: the op may sit in the grid loop, where
/// stack allocations would pile up).
pub(super) fn alloc<'c, 'a>(b: &B<'_, 'c, 'a>, shape: &[i64], elem: Type<'c>) -> Value<'c, 'a> {
    let ty = b.ty(&format!("memref<{}x{elem}>", join(shape, "x")));
    b.alloc(ty)
}
