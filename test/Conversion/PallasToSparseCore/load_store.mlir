// RUN: %pallas_opt %s --convert-pallas-to-sparsecore --split-input-file | FileCheck %s

// Ref accesses as JAX's Pallas SparseCore lowering emits them: a vector
// load is a tpu.vector_load {strides = array<i32>} of the window (integer
// indices read a dim of size 1) followed by a vector.shape_cast to the
// value's shape; a store reads the old window first (JAX lowers every store
// as a swap), reshapes both values and writes with tpu.vector_store; SMEM
// scalars go through memref.load / memref.store.

// CHECK-LABEL: module @vector_access
// CHECK: func.func @vector_access(%{{.*}}: i32, %{{.*}}: i32, %[[A:.*]]: memref<8xf32, #tpu.memory_space<vmem>>, %[[T:.*]]: memref<4x8xf32, #tpu.memory_space<vmem>>)
// The whole 1-D window.
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[VW:.*]] = tpu.vector_load %[[A]][%[[Z]]] {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>,
// CHECK-NEXT: %[[V:.*]] = vector.shape_cast %[[VW]] : vector<8xf32> to vector<8xf32>
// A row of a 2-D ref: a 1x8 window, cast to the 8-lane value.
// CHECK: %[[R:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[Z1:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[RW:.*]] = tpu.vector_load %[[T]][%[[R]], %[[Z1]]] {strides = array<i32>} : memref<4x8xf32, #tpu.memory_space<vmem>>, vector<1x8xf32>,
// CHECK-NEXT: %[[ROW:.*]] = vector.shape_cast %[[RW]] : vector<1x8xf32> to vector<8xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[V]], %[[ROW]] : vector<8xf32>
// A store: the old window is read (and left unused), the value cast to the
// window's shape and stored.
// CHECK-NEXT: %[[Z2:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[OLD:.*]] = tpu.vector_load %[[A]][%[[Z2]]] {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>,
// CHECK-NEXT: %{{.*}} = vector.shape_cast %[[OLD]] : vector<8xf32> to vector<8xf32>
// CHECK-NEXT: %[[NEW:.*]] = vector.shape_cast %[[S]] : vector<8xf32> to vector<8xf32>
// CHECK-NEXT: tpu.vector_store %[[A]][%[[Z2]]], %[[NEW]] {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>,
// CHECK-NOT: add = true
// A row store: 8 lanes to a 1x8 window.
// CHECK: %[[Z3:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[OLDR:.*]] = tpu.vector_load %[[T]][%[[R]], %[[Z3]]] {strides = array<i32>} : memref<4x8xf32, #tpu.memory_space<vmem>>, vector<1x8xf32>,
// CHECK-NEXT: %{{.*}} = vector.shape_cast %[[OLDR]] : vector<1x8xf32> to vector<8xf32>
// CHECK-NEXT: %[[NEWR:.*]] = vector.shape_cast %[[S]] : vector<8xf32> to vector<1x8xf32>
// CHECK-NEXT: tpu.vector_store %[[T]][%[[R]], %[[Z3]]], %[[NEWR]] {strides = array<i32>} : memref<4x8xf32, #tpu.memory_space<vmem>>, vector<1x8xf32>,
// A swap returns the old window, in the value's shape.
// CHECK: %[[SW:.*]] = tpu.vector_load %[[A]][%{{.*}}] {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>,
// CHECK-NEXT: %[[SWOLD:.*]] = vector.shape_cast %[[SW]] : vector<8xf32> to vector<8xf32>
// CHECK-NEXT: %[[SWNEW:.*]] = vector.shape_cast %[[ROW]] : vector<8xf32> to vector<8xf32>
// CHECK-NEXT: tpu.vector_store %[[A]][%{{.*}}], %[[SWNEW]] {strides = array<i32>}
// CHECK-NEXT: %{{.*}} = arith.addf %[[SWOLD]], %[[V]] : vector<8xf32>
// CHECK: return
pallas.kernel @vector_access grid(1, 16) names("core", "subcore")
    scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>,
            %t: memref<4x8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %v = pallas.load %a[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  %c2 = arith.constant 2 : index
  %row = pallas.load %t[%c2, 0:8] : memref<4x8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  %s = arith.addf %v, %row : vector<8xf32>
  pallas.store %s, %a[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
  pallas.store %s, %t[%c2, 0:8] : vector<8xf32>, memref<4x8xf32, #pallas.memory_space<vmem>>
  %old = pallas.swap %row, %a[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  %u = arith.addf %old, %v : vector<8xf32>
}

// -----

// SparseCore store and load forms: {add} accumulates into the window
// (tpu.vector_store {add = true}); {expand} (plsc.load_expanded) is a
// masked tpu.vector_load; {compress} (plsc.store_compressed) reads the old
// window and stores under the mask.

// CHECK-LABEL: module @sc_forms
// CHECK: func.func @sc_forms(%{{.*}}: i32, %{{.*}}: i32, %[[A:.*]]: memref<8xf32, #tpu.memory_space<vmem>>, %[[T:.*]]: memref<4x8xf32, #tpu.memory_space<vmem>>)
// CHECK: %[[V:.*]] = vector.shape_cast %{{.*}} : vector<8xf32> to vector<8xf32>
// CHECK: %[[R:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %{{.*}} = tpu.vector_load %[[T]][%[[R]], %[[Z]]] {strides = array<i32>} : memref<4x8xf32, #tpu.memory_space<vmem>>, vector<1x8xf32>,
// CHECK-NEXT: %{{.*}} = vector.shape_cast %{{.*}} : vector<1x8xf32> to vector<8xf32>
// CHECK-NEXT: %[[ADDV:.*]] = vector.shape_cast %[[V]] : vector<8xf32> to vector<1x8xf32>
// CHECK-NEXT: tpu.vector_store %[[T]][%[[R]], %[[Z]]], %[[ADDV]] {add = true, strides = array<i32>} : memref<4x8xf32, #tpu.memory_space<vmem>>, vector<1x8xf32>,
// CHECK: %[[M:.*]] = arith.cmpf ogt, %[[V]], %{{.*}} : vector<8xf32>
// CHECK-NEXT: %[[ZE:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[EW:.*]] = tpu.vector_load %[[A]][%[[ZE]]] masked %[[M]] {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, vector<8xi1>
// CHECK-NEXT: %[[E:.*]] = vector.shape_cast %[[EW]] : vector<8xf32> to vector<8xf32>
// CHECK-NEXT: %[[ZC:.*]] = arith.constant 0 : index
// CHECK-NEXT: %{{.*}} = tpu.vector_load %[[A]][%[[ZC]]] masked %[[M]] {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, vector<8xi1>
// CHECK-NEXT: %{{.*}} = vector.shape_cast
// CHECK-NEXT: %[[CV:.*]] = vector.shape_cast %[[E]] : vector<8xf32> to vector<8xf32>
// CHECK-NEXT: tpu.vector_store %[[A]][%[[ZC]]], %[[CV]] masked %[[M]] {strides = array<i32>} : memref<8xf32, #tpu.memory_space<vmem>>, vector<8xf32>, vector<8xi1>
// CHECK: return
pallas.kernel @sc_forms grid(1, 16) names("core", "subcore")
    scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>,
            %t: memref<4x8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %v = pallas.load %a[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  %c3 = arith.constant 3 : index
  pallas.store %v, %t[%c3, 0:8] {add} : vector<8xf32>, memref<4x8xf32, #pallas.memory_space<vmem>>
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %m = arith.cmpf ogt, %v, %zero : vector<8xf32>
  %e = pallas.load %a[] mask(%m : vector<8xi1>) {expand} : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  pallas.store %e, %a[] mask(%m : vector<8xi1>) {compress} : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
}

// -----

// SMEM scalars: memref.load; a store reads the old scalar, then
// memref.store. On the vector subcore and on the scalar subcore alike.

// CHECK-LABEL: module @smem
// CHECK: func.func @smem(%{{.*}}: i32, %{{.*}}: i32, %[[SM:.*]]: memref<4xi32, #tpu.memory_space<smem>>)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[X:.*]] = memref.load %[[SM]][%[[C1]]] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK-NOT: tpu.vector_load
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %{{.*}} = memref.load %[[SM]][%[[C0]]] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK-NEXT: memref.store %[[X]], %[[SM]][%[[C0]]] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK-NOT: tpu.vector_store
// CHECK: return
pallas.kernel @smem grid(1, 16) names("core", "subcore")
    scratch(%sm: memref<4xi32, #pallas.memory_space<smem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %c1 = arith.constant 1 : index
  %x = pallas.load %sm[%c1] : memref<4xi32, #pallas.memory_space<smem>> -> i32
  %c0 = arith.constant 0 : index
  pallas.store %x, %sm[%c0] : i32, memref<4xi32, #pallas.memory_space<smem>>
}

// -----

// CHECK-LABEL: module @smem_scalar_subcore
// CHECK: func.func @smem_scalar_subcore(%{{.*}}: i32, %[[SM:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32)  : i32 {
// CHECK-NEXT: %[[II:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT: %[[L:.*]] = memref.load %[[SM]][%[[II]]] : memref<8xi32, #tpu.memory_space<smem>>
// CHECK-NEXT: %[[N:.*]] = arith.addi %[[ACC]], %[[L]] : i32
// CHECK-NEXT: %{{.*}} = memref.load %[[SM]][%[[II]]] : memref<8xi32, #tpu.memory_space<smem>>
// CHECK-NEXT: memref.store %[[N]], %[[SM]][%[[II]]] : memref<8xi32, #tpu.memory_space<smem>>
// CHECK-NEXT: scf.yield %[[N]] : i32
pallas.kernel @smem_scalar_subcore grid(1) names("core")
    scratch(%sm: memref<8xi32, #pallas.memory_space<smem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %total = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %ii = arith.index_cast %i : i32 to index
    %l = pallas.load %sm[%ii] : memref<8xi32, #pallas.memory_space<smem>> -> i32
    %n = arith.addi %acc, %l : i32
    pallas.store %n, %sm[%ii] : i32, memref<8xi32, #pallas.memory_space<smem>>
    scf.yield %n : i32
  }
}

// -----

// memref.subview slices the ref with tpu.memref_slice at i32 starts;
// accesses then read the slice.

// CHECK-LABEL: module @subview
// CHECK: func.func @subview(%{{.*}}: i32, %{{.*}}: i32, %[[T:.*]]: memref<4x8xf32, #tpu.memory_space<vmem>>)
// CHECK: %[[S0:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[S1:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[SL:.*]] = tpu.memref_slice %[[T]][%[[S0]], %[[S1]]] : memref<4x8xf32, #tpu.memory_space<vmem>> -> memref<2x8xf32, #tpu.memory_space<vmem>>
// CHECK: %[[W:.*]] = tpu.vector_load %[[SL]][%{{.*}}, %{{.*}}] {strides = array<i32>} : memref<2x8xf32, #tpu.memory_space<vmem>>, vector<2x8xf32>,
// CHECK-NEXT: %{{.*}} = vector.shape_cast %[[W]] : vector<2x8xf32> to vector<2x8xf32>
// A dynamic start is the i32 it came from.
// CHECK: %[[P:.*]] = arith.index_cast %[[SUB:.*]] : i32 to index
// CHECK: %[[DS:.*]] = tpu.memref_slice %[[T]][%[[SUB]], %{{.*}}] : memref<4x8xf32, #tpu.memory_space<vmem>> -> memref<1x8xf32, #tpu.memory_space<vmem>>
// CHECK: tpu.vector_load %[[DS]][%{{.*}}, %{{.*}}] {strides = array<i32>} : memref<1x8xf32, #tpu.memory_space<vmem>>, vector<1x8xf32>,
// CHECK: return
pallas.kernel @subview grid(1, 16) names("core", "subcore")
    scratch(%t: memref<4x8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %sub = memref.subview %t[1, 0] [2, 8] [1, 1] : memref<4x8xf32, #pallas.memory_space<vmem>> to memref<2x8xf32, strided<[8, 1], offset: 8>, #pallas.memory_space<vmem>>
  %w = pallas.load %sub[] : memref<2x8xf32, strided<[8, 1], offset: 8>, #pallas.memory_space<vmem>> -> vector<2x8xf32>
  %s = pallas.axis_index "subcore"
  %p = arith.index_cast %s : i32 to index
  %dyn = memref.subview %t[%p, 0] [1, 8] [1, 1] : memref<4x8xf32, #pallas.memory_space<vmem>> to memref<1x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<vmem>>
  %d = pallas.load %dyn[] : memref<1x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<vmem>> -> vector<1x8xf32>
}

// -----

// Scalar-subcore scratch without a memory space is SMEM in the body too:
// scalar accesses become memref.load / memref.store on the SMEM argument.

// CHECK-LABEL: module @scalar_default_smem
// CHECK: func.func @scalar_default_smem(%{{.*}}: i32, %[[S:.*]]: memref<4xi32, #tpu.memory_space<smem>>)
// CHECK: %[[V:.*]] = memref.load %[[S]][%{{.*}}] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK: memref.store %{{.*}}, %[[S]][%{{.*}}] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK-NOT: unrealized_conversion_cast
pallas.kernel @scalar_default_smem grid(1) names("core")
    scratch(%s: memref<4xi32>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  %c0 = arith.constant 0 : index
  %v = pallas.load %s[%c0] : memref<4xi32> -> i32
  pallas.store %v, %s[%c0] : i32, memref<4xi32>
  pallas.return
}
