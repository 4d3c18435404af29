// cudasim runtime: simulated device memory, kernel launches, per-block shared
// memory, and the checks behind cuda_global<T>, CUDA_SHARED_ARRAY and the
// intrinsics of the stand-in headers.
//
// Execution model (the XPU3 simulation's, csrc/xpu3sim/xpu3sim.cc): each
// simulated thread of a block is a fiber with its own stack; all
// fibers run on the thread that called launch(), one at a time, and control
// changes hands only where threads of a block can observe each other through
// the programming model: __syncthreads, warp shuffles, votes and __syncwarp,
// and atomics. The next thread is drawn by a splitmix64 generator seeded from
// LaunchConfig::schedule_seed, so a schedule, and any failure, replays exactly.
// Blocks run one after another in an order shuffled from the seed; CUDA has no
// barrier between the blocks of a grid, so that is a legal device schedule.
//
// Races in shared memory do not depend on the interleaving: every byte of a
// shared array records which thread last wrote it and which read it in the
// current barrier interval, and a conflicting access by another thread in the
// same interval is reported whatever the order the threads ran in.
//
// Source locations: intrinsics take __builtin_FILE/__builtin_LINE default
// arguments; element accesses (operator[] cannot have default arguments) pass
// their caller's return address, which is turned into file:line by addr2line on
// the debug information only when an error is reported.

#include <dlfcn.h>
#include <elf.h>
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
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "cuda_runtime.h"
#include "cudasim/sim.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#define CUDASIM_ASAN 1
#else
#define CUDASIM_ASAN 0
#endif

// The running thread's ids (declared in the stand-in cuda_runtime.h).
uint3 threadIdx;
uint3 blockIdx;
dim3 blockDim;
dim3 gridDim;

