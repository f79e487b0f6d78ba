// RUN: %mlir_opt %s | %mlir_opt | FileCheck %s
// RUN: %mlir_opt %s --mlir-print-op-generic | %mlir_opt | FileCheck %s

// The GPU surface of the pallas dialect, valid, round-tripped through the
// custom and the generic form: mosaic_gpu params (mesh, cluster, pipeline,
// math), gpu_transforms of blocks, scratch and scoped allocations, barrier
// types, TMA copies, commit groups, WGMMA, layouts, register budgets.

// CHECK-LABEL: pallas.kernel @mesh grid(2) names("g")
// CHECK: ins(%{{.*}}: memref<256x128xf16> block [256, 128] map #{{.*}} in gmem)
// CHECK: scratch(%{{.*}}: memref<2x64x128xf16, #pallas.memory_space<shared>>, %{{.*}}: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>, %{{.*}}: memref<!pallas.barrier<orders_tensor_core = true>, #pallas.memory_space<shared>>, %{{.*}}: memref<!pallas.barrier<arrivals = 3, collective_axes = ["c"]>, #pallas.memory_space<shared>>, %{{.*}}: memref<128x128xf32, #pallas.memory_space<regs>>)
// CHECK: attributes {compiler_params = {mosaic_gpu = {approx_math = true, cluster = array<i64: 2>, cluster_names = ["c"], delay_release = 1 : i64, lowering_semantics = "warpgroup", max_concurrent_steps = 3 : i64, num_threads = 3 : i64, profile_dir = "/tmp/p", profile_space = 16 : i64, reduction_scratch_bytes = 4096 : i64, thread_name = "wg", unsafe_no_auto_barriers = true}}, gpu_transforms = {"scratch[0]" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>}}
// CHECK: pallas.axis_index "wg"
// CHECK: pallas.axis_index "c"
// CHECK: pallas.axis_index "g"
// CHECK: pallas.set_max_registers 40 decrease
// CHECK: pallas.set_max_registers 232 increase
// CHECK: pallas.copy_gmem_to_smem %{{.*}} -> %{{.*}}, %{{.*}}[%{{.*}}] {collective_axes = ["c"], partitioned_axis = 0 : i64}
// CHECK: pallas.barrier_wait %{{.*}}[%{{.*}}] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
// CHECK: pallas.barrier_arrive %{{.*}}[] : memref<!pallas.barrier<arrivals = 3, collective_axes = ["c"]>, #pallas.memory_space<shared>>
// CHECK: pallas.wgmma %{{.*}}, %{{.*}}, %{{.*}} : memref<128x128xf32, #pallas.memory_space<regs>>, memref<128x64xf16, strided<[128, 1]>, #pallas.memory_space<shared>>, memref<64x128xf16, #pallas.memory_space<shared>>
// CHECK: pallas.wgmma_wait 0
// CHECK: pallas.load %{{.*}}[] : memref<128x128xf32, #pallas.memory_space<regs>> -> vector<128x128xf32>
// CHECK: pallas.layout_cast %{{.*}} wgmma : vector<128x128xf32>
// CHECK: pallas.layout_cast %{{.*}} wg_strided {vec_size = 4 : i64} : vector<128x128xf32>
// CHECK: pallas.layout_cast %{{.*}} wgmma_row : vector<128xf32>
// CHECK: pallas.commit_smem
// CHECK: pallas.copy_smem_to_gmem %{{.*}} -> %{{.*}} if(%{{.*}}) reduce add {commit_group = false}
// CHECK: pallas.copy_smem_to_gmem %{{.*}} -> %{{.*}} : memref<64x128xf16, strided<[128, 1], offset: 8192>, #pallas.memory_space<shared>>
// CHECK: pallas.commit_smem_to_gmem_group
// CHECK: pallas.wait_smem_to_gmem 1 read_only
// CHECK: pallas.wait_smem_to_gmem 0
pallas.kernel @mesh grid(2) names("g")
    ins(%x: memref<256x128xf16> block [256, 128] map affine_map<(g) -> (0, 0)> in gmem)
    outs(%o: memref<256x128xf16> block [256, 128] map affine_map<(g) -> (0, 0)> in gmem)
    scratch(%s: memref<2x64x128xf16, #pallas.memory_space<shared>>,
            %bars: memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>,
            %tc: memref<!pallas.barrier<orders_tensor_core = true>, #pallas.memory_space<shared>>,
            %cb: memref<!pallas.barrier<arrivals = 3, collective_axes = ["c"]>, #pallas.memory_space<shared>>,
            %acc: memref<128x128xf32, #pallas.memory_space<regs>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", max_concurrent_steps = 3, delay_release = 1,
                                                 approx_math = true, unsafe_no_auto_barriers = true, reduction_scratch_bytes = 4096,
                                                 profile_space = 16, profile_dir = "/tmp/p",
                                                 cluster = array<i64: 2>, cluster_names = ["c"], num_threads = 3, thread_name = "wg"}},
                gpu_transforms = {"scratch[0]" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %wg = pallas.axis_index "wg"
  %c = pallas.axis_index "c"
  %g = pallas.axis_index "g"
  pallas.set_max_registers 40 decrease
  pallas.set_max_registers 232 increase
  %x0 = memref.subview %x[0, 0] [64, 128] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<64x128xf16, strided<[128, 1]>, #pallas.memory_space<gmem>>
  %s0 = memref.subview %s[0, 0, 0] [1, 64, 128] [1, 1, 1] : memref<2x64x128xf16, #pallas.memory_space<shared>> to memref<64x128xf16, strided<[128, 1]>, #pallas.memory_space<shared>>
  pallas.copy_gmem_to_smem %x0 -> %s0, %bars[%c0] {collective_axes = ["c"], partitioned_axis = 0} : memref<64x128xf16, strided<[128, 1]>, #pallas.memory_space<gmem>> -> memref<64x128xf16, strided<[128, 1]>, #pallas.memory_space<shared>>, memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
  pallas.barrier_wait %bars[%c0] : memref<2x!pallas.barrier<arrivals = 2>, #pallas.memory_space<shared>>
  pallas.barrier_arrive %cb[] : memref<!pallas.barrier<arrivals = 3, collective_axes = ["c"]>, #pallas.memory_space<shared>>
  pallas.run_scoped {
  ^bb0(%a: memref<128x64xf16, #pallas.memory_space<shared>>, %b: memref<64x128xf16, #pallas.memory_space<shared>>):
    %as = memref.subview %a[0, 0] [128, 64] [1, 1] : memref<128x64xf16, #pallas.memory_space<shared>> to memref<128x64xf16, strided<[64, 1]>, #pallas.memory_space<shared>>
    pallas.yield
  } {gpu_transforms = {"0" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>, "1" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128, transpose = [1, 0]>}}
  %a2 = memref.alloc() : memref<128x64xf16, strided<[128, 1]>, #pallas.memory_space<shared>>
  %b2 = memref.alloc() : memref<64x128xf16, #pallas.memory_space<shared>>
  pallas.wgmma %acc, %a2, %b2 : memref<128x128xf32, #pallas.memory_space<regs>>, memref<128x64xf16, strided<[128, 1]>, #pallas.memory_space<shared>>, memref<64x128xf16, #pallas.memory_space<shared>>
  pallas.wgmma_wait 0
  %r = pallas.load %acc[] : memref<128x128xf32, #pallas.memory_space<regs>> -> vector<128x128xf32>
  %w = pallas.layout_cast %r wgmma : vector<128x128xf32>
  %st = pallas.layout_cast %r wg_strided {vec_size = 4} : vector<128x128xf32>
  %zero = arith.constant dense<0.0> : vector<128xf32>
  %row = vector.multi_reduction <add>, %w, %zero [1] : vector<128x128xf32> to vector<128xf32>
  %rl = pallas.layout_cast %row wgmma_row : vector<128xf32>
  pallas.commit_smem
  %p = arith.constant true
  %o0 = memref.subview %o[0, 0] [64, 128] [1, 1] : memref<256x128xf16, #pallas.memory_space<gmem>> to memref<64x128xf16, strided<[128, 1]>, #pallas.memory_space<gmem>>
  pallas.copy_smem_to_gmem %s0 -> %o0 if(%p) reduce add {commit_group = false} : memref<64x128xf16, strided<[128, 1]>, #pallas.memory_space<shared>> -> memref<64x128xf16, strided<[128, 1]>, #pallas.memory_space<gmem>>
  %s1 = memref.subview %s[1, 0, 0] [1, 64, 128] [1, 1, 1] : memref<2x64x128xf16, #pallas.memory_space<shared>> to memref<64x128xf16, strided<[128, 1], offset: 8192>, #pallas.memory_space<shared>>
  pallas.copy_smem_to_gmem %s1 -> %o0 : memref<64x128xf16, strided<[128, 1], offset: 8192>, #pallas.memory_space<shared>> -> memref<64x128xf16, strided<[128, 1]>, #pallas.memory_space<gmem>>
  pallas.commit_smem_to_gmem_group
  pallas.wait_smem_to_gmem 1 read_only
  pallas.wait_smem_to_gmem 0
}

// A pallas_call-style GPU kernel: a sequential K axis, blocks in shared
// memory with transforms, a WGMMA accumulator scratch, an int8 WGMMA.
// CHECK-LABEL: pallas.kernel @pipelined grid(2, 4) semantics(parallel, arbitrary)
// CHECK: gpu_transforms = {"inputs[0]" = #pallas.gpu_transforms<tiling = [8, 128], swizzle = 128>, "inputs[1]" = #pallas.gpu_transforms<tiling = [8, 128], swizzle = 128>}
// CHECK: pallas.wgmma %{{.*}}, %{{.*}}, %{{.*}} : memref<64x128xi32, #pallas.memory_space<regs>>, vector<64x128xi8>, memref<128x128xi8, #pallas.memory_space<shared>>
pallas.kernel @pipelined grid(2, 4) semantics(parallel, arbitrary)
    ins(%a: memref<128x512xi8> block [64, 128] map affine_map<(i, k) -> (i, k)> in shared,
        %b: memref<512x128xi8> block [128, 128] map affine_map<(i, k) -> (k, 0)> in shared)
    outs(%o: memref<128x128xi32> block [64, 128] map affine_map<(i, k) -> (i, 0)> in shared)
    scratch(%acc: memref<64x128xi32, #pallas.memory_space<regs>>)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", max_concurrent_steps = 2}},
                gpu_transforms = {"inputs[0]" = #pallas.gpu_transforms<tiling = [8, 128], swizzle = 128>,
                                  "inputs[1]" = #pallas.gpu_transforms<tiling = [8, 128], swizzle = 128>}} {
  %av = pallas.load %a[] : memref<64x128xi8, #pallas.memory_space<shared>> -> vector<64x128xi8>
  %al = pallas.layout_cast %av wgmma_8bit : vector<64x128xi8>
  pallas.wgmma %acc, %al, %b : memref<64x128xi32, #pallas.memory_space<regs>>, vector<64x128xi8>, memref<128x128xi8, #pallas.memory_space<shared>>
  pallas.wgmma_wait 1
}
