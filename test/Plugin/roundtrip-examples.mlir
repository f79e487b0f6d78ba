// Every example kernel round-trips through stock mlir-opt with the plugin:
// printing, parsing the printed form and printing again gives the same text.
// RUN: %mlir_opt %S/../../examples/add.mlir -o %t.add.1 && %mlir_opt %t.add.1 -o %t.add.2 && diff %t.add.1 %t.add.2
// RUN: %mlir_opt %S/../../examples/add.mlir --mlir-print-op-generic | %mlir_opt -o %t.add.3 && diff %t.add.1 %t.add.3
// RUN: %mlir_opt %S/../../examples/dma_double_buffer.mlir -o %t.dma_double_buffer.1 && %mlir_opt %t.dma_double_buffer.1 -o %t.dma_double_buffer.2 && diff %t.dma_double_buffer.1 %t.dma_double_buffer.2
// RUN: %mlir_opt %S/../../examples/dma_double_buffer.mlir --mlir-print-op-generic | %mlir_opt -o %t.dma_double_buffer.3 && diff %t.dma_double_buffer.1 %t.dma_double_buffer.3
// RUN: %mlir_opt %S/../../examples/dynamic_grid.mlir -o %t.dynamic_grid.1 && %mlir_opt %t.dynamic_grid.1 -o %t.dynamic_grid.2 && diff %t.dynamic_grid.1 %t.dynamic_grid.2
// RUN: %mlir_opt %S/../../examples/dynamic_grid.mlir --mlir-print-op-generic | %mlir_opt -o %t.dynamic_grid.3 && diff %t.dynamic_grid.1 %t.dynamic_grid.3
// RUN: %mlir_opt %S/../../examples/element_pad.mlir -o %t.element_pad.1 && %mlir_opt %t.element_pad.1 -o %t.element_pad.2 && diff %t.element_pad.1 %t.element_pad.2
// RUN: %mlir_opt %S/../../examples/element_pad.mlir --mlir-print-op-generic | %mlir_opt -o %t.element_pad.3 && diff %t.element_pad.1 %t.element_pad.3
// RUN: %mlir_opt %S/../../examples/gather.mlir -o %t.gather.1 && %mlir_opt %t.gather.1 -o %t.gather.2 && diff %t.gather.1 %t.gather.2
// RUN: %mlir_opt %S/../../examples/gather.mlir --mlir-print-op-generic | %mlir_opt -o %t.gather.3 && diff %t.gather.1 %t.gather.3
// RUN: %mlir_opt %S/../../examples/matmul.mlir -o %t.matmul.1 && %mlir_opt %t.matmul.1 -o %t.matmul.2 && diff %t.matmul.1 %t.matmul.2
// RUN: %mlir_opt %S/../../examples/matmul.mlir --mlir-print-op-generic | %mlir_opt -o %t.matmul.3 && diff %t.matmul.1 %t.matmul.3
// RUN: %mlir_opt %S/../../examples/softmax.mlir -o %t.softmax.1 && %mlir_opt %t.softmax.1 -o %t.softmax.2 && diff %t.softmax.1 %t.softmax.2
// RUN: %mlir_opt %S/../../examples/softmax.mlir --mlir-print-op-generic | %mlir_opt -o %t.softmax.3 && diff %t.softmax.1 %t.softmax.3
// RUN: %mlir_opt %S/../../examples/add.mlir | FileCheck %s
// CHECK: pallas.kernel @add
