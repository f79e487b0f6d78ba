// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu | FileCheck %s

// A static view of a pipelined block: the block is seen with a dynamic
// offset, so is its view (rows 32..63 of the 64x128 block).

// CHECK: %[[XV:.*]] = memref.cast %{{.*}} to memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[H:.*]] = memref.subview %[[XV]][32, 0] [32, 128] [1, 1] : memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<32x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.cast %[[H]]
// CHECK: "mosaic_gpu.vector_load"(%[[H]]) <{optimized = true}>
pallas.kernel @k
    ins(%x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
    outs(%o: memref<32x128xf32> block [32, 128] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %h = memref.subview %x[32, 0] [32, 128] [1, 1] : memref<64x128xf32, #pallas.memory_space<shared>> to memref<32x128xf32, strided<[128, 1], offset: 4096>, #pallas.memory_space<shared>>
  %v = pallas.load %h[] : memref<32x128xf32, strided<[128, 1], offset: 4096>, #pallas.memory_space<shared>> -> vector<32x128xf32>
  pallas.store %v, %o[] : vector<32x128xf32>, memref<32x128xf32, #pallas.memory_space<shared>>
}
