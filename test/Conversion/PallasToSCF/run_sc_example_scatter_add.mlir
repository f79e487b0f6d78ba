// RUN: sed '$d' %S/../../../examples/sparsecore/sc_scatter_add.mlir > %t.mlir
// RUN: sed -n 's|^// HOST: \{0,1\}||p' %s >> %t.mlir
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %t.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/sparsecore/sc_scatter_add.mlir on the CPU with the host
// @main below appended to its module: each of the 16 subcores scatter-adds
// its 8 update rows into the HBM accumulator (an input aliased to the
// output, written through the input ref) with an indirect DMA {add}.
// Inputs: upd[i, c] = i + 1, idx[i] = 3 i mod 32, acc[r, c] = 1000 c.
// Expected, computed with a short Python script from the same formulas:
// out[r, c] = 1000 c + sum of (i + 1) over the i with idx[i] = r.
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}196, 1196, 2196, 3196, 4196, 5196, 6196, 7196],
// CHECK-NEXT: [240, 1240, 2240, 3240, 4240, 5240, 6240, 7240],
// CHECK-NEXT: [284, 1284, 2284, 3284, 4284, 5284, 6284, 7284],
// CHECK-NEXT: [200, 1200, 2200, 3200, 4200, 5200, 6200, 7200],
// CHECK-NEXT: [244, 1244, 2244, 3244, 4244, 5244, 6244, 7244],
// CHECK-NEXT: [288, 1288, 2288, 3288, 4288, 5288, 6288, 7288],
// CHECK-NEXT: [204, 1204, 2204, 3204, 4204, 5204, 6204, 7204],
// CHECK-NEXT: [248, 1248, 2248, 3248, 4248, 5248, 6248, 7248],
// CHECK-NEXT: [292, 1292, 2292, 3292, 4292, 5292, 6292, 7292],
// CHECK-NEXT: [208, 1208, 2208, 3208, 4208, 5208, 6208, 7208],
// CHECK-NEXT: [252, 1252, 2252, 3252, 4252, 5252, 6252, 7252],
// CHECK-NEXT: [296, 1296, 2296, 3296, 4296, 5296, 6296, 7296],
// CHECK-NEXT: [212, 1212, 2212, 3212, 4212, 5212, 6212, 7212],
// CHECK-NEXT: [256, 1256, 2256, 3256, 4256, 5256, 6256, 7256],
// CHECK-NEXT: [300, 1300, 2300, 3300, 4300, 5300, 6300, 7300],
// CHECK-NEXT: [216, 1216, 2216, 3216, 4216, 5216, 6216, 7216],
// CHECK-NEXT: [260, 1260, 2260, 3260, 4260, 5260, 6260, 7260],
// CHECK-NEXT: [304, 1304, 2304, 3304, 4304, 5304, 6304, 7304],
// CHECK-NEXT: [220, 1220, 2220, 3220, 4220, 5220, 6220, 7220],
// CHECK-NEXT: [264, 1264, 2264, 3264, 4264, 5264, 6264, 7264],
// CHECK-NEXT: [308, 1308, 2308, 3308, 4308, 5308, 6308, 7308],
// CHECK-NEXT: [224, 1224, 2224, 3224, 4224, 5224, 6224, 7224],
// CHECK-NEXT: [268, 1268, 2268, 3268, 4268, 5268, 6268, 7268],
// CHECK-NEXT: [312, 1312, 2312, 3312, 4312, 5312, 6312, 7312],
// CHECK-NEXT: [228, 1228, 2228, 3228, 4228, 5228, 6228, 7228],
// CHECK-NEXT: [272, 1272, 2272, 3272, 4272, 5272, 6272, 7272],
// CHECK-NEXT: [316, 1316, 2316, 3316, 4316, 5316, 6316, 7316],
// CHECK-NEXT: [232, 1232, 2232, 3232, 4232, 5232, 6232, 7232],
// CHECK-NEXT: [276, 1276, 2276, 3276, 4276, 5276, 6276, 7276],
// CHECK-NEXT: [320, 1320, 2320, 3320, 4320, 5320, 6320, 7320],
// CHECK-NEXT: [236, 1236, 2236, 3236, 4236, 5236, 6236, 7236],
// CHECK-NEXT: [280, 1280, 2280, 3280, 4280, 5280, 6280, 7280]]

// HOST: func.func private @printMemrefF32(memref<*xf32>)
// HOST: func.func @main() {
// HOST:   %c0 = arith.constant 0 : index
// HOST:   %c1 = arith.constant 1 : index
// HOST:   %c8 = arith.constant 8 : index
// HOST:   %c32 = arith.constant 32 : index
// HOST:   %c128 = arith.constant 128 : index
// HOST:   %k3 = arith.constant 3 : i32
// HOST:   %k32 = arith.constant 32 : i32
// HOST:   %k1000 = arith.constant 1000.0 : f32
// HOST:   %one = arith.constant 1.0 : f32
// HOST:   %upd = memref.alloc() : memref<128x8xf32>
// HOST:   %idx = memref.alloc() : memref<128xi32>
// HOST:   %acc = memref.alloc() : memref<32x8xf32>
// HOST:   %out = memref.alloc() : memref<32x8xf32>
// HOST:   scf.for %i = %c0 to %c128 step %c1 {
// HOST:     %ii = arith.index_cast %i : index to i32
// HOST:     %m = arith.muli %ii, %k3 : i32
// HOST:     %r = arith.remsi %m, %k32 : i32
// HOST:     memref.store %r, %idx[%i] : memref<128xi32>
// HOST:     %f = arith.sitofp %ii : i32 to f32
// HOST:     %f1 = arith.addf %f, %one : f32
// HOST:     scf.for %c = %c0 to %c8 step %c1 {
// HOST:       memref.store %f1, %upd[%i, %c] : memref<128x8xf32>
// HOST:     }
// HOST:   }
// HOST:   scf.for %r = %c0 to %c32 step %c1 {
// HOST:     scf.for %c = %c0 to %c8 step %c1 {
// HOST:       %ci = arith.index_cast %c : index to i32
// HOST:       %cf = arith.sitofp %ci : i32 to f32
// HOST:       %v = arith.mulf %cf, %k1000 : f32
// HOST:       memref.store %v, %acc[%r, %c] : memref<32x8xf32>
// HOST:     }
// HOST:   }
// HOST:   pallas.call @sc_scatter_add(%upd, %idx, %acc, %out) : (memref<128x8xf32>, memref<128xi32>, memref<32x8xf32>, memref<32x8xf32>) -> ()
// HOST:   %u = memref.cast %out : memref<32x8xf32> to memref<*xf32>
// HOST:   call @printMemrefF32(%u) : (memref<*xf32>) -> ()
// HOST:   return
// HOST: }
// HOST: }
