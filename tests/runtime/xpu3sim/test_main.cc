// Self-tests of xpu3sim: launches the kernels of kernels/*.xpu on the
// simulation and checks ids, scheduling, barriers, memory checks and error
// handling. Usage: xpu3sim_tests [test name ...] (no names: every regular test).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "test_kernels.h"
#include "xpu3sim/kernel_api.h"
#include "xpu3sim/sim.h"

namespace {

using xpu3sim::LaunchConfig;
using namespace xpu3sim_tests;

struct TestFailure {
  std::string message;
};

std::string location(const char* file, int line) {
  return std::string(file) + ":" + std::to_string(line) + ": ";
}

#define EXPECT(condition)                                                              \
  do {                                                                                 \
    if (!(condition)) throw TestFailure{location(__FILE__, __LINE__) + "EXPECT(" #condition ")"}; \
  } while (0)

#define EXPECT_EQ(actual, expected)                                                    \
  do {                                                                                 \
    const auto actual_value = (actual);                                                \
    const auto expected_value = (expected);                                            \
    if (!(actual_value == expected_value)) {                                           \
      throw TestFailure{location(__FILE__, __LINE__) + #actual " is " +                \
                        std::to_string(actual_value) + ", expected " +                 \
                        std::to_string(expected_value)};                               \
    }                                                                                  \
  } while (0)

#define EXPECT_CONTAINS(text, part)                                                    \
  do {                                                                                 \
    const std::string haystack = (text);                                               \
    if (haystack.find(part) == std::string::npos) {                                    \
      throw TestFailure{location(__FILE__, __LINE__) + "expected \"" + (part) +        \
                        "\" in: " + haystack};                                         \
    }                                                                                  \
  } while (0)

// The message of the xpu3sim::Error that `run` must throw.
template <class Run>
std::string error_of(Run&& run) {
  try {
    run();
  } catch (const xpu3sim::Error& e) {
    return e.what();
  }
  throw TestFailure{"expected an xpu3sim::Error, but none was thrown"};
}

// `count` elements of device memory, freed on scope exit.
template <class T>
class DeviceArray {
 public:
  DeviceArray(std::size_t count, const char* name)
      : count_(count), data_(static_cast<T*>(xpu3sim::device_malloc(count * sizeof(T), name))) {}
  DeviceArray(const std::vector<T>& values, const char* name) : DeviceArray(values.size(), name) {
    upload(values.data());
  }
  ~DeviceArray() { xpu3sim::device_free(data_); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  T* get() const { return data_; }
  void upload(const T* values) { xpu3sim::memcpy_h2d(data_, values, count_ * sizeof(T)); }
  void fill(T value) {
    std::vector<T> values(count_, value);
    upload(values.data());
  }
  std::vector<T> download() const {
    std::vector<T> values(count_);
    xpu3sim::memcpy_d2h(values.data(), data_, count_ * sizeof(T));
    return values;
  }

 private:
  std::size_t count_;
  T* data_;
};

// Deterministic test data.
std::vector<int> make_values(std::size_t count, std::uint32_t seed) {
  std::vector<int> values(count);
  std::uint32_t state = seed * 2654435761u + 1;
  for (int& v : values) {
    state = state * 1664525u + 1013904223u;
    v = static_cast<int>(state >> 20) - 2048;
  }
  return values;
}

// The split cluster_partition.h implements, recomputed on the host.
void host_partition(int tid, int nthreads, std::int64_t len, std::int64_t* start,
                    std::int64_t* end) {
  const std::int64_t each = len / nthreads;
  const std::int64_t extra = len % nthreads;
  *start = each * tid + std::min<std::int64_t>(tid, extra);
  *end = *start + each + (tid < extra ? 1 : 0);
}

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// ---------------------------------------------------------------------------
// Ids and scheduling

void test_ids_for_launch_shapes() {
  const LaunchConfig shapes[] = {{1, 1, 7}, {2, 4, 7}, {8, 64, 7}};
  for (const LaunchConfig& shape : shapes) {
    const int total = shape.nclusters * shape.ncores_per_cluster;
    DeviceArray<int> ids(4 * static_cast<std::size_t>(total), "ids");
    ids.fill(-1);
    xpu3sim::launch("record_ids", shape, record_ids, ids.get());
    const std::vector<int> got = ids.download();
    for (int cluster = 0; cluster < shape.nclusters; ++cluster) {
      for (int core = 0; core < shape.ncores_per_cluster; ++core) {
        const int tid = cluster * shape.ncores_per_cluster + core;
        const int* slot = &got[4 * static_cast<std::size_t>(tid)];
        EXPECT_EQ(slot[0], cluster);
        EXPECT_EQ(slot[1], shape.nclusters);
        EXPECT_EQ(slot[2], core);
        EXPECT_EQ(slot[3], shape.ncores_per_cluster);
      }
    }
  }
}

std::vector<int> start_order(const LaunchConfig& config) {
  const int total = config.nclusters * config.ncores_per_cluster;
  DeviceArray<int> next_slot(1, "next_slot");
  DeviceArray<int> order(static_cast<std::size_t>(total), "order");
  next_slot.fill(0);
  order.fill(-1);
  xpu3sim::launch("record_start_order", config, record_start_order, next_slot.get(), order.get());
  return order.download();
}

void test_start_order_depends_on_seed() {
  for (const LaunchConfig shape : {LaunchConfig{2, 4, 0}, LaunchConfig{8, 64, 0}}) {
    const int ncores = shape.ncores_per_cluster;
    std::set<std::vector<int>> distinct;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const std::vector<int> order = start_order({shape.nclusters, ncores, seed});
      std::vector<int> sorted = order;
      std::sort(sorted.begin(), sorted.end());
      for (std::size_t i = 0; i < sorted.size(); ++i) EXPECT_EQ(sorted[i], static_cast<int>(i));
      // Clusters run one after another: each block of ncores starts is one cluster.
      for (std::size_t i = 0; i < order.size(); ++i) {
        EXPECT_EQ(order[i] / ncores, order[i - i % ncores] / ncores);
      }
      EXPECT(start_order({shape.nclusters, ncores, seed}) == order);  // replayable
      distinct.insert(order);
      if (shape.nclusters == 2 && seed <= 2) {
        std::printf("    seed %llu, 2x4 start order:", static_cast<unsigned long long>(seed));
        for (int tid : order) std::printf(" %d", tid);
        std::printf("\n");
      }
    }
    EXPECT_EQ(distinct.size(), 6u);
  }
}

void test_order_dependent_kernel_differs_across_seeds() {
  std::set<int> counters;
  std::set<int> last_writers;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    DeviceArray<int> counter(1, "counter");
    DeviceArray<int> last_writer(1, "last_writer");
    counter.fill(0);
    last_writer.fill(-1);
    xpu3sim::launch("racy_increment", {8, 64, seed}, racy_increment, counter.get(),
                    last_writer.get());
    counters.insert(counter.download()[0]);
    last_writers.insert(last_writer.download()[0]);
  }
  std::printf("    racy_increment over 8 seeds: final counters");
  for (int c : counters) std::printf(" %d", c);
  std::printf(" (512 without races); last writers");
  for (int w : last_writers) std::printf(" %d", w);
  std::printf("\n");
  EXPECT(counters.size() > 1);
  EXPECT(last_writers.size() > 1);
  EXPECT(*counters.rbegin() < 512);
}

void test_ticket_lock_makes_increment_exact() {
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    DeviceArray<int> counters(8, "counters");
    counters.fill(0);
    xpu3sim::launch("locked_increment", {8, 64, seed}, locked_increment, counters.get());
    for (int value : counters.download()) EXPECT_EQ(value, 64);
  }
}

