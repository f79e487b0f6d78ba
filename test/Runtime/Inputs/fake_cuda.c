// A stand-in for the CUDA driver (libcuda.so.1) used by
// test/Runtime/fake-driver.mlir: PALLAS_CUDA_DRIVER points the runtime at
// this library, so the whole runtime (argument conversion, structures, the
// order of driver calls) runs on machines without a GPU. Each function
// prints what it received on stderr; memory is host memory, kernels are not
// run (a launch prints its parameters instead). FAKE_CUDA_FAIL=<function
// name> makes that function fail with CUDA_ERROR_INVALID_VALUE.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef void *Handle;

enum { INVALID_VALUE = 1 };

static int context_depth;
static char context_token, module_token;
// Streams and events are numbered in creation order ("stream 1", ...).
static char stream_tokens[8], event_tokens[8];
static int streams, events;

static const char *stream_name(Handle stream) {
  static char buffer[8][32];
  static int next;
  char *name = buffer[next++ % 8];
  if (!stream)
    return "the null stream";
  for (int i = 0; i < streams; ++i)
    if (stream == &stream_tokens[i]) {
      snprintf(name, 32, "stream %d", i + 1);
      return name;
    }
  return "?";
}

static int event_number(Handle event) {
  for (int i = 0; i < events; ++i)
    if (event == &event_tokens[i])
      return i + 1;
  return 0;
}

static CUresult result(const char *name) {
  const char *fail = getenv("FAKE_CUDA_FAIL");
  return fail && strcmp(fail, name) == 0 ? INVALID_VALUE : 0;
}

// Every call but cuInit and the context calls must come with the context
// pushed.
static void need_context(const char *name) {
  if (context_depth != 1)
    fprintf(stderr, "fake: %s called with context depth %d\n", name, context_depth);
}

CUresult cuInit(unsigned flags) {
  fprintf(stderr, "fake: cuInit(%u)\n", flags);
  return result("cuInit");
}

CUresult cuGetErrorName(CUresult code, const char **name) {
  if (code != INVALID_VALUE)
    return INVALID_VALUE;
  *name = "CUDA_ERROR_INVALID_VALUE";
  return 0;
}

CUresult cuGetErrorString(CUresult code, const char **text) {
  if (code != INVALID_VALUE)
    return INVALID_VALUE;
  *text = "invalid argument";
  return 0;
}

CUresult cuDeviceGet(int *device, int ordinal) {
  *device = ordinal;
  return result("cuDeviceGet");
}

CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  // 97: the opt-in shared memory per block; an H100's 227 KiB.
  *value = attribute == 97 ? 232448 : 0;
  fprintf(stderr, "fake: cuDeviceGetAttribute(%d, device %d)\n", attribute, device);
  return result("cuDeviceGetAttribute");
}

CUresult cuDevicePrimaryCtxRetain(Handle *ctx, int device) {
  fprintf(stderr, "fake: cuDevicePrimaryCtxRetain(device %d)\n", device);
  *ctx = &context_token;
  return result("cuDevicePrimaryCtxRetain");
}

CUresult cuCtxPushCurrent_v2(Handle ctx) {
  if (ctx != &context_token)
    fprintf(stderr, "fake: pushing an unknown context\n");
  ++context_depth;
  return 0;
}

CUresult cuCtxPopCurrent_v2(Handle *ctx) {
  --context_depth;
  if (ctx)
    *ctx = &context_token;
  return 0;
}

CUresult cuModuleLoadData(Handle *module, const void *image) {
  need_context("cuModuleLoadData");
  const unsigned char *bytes = image;
  fprintf(stderr, "fake: cuModuleLoadData(image starting %02x %02x %02x %02x)\n", bytes[0], bytes[1], bytes[2],
          bytes[3]);
  *module = &module_token;
  return result("cuModuleLoadData");
}

