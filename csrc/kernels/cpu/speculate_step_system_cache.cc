// CPU kernel for speculate_step_system_cache: speculate_step_paddle with the
// recovered slot's seq_lens_decoder restored from ori_seq_lens_decoder. Contract:
// docs/ops/speculate_step_system_cache.md; the NumPy reference is
// tests/ops/reference/speculate_step_system_cache.py. The steps (release, list,
// preempt, dispatch, recover) are csrc/kernels/shared/speculate_step_paddle.h,
// shared with the CUDA kernels and speculate_step_paddle; this file adds
// the copy of the recovered slot's generated tokens. The generated glue has
// already checked every buffer's length, not its values: every index is
// clamped there.
#include "kernel_decls/speculate_step_system_cache.h"

#include "shared/speculate_step_system_cache.h"

void opforge::speculate_step_system_cache::Kernels::cpu(const CpuArgs& args) {
  speculate_step_shared::Recovered rec{};
  speculate_step_shared::step<true>(args, &rec);
  if (rec.slot < 0) return;
  int64_t* row = args.input_ids + rec.slot * args.length + rec.start;
  const int64_t* gen = args.pre_ids + rec.slot * args.pre_id_length + 1;
  for (int64_t i = 0; i < rec.count; ++i) row[i] = gen[i];
}
