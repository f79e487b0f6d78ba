//! `pallas-expand-exp`: `math.exp` on 32-bit floats (and on 16-bit floats
//! through f32) becomes arithmetic: a range reduction, a polynomial and a
//! scaling by a power of two built from its exponent bits.
//!
//! The upstream lowering turns `math.exp` into `llvm.exp`, which LLVM's x86
//! backend calls libm's scalar `expf` for, one element at a time even on a
//! vector (flash attention over a 4k sequence: 16.7 million calls, a third
//! of its run). The arithmetic form stays on whole vectors.
//!
//! exp(x) = 2^k * exp(r) with k = round(x / ln 2) and r = x - k ln 2 in
//! [-ln2/2, ln2/2]:
//! * k is rounded by adding and subtracting 1.5 * 2^23 (x / ln 2 is far
//!   below 2^22 after the clamp below);
//! * r is x - k * ln2_hi - k * ln2_lo with fused multiply-adds: ln2_hi is ln 2
//!   rounded to f32, and x - k * ln2_hi is exact (both are multiples of
//!   ulp(ln2_hi) / 2 or finer and the difference is below 0.5 in magnitude,
//!   so it has at most 24 significant bits);
//! * exp(r) is its Taylor polynomial to degree 8, 1 + (r + r^2 * q(r)): the
//!   remainder is below r^9/9! * e^0.35 < 3e-10 relative, and adding the 1
//!   last keeps the rounding of the small terms small;
//! * 2^k multiplies in two halves, 2^(k/2) and 2^(k - k/2), each a normal
//!   f32 for every k the clamp allows, so results in the subnormal range are
//!   rounded once, at the second product, and large k overflow to infinity.
//!
//! The input is clamped to [-104, 89] first: below, exp rounds to zero
//! (exp(-104) < 2^-150), above it is past the largest float (exp(89) > 3.5e38),
//! and the clamped ends give exactly those results. -inf gives 0, +inf gives
//! +inf, NaN gives the input NaN back. Measured against exp in f64 rounded to
//! f32 (bench/exp_accuracy.py): at most 1 ulp apart, 0 ulp for most inputs;
//! libm's expf (glibc) is correctly rounded in nearly every case, so results
//! may differ from it in the last bit. The oracle's exp tolerances state this.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::conversion::common::builder::{value, B};
use crate::ir::conversion::OwnedRewriter;
use crate::ir::{self, element_type, memref_shape};
use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "pallas-expand-exp",
    name: "PallasExpandExp",
    description: "Expand math.exp on f32 (and f16/bf16 through f32), scalars and vectors, into a range reduction, a degree-8 polynomial and an exponent scaling (part of pallas-cpu-pipeline: the LLVM lowering calls libm's scalar expf per element, even on vectors)",
    anchor: "builtin.module",
    options: &[],
    dialects: &["arith", "math"],
    run,
};

/// The float types computed here (16-bit ones through f32).
fn expandable(ty: Type) -> bool {
    let elem = if ir::is_vector(ty) {
        element_type(ty)
    } else {
        ty
    };
    let text = elem.to_string();
    matches!(text.as_str(), "f32" | "f16" | "bf16")
}

