// Self-tests of cudasim: launches the kernels of kernels/*.cu on the simulation
// and checks results under several schedules, and that each kind of error is
// reported with kernel, block, thread, source line and buffer.
// Usage:
//   cudasim_tests [test name ...]      run the tests (no names: all of them)
//   cudasim_tests convert IN OUT       float32 values in IN -> for each, the
//                                      half bits, bfloat16 bits (uint16 pairs) in OUT
//   cudasim_tests widen IN OUT         uint16 half bits in IN -> float32 in OUT
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "cudasim/sim.h"
#include "test_kernels.h"

namespace {

using cudasim::LaunchConfig;
using namespace cudasim_tests;

struct TestFailure {
  std::string message;
};

std::string location(const char* file, int line) {
  return std::string(file) + ":" + std::to_string(line) + ": ";
}

#define EXPECT(condition)                                                         \
  do {                                                                            \
    if (!(condition)) {                                                           \
      throw TestFailure{location(__FILE__, __LINE__) + "EXPECT(" #condition ")"}; \
    }                                                                             \
  } while (0)

#define EXPECT_EQ(actual, expected)                                     \
  do {                                                                  \
    const auto actual_value = (actual);                                 \
    const auto expected_value = (expected);                             \
    if (!(actual_value == expected_value)) {                            \
      throw TestFailure{location(__FILE__, __LINE__) + #actual " is " + \
                        std::to_string(actual_value) + ", expected " +  \
                        std::to_string(expected_value)};                \
    }                                                                   \
  } while (0)

#define EXPECT_CONTAINS(text, part)                                             \
  do {                                                                          \
    const std::string haystack = (text);                                        \
    const std::string needle = (part);                                          \
    if (haystack.find(needle) == std::string::npos) {                           \
      throw TestFailure{location(__FILE__, __LINE__) + "expected \"" + needle + \
                        "\" in: " + haystack};                                  \
    }                                                                           \
  } while (0)

template <class Run>
std::string error_of(Run&& run) {
  try {
    run();
  } catch (const cudasim::Error& e) {
    if (std::getenv("CUDASIM_TESTS_SHOW") != nullptr) std::printf("  %s\n", e.what());
    return e.what();
  }
  throw TestFailure{"expected a cudasim::Error, but none was thrown"};
}

// `count` elements of device memory, freed on scope exit.
template <class T>
class DeviceArray {
 public:
  DeviceArray(std::size_t count, const char* name)
      : count_(count), data_(static_cast<T*>(cudasim::device_malloc(count * sizeof(T), name))) {}
  DeviceArray(const std::vector<T>& values, const char* name) : DeviceArray(values.size(), name) {
    cudasim::memcpy_h2d(data_, values.data(), values.size() * sizeof(T));
  }
  ~DeviceArray() { cudasim::device_free(data_); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  T* get() const { return data_; }
  std::vector<T> download() const {
    std::vector<T> host(count_);
    cudasim::memcpy_d2h(host.data(), data_, count_ * sizeof(T));
    return host;
  }

 private:
  std::size_t count_;
  T* data_;
};

const std::uint64_t kSeeds[] = {1, 2, 3, 0x5eed, 0xdeadbeef};

std::vector<int> iota_values(std::size_t n, int scale, int modulo) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<int>((i * scale) % modulo) - modulo / 3;
  return v;
}

std::string line_of(int line) {
  return "broken.cu:" + std::to_string(line);
}

// --- correct kernels -----------------------------------------------------------

void test_block_sum() {
  const int64_t n = 1000;  // 8 blocks of 128, the last one partial
  const std::vector<int> values = iota_values(static_cast<std::size_t>(n), 7919, 2001);
  std::vector<int64_t> expected(8, 0);
  for (int64_t i = 0; i < n; ++i) expected[static_cast<std::size_t>(i / 128)] += values[i];
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int> in(values, "values");
    DeviceArray<int64_t> sums(8, "sums");
    cudasim::launch("block_sum",
                    LaunchConfig{dim3(8), dim3(kReduceThreads), seed},
                    block_sum,
                    in.get(),
                    n,
                    sums.get());
    const std::vector<int64_t> got = sums.download();
    for (std::size_t b = 0; b < 8; ++b) EXPECT_EQ(got[b], expected[b]);
  }
}

void test_block_max_with_functor() {
  const std::vector<int> values = iota_values(300, 4099, 997);
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int> in(values, "values");
    DeviceArray<int> maxima(3, "maxima");
    cudasim::launch("block_max",
                    LaunchConfig{dim3(3), dim3(kReduceThreads), seed},
                    block_max,
                    in.get(),
                    maxima.get());
    const std::vector<int> got = maxima.download();
    for (std::size_t b = 0; b < 3; ++b) {
      int best = values[b * 100];
      for (std::size_t i = 0; i < 100; ++i) best = std::max(best, values[b * 100 + i]);
      EXPECT_EQ(got[b], best);
    }
  }
}

