// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// pallas.run_scoped whose body holds whole-vector loads and stores (which the
// CPU pipeline turns into loops) and yields a value, at every grid step.
// The scope once lowered to memref.alloca_scope, whose single-block region
// the loops broke ("expects region #0 to have 0 or 1 blocks").
// x[b, i, j] = 32b + 8i + j (2x4x8). Per step b: tmp = 2 * x[b]; o[b] = tmp;
// the scope yields sum(tmp) + the scoped semaphore's value (0: scoped
// semaphores start at zero). Expected by hand:
//   o[b, i, j] = 64b + 16i + 2j;  s[b] = 2 * (32 * 32b + 0 + 1 + ... + 31)
//   = 2048b + 992, so s = [992, 3040].

module {
  pallas.kernel @scoped grid(2) semantics(arbitrary)
      ins(%x: memref<2x4x8xf32> block [squeezed, 4, 8] map affine_map<(b) -> (b, 0, 0)>)
      outs(%o: memref<2x4x8xf32> block [squeezed, 4, 8] map affine_map<(b) -> (b, 0, 0)>,
           %s: memref<2xf32> block [1] map affine_map<(b) -> (b)>) {
    %t = pallas.run_scoped -> f32 {
    ^bb0(%tmp: memref<4x8xf32, #pallas.memory_space<vmem>>,
         %sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>):
      %v = pallas.load %x[] : memref<4x8xf32> -> vector<4x8xf32>
      %w = arith.addf %v, %v : vector<4x8xf32>
      pallas.store %w, %tmp[] : vector<4x8xf32>, memref<4x8xf32, #pallas.memory_space<vmem>>
      %u = pallas.load %tmp[] : memref<4x8xf32, #pallas.memory_space<vmem>> -> vector<4x8xf32>
      pallas.store %u, %o[] : vector<4x8xf32>, memref<4x8xf32>
      %flat = vector.shape_cast %u : vector<4x8xf32> to vector<32xf32>
      %sum = vector.reduction <add>, %flat : vector<32xf32> into f32
      %n = pallas.semaphore_read %sem[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      %nf = arith.sitofp %n : i32 to f32
      %r = arith.addf %sum, %nf : f32
      pallas.yield %r : f32
    }
    %tv = vector.broadcast %t : f32 to vector<1xf32>
    pallas.store %tv, %s[] : vector<1xf32>, memref<1xf32>
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %x = memref.alloc() : memref<2x4x8xf32>
    %o = memref.alloc() : memref<2x4x8xf32>
    %s = memref.alloc() : memref<2xf32>
    scf.for %b = %c0 to %c2 step %c1 {
      scf.for %i = %c0 to %c4 step %c1 {
        scf.for %j = %c0 to %c8 step %c1 {
          %bb = arith.muli %b, %c32 : index
          %ii = arith.muli %i, %c8 : index
          %k0 = arith.addi %bb, %ii : index
          %k = arith.addi %k0, %j : index
          %ki = arith.index_cast %k : index to i32
          %f = arith.sitofp %ki : i32 to f32
          memref.store %f, %x[%b, %i, %j] : memref<2x4x8xf32>
        }
      }
    }
    pallas.call @scoped(%x, %o, %s) : (memref<2x4x8xf32>, memref<2x4x8xf32>, memref<2xf32>) -> ()
    %uo = memref.cast %o : memref<2x4x8xf32> to memref<*xf32>
    call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
    %us = memref.cast %s : memref<2xf32> to memref<*xf32>
    call @printMemrefF32(%us) : (memref<*xf32>) -> ()
    memref.dealloc %x : memref<2x4x8xf32>
    memref.dealloc %o : memref<2x4x8xf32>
    memref.dealloc %s : memref<2xf32>
    return
  }
}

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[\[}}0,   2,   4,   6,   8,   10,   12,   14],
// CHECK-NEXT: [16,   18,   20,   22,   24,   26,   28,   30],
// CHECK-NEXT: [32,   34,   36,   38,   40,   42,   44,   46],
// CHECK-NEXT: [48,   50,   52,   54,   56,   58,   60,   62]],
// CHECK-NEXT: {{\[\[}}64,   66,   68,   70,   72,   74,   76,   78],
// CHECK-NEXT: [80,   82,   84,   86,   88,   90,   92,   94],
// CHECK-NEXT: [96,   98,   100,   102,   104,   106,   108,   110],
// CHECK-NEXT: [112,   114,   116,   118,   120,   122,   124,   126]]]
// CHECK: Unranked Memref
// CHECK-NEXT: [992,  3040]
