//! `convert-pallas-to-scf`: the CPU reference lowering (Pallas interpret mode).

use melior::ir::operation::OperationRef;

use crate::passes::{OptionValues, PassDef};

pub static PASS: PassDef = PassDef {
    argument: "convert-pallas-to-scf",
    name: "ConvertPallasToSCF",
    description: "Lower pallas kernels to func/scf/memref/vector loops runnable on the CPU (interpret mode)",
    anchor: "builtin.module",
    options: &[],
    dialects: &["affine", "arith", "func", "math", "memref", "scf", "vector"],
    run,
};

fn run(_module: OperationRef, _options: &OptionValues) -> Result<(), ()> {
    Err(())
}
