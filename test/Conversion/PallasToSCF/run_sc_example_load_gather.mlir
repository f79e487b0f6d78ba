// RUN: sed '$d' %S/../../../examples/sparsecore/sc_load_gather.mlir > %t.mlir
// RUN: sed -n 's|^// HOST: \{0,1\}||p' %s >> %t.mlir
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %t.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/sparsecore/sc_load_gather.mlir on the CPU (its 16 subcores one
// after the other, each computing the same output) with the host @main
// below appended to its module.
// Inputs x[i] = 100 + i (16 lanes), idx = [3, 12, 0, 9, 5, 15, 7, 1].
// Expected (by hand): g = x[idx] = [103, 112, 100, 109, 105, 115, 107, 101],
// reversed, kept at the lanes where idx < 8, zeros elsewhere.
// CHECK: Unranked Memref
// CHECK-NEXT: [101, 0, 115, 0, 109, 0, 112, 103]
// HOST: memref.global "private" @x : memref<16xf32> = dense<[100.0, 101.0, 102.0, 103.0, 104.0, 105.0, 106.0, 107.0, 108.0, 109.0, 110.0, 111.0, 112.0, 113.0, 114.0, 115.0]>
// HOST: memref.global "private" @idx : memref<8xi32> = dense<[3, 12, 0, 9, 5, 15, 7, 1]>
// HOST: func.func private @printMemrefF32(memref<*xf32>)
// HOST: func.func @main() {
// HOST:   %x = memref.get_global @x : memref<16xf32>
// HOST:   %i = memref.get_global @idx : memref<8xi32>
// HOST:   %o = memref.alloc() : memref<8xf32>
// HOST:   pallas.call @sc_load_gather(%x, %i, %o) : (memref<16xf32>, memref<8xi32>, memref<8xf32>) -> ()
// HOST:   %u = memref.cast %o : memref<8xf32> to memref<*xf32>
// HOST:   call @printMemrefF32(%u) : (memref<*xf32>) -> ()
// HOST:   return
// HOST: }
// HOST: }