// ---------------------------------------------------------------------------
// Barriers and shared memory

void test_barrier_reduction_for_every_seed() {
  const std::int64_t len = 100003;
  const std::vector<int> values = make_values(static_cast<std::size_t>(len), 11);
  DeviceArray<int> in(values, "sum_input");
  const LaunchConfig shapes[] = {{8, 64, 0}, {2, 4, 0}, {1, 1, 0}, {3, 7, 0}};
  for (const LaunchConfig& shape : shapes) {
    std::vector<std::int64_t> expected(static_cast<std::size_t>(shape.nclusters));
    for (int c = 0; c < shape.nclusters; ++c) {
      std::int64_t begin, end;
      host_partition(c, shape.nclusters, len, &begin, &end);
      expected[static_cast<std::size_t>(c)] =
          std::accumulate(values.begin() + begin, values.begin() + end, std::int64_t{0});
    }
    for (std::uint64_t seed = 0; seed < 16; ++seed) {
      DeviceArray<std::int64_t> sums(static_cast<std::size_t>(shape.nclusters), "sums");
      xpu3sim::launch("cluster_sum", {shape.nclusters, shape.ncores_per_cluster, seed},
                      cluster_sum, in.get(), len, sums.get());
      EXPECT(sums.download() == expected);
    }
  }
}

