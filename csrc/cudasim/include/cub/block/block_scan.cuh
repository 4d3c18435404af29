// Stand-in for CUB's cub::BlockScan (simulation build only), the subset that
// compiles identically against CCCL 3: BlockScan<T, BLOCK_DIM_X> with
// TempStorage, ExclusiveSum and InclusiveSum (optionally with the block
// aggregate). Each thread sums the inputs of the threads before it in thread
// order: exact for integers; a float scan may round differently from CUB's
// raking order.
#pragma once

#include "cub/block/block_reduce.cuh"

namespace cub {

enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };

template <typename T,
          int BLOCK_DIM_X,
          BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING,
          int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockScan {
  static constexpr int kThreads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(kThreads > 0 && kThreads <= 1024, "BlockScan: 1..1024 threads");

 public:
  struct TempStorage {
    T values[kThreads];
    unsigned long long epoch;  // the simulation's bookkeeping
  };

  explicit BlockScan(TempStorage& storage) : storage_(storage) {}

  void ExclusiveSum(T input,
                    T& output,
                    const char* file = __builtin_FILE(),
                    int line = __builtin_LINE()) {
    T aggregate;
    scan(input, output, aggregate, false, file, line);
  }
  void ExclusiveSum(T input,
                    T& output,
                    T& block_aggregate,
                    const char* file = __builtin_FILE(),
                    int line = __builtin_LINE()) {
    scan(input, output, block_aggregate, false, file, line);
  }
  void InclusiveSum(T input,
                    T& output,
                    const char* file = __builtin_FILE(),
                    int line = __builtin_LINE()) {
    T aggregate;
    scan(input, output, aggregate, true, file, line);
  }
  void InclusiveSum(T input,
                    T& output,
                    T& block_aggregate,
                    const char* file = __builtin_FILE(),
                    int line = __builtin_LINE()) {
    scan(input, output, block_aggregate, true, file, line);
  }

 private:
  void scan(T input, T& output, T& aggregate, bool inclusive, const char* file, int line) {
    ::cudasim::detail::block_collective_enter(
        &storage_.epoch, kThreads, "cub::BlockScan", file, line);
    const unsigned tid = ::cudasim::detail::linear_thread_index();
    storage_.values[tid] = input;
    ::cudasim::detail::block_collective_barrier(&storage_.epoch, file, line);
    T running = T(0);
    T before = T(0);
    for (int t = 0; t < kThreads; ++t) {
      if (static_cast<unsigned>(t) == tid) before = running;
      running = running + storage_.values[t];
    }
    output = inclusive ? before + input : before;
    aggregate = running;
  }

  TempStorage& storage_;
};

}  // namespace cub
