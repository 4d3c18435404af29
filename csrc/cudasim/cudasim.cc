// cudasim runtime: CUDA launches (grids of blocks of threads), per-block
// shared memory, and the checks behind cuda_global<T>, CUDA_SHARED_ARRAY and
// the intrinsics of the stand-in headers. What every simulation shares (device
// memory, the fibers and their schedule, the reports) is the core's:
// csrc/simcore.
//
// Each thread of a block is a worker of the core's scheduler
// (simcore/launch.h): a fiber that gives up control only where threads of a
// block can observe each other through the programming model: __syncthreads,
// warp shuffles, votes and __syncwarp, and atomics. Blocks run one after
// another in an order shuffled from the seed; CUDA has no barrier between the
// blocks of a grid, so that is a legal device schedule.
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
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "cuda_runtime.h"
#include "cudasim/sim.h"
#include "simcore/launch.h"

// The running thread's ids (declared in the stand-in cuda_runtime.h).
uint3 threadIdx;
uint3 blockIdx;
dim3 blockDim;
dim3 gridDim;

namespace cudasim {
namespace {

using detail::Collective;
using simcore::address_of;
using simcore::format;
using simcore::Region;

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

// One block's shared array: a checked region, and who touched each byte.
struct SharedRegion : Region {
  std::vector<ByteShadow> shadow;
};

constexpr unsigned char kSharedPoison = 0xA5;  // fresh shared array of a block
constexpr std::size_t kFiberStackBytes = (SIMCORE_ASAN ? 1024 : 256) * 1024;
constexpr std::uint64_t kMaxSimulatedBlocks = 1ull << 24;

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
          where = simcore::shown_path(text);
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

// --- launch state ---------------------------------------------------------------

// What a thread waits in (simcore::Worker::wait_kind).
enum Wait : int { kBarrier = 1, kWarp = 2 };

struct Thread : simcore::Worker {
  uint3 id{};
  int barrier_count = 0;  // the last barrier's predicate count
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
  int first_exited = -1;  // linear index of the first thread that returned
  int barrier_arrived = 0;
  const char* barrier_file = "";
  int barrier_line = 0;
  int barrier_first = -1;
  int barrier_count = 0;  // threads that passed a nonzero predicate so far
  std::vector<Warp> warps;
  std::map<const void*, std::unique_ptr<SharedRegion>> shared;  // by declaration site
  std::vector<SharedRegion*> shared_order;
  std::size_t shared_bytes = 0;
};

// Serial number of the current barrier interval: unique across blocks and
// launches, so a stale record never matches.
std::uint64_t g_interval = 0;

// Fiber stacks for a full block.
const simcore::WorkerSlots& thread_slots() {
  static const simcore::WorkerSlots slots(
      kSimulation, static_cast<int>(kMaxThreadsPerBlock), kFiberStackBytes, 0);
  return slots;
}

std::string dims(uint3 v) {
  return format("(%u,%u,%u)", v.x, v.y, v.z);
}

class Launch final : public simcore::Launch {
 public:
  Launch(const char* kernel_name,
         const LaunchConfig& config,
         detail::KernelThunk thunk,
         const void* closure)
      : simcore::Launch(
            kSimulation, kernel_name, config.schedule_seed, thunk, closure, thread_slots()),
        config_(config) {}

  // --- called from kernel code, on the running thread's fiber -----------------

  std::string thread_name(int linear) const {
    return dims(threads_[static_cast<std::size_t>(linear)].id);
  }