void test_barrier_ignores_returned_cores() {
  const std::vector<int> values = make_values(64, 3);
  DeviceArray<int> in(values, "early_exit_input");
  for (const LaunchConfig shape : {LaunchConfig{2, 64, 0}, LaunchConfig{3, 5, 0}}) {
    const int expected =
        std::accumulate(values.begin(), values.begin() + shape.ncores_per_cluster, 0);
    for (std::uint64_t seed = 0; seed < 8; ++seed) {
      DeviceArray<int> sums(static_cast<std::size_t>(shape.nclusters), "sums");
      xpu3sim::launch("sum_with_early_exits", {shape.nclusters, shape.ncores_per_cluster, seed},
                      sum_with_early_exits, in.get(), sums.get());
      for (int sum : sums.download()) EXPECT_EQ(sum, expected);
    }
  }
}

void test_shared_memory_is_per_cluster_and_poisoned() {
  DeviceArray<int> seen(8, "seen");
  xpu3sim::launch("shared_memory_per_cluster", {4, 8, 5}, shared_memory_per_cluster, seen.get());
  const std::vector<int> got = seen.download();
  int poison;
  std::memset(&poison, 0xA5, sizeof(poison));
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(got[2 * static_cast<std::size_t>(c)], poison);
    EXPECT_EQ(got[2 * static_cast<std::size_t>(c) + 1], 1000 + c);
  }
}

void test_async_transfers_land_at_the_fence() {
  DeviceArray<int> in(std::vector<int>{42}, "async_input");
  DeviceArray<int> seen(2, "seen");
  xpu3sim::launch("async_read_visibility", {1, 4, 0}, async_read_visibility, in.get(),
                  seen.get());
  EXPECT(seen.download() == (std::vector<int>{-1, 42}));

  DeviceArray<int> out(1, "out");
  out.fill(0);
  xpu3sim::launch("async_write_reads_source_at_fence", {1, 1, 0},
                  async_write_reads_source_at_fence, out.get());
  EXPECT_EQ(out.download()[0], 2);
}

// ---------------------------------------------------------------------------
// Memory checks

void test_lm_overflow_names_kernel_and_bytes() {
  DeviceArray<std::int64_t> out(1, "out");
  xpu3sim::launch("lm_fill_to", {2, 64, 0}, lm_fill_to, out.get(), 0);  // exactly fits
  EXPECT_EQ(out.download()[0], 3);

  const std::string message = error_of(
      [&] { xpu3sim::launch("lm_fill_to", {2, 64, 0}, lm_fill_to, out.get(), 1); });
  std::printf("    %s\n", message.c_str());
  EXPECT_CONTAINS(message, "kernel 'lm_fill_to'");
  EXPECT_CONTAINS(message, " core ");
  EXPECT_CONTAINS(message, "memory_errors.xpu");
  EXPECT_CONTAINS(message, "'too_big_lm' asks for 4097 bytes, 4096 of 6144 bytes are available");
  EXPECT_CONTAINS(message, "'first_lm' 2048 bytes");
}

void test_gm_transfer_one_element_past_the_end() {
  DeviceArray<int> in(make_values(16, 5), "gm_overrun_input");
  DeviceArray<int> out(16, "gm_overrun_output");
  xpu3sim::launch("gm_read_with_extra", {1, 2, 0}, gm_read_with_extra, in.get(), 16, 0,
                  out.get());
  EXPECT(out.download() == in.download());

  const std::string message = error_of([&] {
    xpu3sim::launch("gm_read_with_extra", {1, 2, 0}, gm_read_with_extra, in.get(), 16, 1,
                    out.get());
  });
  std::printf("    %s\n", message.c_str());
  EXPECT_CONTAINS(message, "kernel 'gm_read_with_extra', cluster 0 core 0");
  EXPECT_CONTAINS(message,
                  "GM2LM global source: bytes [0, 68) of device allocation 'gm_overrun_input' "
                  "(64 bytes)");
  EXPECT_CONTAINS(message, "run 4 bytes past its end");
}

