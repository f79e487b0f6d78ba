// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu | FileCheck %s

// Control flow with carried values, slices and elements of refs, and
// debug_print, in the forms of JAX's module as its layout inference receives
// it (after Pallas's canonicalize,cse; see test/Reference/GPU/gpu_while_cond,
// gpu_wgmma_scoped and gpu_debug_print). The slice x[16 i : 16 i + 16, 0:128]
// is a view with a dynamic offset, taken from the block's view ahead of its
// cast to a dynamic offset. An element is a rank-0 subview loaded or stored
// without indices: n[1] of a GMEM operand is at static offset 1, o[3, 5] of
// the output block at 3 * 128 + 5 = 389. The lax.cond is an scf.index_switch
// on the predicate widened to i32 and cast to index: case 0 is the false
// branch, the default the true one.

// CHECK-LABEL: module @k
// CHECK: %[[N:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4xi32> {mosaic_gpu.from_kernel_arg_idx = 0 : i32
// CHECK: %[[XS:.*]] = memref.subview %{{.*}}[0, 0, 0] [1, 64, 128] [1, 1, 1] : memref<1x64x128xf32, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>>
// CHECK: %[[XV:.*]] = memref.cast %[[XS]] : {{.*}} to memref<64x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[OS:.*]] = memref.subview %{{.*}}[0, 0, 0] [1, 16, 128] [1, 1, 1] : memref<1x16x128xf32, #gpu.address_space<workgroup>> to memref<16x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>>
// CHECK: %[[OV:.*]] = memref.cast %[[OS]] : {{.*}} to memref<16x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: arith.constant 16 : index
// CHECK-NEXT: %[[NE:.*]] = memref.subview %[[N]][1] [1] [1] : memref<4xi32> to memref<i32, strided<[], offset: 1>>
// CHECK-NEXT: %[[BOUND:.*]] = memref.load %[[NE]][] : memref<i32, strided<[], offset: 1>>
// CHECK: %[[SUM:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<16x128xf32>) {
// CHECK:   %[[ROW:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK:   %[[SL:.*]] = memref.subview %[[XS]][%[[ROW]], 0] [16, 128] [1, 1] : memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<16x128xf32, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK:   %[[V:.*]] = "mosaic_gpu.vector_load"(%[[SL]]) <{optimized = true}>
// CHECK:   %[[NEXT:.*]] = arith.addf %[[ACC]], %[[V]]
// CHECK:   scf.yield %[[NEXT]]
// CHECK: %[[BIG:.*]] = arith.cmpi sgt, %[[BOUND]], %{{.*}} : i32
// CHECK-NEXT: %[[W32:.*]] = arith.extui %[[BIG]] : i1 to i32
// CHECK-NEXT: %[[IDX:.*]] = arith.index_cast %[[W32]] : i32 to index
// CHECK-NEXT: %[[R:.*]] = scf.index_switch %[[IDX]] -> vector<16x128xf32>
// CHECK-NEXT: case 0 {
// CHECK-NEXT:   scf.yield %[[SUM]] : vector<16x128xf32>
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT:   %[[SQ:.*]] = arith.mulf %[[SUM]], %[[SUM]] : vector<16x128xf32>
// CHECK-NEXT:   scf.yield %[[SQ]] : vector<16x128xf32>
// CHECK-NEXT: }
// CHECK-NEXT: "mosaic_gpu.vector_store"(%[[R]], %[[OV]]) <{multimem = false}>
// CHECK: %[[OE:.*]] = memref.subview %[[OS]][3, 5] [1, 1] [1, 1] : memref<16x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<f32, strided<[], offset: 389>, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store %{{.*}}, %[[OE]][] : memref<f32, strided<[], offset: 389>, #gpu.address_space<workgroup>>
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

// pl.when(g[0] > 0): a cond whose false branch is empty, so case 0 only
// yields (JAX's form in test/Reference/GPU/ops_transposed_ragged_dot). The
// element g[j] at a dynamic j and o[j, 7] are rank-0 subviews with a dynamic
// offset; the store's value comes from inside the conditional.

