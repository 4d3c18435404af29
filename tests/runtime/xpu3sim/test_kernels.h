// Prototypes of the self-test kernels in kernels/*.xpu, for the test driver.
#pragma once

#include <cstdint>

namespace xpu3sim_tests {

// ids.xpu
void record_ids(int* ids);

// schedule.xpu
void record_start_order(int* next_slot, int* order);
void racy_increment(int* counter, int* last_writer);
void locked_increment(int* counters);

// reduce.xpu
void cluster_sum(const int* in, int64_t len, int64_t* sums);
void sum_with_early_exits(const int* in, int* sums);

// memory_errors.xpu
void lm_fill_to(int64_t* out, int extra_bytes);
void gm_read_with_extra(const int* in, int n, int extra, int* out);
void lm_read_past_array(const int* in, int* out);
void lm_destination_is_global(const int* in, int* other);
void sm_too_big(int* out);
void sm_read_past_array(const int* in, int* out);

// failures.xpu
void fail_on_one_core(const int* in, int n, int failing_cluster, int failing_core, int* out);
void fail_with_guards_alive(const int* in, int n, int* out);
int live_guards();  // LiveGuard objects alive in kernels right now
void lock_across_barrier(int* out);
void unlock_without_lock(int* out);
void return_holding_lock(int* out);
void throw_std_exception(int* out);

// async.xpu
void async_read_visibility(const int* in, int* seen);
void async_write_reads_source_at_fence(int* out);

// shared.xpu
void shared_memory_per_cluster(int* seen);

// dialect.xpu
void count_stopped(const bool* stop_flags, int bsz, int* stopped_per_cluster);
template <typename T>
void scale_rows(const T* x, T scale, int64_t rows, int64_t cols, T* y);

// asan_oob.xpu
void direct_global_overrun(const int* in, int n, int* out);
void direct_local_overrun(int index, int* out);

}  // namespace xpu3sim_tests
