//===- TPUDialect.td - the Mosaic TPU dialect ----------------*- tablegen -*-===//
//
// The `tpu` dialect of Mosaic (text-compatible with jaxlib 0.10.2): the IR that
// the Pallas TPU lowering hands to the TPU compiler. Only the syntax, the ODS
// constraints and the verifiers are reproduced here; Mosaic's own compiler
// passes are not.
//
//===----------------------------------------------------------------------===//

#ifndef PALLAS_TPU_DIALECT
#define PALLAS_TPU_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TPU_Dialect : Dialect {
  let name = "tpu";
  let cppNamespace = "::mlir::tpu";
  let summary = "The Mosaic TPU dialect";
  let description = [{
    Ops, types and attributes of Mosaic, the compiler that takes Pallas TPU
    kernels to TensorCore and SparseCore code. Kernel functions carry the
    discardable attribute `tpu.core_type` (a `#tpu.core_type<...>`) naming the
    core they run on; ops that depend on the core look it up on their nearest
    ancestor that has it (`tc` when none does).
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    /// The discardable attribute naming the core a function runs on.
    static ::llvm::StringRef getCoreTypeKey() { return "tpu.core_type"; }
  }];
}

class TPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class TPU_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TPU_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class TPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TPU_Dialect, mnemonic, traits>;

#endif // PALLAS_TPU_DIALECT
