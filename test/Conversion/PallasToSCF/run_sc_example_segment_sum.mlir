// RUN: sed '$d' %S/../../../examples/sparsecore/sc_segment_sum.mlir > %t.mlir
// RUN: sed -n 's|^// HOST: \{0,1\}||p' %s >> %t.mlir
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %t.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/sparsecore/sc_segment_sum.mlir on the CPU (its 16 subcores one
// after the other, each computing the same output) with the host @main
// below appended to its module.
// Inputs vals = [1, ..., 8], seg = [0, 3, 0, 7, 3, 3, 1, 0]. Expected (by
// hand): sums per segment: 0: 1+3+8, 1: 7, 3: 2+5+6, 7: 4, others 0.
// CHECK: Unranked Memref
// CHECK-NEXT: [12, 7, 0, 13, 0, 0, 0, 4]
// HOST: memref.global "private" @vals : memref<8xf32> = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]>
// HOST: memref.global "private" @seg : memref<8xi32> = dense<[0, 3, 0, 7, 3, 3, 1, 0]>
// HOST: func.func private @printMemrefF32(memref<*xf32>)
// HOST: func.func @main() {
// HOST:   %v = memref.get_global @vals : memref<8xf32>
// HOST:   %s = memref.get_global @seg : memref<8xi32>
// HOST:   %o = memref.alloc() : memref<8xf32>
// HOST:   pallas.call @sc_segment_sum(%v, %s, %o) : (memref<8xf32>, memref<8xi32>, memref<8xf32>) -> ()
// HOST:   %u = memref.cast %o : memref<8xf32> to memref<*xf32>
// HOST:   call @printMemrefF32(%u) : (memref<*xf32>) -> ()
// HOST:   return
// HOST: }
// HOST: }
