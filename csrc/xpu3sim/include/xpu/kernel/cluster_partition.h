// xpu3sim stand-in for "xpu/kernel/cluster_partition.h": splitting work
// between cores or clusters.
#pragma once

#include "xpu/kernel/xtdk.h"

// Splits [0, len) into `nthreads` contiguous ranges of whole `align`-sized
// blocks and stores the range of worker `tid` in [*start, *end). The blocks are
// dealt as evenly as possible, the first (blocks % nthreads) workers getting
// one extra block; only the last block may be short, and workers beyond the
// data get an empty range at len.
template <class Index>
inline void partition(int tid, int nthreads, Index len, int align, Index* start,
                      Index* end) {
  const Index block_count = (len + align - 1) / align;
  const Index blocks_each = block_count / nthreads;
  const Index workers_with_extra = block_count % nthreads;
  const Index worker = tid;
  const Index first_block =
      blocks_each * worker + (worker < workers_with_extra ? worker : workers_with_extra);
  const Index end_block = first_block + blocks_each + (worker < workers_with_extra ? 1 : 0);
  *start = min(first_block * align, len);
  *end = min(end_block * align, len);
}
