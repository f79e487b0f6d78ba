// RUN: sed '$d' %S/../../../examples/sparsecore/sc_gather.mlir > %t.mlir
// RUN: sed -n 's|^// HOST: \{0,1\}||p' %s >> %t.mlir
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %t.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/sparsecore/sc_gather.mlir on the CPU (its 16 subcores one
// after the other, each computing the same output) with the host @main
// below appended to its module.
// Inputs x[i] = i / 2 (64 lanes), idx = [63, 0, 17, 17, 5, 40, 2, 33].
// Expected (by hand): x[idx].
// CHECK: Unranked Memref
// CHECK-NEXT: [31.5, 0, 8.5, 8.5, 2.5, 20, 1, 16.5]
// HOST: func.func private @printMemrefF32(memref<*xf32>)
// HOST: func.func @main() {
// HOST:   %x = memref.alloc() : memref<64xf32>
// HOST:   %c0 = arith.constant 0 : index
// HOST:   %c1 = arith.constant 1 : index
// HOST:   %c64 = arith.constant 64 : index
// HOST:   %half = arith.constant 0.5 : f32
// HOST:   scf.for %i = %c0 to %c64 step %c1 {
// HOST:     %ii = arith.index_cast %i : index to i32
// HOST:     %f = arith.sitofp %ii : i32 to f32
// HOST:     %h = arith.mulf %f, %half : f32
// HOST:     memref.store %h, %x[%i] : memref<64xf32>
// HOST:   }
// HOST:   %idx = memref.get_global @idx : memref<8xi32>
// HOST:   %o = memref.alloc() : memref<8xf32>
// HOST:   pallas.call @sc_gather(%x, %idx, %o) : (memref<64xf32>, memref<8xi32>, memref<8xf32>) -> ()
// HOST:   %u = memref.cast %o : memref<8xf32> to memref<*xf32>
// HOST:   call @printMemrefF32(%u) : (memref<*xf32>) -> ()
// HOST:   return
// HOST: }
// HOST: memref.global "private" @idx : memref<8xi32> = dense<[63, 0, 17, 17, 5, 40, 2, 33]>
// HOST: }