void test_block_scan() {
  const std::vector<int> values = iota_values(2 * kReduceThreads, 31, 17);
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int> in(values, "values");
    DeviceArray<int> exclusive(values.size(), "exclusive");
    DeviceArray<int> inclusive(values.size(), "inclusive");
    DeviceArray<int> totals(2, "totals");
    cudasim::launch("block_scan",
                    LaunchConfig{dim3(2), dim3(kReduceThreads), seed},
                    block_scan,
                    in.get(),
                    exclusive.get(),
                    inclusive.get(),
                    totals.get());
    const std::vector<int> ex = exclusive.download();
    const std::vector<int> in_sum = inclusive.download();
    const std::vector<int> tot = totals.download();
    for (int b = 0; b < 2; ++b) {
      int running = 0;
      for (int t = 0; t < kReduceThreads; ++t) {
        const std::size_t i = static_cast<std::size_t>(b * kReduceThreads + t);
        EXPECT_EQ(ex[i], running);
        running += values[i];
        EXPECT_EQ(in_sum[i], running);
      }
      EXPECT_EQ(tot[static_cast<std::size_t>(b)], running);
    }
  }
}

void test_warp_ops() {
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int> out(64 * 9, "out");
    cudasim::launch("warp_ops", LaunchConfig{dim3(1), dim3(64), seed}, warp_ops, out.get());
    const std::vector<int> got = out.download();
    for (int t = 0; t < 64; ++t) {
      const int lane = t % 32;
      auto value = [](int l) { return l * 3 + 1; };
      const int* mine = got.data() + 9 * t;
      EXPECT_EQ(mine[0], value(5));
      EXPECT_EQ(mine[1], value(lane + 1 < 32 ? lane + 1 : lane));
      EXPECT_EQ(mine[2], value(lane >= 2 ? lane - 2 : lane));
      EXPECT_EQ(mine[3], value(lane ^ 1));
      EXPECT_EQ(mine[4], value((lane & ~7) + ((lane + 1) & 7)));
      EXPECT_EQ(static_cast<unsigned>(mine[5]), 0xaaaaaaaau);
      EXPECT_EQ(mine[6], 1);
      EXPECT_EQ(mine[7], 0);
      int sum = 0;
      for (int l = 0; l < 32; ++l) sum += value(l);
      EXPECT_EQ(mine[8], sum);
    }
  }
}

