// RUN: %pallas_opt %s --convert-pallas-to-sparsecore --split-input-file | FileCheck %s

// The SparseCore calling convention, as JAX's Pallas SparseCore lowering
// emits it: one module per kernel holding one function whose arguments are
// the mesh ids (i32), the whole operands (in HBM unless they say otherwise)
// and the scratch refs; core_parallel / subcore_parallel dimension
// semantics, the mesh as iteration_bounds, no scalar prefetch, one constant
// zero map per operand in window_params (inline, no window_bounds) and no
// transform functions.

// CHECK-DAG: #[[Z2:map[0-9]*]] = affine_map<(d0, d1) -> (0, 0)>
// CHECK-DAG: #[[Z1:map[0-9]*]] = affine_map<(d0, d1) -> (0)>
// CHECK-LABEL: module @vector_subcore {
// CHECK: func.func @vector_subcore(%[[CORE:.*]]: i32, %[[SUB:.*]]: i32, %{{.*}}: memref<64x8xf32, #tpu.memory_space<hbm>>, %{{.*}}: memref<16xi32, #tpu.memory_space<vmem_shared>>, %{{.*}}: memref<32xf32, #tpu.memory_space<hbm>>, %{{.*}}: memref<8xf32, #tpu.memory_space<vmem>>, %[[SM:.*]]: memref<4xi32, #tpu.memory_space<smem>>, %{{.*}}: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-SAME: attributes {dimension_semantics = [#tpu.dimension_semantics<core_parallel>, #tpu.dimension_semantics<subcore_parallel>]
// CHECK-SAME: iteration_bounds = array<i64: 2, 16>
// CHECK-SAME: scalar_prefetch = 0 : i64, scratch_operands = 3 : i64
// CHECK-SAME: tpu.core_type = #tpu.core_type<sc_vector_subcore>
// CHECK-SAME: window_params = [{transform_indices = #[[Z2]]}, {transform_indices = #[[Z1]]}, {transform_indices = #[[Z1]]}]}
// num_programs folds to the static mesh extents; program_id and axis_index
// are the function's mesh arguments.
// CHECK-DAG: %[[NC:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[NS:.*]] = arith.constant 16 : i32
// CHECK-NOT: tpu.iteration_bound
// CHECK: %[[A:.*]] = arith.addi %[[CORE]], %[[SUB]] : i32
// CHECK: %[[B:.*]] = arith.addi %[[CORE]], %[[SUB]] : i32
// CHECK: %[[N:.*]] = arith.addi %[[NC]], %[[NS]] : i32
// CHECK: %[[U:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK: %[[V:.*]] = arith.addi %[[U]], %[[N]] : i32
// CHECK: memref.store %[[V]], %[[SM]][%{{.*}}] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK: return
// CHECK-NOT: func.func @transform
// CHECK-NOT: pallas.
pallas.kernel @vector_subcore grid(2, 16) names("core", "subcore")
    ins(%x: memref<64x8xf32> block [64, 8] map affine_map<(c, s) -> (0, 0)>,
        %y: memref<16xi32> block [16] map affine_map<(c, s) -> (0)> in vmem_shared)
    outs(%o: memref<32xf32> block [32] map affine_map<(c, s) -> (0)> in hbm)
    scratch(%buf: memref<8xf32, #pallas.memory_space<vmem>>,
            %sm: memref<4xi32, #pallas.memory_space<smem>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %c = pallas.program_id 0
  %s = pallas.program_id 1
  %a = pallas.axis_index "core"
  %b = pallas.axis_index "subcore"
  %nc = pallas.num_programs 0
  %ns = pallas.num_programs 1
  %t = arith.addi %c, %s : i32
  %t2 = arith.addi %a, %b : i32
  %t3 = arith.addi %nc, %ns : i32
  %u = arith.addi %t, %t2 : i32
  %u2 = arith.addi %u, %t3 : i32
  %c0 = arith.constant 0 : index
  pallas.store %u2, %sm[%c0] : i32, memref<4xi32, #pallas.memory_space<smem>>
}

// -----

// The scalar subcore: one mesh axis (cores), core_parallel; scratch refs
// without a memory space live in SMEM (the scalar subcore has no VMEM),
// those with one keep it.

