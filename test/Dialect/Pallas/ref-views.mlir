// RUN: %mlir_opt %s | %mlir_opt | FileCheck %s
// RUN: %mlir_opt %s --mlir-print-op-generic | %mlir_opt | FileCheck %s

// pallas.ref_reshape and pallas.ref_bitcast, valid, round-tripped through the
// custom and the generic form.

#vmem = #pallas.memory_space<vmem>

// CHECK-LABEL: pallas.kernel @views
// CHECK: pallas.ref_reshape %{{.*}} : memref<16x128xf32, #pallas.memory_space<vmem>> -> memref<2x8x128xf32, #pallas.memory_space<vmem>>
// CHECK: pallas.ref_reshape %{{.*}} : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<2x4x128xf32, strided<[512, 128, 1], offset: ?>, #pallas.memory_space<vmem>>
// Splitting the rows of a column slice keeps it a strided view.
// CHECK: pallas.ref_reshape %{{.*}} : memref<16x64xf32, strided<[128, 1], offset: 64>, #pallas.memory_space<vmem>> -> memref<2x8x64xf32, strided<[1024, 128, 1], offset: 64>, #pallas.memory_space<vmem>>
// Size-1 dims may take any stride.
// CHECK: pallas.ref_reshape %{{.*}} : memref<16x128xf32, #pallas.memory_space<vmem>> -> memref<1x2048xf32, strided<[7, 1]>, #pallas.memory_space<vmem>>
// CHECK: pallas.ref_reshape %{{.*}} : memref<8x1xi32, #pallas.memory_space<smem>> -> memref<2x4xi32, #pallas.memory_space<smem>>
// CHECK: pallas.ref_bitcast %{{.*}} : memref<16x128xbf16, #pallas.memory_space<vmem>> -> memref<8x128xi32, #pallas.memory_space<vmem>>
// CHECK: pallas.ref_bitcast %{{.*}} : memref<8x128xi32, #pallas.memory_space<vmem>> -> memref<32x128xi8, #pallas.memory_space<vmem>>
// CHECK: pallas.ref_bitcast %{{.*}} : memref<16x128xf32, #pallas.memory_space<vmem>> -> memref<16x128xi32, #pallas.memory_space<vmem>>
// CHECK: pallas.ref_bitcast %{{.*}} : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xi32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
// CHECK: pallas.ref_bitcast %{{.*}} : memref<2x8x128xbf16, #pallas.memory_space<vmem>> -> memref<2x4x128xi32, #pallas.memory_space<vmem>>
// CHECK: pallas.ref_bitcast %{{.*}} : memref<8x128xi32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<16x128xbf16, #pallas.memory_space<vmem>>
// CHECK: pallas.ref_bitcast %{{.*}} : memref<16x128xbf16, #pallas.memory_space<vmem>> -> memref<8x128xui32, #pallas.memory_space<vmem>>
pallas.kernel @views grid(1)
    prefetch(%p: memref<8x1xi32, #pallas.memory_space<smem>>)
    ins(%x: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)> in vmem)
    scratch(%h: memref<16x128xbf16, #pallas.memory_space<vmem>>,
            %w: memref<8x128xi32, #pallas.memory_space<vmem>>,
            %c: memref<16x128xf32, #pallas.memory_space<vmem>>) {
  %i = arith.constant 8 : index
  %i0 = arith.constant 0 : index
  %r = pallas.ref_reshape %x : memref<16x128xf32, #vmem> -> memref<2x8x128xf32, #vmem>
  %s = memref.subview %x[%i, 0] [8, 128] [1, 1] : memref<16x128xf32, #vmem> to memref<8x128xf32, strided<[128, 1], offset: ?>, #vmem>
  %rs = pallas.ref_reshape %s : memref<8x128xf32, strided<[128, 1], offset: ?>, #vmem> -> memref<2x4x128xf32, strided<[512, 128, 1], offset: ?>, #vmem>
  %col = memref.subview %c[0, 64] [16, 64] [1, 1] : memref<16x128xf32, #vmem> to memref<16x64xf32, strided<[128, 1], offset: 64>, #vmem>
  %rc = pallas.ref_reshape %col : memref<16x64xf32, strided<[128, 1], offset: 64>, #vmem> -> memref<2x8x64xf32, strided<[1024, 128, 1], offset: 64>, #vmem>
  %flat = pallas.ref_reshape %x : memref<16x128xf32, #vmem> -> memref<1x2048xf32, strided<[7, 1]>, #vmem>
  %rp = pallas.ref_reshape %p : memref<8x1xi32, #pallas.memory_space<smem>> -> memref<2x4xi32, #pallas.memory_space<smem>>
  %b = pallas.ref_bitcast %h : memref<16x128xbf16, #vmem> -> memref<8x128xi32, #vmem>
  %n = pallas.ref_bitcast %w : memref<8x128xi32, #vmem> -> memref<32x128xi8, #vmem>
  %e = pallas.ref_bitcast %c : memref<16x128xf32, #vmem> -> memref<16x128xi32, #vmem>
  %es = pallas.ref_bitcast %s : memref<8x128xf32, strided<[128, 1], offset: ?>, #vmem> -> memref<8x128xi32, strided<[128, 1], offset: ?>, #vmem>
  %h3 = pallas.ref_reshape %h : memref<16x128xbf16, #vmem> -> memref<2x8x128xbf16, #vmem>
  %b3 = pallas.ref_bitcast %h3 : memref<2x8x128xbf16, #vmem> -> memref<2x4x128xi32, #vmem>
  %ws = memref.subview %w[%i0, 0] [8, 128] [1, 1] : memref<8x128xi32, #vmem> to memref<8x128xi32, strided<[128, 1], offset: ?>, #vmem>
  %wn = pallas.ref_bitcast %ws : memref<8x128xi32, strided<[128, 1], offset: ?>, #vmem> -> memref<16x128xbf16, #vmem>
  %bu = pallas.ref_bitcast %h : memref<16x128xbf16, #vmem> -> memref<8x128xui32, #vmem>
}