void test_atomics() {
  const int n = 1000;
  const std::vector<int> values = iota_values(n, 37, 5000);
  std::vector<int> positive(values);
  for (int& v : positive) v = v < 0 ? -v : v;
  std::vector<int> histogram(8, 0);
  unsigned maximum = 0;
  for (int v : positive) {
    ++histogram[static_cast<std::size_t>(v % 8)];
    maximum = std::max(maximum, static_cast<unsigned>(v));
  }
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int> in(positive, "values");
    DeviceArray<int> hist(std::vector<int>(8, 0), "histogram");
    DeviceArray<unsigned> max_out(std::vector<unsigned>(1, 0), "maximum");
    DeviceArray<float> float_sum(std::vector<float>(1, 0.0f), "float_sum");
    DeviceArray<int> block_counts(4, "block_counts");
    cudasim::launch("atomics",
                    LaunchConfig{dim3(4), dim3(256), seed},
                    atomics,
                    in.get(),
                    n,
                    hist.get(),
                    max_out.get(),
                    float_sum.get(),
                    block_counts.get());
    const std::vector<int> got = hist.download();
    for (std::size_t b = 0; b < 8; ++b) EXPECT_EQ(got[b], histogram[b]);
    EXPECT_EQ(max_out.download()[0], maximum);
    EXPECT_EQ(float_sum.download()[0], 500.0f);
    const std::vector<int> counts = block_counts.download();
    EXPECT_EQ(counts[0], 256);
    EXPECT_EQ(counts[3], n - 3 * 256);
  }
}

void test_reverse_in_shared() {
  const std::vector<int> values = iota_values(3 * 64, 1, 1000);
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int> in(values, "values");
    DeviceArray<int> out(values.size(), "out");
    cudasim::launch("reverse_in_shared",
                    LaunchConfig{dim3(3), dim3(64), seed},
                    reverse_in_shared,
                    in.get(),
                    out.get());
    const std::vector<int> got = out.download();
    for (std::size_t b = 0; b < 3; ++b) {
      for (std::size_t t = 0; t < 64; ++t) EXPECT_EQ(got[b * 64 + t], values[b * 64 + 63 - t]);
    }
  }
}

void test_syncwarp_orders_lanes() {
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int> out(64, "out");
    cudasim::launch("warp_synchronised_exchange",
                    LaunchConfig{dim3(1), dim3(64), seed},
                    warp_synchronised_exchange,
                    out.get());
    const std::vector<int> got = out.download();
    for (int t = 0; t < 64; ++t) EXPECT_EQ(got[static_cast<std::size_t>(t)], (t ^ 1) * 10);
  }
}

void test_dynamic_shared_and_counting_barriers() {
  const std::vector<int> values = iota_values(96, 7, 50);  // -16..33, none above 40
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int> in(values, "values");
    DeviceArray<int> out(4 * values.size(), "out");
    cudasim::launch("dynamic_shared_and_counting",
                    LaunchConfig{dim3(1), dim3(96), seed, 96 * sizeof(int)},
                    dynamic_shared_and_counting,
                    in.get(),
                    out.get());
    const std::vector<int> got = out.download();
    int positive = 0;
    for (int v : values) positive += v > 0;
    for (std::size_t t = 0; t < values.size(); ++t) {
      EXPECT_EQ(got[4 * t], values[values.size() - 1 - t]);
      EXPECT_EQ(got[4 * t + 1], positive);
      EXPECT_EQ(got[4 * t + 2], 1);
      EXPECT_EQ(got[4 * t + 3], 0);
    }
  }
}

