// OPFORGE_SLOT_FN: a function that the CPU, XPU3 and CUDA kernels of an op
// all call, so that a per-slot decision is written once
// (docs/authoring.md, "Per-slot logic shared by the kernels").
//
// An op's shared functions live in csrc/kernels/shared/<op>.h, which each
// kernel includes after its generated declaration:
//
//   #include "shared/<op>.h"
//
//   // csrc/kernels/shared/<op>.h
//   #pragma once
//   #include <cstdint>
//   #include "opforge/slot_fn.h"
//   namespace opforge::<op> {
//   OPFORGE_SLOT_FN int32_t output_rows(int32_t fed, int32_t encoder) { ... }
//   }
//
// What the macro is, per kind of kernel:
//
//   CUDA (nvcc, and g++ against csrc/cudasim)   __host__ __device__ inline
//   XPU3 (the toolchain, and g++ against
//         csrc/xpu3sim)                           __device__ inline
//   CPU                                         inline
//
// The kind is told apart by what its compiler predefines: nvcc __CUDACC__,
// the XPU3 toolchain __xpu__ (for a .xpu file), so the include's place does
// not matter there. Under the simulations (g++) the qualifiers are empty
// macros (CUDASIM and __xpu__ come from their stand-in <cuda_runtime.h> and
// "xpu/kernel/xtdk.h"), so any branch compiles the same function there.
//
// A shared function works on values: scalars in, a scalar (or a struct of
// scalars) out, and locals; pointers and references only to the caller's
// locals (on XPU3 an unqualified pointer in a device function is local
// memory). It never touches a tensor: global memory is the kernel's, read
// and written in the kernel's own way (args.<name>[b]; GM2LM/LM2GM). It calls
// only other OPFORGE_SLOT_FN functions and operators (no std::, no min/max:
// each kind has its own, or none; opforge::slot_min/slot_max below serve all
// three). tools/xpu3_check.py holds a shared header to the XPU3 dialect's
// rules where an XPU3 kernel includes it, and refuses a function there
// without OPFORGE_SLOT_FN and a call passing a global pointer to one.
#pragma once

#if defined(OPFORGE_XPU3_CHECK)
// tools/xpu3_check.py's parse only: marks what the macro qualifies, so the
// check sees it on the function (clang's annotate attribute; g++ warns on it).
#define OPFORGE_SLOT_FN_MARK __attribute__((annotate("opforge_slot_fn")))
#else
#define OPFORGE_SLOT_FN_MARK
#endif

#if defined(__CUDACC__) || defined(CUDASIM)
#define OPFORGE_SLOT_FN OPFORGE_SLOT_FN_MARK __host__ __device__ inline
#elif defined(__xpu__)
#define OPFORGE_SLOT_FN OPFORGE_SLOT_FN_MARK __device__ inline
#else
#define OPFORGE_SLOT_FN OPFORGE_SLOT_FN_MARK inline
#endif

namespace opforge {

// The lesser and the greater of two values of one type, on every kind.
template <typename T>
OPFORGE_SLOT_FN T slot_min(T a, T b) {
  return b < a ? b : a;
}
template <typename T>
OPFORGE_SLOT_FN T slot_max(T a, T b) {
  return a < b ? b : a;
}
// v clamped into [lo, hi] (lo <= hi): how a kernel reads an out-of-domain value.
template <typename T>
OPFORGE_SLOT_FN T slot_clamp(T v, T lo, T hi) {
  return v < lo ? lo : (hi < v ? hi : v);
}

}  // namespace opforge
