// xpu3sim runtime: XPU3 launches (clusters of cores), per-core local memory,
// per-cluster shared memory, and the checks behind the intrinsics. What every
// simulation shares (device memory, the fibers and their schedule, the
// reports) is the core's: csrc/simcore.
//
// Each core is a worker of the core's scheduler (simcore/launch.h): a fiber
// that gives up control only inside the intrinsics through which cores can
// observe each other on the device (transfers, fences, barriers, locks,
// shared-memory atomics). The price is that cores interleave only there: two
// plain global-memory accesses of one core are never separated by another core.
//
// Clusters run one after another, in an order shuffled from the seed. XPU3 has
// no barrier between clusters, so this is a legal device schedule, and it is
// what makes `__shared__` (a function-scope static in the simulation) one
// cluster's shared memory.

#include <link.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "simcore/launch.h"
#include "xpu3sim/kernel_api.h"
#include "xpu3sim/sim.h"

#if SIMCORE_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace xpu3sim {
namespace {

using simcore::address_of;
using simcore::align_up;
using simcore::format;
using simcore::Region;

// ---------------------------------------------------------------------------
// Constants

constexpr unsigned char kLocalPoison = 0xCD;   // fresh XPU3_LM_ARRAY
constexpr unsigned char kSharedPoison = 0xA5;  // XPU3_SM_ARRAY at each cluster start

// Host stack of one simulated core. Much larger than the device's, because
// host frames (and AddressSanitizer's redzones) are larger; the device LM
// budget is enforced on XPU3_LM_ARRAY, not on this stack.
constexpr std::size_t kFiberStackBytes = (SIMCORE_ASAN ? 2048 : 512) * 1024;
// Under AddressSanitizer, local arrays are separated by poisoned redzones, so
// an overrun by direct indexing is reported. The redzones are not counted
// against the device capacity; the slack is the arena room they occupy.
constexpr std::size_t kLocalRedzoneBytes = SIMCORE_ASAN ? 64 : 0;
constexpr std::size_t kLocalArenaSlackBytes = SIMCORE_ASAN ? 64 * 1024 : 0;
constexpr std::size_t kLocalArenaBytes = kLocalArrayCapacityBytes + kLocalArenaSlackBytes;

bool is_power_of_two(std::size_t value) { return value != 0 && (value & (value - 1)) == 0; }

// Per core of a full cluster: its fiber stack, then its local-memory arena.
const simcore::WorkerSlots& core_slots() {
  static const simcore::WorkerSlots slots(kSimulation, kMaxCoresPerCluster, kFiberStackBytes,
                                          kLocalArenaBytes);
  return slots;
}

// ---------------------------------------------------------------------------
// Shared memory registry (XPU3_SM_ARRAY / XPU3_SM_VAR declarations)

// Only touched while a launch runs, i.e. one launch at a time.
std::vector<Region> g_shared_arrays;

const Region* shared_array_containing(const void* address) {
  const std::uintptr_t a = address_of(address);
  for (const Region& array : g_shared_arrays) {
    if (a >= address_of(array.base) && a < address_of(array.base) + array.bytes) return &array;
  }
  return nullptr;
}

// Writable memory of the loaded program and libraries (.data/.bss), where
// plain `__shared__` statics live. Used to accept unregistered shared memory.
bool in_static_storage(const void* address, std::size_t bytes) {
  struct Query {
    std::uintptr_t start;
    std::uintptr_t end;
    bool found;
  } query{address_of(address), address_of(address) + bytes, false};
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) -> int {
        auto* q = static_cast<Query*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& segment = info->dlpi_phdr[i];
          if (segment.p_type != PT_LOAD || (segment.p_flags & PF_W) == 0) continue;
          const std::uintptr_t begin = info->dlpi_addr + segment.p_vaddr;
          if (q->start >= begin && q->end <= begin + segment.p_memsz) {
            q->found = true;
            return 1;
          }
        }
        return 0;
      },
      &query);
  return query.found;
}

// ---------------------------------------------------------------------------
// Local memory arena of one core

struct LocalBlock {
  char* base;
  std::size_t bytes;
  std::size_t logical_used_before;   // device accounting
  std::size_t physical_used_before;  // host placement (differs under ASan)
  const char* name;
  const char* file;
  int line;
};

// A stack allocator: XPU3_LM_ARRAY scopes nest, so blocks are released in
// reverse order of allocation. "Logical" bytes are what the device would use
// (sizes plus alignment padding) and are checked against the LM capacity.
class LocalArena {
 public:
  void attach(char* memory, std::size_t physical_bytes) {
    memory_ = memory;
    physical_bytes_ = physical_bytes;
  }

