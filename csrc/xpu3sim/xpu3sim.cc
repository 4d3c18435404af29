// xpu3sim runtime: simulated device memory, kernel launches, per-core local
// memory, per-cluster shared memory, and the checks behind the intrinsics.
//
// Execution model. Each simulated core is a fiber (ucontext) with its own
// stack; all fibers of a launch run on the thread that called launch(), one at
// a time. Control changes hands only inside the intrinsics through which cores
// can observe each other on the device (transfers, fences, barriers, locks,
// shared-memory atomics), and the next core is drawn by a PRNG seeded from
// LaunchConfig::schedule_seed. We chose fibers over threads because:
//   - a schedule is a pure function of the seed, so any failure replays exactly;
//   - barriers are exact and deadlocks are detected (no runnable core left)
//     instead of hanging;
//   - a switch costs about a microsecond, and 8x64 cores need no OS threads.
// The price is that cores interleave only at those intrinsics: two plain
// global-memory accesses of one core are never separated by another core.
//
// Clusters run one after another, in an order shuffled from the seed. XPU3 has
// no barrier between clusters, so this is a legal device schedule, and it is
// what makes `__shared__` (a function-scope static in the simulation) one
// cluster's shared memory.
//
// Schedule, exactly: a splitmix64 generator is seeded with schedule_seed; a
// Fisher-Yates shuffle of the cluster indices gives the cluster order; inside a
// cluster, every time a core reaches a switching point the next core is drawn
// uniformly from the cores that can run (including the one that just stopped
// and cores that have not started yet).

#include <link.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "xpu3sim/kernel_api.h"
#include "xpu3sim/sim.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define XPU3SIM_ASAN 1
#else
#define XPU3SIM_ASAN 0
#endif

namespace xpu3sim {
namespace {

// ---------------------------------------------------------------------------
// Constants

constexpr unsigned char kGlobalPoison = 0xDB;  // fresh device_malloc memory
constexpr unsigned char kLocalPoison = 0xCD;   // fresh XPU3_LM_ARRAY
constexpr unsigned char kSharedPoison = 0xA5;  // XPU3_SM_ARRAY at each cluster start

// Host stack of one simulated core. Much larger than the device's, because
// host frames (and AddressSanitizer's redzones) are larger; the device LM
// budget is enforced on XPU3_LM_ARRAY, not on this stack.
constexpr std::size_t kFiberStackBytes = (XPU3SIM_ASAN ? 2048 : 512) * 1024;
// Under AddressSanitizer, local arrays are separated by poisoned redzones, so
// an overrun by direct indexing is reported. The redzones are not counted
// against the device capacity; the slack is the arena room they occupy.
constexpr std::size_t kLocalRedzoneBytes = XPU3SIM_ASAN ? 64 : 0;
constexpr std::size_t kLocalArenaSlackBytes = XPU3SIM_ASAN ? 64 * 1024 : 0;

// ---------------------------------------------------------------------------
// Small helpers

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  va_list copy;
  va_copy(copy, args);
  const int length = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string text(length > 0 ? static_cast<std::size_t>(length) : 0, '\0');
  if (length > 0) std::vsnprintf(text.data(), text.size() + 1, fmt, args);
  va_end(args);
  return text;
}

std::uintptr_t address_of(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

std::uintptr_t align_up(std::uintptr_t value, std::size_t alignment) {
  return (value + alignment - 1) & ~static_cast<std::uintptr_t>(alignment - 1);
}

bool is_power_of_two(std::size_t value) { return value != 0 && (value & (value - 1)) == 0; }

// splitmix64: tiny, well mixed, and fully determined by the seed.
class ScheduleRng {
 public:
  explicit ScheduleRng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t bound) { return static_cast<std::size_t>(next() % bound); }

 private:
  std::uint64_t state_;
};

// Memory of the simulated cores of one cluster. Per core: a guard page (a
// fiber stack overflow faults instead of corrupting memory), the fiber stack,
// then the local-array arena. Mapped on the first launch for a full cluster
// and kept: launches are serialised and every cluster reuses the same slots.
struct CoreSlots {
  char* base = nullptr;
  std::size_t page = 0;
  std::size_t arena_bytes = 0;
  std::size_t slot_bytes = 0;

