// Stand-in for the CUDA toolchain's cuda_runtime.h, for kernels compiled with
// g++ against the simulation (csrc/cudasim/README.md). The qualifiers expand to
// nothing (or to an attribute), the thread ids are variables the simulation
// sets for the running thread, and the intrinsics call into the simulation.
// Never put this directory on nvcc's include path.
#pragma once

#define CUDASIM 1

#include <math.h>
#include <stdio.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "cudasim/checked.h"
#include "cudasim/types.h"

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
// Plain __shared__ is a function-scope static: one block's memory because
// blocks run one after another, but unchecked (use CUDA_SHARED_ARRAY).
#define __shared__ static
// __restrict__ is g++'s own keyword.

// The running thread's ids, set by the simulation before it resumes a thread.
extern uint3 threadIdx;
extern uint3 blockIdx;
extern dim3 blockDim;
extern dim3 gridDim;
constexpr int warpSize = 32;

// --- runtime API types --------------------------------------------------------

struct CUstream_st;
typedef CUstream_st* cudaStream_t;
enum cudaError_t { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorLaunchFailure = 719 };
typedef cudaError_t cudaError;
// Errors in a simulated launch are exceptions (cudasim::Error), so nothing is
// ever left pending here.
inline cudaError_t cudaGetLastError() {
  return cudaSuccess;
}
inline cudaError_t cudaPeekAtLastError() {
  return cudaSuccess;
}
inline const char* cudaGetErrorString(cudaError_t error) {
  switch (error) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorLaunchFailure: return "unspecified launch failure";
  }
  return "unrecognized error code";
}

// --- the simulation behind the intrinsics -------------------------------------

namespace cudasim {
namespace detail {

enum class Collective : int { shfl, shfl_up, shfl_down, shfl_xor, ballot, any, all, syncwarp };

// __syncthreads: waits until every thread of the block is waiting at this same
// call site; a thread that has returned, or one waiting elsewhere, is an error.
void syncthreads(const char* file, int line);
// The same barrier; returns how many threads of the block passed a nonzero
// predicate.
int syncthreads_count(int predicate, const char* file, int line);
// A warp-level exchange among the lanes of `mask` (all must arrive, at the
// same operation); returns this lane's result.
unsigned long long warp_collective(Collective kind,
                                   unsigned mask,
                                   unsigned long long value,
                                   int arg,
                                   int width,
                                   const char* op,
                                   const char* file,
                                   int line);
unsigned active_mask();
// A raw-pointer atomic (plain __shared__ or an unchecked parameter): no check,
// but other threads may run first, as for every atomic.
void atomic_point(const char* op);

template <class T>
unsigned long long to_bits(T value) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>,
                "warp shuffles move values of at most 8 bytes");
  unsigned long long bits = 0;
  std::memcpy(&bits, &value, sizeof(T));
  return bits;
}
template <class T>
T from_bits(unsigned long long bits) {
  T value;
  std::memcpy(static_cast<void*>(&value), &bits, sizeof(T));
  return value;
}

}  // namespace detail
}  // namespace cudasim

inline void __syncthreads(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  ::cudasim::detail::syncthreads(file, line);
}
inline int __syncthreads_count(int predicate,
                               const char* file = __builtin_FILE(),
                               int line = __builtin_LINE()) {
  return ::cudasim::detail::syncthreads_count(predicate, file, line);
}
inline int __syncthreads_and(int predicate,
                             const char* file = __builtin_FILE(),
                             int line = __builtin_LINE()) {
  return ::cudasim::detail::syncthreads_count(predicate == 0, file, line) == 0;
}
inline int __syncthreads_or(int predicate,
                            const char* file = __builtin_FILE(),
                            int line = __builtin_LINE()) {
  return ::cudasim::detail::syncthreads_count(predicate, file, line) != 0;
}
inline void __syncwarp(unsigned mask = 0xffffffffu,
                       const char* file = __builtin_FILE(),
                       int line = __builtin_LINE()) {
  ::cudasim::detail::warp_collective(
      ::cudasim::detail::Collective::syncwarp, mask, 0, 0, 32, "__syncwarp", file, line);
}
// The simulation's memory is sequentially consistent between switch points.
inline void __threadfence() {}
inline void __threadfence_block() {}
inline unsigned __activemask() {
  return ::cudasim::detail::active_mask();
}

