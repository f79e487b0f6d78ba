// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,pallas-copy-loops,pallas-row-loops)' %s \
// RUN:   | FileCheck %s --check-prefix=ROWS

// A vector read in one block and written in a nested one (pallas-row-loops
// forwards the read to the write row by row when nothing may write the
// read's buffer from the read to the end of the op that holds the write;
// else the value is moved whole). x[i] = i (256 f32, above the 64-lane
// chunk, so row loops apply).
//   o1: x loaded, stored under an scf.if: forwarded, o1 = x.
//   o2: s = x, w = s loaded, then a loop of two iterations stores w to o2
//       and 2 w to s: s is written inside the loop, so w must stay the
//       value read before it (o2 = x, not 2 x): not forwarded.
// Printed o1[3], o1[255], o2[3], o2[255] (by hand: 3, 255, 3, 255).
// CHECK: Unranked Memref
// CHECK-NEXT: [3,  255,  3,  255]

// o1: inside the scf.if, the copy runs in 64-lane chunks from the buffer
// the value was read from; no whole vector.
// ROWS: scf.if %true {
// ROWS-NOT: vector<256xf32>
// ROWS: vector.transfer_read {{.*}} : memref<256xf32>, vector<64xf32>
// ROWS: vector.transfer_write {{.*}} : vector<64xf32>, memref<256xf32>
// o2: w is read whole before the loop and stored whole in it.
// ROWS: %[[W:.*]] = vector.transfer_read {{.*}} : memref<256xf32>, vector<256xf32>
// ROWS-NEXT: scf.for
// ROWS: vector.transfer_write %[[W]], {{.*}} : vector<256xf32>, memref<256xf32>

module {
  pallas.kernel @k grid(1)
      ins(%x: memref<256xf32> block [256] map affine_map<(i) -> (0)>)
      outs(%o1: memref<256xf32> block [256] map affine_map<(i) -> (0)>,
           %o2: memref<256xf32> block [256] map affine_map<(i) -> (0)>)
      scratch(%s: memref<256xf32, #pallas.memory_space<vmem>>) {
    %t = arith.constant true
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %v = pallas.load %x[] : memref<256xf32> -> vector<256xf32>
    scf.if %t {
      pallas.store %v, %o1[] : vector<256xf32>, memref<256xf32>
    }
    pallas.store %v, %s[] : vector<256xf32>, memref<256xf32, #pallas.memory_space<vmem>>
    %w = pallas.load %s[] : memref<256xf32, #pallas.memory_space<vmem>> -> vector<256xf32>
    scf.for %k = %c0 to %c2 step %c1 {
      pallas.store %w, %o2[] : vector<256xf32>, memref<256xf32>
      %d = arith.addf %w, %w : vector<256xf32>
      pallas.store %d, %s[] : vector<256xf32>, memref<256xf32, #pallas.memory_space<vmem>>
    }
    pallas.return
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c255 = arith.constant 255 : index
    %c256 = arith.constant 256 : index
    %x = memref.alloc() : memref<256xf32>
    %o1 = memref.alloc() : memref<256xf32>
    %o2 = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %c256 step %c1 {
      %i32 = arith.index_cast %i : index to i32
      %f = arith.sitofp %i32 : i32 to f32
      memref.store %f, %x[%i] : memref<256xf32>
    }
    pallas.call @k(%x, %o1, %o2) : (memref<256xf32>, memref<256xf32>, memref<256xf32>) -> ()
    %p = memref.alloc() : memref<4xf32>
    %a = memref.load %o1[%c3] : memref<256xf32>
    %b = memref.load %o1[%c255] : memref<256xf32>
    %c = memref.load %o2[%c3] : memref<256xf32>
    %d = memref.load %o2[%c255] : memref<256xf32>
    memref.store %a, %p[%c0] : memref<4xf32>
    memref.store %b, %p[%c1] : memref<4xf32>
    memref.store %c, %p[%c2] : memref<4xf32>
    memref.store %d, %p[%c3] : memref<4xf32>
    %u = memref.cast %p : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
