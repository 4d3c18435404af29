// The per-row rule of rebuild_padding, written once for its CPU, XPU3 and
// CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/rebuild_padding.*), each of which
// reads a slot's values its own way and calls it. Contract:
// docs/ops/rebuild_padding.md ("Semantics", "Out-of-domain values").
//
// Finding an output row's slot stays in each kernel (a cursor over the
// offsets on the CPU and per XPU3 core, a suffix-minimum scan and a binary
// search per CUDA warp), as does the row copy.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::rebuild_padding {

constexpr int64_t kNoRow = -1;  // an output row that names no packed row

// The packed row that output row r of slot b copies, or kNoRow. The slot's
// output rows are [slot_start, slot_end) (cu_seqlens_q_output[b], [b + 1]);
// fed is seq_lens_this_time[b], encoder seq_lens_encoder[b] and first
// cu_seqlens_q[b] (both read only for a slot with state, b < max_bsz; pass 0
// otherwise). A prefill slot's rows are its last fed positions, a decoding
// slot's its first; a row past the slot's rows, of an idle slot, or naming a
// position outside the slot's or a packed row outside [0, token_num) has
// none.
OPFORGE_SLOT_FN int64_t source_row(int64_t r,
                                   int64_t slot_start,
                                   int64_t slot_end,
                                   int32_t fed,
                                   bool has_state,
                                   int32_t encoder,
                                   int32_t first,
                                   int64_t token_num) {
  if (r >= slot_end) return kNoRow;           // past the slot's rows
  if (fed <= 0 || !has_state) return kNoRow;  // an idle slot
  const int64_t k = r - slot_start;
  const int64_t len = slot_end - slot_start;
  const int64_t pos = encoder != 0 ? fed - len + k : k;
  if (pos < 0 || pos >= fed) return kNoRow;
  const int64_t src = static_cast<int64_t>(first) + pos;
  if (src < 0 || src >= token_num) return kNoRow;
  return src;
}

}  // namespace opforge::rebuild_padding
