// Device-side interface of xpu3sim: the functions behind the intrinsics of the
// stand-in toolchain headers (xpu/kernel/*.h) and behind the portable memory
// declarations (xpu3_portable.h). Kernel sources never include this directly.
//
// Every function that takes `file`/`line` is called with the location of the
// kernel statement (the headers use __builtin_FILE/__builtin_LINE default
// arguments), so errors point at the kernel source line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "xpu3sim/sim.h"

namespace xpu3sim {
namespace kernel_api {

// Ids of the simulated core executing the caller; Error outside a kernel.
int cluster_id();
int cluster_num();
int core_id();
int core_num();

using Space = simcore::Space;  // global, local, shared

// One DMA transfer of `bytes` from `src` (in `from`) to `dst` (in `to`),
// range-checked at the call. Asynchronous transfers land at the core's next
// fence or synchronous transfer, the latest moment the device allows.
void copy(Space from, Space to, bool async, const void* src, void* dst,
          std::int64_t bytes, const char* op_name, const char* file, int line);
// mfence/mfence_lm/mfence_sm: completes the core's pending async transfers.
void fence(const char* op_name, const char* file, int line);
// sync_cluster/sync_all: waits until every core of the cluster that has not
// yet returned from the kernel is waiting here too.
void cluster_barrier(const char* op_name, const char* file, int line);
// ticket_lock_mix/ticket_unlock_mix: one FIFO lock per cluster.
void ticket_lock(const char* file, int line);
void ticket_unlock(const char* file, int line);
// Checks that [address, address + bytes) is shared memory and lets other cores
// run first; used by the shared-memory atomics before their read-modify-write.
void shared_atomic_point(const void* address, std::size_t bytes, const char* op_name,
                         const char* file, int line);

// Accounted local memory (see LocalArray below). The block is filled with 0xCD.
void* local_allocate(std::size_t bytes, std::size_t alignment, const char* name,
                     const char* file, int line);
void local_release(void* block) noexcept;

// Accounted shared memory: register_shared runs once per declaration (it is the
// initialiser of a static), use_shared every time a core passes it.
int register_shared(void* base, std::size_t bytes, const char* name,
                    const char* file = __builtin_FILE(), int line = __builtin_LINE());
void use_shared(int shared_id);

// A local array carved from the running core's local-memory arena for the
// lifetime of the enclosing scope. XPU3_LM_ARRAY declares one of these plus a
// reference `name` to its elements, so `name` keeps array semantics (sizeof,
// decay to pointer, indexing) exactly like the plain array the device uses.
template <class T, std::size_t Count, std::size_t Alignment>
class LocalArray {
  static_assert(Count > 0, "a local array needs at least one element");
  static_assert(std::is_trivially_default_constructible_v<T> &&
                    std::is_trivially_destructible_v<T>,
                "local memory holds plain data only");

 public:
  explicit LocalArray(const char* name, const char* file = __builtin_FILE(),
                      int line = __builtin_LINE())
      : block_(local_allocate(sizeof(T) * Count, Alignment, name, file, line)) {}
  ~LocalArray() { local_release(block_); }
  LocalArray(const LocalArray&) = delete;
  LocalArray& operator=(const LocalArray&) = delete;

  T (&elements())[Count] { return *static_cast<T(*)[Count]>(block_); }

 private:
  void* block_;
};

}  // namespace kernel_api
}  // namespace xpu3sim
