// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file -verify-diagnostics

// DMAs and semaphore uses the Pallas TPU lowering rejects.

pallas.kernel @k grid(1) ins(%x: memref<8x128xi1> block [8, 128] map affine_map<(i) -> (0, 0)> in any)
    scratch(%buf: memref<8x128xi1, #pallas.memory_space<vmem>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  // expected-error @+1 {{DMAs with bool dtypes are not supported.}}
  pallas.dma_start %x -> %buf, %sem[] : memref<8x128xi1, #pallas.memory_space<any>> -> memref<8x128xi1, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(1)
    scratch(%a: memref<2x!pallas.semaphore, #pallas.memory_space<semaphore>>,
            %b: memref<2x!pallas.semaphore, #pallas.memory_space<semaphore>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  // expected-error @+1 {{DMA source memref<2x!pallas.semaphore, #pallas.memory_space<semaphore>> is a semaphore ref; DMAs copy data}}
  pallas.dma_start %a -> %b, %sem[] : memref<2x!pallas.semaphore, #pallas.memory_space<semaphore>> -> memref<2x!pallas.semaphore, #pallas.memory_space<semaphore>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(1) ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in any)
    scratch(%buf: memref<8x128xf32, #pallas.memory_space<vmem>>,
            %sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>) {
  // expected-error @+1 {{tpu.wait_dma2 waits on a DMA semaphore (!pallas.dma_semaphore), got memref<!pallas.semaphore, #pallas.memory_space<semaphore>>}}
  pallas.dma_wait %x -> %buf, %sem[] : memref<8x128xf32, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(1) ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in any)
    scratch(%buf: memref<8x128xf32, #pallas.memory_space<vmem>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
            %send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  // expected-error @+1 {{Cannot `wait_send` on a local copy.}}
  pallas.dma_wait %x -> %buf, %sem[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) : memref<8x128xf32, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(1) ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in any)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in any)
    scratch(%send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
            %recv: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i64: 2, 4>}}} {
  %d = pallas.device_id
  // expected-error @+1 {{Number of device ids must match the number of mesh axes, but got 1 ids for a 2D mesh.}}
  pallas.dma_start %x -> %o, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%d) : memref<8x128xf32, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<any>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(1) scratch(%s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>}}} {
  %one = arith.constant 1 : i32
  // expected-error @+1 {{Number of device ids must match the number of mesh axes, but got 2 ids for a 1D mesh.}}
  pallas.semaphore_signal %s[], %one device(%one, %one) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
}

// -----

pallas.kernel @k grid(1) scratch(%s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>) {
  %one = arith.constant 1 : i32
  // expected-error @+1 {{Non-decrementing wait is not supported.}}
  pallas.semaphore_wait %s[], %one {decrement = false} : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
}

// -----

// A priority outside i32 is rejected at the DMA (tpu.enqueue_dma's is i32).
pallas.kernel @k grid(1) scratch(%buf: memref<8x128xf32>,
                                 %sems: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pallas.dma_start' op priority 4294967296 does not fit tpu.enqueue_dma's i32}}
  pallas.dma_start %buf -> %buf, %sems[%c0] {priority = 4294967296} : memref<8x128xf32> -> memref<8x128xf32>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.return
}
