// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu | FileCheck %s

// A static view of a pipelined block (rows 32..63 of the 64x128 block), in
// the form of JAX's canonicalized module (its canonicalize folds the block's
// cast to a dynamic offset into the subview, as in
// test/Reference/GPU/gpu_wgmma_scoped): the view is taken from the block's
// static view at the static offset 32 * 128 = 4096, then cast to a dynamic
// offset, the type the unfolded view had.

// CHECK: %[[XS:.*]] = memref.subview %{{.*}}[0, 0, 0] [1, 64, 128] [1, 1, 1] : memref<1x64x128xf32, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>>
// CHECK: %[[XV:.*]] = memref.cast %[[XS]] : {{.*}} to memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[H:.*]] = memref.subview %[[XS]][32, 0] [32, 128] [1, 1] : memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<32x128xf32, strided<[128, 1], offset: 4096>, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[HV:.*]] = memref.cast %[[H]] : memref<32x128xf32, strided<[128, 1], offset: 4096>, #gpu.address_space<workgroup>> to memref<32x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT: "mosaic_gpu.vector_load"(%[[HV]]) <{optimized = true}>
pallas.kernel @k
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
    outs(%o: memref<32x128xf32> block [32, 128] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %h = memref.subview %x[32, 0] [32, 128] [1, 1] : memref<64x128xf32, #pallas.memory_space<shared>> to memref<32x128xf32, strided<[128, 1], offset: 4096>, #pallas.memory_space<shared>>
  %v = pallas.load %h[] : memref<32x128xf32, strided<[128, 1], offset: 4096>, #pallas.memory_space<shared>> -> vector<32x128xf32>
  pallas.store %v, %o[] : vector<32x128xf32>, memref<32x128xf32, #pallas.memory_space<shared>>
}