namespace cudasim {
namespace detail {

// Who accessed a byte of shared memory in one way in the current barrier
// interval: the first thread (and where), whether others did too, their warp
// if they all share one (else -1), and the largest __syncwarp count of that
// warp among their accesses.
struct AccessRecord {
  int thread = -1;
  int warp = -1;
  bool many = false;
  unsigned warp_syncs = 0;
  const void* pc = nullptr;
};

struct ByteShadow {
  std::uint64_t interval = 0;
  AccessRecord writer;   // the last plain write
  AccessRecord readers;  // plain reads
  AccessRecord atomics;  // atomic updates
};

struct Region {
  char* base = nullptr;
  std::size_t bytes = 0;
  std::string name;
  bool shared = false;
  bool live = true;
  std::string file;  // where a shared array is declared
  int line = 0;
  std::vector<unsigned char> initialised;  // one flag per byte
  std::vector<ByteShadow> shadow;          // shared arrays only
};

}  // namespace detail

namespace {

using detail::AccessRecord;
using detail::ByteShadow;
using detail::Collective;
using detail::Region;

constexpr unsigned char kGlobalPoison = 0xDB;  // fresh device_malloc memory
constexpr unsigned char kSharedPoison = 0xA5;  // fresh shared array of a block
constexpr std::size_t kFiberStackBytes = (CUDASIM_ASAN ? 1024 : 256) * 1024;
constexpr std::uint64_t kMaxSimulatedBlocks = 1ull << 24;

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

std::uintptr_t address_of(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p);
}

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

// --- fibers -------------------------------------------------------------------
//
// A CUDA block has up to 1024 threads and kernels cross many barriers, so the
// switch matters: glibc's swapcontext makes a sigprocmask system call each
// time (about 0.7 us here). On x86-64 the switch below saves only what the
// ABI says a call preserves (rbx, rbp, r12-r15, the SSE and x87 control words)
// and costs a few nanoseconds; elsewhere ucontext is used.

struct FiberContext {
#if defined(__x86_64__)
  void* sp = nullptr;
#else
  ucontext_t context{};
#endif
};

#if defined(__x86_64__)
extern "C" void cudasim_switch_fiber(void** save_sp, void* load_sp);
asm(R"(
  .text
  .globl cudasim_switch_fiber
  .hidden cudasim_switch_fiber
  .type cudasim_switch_fiber, @function
cudasim_switch_fiber:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size cudasim_switch_fiber, .-cudasim_switch_fiber
)");

// A fresh fiber whose first switch "returns" into `entry` with the stack as a
// call would leave it, above a null return address and a null frame pointer
// (so stack walks stop there). `entry` never returns.
void fiber_prepare(FiberContext& fiber, char* stack, std::size_t bytes, void (*entry)()) {
  auto* top = reinterpret_cast<std::uintptr_t*>((reinterpret_cast<std::uintptr_t>(stack) + bytes) &
                                                ~std::uintptr_t{15});
  std::uint32_t control[2];
  asm volatile("stmxcsr %0" : "=m"(control[0]));
  asm volatile("fnstcw %0" : "=m"(control[1]));
  top[-1] = 0;                                        // entry's return address
  top[-2] = reinterpret_cast<std::uintptr_t>(entry);  // popped by the switch's ret
  for (int i = 3; i <= 8; ++i) top[-i] = 0;           // rbp, rbx, r12-r15
  std::memcpy(&top[-9], control, sizeof control);     // mxcsr, x87 control word
  fiber.sp = &top[-9];
}

void fiber_switch(FiberContext& from, FiberContext& to) {
  cudasim_switch_fiber(&from.sp, to.sp);
}
#else
void fiber_prepare(FiberContext& fiber, char* stack, std::size_t bytes, void (*entry)()) {
  getcontext(&fiber.context);
  fiber.context.uc_stack.ss_sp = stack;
  fiber.context.uc_stack.ss_size = bytes;
  fiber.context.uc_link = nullptr;
  makecontext(&fiber.context, entry, 0);
  // See xpu3sim.cc: keeps AddressSanitizer's swapcontext interceptor from
  // clearing the whole stack's shadow on every switch.
  fiber.context.uc_stack.ss_sp = nullptr;
  fiber.context.uc_stack.ss_size = 0;
}

void fiber_switch(FiberContext& from, FiberContext& to) {
  swapcontext(&from.context, &to.context);
}
#endif

// --- source locations ---------------------------------------------------------

// "file:line" of a code address, from the debug information (addr2line), or
// the symbol and offset when there is none. Only called to report an error.
std::string symbolise(const void* pc) {
  static std::mutex mutex;
  static std::map<const void*, std::string> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto found = cache.find(pc);
  if (found != cache.end()) return found->second;
  // A return address points after the call; look up the call itself.
  const std::uintptr_t call = address_of(pc) - 1;
  std::string where;
  Dl_info info{};
  if (dladdr(reinterpret_cast<const void*>(call), &info) != 0 && info.dli_fname != nullptr) {
    const auto* header = static_cast<const ElfW(Ehdr)*>(info.dli_fbase);
    const std::uintptr_t lookup =
        header->e_type == ET_EXEC ? call : call - address_of(info.dli_fbase);
    std::string object = info.dli_fname;
    if (object.empty()) object = "/proc/self/exe";
    const std::string command =
        format("addr2line -i -e '%s' 0x%zx 2>/dev/null", object.c_str(), lookup);
    if (FILE* pipe = popen(command.c_str(), "r")) {
      char line[4096];
      if (std::fgets(line, sizeof line, pipe) != nullptr) {
        std::string text = line;
        text.erase(text.find_last_not_of(" \n") + 1);
        const std::size_t discriminator = text.find(" (discriminator");
        if (discriminator != std::string::npos) text.erase(discriminator);
        if (text.rfind("??", 0) != 0 && text.find(":?") == std::string::npos) {
          // Shown relative to the working directory, as __FILE__ usually is.
          char cwd[4096];
          if (getcwd(cwd, sizeof cwd) != nullptr) {
            const std::string prefix = std::string(cwd) + "/";
            if (text.rfind(prefix, 0) == 0) text.erase(0, prefix.size());
          }
          where = text;
        }
      }
      pclose(pipe);
    }
    if (where.empty()) {
      where =
          format("%s+0x%zx",
                 info.dli_sname != nullptr ? info.dli_sname : object.c_str(),
                 call - address_of(info.dli_saddr != nullptr ? info.dli_saddr : info.dli_fbase));
    }
  } else {
    where = format("pc %p", pc);
  }
  cache[pc] = where;
  return where;
}

// --- global memory registry ---------------------------------------------------

std::mutex g_allocations_mutex;
std::map<std::uintptr_t, std::unique_ptr<Region>> g_allocations;  // keyed by base address

// The allocation whose [base, base + bytes] holds `address` (one past the end
// included: empty slices and end pointers), or null. Caller holds the mutex.
Region* allocation_around(std::uintptr_t address) {
  auto it = g_allocations.upper_bound(address);
  if (it == g_allocations.begin()) return nullptr;
  --it;
  if (address - it->first > it->second->bytes) return nullptr;
  return it->second.get();
}

Region* allocation_for_host_copy(const void* device, std::size_t bytes, const char* what) {
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  Region* region = allocation_around(address_of(device));
  if (region == nullptr) {
    throw Error(
        format("cudasim: %s: address %p is not inside any device allocation", what, device));
  }
  const std::size_t offset = address_of(device) - address_of(region->base);
  if (bytes > region->bytes - offset) {
    throw Error(
        format("cudasim: %s: bytes [%zu, %zu) run past the end of device allocation "
               "'%s' (%zu bytes)",
               what,
               offset,
               offset + bytes,
               region->name.c_str(),
               region->bytes));
  }
  return region;
}

// --- launch state ---------------------------------------------------------------

enum class ThreadStatus { not_started, runnable, running, at_barrier, at_warp, finished };

struct Thread {
  int linear = 0;
  uint3 index{};
  ThreadStatus status = ThreadStatus::not_started;
  FiberContext context;
  char* stack_base = nullptr;
  const char* wait_op = "";
  const char* wait_file = "";
  int wait_line = 0;
  int barrier_count = 0;  // the last barrier's predicate count
  void* asan_fake_stack = nullptr;
};

struct Warp {
  unsigned lanes = 0;    // lanes that exist (the last warp may be partial)
  unsigned exited = 0;   // lanes that have returned from the kernel
  unsigned arrived = 0;  // lanes waiting in the pending collective
  Collective kind = Collective::shfl;
  unsigned mask = 0;
  int width = 32;
  const char* op = "";
  const char* file = "";
  int line = 0;
  int first_lane = 0;
  unsigned long long values[32] = {};
  int args[32] = {};
  unsigned long long results[32] = {};
  unsigned syncs = 0;  // completed __syncwarp calls
};

struct Block {
  uint3 index{};
  int live = 0;
  int first_exited = -1;  // linear index of the first thread that returned
  int barrier_arrived = 0;
  const char* barrier_file = "";
  int barrier_line = 0;
  int barrier_first = -1;
  int barrier_count = 0;  // threads that passed a nonzero predicate so far
  std::vector<Warp> warps;
  std::map<const void*, std::unique_ptr<Region>> shared;  // by declaration site
  std::vector<Region*> shared_order;
  std::size_t shared_bytes = 0;
};

// Thrown into the threads still suspended when a launch is aborted, so that
// their frames unwind before the launch returns. Not a std::exception.
struct ThreadAbort {};

class Launch;
thread_local Launch* t_launch = nullptr;
thread_local Thread* t_thread = nullptr;
std::mutex g_launch_mutex;  // one launch at a time, as on one stream
// Serial number of the current barrier interval: unique across blocks and
// launches, so a stale record never matches.
std::uint64_t g_interval = 0;

#if CUDASIM_ASAN
// Whether a stack slot's shadow may hold poison left by a fiber that did not
// unwind (a fresh mapping is clean). A fiber that returns from the kernel, or
// unwinds out of it when its block is aborted, leaves its stack clean, so the
// shadow of only those slots is cleared before reuse: clearing every slot of a
// 256-thread block (1 MiB stacks) cost ~30 MiB of shadow writes per block.
bool g_stack_dirty[kMaxThreadsPerBlock] = {};
#endif

// Fiber stacks for a full block, each below a guard page; mapped once.
struct StackSlots {
  char* base = nullptr;
  std::size_t page = 0;
  std::size_t slot_bytes = 0;
  char* stack(int thread) const {
    return base + slot_bytes * static_cast<std::size_t>(thread) + page;
  }
};

const StackSlots& stack_slots() {
  static const StackSlots slots = [] {
    StackSlots s;
    s.page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    s.slot_bytes = s.page + kFiberStackBytes;
    const std::size_t total = s.slot_bytes * kMaxThreadsPerBlock;
    void* memory = mmap(
        nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) {
      throw Error(format("cudasim: cannot map %zu bytes for the simulated threads", total));
    }
    s.base = static_cast<char*>(memory);
    for (unsigned i = 0; i < kMaxThreadsPerBlock; ++i) {
      mprotect(s.stack(static_cast<int>(i)) - s.page, s.page, PROT_NONE);
    }
    return s;
  }();
  return slots;
}

std::string dims(uint3 v) {
  return format("(%u,%u,%u)", v.x, v.y, v.z);
}

class Launch {
 public:
  Launch(const char* kernel_name,
         const LaunchConfig& config,
         detail::KernelThunk thunk,
         const void* closure)
      : kernel_(kernel_name),
        config_(config),
        thunk_(thunk),
        closure_(closure),
        rng_(config.schedule_seed) {}