  // __syncthreads; returns how many threads passed a nonzero `predicate`
  // (the __syncthreads_count/_and/_or forms).
  int barrier(Thread& t, const char* file, int line, int predicate = 0) {
    if (unwinding()) return 0;
    if (block_.first_exited >= 0) {
      fail(t,
           simcore::location(file, line),
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
           simcore::location(file, line),
           format("divergent __syncthreads: this thread waits here while thread %s waits at "
                  "the __syncthreads at %s",
                  thread_name(block_.barrier_first).c_str(),
                  simcore::location(block_.barrier_file, block_.barrier_line).c_str()));
    }
    if (block_.barrier_arrived == 0) {
      block_.barrier_file = file;
      block_.barrier_line = line;
      block_.barrier_first = t.index;
    }
    if (predicate != 0) ++block_.barrier_count;
    if (++block_.barrier_arrived == static_cast<int>(threads_.size())) {
      if (!deferred().empty()) throw Error(deferred());
      block_.barrier_arrived = 0;
      ++g_interval;
      for (Thread& other : threads_) {
        other.barrier_count = block_.barrier_count;
        if (other.wait_kind == kBarrier) wake(other);
      }
      block_.barrier_count = 0;
      yield(t);
    } else {
      wait(t, kBarrier, "__syncthreads", file, line);
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
    const auto at = [&] { return simcore::location(file, line); };
    Warp& warp = block_.warps[static_cast<std::size_t>(t.index / 32)];
    const int lane = t.index % 32;
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
                  "lane %d waits in %s at %s with mask 0x%08x",
                  lane,
                  op,
                  mask,
                  warp.first_lane,
                  warp.op,
                  simcore::location(warp.file, warp.line).c_str(),
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
    if (warp.arrived == mask) {
      complete_collective(t, warp, file, line);
      yield(t);
    } else {
      wait(t, kWarp, op, file, line);
    }
    return warp.results[lane];
  }

  unsigned active_mask(const Thread& t) const {
    const Warp& warp = block_.warps[static_cast<std::size_t>(t.index / 32)];
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
        arrays += format(" '%s' %zu bytes (%s),",
                         r->name.c_str(),
                         r->bytes,
                         simcore::location(r->file.c_str(), r->line).c_str());
      }
      if (!arrays.empty()) arrays.pop_back();
      fail(t,
           simcore::location(file, line),
           format("shared array '%s' needs %zu bytes, but the block's shared memory "
                  "(static and dynamic, %zu bytes) has %zu left%s%s",
                  name,
                  bytes,
                  kStaticSharedBytes,
                  kStaticSharedBytes - block_.shared_bytes,
                  arrays.empty() ? "" : "; in use:",
                  arrays.c_str()));
    }
    auto region = std::make_unique<SharedRegion>();
    // Over-allocated so the array gets its alignment; poisoned, uninitialised.
    region->bytes = bytes;
    region->name = name;
    region->space = simcore::Space::shared;
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
    const bool shared = region->space == simcore::Space::shared;
    if (!region->live) {
      fail(t,
           symbolise(pc),
           format("%s of %s after it was freed", kind, simcore::describe(*region).c_str()));
    }
    const std::ptrdiff_t offset =
        static_cast<std::ptrdiff_t>(address_of(address) - address_of(region->base));
    const std::string problem = simcore::out_of_range(*region, offset, bytes, bytes);
    if (!problem.empty()) {
      fail(t, symbolise(pc), format("out-of-bounds %s: %s", kind, problem.c_str()));
    }
    const std::size_t begin = static_cast<std::size_t>(offset);
    Region& r = const_cast<Region&>(*region);
    if (shared) {
      check_race(t,
                 static_cast<SharedRegion&>(r),
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
            "%s of uninitialised memory: byte %zu of %s was never written%s (read of "
            "uninitialised memory, bytes [%zu, %zu))",
            kind,
            i,
            simcore::describe(r).c_str(),
            shared ? " in this block" : " by the host or a kernel",
            begin,
            begin + bytes);
        if (shared && !atomic) {
          // Reported at the next barrier or the end of the block, unless another
          // thread writes the byte first: then the missing barrier is the bug
          // and the race check names both accesses.
          defer(where(t, symbolise(pc)) + what);
          break;
        }
        fail(t, symbolise(pc), what);
      }
    }
    if (writes || atomic) std::fill_n(r.initialised.begin() + begin, bytes, 1);
  }

