// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %S/../../../examples/dma_double_buffer.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/dma_double_buffer.mlir on the CPU. Expected: o = 2 x with x[i, j] = 8 i + j; computed once
// with a small pure-Python script (float32 rounding via struct, printed with %g
// like printMemref), independently of the lowering.

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}0, 2, 4, 6, 8, 10, 12, 14],
// CHECK-NEXT: [16, 18, 20, 22, 24, 26, 28, 30],
// CHECK-NEXT: [32, 34, 36, 38, 40, 42, 44, 46],
// CHECK-NEXT: [48, 50, 52, 54, 56, 58, 60, 62],
// CHECK-NEXT: [64, 66, 68, 70, 72, 74, 76, 78],
// CHECK-NEXT: [80, 82, 84, 86, 88, 90, 92, 94],
// CHECK-NEXT: [96, 98, 100, 102, 104, 106, 108, 110],
// CHECK-NEXT: [112, 114, 116, 118, 120, 122, 124, 126],
// CHECK-NEXT: [128, 130, 132, 134, 136, 138, 140, 142],
// CHECK-NEXT: [144, 146, 148, 150, 152, 154, 156, 158],
// CHECK-NEXT: [160, 162, 164, 166, 168, 170, 172, 174],
// CHECK-NEXT: [176, 178, 180, 182, 184, 186, 188, 190],
// CHECK-NEXT: [192, 194, 196, 198, 200, 202, 204, 206],
// CHECK-NEXT: [208, 210, 212, 214, 216, 218, 220, 222],
// CHECK-NEXT: [224, 226, 228, 230, 232, 234, 236, 238],
// CHECK-NEXT: [240, 242, 244, 246, 248, 250, 252, 254],
// CHECK-NEXT: [256, 258, 260, 262, 264, 266, 268, 270],
// CHECK-NEXT: [272, 274, 276, 278, 280, 282, 284, 286],
// CHECK-NEXT: [288, 290, 292, 294, 296, 298, 300, 302],
// CHECK-NEXT: [304, 306, 308, 310, 312, 314, 316, 318],
// CHECK-NEXT: [320, 322, 324, 326, 328, 330, 332, 334],
// CHECK-NEXT: [336, 338, 340, 342, 344, 346, 348, 350],
// CHECK-NEXT: [352, 354, 356, 358, 360, 362, 364, 366],
// CHECK-NEXT: [368, 370, 372, 374, 376, 378, 380, 382],
// CHECK-NEXT: [384, 386, 388, 390, 392, 394, 396, 398],
// CHECK-NEXT: [400, 402, 404, 406, 408, 410, 412, 414],
// CHECK-NEXT: [416, 418, 420, 422, 424, 426, 428, 430],
// CHECK-NEXT: [432, 434, 436, 438, 440, 442, 444, 446],
// CHECK-NEXT: [448, 450, 452, 454, 456, 458, 460, 462],
// CHECK-NEXT: [464, 466, 468, 470, 472, 474, 476, 478],
// CHECK-NEXT: [480, 482, 484, 486, 488, 490, 492, 494],
// CHECK-NEXT: [496, 498, 500, 502, 504, 506, 508, 510]]
