// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu -split-input-file | FileCheck %s

// WGMMA into a scoped register accumulator, the form JAX's warpgroup
// lowering emits (test/Reference/GPU/gpu_wgmma_scoped.mlir, the same
// kernel): the scope starts from a zero tile behind an optimization barrier
// and a WGMMA fence and takes no shared memory (the SMEM tile of the scope is
// at 40960, after the three 1024-aligned blocks 16384 + 8192 + 16384); the
// loop carries the accumulator; each WGMMA is followed by the commit of its
// group; the conditional WGMMA's pl.when is an scf.index_switch whose case 0
// (the false branch) yields the old value and whose default yields the new
// one; reading the accumulator waits for every group. The A operand's slices
// are taken from the block's static view (ahead of its cast to a dynamic
// offset), the static one then cast to a dynamic offset, as JAX's
// canonicalized module has them. Each access to the
// transformed tile goes through with_transforms, the transposed read
// transposes that; the tile is sliced at its first access (the store), whose
// slice dominates the later ones.

// CHECK-LABEL: module @probe
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<64x64xf32>
// CHECK-NEXT: %[[INIT:.*]] = "mosaic_gpu.optimization_barrier"(%[[ZERO]]) : (vector<64x64xf32>) -> vector<64x64xf32>
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK-NEXT: %[[BV:.*]] = "mosaic_gpu.vector_load"
// CHECK-NEXT: %[[T:.*]] = "mosaic_gpu.slice_smem"() <{offset = 40960 : i32}> : () -> memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[TW:.*]] = "mosaic_gpu.with_transforms"(%[[T]]) <{transforms = [#mosaic_gpu.tile<[8, 64]>, #mosaic_gpu.swizzle<128 : i32>]}>
// CHECK-NEXT: "mosaic_gpu.vector_store"(%[[BV]], %[[TW]])
// CHECK: %[[LOOP:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<64x64xf32>) {
// CHECK:   %[[AS:.*]] = memref.subview %[[AB:.*]][0, %{{.*}}] [64, 64] [1, 1] : memref<64x128xf16, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[TW1:.*]] = "mosaic_gpu.with_transforms"(%[[T]])
// CHECK-NEXT: %[[NEW:.*]] = mosaic_gpu.wgmma accumulator(%[[ACC]] : vector<64x64xf32>) a(%[[AS]] : {{.*}}) b(%[[TW1]] : memref<64x64xf16, #gpu.address_space<workgroup>>) -> vector<64x64xf32>
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NEXT: scf.yield %[[NEW]] : vector<64x64xf32>
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[FIRST32:.*]] = arith.extui %[[FIRST]] : i1 to i32
// CHECK-NEXT: %[[FIRSTI:.*]] = arith.index_cast %[[FIRST32]] : i32 to index
// CHECK-NEXT: %[[IF:.*]] = scf.index_switch %[[FIRSTI]] -> vector<64x64xf32>
// CHECK-NEXT: case 0 {
// CHECK-NEXT:   scf.yield %[[LOOP]] : vector<64x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT:   %[[A0:.*]] = memref.subview %[[AB]][0, 0] [64, 64] [1, 1] : memref<64x128xf16, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
// CHECK-NEXT:   %[[A0V:.*]] = memref.cast %[[A0]] : memref<64x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT:   %[[TW2:.*]] = "mosaic_gpu.with_transforms"(%[[T]])
// CHECK-NEXT: %[[TT:.*]] = memref.transpose %[[TW2]] (d0, d1) -> (d1, d0) : memref<64x64xf16, #gpu.address_space<workgroup>> to memref<64x64xf16, strided<[1, 64]>, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[LAST:.*]] = mosaic_gpu.wgmma accumulator(%[[LOOP]] : vector<64x64xf32>) a(%[[A0V]] : {{.*}}) b(%[[TT]] : {{.*}}) -> vector<64x64xf32>
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: scf.yield %[[LAST]] : vector<64x64xf32>
// CHECK-NEXT: }
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: "mosaic_gpu.vector_store"(%[[IF]], %{{.*}}) <{multimem = false}>
pallas.kernel @probe grid(1)
    ins(%a: memref<64x128xf16> block [64, 128] map affine_map<(i) -> (0, 0)> in shared,
        %b: memref<64x64xf16> block [64, 64] map affine_map<(i) -> (0, 0)> in shared)
    outs(%o: memref<64x64xf32> block [64, 64] map affine_map<(i) -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %i0 = arith.constant 0 : i32
  %acc_value = pallas.run_scoped -> vector<64x64xf32> {
  ^bb0(%acc: memref<64x64xf32, #pallas.memory_space<regs>>,
       %t: memref<64x64xf16, #pallas.memory_space<shared>>):
    %bv = pallas.load %b[] : memref<64x64xf16, #pallas.memory_space<shared>> -> vector<64x64xf16>
    pallas.store %bv, %t[] : vector<64x64xf16>, memref<64x64xf16, #pallas.memory_space<shared>>
    pallas.commit_smem
    scf.for %k = %c0 to %c2 step %c1 {
      %k0 = arith.muli %k, %c64 : index
      %as = memref.subview %a[0, %k0] [64, 64] [1, 1] : memref<64x128xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<shared>>
      pallas.wgmma %acc, %as, %t : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, strided<[128, 1], offset: ?>, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
      pallas.wgmma_wait 1
    }
    %pid = pallas.program_id 0
    %first = arith.cmpi eq, %pid, %i0 : i32
    scf.if %first {
      %a0 = memref.subview %a[0, 0] [64, 64] [1, 1] : memref<64x128xf16, #pallas.memory_space<shared>> to memref<64x64xf16, strided<[128, 1]>, #pallas.memory_space<shared>>
      pallas.wgmma %acc, %a0, %t {transpose_rhs} : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, strided<[128, 1]>, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
    }
    %r = pallas.load %acc[] : memref<64x64xf32, #pallas.memory_space<regs>> -> vector<64x64xf32>
    pallas.yield %r : vector<64x64xf32>
  } {gpu_transforms = {"1" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128>}}
  pallas.store %acc_value, %o[] : vector<64x64xf32>, memref<64x64xf32, #pallas.memory_space<shared>>
  pallas.return
}

// -----

// The loop already carries a value (kept, the accumulator after it) and the
// WGMMA is in a nested scope with a shared tile (the scope yields the new
// accumulator); i8 x i8 into an i32 accumulator of 64x32. The accumulator
// scope takes no shared memory: the tile is at 14336, after the blocks of a
// (4096 bytes at 0), b (2048 at 4096) and o (64 * 32 * 4 = 8192 at 6144).

// CHECK-LABEL: module @nested
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : vector<64x32xi32>
// CHECK-NEXT: %[[INIT:.*]] = "mosaic_gpu.optimization_barrier"(%[[ZERO]]) : (vector<64x32xi32>) -> vector<64x32xi32>
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[N:.*]] = %{{.*}}, %[[ACC:.*]] = %[[INIT]]) -> (i32, vector<64x32xi32>) {
// CHECK:   %[[T:.*]] = "mosaic_gpu.slice_smem"() <{offset = 14336 : i32}> : () -> memref<64x32xi8, #gpu.address_space<workgroup>>
// CHECK:   %[[NEW:.*]] = mosaic_gpu.wgmma accumulator(%[[ACC]] : vector<64x32xi32>) a(%{{.*}} : memref<64x64xi8, {{.*}}) b(%{{.*}} : memref<64x32xi8, #gpu.address_space<workgroup>>) -> vector<64x32xi32>
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK:   %[[N1:.*]] = arith.addi %[[N]], %{{.*}} : i32
// CHECK-NEXT: scf.yield %[[N1]], %[[NEW]] : i32, vector<64x32xi32>
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: "mosaic_gpu.vector_store"(%[[LOOP]]#1, %{{.*}})
pallas.kernel @nested
    ins(%a: memref<64x64xi8> block [64, 64] map affine_map<() -> (0, 0)> in shared,
        %b: memref<64x32xi8> block [64, 32] map affine_map<() -> (0, 0)> in shared)
    outs(%o: memref<64x32xi32> block [64, 32] map affine_map<() -> (0, 0)> in shared,
         %count: memref<1xi32> block [1] map affine_map<() -> (0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %acc_value = pallas.run_scoped -> vector<64x32xi32> {
  ^bb0(%acc: memref<64x32xi32, #pallas.memory_space<regs>>):
    %n = scf.for %k = %c0 to %c3 step %c1 iter_args(%m = %i0) -> (i32) {
      pallas.run_scoped {
      ^bb0(%t: memref<64x32xi8, #pallas.memory_space<shared>>):
        %bv = pallas.load %b[] : memref<64x32xi8, #pallas.memory_space<shared>> -> vector<64x32xi8>
        pallas.store %bv, %t[] : vector<64x32xi8>, memref<64x32xi8, #pallas.memory_space<shared>>
        pallas.commit_smem
        pallas.wgmma %acc, %a, %t : memref<64x32xi32, #pallas.memory_space<regs>>, memref<64x64xi8, #pallas.memory_space<shared>>, memref<64x32xi8, #pallas.memory_space<shared>>
        pallas.wgmma_wait 0
      }
      %m1 = arith.addi %m, %i1 : i32
      scf.yield %m1 : i32
    }
    pallas.store %n, %count[0] : i32, memref<1xi32, #pallas.memory_space<gmem>>
    %r = pallas.load %acc[] : memref<64x32xi32, #pallas.memory_space<regs>> -> vector<64x32xi32>
    pallas.yield %r : vector<64x32xi32>
  }
  pallas.store %acc_value, %o[] : vector<64x32xi32>, memref<64x32xi32, #pallas.memory_space<shared>>
  pallas.return
}

// -----

// An accumulator scope that starts with a store of a value starts from that
// value (JAX's pl.run_state on plgpu.ACC.init(x)): the value goes behind the
// optimization barrier and the fence, with no zero tile; a named_scope runs
// its ops in place (the WGMMA in it takes and yields the accumulator).
// JAX 0.10.2 emits, for o = run_state(wgmma under named_scope)(ACC.init(2 o)):
// vector_load o, mulf, optimization_barrier, fence, wgmma, commit, wait 0.

// CHECK-LABEL: module @init
// CHECK: %[[O:.*]] = "mosaic_gpu.vector_load"
// CHECK: %[[X:.*]] = arith.mulf %[[O]], %{{.*}} : vector<64x64xf32>
// CHECK-NOT: optimization_barrier
// CHECK: %[[INIT:.*]] = "mosaic_gpu.optimization_barrier"(%[[X]]) : (vector<64x64xf32>) -> vector<64x64xf32>
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK-NEXT: %[[NEW:.*]] = mosaic_gpu.wgmma accumulator(%[[INIT]] : vector<64x64xf32>)
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: "mosaic_gpu.vector_store"(%[[NEW]], %{{.*}})
// CHECK-NOT: pallas.
pallas.kernel @init
    ins(%a: memref<64x64xf16> block [64, 64] map affine_map<() -> (0, 0)> in shared,
        %b: memref<64x64xf16> block [64, 64] map affine_map<() -> (0, 0)> in shared)
    outs(%o: memref<64x64xf32> block [64, 64] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %ov = pallas.load %o[] : memref<64x64xf32, #pallas.memory_space<shared>> -> vector<64x64xf32>
  %two = arith.constant dense<2.0> : vector<64x64xf32>
  %x = arith.mulf %ov, %two : vector<64x64xf32>
  %r = pallas.run_scoped -> vector<64x64xf32> {
  ^bb0(%acc: memref<64x64xf32, #pallas.memory_space<regs>>):
    pallas.store %x, %acc[] : vector<64x64xf32>, memref<64x64xf32, #pallas.memory_space<regs>>
    pallas.named_scope "mma" {
      pallas.wgmma %acc, %a, %b : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
    }
    %v = pallas.load %acc[] : memref<64x64xf32, #pallas.memory_space<regs>> -> vector<64x64xf32>
    pallas.yield %v : vector<64x64xf32>
  }
  pallas.store %r, %o[] : vector<64x64xf32>, memref<64x64xf32, #pallas.memory_space<shared>>
  pallas.return
}
