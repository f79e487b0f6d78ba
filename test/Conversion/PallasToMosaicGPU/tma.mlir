// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu | FileCheck %s

// Explicit TMA copies between GMEM operands and shared scratch. By hand:
// the scratch operand s (2 * 64 * 128 f16 = 32768 bytes) is at 0; the
// run_scoped buffer t (32 * 128 f32 = 16384 bytes) above it at 32768; the
// peak is 49152 bytes (a multiple of 1024), then the one barrier (2
// arrivals): 49160 bytes. GMEM subviews are no ops: their offsets become the
// copies' start indices (row 64 of x, row 32 of y, row 64 of o).

// CHECK-LABEL: module @k
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<128x128xf16> {mosaic_gpu.from_kernel_arg_idx = 0 : i32
// CHECK: %[[Y:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<64x128xf32> {mosaic_gpu.from_kernel_arg_idx = 1 : i32
// CHECK: %[[O:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<128x128xf16> {mosaic_gpu.from_kernel_arg_idx = 2 : i32
// CHECK: %[[SMEM:.*]] = arith.constant 49160 : i32
// CHECK: gpu.launch {{.*}} dynamic_shared_memory_size %[[SMEM]]
// CHECK: "mosaic_gpu.slice_smem"() <{offset = 49152 : i32}> : () -> memref<1x!mosaic_gpu.barrier
// CHECK: %[[PTR:.*]] = llvm.inttoptr
// CHECK: "mosaic_gpu.initialize_barrier"(%[[PTR]]) <{arrival_count = 2 : i64, num_barriers = 1 : i32, orders_tensor_core = false}>
// CHECK: %[[PH:.*]] = memref.alloca() : memref<i32>
// CHECK: %[[BAR:.*]] = builtin.unrealized_conversion_cast %[[PTR]] : !llvm.ptr<3> to memref<!mosaic_gpu.barrier, #gpu.address_space<workgroup>>
// CHECK: %[[S:.*]] = "mosaic_gpu.slice_smem"() <{offset = 0 : i32}> : () -> memref<2x64x128xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.subview %[[X]]
// CHECK: %[[S1V:.*]] = memref.subview %[[S]][1, 0, 0] [1, 64, 128] [1, 1, 1] : memref<2x64x128xf16, #gpu.address_space<workgroup>> to memref<64x128xf16, strided<[128, 1], offset: 8192>, #gpu.address_space<workgroup>>
// CHECK: %[[S1:.*]] = memref.cast %[[S1V]] : {{.*}} to memref<64x128xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %[[R64:.*]] = arith.constant 64 : i32
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// 64 * 128 * 2 bytes.
// CHECK: mosaic_gpu.arrive_expect_tx barrier(%[[BAR]] : {{.*}}) 16384
// CHECK: "mosaic_gpu.async_load"(%[[X]], %[[S1]], %[[BAR]], %[[R64]], %[[C0]]) <{collective = [], oob_fill_mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 2, 0>, slice_lengths = array<i64: 64, 128>}>
// CHECK: %[[T:.*]] = "mosaic_gpu.slice_smem"() <{offset = 32768 : i32}> : () -> memref<32x128xf32, #gpu.address_space<workgroup>>
// CHECK: %[[R32:.*]] = arith.constant 32 : i32
// CHECK: %[[C0B:.*]] = arith.constant 0 : i32
// 32 * 128 * 4 bytes.
// CHECK: mosaic_gpu.arrive_expect_tx barrier(%[[BAR]] : {{.*}}) 16384
// CHECK: "mosaic_gpu.async_load"(%[[Y]], %[[T]], %[[BAR]], %[[R32]], %[[C0B]]) <{{{.*}}slice_lengths = array<i64: 32, 128>}>
// CHECK: memref.load %[[PH]][]
// CHECK: nvvm.mbarrier.try_wait.parity %[[PTR]]
// CHECK: %[[V:.*]] = "mosaic_gpu.vector_load"(%[[T]]) <{optimized = true}> : (memref<32x128xf32, #gpu.address_space<workgroup>>) -> vector<32x128xf32>
// CHECK: "mosaic_gpu.vector_store"(%{{.*}}, %[[T]]) <{multimem = false}>
// commit_smem: the async-proxy fence and the warpgroup barrier.
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: arith.constant 7 : i32
// CHECK-NEXT: arith.shrui
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: arith.addi
// CHECK-NEXT: llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r"
// CHECK: %[[O64:.*]] = arith.constant 64 : i32
// CHECK: %[[O0:.*]] = arith.constant 0 : i32
// CHECK: "mosaic_gpu.async_store"(%[[S1]], %[[O]], %[[O64]], %[[O0]]) <{commit_group = false, is_global_broadcast = false, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, slice_lengths = array<i64: 64, 128>}>
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: llvm.inline_asm has_side_effects "bar.sync $0, 128;", "r"
// CHECK-NEXT: gpu.terminator
pallas.kernel @k
    ins(%x: memref<128x128xf16> block [128, 128] map affine_map<() -> (0, 0)> in gmem,
        %y: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in gmem)
    outs(%o: memref<128x128xf16> block [128, 128] map affine_map<() -> (0, 0)> in gmem)
    scratch(%s: memref<2x64x128xf16, #pallas.memory_space<shared>>,
            %b: memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %x1 = memref.subview %x[64, 0] [64, 128] [1, 1] : memref<128x128xf16, #pallas.memory_space<gmem>> to memref<64x128xf16, strided<[128, 1], offset: 8192>, #pallas.memory_space<gmem>>
  %s1 = memref.subview %s[1, 0, 0] [1, 64, 128] [1, 1, 1] : memref<2x64x128xf16, #pallas.memory_space<shared>> to memref<64x128xf16, strided<[128, 1], offset: 8192>, #pallas.memory_space<shared>>
  pallas.copy_gmem_to_smem %x1 -> %s1, %b[] : memref<64x128xf16, strided<[128, 1], offset: 8192>, #pallas.memory_space<gmem>> -> memref<64x128xf16, strided<[128, 1], offset: 8192>, #pallas.memory_space<shared>>, memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
  pallas.run_scoped {
  ^bb0(%t: memref<32x128xf32, #pallas.memory_space<shared>>):
    %y1 = memref.subview %y[32, 0] [32, 128] [1, 1] : memref<64x128xf32, #pallas.memory_space<gmem>> to memref<32x128xf32, strided<[128, 1], offset: 4096>, #pallas.memory_space<gmem>>
    pallas.copy_gmem_to_smem %y1 -> %t, %b[] : memref<32x128xf32, strided<[128, 1], offset: 4096>, #pallas.memory_space<gmem>> -> memref<32x128xf32, #pallas.memory_space<shared>>, memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
    pallas.barrier_wait %b[] : memref<!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
    %v = pallas.load %t[] : memref<32x128xf32, #pallas.memory_space<shared>> -> vector<32x128xf32>
    %w = arith.addf %v, %v : vector<32x128xf32>
    pallas.store %w, %t[] : vector<32x128xf32>, memref<32x128xf32, #pallas.memory_space<shared>>
    pallas.yield
  }
  pallas.commit_smem
  %o1 = memref.subview %o[64, 0] [64, 128] [1, 1] : memref<128x128xf16, #pallas.memory_space<gmem>> to memref<64x128xf16, strided<[128, 1], offset: 8192>, #pallas.memory_space<gmem>>
  pallas.copy_smem_to_gmem %s1 -> %o1 {commit_group = false} : memref<64x128xf16, strided<[128, 1], offset: 8192>, #pallas.memory_space<shared>> -> memref<64x128xf16, strided<[128, 1], offset: 8192>, #pallas.memory_space<gmem>>
  pallas.commit_smem_to_gmem_group
  pallas.wait_smem_to_gmem 0 read_only
}
