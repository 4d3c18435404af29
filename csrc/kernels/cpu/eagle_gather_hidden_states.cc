// CPU kernel of eagle_gather_hidden_states.
// Contract: docs/ops/eagle_gather_hidden_states.md ("Semantics",
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/eagle_gather_hidden_states.py. The generated glue has
// already checked every buffer's length, not its values.
//
// Slot after slot: a fed slot (seq_lens_this_time > 0) ends its packed rows at
// the running sum of the lengths (read clamped to >= 0, summed in int64); its
// last row goes to the next out row, or zeros if it lies past hidden_states
// (out of the domain): the per-slot rule, written once for the three kernels
// in csrc/kernels/shared/eagle_gather_hidden_states.h. The out rows no fed
// slot fills are zeros; every element of out is written.
#include "kernel_decls/eagle_gather_hidden_states.h"

#include <cstdint>
#include <cstring>

#include "shared/eagle_gather_hidden_states.h"

template <typename T>
void opforge::eagle_gather_hidden_states::Kernels::cpu(const CpuArgs<T>& args) {
  const int64_t rows = args.input_token_num;
  const int64_t width = args.dim_embed;
  const size_t row_bytes = static_cast<size_t>(width) * sizeof(T);
  int64_t end = 0;  // one past the current slot's last packed row
  int64_t k = 0;    // out rows filled
  for (int64_t b = 0; b < args.real_bsz; ++b) {
    const int64_t len = packed_rows(args.seq_lens_this_time[b]);
    if (len == 0) continue;  // a slot not fed: no packed rows, no out row
    end += len;
    T* dst = args.out + k * width;
    const int64_t src = source_row(end, rows);
    if (src != kNoRow) {
      std::memcpy(dst, args.hidden_states + src * width, row_bytes);
    } else {
      std::memset(static_cast<void*>(dst), 0, row_bytes);  // no such row: +0.0 in every T
    }
    ++k;
  }
  args.output_token_num[0] = static_cast<int32_t>(k);  // <= real_bsz
  if (k < args.real_bsz) {
    std::memset(static_cast<void*>(args.out + k * width),
                0,
                static_cast<size_t>(args.real_bsz - k) * row_bytes);
  }
}

OPFORGE_EAGLE_GATHER_HIDDEN_STATES_CPU_INSTANCES