  void check_config() const {
    const dim3 b = config_.block;
    const dim3 g = config_.grid;
    const std::uint64_t threads = std::uint64_t{b.x} * b.y * b.z;
    if (b.x == 0 || b.y == 0 || b.z == 0 || b.x > kMaxBlockDimXY || b.y > kMaxBlockDimXY ||
        b.z > kMaxBlockDimZ || threads > kMaxThreadsPerBlock) {
      throw Error(
          format("cudasim: kernel '%s': invalid block (%u,%u,%u): each of x, y at most "
                 "%u, z at most %u, at most %u threads, none zero",
                 kernel_.c_str(),
                 b.x,
                 b.y,
                 b.z,
                 kMaxBlockDimXY,
                 kMaxBlockDimZ,
                 kMaxThreadsPerBlock));
    }
    if (g.x == 0 || g.y == 0 || g.z == 0 || g.x > kMaxGridDimX || g.y > kMaxGridDimYZ ||
        g.z > kMaxGridDimYZ) {
      throw Error(
          format("cudasim: kernel '%s': invalid grid (%u,%u,%u)", kernel_.c_str(), g.x, g.y, g.z));
    }
    if (std::uint64_t{g.x} * g.y * g.z > kMaxSimulatedBlocks) {
      throw Error(
          format("cudasim: kernel '%s': grid (%u,%u,%u) has more blocks than the "
                 "simulation runs (%llu)",
                 kernel_.c_str(),
                 g.x,
                 g.y,
                 g.z,
                 static_cast<unsigned long long>(kMaxSimulatedBlocks)));
    }
  }

