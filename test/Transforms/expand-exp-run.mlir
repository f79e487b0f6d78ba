// RUN: %mlir_opt -p 'builtin.module(%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// exp through the CPU pipeline (pallas-expand-exp), on a 16-lane vector and
// on scalars, printed as bit patterns. Inputs (f32 bits as i32): 0, 1, -1,
// 0.5, 10, -10, 88.7, 88.72283 (just below the overflow threshold), 89,
// -87.33655 (result just below the smallest normal), -100 (a subnormal
// result), -103.97208 (the smallest subnormal), -104.5 (rounds to 0), +inf,
// -inf, NaN. Expected: numpy's exp in float64 rounded to f32 (the correctly
// rounded results): e = 0x402DF854 = 1076754516, 3.4e38 = 0x7F7FFF84, inf =
// 0x7F800000, the subnormals 0x7FFFE6, 27 and 1, zeros for -104.5 and -inf,
// the input NaN back.
// CHECK: [1065353216,  1076754516,  1052531378,  1070795084,  1185682670,  943614926,  2138716156,  2139094916,  2139095040,  8388582,  27,  1,  0,  2139095040,  0,  2143289344]
// CHECK: [1065353216,  1076754516,  1052531378,  1070795084,  1185682670,  943614926,  2138716156,  2139094916,  2139095040,  8388582,  27,  1,  0,  2139095040,  0,  2143289344]
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %bits = arith.constant dense<[0, 1065353216, -1082130432, 1056964608, 1092616192, -1054867456, 1118922342, 1118925335, 1118961664, -1028740016, -1027080192, -1026559564, -1026490368, 2139095040, -8388608, 2143289344]> : vector<16xi32>
  %in = memref.alloc() : memref<16xi32>
  vector.store %bits, %in[%c0] : memref<16xi32>, vector<16xi32>
  %xb = vector.load %in[%c0] : memref<16xi32>, vector<16xi32>
  %x = arith.bitcast %xb : vector<16xi32> to vector<16xf32>
  %e = math.exp %x : vector<16xf32>
  %eb = arith.bitcast %e : vector<16xf32> to vector<16xi32>
  %out = memref.alloc() : memref<16xi32>
  vector.store %eb, %out[%c0] : memref<16xi32>, vector<16xi32>
  %u = memref.cast %out : memref<16xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %outs = memref.alloc() : memref<16xi32>
  scf.for %i = %c0 to %c16 step %c1 {
    %b = memref.load %in[%i] : memref<16xi32>
    %s = arith.bitcast %b : i32 to f32
    %es = math.exp %s : f32
    %esb = arith.bitcast %es : f32 to i32
    memref.store %esb, %outs[%i] : memref<16xi32>
  }
  %us = memref.cast %outs : memref<16xi32> to memref<*xi32>
  call @printMemrefI32(%us) : (memref<*xi32>) -> ()
  memref.dealloc %in : memref<16xi32>
  memref.dealloc %out : memref<16xi32>
  memref.dealloc %outs : memref<16xi32>
  return
}
