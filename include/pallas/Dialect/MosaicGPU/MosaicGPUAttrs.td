//===- MosaicGPUAttrs.td - enums and attributes of mosaic_gpu *- tablegen -*-===//
//
// The enums are plain I32EnumAttrs: their attributes are i32 IntegerAttrs
// (`oob_fill_mode = 2 : i32`, `#mosaic_gpu.swizzle<128 : i32>`), never
// keywords, exactly as jaxlib prints them. Summaries that appear in
// constraint messages are jaxlib's.
//
//===----------------------------------------------------------------------===//

#ifndef PALLAS_MOSAIC_GPU_ATTRS
#define PALLAS_MOSAIC_GPU_ATTRS

include "pallas/Dialect/MosaicGPU/MosaicGPUDialect.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/EnumAttr.td"

class MosaicGPU_I32Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::mosaic_gpu";
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def MosaicGPU_Dimension : MosaicGPU_I32Enum<"Dimension",
    "a dimension, either 'x', 'y', or 'z'", [
  I32EnumAttrCase<"x", 0>,
  I32EnumAttrCase<"y", 1>,
  I32EnumAttrCase<"z", 2>]>;

def MosaicGPU_SwizzlingMode : MosaicGPU_I32Enum<"SwizzlingMode",
    "What swizzling to use for a memory access.", [
  I32EnumAttrCase<"kNoSwizzle", 16>,
  I32EnumAttrCase<"k32ByteSwizzle", 32>,
  I32EnumAttrCase<"k64ByteSwizzle", 64>,
  I32EnumAttrCase<"k128ByteSwizzle", 128>]>;

def MosaicGPU_TMAReduction : MosaicGPU_I32Enum<"TMAReduction",
    "Reduction operation for TMA.", [
  I32EnumAttrCase<"Add", 0, "add">,
  I32EnumAttrCase<"Min", 1, "min">,
  I32EnumAttrCase<"Max", 2, "max">,
  I32EnumAttrCase<"Inc", 3, "inc">,
  I32EnumAttrCase<"Dec", 4, "dec">,
  I32EnumAttrCase<"And", 5, "and">,
  I32EnumAttrCase<"Or", 6, "or">,
  I32EnumAttrCase<"Xor", 7, "xor">,
  I32EnumAttrCase<"Umin", 8, "umin">,
  I32EnumAttrCase<"Umax", 9, "umax">,
  I32EnumAttrCase<"Smin", 10, "smin">,
  I32EnumAttrCase<"Smax", 11, "smax">]>;

def MosaicGPU_OOBFillMode : MosaicGPU_I32Enum<"OOBFillMode",
    "Out of bounds fill mode for TMA.", [
  I32EnumAttrCase<"kUndefined", 0, "undefined">,
  I32EnumAttrCase<"kPromiseInBounds", 1, "promise_in_bounds">,
  I32EnumAttrCase<"kZeros", 2, "zeros">]>;

def MosaicGPU_MultimemLoadReductionType
    : MosaicGPU_I32Enum<"MultimemLoadReductionType",
    "Reduction operation for multimem reduction.", [
  I32EnumAttrCase<"Add", 0, "add">,
  I32EnumAttrCase<"Min", 1, "min">,
  I32EnumAttrCase<"Max", 2, "max">,
  I32EnumAttrCase<"And", 3, "and">,
  I32EnumAttrCase<"Or", 4, "or">,
  I32EnumAttrCase<"Xor", 5, "xor">,
  I32EnumAttrCase<"Umin", 6, "umin">,
  I32EnumAttrCase<"Umax", 7, "umax">,
  I32EnumAttrCase<"Smin", 8, "smin">,
  I32EnumAttrCase<"Smax", 9, "smax">]>;

def MosaicGPU_AtomicOpType : MosaicGPU_I32Enum<"AtomicOpType",
    "Atomic store operation type", [
  I32EnumAttrCase<"Add", 0, "add">,
  I32EnumAttrCase<"Min", 1, "min">,
  I32EnumAttrCase<"Max", 2, "max">,
  I32EnumAttrCase<"And", 3, "and">,
  I32EnumAttrCase<"Or", 4, "or">,
  I32EnumAttrCase<"Xor", 5, "xor">]>;

//===----------------------------------------------------------------------===//
// Fragmented-array layouts (layout inference's in_layouts/out_layouts)
//===----------------------------------------------------------------------===//

def MosaicGPU_WGStridedFragLayout
    : MosaicGPU_Attr<"WGStridedFragLayout", "WGStridedFragLayout"> {
  // jaxlib's summary: constraint messages (layout_cast) quote it.
  let summary = "Annotates an array that can be collapsed to 1D and sharded across threads.";
  let description = [{
    `#mosaic_gpu.WGStridedFragLayout<[64, 128], 2>`: the array of the given
    shape, read in row-major order, is dealt to the 128 threads of the
    warpgroup in runs of `vector_size` contiguous elements. Used for
    elementwise code.
  }];
  let parameters = (ins "::mlir::DenseI64ArrayAttr":$shape, "int":$vector_size);
  let assemblyFormat = "`<` $shape `,` $vector_size `>`";
}

def MosaicGPU_WGSplatFragLayout
    : MosaicGPU_Attr<"WGSplatFragLayout", "WGSplatFragLayout"> {
  let summary = "a scalar splat to a shape, one copy per thread";
  let description = [{
    `#mosaic_gpu.WGSplatFragLayout<[64, 192]>`: every thread holds the one
    value the array of this shape is filled with.
  }];
  let parameters = (ins "::mlir::DenseI64ArrayAttr":$shape);
  let assemblyFormat = "`<` $shape `>`";
}

