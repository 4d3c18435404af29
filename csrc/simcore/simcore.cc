// simcore: the device memory table, the wording of out-of-range reports and
// the fiber scheduler that the XPU3 and CUDA simulations share
// (include/simcore/sim.h, include/simcore/launch.h; csrc/simcore/README.md).

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

#include "simcore/launch.h"
#include "simcore/sim.h"

#if SIMCORE_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace simcore {

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

std::string shown_path(const std::string& path) {
  char cwd[4096];
  if (getcwd(cwd, sizeof cwd) == nullptr) return path;
  const std::string prefix = std::string(cwd) + "/";
  return path.rfind(prefix, 0) == 0 ? path.substr(prefix.size()) : path;
}

std::string location(const char* file, int line) {
  return format("%s:%d", shown_path(file != nullptr ? file : "?").c_str(), line);
}

// -----------------------------------------------------------------------------
// Reports of out-of-range accesses

namespace {

const char* space_noun(Space space) {
  switch (space) {
    case Space::global: return "device allocation";
    case Space::local: return "local array";
    case Space::shared: return "shared array";
  }
  return "memory";
}

std::string describe(Space space, const char* name, std::size_t size, const char* file, int line) {
  if (file != nullptr && file[0] != '\0') {
    return format("%s '%s' (%zu bytes, declared at %s)",
                  space_noun(space),
                  name,
                  size,
                  location(file, line).c_str());
  }
  return format("%s '%s' (%zu bytes)", space_noun(space), name, size);
}

}  // namespace

std::string describe(const Region& region) {
  return describe(
      region.space, region.name.c_str(), region.bytes, region.file.c_str(), region.line);
}

std::string out_of_range(Space space,
                         const char* name,
                         std::size_t size,
                         const char* file,
                         int line,
                         std::ptrdiff_t offset,
                         std::size_t bytes,
                         std::size_t element_bytes) {
  if (offset >= 0 && static_cast<std::size_t>(offset) <= size &&
      bytes <= size - static_cast<std::size_t>(offset)) {
    return {};
  }
  const long long begin = static_cast<long long>(offset);
  const long long end = begin + static_cast<long long>(bytes);
  std::string range = format("bytes [%lld, %lld)", begin, end);
  if (element_bytes > 0 && begin % static_cast<long long>(element_bytes) == 0) {
    range += format(" (element %lld of %zu-byte elements; it has %zu)",
                    begin / static_cast<long long>(element_bytes),
                    element_bytes,
                    size / element_bytes);
  }
  const std::string object = describe(space, name, size, file, line);
  if (offset < 0) {
    return format(
        "%s start %lld bytes before the start of %s", range.c_str(), -begin, object.c_str());
  }
  if (static_cast<std::size_t>(offset) < size) {
    return format("%s of %s run %llu bytes past its end",
                  range.c_str(),
                  object.c_str(),
                  static_cast<unsigned long long>(end) - size);
  }
  return format("%s lie past the end of %s", range.c_str(), object.c_str());
}

std::string out_of_range(const Region& region,
                         std::ptrdiff_t offset,
                         std::size_t bytes,
                         std::size_t element_bytes) {
  return out_of_range(region.space,
                      region.name.c_str(),
                      region.bytes,
                      region.file.c_str(),
                      region.line,
                      offset,
                      bytes,
                      element_bytes);
}

// -----------------------------------------------------------------------------
// Device memory

namespace {

constexpr unsigned char kGlobalPoison = 0xDB;  // fresh device_malloc memory

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

// By name: each simulation's descriptor is an inline variable, one object in
// a program, but a copy per shared object that hides its symbols.
bool same(const Simulation& a, const Simulation& b) {
  return &a == &b || std::strcmp(a.name, b.name) == 0;
}

bool owned_by(const Region& region, const Simulation& sim) {
  return same(*region.owner, sim);
}

// The problem of a range as check_device_range words it. Caller holds the mutex.
std::string range_problem(const Simulation& sim,
                          const void* address,
                          std::size_t bytes,
                          Region** found) {
  const std::uintptr_t start = address_of(address);
  auto it = g_allocations.upper_bound(start);
  if (it == g_allocations.begin()) {
    return format("address %p is not inside any device allocation", address);
  }
  --it;
  Region& region = *it->second;
  const std::size_t offset = start - it->first;
  if (offset <= region.bytes && !owned_by(region, sim)) {
    return format("address %p is in %s's device allocation '%s', not in %s's memory",
                  address,
                  region.owner->name,
                  region.name.c_str(),
                  sim.name);
  }
  if (offset > region.bytes) {
    // Past the end of the allocation below: it may not be the one meant.
    return format(
        "address %p is not inside any device allocation (the nearest below it, %s, "
        "ends %zu bytes before it)",
        address,
        describe(region).c_str(),
        offset - region.bytes);
  }
  const std::string problem = out_of_range(region, static_cast<std::ptrdiff_t>(offset), bytes);
  if (problem.empty() && found != nullptr) *found = &region;
  return problem;
}

// The allocation of `sim` holding [address, address + bytes), or Error
// "<sim>: <what>: <problem>".
Region& host_copy_region(const Simulation& sim,
                         const void* address,
                         std::size_t bytes,
                         const char* what) {
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  Region* region = nullptr;
  const std::string problem = range_problem(sim, address, bytes, &region);
  if (!problem.empty()) throw Error(format("%s: %s: %s", sim.name, what, problem.c_str()));
  return *region;
}

}  // namespace