  void run() {
    const dim3 b = config_.block;
    const dim3 g = config_.grid;
    blockDim = b;
    gridDim = g;
    const int count = static_cast<int>(b.x * b.y * b.z);
    const StackSlots& slots = stack_slots();
    threads_.assign(static_cast<std::size_t>(count), Thread{});
    for (int i = 0; i < count; ++i) {
      Thread& t = threads_[static_cast<std::size_t>(i)];
      t.linear = i;
      const unsigned u = static_cast<unsigned>(i);
      t.index = uint3{u % b.x, (u / b.x) % b.y, u / (b.x * b.y)};
      t.stack_base = slots.stack(i);
    }
    const std::uint64_t blocks = std::uint64_t{g.x} * g.y * g.z;
    std::vector<std::uint32_t> order(static_cast<std::size_t>(blocks));
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng_.below(i)]);
    for (std::uint32_t linear : order) {
      run_block(uint3{linear % g.x, (linear / g.x) % g.y, linear / (g.x * g.y)});
      if (!error_.empty()) throw Error(error_);
    }
  }

  // --- called from kernel code, on the running thread's fiber -----------------

  std::string where(const Thread& t, const std::string& location) const {
    return format("cudasim: kernel '%s', block %s thread %s (%s): ",
                  kernel_.c_str(),
                  dims(block_.index).c_str(),
                  dims(t.index).c_str(),
                  location.c_str());
  }
  std::string where(const Thread& t, const char* file, int line) const {
    return where(t, format("%s:%d", file, line));
  }

  // Throws the error. A read of uninitialised shared memory seen earlier in the
  // block is reported first: the garbage it returned may be what went wrong.
  [[noreturn]] void fail(const Thread& t, const std::string& location, const std::string& what) {
    if (!pending_uninitialised_.empty()) {
      throw Error(pending_uninitialised_ + "; after it: " + where(t, location) + what);
    }
    throw Error(where(t, location) + what);
  }

  std::string thread_name(int linear) const {
    return dims(threads_[static_cast<std::size_t>(linear)].index);
  }

  void yield(Thread& t) { suspend(t, ThreadStatus::runnable); }

  // __syncthreads
  // __syncthreads; returns how many threads passed a nonzero `predicate`
  // (the __syncthreads_count/_and/_or forms).
  int barrier(Thread& t, const char* file, int line, int predicate = 0) {
    if (unwinding()) return 0;
    if (block_.first_exited >= 0) {
      fail(t,
           format("%s:%d", file, line),
           format("__syncthreads reached after thread %s returned from the kernel: every "
                  "thread of the block must reach every __syncthreads",
                  thread_name(block_.first_exited).c_str()));
    }
    // The same __FILE__ literal is usually the same pointer: strcmp only if not
    // (it was a tenth of a block-reduction-heavy kernel's simulated time).
    if (block_.barrier_arrived > 0 &&
        (block_.barrier_line != line ||
         (block_.barrier_file != file && std::strcmp(block_.barrier_file, file) != 0))) {
      fail(t,
           format("%s:%d", file, line),
           format("divergent __syncthreads: this thread waits here while thread %s waits at "
                  "the __syncthreads at %s:%d",
                  thread_name(block_.barrier_first).c_str(),
                  block_.barrier_file,
                  block_.barrier_line));
    }
    if (block_.barrier_arrived == 0) {
      block_.barrier_file = file;
      block_.barrier_line = line;
      block_.barrier_first = t.linear;
    }
    t.wait_op = "__syncthreads";
    t.wait_file = file;
    t.wait_line = line;
    if (predicate != 0) ++block_.barrier_count;
    if (++block_.barrier_arrived == static_cast<int>(threads_.size())) {
      if (!pending_uninitialised_.empty()) throw Error(pending_uninitialised_);
      block_.barrier_arrived = 0;
      ++g_interval;
      for (Thread& other : threads_) {
        other.barrier_count = block_.barrier_count;
        if (other.status == ThreadStatus::at_barrier) make_ready(other);
      }
      block_.barrier_count = 0;
      yield(t);
    } else {
      suspend(t, ThreadStatus::at_barrier);
    }
    return t.barrier_count;
  }

  std::size_t dynamic_shared_bytes() const { return config_.dynamic_shared_bytes; }

  unsigned long long warp_collective(Thread& t,
                                     Collective kind,
                                     unsigned mask,
                                     unsigned long long value,
                                     int arg,
                                     int width,
                                     const char* op,
                                     const char* file,
                                     int line) {
    if (unwinding()) return value;
    // Formatted only for a report: collectives are the simulation's hot path.
    const auto at = [&] { return format("%s:%d", file, line); };
    Warp& warp = block_.warps[static_cast<std::size_t>(t.linear / 32)];
    const int lane = t.linear % 32;
    const unsigned bit = 1u << lane;
    if ((mask & bit) == 0) {
      fail(t,
           at(),
           format(
               "%s with mask 0x%08x, which does not include the calling lane %d", op, mask, lane));
    }
    if ((mask & ~warp.lanes) != 0) {
      fail(t,
           at(),
           format("%s with mask 0x%08x names lanes that do not exist: this warp has "
                  "lanes 0x%08x (the block has %zu threads)",
                  op,
                  mask,
                  warp.lanes,
                  threads_.size()));
    }
    if ((mask & warp.exited) != 0) {
      fail(t,
           at(),
           format("%s with mask 0x%08x names lane %d, which has returned from the kernel",
                  op,
                  mask,
                  __builtin_ctz(mask & warp.exited)));
    }
    if (width < 1 || width > 32 || (width & (width - 1)) != 0) {
      fail(t, at(), format("%s with width %d: it must be a power of two from 1 to 32", op, width));
    }
    if (warp.arrived != 0 && (warp.kind != kind || warp.mask != mask || warp.width != width)) {
      fail(t,
           at(),
           format("divergent warp collectives: lane %d calls %s with mask 0x%08x while "
                  "lane %d waits in %s at %s:%d with mask 0x%08x",
                  lane,
                  op,
                  mask,
                  warp.first_lane,
                  warp.op,
                  warp.file,
                  warp.line,
                  warp.mask));
    }
    if (warp.arrived == 0) {
      warp.kind = kind;
      warp.mask = mask;
      warp.width = width;
      warp.op = op;
      warp.file = file;
      warp.line = line;
      warp.first_lane = lane;
    }
    warp.values[lane] = value;
    warp.args[lane] = arg;
    warp.arrived |= bit;
    t.wait_op = op;
    t.wait_file = file;
    t.wait_line = line;
    if (warp.arrived == mask) {
      complete_collective(t, warp, file, line);
      yield(t);
    } else {
      suspend(t, ThreadStatus::at_warp);
    }
    return warp.results[lane];
  }

  unsigned active_mask(const Thread& t) const {
    const Warp& warp = block_.warps[static_cast<std::size_t>(t.linear / 32)];
    return warp.lanes & ~warp.exited;
  }

  Region* shared_region(Thread& t,
                        const void* site,
                        std::size_t bytes,
                        std::size_t alignment,
                        const char* name,
                        const char* file,
                        int line) {
    auto found = block_.shared.find(site);
    if (found != block_.shared.end()) return found->second.get();
    if (block_.shared_bytes + bytes > kStaticSharedBytes) {
      std::string arrays;
      for (const Region* r : block_.shared_order) {
        arrays +=
            format(" '%s' %zu bytes (%s:%d),", r->name.c_str(), r->bytes, r->file.c_str(), r->line);
      }
      if (!arrays.empty()) arrays.pop_back();
      fail(t,
           format("%s:%d", file, line),
           format("shared array '%s' needs %zu bytes, but the block's shared memory "
                  "(static and dynamic, %zu bytes) has %zu left%s%s",
                  name,
                  bytes,
                  kStaticSharedBytes,
                  kStaticSharedBytes - block_.shared_bytes,
                  arrays.empty() ? "" : "; in use:",
                  arrays.c_str()));
    }
    auto region = std::make_unique<Region>();
    // Over-allocated so the array gets its alignment; poisoned, uninitialised.
    region->bytes = bytes;
    region->name = name;
    region->shared = true;
    region->file = file;
    region->line = line;
    region->initialised.assign(bytes, 0);
    region->shadow.assign(bytes, ByteShadow{});
    storage_.emplace_back(new char[bytes + alignment]);
    const std::uintptr_t raw = address_of(storage_.back().get());
    region->base = reinterpret_cast<char*>((raw + alignment - 1) & ~(alignment - 1));
    std::memset(region->base, kSharedPoison, bytes);
    block_.shared_bytes += bytes;
    block_.shared_order.push_back(region.get());
    Region* result = region.get();
    block_.shared.emplace(site, std::move(region));
    return result;
  }

  // Bounds, initialisation and (in shared memory) race checks of one access.
  void access(Thread& t,
              const Region* region,
              const void* address,
              std::size_t bytes,
              const void* pc,
              const char* kind,
              bool reads,
              bool writes,
              bool atomic) {
    if (region == nullptr) {
      fail(t,
           symbolise(pc),
           format("%s of %zu bytes through a %s pointer",
                  kind,
                  bytes,
                  address == nullptr ? "null" : "null-derived (null plus an offset)"));
    }
    const char* space = region->shared ? "shared array" : "device allocation";
    if (!region->live) {
      fail(t,
           symbolise(pc),
           format("%s of %s '%s' after it was freed", kind, space, region->name.c_str()));
    }
    const std::intptr_t offset =
        static_cast<std::intptr_t>(address_of(address) - address_of(region->base));
    if (offset < 0 || static_cast<std::size_t>(offset) > region->bytes ||
        bytes > region->bytes - static_cast<std::size_t>(offset)) {
      const std::string element =
          offset % static_cast<std::intptr_t>(bytes) == 0
              ? format(" (element %lld of %zu-byte elements; it has %zu)",
                       static_cast<long long>(offset / static_cast<std::intptr_t>(bytes)),
                       bytes,
                       region->bytes / bytes)
              : std::string();
      fail(t,
           symbolise(pc),
           format("out-of-bounds %s: bytes [%lld, %lld)%s of %s '%s' (%zu bytes)%s",
                  kind,
                  static_cast<long long>(offset),
                  static_cast<long long>(offset) + static_cast<long long>(bytes),
                  element.c_str(),
                  space,
                  region->name.c_str(),
                  region->bytes,
                  declared(*region).c_str()));
    }
    const std::size_t begin = static_cast<std::size_t>(offset);
    Region& r = const_cast<Region&>(*region);
    if (r.shared) {
      check_race(t,
                 r,
                 begin,
                 bytes,
                 pc,
                 atomic   ? Access::atomic
                 : writes ? Access::write
                          : Access::read);
    }
    if (reads) {
      for (std::size_t i = begin; i < begin + bytes; ++i) {
        if (r.initialised[i] != 0) continue;
        const std::string what = format(
            "%s of uninitialised memory: byte %zu of %s '%s' (%zu bytes)%s was never "
            "written%s (read of uninitialised memory, bytes [%zu, %zu))",
            kind,
            i,
            space,
            r.name.c_str(),
            r.bytes,
            declared(r).c_str(),
            r.shared ? " in this block" : " by the host or a kernel",
            begin,
            begin + bytes);
        if (r.shared && !atomic) {
          // Reported at the next barrier or the end of the block, unless another
          // thread writes the byte first: then the missing barrier is the bug
          // and the race check names both accesses.
          if (pending_uninitialised_.empty()) {
            pending_uninitialised_ = where(t, symbolise(pc)) + what;
          }
          break;
        }
        fail(t,
             symbolise(pc),
             format("%s of uninitialised memory: byte %zu of %s '%s' (%zu bytes)%s was never "
                    "written%s (read of uninitialised memory, bytes [%zu, %zu))",
                    kind,
                    i,
                    space,
                    r.name.c_str(),
                    r.bytes,
                    declared(r).c_str(),
                    r.shared ? " in this block" : " by the host or a kernel",
                    begin,
                    begin + bytes));
      }
    }
    if (writes || atomic) std::fill_n(r.initialised.begin() + begin, bytes, 1);
  }

  // --- entry points of the fibers ---------------------------------------------

  static void thread_main() {
    Launch& launch = *t_launch;
    Thread& t = *t_thread;
#if CUDASIM_ASAN
    __sanitizer_finish_switch_fiber(
        nullptr, &launch.scheduler_stack_bottom_, &launch.scheduler_stack_bytes_);
#endif
    launch.run_kernel(t);
#if CUDASIM_ASAN
    __sanitizer_start_switch_fiber(
        nullptr, launch.scheduler_stack_bottom_, launch.scheduler_stack_bytes_);
#endif
    fiber_switch(t.context, launch.scheduler_context_);  // never resumed
  }

 private:
  std::string declared(const Region& r) const {
    return r.shared ? format(" declared at %s:%d", r.file.c_str(), r.line) : std::string();
  }

  // What kind of access a race check sees.
  enum class Access { read, write, atomic };

  void check_race(
      Thread& t, Region& r, std::size_t begin, std::size_t bytes, const void* pc, Access access) {
    const int warp_index = t.linear / 32;
    const unsigned syncs = block_.warps[static_cast<std::size_t>(warp_index)].syncs;
    const char* action = access == Access::read    ? "reads"
                         : access == Access::write ? "writes"
                                                   : "updates atomically";
    for (std::size_t i = begin; i < begin + bytes; ++i) {
      ByteShadow& s = r.shadow[i];
      if (s.interval != g_interval) {
        s = ByteShadow{};
        s.interval = g_interval;
      }
      // Every access conflicts with another thread's plain write; a write or
      // an atomic with another thread's plain read; a plain access with
      // another thread's atomic. Atomics do not conflict with each other.
      if (s.writer.thread >= 0 && !ordered(t, s.writer)) {
        report_race(t, r, i, pc, action, s.writer.thread, "wrote", s.writer.pc);
      }
      if (access != Access::read && s.readers.thread >= 0 && !ordered(t, s.readers)) {
        report_race(t, r, i, pc, action, s.readers.thread, "read", s.readers.pc);
      }
      if (access != Access::atomic && s.atomics.thread >= 0 && !ordered(t, s.atomics)) {
        report_race(t, r, i, pc, action, s.atomics.thread, "updated atomically", s.atomics.pc);
      }
      switch (access) {
        case Access::write:
          s.writer = detail::AccessRecord{t.linear, warp_index, false, syncs, pc};
          break;
        case Access::read: note(s.readers, t, warp_index, syncs, pc); break;
        case Access::atomic: note(s.atomics, t, warp_index, syncs, pc); break;
      }
    }
  }

  // The earlier access(es) happened before this thread's: the same thread, or
  // all of them in this thread's warp with a __syncwarp since.
  bool ordered(const Thread& t, const detail::AccessRecord& record) const {
    const int warp_index = t.linear / 32;
    const unsigned syncs = block_.warps[static_cast<std::size_t>(warp_index)].syncs;
    if (!record.many && record.thread == t.linear) return true;
    return record.warp == warp_index && syncs > record.warp_syncs;
  }

  static void note(detail::AccessRecord& record,
                   const Thread& t,
                   int warp_index,
                   unsigned syncs,
                   const void* pc) {
    if (record.thread < 0) {
      record = detail::AccessRecord{t.linear, warp_index, false, syncs, pc};
      return;
    }
    if (record.thread != t.linear) record.many = true;
    if (record.warp != warp_index) record.warp = -1;
    record.warp_syncs = std::max(record.warp_syncs, syncs);
  }

  [[noreturn]] void report_race(Thread& t,
                                const Region& r,
                                std::size_t byte,
                                const void* pc,
                                const char* action,
                                int other,
                                const char* other_action,
                                const void* other_pc) {
    const std::string other_at = other_pc != nullptr ? symbolise(other_pc) : "?";
    pending_uninitialised_.clear();  // the race explains it
    fail(t,
         symbolise(pc),
         format("data race on shared array '%s' (declared at %s:%d): this thread %s byte %zu, "
                "which %s %s at %s with no __syncthreads between",
                r.name.c_str(),
                r.file.c_str(),
                r.line,
                action,
                byte,
                other == t.linear ? "another thread (and this one)"
                                  : ("thread " + thread_name(other)).c_str(),
                other_action,
                other_at.c_str()));
  }

  void complete_collective(Thread& t, Warp& warp, const char* file, int line) {
    const unsigned mask = warp.mask;
    const int width = warp.width;
    unsigned long long ballot = 0;
    for (int l = 0; l < 32; ++l) {
      if ((mask >> l) & 1u) ballot |= (warp.values[l] != 0 ? 1ull : 0ull) << l;
    }
    for (int l = 0; l < 32; ++l) {
      if (((mask >> l) & 1u) == 0) continue;
      const int segment = l & ~(width - 1);
      int source = l;
      const int arg = warp.args[l];
      switch (warp.kind) {
        case Collective::shfl: source = segment + (arg & (width - 1)); break;
        case Collective::shfl_up: source = (l - segment) >= arg ? l - arg : l; break;
        case Collective::shfl_down: source = (l - segment) + arg < width ? l + arg : l; break;
        case Collective::shfl_xor:
          source = l ^ arg;
          if (source < 0 || source >= segment + width) source = l;
          break;
        case Collective::ballot: warp.results[l] = ballot; continue;
        case Collective::any: warp.results[l] = ballot != 0; continue;
        case Collective::all: warp.results[l] = ballot == mask; continue;
        case Collective::syncwarp: warp.results[l] = 0; continue;
      }
      if (source < 0 || source > 31 || ((mask >> source) & 1u) == 0) {
        fail(t,
             format("%s:%d", file, line),
             format("%s: lane %d reads lane %d, which is not in the mask 0x%08x (the "
                    "value would be undefined on the device)",
                    warp.op,
                    l,
                    source,
                    mask));
      }
      warp.results[l] = warp.values[source];
    }
    if (warp.kind == Collective::syncwarp) ++warp.syncs;
    warp.arrived = 0;
    const int first = (t.linear / 32) * 32;
    for (int l = 0; l < 32; ++l) {
      if (((mask >> l) & 1u) == 0) continue;
      Thread& other = threads_[static_cast<std::size_t>(first + l)];
      if (other.status == ThreadStatus::at_warp) make_ready(other);
    }
  }

  void run_block(uint3 index) {
    block_ = Block{};
    block_.index = index;
    block_.live = static_cast<int>(threads_.size());
    const std::size_t warps = (threads_.size() + 31) / 32;
    block_.warps.assign(warps, Warp{});
    for (std::size_t w = 0; w < warps; ++w) {
      const std::size_t lanes = std::min<std::size_t>(32, threads_.size() - w * 32);
      block_.warps[w].lanes = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1u;
    }
    storage_.clear();
    ++g_interval;
    blockIdx = index;
    for (Thread& t : threads_) {
      t.status = ThreadStatus::not_started;
      t.asan_fake_stack = nullptr;
#if CUDASIM_ASAN
      if (g_stack_dirty[t.linear]) ASAN_UNPOISON_MEMORY_REGION(t.stack_base, kFiberStackBytes);
      g_stack_dirty[t.linear] = true;  // until the fiber is known to have unwound
#endif
      fiber_prepare(t.context, t.stack_base, kFiberStackBytes, &Launch::thread_main);
    }
    ready_.clear();
    for (Thread& t : threads_) ready_.push_back(t.linear);
    while (block_.live > 0) {
      if (ready_.empty()) {
        record_error(pending_uninitialised_.empty()
                         ? deadlock_report()
                         : pending_uninitialised_ + "; after it: " + deadlock_report());
        break;
      }
      // Uniform among the threads that can run (started or not).
      const std::size_t pick = rng_.below(ready_.size());
      const int next = ready_[pick];
      ready_[pick] = ready_.back();
      ready_.pop_back();
      resume(threads_[static_cast<std::size_t>(next)]);
      if (!error_.empty()) break;
    }
    if (error_.empty() && !pending_uninitialised_.empty()) record_error(pending_uninitialised_);
    pending_uninitialised_.clear();
    if (!error_.empty()) abort_block();
    // Shared arrays die with the block; a checked pointer kept past it fails.
    for (auto& entry : block_.shared) entry.second->live = false;
    retired_shared_.clear();
    for (auto& entry : block_.shared) retired_shared_.push_back(std::move(entry.second));
  }

  void resume(Thread& t) {
    t.status = ThreadStatus::running;
    t_thread = &t;
    threadIdx = t.index;
#if CUDASIM_ASAN
    void* scheduler_fake_stack = nullptr;
    __sanitizer_start_switch_fiber(&scheduler_fake_stack, t.stack_base, kFiberStackBytes);
#endif
    fiber_switch(scheduler_context_, t.context);
#if CUDASIM_ASAN
    __sanitizer_finish_switch_fiber(scheduler_fake_stack, nullptr, nullptr);
#endif
    t_thread = nullptr;
  }

  static bool unwinding() { return std::uncaught_exceptions() > 0; }

  void make_ready(Thread& t) {
    t.status = ThreadStatus::runnable;
    ready_.push_back(t.linear);
  }

  void suspend(Thread& t, ThreadStatus status) {
    if (unwinding()) return;
    if (aborting_) throw ThreadAbort{};
    if (status == ThreadStatus::runnable) {
      make_ready(t);
    } else {
      t.status = status;
    }
#if CUDASIM_ASAN
    __sanitizer_start_switch_fiber(
        &t.asan_fake_stack, scheduler_stack_bottom_, scheduler_stack_bytes_);
#endif
    fiber_switch(t.context, scheduler_context_);
#if CUDASIM_ASAN
    __sanitizer_finish_switch_fiber(t.asan_fake_stack, nullptr, nullptr);
#endif
    threadIdx = t.index;
    if (aborting_) throw ThreadAbort{};
  }

  void run_kernel(Thread& t) {
    try {
      thunk_(closure_);
      leave(t);
    } catch (const ThreadAbort&) {
    } catch (const Error& e) {
      record_error(e.what());
    } catch (const std::exception& e) {
      record_error(where(t, "?") + "the kernel threw: " + e.what());
    } catch (...) {
      record_error(where(t, "?") + "the kernel threw a non-standard exception");
    }
    retire(t);
  }

  // The thread returns from the kernel: an error if others wait for it.
  void leave(Thread& t) {
    if (block_.barrier_arrived > 0) {
      fail(t,
           "at its return",
           format("thread returned from the kernel while %d thread(s) wait at the "
                  "__syncthreads at %s:%d (thread %s first): every thread of the block must "
                  "reach every __syncthreads",
                  block_.barrier_arrived,
                  block_.barrier_file,
                  block_.barrier_line,
                  thread_name(block_.barrier_first).c_str()));
    }
    const Warp& warp = block_.warps[static_cast<std::size_t>(t.linear / 32)];
    if (warp.arrived != 0 && ((warp.mask >> (t.linear % 32)) & 1u) != 0) {
      fail(t,
           "at its return",
           format("thread returned from the kernel while lane %d waits for it in %s at %s:%d "
                  "(mask 0x%08x)",
                  warp.first_lane,
                  warp.op,
                  warp.file,
                  warp.line,
                  warp.mask));
    }
  }

  void retire(Thread& t) {
#if CUDASIM_ASAN
    // Called after the kernel has returned or unwound: its frames are gone.
    g_stack_dirty[t.linear] = false;
#endif
    t.status = ThreadStatus::finished;
    --block_.live;
    if (block_.first_exited < 0) block_.first_exited = t.linear;
    block_.warps[static_cast<std::size_t>(t.linear / 32)].exited |= 1u << (t.linear % 32);
  }

  void abort_block() {
    aborting_ = true;
    for (Thread& t : threads_) {
      if (t.status == ThreadStatus::not_started) {
        t.status = ThreadStatus::finished;
        --block_.live;
      }
    }
    for (Thread& t : threads_) {
      if (t.status != ThreadStatus::finished) resume(t);  // throws ThreadAbort in it
    }
  }

  void record_error(const std::string& message) {
    if (error_.empty()) error_ = message;
  }

  std::string deadlock_report() const {
    std::string report =
        format("cudasim: kernel '%s', block %s: deadlock, no thread of the block can continue:",
               kernel_.c_str(),
               dims(block_.index).c_str());
    int listed = 0;
    int unlisted = 0;
    for (const Thread& t : threads_) {
      if (t.status == ThreadStatus::finished) continue;
      if (listed == 16) {
        ++unlisted;
        continue;
      }
      ++listed;
      report += format("\n  thread %s waits in %s (%s:%d)",
                       dims(t.index).c_str(),
                       t.wait_op,
                       t.wait_file,
                       t.wait_line);
    }
    if (unlisted > 0) report += format("\n  ... and %d more threads", unlisted);
    if (block_.first_exited >= 0) {
      report += format("\n  thread %s has returned from the kernel",
                       thread_name(block_.first_exited).c_str());
    }
    return report;
  }

  std::string kernel_;
  LaunchConfig config_;
  detail::KernelThunk thunk_;
  const void* closure_;
  ScheduleRng rng_;
  std::vector<Thread> threads_;
  std::vector<int> ready_;  // threads that can run: not started or runnable
  Block block_;
  std::vector<std::unique_ptr<char[]>> storage_;         // this block's shared bytes
  std::vector<std::unique_ptr<Region>> retired_shared_;  // the last block's regions
  FiberContext scheduler_context_;
  const void* scheduler_stack_bottom_ = nullptr;
  std::size_t scheduler_stack_bytes_ = 0;
  bool aborting_ = false;
  std::string error_;
  std::string pending_uninitialised_;  // a shared read of never-written bytes, not yet reported
};

