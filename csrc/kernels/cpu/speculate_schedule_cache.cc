// CPU kernel of speculate_schedule_cache.
// Contract: docs/ops/speculate_schedule_cache.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_schedule_cache.py. The generated glue has
// already checked every buffer's length and the attributes' bounds
// (block_size >= 1, max_draft_tokens >= 0), not the tensors' values.
//
// Its per-slot rules (the slots taking part; whether a running slot stops in
// prefill, the table entry its next step may reach, whether it is swapped
// out; not_need_stop) are the shared ones of
// csrc/kernels/shared/speculate_schedule_cache.h, called here on each slot's
// values; this kernel reads and writes the tensors (rows copied or cleared
// over their declared widths) and counts the stopped slots. block_tables and
// draft_tokens are only read. Bools are read as bytes.
#include "kernel_decls/speculate_schedule_cache.h"

#include <cstdint>

#include "shared/speculate_schedule_cache.h"

namespace opforge::speculate_schedule_cache {
namespace {

bool byte_true(const bool* flags, int64_t i) {
  return reinterpret_cast<const unsigned char*>(flags)[i] != 0;
}

// Slot b's update (b < min(real_bsz, max_bsz)); 1 if it counts as stopped.
int64_t schedule_slot(const CpuArgs& args, int64_t b) {
  if (byte_true(args.stop_flags, b)) return 1;
  const Schedule sched = schedule_of(args.seq_lens_decoder[b],
                                     args.prompt_lens[b],
                                     args.prefill_one_step_stop,
                                     args.max_draft_tokens,
                                     args.block_size,
                                     args.block_num_per_seq);
  if (sched.stops) {
    // Still in prefill, or a prefill node's one step: stopped.
    args.stop_flags[b] = true;
    args.seq_lens_this_time[b] = 0;
    args.seq_lens_decoder[b] = 0;
    args.seq_lens_encoder[b] = 0;
    args.accept_num[b] = 0;
    return 1;
  }
  if (!sched.reads) return 0;  // past the table: keeps running
  if (!swaps_out(args.block_tables[b * args.block_num_per_seq + sched.block])) return 0;
  // Swapped out: its state saved for its return, the slot stopped.
  args.is_block_step[b] = true;
  args.step_seq_lens_this_time[b] = args.seq_lens_this_time[b];
  args.seq_lens_this_time[b] = 0;
  args.stop_flags[b] = true;
  args.step_seq_lens_decoder[b] = sched.decoder;
  args.seq_lens_decoder[b] = 0;
  args.accept_num[b] = 0;
  for (int64_t i = 0; i < args.accept_tokens_len; ++i) {
    args.accept_tokens[b * args.accept_tokens_len + i] = -1;
  }
  for (int64_t i = 0; i < args.draft_tokens_len; ++i) {
    args.step_draft_tokens[b * args.draft_tokens_len + i] =
        args.draft_tokens[b * args.draft_tokens_len + i];
  }
  return 1;
}

}  // namespace
}  // namespace opforge::speculate_schedule_cache

void opforge::speculate_schedule_cache::Kernels::cpu(const CpuArgs& args) {
  const int64_t nslots = taking_part(args.real_bsz, args.max_bsz);
  int64_t stopped = 0;
  for (int64_t b = 0; b < args.max_bsz; ++b) {
    stopped += b < nslots ? schedule_slot(args, b) : 1;  // a slot past real_bsz counts as stopped
  }
  const int64_t threshold = args.stop_nums != nullptr ? args.stop_nums[0] : args.max_bsz;
  args.not_need_stop[0] = not_need_stop_of(stopped, threshold);
}
