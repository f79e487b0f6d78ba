// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Reductions (upstream vector.reduction) of 65536-lane vectors on the CPU:
// they used to reach LLVM whole, and mlir-runner crashed in instruction
// selection (the fuzzer's seed-20261126 run found 2^20-lane ones). By hand,
// with iv = [0, 1, ..., 65535]: the i32 sum is 65535 * 65536 / 2 =
// 2147450880, the signed max 65535; as f32 the maximum is 65535 and the
// minimum of -iv is -65535; 65536 ones added to 10.0 give 65546 (every
// partial sum an integer below 2^24, exact in any order).
// CHECK: Unranked Memref
// CHECK-NEXT: [2147450880,  65535]
// CHECK: Unranked Memref
// CHECK-NEXT: [65535,  -65535,  65546]

module {
  pallas.kernel @reduce_long grid(1)
      outs(%oi: memref<2xi32> block [2] map affine_map<(i) -> (0)> in smem,
           %of: memref<3xf32> block [3] map affine_map<(i) -> (0)> in smem) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %iv = pallas.iota dim 0 : vector<65536xi32>
    %sum = vector.reduction <add>, %iv : vector<65536xi32> into i32
    %max = vector.reduction <maxsi>, %iv : vector<65536xi32> into i32
    %f = arith.sitofp %iv : vector<65536xi32> to vector<65536xf32>
    %neg = arith.negf %f : vector<65536xf32>
    %fmax = vector.reduction <maximumf>, %f : vector<65536xf32> into f32
    %fmin = vector.reduction <minimumf>, %neg : vector<65536xf32> into f32
    %ones = arith.constant dense<1.0> : vector<65536xf32>
    %ten = arith.constant 10.0 : f32
    %count = vector.reduction <add>, %ones, %ten : vector<65536xf32> into f32
    pallas.store %sum, %oi[%c0] : i32, memref<2xi32, #pallas.memory_space<smem>>
    pallas.store %max, %oi[%c1] : i32, memref<2xi32, #pallas.memory_space<smem>>
    pallas.store %fmax, %of[%c0] : f32, memref<3xf32, #pallas.memory_space<smem>>
    pallas.store %fmin, %of[%c1] : f32, memref<3xf32, #pallas.memory_space<smem>>
    pallas.store %count, %of[%c2] : f32, memref<3xf32, #pallas.memory_space<smem>>
    pallas.return
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %oi = memref.alloc() : memref<2xi32>
    %of = memref.alloc() : memref<3xf32>
    pallas.call @reduce_long(%oi, %of) : (memref<2xi32>, memref<3xf32>) -> ()
    %ui = memref.cast %oi : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
    %uf = memref.cast %of : memref<3xf32> to memref<*xf32>
    call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
    memref.dealloc %oi : memref<2xi32>
    memref.dealloc %of : memref<3xf32>
    return
  }
}
