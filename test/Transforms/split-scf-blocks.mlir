// RUN: %mlir_opt -p 'builtin.module(pallas-split-scf-blocks)' %s | FileCheck %s

// A block with 16 or more scf ops with regions is cut after each of them
// but the last (which only the terminator follows): a function body in
// place (16 loops: 15 branches, blocks ^bb1 to ^bb15), a single-block
// region inside an scf.execute_region that yields what the terminator
// used (16 loops and a load before the yield: 16 branches, the last to
// ^bb16 holding the load). 15 loops are left as they are.

// CHECK-LABEL: func.func @cut
// CHECK-COUNT-15: cf.br ^bb
// CHECK-NOT: cf.br
// CHECK: ^bb15:
// CHECK-NEXT: scf.for
// CHECK-NOT: ^bb16
// CHECK: return
func.func @cut(%acc: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k0 = arith.constant 1 : index
  %k1 = arith.constant 2 : index
  %k2 = arith.constant 3 : index
  %k3 = arith.constant 4 : index
  %k4 = arith.constant 5 : index
  %k5 = arith.constant 6 : index
  %k6 = arith.constant 7 : index
  %k7 = arith.constant 8 : index
  %k8 = arith.constant 9 : index
  %k9 = arith.constant 10 : index
  %k10 = arith.constant 11 : index
  %k11 = arith.constant 12 : index
  %k12 = arith.constant 13 : index
  %k13 = arith.constant 14 : index
  %k14 = arith.constant 15 : index
  %k15 = arith.constant 16 : index
  scf.for %i0 = %c0 to %c4 step %c1 {
    %a0 = memref.load %acc[%c0] : memref<1xindex>
    %b0 = arith.addi %a0, %k0 : index
    memref.store %b0, %acc[%c0] : memref<1xindex>
  }
  scf.for %i1 = %c0 to %c4 step %c1 {
    %a1 = memref.load %acc[%c0] : memref<1xindex>
    %b1 = arith.addi %a1, %k1 : index
    memref.store %b1, %acc[%c0] : memref<1xindex>
  }
  scf.for %i2 = %c0 to %c4 step %c1 {
    %a2 = memref.load %acc[%c0] : memref<1xindex>
    %b2 = arith.addi %a2, %k2 : index
    memref.store %b2, %acc[%c0] : memref<1xindex>
  }
  scf.for %i3 = %c0 to %c4 step %c1 {
    %a3 = memref.load %acc[%c0] : memref<1xindex>
    %b3 = arith.addi %a3, %k3 : index
    memref.store %b3, %acc[%c0] : memref<1xindex>
  }
  scf.for %i4 = %c0 to %c4 step %c1 {
    %a4 = memref.load %acc[%c0] : memref<1xindex>
    %b4 = arith.addi %a4, %k4 : index
    memref.store %b4, %acc[%c0] : memref<1xindex>
  }
  scf.for %i5 = %c0 to %c4 step %c1 {
    %a5 = memref.load %acc[%c0] : memref<1xindex>
    %b5 = arith.addi %a5, %k5 : index
    memref.store %b5, %acc[%c0] : memref<1xindex>
  }
  scf.for %i6 = %c0 to %c4 step %c1 {
    %a6 = memref.load %acc[%c0] : memref<1xindex>
    %b6 = arith.addi %a6, %k6 : index
    memref.store %b6, %acc[%c0] : memref<1xindex>
  }
  scf.for %i7 = %c0 to %c4 step %c1 {
    %a7 = memref.load %acc[%c0] : memref<1xindex>
    %b7 = arith.addi %a7, %k7 : index
    memref.store %b7, %acc[%c0] : memref<1xindex>
  }
  scf.for %i8 = %c0 to %c4 step %c1 {
    %a8 = memref.load %acc[%c0] : memref<1xindex>
    %b8 = arith.addi %a8, %k8 : index
    memref.store %b8, %acc[%c0] : memref<1xindex>
  }
  scf.for %i9 = %c0 to %c4 step %c1 {
    %a9 = memref.load %acc[%c0] : memref<1xindex>
    %b9 = arith.addi %a9, %k9 : index
    memref.store %b9, %acc[%c0] : memref<1xindex>
  }
  scf.for %i10 = %c0 to %c4 step %c1 {
    %a10 = memref.load %acc[%c0] : memref<1xindex>
    %b10 = arith.addi %a10, %k10 : index
    memref.store %b10, %acc[%c0] : memref<1xindex>
  }
  scf.for %i11 = %c0 to %c4 step %c1 {
    %a11 = memref.load %acc[%c0] : memref<1xindex>
    %b11 = arith.addi %a11, %k11 : index
    memref.store %b11, %acc[%c0] : memref<1xindex>
  }
  scf.for %i12 = %c0 to %c4 step %c1 {
    %a12 = memref.load %acc[%c0] : memref<1xindex>
    %b12 = arith.addi %a12, %k12 : index
    memref.store %b12, %acc[%c0] : memref<1xindex>
  }
  scf.for %i13 = %c0 to %c4 step %c1 {
    %a13 = memref.load %acc[%c0] : memref<1xindex>
    %b13 = arith.addi %a13, %k13 : index
    memref.store %b13, %acc[%c0] : memref<1xindex>
  }
  scf.for %i14 = %c0 to %c4 step %c1 {
    %a14 = memref.load %acc[%c0] : memref<1xindex>
    %b14 = arith.addi %a14, %k14 : index
    memref.store %b14, %acc[%c0] : memref<1xindex>
  }
  scf.for %i15 = %c0 to %c4 step %c1 {
    %a15 = memref.load %acc[%c0] : memref<1xindex>
    %b15 = arith.addi %a15, %k15 : index
    memref.store %b15, %acc[%c0] : memref<1xindex>
  }
  return
}