void test_idioms() {
  const int64_t n = 300;  // 2 blocks x 64 threads, 3 rounds of the grid-stride loop
  std::vector<int64_t> tokens(n);
  std::vector<bool> stop_values(n);
  std::vector<half> scale_h(n);
  std::vector<__nv_bfloat16> scale_b(n);
  for (int64_t i = 0; i < n; ++i) {
    tokens[static_cast<std::size_t>(i)] = (i * 37) % 150 - 20;
    stop_values[static_cast<std::size_t>(i)] = i % 7 == 0;
    scale_h[static_cast<std::size_t>(i)] = __float2half(static_cast<float>(i % 50) * 0.25f);
    scale_b[static_cast<std::size_t>(i)] = __float2bfloat16(static_cast<float>(i) * 0.5f);
  }
  std::vector<char> stop_bytes(stop_values.begin(), stop_values.end());
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int64_t> d_tokens(tokens, "tokens");
    bool* d_stop = static_cast<bool*>(cudasim::device_malloc(n, "stop"));
    cudasim::memcpy_h2d(d_stop, stop_bytes.data(), static_cast<std::size_t>(n));
    DeviceArray<half> d_h(scale_h, "scale_h");
    DeviceArray<__nv_bfloat16> d_b(scale_b, "scale_b");
    DeviceArray<int64_t> clamped(static_cast<std::size_t>(n), "clamped");
    DeviceArray<float> scaled(static_cast<std::size_t>(n), "scaled");
    DeviceArray<int> lane_info(2 * 128, "lane_info");
    DeviceArray<float> maximum(std::vector<float>(1, -1.0f), "maximum");
    cudasim::launch("idioms",
                    LaunchConfig{dim3(2), dim3(64), seed},
                    idioms,
                    d_tokens.get(),
                    d_stop,
                    d_h.get(),
                    d_b.get(),
                    n,
                    int64_t{100},
                    clamped.get(),
                    scaled.get(),
                    lane_info.get(),
                    maximum.get());
    cudasim::device_free(d_stop);
    const std::vector<int64_t> got = clamped.download();
    const std::vector<float> got_scaled = scaled.download();
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
      const int64_t token = tokens[i];
      const int64_t expected = stop_values[i] ? -1 : token < 0 ? 0 : std::min<int64_t>(token, 99);
      EXPECT_EQ(got[i], expected);
      const float h = __half2float(scale_h[i]);
      EXPECT_EQ(got_scaled[i], h * 2.0f + __bfloat162float(scale_b[i]));
    }
    for (int t = 0; t < 128; ++t) {
      EXPECT_EQ(lane_info.download()[static_cast<std::size_t>(2 * t)], 16);
      EXPECT_EQ(lane_info.download()[static_cast<std::size_t>(2 * t + 1)], 2);
    }
    EXPECT_EQ(maximum.download()[0], 12.25f);
  }
}

void test_ids_and_shapes() {
  const dim3 grid(3, 2, 2);
  const dim3 block(8, 4, 2);
  const int threads = 3 * 2 * 2 * 8 * 4 * 2;
  DeviceArray<int> ids(static_cast<std::size_t>(threads) * 4, "ids");
  cudasim::launch("record_ids", LaunchConfig{grid, block, 7}, record_ids, ids.get());
  const std::vector<int> got = ids.download();
  for (int i = 0; i < threads; ++i) {
    const int* mine = got.data() + 4 * i;
    EXPECT_EQ(mine[0], i / 64);
    EXPECT_EQ(mine[1], i % 64);
    EXPECT_EQ(mine[2], i % 64 % 32);
    EXPECT_EQ(mine[3], threads);
  }
}

void test_schedules_differ_but_replay() {
  // The order in which threads pass an atomic: the same for one seed, and
  // different for different seeds.
  auto order = [](std::uint64_t seed) {
    DeviceArray<int> next(std::vector<int>(1, 0), "next");
    DeviceArray<int> order_out(64, "order");
    cudasim::launch("record_order",
                    LaunchConfig{dim3(1), dim3(64), seed},
                    record_order,
                    next.get(),
                    order_out.get());
    return order_out.download();
  };
  const std::vector<int> first = order(1);
  EXPECT(first == order(1));
  EXPECT(first != order(2));
  std::vector<int> sorted = first;
  std::sort(sorted.begin(), sorted.end());
  for (int t = 0; t < 64; ++t) EXPECT_EQ(sorted[static_cast<std::size_t>(t)], t);
}

// --- reports ---------------------------------------------------------------------

void test_report_read_past_end() {
  DeviceArray<int> in(std::vector<int>(32, 5), "input_tokens");
  DeviceArray<int> out(32, "out");
  const std::string error = error_of([&] {
    cudasim::launch("read_past_end",
                    LaunchConfig{dim3(1), dim3(32), 11},
                    read_past_end,
                    in.get(),
                    32,
                    out.get());
  });
  EXPECT_CONTAINS(error, "kernel 'read_past_end', block (0,0,0) thread (31,0,0)");
  EXPECT_CONTAINS(error, line_of(line_read_past_end));
  EXPECT_CONTAINS(error,
                  "out-of-bounds read: bytes [128, 132) (element 32 of 4-byte elements; "
                  "it has 32) lie past the end of device allocation 'input_tokens' (128 bytes)");
}

