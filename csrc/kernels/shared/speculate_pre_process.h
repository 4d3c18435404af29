// The per-slot rules of speculate_pre_process, written once for its CPU, XPU3
// and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/speculate_pre_process.*),
// each of which reads a slot's values its own way and calls them. Contract:
// docs/ops/speculate_pre_process.md ("Semantics", "Out-of-domain values").
//
// A slot's fed tokens and source row are speculate_get_padding_offset's rules
// and its output rows speculate_get_seq_lens_output's, used as they are from
// those ops' shared headers; the layouts (prefix sums, capping, the
// copies) stay in the kernels, which move the data each its own way.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"
#include "shared/speculate_get_padding_offset.h"
#include "shared/speculate_get_seq_lens_output.h"

namespace opforge::speculate_pre_process {

// The tokens a slot feeds: its seq_len read clamped to >= 0, and none for a
// slot without state (b >= max_bsz, which the glue rejects).
// speculate_get_padding_offset's rule.
OPFORGE_SLOT_FN int32_t fed_tokens(int32_t seq_len, bool has_state) {
  return speculate_get_padding_offset::fed_tokens(seq_len, has_state);
}

// Whether a slot's tokens come from its draft row (else its prompt row):
// FastDeploy's rule, a decode slot (seq_lens_encoder <= 0) when the draft
// rows have a column at all; speculate_get_padding_offset's source test
// (a slot not reading its prompt row reads its step row).
OPFORGE_SLOT_FN bool reads_drafts(int32_t encoder, int32_t max_draft_tokens) {
  return max_draft_tokens > 0 && !speculate_get_padding_offset::reads_prompt(encoder);
}

// The output rows of a slot: 0 idle (fed <= 0, or no state), 1 prefill (any
// non-zero encoder), else every fed position. speculate_get_seq_lens_output's
// rule; never negative.
OPFORGE_SLOT_FN int32_t slot_output_rows(int32_t seq_len, bool has_state, int32_t encoder) {
  return speculate_get_seq_lens_output::output_rows(seq_len, has_state, encoder);
}

}  // namespace opforge::speculate_pre_process