fn run(module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    let mut exps = vec![];
    ir::walk_nested(&module, &mut |op| {
        if ir::op_name_of(&op) == "math.exp"
            && op
                .operand(0)
                .map(|v| expandable(v.r#type()))
                .unwrap_or(false)
        {
            exps.push(op);
        }
    });
    let rw = OwnedRewriter::new(&module);
    for op in exps {
        rw.set_insertion_point_before(&op);
        let b = B::new(&rw, op.location());
        let x: Value = value(op.operand(0).expect("operand"));
        let r = expand(&b, x);
        ir::replace_all_uses(ir::result_of(op, 0), r);
        rw.erase_op(&op);
    }
    Ok(())
}

/// `ty` with its element type replaced by `elem`.
fn like<'c>(b: &B<'_, 'c, '_>, ty: Type<'c>, elem: &str) -> Type<'c> {
    let e = b.ty(elem);
    if ir::is_vector(ty) {
        b.vector(&memref_shape(ty), e)
    } else {
        e
    }
}

/// A constant of type `ty` (scalar or splat vector) from its literal.
fn splat<'c, 'a>(b: &B<'_, 'c, 'a>, lit: &str, ty: Type<'c>) -> Value<'c, 'a> {
    if ir::is_vector(ty) {
        b.constant(&format!("dense<{lit}> : {ty}"), ty)
    } else {
        b.constant(&format!("{lit} : {ty}"), ty)
    }
}

/// Bit patterns of the f32 constants.
const LOG2E: &str = "0x3FB8AA3B";
const NEG_LN2_HI: &str = "0xBF317218"; // -(ln 2 rounded to f32)
const NEG_LN2_LO: &str = "0x3102E308"; // -(ln 2 - that rounding)
const ROUNDER: &str = "0x4B400000"; // 1.5 * 2^23
const LOW: &str = "0xC2D00000"; // -104
const HIGH: &str = "0x42B20000"; // 89
/// 1/n! for n = 8 down to 2, rounded to f32 (q's Horner order).
const INV_FACTORIALS: [&str; 7] = [
    "0x37D00D01",
    "0x39500D01",
    "0x3AB60B61",
    "0x3C088889",
    "0x3D2AAAAB",
    "0x3E2AAAAB",
    "0x3F000000",
];

fn expand<'c, 'a>(b: &B<'_, 'c, 'a>, x_in: Value<'c, 'a>) -> Value<'c, 'a> {
    let in_ty = x_in.r#type();
    let f32t = like(b, in_ty, "f32");
    let i32t = like(b, in_ty, "i32");
    let i1t = like(b, in_ty, "i1");
    let narrow = f32t != in_ty;
    let x = if narrow {
        b.val("arith.extf", &[x_in], f32t, &[])
    } else {
        x_in
    };
    let c = |lit: &str| splat(b, lit, f32t);
    // `arith.cmpf` predicates by their enum value (oge 3, ole 5, uno 14).
    let cmp = |pred: i64, l: Value<'c, 'a>, r: Value<'c, 'a>| {
        let p = b.attr(&format!("{pred} : i64"));
        b.val("arith.cmpf", &[l, r], i1t, &[("predicate", p)])
    };
    let select = |p: Value<'c, 'a>, t: Value<'c, 'a>, f: Value<'c, 'a>| {
        b.val("arith.select", &[p, t, f], t.r#type(), &[])
    };
    let fma = |m: Value<'c, 'a>, n: Value<'c, 'a>, a: Value<'c, 'a>| {
        b.val("math.fma", &[m, n, a], f32t, &[])
    };
    let fbin = |name: &str, l: Value<'c, 'a>, r: Value<'c, 'a>| b.val(name, &[l, r], f32t, &[]);
    let ibin = |name: &str, l: Value<'c, 'a>, r: Value<'c, 'a>| b.val(name, &[l, r], i32t, &[]);

    // Clamp (NaN goes to the low end here and is put back at the end).
    let (low, high) = (c(LOW), c(HIGH));
    let xc = select(cmp(3, x, low), x, low);
    let xc = select(cmp(5, xc, high), xc, high);

    let rounder = c(ROUNDER);
    let t = fma(xc, c(LOG2E), rounder);
    let k = fbin("arith.subf", t, rounder);
    let r = fma(k, c(NEG_LN2_HI), xc);
    let r = fma(k, c(NEG_LN2_LO), r);

    let mut q = c(INV_FACTORIALS[0]);
    for lit in &INV_FACTORIALS[1..] {
        q = fma(q, r, c(lit));
    }
    let r2 = fbin("arith.mulf", r, r);
    let s = fma(r2, q, r);
    let p = fbin("arith.addf", s, c("0x3F800000"));

    // 2^k as two halves, each built from its biased exponent.
    let ki = b.val("arith.fptosi", &[k], i32t, &[]);
    let ci = |v: i64| {
        if ir::is_vector(i32t) {
            b.constant(&format!("dense<{v}> : {i32t}"), i32t)
        } else {
            b.constant(&format!("{v} : {i32t}"), i32t)
        }
    };
    let k1 = ibin("arith.shrsi", ki, ci(1));
    let k2 = ibin("arith.subi", ki, k1);
    let pow2 = |e: Value<'c, 'a>| {
        let biased = ibin("arith.addi", e, ci(127));
        let bits = ibin("arith.shli", biased, ci(23));
        b.val("arith.bitcast", &[bits], f32t, &[])
    };
    let y = fbin("arith.mulf", p, pow2(k1));
    let y = fbin("arith.mulf", y, pow2(k2));
    let y = select(cmp(14, x, x), x, y);
    if narrow {
        b.val("arith.truncf", &[y], in_ty, &[])
    } else {
        y
    }
}