void test_report_write_past_end() {
  DeviceArray<int> out(16, "step_out");
  const std::string error = error_of([&] {
    cudasim::launch(
        "write_past_end", LaunchConfig{dim3(2), dim3(32), 5}, write_past_end, out.get(), 16);
  });
  EXPECT_CONTAINS(error, "kernel 'write_past_end', block (");
  EXPECT_CONTAINS(error, "thread (15,0,0)");
  EXPECT_CONTAINS(error, line_of(line_write_past_end));
  EXPECT_CONTAINS(error, "out-of-bounds write: bytes [64, 68) (element 16");
  EXPECT_CONTAINS(error, "device allocation 'step_out' (64 bytes)");
}

void test_report_shared_past_end() {
  DeviceArray<int> out(64, "out");
  const std::string error = error_of([&] {
    cudasim::launch(
        "shared_past_end", LaunchConfig{dim3(1), dim3(64), 5}, shared_past_end, out.get());
  });
  EXPECT_CONTAINS(error, "kernel 'shared_past_end', block (0,0,0) thread (");
  EXPECT_CONTAINS(error, line_of(line_shared_past_end));
  EXPECT_CONTAINS(error, "out-of-bounds write: bytes [");
  EXPECT_CONTAINS(error, "shared array 'slots' (128 bytes, declared at ");
}

void test_report_uninitialised_global() {
  DeviceArray<int> in(32, "partly_copied");
  const std::vector<int> half(16, 1);
  cudasim::memcpy_h2d(in.get(), half.data(), 16 * sizeof(int));
  DeviceArray<int> out(32, "out");
  const std::string error = error_of([&] {
    cudasim::launch("read_uninitialised",
                    LaunchConfig{dim3(1), dim3(32), 9},
                    read_uninitialised,
                    in.get(),
                    out.get());
  });
  EXPECT_CONTAINS(error, "kernel 'read_uninitialised', block (0,0,0) thread (");
  EXPECT_CONTAINS(error, line_of(line_read_uninitialised));
  EXPECT_CONTAINS(error, "read of uninitialised memory");
  EXPECT_CONTAINS(error,
                  "device allocation 'partly_copied' (128 bytes) was never written by "
                  "the host or a kernel");
}

void test_report_uninitialised_shared() {
  DeviceArray<int> out(64, "out");
  const std::string error = error_of([&] {
    cudasim::launch("read_uninitialised_shared",
                    LaunchConfig{dim3(1), dim3(64), 4},
                    read_uninitialised_shared,
                    out.get());
  });
  EXPECT_CONTAINS(error, "kernel 'read_uninitialised_shared', block (0,0,0) thread (");
  EXPECT_CONTAINS(error, line_of(line_read_uninitialised_shared));
  EXPECT_CONTAINS(error, "read of uninitialised memory");
  EXPECT_CONTAINS(error, "shared array 'slots' (256 bytes, declared at ");
  EXPECT_CONTAINS(error, "was never written in this block");
}

void test_report_exit_before_barrier() {
  // Whichever order the threads run in, the exit of thread 3 and the barrier
  // of the others meet: reported from either side.
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int> out(32, "out");
    const std::string error = error_of([&] {
      cudasim::launch("exit_before_barrier",
                      LaunchConfig{dim3(1), dim3(32), seed},
                      exit_before_barrier,
                      out.get());
    });
    EXPECT_CONTAINS(error, "kernel 'exit_before_barrier', block (0,0,0) thread (");
    EXPECT_CONTAINS(error, "every thread of the block must reach every __syncthreads");
    EXPECT(error.find("thread (3,0,0) (at its return): thread returned from the kernel while") !=
               std::string::npos ||
           error.find("after thread (3,0,0) returned from the kernel") != std::string::npos);
  }
}

