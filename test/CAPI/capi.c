/* Drives libpallas_mlir.so through its public C API (pallas-mlir-c/Pallas.h)
 * and MLIR's C API: register the dialect, parse and verify a kernel, print
 * it, then lower it with convert-pallas-to-scf through a C-API pass manager.
 *
 * RUN: %capi_cc %s %capi_link -o %t
 * RUN: %t 2>&1 | FileCheck %s
 *
 * The pass-manager part runs from capi-pass.test (`%t pass`).
 */

#include "pallas-mlir-c/Pallas.h"

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStdout(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

static const char *kKernel =
    "pallas.kernel @add grid(4) semantics(parallel)\n"
    "    ins(%x: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>,\n"
    "        %y: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>)\n"
    "    outs(%o: memref<32x8xf32> block [8, 8] map affine_map<(i) -> (i, 0)>) {\n"
    "  %a = pallas.load %x[0:8, 0:8] : memref<8x8xf32> -> vector<8x8xf32>\n"
    "  %b = pallas.load %y[0:8, 0:8] : memref<8x8xf32> -> vector<8x8xf32>\n"
    "  %c = arith.addf %a, %b : vector<8x8xf32>\n"
    "  pallas.store %c, %o[0:8, 0:8] : vector<8x8xf32>, memref<8x8xf32>\n"
    "  pallas.return\n"
    "}\n";

/* 1. The dialect handle and registration functions are exported. */
static void testDialectHandle(void) {
  MlirDialectHandle handle = mlirGetDialectHandle__pallas__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(handle);
  printf("namespace: %.*s\n", (int)ns.length, ns.data);
  // CHECK-LABEL: namespace: pallas
  ns = mlirDialectHandleGetNamespace(mlirGetDialectHandle__mosaic_gpu__());
  printf("namespace: %.*s\n", (int)ns.length, ns.data);
  // CHECK-NEXT: namespace: mosaic_gpu
}

/* 2. A registry filled by pallasRegisterAllDialects makes the kernel parse. */
static MlirContext createContext(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  pallasRegisterAllDialects(registry);
  /* The kernel body computes with arith, an upstream dialect the client
   * registers itself (MLIR's C API, libMLIRCAPIArith.a). */
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__arith__(), registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  return ctx;
}

static MlirModule parseKernel(MlirContext ctx) {
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernel));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "FAILED: could not parse the kernel\n");
    exit(1);
  }
  return module;
}

static void testParsePrint(void) {
  printf("parse-print\n");
  // CHECK-LABEL: parse-print
  MlirContext ctx = createContext();
  MlirDialect pallas = mlirContextGetOrLoadDialect(
      ctx, mlirStringRefCreateFromCString("pallas"));
  printf("loaded: %d\n", !mlirDialectIsNull(pallas));
  // CHECK: loaded: 1
  MlirModule module = parseKernel(ctx);
  MlirOperation op = mlirModuleGetOperation(module);
  printf("verified: %d\n", mlirOperationVerify(op));
  // CHECK: verified: 1
  mlirOperationPrint(op, printToStdout, NULL);
  printf("\n");
  // CHECK: pallas.kernel @add grid(4) semantics(parallel)
  // CHECK: block [8, 8] map
  // CHECK: pallas.load
  // CHECK: pallas.store
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

/* 3. pallasRegisterAllPasses makes the pass nameable in textual pipelines. */
static void testTextualPipeline(void) {
  printf("textual-pipeline\n");
  // CHECK-LABEL: textual-pipeline
  pallasRegisterAllPasses();
  pallasRegisterAllPasses(); /* idempotent */
  MlirContext ctx = createContext();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString("builtin.module(convert-pallas-to-scf)"),
      printToStdout, NULL);
  printf("\nparsed: %d\n", mlirLogicalResultIsSuccess(parsed));
  // CHECK: parsed: 1
  mlirPrintPassPipeline(opm, printToStdout, NULL);
  printf("\n");
  // CHECK: convert-pallas-to-scf
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(ctx);
}

/* 4. The pass created through the C API runs in a C-API pass manager
 *    (`capi.c pass`; checked by capi-pass.test with the PASS prefix). */
static void testPassManager(void) {
  printf("pass-manager\n");
  // PASS-LABEL: pass-manager
  MlirContext ctx = createContext();
  MlirModule module = parseKernel(ctx);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  mlirPassManagerAddOwnedPass(pm, mlirCreatePallasConvertPallasToScf());
  MlirOperation op = mlirModuleGetOperation(module);
  MlirLogicalResult result = mlirPassManagerRunOnOp(pm, op);
  printf("pass: %s\n", mlirLogicalResultIsSuccess(result) ? "ok" : "failed");
  // PASS: pass: ok
  mlirOperationPrint(op, printToStdout, NULL);
  printf("\n");
  // PASS-NOT: pallas.kernel
  // PASS: func.func @
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "pass") == 0) {
    testPassManager();
    return 0;
  }
  testDialectHandle();
  testParsePrint();
  testTextualPipeline();
  printf("done\n");
  // CHECK: done
  return 0;
}