CUresult cuModuleLoadDataEx(Handle *module, const void *image, unsigned count, int *options,
                            void **values) {
  need_context("cuModuleLoadDataEx");
  const char *ptx = image;
  const char *entry = strstr(ptx, ".entry ");
  fprintf(stderr, "fake: cuModuleLoadDataEx(%zu bytes of PTX, entry '%.*s', %u options:", strlen(ptx),
          entry ? (int)strcspn(entry + 7, "(\n ") : 0, entry ? entry + 7 : "", count);
  for (unsigned i = 0; i < count; ++i) {
    // 7: optimization level, 6: error log size; 5 (the log buffer) is a pointer.
    if (options[i] == 5)
      fprintf(stderr, " 5=buffer");
    else
      fprintf(stderr, " %d=%ld", options[i], (long)(intptr_t)values[i]);
  }
  fprintf(stderr, ")\n");
  *module = &module_token;
  return result("cuModuleLoadDataEx");
}

CUresult cuModuleUnload(Handle module) {
  need_context("cuModuleUnload");
  fprintf(stderr, "fake: cuModuleUnload(%s)\n", module == &module_token ? "the module" : "?");
  return result("cuModuleUnload");
}

CUresult cuModuleGetFunction(Handle *function, Handle module, const char *name) {
  need_context("cuModuleGetFunction");
  fprintf(stderr, "fake: cuModuleGetFunction(%s, %s)\n", module == &module_token ? "the module" : "?",
          name);
  *function = strdup(name);
  return result("cuModuleGetFunction");
}

CUresult cuFuncSetAttribute(Handle function, int attribute, int value) {
  need_context("cuFuncSetAttribute");
  fprintf(stderr, "fake: cuFuncSetAttribute(%s, %d, %d)\n", (const char *)function, attribute, value);
  return result("cuFuncSetAttribute");
}

// The parameters of test/Runtime/fake-driver.mlir's kernel @scale(memref<64xf32>, f32):
// the memref's five descriptor fields, then the scalar (other kernels: nothing).
static void print_scale_params(const char *function, void **params) {
  if (strcmp(function, "scale") != 0)
    return;
  float *data = *(float **)params[1];
  fprintf(stderr, "fake:   params: offset %ld, size %ld, stride %ld, s %g, data[0] %g, data[63] %g\n",
          (long)*(int64_t *)params[2], (long)*(int64_t *)params[3], (long)*(int64_t *)params[4],
          *(float *)params[5], data[0], data[63]);
}

// Mosaic GPU kernels (test/GPU/) with FAKE_CUDA_DESCRIPTORS=N set take the
// host-encoded TMA descriptors as their first, by-value parameter: N slots of
// 128 bytes, each filled with 0xab by the stand-in encoder below. Prints the
// first and last byte of each slot.
static void print_descriptor_param(void **params) {
  const char *n = getenv("FAKE_CUDA_DESCRIPTORS");
  if (!n)
    return;
  const unsigned char *bytes = params[0];
  fprintf(stderr, "fake:   descriptor param:");
  for (int i = 0; i < atoi(n); ++i)
    fprintf(stderr, " [%d] %02x..%02x", i, bytes[128 * i], bytes[128 * i + 127]);
  fprintf(stderr, "\n");
}

CUresult cuLaunchKernel(Handle function, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned smem, Handle stream, void **params,
                        void **extra) {
  need_context("cuLaunchKernel");
  fprintf(stderr, "fake: cuLaunchKernel(%s, grid %ux%ux%u, block %ux%ux%u, smem %u, %s, extra %s)\n",
          (const char *)function, gx, gy, gz, bx, by, bz, smem,
          stream_name(stream), extra ? "set" : "null");
  print_scale_params((const char *)function, params);
  print_descriptor_param(params);
  return result("cuLaunchKernel");
}

// CUlaunchConfig and CUlaunchAttribute as cuda.h lays them out.
typedef struct {
  int id;
  char pad[4];
  union {
    struct {
      unsigned x, y, z;
    } clusterDim;
    char bytes[64];
  } value;
} LaunchAttribute;

typedef struct {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  Handle hStream;
  LaunchAttribute *attrs;
  unsigned numAttrs;
} LaunchConfig;

