// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu | FileCheck %s

// Control flow with carried values, slices and elements of refs, and
// debug_print. The slice x[16 i : 16 i + 16, 0:128] is a view with a dynamic
// offset; the element n[1] of a GMEM operand is a memref.load of the whole
// array; a store of one element of the output block is a memref.store.

// CHECK-LABEL: module @k
// CHECK: %[[N:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4xi32> {mosaic_gpu.from_kernel_arg_idx = 0 : i32
// CHECK: %[[XV:.*]] = memref.cast %{{.*}} : {{.*}} to memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[OV:.*]] = memref.cast %{{.*}} : {{.*}} to memref<16x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: arith.constant 16 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[BOUND:.*]] = memref.load %[[N]][%[[C1]]] : memref<4xi32>
// CHECK: %[[SUM:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<16x128xf32>) {
// CHECK:   %[[ROW:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK:   %[[SL:.*]] = memref.subview %[[XV]][%[[ROW]], 0] [16, 128] [1, 1] : memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<16x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK:   %[[V:.*]] = "mosaic_gpu.vector_load"(%[[SL]]) <{optimized = true}>
// CHECK:   %[[NEXT:.*]] = arith.addf %[[ACC]], %[[V]]
// CHECK:   scf.yield %[[NEXT]]
// CHECK: scf.if
// CHECK: "mosaic_gpu.vector_store"(%{{.*}}, %[[OV]]) <{multimem = false}>
// CHECK: %[[R:.*]] = arith.constant 3 : index
// CHECK: %[[C:.*]] = arith.constant 5 : index
// CHECK: memref.store %{{.*}}, %[[OV]][%[[R]], %[[C]]] : memref<16x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// debug_print: the i32 widened to i64, the f16 to f32, in one thread.
// CHECK: %[[W:.*]] = arith.extui %[[BOUND]] : i32 to i64
// CHECK: %[[H:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[E:.*]] = nvvm.elect.sync -> i1
// CHECK: nvvm.shfl.sync idx
// CHECK: arith.remui %{{.*}}, %{{.*}} : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq
// CHECK: %[[P:.*]] = arith.andi %[[FIRST]], %[[E]] : i1
// CHECK: scf.if %[[P]] {
// CHECK-NEXT: gpu.printf "n = %llu, h = %f, i = %llu\0A", %[[W]], %[[H]], %{{.*}} : i64, f32, index
pallas.kernel @k
    ins(%n: memref<4xi32> block [4] map affine_map<() -> (0)> in gmem,
        %x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
    outs(%o: memref<16x128xf32> block [16, 128] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %bound = pallas.load %n[1] : memref<4xi32, #pallas.memory_space<gmem>> -> i32
  %zero = arith.constant dense<0.0> : vector<16x128xf32>
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (vector<16x128xf32>) {
    %row = arith.muli %i, %c16 : index
    %slab = pallas.load %x[%row:16, 0:128] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<16x128xf32>
    %next = arith.addf %acc, %slab : vector<16x128xf32>
    scf.yield %next : vector<16x128xf32>
  }
  %c8 = arith.constant 8 : i32
  %big = arith.cmpi sgt, %bound, %c8 : i32
  %r = scf.if %big -> (vector<16x128xf32>) {
    %m = arith.mulf %sum, %sum : vector<16x128xf32>
    scf.yield %m : vector<16x128xf32>
  } else {
    scf.yield %sum : vector<16x128xf32>
  }
  pallas.store %r, %o[] : vector<16x128xf32>, memref<16x128xf32, #pallas.memory_space<shared>>
  %h = arith.constant 2.0 : f16
  %hf = arith.extf %h : f16 to f32
  pallas.store %hf, %o[3, 5] : f32, memref<16x128xf32, #pallas.memory_space<shared>>
  pallas.debug_print "n = {}, h = {}, i = {}" (%bound, %h, %c4 : i32, f16, index)
}