void mark_written(Region& region, const void* address, std::size_t bytes) {
  const std::size_t offset = address_of(address) - address_of(region.base);
  std::fill_n(region.initialised.begin() + static_cast<std::ptrdiff_t>(offset), bytes, 1);
}

void* device_malloc(const Simulation& sim, std::size_t bytes, const char* name) {
  const char* shown = name != nullptr ? name : "<unnamed allocation>";
  void* memory = std::malloc(bytes > 0 ? bytes : 1);
  if (memory == nullptr) {
    throw Error(format("%s: device_malloc of %zu bytes for '%s' failed", sim.name, bytes, shown));
  }
  std::memset(memory, kGlobalPoison, bytes);
  auto region = std::make_unique<Region>();
  region->base = static_cast<char*>(memory);
  region->bytes = bytes;
  region->name = shown;
  region->owner = &sim;
  region->initialised.assign(bytes, 0);
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  g_allocations[address_of(memory)] = std::move(region);
  return memory;
}

void device_free(const Simulation& sim, void* device_ptr) {
  if (device_ptr == nullptr) return;
  {
    std::lock_guard<std::mutex> lock(g_allocations_mutex);
    auto it = g_allocations.find(address_of(device_ptr));
    if (it == g_allocations.end()) {
      throw Error(format(
          "%s: device_free(%p): not the start of a live device allocation", sim.name, device_ptr));
    }
    if (!owned_by(*it->second, sim)) {
      throw Error(
          format("%s: device_free(%p): device allocation '%s' is %s's; free it with "
                 "%s::device_free",
                 sim.name,
                 device_ptr,
                 it->second->name.c_str(),
                 it->second->owner->name,
                 it->second->owner->name));
    }
    g_allocations.erase(it);
  }
  std::free(device_ptr);
}

void memcpy_h2d(const Simulation& sim, void* device_dst, const void* host_src, std::size_t bytes) {
  if (bytes == 0) return;
  Region& region = host_copy_region(sim, device_dst, bytes, "memcpy_h2d destination");
  std::memmove(device_dst, host_src, bytes);
  mark_written(region, device_dst, bytes);
}

void memcpy_d2h(const Simulation& sim, void* host_dst, const void* device_src, std::size_t bytes) {
  if (bytes == 0) return;
  host_copy_region(sim, device_src, bytes, "memcpy_d2h source");
  std::memmove(host_dst, device_src, bytes);
}

void device_memset(const Simulation& sim, void* device_dst, int value, std::size_t bytes) {
  if (bytes == 0) return;
  Region& region = host_copy_region(sim, device_dst, bytes, "device_memset destination");
  std::memset(device_dst, value, bytes);
  mark_written(region, device_dst, bytes);
}

void memcpy_d2d(const Simulation& sim,
                void* device_dst,
                const void* device_src,
                std::size_t bytes) {
  if (bytes == 0) return;
  Region& to = host_copy_region(sim, device_dst, bytes, "memcpy_d2d destination");
  const Region& from = host_copy_region(sim, device_src, bytes, "memcpy_d2d source");
  std::memmove(device_dst, device_src, bytes);
  const std::size_t to_offset = address_of(device_dst) - address_of(to.base);
  const std::size_t from_offset = address_of(device_src) - address_of(from.base);
  std::memmove(to.initialised.data() + to_offset, from.initialised.data() + from_offset, bytes);
}