void test_report_divergent_barriers() {
  DeviceArray<int> out(32, "out");
  const std::string error = error_of([&] {
    cudasim::launch(
        "divergent_barriers", LaunchConfig{dim3(1), dim3(32), 2}, divergent_barriers, out.get());
  });
  EXPECT_CONTAINS(error, "kernel 'divergent_barriers', block (0,0,0) thread (");
  EXPECT_CONTAINS(error, "divergent __syncthreads");
  EXPECT_CONTAINS(error, line_of(line_divergent_first));
  EXPECT_CONTAINS(error, line_of(line_divergent_second));
}

void test_report_shared_race() {
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int> out(64, "out");
    const std::string error = error_of([&] {
      cudasim::launch("shared_race", LaunchConfig{dim3(1), dim3(64), seed}, shared_race, out.get());
    });
    EXPECT_CONTAINS(error, "kernel 'shared_race', block (0,0,0) thread (");
    EXPECT_CONTAINS(error, "data race on shared array 'slots' (declared at ");
    EXPECT_CONTAINS(error, "with no __syncthreads between");
    // Either the read of a slot already written, or the write of a slot
    // already read, by another thread: both lines are named.
    EXPECT_CONTAINS(error, line_of(line_shared_race_write));
    EXPECT_CONTAINS(error, line_of(line_shared_race_read));
  }
}

void test_report_plain_read_during_atomics() {
  for (std::uint64_t seed : kSeeds) {
    DeviceArray<int> out(1, "out");
    const std::string error = error_of([&] {
      cudasim::launch("read_during_atomics",
                      LaunchConfig{dim3(1), dim3(64), seed},
                      read_during_atomics,
                      out.get());
    });
    EXPECT_CONTAINS(error, "data race on shared array 'counter' (declared at ");
    EXPECT_CONTAINS(error, line_of(line_read_during_atomics_add));
    EXPECT_CONTAINS(error, line_of(line_read_during_atomics_read));
  }
}

void test_report_temp_storage_reuse() {
  DeviceArray<int> out(1, "out");
  const std::string error = error_of([&] {
    cudasim::launch("temp_storage_reuse",
                    LaunchConfig{dim3(1), dim3(kReduceThreads), 3},
                    temp_storage_reuse,
                    out.get());
  });
  EXPECT_CONTAINS(error, "kernel 'temp_storage_reuse', block (0,0,0) thread (");
  EXPECT_CONTAINS(error, "cub::BlockReduce reuses its TempStorage with no __syncthreads");
}

void test_report_null() {
  DeviceArray<int> out(1, "out");
  const std::string error = error_of([&] {
    cudasim::launch(
        "write_through_null", LaunchConfig{dim3(1), dim3(32), 3}, write_through_null, out.get());
  });
  EXPECT_CONTAINS(error, "thread (0,0,0)");
  EXPECT_CONTAINS(error, line_of(line_write_through_null));
  EXPECT_CONTAINS(error, "write of 4 bytes through a null pointer");
}

void test_report_partial_warp_shuffle() {
  DeviceArray<int> out(48, "out");
  const std::string error = error_of([&] {
    cudasim::launch("shuffle_partial_warp",
                    LaunchConfig{dim3(1), dim3(48), 3},
                    shuffle_partial_warp,
                    out.get());
  });
  EXPECT_CONTAINS(error, "__shfl_down_sync with mask 0xffffffff names lanes that do not exist");
  EXPECT_CONTAINS(error, "the block has 48 threads");
}

void test_report_deadlock() {
  DeviceArray<int> out(32, "out");
  const std::string error = error_of([&] {
    cudasim::launch("warp_waits_for_barrier",
                    LaunchConfig{dim3(1), dim3(32), 3},
                    warp_waits_for_barrier,
                    out.get());
  });
  EXPECT_CONTAINS(error, "kernel 'warp_waits_for_barrier', block (0,0,0): deadlock");
  EXPECT_CONTAINS(error, "thread (0,0,0) waits in __syncthreads (");
  EXPECT_CONTAINS(error, "thread (1,0,0) waits in __shfl_sync (");
}

