// The named pipeline pallas-cpu-pipeline (convert-pallas-to-scf, then the
// upstream lowering in scripts/cpu-pipeline.txt) in stock mlir-opt with the
// plugin and in pallas-opt, listed by --help, run end to end. Its options
// are convert-pallas-to-scf's (run_mesh_option.mlir runs mesh-shape=2).
// RUN: %mlir_opt -p 'builtin.module(pallas-cpu-pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %pallas_opt --pallas-cpu-pipeline %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt --help | FileCheck %s --check-prefix=HELP
// RUN: %pallas_opt --help | FileCheck %s --check-prefix=HELP
// RUN: not %mlir_opt -p 'builtin.module(pallas-cpu-pipeline{bad=1})' %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTS

// HELP: --pallas-cpu-pipeline {{.*}}- Lower pallas kernels and their host code to the LLVM dialect for mlir-runner
// HELP-SAME: Its options are convert-pallas-to-scf's, e.g. pallas-cpu-pipeline{mesh-shape=2,2}
// OPTS: no such option bad

// A row max (vector.multi_reduction, which the pipeline must lower) of
// x[i, j] = (3i + 5j) mod 7 over 2x7 rows: every row holds 0..6, max 6.
module {
  pallas.kernel @rowmax grid(1) semantics(parallel)
      ins(%x: memref<2x7xi32> block [2, 7] map affine_map<(i) -> (0, 0)>)
      outs(%o: memref<2xi32> block [2] map affine_map<(i) -> (0)>) {
    %v = pallas.load %x[] : memref<2x7xi32> -> vector<2x7xi32>
    %lo = arith.constant dense<-2147483648> : vector<2xi32>
    %m = vector.multi_reduction <maxsi>, %v, %lo [1] : vector<2x7xi32> to vector<2xi32>
    pallas.store %m, %o[] : vector<2xi32>, memref<2xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %x = memref.alloc() : memref<2x7xi32>
    %o = memref.alloc() : memref<2xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c7 step %c1 {
        %c3 = arith.constant 3 : index
        %c5 = arith.constant 5 : index
        %a = arith.muli %i, %c3 : index
        %b = arith.muli %j, %c5 : index
        %s = arith.addi %a, %b : index
        %r = arith.remui %s, %c7 : index
        %ri = arith.index_cast %r : index to i32
        memref.store %ri, %x[%i, %j] : memref<2x7xi32>
      }
    }
    pallas.call @rowmax(%x, %o) : (memref<2x7xi32>, memref<2xi32>) -> ()
    %u = memref.cast %o : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %x : memref<2x7xi32>
    memref.dealloc %o : memref<2xi32>
    return
  }
}

// CHECK: Unranked Memref
// CHECK-NEXT: [6,  6]