std::string check_device_range(const Simulation& sim,
                               const void* address,
                               std::size_t bytes,
                               Region** found) {
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  return range_problem(sim, address, bytes, found);
}

Region* kernel_argument(const Simulation& sim, const char* kernel_name, int index, const void* p) {
  if (p == nullptr) return nullptr;
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  Region* region = allocation_around(address_of(p));
  if (region != nullptr && owned_by(*region, sim)) return region;
  const std::string what = region != nullptr
                               ? format("is in %s's device allocation '%s', not in %s's memory",
                                        region->owner->name,
                                        region->name.c_str(),
                                        sim.name)
                               : std::string("is not device memory");
  throw Error(
      format("%s: kernel '%s': argument %d (%p) %s; kernels may only be given pointers "
             "from %s::device_malloc (or null)",
             sim.name,
             kernel_name,
             index,
             p,
             what.c_str(),
             sim.name));
}

std::string allocation_name_at(const void* address) {
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  const Region* region = allocation_around(address_of(address));
  return region != nullptr ? region->name : std::string();
}

// -----------------------------------------------------------------------------
// Fibers
//
// A block has up to 1024 threads and kernels cross many barriers, so the
// switch matters: glibc's swapcontext makes a sigprocmask system call each
// time (about 0.7 us). On x86-64 the switch below saves only what the ABI says
// a call preserves (rbx, rbp, r12-r15, the SSE and x87 control words) and
// costs a few nanoseconds; elsewhere ucontext is used.

namespace {

#if defined(__x86_64__)
extern "C" void simcore_switch_fiber(void** save_sp, void* load_sp);
asm(R"(
  .text
  .globl simcore_switch_fiber
  .hidden simcore_switch_fiber
  .type simcore_switch_fiber, @function
simcore_switch_fiber:
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
  .size simcore_switch_fiber, .-simcore_switch_fiber
)");

// A fresh fiber whose first switch "returns" into `entry` with the stack as a
// call would leave it, above a null return address and a null frame pointer
// (so stack walks stop there). `entry` never returns.
void fiber_prepare(FiberContext& fiber, char* stack, std::size_t bytes, void (*entry)()) {
  auto* top = reinterpret_cast<std::uintptr_t*>((address_of(stack) + bytes) & ~std::uintptr_t{15});
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
  simcore_switch_fiber(&from.sp, to.sp);
}
#else
void fiber_prepare(FiberContext& fiber, char* stack, std::size_t bytes, void (*entry)()) {
  getcontext(&fiber.context);
  fiber.context.uc_stack.ss_sp = stack;
  fiber.context.uc_stack.ss_size = bytes;
  fiber.context.uc_link = nullptr;
  makecontext(&fiber.context, entry, 0);
  // Only makecontext reads uc_stack. AddressSanitizer's swapcontext
  // interceptor would otherwise wipe the shadow of the whole stack on every
  // switch (slow, and it drops the redzones of live frames); the fiber
  // annotations tell it about the stacks instead.
  fiber.context.uc_stack.ss_sp = nullptr;
  fiber.context.uc_stack.ss_size = 0;
}

void fiber_switch(FiberContext& from, FiberContext& to) {
  swapcontext(&from.context, &to.context);
}
#endif

// Thrown into the workers still suspended when a launch is aborted, so that
// their frames unwind (running destructors) before the launch returns.
// Deliberately not a std::exception: kernels that catch those must not stop it.
struct WorkerAbort {};

thread_local Launch* t_launch = nullptr;
thread_local Worker* t_worker = nullptr;

// One launch at a time in the whole process: `__shared__` statics and the
// simulations' registries are process-wide, as a device stream would serialise.
std::mutex g_launch_mutex;

}  // namespace

