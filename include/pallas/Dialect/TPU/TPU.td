//===- TPU.td - the Mosaic TPU dialect, all of it ------------*- tablegen -*-===//

#ifndef PALLAS_TPU
#define PALLAS_TPU

include "pallas/Dialect/TPU/TPUDialect.td"
include "pallas/Dialect/TPU/TPUAttrs.td"
include "pallas/Dialect/TPU/TPUTypes.td"
include "pallas/Dialect/TPU/TPUOps.td"

#endif // PALLAS_TPU
