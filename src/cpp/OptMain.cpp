//===- OptMain.cpp - the pallas-opt driver -------------------------------===//
//
// mlir-opt with every upstream dialect and pass plus ours (registered by the
// Rust caller into `extra` and the global pass registry), so that our passes
// are also plain flags (`pallas-opt --convert-pallas-to-scf`).
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "pallas-mlir-c/Bridge.h"

int pallasOptMain(int argc, char **argv, MlirDialectRegistry extra) {
  mlir::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary (pallas-gpu-to-llvm) translates gpu.modules to LLVM IR.
  mlir::registerAllToLLVMIRTranslations(registry);
  unwrap(extra)->appendTo(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "pallas-opt: mlir-opt with the pallas dialect\n", registry));
}
