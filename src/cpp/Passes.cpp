//===- Passes.cpp - one pass class for every pass written in Rust --------===//
//
// MLIR's pass registry and option parsing are C++. A Rust pass is described
// by a PallasPassInfo (argument, description, typed options, run callback);
// RustPass turns the option table into real pass options (so they show in
// --help and print in pipelines) and hands their values to Rust as text.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "MosaicGPUDialect.h"
#include "TPUDialect.h"
#include "pallas-mlir-c/Bridge.h"

#include <memory>
#include <string>
#include <vector>

using namespace mlir;

namespace {

void insertDialectByName(DialectRegistry &registry, StringRef name) {
  if (name == "affine")
    registry.insert<affine::AffineDialect>();
  else if (name == "arith")
    registry.insert<arith::ArithDialect>();
  else if (name == "cf")
    registry.insert<cf::ControlFlowDialect>();
  else if (name == "func")
    registry.insert<func::FuncDialect>();
  else if (name == "gpu")
    registry.insert<gpu::GPUDialect>();
  else if (name == "llvm")
    registry.insert<LLVM::LLVMDialect>();
  else if (name == "math")
    registry.insert<math::MathDialect>();
  else if (name == "memref")
    registry.insert<memref::MemRefDialect>();
  else if (name == "nvvm")
    registry.insert<NVVM::NVVMDialect>();
  else if (name == "scf")
    registry.insert<scf::SCFDialect>();
  else if (name == "vector")
    registry.insert<vector::VectorDialect>();
  else if (name == "tpu")
    registry.insert<tpu::TPUDialect>();
  else if (name == "mosaic_gpu")
    registry.insert<mosaic_gpu::MosaicGPUDialect>();
}

class RustPass : public Pass {
public:
  explicit RustPass(const PallasPassInfo *info)
      : Pass(TypeID::getFromOpaquePointer(info),
             *info->anchorOpName ? std::optional<StringRef>(info->anchorOpName)
                                 : std::nullopt),
        info(info) {
    for (intptr_t i = 0; i < info->numOptions; ++i) {
      const PallasPassOption &opt = info->options[i];
      switch (opt.kind) {
      case PallasOptionBool:
        boolOptions.push_back(std::make_unique<Option<bool>>(
            *this, opt.name, llvm::cl::desc(opt.description),
            llvm::cl::init(StringRef(opt.defaultValue) == "true")));
        break;
      case PallasOptionInt: {
        int64_t init = 0;
        StringRef(opt.defaultValue).getAsInteger(10, init);
        intOptions.push_back(std::make_unique<Option<int64_t>>(
            *this, opt.name, llvm::cl::desc(opt.description), llvm::cl::init(init)));
        break;
      }
      default:
        stringOptions.push_back(std::make_unique<Option<std::string>>(
            *this, opt.name, llvm::cl::desc(opt.description),
            llvm::cl::init(std::string(opt.defaultValue))));
        break;
      }
    }
  }

  StringRef getName() const override { return info->name; }
  StringRef getArgument() const override { return info->argument; }
  StringRef getDescription() const override { return info->description; }

  bool canScheduleOn(RegisteredOperationName opName) const override {
    return !*info->anchorOpName || opName.getStringRef() == info->anchorOpName;
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    for (intptr_t i = 0; i < info->numDependentDialects; ++i)
      insertDialectByName(registry, info->dependentDialects[i]);
  }

  std::unique_ptr<Pass> clonePass() const override {
    auto copy = std::make_unique<RustPass>(info);
    copy->copyOptionValuesFrom(this);
    return copy;
  }

  void runOnOperation() override {
    // Option values as text, in declaration order.
    std::vector<std::string> text;
    size_t b = 0, n = 0, s = 0;
    for (intptr_t i = 0; i < info->numOptions; ++i) {
      switch (info->options[i].kind) {
      case PallasOptionBool:
        text.push_back(*boolOptions[b++] ? "true" : "false");
        break;
      case PallasOptionInt:
        text.push_back(std::to_string((int64_t)*intOptions[n++]));
        break;
      default:
        text.push_back(*stringOptions[s++]);
        break;
      }
    }
    std::vector<MlirStringRef> refs;
    for (const std::string &t : text)
      refs.push_back(mlirStringRefCreate(t.data(), t.size()));
    if (mlirLogicalResultIsFailure(
            info->run(wrap(getOperation()), refs.data(), (intptr_t)refs.size(), info->userData)))
      signalPassFailure();
  }

private:
  const PallasPassInfo *info;
  std::vector<std::unique_ptr<Option<bool>>> boolOptions;
  std::vector<std::unique_ptr<Option<int64_t>>> intOptions;
  std::vector<std::unique_ptr<Option<std::string>>> stringOptions;
};

} // namespace

void pallasRegisterRustPass(const PallasPassInfo *info) {
  registerPass([info]() -> std::unique_ptr<Pass> { return std::make_unique<RustPass>(info); });
}

MlirPass pallasCreateRustPass(const PallasPassInfo *info) {
  return wrap(static_cast<Pass *>(new RustPass(info)));
}

void pallasRegisterPassPipeline(const char *argument, const char *description,
                                const char *optionsPass, const char *passes) {
  std::string head(optionsPass), rest(passes);
  registerPassPipeline(
      argument, description,
      [head, rest](OpPassManager &pm, StringRef options,
                   function_ref<LogicalResult(const Twine &)> errorHandler) -> LogicalResult {
        if (head.empty() && !options.empty())
          return errorHandler("this pipeline takes no options");
        // The options are the first pass's; its parser checks them.
        std::string text = rest;
        if (!head.empty())
          text = head + (options.empty() ? "" : "{" + options.str() + "}") + "," + rest;
        std::string message;
        llvm::raw_string_ostream os(message);
        if (failed(parsePassPipeline(text, pm, os)))
          return errorHandler("cannot build the pipeline '" + text + "': " + message);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)>) {});
}
