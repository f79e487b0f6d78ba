//! The TPU's hardware PRNG on the CPU, as a deterministic software
//! generator. The bits differ from the hardware's (whose generator is not
//! public) and from JAX 0.10.2's interpret mode, which returns zeros from
//! `prng_random_bits`; what they share with the hardware is the contract:
//! the same seeds give the same stream, and each draw continues it.
//!
//! The state is `[key0, key1, draws]`: a private global (one per module:
//! the kernel body runs on one simulated core, and the state outlives grid
//! steps as the hardware's does), except in a kernel that runs on a mesh
//! of simulated devices (mesh.rs), where each device has its own state in
//! its memory image (zero at the kernel's start, kept across grid steps),
//! so that devices taking turns (mesh_schedule.rs) never draw from one
//! another's stream:
//! * `pallas.prng_seed s0, s1, ..` sets the key to `(s0, s1)` (`s1 = 0`
//!   with one seed); each further seed `s_i` is mixed in as
//!   `key = threefry2x32(key, (s_i, i))`; the draw count restarts at 0;
//! * `pallas.prng_random_bits` gives element `e` (row-major flat index) of
//!   draw `d` the first word of `threefry2x32(key, (d, e))` (Threefry-2x32
//!   with 20 rounds, the counter-based generator `jax.random` uses), then
//!   counts the draw. Without a seed the key is `(0, 0)`.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::B;
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{self, memref_shape};

const STATE: &str = "__pallas_cpu_prng_state";
pub(super) const STATE_TYPE: &str = "memref<3xi32>";

/// Adds the generator's state to `module` when one of its ops uses it.
pub fn add_state(module: &OperationRef) -> Result<(), String> {
    let mut uses = false;
    ir::walk_nested(module, &mut |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        uses |= name == "pallas.prng_seed" || name == "pallas.prng_random_bits";
    });
    if !uses || ir::SymbolTable::of(module).lookup(STATE).is_some() {
        return Ok(());
    }
    let ctx = ir::op_context(module);
    let attr = |text: &str| {
        ir::parse_attribute(ctx, text).ok_or_else(|| format!("cannot parse attribute {text}"))
    };
    let attrs = [
        ("sym_name", attr(&format!("\"{STATE}\""))?),
        ("sym_visibility", attr("\"private\"")?),
        ("type", attr(STATE_TYPE)?),
        ("initial_value", attr("dense<0> : tensor<3xi32>")?),
    ];
    let attrs: Vec<_> = attrs
        .iter()
        .map(|(n, a)| (ir::identifier(ctx, n), *a))
        .collect();
    let global = OperationBuilder::new("memref.global", module.location())
        .add_attributes(&attrs)
        .build()
        .map_err(|e| e.to_string())?;
    let body = ir::body_block(module).ok_or("a module without a body")?;
    body.insert_operation(0, global);
    Ok(())
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.prng_seed", Some(tc), |op, operands, rw| {
        let b = B::new(rw, op.location());
        seed(&b, state(&b), operands);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.prng_random_bits", Some(tc), |op, _, rw| {
        let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
        let b = B::new(rw, op.location());
        let bits = random_bits(&b, state(&b), ty);
        rw.replace_op(&op, &[bits]);
        Ok(())
    });
}

/// `pallas.prng_seed` on the generator state `state` (`memref<3xi32>`).
pub(super) fn seed<'c, 'a>(b: &B<'_, 'c, 'a>, state: Value<'c, 'a>, seeds: &[Value<'c, 'a>]) {
    let mut key = [seeds[0], seeds.get(1).copied().unwrap_or(b.ci32(0))];
    for (i, s) in seeds.iter().enumerate().skip(2) {
        let (k0, k1) = threefry2x32(b, key, [*s, b.ci32(i as i64)]);
        key = [k0, k1];
    }
    for (i, v) in [key[0], key[1], b.ci32(0)].into_iter().enumerate() {
        b.op("memref.store", &[v, state, b.cidx(i as i64)], &[], &[]);
    }
}