WorkerSlots::WorkerSlots(const Simulation& sim,
                         int count,
                         std::size_t stack_bytes,
                         std::size_t extra_bytes)
    : page_(static_cast<std::size_t>(sysconf(_SC_PAGESIZE))),
      stack_bytes_(stack_bytes),
      extra_bytes_(extra_bytes),
      count_(count),
      dirty_(static_cast<std::size_t>(count), 0) {
  slot_bytes_ = page_ + stack_bytes_ + align_up(extra_bytes_, page_);
  const std::size_t total = slot_bytes_ * static_cast<std::size_t>(count);
  void* memory = mmap(
      nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (memory == MAP_FAILED) {
    throw Error(
        format("%s: cannot map %zu bytes for the simulated %ss", sim.name, total, sim.worker));
  }
  base_ = static_cast<char*>(memory);
  for (int i = 0; i < count; ++i) mprotect(stack(i) - page_, page_, PROT_NONE);
}

// -----------------------------------------------------------------------------
// Launch

Launch::Launch(const Simulation& sim,
               const char* kernel_name,
               std::uint64_t schedule_seed,
               KernelThunk thunk,
               const void* closure,
               const WorkerSlots& slots)
    : sim_(sim),
      kernel_name_(kernel_name != nullptr ? kernel_name : "<unnamed kernel>"),
      thunk_(thunk),
      closure_(closure),
      slots_(slots),
      rng_(schedule_seed) {}

void Launch::execute() {
  if (t_launch != nullptr) {
    throw Error(format(
        "%s: kernel '%s' launched from inside a running kernel", sim_.name, kernel_name_.c_str()));
  }
  check();
  std::lock_guard<std::mutex> serialise(g_launch_mutex);
  struct Current {
    explicit Current(Launch* launch) { t_launch = launch; }
    ~Current() { t_launch = nullptr; }
  } current(this);
  begin();
  std::vector<std::uint32_t> order(static_cast<std::size_t>(group_count()));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
  for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng_.below(i)]);
  for (std::uint32_t group : order) {
    run_group(group);
    if (!error_.empty()) throw Error(error_);
  }
}

void Launch::set_workers(std::vector<Worker*> workers) {
  workers_ = std::move(workers);
  for (std::size_t i = 0; i < workers_.size(); ++i) {
    Worker& worker = *workers_[i];
    worker.index = static_cast<int>(i);
    worker.stack_base = slots_.stack(static_cast<int>(i));
    worker.stack_bytes = slots_.stack_bytes();
  }
}

void Launch::run_workers() {
  live_ = static_cast<int>(workers_.size());
  ready_.clear();
  for (Worker* worker : workers_) {
    worker->status = Status::not_started;
    worker->asan_fake_stack = nullptr;
#if SIMCORE_ASAN
    unsigned char& dirty = slots_.dirty(worker->index);
    if (dirty != 0) ASAN_UNPOISON_MEMORY_REGION(worker->stack_base, worker->stack_bytes);
    dirty = 1;  // until the fiber is known to have unwound
#endif
    fiber_prepare(worker->context, worker->stack_base, worker->stack_bytes, &Launch::fiber_main);
    ready_.push_back(worker->index);
  }
  while (live_ > 0) {
    if (ready_.empty()) {
      record_error(deferred_.empty() ? deadlock_report()
                                     : deferred_ + "; after it: " + deadlock_report());
      break;
    }
    // Uniform among the workers that can run (started or not).
    const std::size_t pick = rng_.below(ready_.size());
    const int next = ready_[pick];
    ready_[pick] = ready_.back();
    ready_.pop_back();
    resume(*workers_[static_cast<std::size_t>(next)]);
    if (!error_.empty()) break;
  }
  if (error_.empty() && !deferred_.empty()) record_error(deferred_);
  deferred_.clear();
  if (!error_.empty()) abort_group();
}

// The entry of every worker's fiber. Its own frame holds no instrumented
// locals: it never returns, so AddressSanitizer would never clear their
// redzones from the stack's shadow.
void Launch::fiber_main() {
  Launch& launch = *t_launch;
  Worker& worker = *t_worker;
#if SIMCORE_ASAN
  __sanitizer_finish_switch_fiber(
      nullptr, &launch.scheduler_stack_bottom_, &launch.scheduler_stack_bytes_);
#endif
  launch.run_worker(worker);
#if SIMCORE_ASAN
  // The kernel has returned or unwound: its frames are gone.
  launch.slots_.dirty(worker.index) = 0;
  __sanitizer_start_switch_fiber(
      nullptr, launch.scheduler_stack_bottom_, launch.scheduler_stack_bytes_);
#endif
  fiber_switch(worker.context, launch.scheduler_context_);  // never resumed
}

void Launch::run_worker(Worker& worker) {
  try {
    thunk_(closure_);
    kernel_returned(worker);
  } catch (const WorkerAbort&) {
  } catch (const Error& e) {
    record_error(e.what());
  } catch (const std::exception& e) {
    record_error(where(worker, "") + "the kernel threw: " + e.what());
  } catch (...) {
    record_error(where(worker, "") + "the kernel threw a non-standard exception");
  }
  worker.status = Status::finished;
  --live_;
  retired(worker);
}

