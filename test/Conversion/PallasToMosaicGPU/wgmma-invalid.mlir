// RUN: %pallas_opt %s --convert-pallas-to-mosaic-gpu -split-input-file -verify-diagnostics

// WGMMA, register accumulators and scoped transforms the Mosaic GPU lowering
// rejects: what WGMMA cannot take, and the forms not yet supported.

// WGMMA reads f16, bf16, f32 (as tf32), f8E4M3FN, f8E5M2 and i8 only; the
// pallas verifier lets other floats into an f32 accumulator.
pallas.kernel @k
    ins(%a: memref<64x64xf64> block [64, 64] map affine_map<() -> (0, 0)> in shared,
        %b: memref<64x64xf64> block [64, 64] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.run_scoped {
  ^bb0(%acc: memref<64x64xf32, #pallas.memory_space<regs>>):
    // expected-error @+1 {{'pallas.wgmma' op lhs and rhs of f64 cannot feed WGMMA, which reads f16, bf16, f32 (as tf32), f8E4M3FN, f8E5M2 and i8}}
    pallas.wgmma %acc, %a, %b : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf64, #pallas.memory_space<shared>>, memref<64x64xf64, #pallas.memory_space<shared>>
  }
  pallas.return
}

// -----

// A while loop does not carry the accumulator yet.
pallas.kernel @k
    ins(%a: memref<64x64xf16> block [64, 64] map affine_map<() -> (0, 0)> in shared,
        %b: memref<64x64xf16> block [64, 64] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %t = arith.constant true
  pallas.run_scoped {
  ^bb0(%acc: memref<64x64xf32, #pallas.memory_space<regs>>):
    scf.while : () -> () {
      scf.condition(%t)
    } do {
      // expected-error @+1 {{'pallas.wgmma' op not yet supported: a WGMMA accumulator used inside `scf.while` (only scf.for, scf.if, run_scoped and named_scope carry it)}}
      pallas.wgmma %acc, %a, %b : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
      scf.yield
    }
  }
  pallas.return
}

// -----

// Nor does a lax.switch's scf.index_switch (lax.cond's scf.if does).
pallas.kernel @k grid(2)
    ins(%a: memref<64x64xf16> block [64, 64] map affine_map<(i) -> (0, 0)> in shared,
        %b: memref<64x64xf16> block [64, 64] map affine_map<(i) -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %i = pallas.program_id 0
  %j = arith.index_cast %i : i32 to index
  pallas.run_scoped {
  ^bb0(%acc: memref<64x64xf32, #pallas.memory_space<regs>>):
    scf.index_switch %j
    case 0 {
      // expected-error @+1 {{'pallas.wgmma' op not yet supported: a WGMMA accumulator used inside `scf.index_switch` (only scf.for, scf.if, run_scoped and named_scope carry it)}}
      pallas.wgmma %acc, %a, %b : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
      scf.yield
    }
    default {
      scf.yield
    }
  }
  pallas.return
}

// -----

// Only WGMMAs write the accumulator, but for a store that starts its scope.
pallas.kernel @k
    ins(%a: memref<64x64xf16> block [64, 64] map affine_map<() -> (0, 0)> in shared,
        %b: memref<64x64xf16> block [64, 64] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.run_scoped {
  ^bb0(%acc: memref<64x64xf32, #pallas.memory_space<regs>>):
    pallas.wgmma %acc, %a, %b : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
    %z = arith.constant dense<0.0> : vector<64x64xf32>
    // expected-error @+1 {{'pallas.store' op not yet supported: storing into a WGMMA accumulator other than to start its scope (plgpu.ACC.init)}}
    pallas.store %z, %acc[] : vector<64x64xf32>, memref<64x64xf32, #pallas.memory_space<regs>>
  }
  pallas.return
}

// -----

// Only the whole accumulator is read.
pallas.kernel @k
    ins(%a: memref<64x64xf16> block [64, 64] map affine_map<() -> (0, 0)> in shared,
        %b: memref<64x64xf16> block [64, 64] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.run_scoped {
  ^bb0(%acc: memref<64x64xf32, #pallas.memory_space<regs>>):
    pallas.wgmma %acc, %a, %b : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf16, #pallas.memory_space<shared>>, memref<64x64xf16, #pallas.memory_space<shared>>
    // expected-error @+1 {{'pallas.load' op not yet supported: reading part of a WGMMA accumulator (only acc[...])}}
    %v = pallas.load %acc[0:64, 0:32] : memref<64x64xf32, #pallas.memory_space<regs>> -> vector<64x32xf32>
  }
  pallas.return
}

// -----

// Transposed scoped allocations are not marked yet.
pallas.kernel @k
    ins(%a: memref<64x64xf16> block [64, 64] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  // expected-error @+1 {{'pallas.run_scoped' op not yet supported: a transposed run_scoped allocation (gpu_transforms of allocation 0)}}
  pallas.run_scoped {
  ^bb0(%t: memref<64x64xf16, #pallas.memory_space<shared>>):
    %v = pallas.load %a[] : memref<64x64xf16, #pallas.memory_space<shared>> -> vector<64x64xf16>
    pallas.store %v, %t[] : vector<64x64xf16>, memref<64x64xf16, #pallas.memory_space<shared>>
  } {gpu_transforms = {"0" = #pallas.gpu_transforms<tiling = [8, 64], swizzle = 128, transpose = [1, 0]>}}
  pallas.return
}

// -----

// mosaic_gpu.assume_multiple takes a positive i32.
pallas.kernel @k
    ins(%n: memref<1xi32> block [1] map affine_map<() -> (0)> in gmem)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %x = pallas.load %n[0] : memref<1xi32, #pallas.memory_space<gmem>> -> i32
  // expected-error @+1 {{'pallas.multiple_of' op multiple 4294967296 does not fit mosaic_gpu.assume_multiple (a positive i32)}}
  %y = pallas.multiple_of %x, 4294967296 : i32
  pallas.return
}


// -----

// Mosaic GPU's WGMMA emitter (jax/experimental/mosaic/gpu/wgmma.py), in its
// words: an LHS in registers of 16 or 8 bits only; transposed operands of 16
// bits only.
pallas.kernel @k
    ins(%a: memref<64x64xf32> block [64, 64] map affine_map<() -> (0, 0)> in shared,
        %b: memref<64x64xf32> block [64, 64] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  %av = pallas.load %a[] : memref<64x64xf32, #pallas.memory_space<shared>> -> vector<64x64xf32>
  pallas.run_scoped {
  ^bb0(%acc: memref<64x64xf32, #pallas.memory_space<regs>>):
    // expected-error @+1 {{'pallas.wgmma' op Only f16, bf16, i8, f8e5m2, f8e4m3fn are supported for A in registers, got f32}}
    pallas.wgmma %acc, %av, %b : memref<64x64xf32, #pallas.memory_space<regs>>, vector<64x64xf32>, memref<64x64xf32, #pallas.memory_space<shared>>
    // expected-error @+1 {{'pallas.wgmma' op Only f16 WGMMA supports transposes}}
    pallas.wgmma %acc, %a, %b {transpose_rhs} : memref<64x64xf32, #pallas.memory_space<regs>>, memref<64x64xf32, #pallas.memory_space<shared>>, memref<64x64xf32, #pallas.memory_space<shared>>
  }
  pallas.return
}

// -----

// bf16 (and f32) operands accumulate in f32 only.
pallas.kernel @k
    ins(%a: memref<64x64xbf16> block [64, 64] map affine_map<() -> (0, 0)> in shared,
        %b: memref<64x64xbf16> block [64, 64] map affine_map<() -> (0, 0)> in shared)
    attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
  pallas.run_scoped {
  ^bb0(%acc: memref<64x64xf16, #pallas.memory_space<regs>>):
    // expected-error @+1 {{'pallas.wgmma' op WGMMA with element type bf16 only supports accumulators of type f32, but got: f16}}
    pallas.wgmma %acc, %a, %b : memref<64x64xf16, #pallas.memory_space<regs>>, memref<64x64xbf16, #pallas.memory_space<shared>>, memref<64x64xbf16, #pallas.memory_space<shared>>
  }
  pallas.return
}