void test_report_bad_arguments() {
  int host = 0;
  DeviceArray<int> out(1, "out");
  std::string error = error_of([&] {
    cudasim::launch("write_past_end", LaunchConfig{dim3(1), dim3(32), 3}, write_past_end, &host, 1);
  });
  EXPECT_CONTAINS(error, "kernel 'write_past_end': argument 0");
  EXPECT_CONTAINS(error, "is not device memory");
  error = error_of([&] {
    cudasim::launch(
        "write_past_end", LaunchConfig{dim3(1), dim3(2048), 3}, write_past_end, out.get(), 1);
  });
  EXPECT_CONTAINS(error, "invalid block (2048,1,1)");
  // The simulation stays usable after errors.
  cudasim::launch(
      "write_past_end", LaunchConfig{dim3(1), dim3(32), 3}, write_past_end, out.get(), 0);
}

void test_report_dynamic_shared_past_end() {
  DeviceArray<int> out(32, "out");
  const std::string error = error_of([&] {
    cudasim::launch("dynamic_shared_past_end",
                    LaunchConfig{dim3(1), dim3(32), 3, 16 * sizeof(int)},
                    dynamic_shared_past_end,
                    out.get());
  });
  EXPECT_CONTAINS(error, line_of(line_dynamic_shared_past_end));
  EXPECT_CONTAINS(error, "out-of-bounds write: bytes [");
  EXPECT_CONTAINS(error, "shared array 'slots' (64 bytes, declared at ");
}

void test_report_compound_assignment() {
  DeviceArray<int> in(std::vector<int>(32, 1), "addend");
  DeviceArray<int> out(std::vector<int>(32, 0), "sum");
  const std::string error = error_of([&] {
    cudasim::launch("accumulate_past_end",
                    LaunchConfig{dim3(1), dim3(32), 3},
                    accumulate_past_end,
                    in.get(),
                    out.get());
  });
  EXPECT_CONTAINS(error, "thread (31,0,0)");
  EXPECT_CONTAINS(error, line_of(line_accumulate_past_end));
  EXPECT_CONTAINS(error, "out-of-bounds read: bytes [128, 132)");
  EXPECT_CONTAINS(error, "device allocation 'addend' (128 bytes)");
}

void test_memset_and_device_copies_carry_initialisation() {
  DeviceArray<int> in(32, "copied");
  DeviceArray<int> out(32, "out");
  cudasim::device_memset(in.get(), 0, 32 * sizeof(int));
  cudasim::launch("read_uninitialised",
                  LaunchConfig{dim3(1), dim3(32), 1},
                  read_uninitialised,
                  in.get(),
                  out.get());
  for (int v : out.download()) EXPECT_EQ(v, 0);
  // Copying never-written bytes copies their state: still uninitialised.
  DeviceArray<int> fresh(32, "fresh");
  cudasim::memcpy_d2d(in.get() + 8, fresh.get(), 4 * sizeof(int));
  const std::string error = error_of([&] {
    cudasim::launch("read_uninitialised",
                    LaunchConfig{dim3(1), dim3(32), 1},
                    read_uninitialised,
                    in.get(),
                    out.get());
  });
  EXPECT_CONTAINS(error, "read of uninitialised memory");
  EXPECT_CONTAINS(error, "device allocation 'copied' (128 bytes)");
  const std::string bad_copy =
      error_of([&] { cudasim::memcpy_d2d(in.get() + 30, fresh.get(), 4 * sizeof(int)); });
  EXPECT_CONTAINS(bad_copy,
                  "cudasim: memcpy_d2d destination: bytes [120, 136) of device allocation "
                  "'copied' (128 bytes) run 8 bytes past its end");
}

// Run by name only, on the sanitized build, where it must die.
void sanitizer_plain_shared_overrun() {
  DeviceArray<int> out(64, "out");
  cudasim::launch(
      "plain_shared_overrun", LaunchConfig{dim3(1), dim3(64), 1}, plain_shared_overrun, out.get());
}