void test_local_and_shared_side_checks() {
  DeviceArray<int> in(make_values(32, 6), "input32");
  DeviceArray<int> out(1, "out");

  std::string message = error_of([&] {
    xpu3sim::launch("lm_read_past_array", {1, 1, 0}, lm_read_past_array, in.get(), out.get());
  });
  EXPECT_CONTAINS(message, "GM2LM local destination");
  EXPECT_CONTAINS(message, "local array 'small_lm' (32 bytes");
  EXPECT_CONTAINS(message, "run 4 bytes past its end");

  message = error_of([&] {
    xpu3sim::launch("lm_destination_is_global", {1, 1, 0}, lm_destination_is_global, in.get(),
                    out.get());
  });
  EXPECT_CONTAINS(message, "is not this core's local memory (it is in device allocation 'out')");

  message = error_of([&] {
    xpu3sim::launch("sm_read_past_array", {1, 4, 0}, sm_read_past_array, in.get(), out.get());
  });
  EXPECT_CONTAINS(message, "GM2SM shared destination");
  EXPECT_CONTAINS(message, "shared array 'table_sm' (64 bytes");

  message = error_of([&] { xpu3sim::launch("sm_too_big", {1, 4, 0}, sm_too_big, out.get()); });
  std::printf("    %s\n", message.c_str());
  EXPECT_CONTAINS(message, "shared memory exhausted");
  EXPECT_CONTAINS(message, "'second_sm' 163840 bytes");

  message = error_of([&] { xpu3sim::memcpy_h2d(out.get(), in.download().data(), 8); });
  EXPECT_CONTAINS(message, "device allocation 'out' (4 bytes) run 4 bytes past its end");
}

// ---------------------------------------------------------------------------
// Failures end the launch cleanly

void test_error_on_one_core_aborts_the_launch() {
  DeviceArray<int> in(make_values(16, 9), "abort_input");  // the failing core reads 17
  DeviceArray<int> out(8, "abort_output");
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    const auto start = std::chrono::steady_clock::now();
    const std::string message = error_of([&] {
      xpu3sim::launch("fail_on_one_core", {8, 64, seed}, fail_on_one_core, in.get(), 16, 5, 37,
                      out.get());
    });
    EXPECT(milliseconds_since(start) < 2000);
    EXPECT_CONTAINS(message, "kernel 'fail_on_one_core', cluster 5 core 37");
    EXPECT_CONTAINS(message, "'abort_input'");
  }
  // The cores that were waiting are unwound: their destructors ran.
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    const std::string message = error_of([&] {
      xpu3sim::launch("fail_with_guards_alive", {2, 8, seed}, fail_with_guards_alive, in.get(),
                      16, out.get());
    });
    EXPECT_CONTAINS(message, "core 3");
    EXPECT_EQ(live_guards(), 0);
  }
  // Full local memory and normal launches work again.
  DeviceArray<std::int64_t> fits(1, "fits");
  xpu3sim::launch("lm_fill_to", {8, 64, 1}, lm_fill_to, fits.get(), 0);
  xpu3sim::launch("fail_on_one_core", {8, 64, 1}, fail_on_one_core, in.get(), 16, -1, -1,
                  out.get());
  for (int value : out.download()) EXPECT_EQ(value, in.download()[0]);
}

void test_deadlock_and_lock_misuse_are_reported() {
  DeviceArray<int> out(1, "out");
  std::string message = error_of([&] {
    xpu3sim::launch("lock_across_barrier", {2, 4, 3}, lock_across_barrier, out.get());
  });
  std::printf("    %s\n", message.c_str());
  EXPECT_CONTAINS(message, "deadlock");
  EXPECT_CONTAINS(message, "waits in sync_cluster");
  EXPECT_CONTAINS(message, "waits in ticket_lock_mix");

  message = error_of(
      [&] { xpu3sim::launch("unlock_without_lock", {1, 2, 0}, unlock_without_lock, out.get()); });
  EXPECT_CONTAINS(message, "does not hold the lock");

  message = error_of(
      [&] { xpu3sim::launch("return_holding_lock", {1, 2, 0}, return_holding_lock, out.get()); });
  EXPECT_CONTAINS(message, "cluster 0 core 1");
  EXPECT_CONTAINS(message, "still holding the ticket lock");

  message = error_of(
      [&] { xpu3sim::launch("throw_std_exception", {2, 4, 0}, throw_std_exception, out.get()); });
  EXPECT_CONTAINS(message, "core 2: the kernel threw: kernel-side std::logic_error");
}