// CHECK-LABEL: func.func @few
// CHECK-NOT: cf.br
// CHECK-NOT: scf.execute_region
// CHECK: return
func.func @few(%acc: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k0 = arith.constant 1 : index
  %k1 = arith.constant 2 : index
  %k2 = arith.constant 3 : index
  %k3 = arith.constant 4 : index
  %k4 = arith.constant 5 : index
  %k5 = arith.constant 6 : index
  %k6 = arith.constant 7 : index
  %k7 = arith.constant 8 : index
  %k8 = arith.constant 9 : index
  %k9 = arith.constant 10 : index
  %k10 = arith.constant 11 : index
  %k11 = arith.constant 12 : index
  %k12 = arith.constant 13 : index
  %k13 = arith.constant 14 : index
  %k14 = arith.constant 15 : index
  %k15 = arith.constant 16 : index
  scf.for %i0 = %c0 to %c4 step %c1 {
    %a0 = memref.load %acc[%c0] : memref<1xindex>
    %b0 = arith.addi %a0, %k0 : index
    memref.store %b0, %acc[%c0] : memref<1xindex>
  }
  scf.for %i1 = %c0 to %c4 step %c1 {
    %a1 = memref.load %acc[%c0] : memref<1xindex>
    %b1 = arith.addi %a1, %k1 : index
    memref.store %b1, %acc[%c0] : memref<1xindex>
  }
  scf.for %i2 = %c0 to %c4 step %c1 {
    %a2 = memref.load %acc[%c0] : memref<1xindex>
    %b2 = arith.addi %a2, %k2 : index
    memref.store %b2, %acc[%c0] : memref<1xindex>
  }
  scf.for %i3 = %c0 to %c4 step %c1 {
    %a3 = memref.load %acc[%c0] : memref<1xindex>
    %b3 = arith.addi %a3, %k3 : index
    memref.store %b3, %acc[%c0] : memref<1xindex>
  }
  scf.for %i4 = %c0 to %c4 step %c1 {
    %a4 = memref.load %acc[%c0] : memref<1xindex>
    %b4 = arith.addi %a4, %k4 : index
    memref.store %b4, %acc[%c0] : memref<1xindex>
  }
  scf.for %i5 = %c0 to %c4 step %c1 {
    %a5 = memref.load %acc[%c0] : memref<1xindex>
    %b5 = arith.addi %a5, %k5 : index
    memref.store %b5, %acc[%c0] : memref<1xindex>
  }
  scf.for %i6 = %c0 to %c4 step %c1 {
    %a6 = memref.load %acc[%c0] : memref<1xindex>
    %b6 = arith.addi %a6, %k6 : index
    memref.store %b6, %acc[%c0] : memref<1xindex>
  }
  scf.for %i7 = %c0 to %c4 step %c1 {
    %a7 = memref.load %acc[%c0] : memref<1xindex>
    %b7 = arith.addi %a7, %k7 : index
    memref.store %b7, %acc[%c0] : memref<1xindex>
  }
  scf.for %i8 = %c0 to %c4 step %c1 {
    %a8 = memref.load %acc[%c0] : memref<1xindex>
    %b8 = arith.addi %a8, %k8 : index
    memref.store %b8, %acc[%c0] : memref<1xindex>
  }
  scf.for %i9 = %c0 to %c4 step %c1 {
    %a9 = memref.load %acc[%c0] : memref<1xindex>
    %b9 = arith.addi %a9, %k9 : index
    memref.store %b9, %acc[%c0] : memref<1xindex>
  }
  scf.for %i10 = %c0 to %c4 step %c1 {
    %a10 = memref.load %acc[%c0] : memref<1xindex>
    %b10 = arith.addi %a10, %k10 : index
    memref.store %b10, %acc[%c0] : memref<1xindex>
  }
  scf.for %i11 = %c0 to %c4 step %c1 {
    %a11 = memref.load %acc[%c0] : memref<1xindex>
    %b11 = arith.addi %a11, %k11 : index
    memref.store %b11, %acc[%c0] : memref<1xindex>
  }
  scf.for %i12 = %c0 to %c4 step %c1 {
    %a12 = memref.load %acc[%c0] : memref<1xindex>
    %b12 = arith.addi %a12, %k12 : index
    memref.store %b12, %acc[%c0] : memref<1xindex>
  }
  scf.for %i13 = %c0 to %c4 step %c1 {
    %a13 = memref.load %acc[%c0] : memref<1xindex>
    %b13 = arith.addi %a13, %k13 : index
    memref.store %b13, %acc[%c0] : memref<1xindex>
  }
  scf.for %i14 = %c0 to %c4 step %c1 {
    %a14 = memref.load %acc[%c0] : memref<1xindex>
    %b14 = arith.addi %a14, %k14 : index
    memref.store %b14, %acc[%c0] : memref<1xindex>
  }
  return
}

