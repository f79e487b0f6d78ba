// RUN: sed '$d' %S/../../../examples/sparsecore/sc_sort.mlir > %t.mlir
// RUN: sed -n 's|^// HOST: \{0,1\}||p' %s >> %t.mlir
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %t.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/sparsecore/sc_sort.mlir on the CPU (its 16 subcores one
// after the other, each computing the same output) with the host @main
// below appended to its module.
// Inputs k = [3.5, -1, 2, -1, 0, 7, 2, -4], v = iota. Expected (by hand):
// k ascending; v follows, equal keys in lane order (-1 at 1, 3; 2 at 2, 6).
// CHECK: Unranked Memref
// CHECK-NEXT: [-4, -1, -1, 0, 2, 2, 3.5, 7]
// CHECK: Unranked Memref
// CHECK-NEXT: [7, 1, 3, 4, 2, 6, 0, 5]
// HOST: memref.global "private" @k : memref<8xf32> = dense<[3.5, -1.0, 2.0, -1.0, 0.0, 7.0, 2.0, -4.0]>
// HOST: memref.global "private" @v : memref<8xi32> = dense<[0, 1, 2, 3, 4, 5, 6, 7]>
// HOST: func.func private @printMemrefF32(memref<*xf32>)
// HOST: func.func private @printMemrefI32(memref<*xi32>)
// HOST: func.func @main() {
// HOST:   %k = memref.get_global @k : memref<8xf32>
// HOST:   %v = memref.get_global @v : memref<8xi32>
// HOST:   %ko = memref.alloc() : memref<8xf32>
// HOST:   %vo = memref.alloc() : memref<8xi32>
// HOST:   pallas.call @sc_sort(%k, %v, %ko, %vo) : (memref<8xf32>, memref<8xi32>, memref<8xf32>, memref<8xi32>) -> ()
// HOST:   %u = memref.cast %ko : memref<8xf32> to memref<*xf32>
// HOST:   call @printMemrefF32(%u) : (memref<*xf32>) -> ()
// HOST:   %uv = memref.cast %vo : memref<8xi32> to memref<*xi32>
// HOST:   call @printMemrefI32(%uv) : (memref<*xi32>) -> ()
// HOST:   return
// HOST: }
// HOST: }