#define CUDASIM_SHUFFLE(function, kind)                                         \
  template <class T>                                                            \
  T function(unsigned mask,                                                     \
             T var,                                                             \
             int arg,                                                           \
             int width = warpSize,                                              \
             const char* file = __builtin_FILE(),                               \
             int line = __builtin_LINE()) {                                     \
    return ::cudasim::detail::from_bits<T>(                                     \
        ::cudasim::detail::warp_collective(::cudasim::detail::Collective::kind, \
                                           mask,                                \
                                           ::cudasim::detail::to_bits(var),     \
                                           arg,                                 \
                                           width,                               \
                                           #function,                           \
                                           file,                                \
                                           line));                              \
  }
CUDASIM_SHUFFLE(__shfl_sync, shfl)
CUDASIM_SHUFFLE(__shfl_up_sync, shfl_up)
CUDASIM_SHUFFLE(__shfl_down_sync, shfl_down)
CUDASIM_SHUFFLE(__shfl_xor_sync, shfl_xor)
#undef CUDASIM_SHUFFLE

inline unsigned __ballot_sync(unsigned mask,
                              int predicate,
                              const char* file = __builtin_FILE(),
                              int line = __builtin_LINE()) {
  return static_cast<unsigned>(
      ::cudasim::detail::warp_collective(::cudasim::detail::Collective::ballot,
                                         mask,
                                         predicate != 0,
                                         0,
                                         32,
                                         "__ballot_sync",
                                         file,
                                         line));
}
inline int __any_sync(unsigned mask,
                      int predicate,
                      const char* file = __builtin_FILE(),
                      int line = __builtin_LINE()) {
  return static_cast<int>(::cudasim::detail::warp_collective(
      ::cudasim::detail::Collective::any, mask, predicate != 0, 0, 32, "__any_sync", file, line));
}
inline int __all_sync(unsigned mask,
                      int predicate,
                      const char* file = __builtin_FILE(),
                      int line = __builtin_LINE()) {
  return static_cast<int>(::cudasim::detail::warp_collective(
      ::cudasim::detail::Collective::all, mask, predicate != 0, 0, 32, "__all_sync", file, line));
}

// --- bit and math intrinsics --------------------------------------------------

inline int __popc(unsigned x) {
  return __builtin_popcount(x);
}
inline int __popcll(unsigned long long x) {
  return __builtin_popcountll(x);
}
inline int __ffs(int x) {
  return __builtin_ffs(x);
}
inline int __ffsll(long long x) {
  return __builtin_ffsll(x);
}
inline int __clz(int x) {
  return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x));
}
inline int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x));
}
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
inline int __float_as_int(float x) {
  int r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}
inline unsigned __float_as_uint(float x) {
  unsigned r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}
inline float __int_as_float(int x) {
  float r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}
inline float __uint_as_float(unsigned x) {
  float r;
  std::memcpy(&r, &x, sizeof r);
  return r;
}
inline float rsqrtf(float x) {
  return 1.0f / sqrtf(x);
}
inline float __expf(float x) {
  return expf(x);
}
inline float __logf(float x) {
  return logf(x);
}
inline float __fdividef(float x, float y) {
  return x / y;
}

// CUDA's same-type min/max overloads (call them with operands of one type).
#define CUDASIM_MINMAX(T)  \
  inline T min(T a, T b) { \
    return b < a ? b : a;  \
  }                        \
  inline T max(T a, T b) { \
    return a < b ? b : a;  \
  }
CUDASIM_MINMAX(int)
CUDASIM_MINMAX(unsigned int)
CUDASIM_MINMAX(long)
CUDASIM_MINMAX(unsigned long)
CUDASIM_MINMAX(long long)
CUDASIM_MINMAX(unsigned long long)
#undef CUDASIM_MINMAX
inline float min(float a, float b) {
  return fminf(a, b);
}
inline float max(float a, float b) {
  return fmaxf(a, b);
}
inline double min(double a, double b) {
  return fmin(a, b);
}
inline double max(double a, double b) {
  return fmax(a, b);
}

// __ldg: a read-only load through the checked pointer.
template <class T>
CUDASIM_ACCESS std::remove_const_t<T> __ldg(::cudasim::CheckedPtr<T> p) {
  return p[0].cudasim_load(CUDASIM_CALLER);
}
template <class T>
T __ldg(const T* p) {
  return *p;
}

// --- atomics: CUDA's overload set, on raw and on checked pointers -------------