Thread& current_thread(Launch*& launch, const char* op) {
  if (t_launch == nullptr || t_thread == nullptr) {
    throw Error(format("cudasim: %s used outside a running kernel", op));
  }
  launch = t_launch;
  return *t_thread;
}

}  // namespace

// -----------------------------------------------------------------------------
// Host API

void* device_malloc(std::size_t bytes, const char* name) {
  const char* shown = name != nullptr ? name : "<unnamed allocation>";
  void* memory = std::malloc(bytes > 0 ? bytes : 1);
  if (memory == nullptr) {
    throw Error(format("cudasim: device_malloc of %zu bytes for '%s' failed", bytes, shown));
  }
  std::memset(memory, kGlobalPoison, bytes);
  auto region = std::make_unique<Region>();
  region->base = static_cast<char*>(memory);
  region->bytes = bytes;
  region->name = shown;
  region->initialised.assign(bytes, 0);
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  g_allocations[address_of(memory)] = std::move(region);
  return memory;
}

void device_free(void* device_ptr) {
  if (device_ptr == nullptr) return;
  {
    std::lock_guard<std::mutex> lock(g_allocations_mutex);
    auto it = g_allocations.find(address_of(device_ptr));
    if (it == g_allocations.end()) {
      throw Error(format("cudasim: device_free(%p): not the start of a live device allocation",
                         device_ptr));
    }
    g_allocations.erase(it);
  }
  std::free(device_ptr);
}