// CHECK-LABEL: func.func @wrap
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (index) {
// CHECK-NEXT: %[[E:.*]] = scf.execute_region -> index {
// CHECK-COUNT-16: cf.br ^bb
// CHECK-NEXT: ^bb16:
// CHECK-NEXT: %[[S:.*]] = memref.load
// CHECK-NEXT: scf.yield %[[S]] : index
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[E]] : index
// CHECK-NEXT: } else {
// CHECK: return %[[R]]
func.func @wrap(%c: i1, %acc: memref<1xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k0 = arith.constant 1 : index
  %k1 = arith.constant 2 : index
  %k2 = arith.constant 3 : index
  %k3 = arith.constant 4 : index
  %k4 = arith.constant 5 : index
  %k5 = arith.constant 6 : index
  %k6 = arith.constant 7 : index
  %k7 = arith.constant 8 : index
  %k8 = arith.constant 9 : index
  %k9 = arith.constant 10 : index
  %k10 = arith.constant 11 : index
  %k11 = arith.constant 12 : index
  %k12 = arith.constant 13 : index
  %k13 = arith.constant 14 : index
  %k14 = arith.constant 15 : index
  %k15 = arith.constant 16 : index
  %r = scf.if %c -> index {
    scf.for %i0 = %c0 to %c4 step %c1 {
      %a0 = memref.load %acc[%c0] : memref<1xindex>
      %b0 = arith.addi %a0, %k0 : index
      memref.store %b0, %acc[%c0] : memref<1xindex>
    }
    scf.for %i1 = %c0 to %c4 step %c1 {
      %a1 = memref.load %acc[%c0] : memref<1xindex>
      %b1 = arith.addi %a1, %k1 : index
      memref.store %b1, %acc[%c0] : memref<1xindex>
    }
    scf.for %i2 = %c0 to %c4 step %c1 {
      %a2 = memref.load %acc[%c0] : memref<1xindex>
      %b2 = arith.addi %a2, %k2 : index
      memref.store %b2, %acc[%c0] : memref<1xindex>
    }
    scf.for %i3 = %c0 to %c4 step %c1 {
      %a3 = memref.load %acc[%c0] : memref<1xindex>
      %b3 = arith.addi %a3, %k3 : index
      memref.store %b3, %acc[%c0] : memref<1xindex>
    }
    scf.for %i4 = %c0 to %c4 step %c1 {
      %a4 = memref.load %acc[%c0] : memref<1xindex>
      %b4 = arith.addi %a4, %k4 : index
      memref.store %b4, %acc[%c0] : memref<1xindex>
    }
    scf.for %i5 = %c0 to %c4 step %c1 {
      %a5 = memref.load %acc[%c0] : memref<1xindex>
      %b5 = arith.addi %a5, %k5 : index
      memref.store %b5, %acc[%c0] : memref<1xindex>
    }
    scf.for %i6 = %c0 to %c4 step %c1 {
      %a6 = memref.load %acc[%c0] : memref<1xindex>
      %b6 = arith.addi %a6, %k6 : index
      memref.store %b6, %acc[%c0] : memref<1xindex>
    }
    scf.for %i7 = %c0 to %c4 step %c1 {
      %a7 = memref.load %acc[%c0] : memref<1xindex>
      %b7 = arith.addi %a7, %k7 : index
      memref.store %b7, %acc[%c0] : memref<1xindex>
    }
    scf.for %i8 = %c0 to %c4 step %c1 {
      %a8 = memref.load %acc[%c0] : memref<1xindex>
      %b8 = arith.addi %a8, %k8 : index
      memref.store %b8, %acc[%c0] : memref<1xindex>
    }
    scf.for %i9 = %c0 to %c4 step %c1 {
      %a9 = memref.load %acc[%c0] : memref<1xindex>
      %b9 = arith.addi %a9, %k9 : index
      memref.store %b9, %acc[%c0] : memref<1xindex>
    }
    scf.for %i10 = %c0 to %c4 step %c1 {
      %a10 = memref.load %acc[%c0] : memref<1xindex>
      %b10 = arith.addi %a10, %k10 : index
      memref.store %b10, %acc[%c0] : memref<1xindex>
    }
    scf.for %i11 = %c0 to %c4 step %c1 {
      %a11 = memref.load %acc[%c0] : memref<1xindex>
      %b11 = arith.addi %a11, %k11 : index
      memref.store %b11, %acc[%c0] : memref<1xindex>
    }
    scf.for %i12 = %c0 to %c4 step %c1 {
      %a12 = memref.load %acc[%c0] : memref<1xindex>
      %b12 = arith.addi %a12, %k12 : index
      memref.store %b12, %acc[%c0] : memref<1xindex>
    }
    scf.for %i13 = %c0 to %c4 step %c1 {
      %a13 = memref.load %acc[%c0] : memref<1xindex>
      %b13 = arith.addi %a13, %k13 : index
      memref.store %b13, %acc[%c0] : memref<1xindex>
    }
    scf.for %i14 = %c0 to %c4 step %c1 {
      %a14 = memref.load %acc[%c0] : memref<1xindex>
      %b14 = arith.addi %a14, %k14 : index
      memref.store %b14, %acc[%c0] : memref<1xindex>
    }
    scf.for %i15 = %c0 to %c4 step %c1 {
      %a15 = memref.load %acc[%c0] : memref<1xindex>
      %b15 = arith.addi %a15, %k15 : index
      memref.store %b15, %acc[%c0] : memref<1xindex>
    }
    %s = memref.load %acc[%c0] : memref<1xindex>
    scf.yield %s : index
  } else {
    scf.yield %c0 : index
  }
  return %r : index
}
