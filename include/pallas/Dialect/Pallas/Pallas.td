//===- Pallas.td - the whole pallas dialect ----------------*- tablegen -*-===//
#ifndef PALLAS_TD
#define PALLAS_TD
include "pallas/Dialect/Pallas/PallasOps.td"
#endif
