// xpu3sim stand-in for the XPU3 toolchain header "xpu/kernel/xtdk.h": the
// kernel dialect's qualifiers, the core/cluster ids, fences and barriers.
// Only kernels compiled with g++ against the simulation see this file; on the
// device the toolchain's own header of the same name is used.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>  // device printf

#include "xpu3sim/kernel_api.h"

// Lets portable code (xpu3_portable.h) and tests tell the simulation apart.
#define XPU3SIM 1
// The simulation models an XPU3 device compile.
#ifndef __XPU3__
#define __XPU3__ 1
#endif
#ifndef __xpu__
#define __xpu__ 1
#endif

// Function and pointer qualifiers carry no meaning for the host compiler.
#define __global__
#define __device__
#define __host__
#define __global_ptr__
#define __shared_ptr__
#define _shared_ptr_
// Plain local variables live on the simulated core's stack. __local__ arrays
// compile, but the simulation cannot account them: declare local arrays with
// XPU3_LM_ARRAY (xpu3_portable.h) instead.
#define __local__
// SIMD buffers are 64-byte aligned on the device.
#define __simd__ __attribute__((aligned(64)))
// A function-scope static is shared by every core that runs the function, and
// the simulation runs one cluster at a time, so a static is exactly one
// cluster's shared memory. Prefer XPU3_SM_ARRAY, which is also accounted,
// range-checked and poisoned at the start of every cluster.
#define __shared__ static

inline int cluster_id() { return xpu3sim::kernel_api::cluster_id(); }
inline int cluster_num() { return xpu3sim::kernel_api::cluster_num(); }
inline int core_id() { return xpu3sim::kernel_api::core_id(); }
inline int core_num() { return xpu3sim::kernel_api::core_num(); }

// Fences complete the calling core's outstanding *_ASYNC transfers.
inline void mfence(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  xpu3sim::kernel_api::fence("mfence", file, line);
}
inline void mfence_lm(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  xpu3sim::kernel_api::fence("mfence_lm", file, line);
}
inline void mfence_sm(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  xpu3sim::kernel_api::fence("mfence_sm", file, line);
}

// Barriers over the cores of one cluster. Cores that already returned from the
// kernel count as arrived, as FastDeploy's kernels rely on (early `return`
// followed by sync_cluster() in the remaining cores). A barrier does not
// complete pending async transfers: call mfence() first.
inline void sync_cluster(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  xpu3sim::kernel_api::cluster_barrier("sync_cluster", file, line);
}
inline void sync_all(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  xpu3sim::kernel_api::cluster_barrier("sync_all", file, line);
}

// Cluster-wide mutual exclusion, granted in request order.
inline void ticket_lock_mix(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  xpu3sim::kernel_api::ticket_lock(file, line);
}
inline void ticket_unlock_mix(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  xpu3sim::kernel_api::ticket_unlock(file, line);
}

#include "xpu/kernel/xtdk_math.h"
