// RUN: %pallas_opt %s --convert-pallas-to-sparsecore -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %pallas_opt %s --convert-pallas-to-tpu --convert-pallas-to-sparsecore -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=BOTH

// TensorCore kernels are left to convert-pallas-to-tpu: this pass neither
// rewrites nor checks them, so a module may hold both kinds and be lowered
// by the two passes in either order.
//
// (This file expects a diagnostic, so `make jax-check` does not verify its
// output with jaxlib: the first RUN's output still holds a pallas.kernel,
// which jaxlib cannot parse. The SparseCore kernels here have twins in
// kernel.mlir and load_store.mlir, which are verified.)

// CHECK-LABEL: module {
// The TensorCore kernel, untouched and in place.
// CHECK-NEXT: pallas.kernel @tc grid(2) semantics(parallel)
// CHECK: %[[V:.*]] = pallas.load %{{.*}}[] : memref<8x128xf32> -> vector<8x128xf32>
// CHECK-NEXT: %{{.*}} = math.sqrt %[[V]] : vector<8x128xf32>
// CHECK: pallas.store
// CHECK-NEXT: }
// The SparseCore kernel after it, lowered.
// CHECK-NEXT: module @sc {
// CHECK-NEXT: func.func @sc(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: memref<8xf32, #tpu.memory_space<vmem>>)
// CHECK-SAME: tpu.core_type = #tpu.core_type<sc_vector_subcore>
// CHECK: tpu.vector_load
// CHECK: tpu.vector_store
// CHECK-NOT: pallas.

// With both passes, nothing is left of either kernel.
// BOTH-LABEL: module {
// BOTH-NEXT: module @tc {
// BOTH-NEXT: func.func @tc(%{{.*}}: i32, %{{.*}}: memref<8x128xf32, #tpu.memory_space<vmem>>, %{{.*}}: memref<8x128xf32, #tpu.memory_space<vmem>>)
// BOTH-SAME: tpu.core_type = #tpu.core_type<tc>
// BOTH: func.func @transform_0(
// BOTH: func.func @transform_1(
// BOTH: module @sc {
// BOTH-NEXT: func.func @sc(
// BOTH-SAME: tpu.core_type = #tpu.core_type<sc_vector_subcore>
// BOTH-NOT: pallas.
pallas.kernel @tc grid(2) semantics(parallel)
    ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  %v = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
  %s = math.sqrt %v : vector<8x128xf32>
  pallas.store %s, %o[] : vector<8x128xf32>, memref<8x128xf32>
}
pallas.kernel @sc grid(1, 16) names("core", "subcore")
    scratch(%buf: memref<8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %v = pallas.load %buf[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  pallas.store %v, %buf[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
}

// -----

// The same op in both kinds: math.sqrt has a TensorCore rule but no
// SparseCore one; only the SparseCore kernel's is reported, with either
// pass order.
pallas.kernel @tc grid(2) semantics(parallel)
    ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  %v = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
  %s = math.sqrt %v : vector<8x128xf32>
  pallas.store %s, %o[] : vector<8x128xf32>, memref<8x128xf32>
}
pallas.kernel @sc grid(1, 16) names("core", "subcore")
    scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %v = pallas.load %a[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  // expected-error @+1 {{'math.sqrt' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: sqrt.}}
  %s = math.sqrt %v : vector<8xf32>
}
