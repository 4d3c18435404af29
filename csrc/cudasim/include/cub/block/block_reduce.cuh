// Stand-in for CUB's cub::BlockReduce (simulation build only), the subset that
// compiles identically against CCCL 3: BlockReduce<T, BLOCK_DIM_X> with
// TempStorage, Sum(input), Sum(input, num_valid), Reduce(input, op),
// Reduce(input, op, num_valid). The result is valid in thread 0 only, as in CUB.
//
// The combination order is CUB's default algorithm (BLOCK_REDUCE_WARP_REDUCTIONS,
// read from CCCL's source): within each warp of 32 a shuffle-down tree with
// offsets 1, 2, 4, 8, 16 where lane l keeps op(own, lane l + offset) while
// l + offset is a valid lane; then thread 0 folds the warp aggregates in warp
// order, op(aggregate, next). So float sums round as on the device.
//
// TempStorage declared `__shared__` is a plain static here. The stand-in checks
// what CUB requires of its callers: every thread of the block takes part, and
// a TempStorage is not reused before a __syncthreads after its last use.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

namespace cudasim {
namespace detail {
// Reports a collective used by only part of the block, or a TempStorage reused
// without __syncthreads; also the barrier inside the collective.
void block_collective_enter(unsigned long long* storage_epoch,
                            int expected_threads,
                            const char* collective,
                            const char* file,
                            int line);
void block_collective_barrier(unsigned long long* storage_epoch, const char* file, int line);
unsigned linear_thread_index();
}  // namespace detail
}  // namespace cudasim

namespace cub {

enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS,
};

template <typename T,
          int BLOCK_DIM_X,
          BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockReduce {
  static constexpr int kThreads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

 public:
  struct TempStorage {
    T values[kThreads];
    unsigned long long epoch;  // the simulation's bookkeeping (see above)
  };

  explicit BlockReduce(TempStorage& storage) : storage_(storage) {}

  T Sum(T input, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
    return Reduce(input, Plus{}, kThreads, file, line);
  }
  T Sum(T input, int num_valid, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
    return Reduce(input, Plus{}, num_valid, file, line);
  }
  template <typename ReductionOp>
  T Reduce(T input,
           ReductionOp op,
           const char* file = __builtin_FILE(),
           int line = __builtin_LINE()) {
    return Reduce(input, op, kThreads, file, line);
  }
  template <typename ReductionOp>
  T Reduce(T input,
           ReductionOp op,
           int num_valid,
           const char* file = __builtin_FILE(),
           int line = __builtin_LINE()) {
    ::cudasim::detail::block_collective_enter(
        &storage_.epoch, kThreads, "cub::BlockReduce", file, line);
    const unsigned tid = ::cudasim::detail::linear_thread_index();
    storage_.values[tid] = input;
    ::cudasim::detail::block_collective_barrier(&storage_.epoch, file, line);
    const int valid = num_valid < kThreads ? num_valid : kThreads;
    // Undefined in CUB outside thread 0 (and for num_valid < 1): the input here.
    if (tid != 0 || valid < 1) return input;
    T aggregate = warp_tree(op, 0, valid);
    for (int warp = 1; warp * 32 < valid; ++warp) {
      aggregate = op(aggregate, warp_tree(op, warp * 32, valid));
    }
    return aggregate;
  }

 private:
  struct Plus {
    T operator()(const T& a, const T& b) const { return a + b; }
  };

  static_assert(kThreads > 0 && kThreads <= 1024, "BlockReduce: 1..1024 threads");

  // Lane 0's result of CUB's shuffle-down tree over the warp starting at `first`.
  template <typename ReductionOp>
  T warp_tree(ReductionOp op, int first, int valid) const {
    T lanes[32];
    const int last_lane = (valid - first < 32 ? valid - first : 32) - 1;
    for (int l = 0; l <= last_lane; ++l) lanes[l] = storage_.values[first + l];
    for (int offset = 1; offset < 32; offset *= 2) {
      for (int l = 0; l + offset <= last_lane; ++l) lanes[l] = op(lanes[l], lanes[l + offset]);
    }
    return lanes[0];
  }

  TempStorage& storage_;
};

}  // namespace cub
