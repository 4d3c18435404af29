// CPU kernel of speculate_set_value_by_flags_and_idx.
// Contract: docs/ops/speculate_set_value_by_flags_and_idx.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_set_value_by_flags_and_idx.py. The generated glue has already
// checked every buffer's length, not its values.
//
// Its per-slot rules (whether a running slot writes its history, accept_num read into its domain,
// each copy's history position and accepted column, positions outside the row skipped) are the
// shared ones of csrc/kernels/shared/speculate_set_value_by_flags_and_idx.h, called here on each
// slot's values; this kernel clears a stopped slot, reads and writes the tensors. stop_flags is
// read as bytes.
#include "kernel_decls/speculate_set_value_by_flags_and_idx.h"

#include <cstdint>

#include "shared/speculate_set_value_by_flags_and_idx.h"

void opforge::speculate_set_value_by_flags_and_idx::Kernels::cpu(const CpuArgs& args) {
  const unsigned char* flags = reinterpret_cast<const unsigned char*>(args.stop_flags);
  const int64_t width = args.max_draft_tokens;
  const int64_t length = args.pre_ids_len;
  for (int64_t b = 0; b < args.bsz; ++b) {
    if (flags[b] != 0) {
      args.accept_num[b] = 0;
      args.seq_lens_decoder[b] = 0;
      continue;
    }
    const int64_t s = args.step_idx[b];
    if (!writes_history(args.seq_lens_encoder[b], args.seq_lens_decoder[b], s)) continue;
    const int32_t n = accepted_in_domain(args.accept_num[b], width);
    const int64_t* acc = args.accept_tokens + b * width;
    int64_t* pre = args.pre_ids_all + b * length;
    for (int32_t i = 0; i < n; ++i) {
      const Copy c = copy_of(s, i, n, length);
      if (c.inside) pre[c.position] = acc[c.column];
    }
  }
}
