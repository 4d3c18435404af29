// simcore's launch machinery, for the simulations' runtimes (xpu3sim.cc,
// cudasim.cc) only: kernels never include it.
//
// Execution model. Each simulated worker (an XPU3 core, a CUDA thread) is a
// fiber with its own stack above a guard page; all fibers of a launch run on
// the thread that called it, one at a time. Control changes hands only where
// the simulation says workers can observe each other (Launch::yield and
// Launch::wait, called from its intrinsics), and the next worker is drawn by a
// splitmix64 generator seeded from the launch's schedule seed. Fibers rather
// than threads because:
//   - a schedule is a pure function of the seed, so any failure replays exactly;
//   - barriers are exact and deadlocks are detected (no worker can run)
//     instead of hanging;
//   - a switch costs a few nanoseconds, so 1024-thread blocks need no OS threads.
//
// Schedule, exactly: the generator is seeded with the schedule seed; a
// Fisher-Yates shuffle of the group indices gives the group order, and groups
// run one after another (neither device has a barrier between them, so this is
// a legal device schedule); inside a group, every time a worker reaches a
// switching point the next one is drawn uniformly from those that can run
// (including the one that just stopped and those not started yet).
#pragma once

#include <ucontext.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "simcore/sim.h"

#if defined(__SANITIZE_ADDRESS__)
#define SIMCORE_ASAN 1
#else
#define SIMCORE_ASAN 0
#endif

namespace simcore {

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// A source path as reports show it: relative to the working directory when
// inside it (as __FILE__ usually is; the build compiles absolute paths).
std::string shown_path(const std::string& path);
// "file:line", the file as shown_path shows it.
std::string location(const char* file, int line);

inline std::uintptr_t address_of(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p);
}