// CHECK: #[[Z:map[0-9]*]] = affine_map<(d0) -> (0)>
// CHECK-LABEL: module @scalar_subcore {
// CHECK: func.func @scalar_subcore(%[[CORE:.*]]: i32, %[[X:.*]]: memref<8xi32, #tpu.memory_space<hbm>>, %[[O:.*]]: memref<8xi32, #tpu.memory_space<vmem_shared>>, %{{.*}}: memref<8xi32, #tpu.memory_space<smem>>, %[[SM:.*]]: memref<4xi32, #tpu.memory_space<smem>>, %{{.*}}: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-SAME: attributes {dimension_semantics = [#tpu.dimension_semantics<core_parallel>]
// CHECK-SAME: iteration_bounds = array<i64: 2>
// CHECK-SAME: scalar_prefetch = 0 : i64, scratch_operands = 3 : i64
// CHECK-SAME: tpu.core_type = #tpu.core_type<sc_scalar_subcore>
// CHECK-SAME: window_params = [{transform_indices = #[[Z]]}, {transform_indices = #[[Z]]}]}
// CHECK: %[[N:.*]] = arith.constant 2 : i32
// CHECK: %[[T:.*]] = arith.addi %[[CORE]], %[[CORE]] : i32
// CHECK: %[[U:.*]] = arith.addi %[[T]], %[[N]] : i32
// CHECK: %[[I:.*]] = arith.constant 0 : index
// CHECK: %{{.*}} = memref.load %[[SM]][%[[I]]] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK-NEXT: memref.store %[[U]], %[[SM]][%[[I]]] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK: return
// CHECK-NOT: func.func @transform
pallas.kernel @scalar_subcore grid(2) names("core")
    ins(%x: memref<8xi32> block [8] map affine_map<(c) -> (0)> in hbm)
    outs(%o: memref<8xi32> block [8] map affine_map<(c) -> (0)> in vmem_shared)
    scratch(%buf: memref<8xi32>,
            %sm: memref<4xi32, #pallas.memory_space<smem>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  %c = pallas.program_id 0
  %a = pallas.axis_index "core"
  %n = pallas.num_programs 0
  %t = arith.addi %c, %a : i32
  %u = arith.addi %t, %n : i32
  %c0 = arith.constant 0 : index
  pallas.store %u, %sm[%c0] : i32, memref<4xi32, #pallas.memory_space<smem>>
}

// -----

// Dimension semantics may be spelled out when they are the mesh's; a 3-D
// operand gets a 3-result zero map; a kernel without scratch has
// scratch_operands = 0.

// CHECK-DAG: #[[Z3:map[0-9]*]] = affine_map<(d0, d1) -> (0, 0, 0)>
// CHECK-LABEL: module @explicit_semantics {
// CHECK: func.func @explicit_semantics(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: memref<2x8x16xf32, #tpu.memory_space<hbm>>)
// CHECK-SAME: dimension_semantics = [#tpu.dimension_semantics<core_parallel>, #tpu.dimension_semantics<subcore_parallel>]
// CHECK-SAME: iteration_bounds = array<i64: 1, 16>
// CHECK-SAME: scratch_operands = 0 : i64
// CHECK-SAME: window_params = [{transform_indices = #[[Z3]]}]
// CHECK-NEXT: return
pallas.kernel @explicit_semantics grid(1, 16) names("core", "subcore") semantics(core_parallel, subcore_parallel)
    outs(%o: memref<2x8x16xf32> block [2, 8, 16] map affine_map<(c, s) -> (0, 0, 0)> in hbm)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// Two SparseCore kernels in one module: one module each, in order.

// CHECK-LABEL: module @first {
// CHECK: func.func @first(%{{.*}}: i32, %{{.*}}: i32
// CHECK-SAME: tpu.core_type = #tpu.core_type<sc_vector_subcore>
// CHECK-LABEL: module @second {
// CHECK: func.func @second(%{{.*}}: i32, %{{.*}}: memref<8xi32, #tpu.memory_space<hbm>>)
// CHECK-SAME: tpu.core_type = #tpu.core_type<sc_scalar_subcore>
pallas.kernel @first grid(1, 16) names("core", "subcore")
    ins(%x: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}
pallas.kernel @second grid(1) names("core")
    ins(%x: memref<8xi32> block [8] map affine_map<(c) -> (0)> in hbm)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  pallas.return
}