void Launch::resume(Worker& worker) {
  worker.status = Status::running;
  t_worker = &worker;
  resuming(worker);
#if SIMCORE_ASAN
  void* scheduler_fake_stack = nullptr;
  __sanitizer_start_switch_fiber(&scheduler_fake_stack, worker.stack_base, worker.stack_bytes);
#endif
  fiber_switch(scheduler_context_, worker.context);
#if SIMCORE_ASAN
  __sanitizer_finish_switch_fiber(scheduler_fake_stack, nullptr, nullptr);
#endif
  t_worker = nullptr;
}

bool Launch::unwinding() {
  return std::uncaught_exceptions() > 0;
}

void Launch::make_ready(Worker& worker) {
  worker.status = Status::ready;
  ready_.push_back(worker.index);
}

// On the worker's fiber: hands control back to the scheduler. Throws
// WorkerAbort if the launch is being aborted, so the worker unwinds instead.
void Launch::suspend(Worker& worker, Status status) {
  if (unwinding()) return;
  if (aborting_) throw WorkerAbort{};
  if (status == Status::ready) {
    make_ready(worker);
  } else {
    worker.status = status;
  }
#if SIMCORE_ASAN
  __sanitizer_start_switch_fiber(
      &worker.asan_fake_stack, scheduler_stack_bottom_, scheduler_stack_bytes_);
#endif
  fiber_switch(worker.context, scheduler_context_);
#if SIMCORE_ASAN
  __sanitizer_finish_switch_fiber(worker.asan_fake_stack, nullptr, nullptr);
#endif
  if (aborting_) throw WorkerAbort{};
}

void Launch::yield(Worker& worker) {
  suspend(worker, Status::ready);
}

void Launch::wait(Worker& worker, int kind, const char* op, const char* file, int line) {
  worker.wait_kind = kind;
  worker.wait_op = op;
  worker.wait_file = file;
  worker.wait_line = line;
  suspend(worker, Status::waiting);
}

void Launch::wake(Worker& worker) {
  if (worker.status == Status::waiting) make_ready(worker);
}

// Unwinds every worker of the group that is suspended inside the kernel.
void Launch::abort_group() {
  aborting_ = true;
  for (Worker* worker : workers_) {
    if (worker->status == Status::not_started) {
      worker->status = Status::finished;
      --live_;
    }
  }
  for (Worker* worker : workers_) {
    if (worker->status != Status::finished) resume(*worker);  // throws WorkerAbort in it
  }
}

std::string Launch::where(const Worker& worker, const std::string& location) const {
  const std::string at = location.empty() ? std::string() : " (" + location + ")";
  return format("%s: kernel '%s', %s %s%s: ",
                sim_.name,
                kernel_name_.c_str(),
                group_name().c_str(),
                worker_name(worker).c_str(),
                at.c_str());
}

std::string Launch::where(const Worker& worker, const char* file, int line) const {
  return where(worker, location(file, line));
}

void Launch::fail(const Worker& worker,
                  const std::string& location,
                  const std::string& what) const {
  if (!deferred_.empty()) throw Error(deferred_ + "; after it: " + where(worker, location) + what);
  throw Error(where(worker, location) + what);
}

std::string Launch::deadlock_report() const {
  std::string report = format("%s: kernel '%s', %s: deadlock, no %s of the %s can continue:",
                              sim_.name,
                              kernel_name_.c_str(),
                              group_name().c_str(),
                              sim_.worker,
                              sim_.group);
  int listed = 0;
  int unlisted = 0;
  for (const Worker* worker : workers_) {
    if (worker->status == Status::finished) continue;
    if (listed == 16) {
      ++unlisted;
      continue;
    }
    ++listed;
    report += format("\n  %s waits in %s (%s)%s",
                     worker_name(*worker).c_str(),
                     worker->wait_op,
                     location(worker->wait_file, worker->wait_line).c_str(),
                     wait_note(*worker).c_str());
  }
  if (unlisted > 0) report += format("\n  ... and %d more %ss", unlisted, sim_.worker);
  return report + deadlock_note();
}

Launch& running_launch(const Simulation& sim, const char* op, const char* file, int line) {
  if (t_launch == nullptr || t_worker == nullptr || !same(t_launch->simulation(), sim)) {
    const std::string at = file != nullptr ? " (" + location(file, line) + ")" : std::string();
    throw Error(format("%s: %s called outside a running kernel%s", sim.name, op, at.c_str()));
  }
  return *t_launch;
}

Worker* running_worker() {
  return t_worker;
}

}  // namespace simcore