// CHECK-LABEL: module @when
// CHECK: %[[G:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<2xi32> {mosaic_gpu.from_kernel_arg_idx = 0 : i32
// CHECK: %[[OS:.*]] = memref.subview %{{.*}}[0, 0, 0] [1, 64, 128] [1, 1, 1] : memref<1x64x128xf32, #gpu.address_space<workgroup>> to memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>>
// CHECK: %[[G0R:.*]] = memref.subview %[[G]][0] [1] [1] : memref<2xi32> to memref<i32, strided<[]>>
// CHECK-NEXT: %[[G0:.*]] = memref.load %[[G0R]][] : memref<i32, strided<[]>>
// CHECK: %[[POS:.*]] = arith.cmpi sgt, %[[G0]], %{{.*}} : i32
// CHECK-NEXT: %[[W32:.*]] = arith.extui %[[POS]] : i1 to i32
// CHECK-NEXT: %[[IDX:.*]] = arith.index_cast %[[W32]] : i32 to index
// CHECK-NEXT: scf.index_switch %[[IDX]]
// CHECK-NEXT: case 0 {
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK:        %[[J:.*]] = arith.index_cast %[[G0]] : i32 to index
// CHECK-NEXT:   %[[GJR:.*]] = memref.subview %[[G]][%[[J]]] [1] [1] : memref<2xi32> to memref<i32, strided<[], offset: ?>>
// CHECK-NEXT:   %[[GJ:.*]] = memref.load %[[GJR]][] : memref<i32, strided<[], offset: ?>>
// CHECK-NEXT:   %[[F:.*]] = arith.sitofp %[[GJ]] : i32 to f32
// CHECK-NEXT:   %[[OE:.*]] = memref.subview %[[OS]][%[[J]], 7] [1, 1] [1, 1] : memref<64x128xf32, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<f32, strided<[], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT:   memref.store %[[F]], %[[OE]][] : memref<f32, strided<[], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT: }
// CHECK-NOT: scf.if
// CHECK: gpu.terminator
pallas.kernel @when
    ins(%g: memref<2xi32> block [2] map affine_map<() -> (0)> in gmem)
    outs(%o: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %g0 = pallas.load %g[0] : memref<2xi32, #pallas.memory_space<gmem>> -> i32
  %zero = arith.constant 0 : i32
  %pos = arith.cmpi sgt, %g0, %zero : i32
  scf.if %pos {
    %j = arith.index_cast %g0 : i32 to index
    %gj = pallas.load %g[%j] : memref<2xi32, #pallas.memory_space<gmem>> -> i32
    %f = arith.sitofp %gj : i32 to f32
    pallas.store %f, %o[%j, 7] : f32, memref<64x128xf32, #pallas.memory_space<shared>>
  }
}

// Nested lax.conds: each is its own scf.index_switch (the inner one in the
// outer's default region, its case 0 first).