/// `pallas.prng_random_bits` of type `ty` from the generator state `state`
/// (`memref<3xi32>`), which it advances by one draw.
pub(super) fn random_bits<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    state: Value<'c, 'a>,
    ty: Type<'c>,
) -> Value<'c, 'a> {
    let shape = memref_shape(ty);
    let load = |i: i64| b.val("memref.load", &[state, b.cidx(i)], b.i32(), &[]);
    let (k0, k1, draw) = (load(0), load(1), load(2));
    // The draw is counted first: a store between the bits' computation and
    // their use would end `pallas-row-loops`' cluster there, and the bits
    // would go through a tile-sized buffer.
    let next = b.add(draw, b.ci32(1));
    b.op("memref.store", &[next, state, b.cidx(2)], &[], &[]);
    // The row-major flat index of each element, as a sum of iotas times
    // the dims' strides: no literal that grows with the vector, and a form
    // `pallas-row-loops` computes chunk by chunk.
    let mut indices: Option<Value<'c, 'a>> = None;
    let mut stride = 1i64;
    for d in (0..shape.len()).rev() {
        let mut along = super::vector_ops::iota(b, ty, d);
        if stride != 1 {
            along = b.bin("arith.muli", along, constant(b, stride, ty));
        }
        indices = Some(match indices {
            Some(sum) => b.add(sum, along),
            None => along,
        });
        stride *= shape[d];
    }
    // (A 0-D vector is its one element, index 0.)
    let indices = indices.unwrap_or_else(|| constant(b, 0, ty));
    let (bits, _) = threefry2x32(
        b,
        [splat(b, k0, ty), splat(b, k1, ty)],
        [splat(b, draw, ty), indices],
    );
    bits
}

fn splat<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, ty: Type<'c>) -> Value<'c, 'a> {
    b.val("vector.broadcast", &[v], ty, &[])
}

fn state<'c, 'a>(b: &B<'_, 'c, 'a>) -> Value<'c, 'a> {
    b.val(
        "memref.get_global",
        &[],
        b.ty(STATE_TYPE),
        &[("name", b.attr(&format!("@{STATE}")))],
    )
}

/// Threefry-2x32, 20 rounds (Salmon et al., "Parallel random numbers: as
/// easy as 1, 2, 3"), on `i32` scalars or vectors, all of one type.
fn threefry2x32<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    key: [Value<'c, 'a>; 2],
    counter: [Value<'c, 'a>; 2],
) -> (Value<'c, 'a>, Value<'c, 'a>) {
    let ty = key[0].r#type();
    let c = |v: i64| constant(b, v, ty);
    let parity = c(0x1BD1_1BDA);
    let k2 = b.bin("arith.xori", b.bin("arith.xori", key[0], key[1]), parity);
    let ks = [key[0], key[1], k2];
    const ROTATIONS: [[i64; 4]; 2] = [[13, 15, 26, 6], [17, 29, 16, 24]];
    let mut x = [b.add(counter[0], ks[0]), b.add(counter[1], ks[1])];
    for injection in 1..=5usize {
        for r in ROTATIONS[(injection - 1) % 2] {
            x[0] = b.add(x[0], x[1]);
            let left = b.bin("arith.shli", x[1], c(r));
            let right = b.bin("arith.shrui", x[1], c(32 - r));
            let rotated = b.bin("arith.ori", left, right);
            x[1] = b.bin("arith.xori", x[0], rotated);
        }
        x[0] = b.add(x[0], ks[injection % 3]);
        x[1] = b.add(b.add(x[1], ks[(injection + 1) % 3]), c(injection as i64));
    }
    (x[0], x[1])
}

fn constant<'c, 'a>(b: &B<'_, 'c, 'a>, v: i64, ty: Type<'c>) -> Value<'c, 'a> {
    let v = v as i32;
    if ir::is_vector(ty) {
        b.constant(&format!("dense<{v}> : {ty}"), ty)
    } else {
        b.constant(&format!("{v} : {ty}"), ty)
    }
}
