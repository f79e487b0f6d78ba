/*===-- pallas-mlir-c/Pallas.h - public C API of pallas-mlir -------------===*\
|*                                                                            *|
|* The C interface of the pallas-mlir library (libpallas_mlir.so), in the     *|
|* style of MLIR's own C API (mlir-c/). Use it to put the `pallas` dialect    *|
|* and its passes into a compiler of your own:                                *|
|*                                                                            *|
|*   MlirDialectRegistry registry = mlirDialectRegistryCreate();              *|
|*   pallasRegisterAllDialects(registry);                                     *|
|*   mlirContextAppendDialectRegistry(ctx, registry);                         *|
|*   pallasRegisterAllPasses();              // for textual pipelines         *|
|*   mlirPassManagerAddOwnedPass(pm, mlirCreatePallasConvertPallasToScf());   *|
|*                                                                            *|
|* libpallas_mlir.so links libMLIR.so.22.1 dynamically and exports only the   *|
|* functions below: a client links the MLIR C-API archives it calls itself    *|
|* (libMLIRCAPIIR.a, libMLIRCAPITransforms.a, ...) plus -lMLIR -lLLVM-22.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef PALLAS_MLIR_C_PALLAS_H
#define PALLAS_MLIR_C_PALLAS_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The `pallas` dialect: `mlirGetDialectHandle__pallas__()`. Insert it into
 *  a registry with mlirDialectHandleInsertDialect, or load it directly with
 *  mlirDialectHandleLoadDialect. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Pallas, pallas);

/** The Mosaic `tpu` dialect (text-compatible with jaxlib 0.10.2):
 *  `mlirGetDialectHandle__tpu__()`. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TPU, tpu);

/** The Mosaic GPU `mosaic_gpu` dialect (text-compatible with jaxlib 0.10.2):
 *  `mlirGetDialectHandle__mosaic_gpu__()`. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(MosaicGPU, mosaic_gpu);

/** Inserts every dialect this library defines into `registry`. The upstream
 *  dialects the conversions produce (func, scf, memref, vector, arith, ...)
 *  are loaded on demand by the passes themselves. */
MLIR_CAPI_EXPORTED void pallasRegisterAllDialects(MlirDialectRegistry registry);

/** Registers every pass of the library with MLIR's global pass registry, so
 *  that textual pipelines (mlirParsePassPipeline, mlirOpPassManagerAddPipeline)
 *  can name them, e.g. "builtin.module(convert-pallas-to-scf)". Idempotent. */
MLIR_CAPI_EXPORTED void pallasRegisterAllPasses(void);

/** Creates the `convert-pallas-to-scf` pass with its default options: lowers
 *  every `pallas.kernel` and `pallas.call` of a module to plain
 *  func/scf/memref/vector code (the CPU reference, "interpret mode").
 *  The caller owns the pass until it hands it to a pass manager
 *  (mlirPassManagerAddOwnedPass / mlirOpPassManagerAddOwnedPass). */
MLIR_CAPI_EXPORTED MlirPass mlirCreatePallasConvertPallasToScf(void);

#ifdef __cplusplus
}
#endif

#endif /* PALLAS_MLIR_C_PALLAS_H */