CUresult cuLaunchKernelEx(const LaunchConfig *c, Handle function, void **params, void **extra) {
  need_context("cuLaunchKernelEx");
  fprintf(stderr,
          "fake: cuLaunchKernelEx(%s, grid %ux%ux%u, block %ux%ux%u, smem %u, %s, extra %s, %u "
          "attribute(s):",
          (const char *)function, c->gridDimX, c->gridDimY, c->gridDimZ, c->blockDimX, c->blockDimY,
          c->blockDimZ, c->sharedMemBytes, stream_name(c->hStream),
          extra ? "set" : "null", c->numAttrs);
  for (unsigned i = 0; i < c->numAttrs; ++i)
    fprintf(stderr, " id %d cluster %ux%ux%u", c->attrs[i].id, c->attrs[i].value.clusterDim.x,
            c->attrs[i].value.clusterDim.y, c->attrs[i].value.clusterDim.z);
  fprintf(stderr, ")\n");
  print_scale_params((const char *)function, params);
  print_descriptor_param(params);
  return result("cuLaunchKernelEx");
}

CUresult cuStreamCreate(Handle *stream, unsigned flags) {
  need_context("cuStreamCreate");
  fprintf(stderr, "fake: cuStreamCreate(flags %u)\n", flags);
  *stream = &stream_tokens[streams++ % 8];
  return result("cuStreamCreate");
}

CUresult cuStreamSynchronize(Handle stream) {
  need_context("cuStreamSynchronize");
  fprintf(stderr, "fake: cuStreamSynchronize(%s)\n", stream_name(stream));
  return result("cuStreamSynchronize");
}

CUresult cuStreamDestroy_v2(Handle stream) {
  need_context("cuStreamDestroy_v2");
  fprintf(stderr, "fake: cuStreamDestroy_v2(%s)\n", stream_name(stream));
  return result("cuStreamDestroy_v2");
}

CUresult cuMemAlloc_v2(uint64_t *ptr, size_t bytes) {
  need_context("cuMemAlloc_v2");
  fprintf(stderr, "fake: cuMemAlloc_v2(%zu)\n", bytes);
  *ptr = (uint64_t)(uintptr_t)aligned_alloc(256, (bytes + 255) / 256 * 256);
  return result("cuMemAlloc_v2");
}

CUresult cuMemAllocManaged(uint64_t *ptr, size_t bytes, unsigned flags) {
  need_context("cuMemAllocManaged");
  fprintf(stderr, "fake: cuMemAllocManaged(%zu, flags %u)\n", bytes, flags);
  *ptr = (uint64_t)(uintptr_t)aligned_alloc(256, (bytes + 255) / 256 * 256);
  return result("cuMemAllocManaged");
}

CUresult cuMemFree_v2(uint64_t ptr) {
  need_context("cuMemFree_v2");
  fprintf(stderr, "fake: cuMemFree_v2\n");
  free((void *)(uintptr_t)ptr);
  return result("cuMemFree_v2");
}

CUresult cuMemcpyAsync(uint64_t dst, uint64_t src, size_t bytes, Handle stream) {
  need_context("cuMemcpyAsync");
  fprintf(stderr, "fake: cuMemcpyAsync(%zu bytes, %s)\n", bytes, stream_name(stream));
  memcpy((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, bytes);
  return result("cuMemcpyAsync");
}

CUresult cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t bytes) {
  need_context("cuMemcpyHtoD_v2");
  fprintf(stderr, "fake: cuMemcpyHtoD_v2(%zu bytes)\n", bytes);
  memcpy((void *)(uintptr_t)dst, src, bytes);
  return result("cuMemcpyHtoD_v2");
}

CUresult cuMemsetD32Async(uint64_t dst, unsigned value, size_t count, Handle stream) {
  need_context("cuMemsetD32Async");
  fprintf(stderr, "fake: cuMemsetD32Async(%#x, %zu, %s)\n", value, count, stream_name(stream));
  for (size_t i = 0; i < count; ++i)
    ((uint32_t *)(uintptr_t)dst)[i] = value;
  return result("cuMemsetD32Async");
}

