// fuzz reproducer: convert-pallas-to-scf: panic src/conversion/pallas_to_scf/kernel.rs: attempt to multiply with overflow
module {
  pallas.kernel @k grid(4611686018427387904) names("core")
      outs(%o: memref<6xi32> block [6] map affine_map<(c) -> (0)> in hbm)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>,
              %buf: memref<3xi32, #pallas.memory_space<smem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
    %c = pallas.axis_index "core"
    %zero = arith.constant 0 : i32
    %is0 = arith.cmpi eq, %c, %zero : i32
    scf.if %is0 {
    }
    %r0 = pallas.semaphore_read %sem[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    scf.if %is0 {
    }
    %r1 = pallas.semaphore_read %sem[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.store %r1, %buf[%i2] : i32, memref<3xi32, #pallas.memory_space<smem>>
    %three = arith.constant 7 : i32
    %at = arith.muli %c, %three : i32
    %ati = arith.index_cast %at : i32 to index
    %dst = memref.subview %o[%ati] [3] [1] : memref<6xi32, #pallas.memory_space<hbm>> to memref<3xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %buf -> %dst, %t[] : memref<3xi32, #pallas.memory_space<smem>> -> memref<3xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %buf -> %dst, %t[] : memref<3xi32, #pallas.memory_space<smem>> -> memref<3xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }

  func.func @main() {
    %o = memref.alloc() : memref<6xi32>
    return
  }
}
