// simcore: what the device simulations (csrc/xpu3sim, csrc/cudasim) share, as
// their host API sees it: the error they throw, the one table of simulated
// device memory with its bounds and ownership checks, and the form in which a
// bad access is reported. See csrc/simcore/README.md.
//
// A simulation's own sim.h wraps these for its users (xpu3sim::device_malloc,
// cudasim::memcpy_h2d, ...); kernel sources never name simcore.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace simcore {

// Everything a simulation detects (bad accesses, exhausted memory, deadlocks,
// misuse of the API) is reported as this exception; its text starts with the
// simulation's name ("xpu3sim: ...", "cudasim: ...").
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Who a simulation is, in its reports: its name (which also owns its device
// allocations), and what its simulated workers and their groups are called.
struct Simulation {
  const char* name;    // "xpu3sim": starts every report, names its device_malloc
  const char* worker;  // "core": one fiber of a launch
  const char* group;   // "cluster": the workers that run together
};

// The memory spaces a checked access can be in.
enum class Space : std::uint8_t { global, local, shared };

// One checked memory object: a device allocation, a local array or a shared
// array. Device allocations live in the table below; a simulation makes its
// local and shared ones.
struct Region {
  char* base = nullptr;
  std::size_t bytes = 0;
  std::string name;
  Space space = Space::global;
  const Simulation* owner = nullptr;  // whose device_malloc made it (global only)
  std::string file;                   // where a local or shared array is declared
  int line = 0;
  bool live = true;  // false once its block or scope is gone
  // One flag a byte: written since it was allocated (by a host copy, a memset
  // or a kernel). Fresh memory is unwritten, as on the device.
  std::vector<unsigned char> initialised;
};

// How an access of `bytes` at `offset` from the start of a memory object lies
// outside it, or empty if it lies inside. Every out-of-range report of every
// simulation is worded here:
//   bytes [60, 68) of device allocation 'x' (64 bytes) run 4 bytes past its end
// `element_bytes` (0: not known) adds which element that is. `file` may be
// null (nothing declared it).
std::string out_of_range(Space space,
                         const char* name,
                         std::size_t size,
                         const char* file,
                         int line,
                         std::ptrdiff_t offset,
                         std::size_t bytes,
                         std::size_t element_bytes = 0);
std::string out_of_range(const Region& region,
                         std::ptrdiff_t offset,
                         std::size_t bytes,
                         std::size_t element_bytes = 0);
// "device allocation 'x' (64 bytes)", "shared array 's' (64 bytes, declared at f:3)".
std::string describe(const Region& region);

// --- simulated device memory --------------------------------------------------
//
// One process-wide table of allocations, each owned by the simulation whose
// device_malloc made it: another simulation's host calls and launches refuse
// it. An allocation is exactly `bytes` long (so that AddressSanitizer sees
// overruns), filled with 0xDB and unwritten, because device memory starts so.

void* device_malloc(const Simulation& sim, std::size_t bytes, const char* name);
void device_free(const Simulation& sim, void* device_ptr);  // nullptr is ignored
// Copies into device memory mark the bytes written.
void memcpy_h2d(const Simulation& sim, void* device_dst, const void* host_src, std::size_t bytes);
void memcpy_d2h(const Simulation& sim, void* host_dst, const void* device_src, std::size_t bytes);
void device_memset(const Simulation& sim, void* device_dst, int value, std::size_t bytes);
// Copies the bytes and whether each was written.
void memcpy_d2d(const Simulation& sim, void* device_dst, const void* device_src, std::size_t bytes);

// The host API a simulation exports over the shared device memory, bound to
// the simulation: xpu3sim/sim.h and cudasim/sim.h name these as their own
// (xpu3sim::device_malloc, cudasim::memcpy_d2d, ...).
template <const Simulation& Sim>
struct HostApi {
  static void* device_malloc(std::size_t bytes, const char* name) {
    return simcore::device_malloc(Sim, bytes, name);
  }
  static void device_free(void* device_ptr) { simcore::device_free(Sim, device_ptr); }
  static void memcpy_h2d(void* device_dst, const void* host_src, std::size_t bytes) {
    simcore::memcpy_h2d(Sim, device_dst, host_src, bytes);
  }
  static void memcpy_d2h(void* host_dst, const void* device_src, std::size_t bytes) {
    simcore::memcpy_d2h(Sim, host_dst, device_src, bytes);
  }
  static void device_memset(void* device_dst, int value, std::size_t bytes) {
    simcore::device_memset(Sim, device_dst, value, bytes);
  }
  static void memcpy_d2d(void* device_dst, const void* device_src, std::size_t bytes) {
    simcore::memcpy_d2d(Sim, device_dst, device_src, bytes);
  }
};

// Empty if [address, address + bytes) lies inside one live allocation of
// `sim`, else why not (naming the allocation, the range and the owner); sets
// `*found` to that allocation when there is one.
std::string check_device_range(const Simulation& sim,
                               const void* address,
                               std::size_t bytes,
                               Region** found = nullptr);
// The allocation of `sim` holding a kernel's pointer argument `p` (one past
// the end included); null for null. Error naming the kernel and the argument
// when `p` is not `sim`'s device memory.
Region* kernel_argument(const Simulation& sim, const char* kernel_name, int index, const void* p);
// Marks [address, address + bytes) of `region` written (a kernel's store).
void mark_written(Region& region, const void* address, std::size_t bytes);
// The name of the device allocation (of any simulation) holding `address`, or empty.
std::string allocation_name_at(const void* address);

// --- launches ----------------------------------------------------------------

// A launch's kernel call, type-erased: `thunk(closure)` runs the kernel with
// its arguments on the calling worker.
using KernelThunk = void (*)(const void* closure);

template <class Closure>
void call_closure(const void* closure) {
  (*static_cast<const Closure*>(closure))();
}

}  // namespace simcore