 private:
  void check() const override {
    const dim3 b = config_.block;
    const dim3 g = config_.grid;
    const std::uint64_t threads = std::uint64_t{b.x} * b.y * b.z;
    if (b.x == 0 || b.y == 0 || b.z == 0 || b.x > kMaxBlockDimXY || b.y > kMaxBlockDimXY ||
        b.z > kMaxBlockDimZ || threads > kMaxThreadsPerBlock) {
      throw Error(
          format("cudasim: kernel '%s': invalid block (%u,%u,%u): each of x, y at most "
                 "%u, z at most %u, at most %u threads, none zero",
                 kernel_name().c_str(),
                 b.x,
                 b.y,
                 b.z,
                 kMaxBlockDimXY,
                 kMaxBlockDimZ,
                 kMaxThreadsPerBlock));
    }
    if (g.x == 0 || g.y == 0 || g.z == 0 || g.x > kMaxGridDimX || g.y > kMaxGridDimYZ ||
        g.z > kMaxGridDimYZ) {
      throw Error(format(
          "cudasim: kernel '%s': invalid grid (%u,%u,%u)", kernel_name().c_str(), g.x, g.y, g.z));
    }
    if (std::uint64_t{g.x} * g.y * g.z > kMaxSimulatedBlocks) {
      throw Error(
          format("cudasim: kernel '%s': grid (%u,%u,%u) has more blocks than the "
                 "simulation runs (%llu)",
                 kernel_name().c_str(),
                 g.x,
                 g.y,
                 g.z,
                 static_cast<unsigned long long>(kMaxSimulatedBlocks)));
    }
  }

  // What kind of access a race check sees.
  enum class Access { read, write, atomic };