  char* stack_base(int core) const {
    return base + slot_bytes * static_cast<std::size_t>(core) + page;
  }
  char* arena(int core) const { return stack_base(core) + kFiberStackBytes; }
};

const CoreSlots& core_slots() {
  static const CoreSlots slots = [] {
    CoreSlots s;
    s.page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    s.arena_bytes = align_up(kLocalArrayCapacityBytes + kLocalArenaSlackBytes, s.page);
    s.slot_bytes = s.page + kFiberStackBytes + s.arena_bytes;
    const std::size_t total = s.slot_bytes * kMaxCoresPerCluster;
    void* memory = mmap(nullptr, total, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) {
      throw Error(format("xpu3sim: cannot map %zu bytes for the simulated cores", total));
    }
    s.base = static_cast<char*>(memory);
    for (int i = 0; i < kMaxCoresPerCluster; ++i) {
      mprotect(s.stack_base(i) - s.page, s.page, PROT_NONE);
    }
    return s;
  }();
  return slots;
}

// ---------------------------------------------------------------------------
// Global memory registry

struct Allocation {
  std::size_t size;
  std::string name;
};

std::mutex g_allocations_mutex;
std::map<std::uintptr_t, Allocation> g_allocations;  // keyed by base address

// The allocation whose [base, base + size] contains `address` (the end is
// included so that one-past-the-end pointers and empty slices are accepted),
// or null. Caller holds g_allocations_mutex.
const std::pair<const std::uintptr_t, Allocation>* allocation_around(std::uintptr_t address) {
  auto it = g_allocations.upper_bound(address);
  if (it == g_allocations.begin()) return nullptr;
  --it;
  if (address - it->first > it->second.size) return nullptr;
  return &*it;
}

// Empty if [address, address + bytes) lies inside one live allocation, else
// the reason, naming the allocation, the offset and the length.
std::string check_global_range(const void* address, std::size_t bytes) {
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  const std::uintptr_t start = address_of(address);
  auto it = g_allocations.upper_bound(start);
  if (it == g_allocations.begin()) {
    return format("address %p is not inside any device allocation", address);
  }
  --it;
  const Allocation& allocation = it->second;
  const std::size_t offset = start - it->first;
  if (offset <= allocation.size && bytes <= allocation.size - offset) return {};
  if (offset < allocation.size) {
    return format(
        "bytes [%zu, %zu) (offset %zu, length %zu) of device allocation '%s' (%zu bytes) "
        "run %zu bytes past its end",
        offset, offset + bytes, offset, bytes, allocation.name.c_str(), allocation.size,
        offset + bytes - allocation.size);
  }
  return format(
      "bytes [%zu, %zu) (offset %zu, length %zu) lie past the end of device allocation "
      "'%s' (%zu bytes), the nearest one below address %p",
      offset, offset + bytes, offset, bytes, allocation.name.c_str(), allocation.size, address);
}

// Name of the allocation containing `address`, or empty.
std::string allocation_name_at(const void* address) {
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  const auto* found = allocation_around(address_of(address));
  return found != nullptr ? found->second.name : std::string();
}

// ---------------------------------------------------------------------------
// Shared memory registry (XPU3_SM_ARRAY / XPU3_SM_VAR declarations)

struct SharedArray {
  char* base;
  std::size_t bytes;
  std::string name;
  std::string file;  // where the XPU3_SM_* declaration is
  int line;
};

// Only touched while a launch runs, i.e. under g_launch_mutex.
std::vector<SharedArray> g_shared_arrays;

const SharedArray* shared_array_containing(const void* address) {
  const std::uintptr_t a = address_of(address);
  for (const SharedArray& array : g_shared_arrays) {
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
#if XPU3SIM_ASAN
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
#if XPU3SIM_ASAN
    ASAN_UNPOISON_MEMORY_REGION(base, bytes);
#endif
    std::memset(base, kLocalPoison, bytes);
    return base;
  }

  void release(void* block) {
    for (std::size_t i = blocks_.size(); i-- > 0;) {
      if (blocks_[i].base != block) continue;
#if XPU3SIM_ASAN
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
      text += format(" '%s' %zu bytes (%s:%d),", block.name, block.bytes, block.file, block.line);
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

enum class CoreStatus { not_started, runnable, running, at_barrier, waiting_for_lock, finished };

struct PendingTransfer {
  void* dst;
  const void* src;
  std::size_t bytes;
};

struct Core {
  int cluster = 0;
  int index = 0;
  CoreStatus status = CoreStatus::not_started;
  ucontext_t context{};
  char* stack_base = nullptr;  // lowest address of the fiber stack
  std::size_t stack_bytes = 0;
  LocalArena arena;
  std::vector<PendingTransfer> pending;  // *_ASYNC transfers not yet landed
  // Where the core waits, for deadlock reports.
  const char* wait_op = "";
  const char* wait_file = "";
  int wait_line = 0;
  void* asan_fake_stack = nullptr;
};

struct ClusterState {
  int index = 0;
  int live_cores = 0;      // not yet returned from the kernel
  int barrier_arrived = 0;
  int lock_holder = -1;
  const char* lock_file = "";
  int lock_line = 0;
  std::vector<int> lock_waiters;      // FIFO
  std::vector<int> used_shared_ids;   // XPU3_SM_* declarations reached
  std::size_t used_shared_bytes = 0;
};

// Thrown into the cores still suspended when the launch is being aborted, so
// that their frames unwind (running destructors) before the launch returns.
// Deliberately not a std::exception: kernels that catch those must not stop it.
struct CoreAbort {};

class Launch;
thread_local Launch* t_launch = nullptr;
thread_local Core* t_core = nullptr;

// One launch at a time in the whole process: `__shared__` statics and the
// shared-memory registry are process-wide, as a device stream would serialise.
std::mutex g_launch_mutex;

class Launch {
 public:
  Launch(const char* kernel_name, const LaunchConfig& config, detail::KernelThunk thunk,
         const void* closure)
      : kernel_name_(kernel_name != nullptr ? kernel_name : "<unnamed kernel>"),
        config_(config),
        thunk_(thunk),
        closure_(closure),
        rng_(config.schedule_seed) {}

  void check_config() const {
    if (config_.nclusters < 1) {
      throw Error(format("xpu3sim: kernel '%s': nclusters must be at least 1, got %d",
                         kernel_name_.c_str(), config_.nclusters));
    }
    if (config_.ncores_per_cluster < 1 || config_.ncores_per_cluster > kMaxCoresPerCluster) {
      throw Error(format("xpu3sim: kernel '%s': ncores_per_cluster must be 1..%d, got %d",
                         kernel_name_.c_str(), kMaxCoresPerCluster, config_.ncores_per_cluster));
    }
  }

  void check_pointer_arguments(const detail::PointerArgument* arguments, std::size_t count) const {
    std::lock_guard<std::mutex> lock(g_allocations_mutex);
    for (std::size_t i = 0; i < count; ++i) {
      const void* value = arguments[i].value;
      if (value == nullptr || allocation_around(address_of(value)) != nullptr) continue;
      throw Error(format(
          "xpu3sim: kernel '%s': argument %d (%p) is not device memory; kernels may only be "
          "given pointers from xpu3sim::device_malloc (or null)",
          kernel_name_.c_str(), arguments[i].index, value));
    }
  }

  void run() {
    const CoreSlots& slots = core_slots();
    cores_.resize(static_cast<std::size_t>(config_.ncores_per_cluster));
    for (int i = 0; i < config_.ncores_per_cluster; ++i) {
      Core& core = cores_[static_cast<std::size_t>(i)];
      core.index = i;
      core.stack_base = slots.stack_base(i);
      core.stack_bytes = kFiberStackBytes;
      core.arena.attach(slots.arena(i), slots.arena_bytes);
    }

    std::vector<int> cluster_order(static_cast<std::size_t>(config_.nclusters));
    for (int i = 0; i < config_.nclusters; ++i) cluster_order[static_cast<std::size_t>(i)] = i;
    for (std::size_t i = cluster_order.size(); i > 1; --i) {
      std::swap(cluster_order[i - 1], cluster_order[rng_.below(i)]);
    }
    for (int cluster : cluster_order) {
      run_cluster(cluster);
      if (!error_.empty()) throw Error(error_);
    }
  }

  // --- called from kernel code, on the running core's fiber -----------------

  const LaunchConfig& config() const { return config_; }

  std::string where(const Core& core, const char* file, int line) const {
    return format("xpu3sim: kernel '%s', cluster %d core %d (%s:%d): ", kernel_name_.c_str(),
                  core.cluster, core.index, file, line);
  }

  [[noreturn]] void fail(const Core& core, const char* file, int line, const std::string& what) {
    throw Error(where(core, file, line) + what);
  }

  // Lets the scheduler pick which core runs next (possibly this one again).
  void yield(Core& core) { suspend(core, CoreStatus::runnable); }

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
      check_range(core, to, dst, length, op, "destination", file, line);
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
    if (unwinding()) return;  // the core is leaving the kernel; retire() accounts for it
    core.wait_op = op;
    core.wait_file = file;
    core.wait_line = line;
    ++cluster_.barrier_arrived;
    if (cluster_.barrier_arrived == cluster_.live_cores) {
      release_barrier();
      yield(core);
    } else {
      suspend(core, CoreStatus::at_barrier);
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
      core.wait_op = "ticket_lock_mix";
      core.wait_file = file;
      core.wait_line = line;
      cluster_.lock_waiters.push_back(core.index);
      suspend(core, CoreStatus::waiting_for_lock);  // woken as the new holder
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
    g_shared_arrays.push_back(SharedArray{static_cast<char*>(base), bytes, name, file, line});
    std::memset(base, kSharedPoison, bytes);  // as at every cluster start
    return static_cast<int>(g_shared_arrays.size() - 1);
  }

  void use_shared(Core& core, int shared_id) {
    std::vector<int>& used = cluster_.used_shared_ids;
    if (std::find(used.begin(), used.end(), shared_id) != used.end()) return;
    used.push_back(shared_id);
    const SharedArray& array = g_shared_arrays[static_cast<std::size_t>(shared_id)];
    cluster_.used_shared_bytes += array.bytes;
    if (cluster_.used_shared_bytes <= kSharedMemoryBytes) return;
    std::string arrays;
    for (int id : used) {
      const SharedArray& a = g_shared_arrays[static_cast<std::size_t>(id)];
      arrays += format(" '%s' %zu bytes (%s:%d),", a.name.c_str(), a.bytes, a.file.c_str(),
                       a.line);
    }
    arrays.pop_back();
    fail(core, array.file.c_str(), array.line,
         format("shared memory exhausted: the cluster's shared arrays need %zu bytes, the "
                "cluster has %zu:%s",
                cluster_.used_shared_bytes, kSharedMemoryBytes, arrays.c_str()));
  }

  // Entry point of every core's fiber.
  static void core_main() {
    Launch& launch = *t_launch;
    Core& core = *t_core;
#if XPU3SIM_ASAN
    __sanitizer_finish_switch_fiber(nullptr, &launch.scheduler_stack_bottom_,
                                    &launch.scheduler_stack_bytes_);
#endif
    launch.run_kernel(core);
    launch.retire(core);
#if XPU3SIM_ASAN
    __sanitizer_start_switch_fiber(nullptr, launch.scheduler_stack_bottom_,
                                   launch.scheduler_stack_bytes_);
#endif
    swapcontext(&core.context, &launch.scheduler_context_);  // never resumed
  }

 private:
  void run_cluster(int cluster) {
    cluster_ = ClusterState{};
    cluster_.index = cluster;
    cluster_.live_cores = config_.ncores_per_cluster;
    for (const SharedArray& array : g_shared_arrays) {
      std::memset(array.base, kSharedPoison, array.bytes);
    }
    for (Core& core : cores_) {
      core.cluster = cluster;
      core.status = CoreStatus::not_started;
      core.pending.clear();
      core.arena.reset();
      core.asan_fake_stack = nullptr;
#if XPU3SIM_ASAN
      ASAN_UNPOISON_MEMORY_REGION(core.stack_base, core.stack_bytes);
#endif
      getcontext(&core.context);
      core.context.uc_stack.ss_sp = core.stack_base;
      core.context.uc_stack.ss_size = core.stack_bytes;
      core.context.uc_link = &scheduler_context_;
      makecontext(&core.context, &Launch::core_main, 0);
      // Only makecontext reads uc_stack. AddressSanitizer's swapcontext
      // interceptor would otherwise wipe the shadow of the whole stack on every
      // switch (slow, and it drops the redzones of live frames); the fiber
      // annotations below tell it about the stacks instead.
      core.context.uc_stack.ss_sp = nullptr;
      core.context.uc_stack.ss_size = 0;
    }

    std::vector<Core*> candidates;
    candidates.reserve(cores_.size());
    while (cluster_.live_cores > 0) {
      candidates.clear();
      for (Core& core : cores_) {
        if (core.status == CoreStatus::not_started || core.status == CoreStatus::runnable) {
          candidates.push_back(&core);
        }
      }
      if (candidates.empty()) {
        record_error(deadlock_report());
        break;
      }
      resume(*candidates[rng_.below(candidates.size())]);
      if (!error_.empty()) break;
    }
    if (!error_.empty()) abort_cluster();
  }

  void resume(Core& core) {
    core.status = CoreStatus::running;
    t_core = &core;
#if XPU3SIM_ASAN
    void* scheduler_fake_stack = nullptr;
    __sanitizer_start_switch_fiber(&scheduler_fake_stack, core.stack_base, core.stack_bytes);
#endif
    swapcontext(&scheduler_context_, &core.context);
#if XPU3SIM_ASAN
    __sanitizer_finish_switch_fiber(scheduler_fake_stack, nullptr, nullptr);
#endif
    t_core = nullptr;
  }

  // True while the running core unwinds (an intrinsic reached from a
  // destructor). Cores never switch then: two cores' exception handling would
  // interleave on one thread.
  static bool unwinding() { return std::uncaught_exceptions() > 0; }

  // On the core's fiber: hands control back to the scheduler. Throws CoreAbort
  // if the launch is being aborted, so the core unwinds instead of going on.
  void suspend(Core& core, CoreStatus status) {
    if (unwinding()) return;
    if (aborting_) throw CoreAbort{};
    core.status = status;
#if XPU3SIM_ASAN
    __sanitizer_start_switch_fiber(&core.asan_fake_stack, scheduler_stack_bottom_,
                                   scheduler_stack_bytes_);
#endif
    swapcontext(&core.context, &scheduler_context_);
#if XPU3SIM_ASAN
    __sanitizer_finish_switch_fiber(core.asan_fake_stack, nullptr, nullptr);
#endif
    if (aborting_) throw CoreAbort{};
  }

  void run_kernel(Core& core) {
    try {
      thunk_(closure_);
      land_pending_transfers(core);  // the device completes outstanding DMA at kernel end
      if (cluster_.lock_holder == core.index) {
        fail(core, cluster_.lock_file, cluster_.lock_line,
             "the core returned from the kernel still holding the ticket lock taken here");
      }
    } catch (const CoreAbort&) {
    } catch (const Error& e) {
      record_error(e.what());
    } catch (const std::exception& e) {
      record_error(format("xpu3sim: kernel '%s', cluster %d core %d: the kernel threw: %s",
                          kernel_name_.c_str(), core.cluster, core.index, e.what()));
    } catch (...) {
      record_error(format("xpu3sim: kernel '%s', cluster %d core %d: the kernel threw a "
                          "non-standard exception",
                          kernel_name_.c_str(), core.cluster, core.index));
    }
  }

  // The core has left the kernel: it no longer holds back barriers.
  void retire(Core& core) {
    core.status = CoreStatus::finished;
    core.pending.clear();
    --cluster_.live_cores;
    if (cluster_.lock_holder == core.index) hand_lock_to_next_waiter();
    if (cluster_.barrier_arrived > 0 && cluster_.barrier_arrived == cluster_.live_cores) {
      release_barrier();
    }
  }

  void release_barrier() {
    cluster_.barrier_arrived = 0;
    for (Core& core : cores_) {
      if (core.status == CoreStatus::at_barrier) core.status = CoreStatus::runnable;
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
    cores_[static_cast<std::size_t>(next)].status = CoreStatus::runnable;
  }

  void land_pending_transfers(Core& core) {
    for (const PendingTransfer& t : core.pending) std::memmove(t.dst, t.src, t.bytes);
    core.pending.clear();
  }

  // Unwinds every core of the cluster that is suspended inside the kernel.
  void abort_cluster() {
    aborting_ = true;
    for (Core& core : cores_) {
      if (core.status == CoreStatus::not_started) {
        core.status = CoreStatus::finished;
        --cluster_.live_cores;
      }
    }
    for (Core& core : cores_) {
      if (core.status != CoreStatus::finished) resume(core);  // throws CoreAbort in it
    }
  }

  void record_error(const std::string& message) {
    if (error_.empty()) error_ = message;
  }

  std::string deadlock_report() const {
    std::string report = format(
        "xpu3sim: kernel '%s', cluster %d: deadlock, no core of the cluster can continue:",
        kernel_name_.c_str(), cluster_.index);
    int listed = 0;
    int unlisted = 0;
    for (const Core& core : cores_) {
      if (core.status == CoreStatus::finished) continue;
      if (listed == 16) {
        ++unlisted;
        continue;
      }
      ++listed;
      if (core.status == CoreStatus::waiting_for_lock) {
        report += format(
            "\n  core %d waits in ticket_lock_mix (%s:%d) for the lock core %d took at %s:%d",
            core.index, core.wait_file, core.wait_line, cluster_.lock_holder, cluster_.lock_file,
            cluster_.lock_line);
      } else {
        report += format("\n  core %d waits in %s (%s:%d)%s", core.index, core.wait_op,
                         core.wait_file, core.wait_line,
                         cluster_.lock_holder == core.index ? " holding the ticket lock" : "");
      }
    }
    if (unlisted > 0) report += format("\n  ... and %d more cores", unlisted);
    return report;
  }

  // --- range checks -----------------------------------------------------------

  void check_range(const Core& core, kernel_api::Space space, const void* address,
                   std::size_t bytes, const char* op, const char* role, const char* file,
                   int line) {
    std::string problem;
    switch (space) {
      case kernel_api::Space::global:
        problem = check_global_range(address, bytes);
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
  }

  std::string check_local_range(const Core& core, const void* address, std::size_t bytes) const {
    const std::uintptr_t start = address_of(address);
    if (core.arena.holds(address)) {
      const LocalBlock* block = core.arena.block_containing(address);
      if (block == nullptr) {
        return format("address %p is in this core's local memory but in no live local array",
                      address);
      }
      const std::size_t offset = start - address_of(block->base);
      if (bytes <= block->bytes - offset) return {};
      return format(
          "bytes [%zu, %zu) (offset %zu, length %zu) of local array '%s' (%zu bytes, declared "
          "at %s:%d) run %zu bytes past its end",
          offset, offset + bytes, offset, bytes, block->name, block->bytes, block->file,
          block->line, offset + bytes - block->bytes);
    }
    const std::uintptr_t stack_start = address_of(core.stack_base);
    const std::uintptr_t stack_end = stack_start + core.stack_bytes;
    if (start >= stack_start && start < stack_end) {
      // A plain local variable of the kernel: only its frame knows its size.
      if (bytes <= stack_end - start) return {};
      return format("%zu bytes at %p run past the top of this core's stack", bytes, address);
    }
#if XPU3SIM_ASAN
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
    const std::uintptr_t start = address_of(address);
    if (const SharedArray* array = shared_array_containing(address)) {
      const std::size_t offset = start - address_of(array->base);
      if (bytes <= array->bytes - offset) return {};
      return format(
          "bytes [%zu, %zu) (offset %zu, length %zu) of shared array '%s' (%zu bytes, declared "
          "at %s:%d) run %zu bytes past its end",
          offset, offset + bytes, offset, bytes, array->name.c_str(), array->bytes,
          array->file.c_str(), array->line, offset + bytes - array->bytes);
    }
    if (!allocation_name_at(address).empty() || in_any_core_memory(address)) {
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
    const std::string allocation = allocation_name_at(address);
    if (!allocation.empty()) return format("it is in device allocation '%s'", allocation.c_str());
    if (const SharedArray* array = shared_array_containing(address)) {
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

  std::string kernel_name_;
  LaunchConfig config_;
  detail::KernelThunk thunk_;
  const void* closure_;
  ScheduleRng rng_;
  std::vector<Core> cores_;  // one slot per core of a cluster, reused by every cluster
  ClusterState cluster_;
  ucontext_t scheduler_context_{};
  const void* scheduler_stack_bottom_ = nullptr;
  std::size_t scheduler_stack_bytes_ = 0;
  bool aborting_ = false;
  std::string error_;
};

// The launch and core running the calling kernel code (`launch` is set).
Core& current_core(Launch*& launch, const char* op, const char* file = nullptr, int line = 0) {
  if (t_launch == nullptr || t_core == nullptr) {
    const std::string at = file != nullptr ? format(" (%s:%d)", file, line) : std::string();
    throw Error(format("xpu3sim: %s called outside a running kernel%s", op, at.c_str()));
  }
  launch = t_launch;
  return *t_core;
}

}  // namespace

// -----------------------------------------------------------------------------
// Host API

void* device_malloc(std::size_t bytes, const char* name) {
  void* memory = std::malloc(bytes > 0 ? bytes : 1);
  if (memory == nullptr) {
    throw Error(format("xpu3sim: device_malloc of %zu bytes for '%s' failed", bytes,
                       name != nullptr ? name : "<unnamed>"));
  }
  std::memset(memory, kGlobalPoison, bytes);
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  g_allocations[address_of(memory)] =
      Allocation{bytes, name != nullptr ? name : "<unnamed allocation>"};
  return memory;
}

void device_free(void* device_ptr) {
  if (device_ptr == nullptr) return;
  {
    std::lock_guard<std::mutex> lock(g_allocations_mutex);
    auto it = g_allocations.find(address_of(device_ptr));
    if (it == g_allocations.end()) {
      throw Error(format("xpu3sim: device_free(%p): not the start of a live device allocation",
                         device_ptr));
    }
    g_allocations.erase(it);
  }
  std::free(device_ptr);
}

void memcpy_h2d(void* device_dst, const void* host_src, std::size_t bytes) {
  if (bytes == 0) return;
  const std::string problem = check_global_range(device_dst, bytes);
  if (!problem.empty()) throw Error("xpu3sim: memcpy_h2d destination: " + problem);
  std::memmove(device_dst, host_src, bytes);
}

void memcpy_d2h(void* host_dst, const void* device_src, std::size_t bytes) {
  if (bytes == 0) return;
  const std::string problem = check_global_range(device_src, bytes);
  if (!problem.empty()) throw Error("xpu3sim: memcpy_d2h source: " + problem);
  std::memmove(host_dst, device_src, bytes);
}

namespace detail {

void run_launch(const char* kernel_name, const LaunchConfig& config, KernelThunk thunk,
                const void* closure, const PointerArgument* pointer_arguments,
                std::size_t pointer_argument_count) {
  if (t_launch != nullptr) {
    throw Error(format("xpu3sim: kernel '%s' launched from inside a running kernel",
                       kernel_name != nullptr ? kernel_name : "<unnamed kernel>"));
  }
  Launch launch(kernel_name, config, thunk, closure);
  launch.check_config();
  launch.check_pointer_arguments(pointer_arguments, pointer_argument_count);

  std::lock_guard<std::mutex> serialise(g_launch_mutex);
  struct CurrentLaunch {
    explicit CurrentLaunch(Launch* launch) { t_launch = launch; }
    ~CurrentLaunch() { t_launch = nullptr; }
  } current(&launch);
  launch.run();
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
  if (t_core != nullptr) t_core->arena.release(block);
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