inline std::uintptr_t align_up(std::uintptr_t value, std::size_t alignment) {
  return (value + alignment - 1) & ~static_cast<std::uintptr_t>(alignment - 1);
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

// Where a suspended fiber resumes.
struct FiberContext {
#if defined(__x86_64__)
  void* sp = nullptr;
#else
  ucontext_t context{};
#endif
};

// Memory of the workers of one group: per worker a guard page (a stack
// overflow faults instead of corrupting memory), the fiber stack, then
// `extra_bytes` of the simulation's own (XPU3's local-memory arena). Mapped
// once, for a full group, and kept: launches are serialised and every group
// reuses the same slots.
class WorkerSlots {
 public:
  WorkerSlots(const Simulation& sim, int count, std::size_t stack_bytes, std::size_t extra_bytes);
  char* stack(int worker) const {
    return base_ + slot_bytes_ * static_cast<std::size_t>(worker) + page_;
  }
  char* extra(int worker) const { return stack(worker) + stack_bytes_; }
  std::size_t stack_bytes() const { return stack_bytes_; }
  std::size_t extra_bytes() const { return extra_bytes_; }
  int count() const { return count_; }
  // Under AddressSanitizer: whether a stack's shadow may hold poison left by a
  // fiber that did not unwind (a fiber that returned or unwound leaves it clean).
  unsigned char& dirty(int worker) const { return dirty_[static_cast<std::size_t>(worker)]; }

 private:
  char* base_ = nullptr;
  std::size_t page_ = 0;
  std::size_t stack_bytes_ = 0;
  std::size_t extra_bytes_ = 0;
  std::size_t slot_bytes_ = 0;
  int count_ = 0;
  mutable std::vector<unsigned char> dirty_;
};

enum class Status : std::uint8_t { not_started, ready, running, waiting, finished };

// One simulated worker. A simulation derives its own (an XPU3 core, a CUDA thread).
struct Worker {
  int index = 0;  // in its group, 0-based
  Status status = Status::not_started;
  int wait_kind = 0;  // what it waits in, the simulation's own codes
  // Where it waits, for deadlock reports.
  const char* wait_op = "";
  const char* wait_file = "";
  int wait_line = 0;
  char* stack_base = nullptr;  // lowest address of its fiber stack
  std::size_t stack_bytes = 0;
  FiberContext context;
  void* asan_fake_stack = nullptr;
};

// One kernel launch. A simulation derives its launch from this, says how many
// groups there are and how to set one up, and calls yield/wait/wake/fail from
// its intrinsics; this runs the fibers, draws the schedule, detects deadlocks,
// unwinds every worker when one fails and words the reports.
class Launch {
 public:
  Launch(const Simulation& sim,
         const char* kernel_name,
         std::uint64_t schedule_seed,
         KernelThunk thunk,
         const void* closure,
         const WorkerSlots& slots);
  virtual ~Launch() = default;
  Launch(const Launch&) = delete;
  Launch& operator=(const Launch&) = delete;

  // Refuses a launch from inside a kernel, checks the launch (check()), then,
  // one launch at a time in the process, runs every group in the shuffled
  // order; throws the first error.
  void execute();

  const Simulation& simulation() const { return sim_; }
  const std::string& kernel_name() const { return kernel_name_; }

  // --- on a worker's fiber ---------------------------------------------------

  // Lets the scheduler pick which worker runs next (possibly this one again).
  void yield(Worker& worker);
  // Suspends the worker until wake(); `kind` is the simulation's code for what
  // it waits in, `op`/`file`/`line` where (the deadlock report names them).
  void wait(Worker& worker, int kind, const char* op, const char* file, int line);
  // A waiting worker can run again.
  void wake(Worker& worker);
  // "<sim>: kernel 'k', <group> <worker> (<location>): " (no parentheses
  // without a location).
  std::string where(const Worker& worker, const std::string& location) const;
  std::string where(const Worker& worker, const char* file, int line) const;
  // Throws the error, after the deferred report if there is one.
  [[noreturn]] void fail(const Worker& worker,
                         const std::string& location,
                         const std::string& what) const;
  // A report held back until the group's next barrier or its end, raised
  // then unless an error found before explains it (which then follows it).
  void defer(const std::string& report) {
    if (deferred_.empty()) deferred_ = report;
  }
  void drop_deferred() { deferred_.clear(); }
  const std::string& deferred() const { return deferred_; }
  // Workers of the group that have not returned from the kernel.
  int live() const { return live_; }
  const std::vector<Worker*>& workers() const { return workers_; }
  // True while the running worker unwinds (an intrinsic reached from a
  // destructor): workers never switch then, since two workers' exception
  // handling would interleave on one thread.
  static bool unwinding();

 protected:
  // Sets the workers (each a slot of the launch's WorkerSlots, in order).
  void set_workers(std::vector<Worker*> workers);
  // Runs the group's workers until each has returned or the launch failed.
  void run_workers();

  // Before anything runs (outside the launch lock): the configuration.
  virtual void check() const {}
  // Once the launch holds the lock: set up the workers (set_workers).
  virtual void begin() = 0;
  virtual std::uint64_t group_count() const = 0;
  // Sets up the group's state and calls run_workers().
  virtual void run_group(std::uint64_t group) = 0;
  // On the worker's fiber, after the kernel returned normally: the
  // simulation's end-of-kernel checks (they may throw Error).
  virtual void kernel_returned(Worker&) {}
  // After the worker left the kernel (returned or unwound); live() counts it out.
  virtual void retired(Worker&) {}
  // Just before the scheduler switches to the worker.
  virtual void resuming(Worker&) {}
  // "cluster 3", "block (0,1,0)"; "core 5", "thread (1,0,0)".
  virtual std::string group_name() const = 0;
  virtual std::string worker_name(const Worker& worker) const = 0;
  // What the deadlock report adds after a waiting worker's line, and at its end.
  virtual std::string wait_note(const Worker&) const { return {}; }
  virtual std::string deadlock_note() const { return {}; }

  bool failed() const { return !error_.empty(); }

 private:
  static void fiber_main();
  __attribute__((noinline)) void run_worker(Worker& worker);
  void resume(Worker& worker);
  void suspend(Worker& worker, Status status);
  void make_ready(Worker& worker);
  void abort_group();
  void record_error(const std::string& message) {
    if (error_.empty()) error_ = message;
  }
  std::string deadlock_report() const;

  const Simulation& sim_;
  std::string kernel_name_;
  KernelThunk thunk_;
  const void* closure_;
  const WorkerSlots& slots_;
  ScheduleRng rng_;
  std::vector<Worker*> workers_;
  std::vector<int> ready_;  // workers that can run: not started or ready
  int live_ = 0;
  FiberContext scheduler_context_;
  const void* scheduler_stack_bottom_ = nullptr;
  std::size_t scheduler_stack_bytes_ = 0;
  bool aborting_ = false;
  std::string error_;
  std::string deferred_;
};

// The launch of `sim` running on this thread and its running worker; Error
// "<sim>: <op> called outside a running kernel (file:line)" otherwise.
Launch& running_launch(const Simulation& sim,
                       const char* op,
                       const char* file = nullptr,
                       int line = 0);
// The worker running on this thread, or null (outside a kernel).
Worker* running_worker();

}  // namespace simcore