#define CUDASIM_ATOMIC(name, T, update)                                             \
  CUDASIM_ACCESS inline T name(T* address, T val) {                                 \
    ::cudasim::detail::atomic_point(#name);                                         \
    T old = *address;                                                               \
    *address = (update);                                                            \
    return old;                                                                     \
  }                                                                                 \
  CUDASIM_ACCESS inline T name(::cudasim::CheckedPtr<T> p, T val) {                 \
    ::cudasim::detail::access_atomic(                                               \
        p.cudasim_region(), p.cudasim_address(), sizeof(T), #name, CUDASIM_CALLER); \
    T* address = p.cudasim_address();                                               \
    T old = *address;                                                               \
    *address = (update);                                                            \
    return old;                                                                     \
  }
CUDASIM_ATOMIC(atomicAdd, int, old + val)
CUDASIM_ATOMIC(atomicAdd, unsigned int, old + val)
CUDASIM_ATOMIC(atomicAdd, unsigned long long, old + val)
CUDASIM_ATOMIC(atomicAdd, float, old + val)
CUDASIM_ATOMIC(atomicAdd, double, old + val)
CUDASIM_ATOMIC(atomicSub, int, old - val)
CUDASIM_ATOMIC(atomicSub, unsigned int, old - val)
CUDASIM_ATOMIC(atomicExch, int, val)
CUDASIM_ATOMIC(atomicExch, unsigned int, val)
CUDASIM_ATOMIC(atomicExch, unsigned long long, val)
CUDASIM_ATOMIC(atomicExch, float, val)
CUDASIM_ATOMIC(atomicMin, int, val < old ? val : old)
CUDASIM_ATOMIC(atomicMin, unsigned int, val < old ? val : old)
CUDASIM_ATOMIC(atomicMin, long long, val < old ? val : old)
CUDASIM_ATOMIC(atomicMin, unsigned long long, val < old ? val : old)
CUDASIM_ATOMIC(atomicMax, int, val > old ? val : old)
CUDASIM_ATOMIC(atomicMax, unsigned int, val > old ? val : old)
CUDASIM_ATOMIC(atomicMax, long long, val > old ? val : old)
CUDASIM_ATOMIC(atomicMax, unsigned long long, val > old ? val : old)
CUDASIM_ATOMIC(atomicAnd, int, old& val)
CUDASIM_ATOMIC(atomicAnd, unsigned int, old& val)
CUDASIM_ATOMIC(atomicAnd, unsigned long long, old& val)
CUDASIM_ATOMIC(atomicOr, int, old | val)
CUDASIM_ATOMIC(atomicOr, unsigned int, old | val)
CUDASIM_ATOMIC(atomicOr, unsigned long long, old | val)
CUDASIM_ATOMIC(atomicXor, int, old ^ val)
CUDASIM_ATOMIC(atomicXor, unsigned int, old ^ val)
CUDASIM_ATOMIC(atomicXor, unsigned long long, old ^ val)
CUDASIM_ATOMIC(atomicInc, unsigned int, old >= val ? 0u : old + 1u)
CUDASIM_ATOMIC(atomicDec, unsigned int, (old == 0u || old > val) ? val : old - 1u)
#undef CUDASIM_ATOMIC

#define CUDASIM_ATOMIC_CAS(T)                                                             \
  CUDASIM_ACCESS inline T atomicCAS(T* address, T compare, T val) {                       \
    ::cudasim::detail::atomic_point("atomicCAS");                                         \
    T old = *address;                                                                     \
    if (old == compare) *address = val;                                                   \
    return old;                                                                           \
  }                                                                                       \
  CUDASIM_ACCESS inline T atomicCAS(::cudasim::CheckedPtr<T> p, T compare, T val) {       \
    ::cudasim::detail::access_atomic(                                                     \
        p.cudasim_region(), p.cudasim_address(), sizeof(T), "atomicCAS", CUDASIM_CALLER); \
    T* address = p.cudasim_address();                                                     \
    T old = *address;                                                                     \
    if (old == compare) *address = val;                                                   \
    return old;                                                                           \
  }
CUDASIM_ATOMIC_CAS(int)
CUDASIM_ATOMIC_CAS(unsigned int)
CUDASIM_ATOMIC_CAS(unsigned long long)
CUDASIM_ATOMIC_CAS(unsigned short)
#undef CUDASIM_ATOMIC_CAS

// --- host runtime API: allocation, copies, streams, launches ------------------
#include "cudasim/runtime_api.h"