void memcpy_h2d(void* device_dst, const void* host_src, std::size_t bytes) {
  if (bytes == 0) return;
  Region* region = allocation_for_host_copy(device_dst, bytes, "memcpy_h2d destination");
  std::memmove(device_dst, host_src, bytes);
  const std::size_t offset = address_of(device_dst) - address_of(region->base);
  std::fill_n(region->initialised.begin() + static_cast<std::ptrdiff_t>(offset), bytes, 1);
}

void memcpy_d2h(void* host_dst, const void* device_src, std::size_t bytes) {
  if (bytes == 0) return;
  allocation_for_host_copy(device_src, bytes, "memcpy_d2h source");
  std::memmove(host_dst, device_src, bytes);
}

void device_memset(void* device_dst, int value, std::size_t bytes) {
  if (bytes == 0) return;
  Region* region = allocation_for_host_copy(device_dst, bytes, "device_memset destination");
  std::memset(device_dst, value, bytes);
  const std::size_t offset = address_of(device_dst) - address_of(region->base);
  std::fill_n(region->initialised.begin() + static_cast<std::ptrdiff_t>(offset), bytes, 1);
}

void memcpy_d2d(void* device_dst, const void* device_src, std::size_t bytes) {
  if (bytes == 0) return;
  Region* to = allocation_for_host_copy(device_dst, bytes, "memcpy_d2d destination");
  const Region* from = allocation_for_host_copy(device_src, bytes, "memcpy_d2d source");
  std::memmove(device_dst, device_src, bytes);
  const std::size_t to_offset = address_of(device_dst) - address_of(to->base);
  const std::size_t from_offset = address_of(device_src) - address_of(from->base);
  std::memmove(to->initialised.data() + to_offset, from->initialised.data() + from_offset, bytes);
}

