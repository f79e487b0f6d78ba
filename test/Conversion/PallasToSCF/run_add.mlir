// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %S/../../../examples/add.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Runs examples/add.mlir on the CPU. Expected: o[i, j] = x + y = i + 100 j; computed once
// with a small pure-Python script (float32 rounding via struct, printed with %g
// like printMemref), independently of the lowering.

// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}0, 100, 200, 300, 400, 500, 600, 700],
// CHECK-NEXT: [1, 101, 201, 301, 401, 501, 601, 701],
// CHECK-NEXT: [2, 102, 202, 302, 402, 502, 602, 702],
// CHECK-NEXT: [3, 103, 203, 303, 403, 503, 603, 703],
// CHECK-NEXT: [4, 104, 204, 304, 404, 504, 604, 704],
// CHECK-NEXT: [5, 105, 205, 305, 405, 505, 605, 705],
// CHECK-NEXT: [6, 106, 206, 306, 406, 506, 606, 706],
// CHECK-NEXT: [7, 107, 207, 307, 407, 507, 607, 707],
// CHECK-NEXT: [8, 108, 208, 308, 408, 508, 608, 708],
// CHECK-NEXT: [9, 109, 209, 309, 409, 509, 609, 709],
// CHECK-NEXT: [10, 110, 210, 310, 410, 510, 610, 710],
// CHECK-NEXT: [11, 111, 211, 311, 411, 511, 611, 711],
// CHECK-NEXT: [12, 112, 212, 312, 412, 512, 612, 712],
// CHECK-NEXT: [13, 113, 213, 313, 413, 513, 613, 713],
// CHECK-NEXT: [14, 114, 214, 314, 414, 514, 614, 714],
// CHECK-NEXT: [15, 115, 215, 315, 415, 515, 615, 715],
// CHECK-NEXT: [16, 116, 216, 316, 416, 516, 616, 716],
// CHECK-NEXT: [17, 117, 217, 317, 417, 517, 617, 717],
// CHECK-NEXT: [18, 118, 218, 318, 418, 518, 618, 718],
// CHECK-NEXT: [19, 119, 219, 319, 419, 519, 619, 719],
// CHECK-NEXT: [20, 120, 220, 320, 420, 520, 620, 720],
// CHECK-NEXT: [21, 121, 221, 321, 421, 521, 621, 721],
// CHECK-NEXT: [22, 122, 222, 322, 422, 522, 622, 722],
// CHECK-NEXT: [23, 123, 223, 323, 423, 523, 623, 723],
// CHECK-NEXT: [24, 124, 224, 324, 424, 524, 624, 724],
// CHECK-NEXT: [25, 125, 225, 325, 425, 525, 625, 725],
// CHECK-NEXT: [26, 126, 226, 326, 426, 526, 626, 726],
// CHECK-NEXT: [27, 127, 227, 327, 427, 527, 627, 727],
// CHECK-NEXT: [28, 128, 228, 328, 428, 528, 628, 728],
// CHECK-NEXT: [29, 129, 229, 329, 429, 529, 629, 729],
// CHECK-NEXT: [30, 130, 230, 330, 430, 530, 630, 730],
// CHECK-NEXT: [31, 131, 231, 331, 431, 531, 631, 731]]