  void check_race(Thread& t,
                  SharedRegion& r,
                  std::size_t begin,
                  std::size_t bytes,
                  const void* pc,
                  Access access) {
    const int warp_index = t.index / 32;
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
        case Access::write: s.writer = AccessRecord{t.index, warp_index, false, syncs, pc}; break;
        case Access::read: note(s.readers, t, warp_index, syncs, pc); break;
        case Access::atomic: note(s.atomics, t, warp_index, syncs, pc); break;
      }
    }
  }

  // The earlier access(es) happened before this thread's: the same thread, or
  // all of them in this thread's warp with a __syncwarp since.
  bool ordered(const Thread& t, const AccessRecord& record) const {
    const int warp_index = t.index / 32;
    const unsigned syncs = block_.warps[static_cast<std::size_t>(warp_index)].syncs;
    if (!record.many && record.thread == t.index) return true;
    return record.warp == warp_index && syncs > record.warp_syncs;
  }

  static void note(
      AccessRecord& record, const Thread& t, int warp_index, unsigned syncs, const void* pc) {
    if (record.thread < 0) {
      record = AccessRecord{t.index, warp_index, false, syncs, pc};
      return;
    }
    if (record.thread != t.index) record.many = true;
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
    drop_deferred();  // the race explains it
    fail(t,
         symbolise(pc),
         format("data race on shared array '%s' (declared at %s): this thread %s byte %zu, "
                "which %s %s at %s with no __syncthreads between",
                r.name.c_str(),
                simcore::location(r.file.c_str(), r.line).c_str(),
                action,
                byte,
                other == t.index ? "another thread (and this one)"
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
             simcore::location(file, line),
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
    const int first = (t.index / 32) * 32;
    for (int l = 0; l < 32; ++l) {
      if (((mask >> l) & 1u) == 0) continue;
      Thread& other = threads_[static_cast<std::size_t>(first + l)];
      if (other.wait_kind == kWarp) wake(other);
    }
  }

  void begin() override {
    const dim3 b = config_.block;
    blockDim = b;
    gridDim = config_.grid;
    const int count = static_cast<int>(b.x * b.y * b.z);
    threads_.assign(static_cast<std::size_t>(count), Thread{});
    std::vector<simcore::Worker*> workers;
    for (int i = 0; i < count; ++i) {
      Thread& t = threads_[static_cast<std::size_t>(i)];
      const unsigned u = static_cast<unsigned>(i);
      t.id = uint3{u % b.x, (u / b.x) % b.y, u / (b.x * b.y)};
      workers.push_back(&t);
    }
    set_workers(std::move(workers));
  }

  std::uint64_t group_count() const override {
    const dim3 g = config_.grid;
    return std::uint64_t{g.x} * g.y * g.z;
  }

  void run_group(std::uint64_t linear) override {
    const dim3 g = config_.grid;
    const auto block = static_cast<std::uint32_t>(linear);
    block_ = Block{};
    block_.index = uint3{block % g.x, (block / g.x) % g.y, block / (g.x * g.y)};
    const std::size_t warps = (threads_.size() + 31) / 32;
    block_.warps.assign(warps, Warp{});
    for (std::size_t w = 0; w < warps; ++w) {
      const std::size_t lanes = std::min<std::size_t>(32, threads_.size() - w * 32);
      block_.warps[w].lanes = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1u;
    }
    storage_.clear();
    ++g_interval;
    blockIdx = block_.index;
    run_workers();
    // Shared arrays die with the block; a checked pointer kept past it fails.
    for (auto& entry : block_.shared) entry.second->live = false;
    retired_shared_.clear();
    for (auto& entry : block_.shared) retired_shared_.push_back(std::move(entry.second));
  }

  void resuming(simcore::Worker& t) override { threadIdx = static_cast<Thread&>(t).id; }

  // The thread returns from the kernel: an error if others wait for it.
  void kernel_returned(simcore::Worker& worker) override {
    Thread& t = static_cast<Thread&>(worker);
    if (block_.barrier_arrived > 0) {
      fail(t,
           "at its return",
           format("thread returned from the kernel while %d thread(s) wait at the "
                  "__syncthreads at %s (thread %s first): every thread of the block must "
                  "reach every __syncthreads",
                  block_.barrier_arrived,
                  simcore::location(block_.barrier_file, block_.barrier_line).c_str(),
                  thread_name(block_.barrier_first).c_str()));
    }
    const Warp& warp = block_.warps[static_cast<std::size_t>(t.index / 32)];
    if (warp.arrived != 0 && ((warp.mask >> (t.index % 32)) & 1u) != 0) {
      fail(t,
           "at its return",
           format("thread returned from the kernel while lane %d waits for it in %s at %s "
                  "(mask 0x%08x)",
                  warp.first_lane,
                  warp.op,
                  simcore::location(warp.file, warp.line).c_str(),
                  warp.mask));
    }
  }

  void retired(simcore::Worker& worker) override {
    Thread& t = static_cast<Thread&>(worker);
    if (block_.first_exited < 0) block_.first_exited = t.index;
    block_.warps[static_cast<std::size_t>(t.index / 32)].exited |= 1u << (t.index % 32);
  }

  std::string group_name() const override { return "block " + dims(block_.index); }
  std::string worker_name(const simcore::Worker& t) const override {
    return "thread " + dims(static_cast<const Thread&>(t).id);
  }

  std::string deadlock_note() const override {
    if (block_.first_exited < 0) return {};
    return format("\n  thread %s has returned from the kernel",
                  thread_name(block_.first_exited).c_str());
  }

  LaunchConfig config_;
  std::vector<Thread> threads_;
  Block block_;
  std::vector<std::unique_ptr<char[]>> storage_;               // this block's shared bytes
  std::vector<std::unique_ptr<SharedRegion>> retired_shared_;  // the last block's regions
};

// The launch and thread running the calling kernel code (`launch` is set).
Thread& current_thread(Launch*& launch, const char* op) {
  launch = &static_cast<Launch&>(simcore::running_launch(kSimulation, op));
  return static_cast<Thread&>(*simcore::running_worker());
}

}  // namespace

namespace detail {

void run_launch(const char* kernel_name,
                const LaunchConfig& config,
                KernelThunk thunk,
                const void* closure) {
  Launch(kernel_name, config, thunk, closure).execute();
}

Region* global_region_of(const char* kernel_name, int argument, const void* p) {
  return simcore::kernel_argument(kSimulation, kernel_name, argument, p);
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
  return static_cast<unsigned>(current_thread(launch, "a block collective").index);
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
                 simcore::location(file, line),
                 format("%s is declared for %d threads, but the block has %u",
                        collective,
                        expected_threads,
                        threads));
  }
  if (*storage_epoch == g_interval) {
    launch->fail(t,
                 simcore::location(file, line),
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
