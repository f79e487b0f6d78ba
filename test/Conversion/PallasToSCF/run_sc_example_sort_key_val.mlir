// RUN: sed '$d' %S/../../../examples/sparsecore/sc_sort_key_val.mlir > %t.mlir
// RUN: sed -n 's|^// HOST: \{0,1\}||p' %s >> %t.mlir
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %t.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/sparsecore/sc_sort_key_val.mlir on the CPU (its 16 subcores one
// after the other, each computing the same output) with the host @main
// below appended to its module.
// Inputs k = [4, -1, 9, 4, 0, -7, 2, 9], v = [0.5, 1.5, ..., 7.5].
// Expected (by hand): the values of the non-negative keys in descending key
// order, equal keys in lane order (9 at 2, 7; 4 at 0, 3), then two zeros
// for the masked-out lanes.
// CHECK: Unranked Memref
// CHECK-NEXT: [2.5, 7.5, 0.5, 3.5, 6.5, 4.5, 0, 0]
// HOST: memref.global "private" @k : memref<8xi32> = dense<[4, -1, 9, 4, 0, -7, 2, 9]>
// HOST: memref.global "private" @v : memref<8xf32> = dense<[0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5]>
// HOST: func.func private @printMemrefF32(memref<*xf32>)
// HOST: func.func @main() {
// HOST:   %k = memref.get_global @k : memref<8xi32>
// HOST:   %v = memref.get_global @v : memref<8xf32>
// HOST:   %o = memref.alloc() : memref<8xf32>
// HOST:   pallas.call @sc_sort_key_val(%k, %v, %o) : (memref<8xi32>, memref<8xf32>, memref<8xf32>) -> ()
// HOST:   %u = memref.cast %o : memref<8xf32> to memref<*xf32>
// HOST:   call @printMemrefF32(%u) : (memref<*xf32>) -> ()
// HOST:   return
// HOST: }
// HOST: }