void test_launch_and_api_misuse() {
  std::vector<int> host(4);
  std::string message =
      error_of([&] { xpu3sim::launch("record_ids", {1, 1, 0}, record_ids, host.data()); });
  EXPECT_CONTAINS(message, "argument 0");
  EXPECT_CONTAINS(message, "is not device memory");

  DeviceArray<int> ids(4, "ids");
  message = error_of([&] { xpu3sim::launch("record_ids", {0, 64, 0}, record_ids, ids.get()); });
  EXPECT_CONTAINS(message, "nclusters must be at least 1");
  message = error_of([&] { xpu3sim::launch("record_ids", {1, 65, 0}, record_ids, ids.get()); });
  EXPECT_CONTAINS(message, "ncores_per_cluster must be 1..64");

  message = error_of([] { xpu3sim::kernel_api::core_id(); });
  EXPECT_CONTAINS(message, "outside a running kernel");

  int not_device = 0;
  message = error_of([&] { xpu3sim::device_free(&not_device); });
  EXPECT_CONTAINS(message, "not the start of a live device allocation");
}

// ---------------------------------------------------------------------------
// Dialect coverage and speed

void test_dialect_kernels() {
  const int bsz = 300;
  const std::vector<int> pattern = make_values(bsz, 4);
  bool flags[bsz];
  int expected_stopped = 0;
  for (int i = 0; i < bsz; ++i) {
    flags[i] = pattern[static_cast<std::size_t>(i)] % 3 == 0;
    expected_stopped += flags[i] ? 1 : 0;
  }
  DeviceArray<bool> stop_flags(bsz, "stop_flags");
  stop_flags.upload(flags);
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    DeviceArray<int> stopped(4, "stopped");
    xpu3sim::launch("count_stopped", {4, 64, seed}, count_stopped, stop_flags.get(), bsz,
                    stopped.get());
    for (int value : stopped.download()) EXPECT_EQ(value, expected_stopped);
  }

  const std::int64_t rows = 37, cols = 600;
  std::vector<float> x(static_cast<std::size_t>(rows * cols));
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 97) * 0.5f;
  DeviceArray<float> x_dev(x, "x");
  DeviceArray<float> y_dev(x.size(), "y");
  xpu3sim::launch("scale_rows<float>", {2, 16, 3}, scale_rows<float>, x_dev.get(), 2.0f, rows,
                  cols, y_dev.get());
  const std::vector<float> y = y_dev.download();
  for (std::size_t i = 0; i < x.size(); ++i) EXPECT(y[i] == x[i] * 2.0f);

  std::vector<std::int64_t> xi(static_cast<std::size_t>(rows * cols));
  std::iota(xi.begin(), xi.end(), std::int64_t{-1000});
  DeviceArray<std::int64_t> xi_dev(xi, "xi");
  DeviceArray<std::int64_t> yi_dev(xi.size(), "yi");
  xpu3sim::launch("scale_rows<int64_t>", {8, 64, 3}, scale_rows<std::int64_t>, xi_dev.get(),
                  std::int64_t{-3}, rows, cols, yi_dev.get());
  const std::vector<std::int64_t> yi = yi_dev.download();
  for (std::size_t i = 0; i < xi.size(); ++i) EXPECT_EQ(yi[i], xi[i] * -3);
}

void test_launch_time_8x64() {
  DeviceArray<int> ids(4 * 512, "ids");
  const std::vector<int> values = make_values(8192, 2);
  DeviceArray<int> in(values, "sum_input");
  DeviceArray<std::int64_t> sums(8, "sums");
  const int repeats = 20;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < repeats; ++i) {
    xpu3sim::launch("record_ids", {8, 64, static_cast<std::uint64_t>(i)}, record_ids, ids.get());
  }
  const double ids_ms = milliseconds_since(start) / repeats;
  start = std::chrono::steady_clock::now();
  for (int i = 0; i < repeats; ++i) {
    xpu3sim::launch("cluster_sum", {8, 64, static_cast<std::uint64_t>(i)}, cluster_sum, in.get(),
                    std::int64_t{8192}, sums.get());
  }
  const double sum_ms = milliseconds_since(start) / repeats;
  std::printf("    8x64 launch: record_ids %.2f ms, cluster_sum (8 barriers) %.2f ms\n", ids_ms,
              sum_ms);
  EXPECT(ids_ms < 1000 && sum_ms < 1000);
}