CUresult cuMemsetD16Async(uint64_t dst, unsigned short value, size_t count, Handle stream) {
  need_context("cuMemsetD16Async");
  fprintf(stderr, "fake: cuMemsetD16Async(%#x, %zu, %s)\n", value, count, stream_name(stream));
  for (size_t i = 0; i < count; ++i)
    ((uint16_t *)(uintptr_t)dst)[i] = value;
  return result("cuMemsetD16Async");
}

static void *registered;

CUresult cuMemHostRegister_v2(void *ptr, size_t bytes, unsigned flags) {
  need_context("cuMemHostRegister_v2");
  registered = ptr;
  fprintf(stderr, "fake: cuMemHostRegister_v2(%zu bytes, flags %u)\n", bytes, flags);
  return result("cuMemHostRegister_v2");
}

CUresult cuMemHostUnregister(void *ptr) {
  need_context("cuMemHostUnregister");
  fprintf(stderr, "fake: cuMemHostUnregister(%s)\n", ptr == registered ? "the registered pointer" : "?");
  return result("cuMemHostUnregister");
}

CUresult cuTensorMapEncodeTiled(void *map, int type, unsigned rank, void *address, const uint64_t *dim,
                                const uint64_t *strides, const unsigned *box, const unsigned *elem,
                                int interleave, int swizzle, int l2, int oob) {
  need_context("cuTensorMapEncodeTiled");
  fprintf(stderr, "fake: cuTensorMapEncodeTiled(type %d, rank %u, address %% 128 = %lu, dims", type, rank,
          (unsigned long)((uintptr_t)address % 128));
  for (unsigned i = 0; i < rank; ++i)
    fprintf(stderr, " %lu", (unsigned long)dim[i]);
  fprintf(stderr, ", strides");
  for (unsigned i = 0; i + 1 < rank; ++i)
    fprintf(stderr, " %lu", (unsigned long)strides[i]);
  fprintf(stderr, ", box");
  for (unsigned i = 0; i < rank; ++i)
    fprintf(stderr, " %u", box[i]);
  fprintf(stderr, ", element strides");
  for (unsigned i = 0; i < rank; ++i)
    fprintf(stderr, " %u", elem[i]);
  fprintf(stderr, ", interleave %d, swizzle %d, l2 %d, oob %d, map %% 64 = %lu)\n", interleave, swizzle, l2,
          oob, (unsigned long)((uintptr_t)map % 64));
  memset(map, 0xab, 128);
  return result("cuTensorMapEncodeTiled");
}

CUresult cuEventCreate(Handle *event, unsigned flags) {
  need_context("cuEventCreate");
  *event = &event_tokens[events++ % 8];
  fprintf(stderr, "fake: cuEventCreate(flags %u) = event %d\n", flags, event_number(*event));
  return result("cuEventCreate");
}

CUresult cuEventRecord(Handle event, Handle stream) {
  need_context("cuEventRecord");
  fprintf(stderr, "fake: cuEventRecord(event %d, %s)\n", event_number(event), stream_name(stream));
  return result("cuEventRecord");
}

CUresult cuStreamWaitEvent(Handle stream, Handle event, unsigned flags) {
  need_context("cuStreamWaitEvent");
  fprintf(stderr, "fake: cuStreamWaitEvent(%s, event %d, flags %u)\n", stream_name(stream), event_number(event),
          flags);
  return result("cuStreamWaitEvent");
}

CUresult cuEventSynchronize(Handle event) {
  need_context("cuEventSynchronize");
  fprintf(stderr, "fake: cuEventSynchronize(event %d)\n", event_number(event));
  return result("cuEventSynchronize");
}

CUresult cuEventDestroy_v2(Handle event) {
  need_context("cuEventDestroy_v2");
  fprintf(stderr, "fake: cuEventDestroy_v2(event %d)\n", event_number(event));
  return result("cuEventDestroy_v2");
}
