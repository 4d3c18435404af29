// xpu3sim stand-in for "xpu/kernel/xtdk_io.h": DMA transfers between global
// memory (GM), the core's local memory (LM) and the cluster's shared memory
// (SM). Arguments are (source, destination, length in bytes), as on XPU3.
//
// Every transfer is range-checked when it is issued: the GM side must lie in
// one device_malloc allocation, the LM side in one XPU3_LM_ARRAY or the core's
// own local variables, the SM side in one XPU3_SM_ARRAY or another __shared__
// variable. Every transfer also lets other cores of the cluster run first.
// *_ASYNC transfers land at the next mfence*() or synchronous transfer of the
// same core, so reading the destination (or rewriting the source) before the
// fence sees exactly what a slow DMA engine would allow.
#pragma once

#include <cstdint>

#include "xpu/kernel/xtdk.h"

#define XPU3SIM_DEFINE_TRANSFER(op, from_space, to_space, is_async)               \
  inline void op(const void* src, void* dst, std::int64_t bytes,                 \
                 const char* file = __builtin_FILE(), int line = __builtin_LINE()) { \
    xpu3sim::kernel_api::copy(xpu3sim::kernel_api::Space::from_space,             \
                              xpu3sim::kernel_api::Space::to_space, is_async, src,  \
                              dst, bytes, #op, file, line);                        \
  }

XPU3SIM_DEFINE_TRANSFER(GM2LM, global, local, false)
XPU3SIM_DEFINE_TRANSFER(LM2GM, local, global, false)
XPU3SIM_DEFINE_TRANSFER(GM2LM_ASYNC, global, local, true)
XPU3SIM_DEFINE_TRANSFER(LM2GM_ASYNC, local, global, true)
XPU3SIM_DEFINE_TRANSFER(GM2SM, global, shared, false)
XPU3SIM_DEFINE_TRANSFER(SM2GM, shared, global, false)
XPU3SIM_DEFINE_TRANSFER(GM2SM_ASYNC, global, shared, true)
XPU3SIM_DEFINE_TRANSFER(SM2GM_ASYNC, shared, global, true)
XPU3SIM_DEFINE_TRANSFER(LM2SM, local, shared, false)
XPU3SIM_DEFINE_TRANSFER(SM2LM, shared, local, false)
XPU3SIM_DEFINE_TRANSFER(LM2SM_ASYNC, local, shared, true)
XPU3SIM_DEFINE_TRANSFER(SM2LM_ASYNC, shared, local, true)

#undef XPU3SIM_DEFINE_TRANSFER
