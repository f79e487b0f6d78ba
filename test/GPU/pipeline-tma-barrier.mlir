// pallas-gpu-to-llvm on JAX's own final module of gpu_tma_barrier
// (test/Reference/GPU/lowered/, written by scripts/jax/dump_gpu_reference.py
// --final): one warpgroup copies two 128x128 f32 halves of a 256x128 array
// into SMEM with TMA on one barrier, scales them and stores them back with
// bulk copies. Expected by hand from the kernel: 2 x 65536 bytes of SMEM
// scratch, then the 8-byte barrier at offset 131072 (131080 dynamic bytes);
// one TMA descriptor (128 bytes) encoded on the host and passed by value;
// each TMA load expects 65536 bytes = 512 per thread of the warpgroup, at
// rows 0 and 128 (coordinates innermost first: {0, 0} and {0, 128}).
// RUN: %mlir_opt %repo/test/Reference/GPU/lowered/gpu_tma_barrier.mlir \
// RUN:   -p 'builtin.module(pallas-gpu-to-llvm)' -o %t.mlir 2> %t.err
// RUN: not grep . %t.err
// RUN: FileCheck %s --check-prefix=HOST < %t.mlir
// RUN: %python %repo/scripts/gpu/extract_ptx.py %t.mlir -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// The registered pipeline is the text of scripts/gpu-pipeline.txt, and
// pallas-opt runs it as a flag (the serializer records its own run time,
// which differs from run to run).
// RUN: %mlir_opt %repo/test/Reference/GPU/lowered/gpu_tma_barrier.mlir \
// RUN:   -p 'builtin.module(%gpu_pipeline)' -o %t.text.mlir
// RUN: %pallas_opt %repo/test/Reference/GPU/lowered/gpu_tma_barrier.mlir --pallas-gpu-to-llvm -o %t.flag.mlir
// RUN: sed -e 's/LLVMIRToISATimeInMs = [0-9]*//' %t.mlir > %t.a
// RUN: sed -e 's/LLVMIRToISATimeInMs = [0-9]*//' %t.text.mlir > %t.b
// RUN: sed -e 's/LLVMIRToISATimeInMs = [0-9]*//' %t.flag.mlir > %t.c
// RUN: diff %t.a %t.b
// RUN: diff %t.a %t.c

// HOST: llvm.func @mosaic_gpu_init_tma_desc(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
// HOST: llvm.func @body_mosaic_gpu(%[[STREAM:.*]]: !llvm.ptr, %{{.*}}: !llvm.ptr) attributes {llvm.emit_c_interface}
// HOST-DAG: %[[SMEM:.*]] = llvm.mlir.constant(131080 : i32) : i32
// HOST-DAG: %[[WG:.*]] = llvm.mlir.constant(128 : index) : i64
// HOST-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// HOST: %[[DESCS:.*]] = llvm.alloca %{{.*}} x !llvm.array<128 x i8> {alignment = 64 : i64
// HOST: llvm.call @mosaic_gpu_init_tma_desc(%[[DESCS]],
// HOST-NOT: llvm.call @mosaic_gpu_init_tma_desc
// HOST: %[[BYTES:.*]] = llvm.load %[[DESCS]] : !llvm.ptr -> !llvm.array<128 x i8>
// HOST: gpu.launch_func <%[[STREAM]] : !llvm.ptr> @body_mosaic_gpu_kernel::@body_mosaic_gpu_kernel blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[WG]], %[[ONE]], %[[ONE]]) : i64 dynamic_shared_memory_size %[[SMEM]] args(%[[BYTES]] : !llvm.array<128 x i8>,
// The C interface of the host entry (llvm.emit_c_interface), as a runtime
// calls it with the stream and the buffer array.
// HOST: llvm.func @_mlir_ciface_body_mosaic_gpu(%[[S:.*]]: !llvm.ptr, %[[B:.*]]: !llvm.ptr)
// HOST-NEXT: llvm.call @body_mosaic_gpu(%[[S]], %[[B]]) : (!llvm.ptr, !llvm.ptr) -> ()
// HOST: gpu.binary @body_mosaic_gpu_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx81">, {{.*}}assembly = "

// PTX: .version 8.1
// PTX: .target sm_90a
// PTX: .visible .entry body_mosaic_gpu_kernel(
// PTX-NEXT: .param .align 64 .b8 body_mosaic_gpu_kernel_param_0[128],
// PTX: .maxntid 128, 1, 1
// The descriptor's generic address is that of the grid-constant parameter.
// PTX: mov.b64 %[[PARAM:rd[0-9]+]], body_mosaic_gpu_kernel_param_0;
// PTX: cvta.param.u64 %[[DESC:rd[0-9]+]], %[[PARAM]];
// PTX: mbarrier.init.shared.b64
// PTX: fence.mbarrier_init.release.cluster;
// PTX: mov.b32 %[[TX:r[0-9]+]], 512;
// PTX: mbarrier.arrive.expect_tx.shared.b64 %{{rd[0-9]+}}, [__dynamic_shmem__0+131072], %[[TX]];
// PTX: mov.b32 %[[ZERO:r[0-9]+]], 0;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%{{r[0-9]+}}], [%[[DESC]], {%[[ZERO]],%[[ZERO]]} ]
// PTX: mbarrier.arrive.expect_tx.shared.b64 %{{rd[0-9]+}}, [__dynamic_shmem__0+131072], %[[TX]];
// PTX: mov.b32 %[[ROW:r[0-9]+]], 128;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%{{r[0-9]+}}], [%[[DESC]], {%[[ZERO]],%[[ROW]]} ]
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: fence.proxy.async.shared::cta;
// PTX: cp.async.bulk.global.shared::cta.bulk_group
// PTX: cp.async.bulk.commit_group;
// PTX: cp.async.bulk.global.shared::cta.bulk_group
// PTX: cp.async.bulk.commit_group;
// PTX: cp.async.bulk.wait_group.read 0;
// PTX-NOT: cp.async.bulk.tensor