// Not a regular test: reads past a device allocation directly, which only
// AddressSanitizer can report (tests/test_xpu3sim.py expects this to abort in the ASan build).
void asan_direct_global_overrun() {
  DeviceArray<int> in(make_values(16, 1), "asan_input");
  DeviceArray<int> out(1, "out");
  xpu3sim::launch("direct_global_overrun", {1, 1, 0}, direct_global_overrun, in.get(), 16,
                  out.get());
  std::printf("    no AddressSanitizer in this build: the overrun went unnoticed\n");
}

// Not a regular test either: indexes one element past an XPU3_LM_ARRAY, into
// the redzone the ASan build keeps between local arrays.
void asan_direct_local_overrun() {
  DeviceArray<int> out(1, "out");
  xpu3sim::launch("direct_local_overrun", {1, 1, 0}, direct_local_overrun, 8, out.get());
  std::printf("    no AddressSanitizer in this build: the overrun went unnoticed\n");
}

struct Test {
  const char* name;
  void (*run)();
  bool regular;
};

const Test kTests[] = {
    {"ids_for_launch_shapes", test_ids_for_launch_shapes, true},
    {"start_order_depends_on_seed", test_start_order_depends_on_seed, true},
    {"order_dependent_kernel_differs_across_seeds",
     test_order_dependent_kernel_differs_across_seeds, true},
    {"ticket_lock_makes_increment_exact", test_ticket_lock_makes_increment_exact, true},
    {"barrier_reduction_for_every_seed", test_barrier_reduction_for_every_seed, true},
    {"barrier_ignores_returned_cores", test_barrier_ignores_returned_cores, true},
    {"shared_memory_is_per_cluster_and_poisoned", test_shared_memory_is_per_cluster_and_poisoned,
     true},
    {"async_transfers_land_at_the_fence", test_async_transfers_land_at_the_fence, true},
    {"lm_overflow_names_kernel_and_bytes", test_lm_overflow_names_kernel_and_bytes, true},
    {"gm_transfer_one_element_past_the_end", test_gm_transfer_one_element_past_the_end, true},
    {"local_and_shared_side_checks", test_local_and_shared_side_checks, true},
    {"error_on_one_core_aborts_the_launch", test_error_on_one_core_aborts_the_launch, true},
    {"deadlock_and_lock_misuse_are_reported", test_deadlock_and_lock_misuse_are_reported, true},
    {"launch_and_api_misuse", test_launch_and_api_misuse, true},
    {"dialect_kernels", test_dialect_kernels, true},
    {"launch_time_8x64", test_launch_time_8x64, true},
    {"asan_direct_global_overrun", asan_direct_global_overrun, false},
    {"asan_direct_local_overrun", asan_direct_local_overrun, false},
};

bool run_test(const Test& test) {
  std::printf("[ RUN  ] %s\n", test.name);
  std::fflush(stdout);
  const auto start = std::chrono::steady_clock::now();
  std::string failure;
  try {
    test.run();
  } catch (const TestFailure& f) {
    failure = f.message;
  } catch (const std::exception& e) {
    failure = std::string("unexpected exception: ") + e.what();
  }
  if (failure.empty()) {
    std::printf("[  OK  ] %s (%.0f ms)\n", test.name, milliseconds_since(start));
    return true;
  }
  std::printf("[ FAIL ] %s: %s\n", test.name, failure.c_str());
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  int failures = 0;
  int ran = 0;
  for (const Test& test : kTests) {
    bool selected = argc == 1 && test.regular;
    for (int i = 1; i < argc; ++i) selected = selected || std::strcmp(argv[i], test.name) == 0;
    if (!selected) continue;
    ++ran;
    if (!run_test(test)) ++failures;
  }
  if (ran == 0) {
    std::printf("no test matches; tests are:\n");
    for (const Test& test : kTests) std::printf("  %s\n", test.name);
    return 2;
  }
  std::printf("%d of %d tests passed\n", ran - failures, ran);
  return failures == 0 ? 0 : 1;
}
