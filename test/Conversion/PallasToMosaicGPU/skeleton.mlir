// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu | FileCheck %s

// The module skeleton of a (3, 2) grid of 16x128 f16 blocks. By hand: each
// block is 16 * 128 * 2 = 4096 bytes (already a multiple of 1024), the
// input buffer at 0, the output buffer at 4096, the scratch 8192 bytes;
// one barrier (8 bytes) at 8192 for the one input, 8200 bytes in all. The
// CUDA grid is the Pallas grid reversed: x = 2 (axis 1), y = 3 (axis 0).

// CHECK-LABEL: module @k attributes {mosaic_gpu.arch_major = 9 : i32, mosaic_gpu.arch_minor = 0 : i32}
// CHECK: func.func private @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
// CHECK: llvm.mlir.global external @global_scratch() {addr_space = 4 : i32} : !llvm.array<0 x i8>
// CHECK: func.func @k_mosaic_gpu(%[[TOK:.*]]: !llvm.ptr, %[[BUFS:.*]]: !llvm.ptr) attributes {llvm.emit_c_interface}
// CHECK: %[[T:.*]] = builtin.unrealized_conversion_cast %[[TOK]] : !llvm.ptr to !gpu.async.token
// Operand 0 is buffers[0]: a 48x256 row-major array (strides 256, 1).
// CHECK: %[[P0:.*]] = llvm.load %[[BUFS]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.insertvalue %[[P0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[P0]], %{{.*}}[1]
// CHECK: llvm.mlir.constant(48 : i64)
// CHECK: insertvalue %{{.*}}[3, 0]
// CHECK: llvm.mlir.constant(256 : i64)
// CHECK: insertvalue %{{.*}}[3, 1]
// CHECK: llvm.mlir.constant(256 : i64)
// CHECK: insertvalue %{{.*}}[4, 0]
// CHECK: llvm.mlir.constant(1 : i64)
// CHECK: insertvalue %{{.*}}[4, 1]
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<48x256xf16> {mosaic_gpu.from_kernel_arg_idx = 0 : i32, mosaic_gpu.original_kernel_arg}
// CHECK: %[[G1:.*]] = llvm.getelementptr %[[BUFS]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: llvm.load %[[G1]]
// CHECK: %[[O:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<48x256xf16> {mosaic_gpu.from_kernel_arg_idx = 1 : i32, mosaic_gpu.original_kernel_arg}
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[SMEM:.*]] = arith.constant 8200 : i32
// CHECK: gpu.launch async [%[[T]]] blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C2]], %{{.*}} = %[[C3]], %{{.*}} = %{{.*}}) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C128]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) dynamic_shared_memory_size %[[SMEM]]
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 8192 : i32}> : () -> memref<1x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
// CHECK: %[[BAR:.*]] = llvm.inttoptr
// CHECK: "mosaic_gpu.initialize_barrier"(%[[BAR]]) <{arrival_count = 1 : i64, num_barriers = 1 : i32, orders_tensor_core = false}>
// CHECK: %[[PH:.*]] = memref.alloca() : memref<i32>
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NEXT: gpu.barrier
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: %[[I:.*]] = arith.index_cast %[[BY]] : index to i32
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[J:.*]] = arith.index_cast %[[BX]] : index to i32
// CHECK: %[[B:.*]] = builtin.unrealized_conversion_cast %[[BAR]] : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
// CHECK: %[[XB:.*]] = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<1x16x128xf16, #gpu.address_space<workgroup>>
// CHECK: %[[OB:.*]] = "mosaic_gpu.slice_smem"() <{offset = 4096 : i32}> : () -> memref<1x16x128xf16, #gpu.address_space<workgroup>>
// The block (i, j) starts at element (16 i, 128 j).
// CHECK: %[[R:.*]] = arith.muli %[[I]], %{{.*}} : i32
// CHECK: %[[C:.*]] = arith.muli %[[J]], %{{.*}} : i32
// CHECK: %[[XS:.*]] = memref.subview %[[XB]][0, 0, 0] [1, 16, 128] [1, 1, 1]
// CHECK: %[[XV:.*]] = memref.cast %[[XS]] : {{.*}} to memref<16x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: mosaic_gpu.arrive_expect_tx barrier(%[[B]] : {{.*}}) 4096
// CHECK: "mosaic_gpu.async_load"(%[[X]], %[[XV]], %[[B]], %[[R]], %[[C]]) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 16, 128>}>
// CHECK: memref.load %[[PH]][]
// CHECK: nvvm.mbarrier.try_wait.parity %[[BAR]]
// CHECK: %[[OS:.*]] = memref.subview %[[OB]][0, 0, 0] [1, 16, 128] [1, 1, 1]
// CHECK: %[[OV:.*]] = memref.cast %[[OS]]
// CHECK: %[[V:.*]] = "mosaic_gpu.vector_load"(%[[XV]]) <{optimized = true}> : ({{.*}}) -> vector<16x128xf16>
// CHECK: %[[W:.*]] = arith.negf %[[V]]
// CHECK: "mosaic_gpu.vector_store"(%[[W]], %[[OV]]) <{multimem = false}>
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r"
// CHECK: "mosaic_gpu.async_store"(%[[OV]], %[[O]], %[[R]], %[[C]]) <{commit_group = false, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 16, 128>}>
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0
// CHECK: llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r"
// CHECK-NEXT: gpu.terminator
// CHECK: return
pallas.kernel @k grid(3, 2)
    ins(%x: memref<48x256xf16> block [16, 128] map affine_map<(i, j) -> (i, j)> in shared)
    outs(%o: memref<48x256xf16> block [16, 128] map affine_map<(i, j) -> (i, j)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %v = pallas.load %x[] : memref<16x128xf16, #pallas.memory_space<shared>> -> vector<16x128xf16>
  %w = arith.negf %v : vector<16x128xf16>
  pallas.store %w, %o[] : vector<16x128xf16>, memref<16x128xf16, #pallas.memory_space<shared>>
}

// A kernel that is not a GPU kernel is left alone.
// CHECK-LABEL: pallas.kernel @tpu_kernel
pallas.kernel @tpu_kernel grid(1)
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  pallas.return
}
