// Stock mlir-opt 22 loads libpallas_mlir.so as dialect and pass plugin.
// mlir-opt ignores a plugin it fails to load, so every check below looks for
// output only the plugin can produce.

// Round trip (twice: the printed form parses back to the same text).
// RUN: %mlir_opt %s | FileCheck %s
// RUN: %mlir_opt %s | %mlir_opt | FileCheck %s
// Generic form round trip.
// RUN: %mlir_opt %s --mlir-print-op-generic | %mlir_opt | FileCheck %s

// The pass plugin registers convert-pallas-to-scf (listed by --help; plugin
// passes are reachable through -p / --pass-pipeline).
// RUN: %mlir_opt --help | FileCheck %s --check-prefix=HELP
// HELP: --convert-pallas-to-scf

// Without the dialect plugin, the pallas dialect is unknown.
// RUN: not /usr/lib/llvm-22/bin/mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN: error: {{.*}}pallas

// pallas-opt: the same dialect and passes statically linked, passes as flags.
// RUN: %pallas_opt %s | FileCheck %s
// RUN: %pallas_opt --help | FileCheck %s --check-prefix=HELP
// RUN: %pallas_opt --help | FileCheck %s --check-prefix=OPTHELP
// OPTHELP: Available Dialects:{{.*}} pallas,
// RUN: %mlir_opt %s | %pallas_opt | FileCheck %s

// CHECK: #[[MAP:.+]] = affine_map<(d0) -> (d0, 0)>
// CHECK-LABEL: pallas.kernel @add grid(8) semantics(parallel)
// CHECK: ins(
// CHECK-NEXT: %[[X:.+]]: memref<1024x128xf32> block [128, 128] map #[[MAP]],
// CHECK-NEXT: %[[Y:.+]]: memref<1024x128xf32> block [128, 128] map #[[MAP]])
// CHECK-NEXT: outs(%[[O:.+]]: memref<1024x128xf32> block [128, 128] map #[[MAP]]) {
// CHECK: %[[A:.+]] = pallas.load %[[X]][0:128, 0:128] : memref<128x128xf32> -> vector<128x128xf32>
// CHECK: %[[B:.+]] = pallas.load %[[Y]][0:128, 0:128] : memref<128x128xf32> -> vector<128x128xf32>
// CHECK: %[[C:.+]] = arith.addf %[[A]], %[[B]] : vector<128x128xf32>
// CHECK: pallas.store %[[C]], %[[O]][0:128, 0:128] : vector<128x128xf32>, memref<128x128xf32>
// CHECK-NEXT: }

pallas.kernel @add grid(8) semantics(parallel)
    ins(%x: memref<1024x128xf32> block [128, 128] map affine_map<(i) -> (i, 0)>,
        %y: memref<1024x128xf32> block [128, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<1024x128xf32> block [128, 128] map affine_map<(i) -> (i, 0)>) {
  %a = pallas.load %x[0:128, 0:128] : memref<128x128xf32> -> vector<128x128xf32>
  %b = pallas.load %y[0:128, 0:128] : memref<128x128xf32> -> vector<128x128xf32>
  %c = arith.addf %a, %b : vector<128x128xf32>
  pallas.store %c, %o[0:128, 0:128] : vector<128x128xf32>, memref<128x128xf32>
  pallas.return
}