namespace detail {

void run_launch(const char* kernel_name,
                const LaunchConfig& config,
                KernelThunk thunk,
                const void* closure) {
  if (t_launch != nullptr) {
    throw Error(format("cudasim: kernel '%s' launched from inside a running kernel", kernel_name));
  }
  Launch launch(kernel_name, config, thunk, closure);
  launch.check_config();
  std::lock_guard<std::mutex> serialise(g_launch_mutex);
  struct CurrentLaunch {
    explicit CurrentLaunch(Launch* l) { t_launch = l; }
    ~CurrentLaunch() { t_launch = nullptr; }
  } current(&launch);
  launch.run();
}

Region* global_region_of(const char* kernel_name, int argument, const void* p) {
  if (p == nullptr) return nullptr;
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  Region* region = allocation_around(address_of(p));
  if (region == nullptr) {
    throw Error(
        format("cudasim: kernel '%s': argument %d (%p) is not device memory; kernels "
               "may only be given pointers from cudasim::device_malloc (or null)",
               kernel_name,
               argument,
               p));
  }
  return region;
}

void access_read(const Region* region, const void* address, std::size_t bytes, const void* pc) {
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, "a checked read");
  launch->access(t, region, address, bytes, pc, "read", true, false, false);
}

void access_write(const Region* region, const void* address, std::size_t bytes, const void* pc) {
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, "a checked write");
  launch->access(t, region, address, bytes, pc, "write", false, true, false);
}

