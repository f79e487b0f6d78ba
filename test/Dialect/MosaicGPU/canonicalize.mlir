// The folder and canonicalization patterns of reinterpret_cast and warp_map
// (jaxlib 0.10.2's: `make jax-check` runs jaxlib's canonicalize on this file
// and requires the same output as ours).
// RUN: %pallas_opt --canonicalize %s | FileCheck %s

// A cast to the same type is the source.
// CHECK-LABEL: func.func @same_type(
// CHECK-SAME:      %[[R:.*]]: memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK-NEXT:    return %[[R]]
func.func @same_type(%r: memref<64xf32, #gpu.address_space<workgroup>>) -> memref<64xf32, #gpu.address_space<workgroup>> {
  %0 = "mosaic_gpu.reinterpret_cast"(%r) : (memref<64xf32, #gpu.address_space<workgroup>>) -> memref<64xf32, #gpu.address_space<workgroup>>
  return %0 : memref<64xf32, #gpu.address_space<workgroup>>
}

// A cast of a cast casts the original.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[R:.*]]: memref<64xf32>)
// CHECK-NEXT:    %[[C:.*]] = "mosaic_gpu.reinterpret_cast"(%[[R]]) : (memref<64xf32>) -> memref<2x32xf32>
// CHECK-NEXT:    return %[[C]]
func.func @chain(%r: memref<64xf32>) -> memref<2x32xf32> {
  %0 = "mosaic_gpu.reinterpret_cast"(%r) : (memref<64xf32>) -> memref<8x8xf32>
  %1 = "mosaic_gpu.reinterpret_cast"(%0) : (memref<8x8xf32>) -> memref<2x32xf32>
  return %1 : memref<2x32xf32>
}

// A cast of an SMEM slice is a slice of the cast's type (alias_id kept).
// CHECK-LABEL: func.func @slice(
// CHECK-NEXT:    %[[A:.*]] = "mosaic_gpu.slice_smem"() <{offset = 256 : i32}> : () -> memref<8x16xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[B:.*]] = "mosaic_gpu.slice_smem"() <{alias_id = 7 : i32, offset = 512 : i32}> : () -> memref<4x32xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @slice() -> (memref<8x16xf16, #gpu.address_space<workgroup>>, memref<4x32xf16, #gpu.address_space<workgroup>>) {
  %0 = "mosaic_gpu.slice_smem"() <{offset = 256 : i32}> : () -> memref<128xf16, #gpu.address_space<workgroup>>
  %1 = "mosaic_gpu.reinterpret_cast"(%0) : (memref<128xf16, #gpu.address_space<workgroup>>) -> memref<8x16xf16, #gpu.address_space<workgroup>>
  %2 = "mosaic_gpu.slice_smem"() <{alias_id = 7 : i32, offset = 512 : i32}> : () -> memref<128xf16, #gpu.address_space<workgroup>>
  %3 = "mosaic_gpu.reinterpret_cast"(%2) : (memref<128xf16, #gpu.address_space<workgroup>>) -> memref<4x32xf16, #gpu.address_space<workgroup>>
  return %1, %3 : memref<8x16xf16, #gpu.address_space<workgroup>>, memref<4x32xf16, #gpu.address_space<workgroup>>
}

// warp_map: %x's only uses are casts to 8x8, hoisted onto the operand; %y is
// cast to two types and %z also used directly: both stay.
// CHECK-LABEL: func.func @warp_map(
// CHECK-SAME:      %[[A:[^:]*]]: memref<64xf32>, %[[B:[^:]*]]: memref<64xf32>, %[[C:[^:]*]]: memref<64xf32>, %[[I:[^:]*]]: index)
// CHECK-NEXT:    %[[H:.*]] = "mosaic_gpu.reinterpret_cast"(%[[A]]) : (memref<64xf32>) -> memref<8x8xf32>
// CHECK-NEXT:    "mosaic_gpu.warp_map"(%[[H]], %[[B]], %[[C]], %[[I]]) ({
// CHECK-NEXT:    ^bb0(%[[X:.*]]: memref<8x8xf32>, %[[Y:.*]]: memref<64xf32>, %[[Z:.*]]: memref<64xf32>, %[[K:.*]]: index):
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[X]][%[[K]], %[[K]]] : memref<8x8xf32>
// CHECK-NEXT:      memref.store %[[V]], %[[X]][%[[K]], %[[K]]] : memref<8x8xf32>
// CHECK-NEXT:      "mosaic_gpu.reinterpret_cast"(%[[Y]]) : (memref<64xf32>) -> memref<8x8xf32>
// CHECK-NEXT:      "mosaic_gpu.reinterpret_cast"(%[[Y]]) : (memref<64xf32>) -> memref<2x32xf32>
// CHECK:           "mosaic_gpu.reinterpret_cast"(%[[Z]]) : (memref<64xf32>) -> memref<8x8xf32>
// CHECK:         }) : (memref<8x8xf32>, memref<64xf32>, memref<64xf32>, index) -> ()
func.func @warp_map(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<64xf32>, %i: index) {
  "mosaic_gpu.warp_map"(%a, %b, %c, %i) ({
  ^bb0(%x: memref<64xf32>, %y: memref<64xf32>, %z: memref<64xf32>, %k: index):
    %0 = "mosaic_gpu.reinterpret_cast"(%x) : (memref<64xf32>) -> memref<8x8xf32>
    %1 = "mosaic_gpu.reinterpret_cast"(%x) : (memref<64xf32>) -> memref<8x8xf32>
    %2 = memref.load %0[%k, %k] : memref<8x8xf32>
    memref.store %2, %1[%k, %k] : memref<8x8xf32>
    %3 = "mosaic_gpu.reinterpret_cast"(%y) : (memref<64xf32>) -> memref<8x8xf32>
    %4 = "mosaic_gpu.reinterpret_cast"(%y) : (memref<64xf32>) -> memref<2x32xf32>
    %5 = memref.load %3[%k, %k] : memref<8x8xf32>
    memref.store %5, %4[%k, %k] : memref<2x32xf32>
    %6 = "mosaic_gpu.reinterpret_cast"(%z) : (memref<64xf32>) -> memref<8x8xf32>
    %7 = memref.load %z[%k] : memref<64xf32>
    memref.store %7, %6[%k, %k] : memref<8x8xf32>
  }) : (memref<64xf32>, memref<64xf32>, memref<64xf32>, index) -> ()
  return
}