  void reset() {
    blocks_.clear();
    logical_used_ = 0;
    physical_used_ = 0;
#if SIMCORE_ASAN
    ASAN_POISON_MEMORY_REGION(memory_, physical_bytes_);
#endif
  }

  // Returns the block, or null with `*failure` saying why.
  char* allocate(std::size_t bytes, std::size_t alignment, const char* name, const char* file,
                 int line, std::string* failure) {
    const std::size_t logical_begin = align_up(logical_used_, alignment);
    if (logical_begin + bytes > kLocalArrayCapacityBytes) {
      *failure = format(
          "local memory exhausted: XPU3_LM_ARRAY '%s' asks for %zu bytes, %zu of %zu bytes "
          "are available (per-core LM %zu bytes minus %zu reserved for the stack)%s",
          name, bytes,
          kLocalArrayCapacityBytes - std::min(logical_begin, kLocalArrayCapacityBytes),
          kLocalArrayCapacityBytes, kLocalMemoryBytes, kLocalStackReserveBytes,
          describe_blocks().c_str());
      return nullptr;
    }
    const std::uintptr_t first_free = address_of(memory_) + physical_used_ + kLocalRedzoneBytes;
    char* base = reinterpret_cast<char*>(align_up(first_free, alignment));
    const std::size_t physical_end = static_cast<std::size_t>(base - memory_) + bytes;
    if (physical_end > physical_bytes_) {
      *failure = format("xpu3sim's local arena ran out of room for redzones at '%s'", name);
      return nullptr;
    }
    blocks_.push_back(LocalBlock{base, bytes, logical_used_, physical_used_, name, file, line});
    logical_used_ = logical_begin + bytes;
    physical_used_ = physical_end;
#if SIMCORE_ASAN
    ASAN_UNPOISON_MEMORY_REGION(base, bytes);
#endif
    std::memset(base, kLocalPoison, bytes);
    return base;
  }