def MosaicGPU_Replicated : MosaicGPU_Attr<"Replicated", "Replicated"> {
  let summary = "a tiled-layout dimension holding copies of the same data";
  let description = [{
    `#mosaic_gpu.Replicated<times = 4>` in the `warp_dims`/`lane_dims` of a
    `#mosaic_gpu.TiledLayout`: that many warps or lanes hold the same values.
  }];
  let parameters = (ins "int":$times);
  let assemblyFormat = "`<` `times` `=` $times `>`";
}

def MosaicGPU_TiledLayout : MosaicGPU_Attr<"TiledLayout", "TiledLayout"> {
  // jaxlib's summary: constraint messages (layout_cast) quote it.
  let summary = "A layout derived from a tiling expression.";
  let description = [{
    `#mosaic_gpu.TiledLayout<[[64, 8], [16, 8], [8, 8], [2]], warp_dims = [-7],
    lane_dims = [-3, -2], vector_dim = -1>` (the WGMMA accumulator layout):
    the array is tiled by each tile of `tiling` in turn; `warp_dims` and
    `lane_dims` name the dimensions of the tiled shape (negative: from the
    end) spread over warps and lanes, or `#mosaic_gpu.Replicated` entries;
    `vector_dim` is the dimension kept in each thread's vector registers.
  }];
  let parameters = (ins "::mlir::ArrayAttr":$tiling, "::mlir::ArrayAttr":$warp_dims,
                        "::mlir::ArrayAttr":$lane_dims, "int":$vector_dim);
  let assemblyFormat = "`<` $tiling `,` `warp_dims` `=` $warp_dims `,` "
      "`lane_dims` `=` $lane_dims `,` `vector_dim` `=` $vector_dim `>`";
}

//===----------------------------------------------------------------------===//
// SMEM transforms (with_transforms, in_transforms/out_transforms). The def
// names are jaxlib's: parse errors quote them.
//===----------------------------------------------------------------------===//

def TileTransformAttr : MosaicGPU_Attr<"TileTransform", "tile"> {
  let summary = "tiling of the minor dimensions of an SMEM ref";
  let description = [{
    `#mosaic_gpu.tile<[8, 64]>` tiles the last two dimensions by 8x64: a
    `memref<5x16x128xf16>` is laid out as 5x2x2x8x64. A tiled dimension must
    be smaller than its tile or a multiple of it. WGMMA operands use it
    together with a swizzle.
  }];
  let parameters = (ins "::mlir::DenseI32ArrayAttr":$tiling);
  let assemblyFormat = "`<` $tiling `>`";
}

def SwizzleTransformAttr : MosaicGPU_Attr<"SwizzleTransform", "swizzle"> {
  let summary = "swizzling of an SMEM ref";
  let description = [{
    `#mosaic_gpu.swizzle<128 : i32>`: the ref's bytes are swizzled with the
    given span (16 for none, 32, 64 or 128 bytes); the mode is an i32
    integer attribute, not a keyword.
  }];
  let parameters = (ins "SwizzlingModeAttr":$swizzle);
  let assemblyFormat = "`<` $swizzle `>`";
}

//===----------------------------------------------------------------------===//
// Copy partitions (async_load's leader_tracked)
//===----------------------------------------------------------------------===//

// Implemented by both copy partitions. As an attribute constraint its
// storage is the interface: anything else is rejected when the property is
// set, as in jaxlib ("Invalid attribute `leader_tracked` in property
// conversion"). build.rs generates it from this file.
def MosaicGPU_CopyPartitionAttrInterface : AttrInterface<"CopyPartition"> {
  let cppNamespace = "::mlir::mosaic_gpu";
  let description = [{
    How a collective TMA copy is split over the blocks of a cluster.
  }];
}

def MosaicGPU_CopyReplicatedAttr
    : MosaicGPU_Attr<"CopyReplicated", "copy_replicated",
                     [MosaicGPU_CopyPartitionAttrInterface]> {
  let summary = "every block of the cluster loads the same data";
}

def MosaicGPU_CopyPartitionedAttr
    : MosaicGPU_Attr<"CopyPartitioned", "copy_partitioned",
                     [MosaicGPU_CopyPartitionAttrInterface]> {
  let summary = "the copy is split between the blocks along an axis";
  let parameters = (ins "int":$axis);
  let assemblyFormat = "`<` `axis` `=` $axis `>`";
}

//===----------------------------------------------------------------------===//
// Memory spaces
//===----------------------------------------------------------------------===//

def MosaicGPU_TmemAttr : MosaicGPU_Attr<"Tmem", "tmem"> {
  let summary = "Tensor memory space.";
  let description = [{
    Blackwell's tensor memory, as a memref memory space:
    `memref<128x128xf32, #mosaic_gpu.tmem>`.
  }];
}

def MosaicGPU_SmemClusterAttr : MosaicGPU_Attr<"SmemCluster", "smem_cluster"> {
  let summary = "Cluster shared memory space.";
  let description = [{
    The shared memory of another block of the cluster, as a memref memory
    space (the result of `mosaic_gpu.get_cluster_ref`).
  }];
}

#endif // PALLAS_MOSAIC_GPU_ATTRS
