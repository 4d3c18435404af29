// Runs the same hostile acts under both simulations (XPU3 and CUDA) and prints
// each report as "<case>\t<simulation>\t<report>", one a line, for
// tests/runtime/test_simcore.py, which requires the two reports of a case to
// have one form: the simulations report through one core (csrc/simcore).
#include <cuda_runtime.h>

#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "cuda_portable.h"
#include "cudasim/sim.h"
#include "xpu3sim/kernel_api.h"
#include "xpu3sim/sim.h"

namespace simcore_tests {
void xpu3_read_past_end(const int* in, int n, int* out);
void xpu3_throws(int* out);
__global__ void cuda_read_past_end(cuda_global<const int> in, int n, cuda_global<int> out);
__global__ void cuda_throws(cuda_global<int> out);
}  // namespace simcore_tests

namespace {

using namespace simcore_tests;

// One simulation as the cases drive it.
struct Simulation {
  const char* name;
  void* (*allocate)(std::size_t bytes, const char* name);
  void (*release)(void* device);
  void (*to_device)(void* device, const void* host, std::size_t bytes);
  void (*to_host)(void* host, const void* device, std::size_t bytes);
  std::function<void(const int* in, int n, int* out)> read_past_end;
  std::function<void(int* out)> throws;
  std::function<void()> outside_kernel;  // an intrinsic called from the host
};

Simulation xpu3() {
  return Simulation{
      "xpu3sim",
      xpu3sim::device_malloc,
      xpu3sim::device_free,
      xpu3sim::memcpy_h2d,
      xpu3sim::memcpy_d2h,
      [](const int* in, int n, int* out) {
        xpu3sim::launch("read_past_end", {1, 1, 0}, xpu3_read_past_end, in, n, out);
      },
      [](int* out) { xpu3sim::launch("throws", {1, 1, 0}, xpu3_throws, out); },
      [] { xpu3sim::kernel_api::core_id(); },
  };
}

Simulation cuda() {
  const cudasim::LaunchConfig one_thread{dim3(1), dim3(1), 0};
  return Simulation{
      "cudasim",
      cudasim::device_malloc,
      cudasim::device_free,
      cudasim::memcpy_h2d,
      cudasim::memcpy_d2h,
      [=](const int* in, int n, int* out) {
        cudasim::launch("read_past_end", one_thread, cuda_read_past_end, in, n, out);
      },
      [=](int* out) { cudasim::launch("throws", one_thread, cuda_throws, out); },
      [] { cudasim::detail::active_mask(); },
  };
}

std::string report_of(const std::function<void()>& act) {
  try {
    act();
  } catch (const std::exception& error) {
    return error.what();
  }
  return "(no report)";
}

void print(const char* name, const Simulation& sim, const std::function<void()>& act) {
  std::string report = report_of(act);
  for (char& c : report) {
    if (c == '\n' || c == '\t') c = ' ';
  }
  std::printf("%s\t%s\t%s\n", name, sim.name, report.c_str());
}

// Host memory below every device allocation (the heap lies above the program's data).
int host_value = 0;

void run_cases(const Simulation& sim, const Simulation& other) {
  std::vector<int> host(32, 7);
  int* buffer = static_cast<int*>(sim.allocate(32 * sizeof(int), "buffer"));
  int* out = static_cast<int*>(sim.allocate(sizeof(int), "out"));
  int* foreign = static_cast<int*>(other.allocate(sizeof(int), "foreign"));
  sim.to_device(buffer, host.data(), 32 * sizeof(int));

  print("h2d_past_end", sim, [&] { sim.to_device(buffer + 30, host.data(), 4 * sizeof(int)); });
  print("d2h_past_end", sim, [&] { sim.to_host(host.data(), buffer + 30, 4 * sizeof(int)); });
  print("h2d_into_host_memory", sim, [&] { sim.to_device(&host_value, host.data(), 4); });
  print("h2d_into_other_simulation", sim, [&] { sim.to_device(foreign, host.data(), 4); });
  print("free_host_memory", sim, [&] { sim.release(&host_value); });
  print("free_other_simulation", sim, [&] { sim.release(foreign); });
  print("argument_in_host_memory", sim, [&] { sim.read_past_end(host.data(), 32, out); });
  print("argument_of_other_simulation", sim, [&] { sim.read_past_end(buffer, 32, foreign); });
  print("kernel_reads_past_end", sim, [&] { sim.read_past_end(buffer, 32, out); });
  print("kernel_throws", sim, [&] { sim.throws(out); });
  print("intrinsic_outside_a_kernel", sim, sim.outside_kernel);

  other.release(foreign);
  sim.release(out);
  sim.release(buffer);
}

}  // namespace

int main() {
  run_cases(xpu3(), cuda());
  run_cases(cuda(), xpu3());
  return 0;
}
