//===- MosaicGPU.td - the Mosaic GPU dialect, all of it ------*- tablegen -*-===//

#ifndef PALLAS_MOSAIC_GPU
#define PALLAS_MOSAIC_GPU

include "pallas/Dialect/MosaicGPU/MosaicGPUDialect.td"
include "pallas/Dialect/MosaicGPU/MosaicGPUAttrs.td"
include "pallas/Dialect/MosaicGPU/MosaicGPUTypes.td"
include "pallas/Dialect/MosaicGPU/MosaicGPUOps.td"

#endif // PALLAS_MOSAIC_GPU