// CHECK-LABEL: module @nested
// CHECK: %[[A:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[A32:.*]] = arith.extui %[[A]] : i1 to i32
// CHECK-NEXT: %[[AI:.*]] = arith.index_cast %[[A32]] : i32 to index
// CHECK-NEXT: %[[OUTER:.*]] = scf.index_switch %[[AI]] -> vector<64x128xf32>
// CHECK-NEXT: case 0 {
// CHECK-NEXT:   %[[SQ2:.*]] = arith.mulf %[[T:.*]], %[[T]] : vector<64x128xf32>
// CHECK-NEXT:   scf.yield %[[SQ2]] : vector<64x128xf32>
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT:   %[[B:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:   %[[B32:.*]] = arith.extui %[[B]] : i1 to i32
// CHECK-NEXT:   %[[BI:.*]] = arith.index_cast %[[B32]] : i32 to index
// CHECK-NEXT:   %[[INNER:.*]] = scf.index_switch %[[BI]] -> vector<64x128xf32>
// CHECK-NEXT:   case 0 {
// CHECK-NEXT:     scf.yield %[[T]] : vector<64x128xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   default {
// CHECK-NEXT:     %[[SUM:.*]] = arith.addf %[[T]], %[[T]] : vector<64x128xf32>
// CHECK-NEXT:     scf.yield %[[SUM]] : vector<64x128xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.yield %[[INNER]] : vector<64x128xf32>
// CHECK-NEXT: }
// CHECK-NEXT: "mosaic_gpu.vector_store"(%[[OUTER]], %{{.*}})
pallas.kernel @nested
    ins(%n: memref<2xi32> block [2] map affine_map<() -> (0)> in gmem,
        %x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
    outs(%o: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %a = pallas.load %n[0] : memref<2xi32, #pallas.memory_space<gmem>> -> i32
  %b = pallas.load %n[1] : memref<2xi32, #pallas.memory_space<gmem>> -> i32
  %t = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
  %c0 = arith.constant 0 : i32
  %pa = arith.cmpi sgt, %a, %c0 : i32
  %r = scf.if %pa -> (vector<64x128xf32>) {
    %pb = arith.cmpi sgt, %b, %c0 : i32
    %s = scf.if %pb -> (vector<64x128xf32>) {
      %d = arith.addf %t, %t : vector<64x128xf32>
      scf.yield %d : vector<64x128xf32>
    } else {
      scf.yield %t : vector<64x128xf32>
    }
    scf.yield %s : vector<64x128xf32>
  } else {
    %m = arith.mulf %t, %t : vector<64x128xf32>
    scf.yield %m : vector<64x128xf32>
  }
  pallas.store %r, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
}

// lax.switch(k, [x * 2, x - 1, x + x]): JAX clamps the index to [0, 2]
// (arith.maxsi, arith.minsi), casts it to index and switches with cases 0
// and 1 and the last branch as the default (JAX 0.10.2's module for this
// kernel, by hand). The twin writes that scf.index_switch, which stays as it
// is; the ops in its regions are lowered like any other.

// CHECK-LABEL: module @switch3
// CHECK: %[[KR:.*]] = memref.subview %{{.*}}[0] [1] [1] : memref<1xi32> to memref<i32, strided<[]>>
// CHECK-NEXT: %[[K:.*]] = memref.load %[[KR]][] : memref<i32, strided<[]>>
// CHECK: %[[X:.*]] = "mosaic_gpu.vector_load"
// CHECK: %[[LO:.*]] = arith.maxsi %[[K]], %{{.*}} : i32
// CHECK-NEXT: %[[HI:.*]] = arith.minsi %[[LO]], %{{.*}} : i32
// CHECK-NEXT: %[[I:.*]] = arith.index_cast %[[HI]] : i32 to index
// CHECK-NEXT: %[[R:.*]] = scf.index_switch %[[I]] -> vector<64x128xf32>
// CHECK-NEXT: case 0 {
// CHECK:        arith.mulf %[[X]], %{{.*}} : vector<64x128xf32>
// CHECK:      case 1 {
// CHECK:        arith.subf %[[X]], %{{.*}} : vector<64x128xf32>
// CHECK:      default {
// CHECK-NEXT:   %[[D:.*]] = arith.addf %[[X]], %[[X]] : vector<64x128xf32>
// CHECK-NEXT:   scf.yield %[[D]] : vector<64x128xf32>
// CHECK-NEXT: }
// CHECK-NEXT: "mosaic_gpu.vector_store"(%[[R]], %{{.*}})
pallas.kernel @switch3
    ins(%n: memref<1xi32> block [1] map affine_map<() -> (0)> in gmem,
        %x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
    outs(%o: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %k = pallas.load %n[0] : memref<1xi32, #pallas.memory_space<gmem>> -> i32
  %t = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %lo = arith.maxsi %k, %c0 : i32
  %hi = arith.minsi %lo, %c2 : i32
  %i = arith.index_cast %hi : i32 to index
  %r = scf.index_switch %i -> vector<64x128xf32>
  case 0 {
    %k2 = arith.constant dense<2.0> : vector<64x128xf32>
    %m = arith.mulf %t, %k2 : vector<64x128xf32>
    scf.yield %m : vector<64x128xf32>
  }
  case 1 {
    %k1 = arith.constant dense<1.0> : vector<64x128xf32>
    %s = arith.subf %t, %k1 : vector<64x128xf32>
    scf.yield %s : vector<64x128xf32>
  }
  default {
    %d = arith.addf %t, %t : vector<64x128xf32>
    scf.yield %d : vector<64x128xf32>
  }
  pallas.store %r, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
}