struct Test {
  const char* name;
  void (*run)();
};

const Test kSanitizerTests[] = {
    {"asan_plain_shared_overrun", sanitizer_plain_shared_overrun},
};

const Test kTests[] = {
    {"block_sum", test_block_sum},
    {"block_max_with_functor", test_block_max_with_functor},
    {"block_scan", test_block_scan},
    {"warp_ops", test_warp_ops},
    {"atomics", test_atomics},
    {"reverse_in_shared", test_reverse_in_shared},
    {"syncwarp_orders_lanes", test_syncwarp_orders_lanes},
    {"ids_and_shapes", test_ids_and_shapes},
    {"idioms", test_idioms},
    {"dynamic_shared_and_counting_barriers", test_dynamic_shared_and_counting_barriers},
    {"schedules_differ_but_replay", test_schedules_differ_but_replay},
    {"report_read_past_end", test_report_read_past_end},
    {"report_write_past_end", test_report_write_past_end},
    {"report_shared_past_end", test_report_shared_past_end},
    {"report_uninitialised_global", test_report_uninitialised_global},
    {"report_uninitialised_shared", test_report_uninitialised_shared},
    {"report_exit_before_barrier", test_report_exit_before_barrier},
    {"report_divergent_barriers", test_report_divergent_barriers},
    {"report_shared_race", test_report_shared_race},
    {"report_plain_read_during_atomics", test_report_plain_read_during_atomics},
    {"report_temp_storage_reuse", test_report_temp_storage_reuse},
    {"report_null", test_report_null},
    {"report_partial_warp_shuffle", test_report_partial_warp_shuffle},
    {"report_deadlock", test_report_deadlock},
    {"report_bad_arguments", test_report_bad_arguments},
    {"report_compound_assignment", test_report_compound_assignment},
    {"report_dynamic_shared_past_end", test_report_dynamic_shared_past_end},
    {"memset_and_device_copies_carry_initialisation",
     test_memset_and_device_copies_carry_initialisation},
};

template <class T>
std::vector<T> read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<T> values(bytes.size() / sizeof(T));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
  return values;
}

template <class T>
void write_file(const char* path, const std::vector<T>& values) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(values.data()),
            static_cast<std::streamsize>(values.size() * sizeof(T)));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::strcmp(argv[1], "convert") == 0) {
    const std::vector<float> in = read_file<float>(argv[2]);
    std::vector<std::uint16_t> out;
    out.reserve(2 * in.size());
    for (float x : in) {
      out.push_back(__half_as_ushort(__float2half(x)));
      out.push_back(__bfloat16_as_ushort(__float2bfloat16(x)));
    }
    write_file(argv[3], out);
    return 0;
  }
  if (argc == 4 && std::strcmp(argv[1], "widen") == 0) {
    const std::vector<std::uint16_t> in = read_file<std::uint16_t>(argv[2]);
    std::vector<float> out;
    for (std::uint16_t h : in) out.push_back(__half2float(__ushort_as_half(h)));
    write_file(argv[3], out);
    return 0;
  }
  if (argc == 2) {
    for (const Test& test : kSanitizerTests) {
      if (std::strcmp(argv[1], test.name) != 0) continue;
      test.run();
      std::printf("%s: no sanitizer report\n", test.name);
      return 1;
    }
  }
  int passed = 0;
  int run = 0;
  for (const Test& test : kTests) {
    bool selected = argc == 1;
    for (int i = 1; i < argc; ++i) selected = selected || std::strcmp(argv[i], test.name) == 0;
    if (!selected) continue;
    ++run;
    try {
      test.run();
      ++passed;
      std::printf("PASS %s\n", test.name);
    } catch (const TestFailure& failure) {
      std::printf("FAIL %s: %s\n", test.name, failure.message.c_str());
    } catch (const std::exception& e) {
      std::printf("FAIL %s: unexpected exception: %s\n", test.name, e.what());
    }
  }
  std::printf("%d of %d tests passed\n", passed, run);
  return passed == run && run > 0 ? 0 : 1;
}
