// Portable declarations of local (LM) and shared (SM) memory for XPU3 kernels.
//
// The same kernel source compiles with the XPU3 toolchain and with g++ against
// xpu3sim. On the device these macros are the plain dialect declarations; in
// the simulation they are accounted against the per-core LM / per-cluster SM
// capacity, range-checked by the transfers and filled with a poison pattern.
// Both builds put this directory on the include path; only the simulation
// build also adds csrc/xpu3sim/include (the stand-in toolchain headers).
//
//   XPU3_LM_ARRAY(type, name, count)       per-core array in local memory
//   XPU3_LM_SIMD_ARRAY(type, name, count)  the same, 64-byte aligned (__simd__)
//   XPU3_SM_ARRAY(type, name, count)       per-cluster array in shared memory
//   XPU3_SM_SIMD_ARRAY(type, name, count)  the same, 64-byte aligned
//   XPU3_SM_VAR(type, name)                one per-cluster variable in shared memory
//
// Each macro is a declaration statement for a function body (kernel or
// __device__ function); `name` then behaves like the declared array/variable.
#pragma once

#include "xpu/kernel/xtdk.h"

#ifndef XPU3SIM  // XPU3 toolchain: the dialect's own declarations.

#define XPU3_LM_ARRAY(type, name, count) __local__ type name[count]
#define XPU3_LM_SIMD_ARRAY(type, name, count) __simd__ __local__ type name[count]
#define XPU3_SM_ARRAY(type, name, count) __shared__ type name[count]
#define XPU3_SM_SIMD_ARRAY(type, name, count) __simd__ __shared__ type name[count]
#define XPU3_SM_VAR(type, name) __shared__ type name

#else  // xpu3sim: storage the simulation can see.

// An arena block that lives until the end of the scope, and `name` bound to it
// as a reference to an array, so sizeof(name) and decay work as on the device.
#define XPU3SIM_LM_ARRAY_(type, name, count, alignment)                                   \
  ::xpu3sim::kernel_api::LocalArray<type, (count), (alignment)> xpu3sim_lm_##name(#name); \
  type(&name)[(count)] = xpu3sim_lm_##name.elements()

// A static (one per cluster, see __shared__ in xtdk.h) registered the first
// time a core reaches it, and reported as used each time a core passes it.
#define XPU3SIM_SM_(alignment_attribute, type, name, declarator)          \
  alignment_attribute static type declarator;                             \
  static const int xpu3sim_sm_##name =                                    \
      ::xpu3sim::kernel_api::register_shared(&name, sizeof(name), #name); \
  ::xpu3sim::kernel_api::use_shared(xpu3sim_sm_##name)

#define XPU3_LM_ARRAY(type, name, count) XPU3SIM_LM_ARRAY_(type, name, count, alignof(type))
#define XPU3_LM_SIMD_ARRAY(type, name, count) XPU3SIM_LM_ARRAY_(type, name, count, 64)
#define XPU3_SM_ARRAY(type, name, count) XPU3SIM_SM_(, type, name, name[(count)])
#define XPU3_SM_SIMD_ARRAY(type, name, count) \
  XPU3SIM_SM_(__attribute__((aligned(64))), type, name, name[(count)])
#define XPU3_SM_VAR(type, name) XPU3SIM_SM_(, type, name, name)

#endif

// The next index of a loop that strides by `step` (the launch's core count)
// over [.., end): i + step, or `end` once that reaches it, so the 32-bit index
// never overflows, whatever `end` (a dim, at most INT32_MAX) is:
//   for (int b = tid; b < max_bsz; b = xpu3_stride(b, nthreads, max_bsz)) { ... }
__device__ inline int xpu3_stride(int i, int step, int end) {
  return end - i > step ? i + step : end;
}