  void release(void* block) {
    for (std::size_t i = blocks_.size(); i-- > 0;) {
      if (blocks_[i].base != block) continue;
#if SIMCORE_ASAN
      ASAN_POISON_MEMORY_REGION(blocks_[i].base, blocks_[i].bytes);
#endif
      if (i + 1 == blocks_.size()) {
        logical_used_ = blocks_[i].logical_used_before;
        physical_used_ = blocks_[i].physical_used_before;
      }  // else: released out of order; its room is reclaimed with the blocks above it
      blocks_.erase(blocks_.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
  }

  bool holds(const void* address) const {
    const std::uintptr_t a = address_of(address);
    return a >= address_of(memory_) && a < address_of(memory_) + physical_bytes_;
  }

  const LocalBlock* block_containing(const void* address) const {
    const std::uintptr_t a = address_of(address);
    for (const LocalBlock& block : blocks_) {
      if (a >= address_of(block.base) && a < address_of(block.base) + block.bytes) return &block;
    }
    return nullptr;
  }

 private:
  std::string describe_blocks() const {
    if (blocks_.empty()) return {};
    std::string text = "; in use:";
    for (const LocalBlock& block : blocks_) {
      text += format(" '%s' %zu bytes (%s),", block.name, block.bytes,
                     simcore::location(block.file, block.line).c_str());
    }
    text.pop_back();
    return text;
  }

  char* memory_ = nullptr;
  std::size_t physical_bytes_ = 0;
  std::size_t logical_used_ = 0;
  std::size_t physical_used_ = 0;
  std::vector<LocalBlock> blocks_;
};

// ---------------------------------------------------------------------------
// Launch state

// What a core waits in (simcore::Worker::wait_kind).
enum Wait : int { kBarrier = 1, kLock = 2 };

struct PendingTransfer {
  void* dst;
  const void* src;
  std::size_t bytes;
};

struct Core : simcore::Worker {
  int cluster = 0;
  LocalArena arena;
  std::vector<PendingTransfer> pending;  // *_ASYNC transfers not yet landed
};

struct ClusterState {
  int index = 0;
  int barrier_arrived = 0;
  int lock_holder = -1;
  const char* lock_file = "";
  int lock_line = 0;
  std::vector<int> lock_waiters;     // FIFO
  std::vector<int> used_shared_ids;  // XPU3_SM_* declarations reached
  std::size_t used_shared_bytes = 0;
};

class Launch final : public simcore::Launch {
 public:
  Launch(const char* kernel_name, const LaunchConfig& config, detail::KernelThunk thunk,
         const void* closure, const detail::PointerArgument* pointer_arguments,
         std::size_t pointer_argument_count)
      : simcore::Launch(kSimulation, kernel_name, config.schedule_seed, thunk, closure,
                        core_slots()),
        config_(config),
        pointer_arguments_(pointer_arguments),
        pointer_argument_count_(pointer_argument_count) {}

  const LaunchConfig& config() const { return config_; }

  // --- called from kernel code, on the running core's fiber -----------------

  void transfer(Core& core, kernel_api::Space from, kernel_api::Space to, bool async,
                const void* src, void* dst, std::int64_t bytes, const char* op, const char* file,
                int line) {
    if (bytes < 0) {
      fail(core, file, line,
           format("%s with negative length %lld", op, static_cast<long long>(bytes)));
    }
    const std::size_t length = static_cast<std::size_t>(bytes);
    if (length > 0) {
      check_range(core, from, src, length, op, "source", file, line);
      Region* written = check_range(core, to, dst, length, op, "destination", file, line);
      if (written != nullptr) simcore::mark_written(*written, dst, length);
    }
    yield(core);
    if (length == 0) return;
    if (async) {
      core.pending.push_back(PendingTransfer{dst, src, length});
    } else {
      land_pending_transfers(core);  // the DMA queue completes in order
      std::memmove(dst, src, length);
    }
  }

  void fence(Core& core) {
    yield(core);
    land_pending_transfers(core);
  }

  void barrier(Core& core, const char* op, const char* file, int line) {
    if (unwinding()) return;  // the core is leaving the kernel; retired() accounts for it
    ++cluster_.barrier_arrived;
    if (cluster_.barrier_arrived == live()) {
      release_barrier();
      yield(core);
    } else {
      wait(core, kBarrier, op, file, line);
    }
  }

  void lock(Core& core, const char* file, int line) {
    if (unwinding()) return;  // cannot wait now; the core is leaving the kernel
    yield(core);
    if (cluster_.lock_holder == core.index) {
      fail(core, file, line, "ticket_lock_mix() while this core already holds the lock");
    }
    if (cluster_.lock_holder < 0) {
      cluster_.lock_holder = core.index;
    } else {
      cluster_.lock_waiters.push_back(core.index);
      wait(core, kLock, "ticket_lock_mix", file, line);  // woken as the new holder
    }
    cluster_.lock_file = file;
    cluster_.lock_line = line;
  }

  void unlock(Core& core, const char* file, int line) {
    if (cluster_.lock_holder != core.index) {
      fail(core, file, line, "ticket_unlock_mix() by a core that does not hold the lock");
    }
    hand_lock_to_next_waiter();
    yield(core);
  }

  void shared_atomic_point(Core& core, const void* address, std::size_t bytes, const char* op,
                           const char* file, int line) {
    check_range(core, kernel_api::Space::shared, address, bytes, op, "operand", file, line);
    yield(core);
  }

  void* local_allocate(Core& core, std::size_t bytes, std::size_t alignment, const char* name,
                       const char* file, int line) {
    if (!is_power_of_two(alignment) || alignment > 4096) {
      fail(core, file, line, format("local array '%s': bad alignment %zu", name, alignment));
    }
    std::string failure;
    char* block = core.arena.allocate(bytes, alignment, name, file, line, &failure);
    if (block == nullptr) fail(core, file, line, failure);
    return block;
  }

  int register_shared(Core& core, void* base, std::size_t bytes, const char* name,
                      const char* file, int line) {
    if (bytes > kSharedMemoryBytes) {
      fail(core, file, line,
           format("shared array '%s' has %zu bytes, more than the cluster's %zu bytes of "
                  "shared memory",
                  name, bytes, kSharedMemoryBytes));
    }
    Region array;
    array.base = static_cast<char*>(base);
    array.bytes = bytes;
    array.name = name;
    array.space = simcore::Space::shared;
    array.file = file;
    array.line = line;
    g_shared_arrays.push_back(std::move(array));
    std::memset(base, kSharedPoison, bytes);  // as at every cluster start
    return static_cast<int>(g_shared_arrays.size() - 1);
  }

  void use_shared(Core& core, int shared_id) {
    std::vector<int>& used = cluster_.used_shared_ids;
    if (std::find(used.begin(), used.end(), shared_id) != used.end()) return;
    used.push_back(shared_id);
    const Region& array = g_shared_arrays[static_cast<std::size_t>(shared_id)];
    cluster_.used_shared_bytes += array.bytes;
    if (cluster_.used_shared_bytes <= kSharedMemoryBytes) return;
    std::string arrays;
    for (int id : used) {
      const Region& a = g_shared_arrays[static_cast<std::size_t>(id)];
      arrays += format(" '%s' %zu bytes (%s),", a.name.c_str(), a.bytes,
                       simcore::location(a.file.c_str(), a.line).c_str());
    }
    arrays.pop_back();
    fail(core, array.file.c_str(), array.line,
         format("shared memory exhausted: the cluster's shared arrays need %zu bytes, the "
                "cluster has %zu:%s",
                cluster_.used_shared_bytes, kSharedMemoryBytes, arrays.c_str()));
  }

  using simcore::Launch::fail;
  [[noreturn]] void fail(const Core& core, const char* file, int line, const std::string& what) {
    simcore::Launch::fail(core, simcore::location(file, line), what);
  }

 private:
  // --- the core's hooks -------------------------------------------------------

  void check() const override {
    if (config_.nclusters < 1) {
      throw Error(format("xpu3sim: kernel '%s': nclusters must be at least 1, got %d",
                         kernel_name().c_str(), config_.nclusters));
    }
    if (config_.ncores_per_cluster < 1 || config_.ncores_per_cluster > kMaxCoresPerCluster) {
      throw Error(format("xpu3sim: kernel '%s': ncores_per_cluster must be 1..%d, got %d",
                         kernel_name().c_str(), kMaxCoresPerCluster, config_.ncores_per_cluster));
    }
    for (std::size_t i = 0; i < pointer_argument_count_; ++i) {
      simcore::kernel_argument(kSimulation, kernel_name().c_str(), pointer_arguments_[i].index,
                               pointer_arguments_[i].value);
    }
  }

  void begin() override {
    cores_.resize(static_cast<std::size_t>(config_.ncores_per_cluster));
    std::vector<simcore::Worker*> workers;
    for (Core& core : cores_) workers.push_back(&core);
    set_workers(std::move(workers));
    const simcore::WorkerSlots& slots = core_slots();
    for (Core& core : cores_) core.arena.attach(slots.extra(core.index), slots.extra_bytes());
  }

  std::uint64_t group_count() const override {
    return static_cast<std::uint64_t>(config_.nclusters);
  }

  void run_group(std::uint64_t cluster) override {
    cluster_ = ClusterState{};
    cluster_.index = static_cast<int>(cluster);
    for (const Region& array : g_shared_arrays) {
      std::memset(array.base, kSharedPoison, array.bytes);
    }
    for (Core& core : cores_) {
      core.cluster = cluster_.index;
      core.pending.clear();
      core.arena.reset();
    }
    run_workers();
  }

  void kernel_returned(simcore::Worker& worker) override {
    Core& core = static_cast<Core&>(worker);
    land_pending_transfers(core);  // the device completes outstanding DMA at kernel end
    if (cluster_.lock_holder == core.index) {
      fail(core, cluster_.lock_file, cluster_.lock_line,
           "the core returned from the kernel still holding the ticket lock taken here");
    }
  }

  // The core has left the kernel: it no longer holds back barriers.
  void retired(simcore::Worker& worker) override {
    Core& core = static_cast<Core&>(worker);
    core.pending.clear();
    if (cluster_.lock_holder == core.index) hand_lock_to_next_waiter();
    if (cluster_.barrier_arrived > 0 && cluster_.barrier_arrived == live()) release_barrier();
  }

  std::string group_name() const override { return format("cluster %d", cluster_.index); }
  std::string worker_name(const simcore::Worker& core) const override {
    return format("core %d", core.index);
  }

  std::string wait_note(const simcore::Worker& core) const override {
    if (core.wait_kind == kLock) {
      return format(" for the lock core %d took at %s", cluster_.lock_holder,
                    simcore::location(cluster_.lock_file, cluster_.lock_line).c_str());
    }
    return cluster_.lock_holder == core.index ? " holding the ticket lock" : "";
  }

  // ---------------------------------------------------------------------------

  void release_barrier() {
    cluster_.barrier_arrived = 0;
    for (Core& core : cores_) {
      if (core.status == simcore::Status::waiting && core.wait_kind == kBarrier) wake(core);
    }
  }

  void hand_lock_to_next_waiter() {
    if (cluster_.lock_waiters.empty()) {
      cluster_.lock_holder = -1;
      return;
    }
    const int next = cluster_.lock_waiters.front();
    cluster_.lock_waiters.erase(cluster_.lock_waiters.begin());
    cluster_.lock_holder = next;
    wake(cores_[static_cast<std::size_t>(next)]);
  }

  void land_pending_transfers(Core& core) {
    for (const PendingTransfer& t : core.pending) std::memmove(t.dst, t.src, t.bytes);
    core.pending.clear();
  }

  // --- range checks -----------------------------------------------------------

  // Fails unless the range is inside memory of `space`; returns the device
  // allocation when the space is global.
  Region* check_range(const Core& core, kernel_api::Space space, const void* address,
                      std::size_t bytes, const char* op, const char* role, const char* file,
                      int line) {
    std::string problem;
    Region* allocation = nullptr;
    switch (space) {
      case kernel_api::Space::global:
        problem = simcore::check_device_range(kSimulation, address, bytes, &allocation);
        break;
      case kernel_api::Space::local:
        problem = check_local_range(core, address, bytes);
        break;
      case kernel_api::Space::shared:
        problem = check_shared_range(address, bytes);
        break;
    }
    if (!problem.empty()) {
      static const char* const kSpaceNames[] = {"global", "local", "shared"};
      fail(core, file, line,
           format("%s %s %s: %s", op, kSpaceNames[static_cast<int>(space)], role,
                  problem.c_str()));
    }
    return allocation;
  }

  std::string check_local_range(const Core& core, const void* address, std::size_t bytes) const {
    const std::uintptr_t start = address_of(address);
    if (core.arena.holds(address)) {
      const LocalBlock* block = core.arena.block_containing(address);
      if (block == nullptr) {
        return format("address %p is in this core's local memory but in no live local array",
                      address);
      }
      return simcore::out_of_range(simcore::Space::local, block->name, block->bytes, block->file,
                                   block->line,
                                   static_cast<std::ptrdiff_t>(start - address_of(block->base)),
                                   bytes);
    }
    const std::uintptr_t stack_start = address_of(core.stack_base);
    const std::uintptr_t stack_end = stack_start + core.stack_bytes;
    if (start >= stack_start && start < stack_end) {
      // A plain local variable of the kernel: only its frame knows its size.
      if (bytes <= stack_end - start) return {};
      return format("%zu bytes at %p run past the top of this core's stack", bytes, address);
    }
#if SIMCORE_ASAN
    // Locals moved to AddressSanitizer's fake stack (detect_stack_use_after_return).
    void* fake_begin = nullptr;
    void* fake_end = nullptr;
    if (__asan_addr_is_in_fake_stack(__asan_get_current_fake_stack(), const_cast<void*>(address),
                                     &fake_begin, &fake_end) != nullptr) {
      return {};
    }
#endif
    return format("address %p is not this core's local memory (%s)", address,
                  describe_foreign_address(&core, address).c_str());
  }

  std::string check_shared_range(const void* address, std::size_t bytes) const {
    if (const Region* array = shared_array_containing(address)) {
      return simcore::out_of_range(
          *array, static_cast<std::ptrdiff_t>(address_of(address) - address_of(array->base)),
          bytes);
    }
    if (!simcore::allocation_name_at(address).empty() || in_any_core_memory(address)) {
      return format("address %p is not shared memory (%s)", address,
                    describe_foreign_address(nullptr, address).c_str());
    }
    // A plain __shared__ static: accepted, but only its segment is known.
    if (in_static_storage(address, bytes)) return {};
    return format("address %p is not shared memory (declare it with XPU3_SM_ARRAY)", address);
  }

  bool in_any_core_memory(const void* address) const {
    const std::uintptr_t a = address_of(address);
    for (const Core& core : cores_) {
      if (core.arena.holds(address)) return true;
      if (a >= address_of(core.stack_base) && a < address_of(core.stack_base) + core.stack_bytes) {
        return true;
      }
    }
    return false;
  }

  // What `address` is, for messages about an address in the wrong space.
  std::string describe_foreign_address(const Core* self, const void* address) const {
    const std::string allocation = simcore::allocation_name_at(address);
    if (!allocation.empty()) return format("it is in device allocation '%s'", allocation.c_str());
    if (const Region* array = shared_array_containing(address)) {
      return format("it is in shared array '%s'", array->name.c_str());
    }
    const std::uintptr_t a = address_of(address);
    for (const Core& core : cores_) {
      const bool in_stack =
          a >= address_of(core.stack_base) && a < address_of(core.stack_base) + core.stack_bytes;
      if (!core.arena.holds(address) && !in_stack) continue;
      if (&core == self) return "it is this core's local memory";
      return format("it is the local memory of core %d", core.index);
    }
    return "it is host memory, or a __shared__/static variable";
  }

  // --- state --------------------------------------------------------------------

  LaunchConfig config_;
  const detail::PointerArgument* pointer_arguments_;
  std::size_t pointer_argument_count_;
  std::vector<Core> cores_;  // one slot per core of a cluster, reused by every cluster
  ClusterState cluster_;
};

// The launch and core running the calling kernel code (`launch` is set).
Core& current_core(Launch*& launch, const char* op, const char* file = nullptr, int line = 0) {
  launch = &static_cast<Launch&>(simcore::running_launch(kSimulation, op, file, line));
  return static_cast<Core&>(*simcore::running_worker());
}

}  // namespace

// -----------------------------------------------------------------------------
// Host API

namespace detail {

void run_launch(const char* kernel_name, const LaunchConfig& config, KernelThunk thunk,
                const void* closure, const PointerArgument* pointer_arguments,
                std::size_t pointer_argument_count) {
  Launch(kernel_name, config, thunk, closure, pointer_arguments, pointer_argument_count)
      .execute();
}

}  // namespace detail

// -----------------------------------------------------------------------------
// Device API (called from kernel code through the stand-in headers)

namespace kernel_api {

int cluster_id() {
  Launch* launch = nullptr;
  return current_core(launch, "cluster_id()").cluster;
}

int cluster_num() {
  Launch* launch = nullptr;
  current_core(launch, "cluster_num()");
  return launch->config().nclusters;
}

int core_id() {
  Launch* launch = nullptr;
  return current_core(launch, "core_id()").index;
}

int core_num() {
  Launch* launch = nullptr;
  current_core(launch, "core_num()");
  return launch->config().ncores_per_cluster;
}

void copy(Space from, Space to, bool async, const void* src, void* dst, std::int64_t bytes,
          const char* op_name, const char* file, int line) {
  Launch* launch = nullptr;
  Core& core = current_core(launch, op_name, file, line);
  launch->transfer(core, from, to, async, src, dst, bytes, op_name, file, line);
}

void fence(const char* op_name, const char* file, int line) {
  Launch* launch = nullptr;
  Core& core = current_core(launch, op_name, file, line);
  launch->fence(core);
}

void cluster_barrier(const char* op_name, const char* file, int line) {
  Launch* launch = nullptr;
  Core& core = current_core(launch, op_name, file, line);
  launch->barrier(core, op_name, file, line);
}

void ticket_lock(const char* file, int line) {
  Launch* launch = nullptr;
  Core& core = current_core(launch, "ticket_lock_mix", file, line);
  launch->lock(core, file, line);
}

void ticket_unlock(const char* file, int line) {
  Launch* launch = nullptr;
  Core& core = current_core(launch, "ticket_unlock_mix", file, line);
  launch->unlock(core, file, line);
}

void shared_atomic_point(const void* address, std::size_t bytes, const char* op_name,
                         const char* file, int line) {
  Launch* launch = nullptr;
  Core& core = current_core(launch, op_name, file, line);
  launch->shared_atomic_point(core, address, bytes, op_name, file, line);
}

void* local_allocate(std::size_t bytes, std::size_t alignment, const char* name, const char* file,
                     int line) {
  Launch* launch = nullptr;
  Core& core = current_core(launch, "XPU3_LM_ARRAY", file, line);
  return launch->local_allocate(core, bytes, alignment, name, file, line);
}

void local_release(void* block) noexcept {
  // Only XPU3 kernel code holds local arrays, so the running worker is a core.
  if (simcore::Worker* core = simcore::running_worker()) static_cast<Core*>(core)->arena.release(block);
}

int register_shared(void* base, std::size_t bytes, const char* name, const char* file, int line) {
  Launch* launch = nullptr;
  Core& core = current_core(launch, "XPU3_SM_ARRAY", file, line);
  return launch->register_shared(core, base, bytes, name, file, line);
}

void use_shared(int shared_id) {
  Launch* launch = nullptr;
  Core& core = current_core(launch, "XPU3_SM_ARRAY");
  launch->use_shared(core, shared_id);
}

}  // namespace kernel_api
}  // namespace xpu3sim