void access_atomic(
    const Region* region, const void* address, std::size_t bytes, const char* op, const void* pc) {
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, op);
  launch->access(t, region, address, bytes, pc, op, true, true, true);
  launch->yield(t);
}

void check_same_region(const Region* a, const Region* b, const void* pc) {
  if (a == b) return;
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, "pointer difference");
  launch->fail(t,
               symbolise(pc),
               format("difference of pointers into different memory ('%s' and '%s')",
                      a != nullptr ? a->name.c_str() : "null",
                      b != nullptr ? b->name.c_str() : "null"));
}

Region* shared_region(const void* site,
                      std::size_t bytes,
                      std::size_t alignment,
                      const char* name,
                      const char* file,
                      int line) {
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, "CUDA_SHARED_ARRAY");
  return launch->shared_region(t, site, bytes, alignment, name, file, line);
}

void* region_base(const Region* region) {
  return region->base;
}

void syncthreads(const char* file, int line) {
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, "__syncthreads");
  launch->barrier(t, file, line);
}

int syncthreads_count(int predicate, const char* file, int line) {
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, "__syncthreads_count");
  return launch->barrier(t, file, line, predicate);
}

Region* dynamic_shared_region(
    const void* site, std::size_t alignment, const char* name, const char* file, int line) {
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, "CUDA_DYNAMIC_SHARED_ARRAY");
  return launch->shared_region(
      t, site, launch->dynamic_shared_bytes(), alignment, name, file, line);
}

std::size_t region_bytes(const Region* region) {
  return region->bytes;
}

unsigned long long warp_collective(Collective kind,
                                   unsigned mask,
                                   unsigned long long value,
                                   int arg,
                                   int width,
                                   const char* op,
                                   const char* file,
                                   int line) {
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, op);
  return launch->warp_collective(t, kind, mask, value, arg, width, op, file, line);
}

unsigned active_mask() {
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, "__activemask");
  return launch->active_mask(t);
}

void atomic_point(const char* op) {
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, op);
  launch->yield(t);
}

unsigned linear_thread_index() {
  Launch* launch = nullptr;
  return static_cast<unsigned>(current_thread(launch, "a block collective").linear);
}

void block_collective_enter(unsigned long long* storage_epoch,
                            int expected_threads,
                            const char* collective,
                            const char* file,
                            int line) {
  Launch* launch = nullptr;
  Thread& t = current_thread(launch, collective);
  const unsigned threads = blockDim.x * blockDim.y * blockDim.z;
  if (static_cast<unsigned>(expected_threads) != threads) {
    launch->fail(t,
                 format("%s:%d", file, line),
                 format("%s is declared for %d threads, but the block has %u",
                        collective,
                        expected_threads,
                        threads));
  }
  if (*storage_epoch == g_interval) {
    launch->fail(t,
                 format("%s:%d", file, line),
                 format("%s reuses its TempStorage with no __syncthreads since its previous "
                        "use (a data race on the device)",
                        collective));
  }
}

void block_collective_barrier(unsigned long long* storage_epoch, const char* file, int line) {
  syncthreads(file, line);
  *storage_epoch = g_interval;
}

}  // namespace detail
}  // namespace cudasim
