// CPU kernel of eagle_get_self_hidden_states.
// Contract: docs/ops/eagle_get_self_hidden_states.md ("Semantics",
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/eagle_get_self_hidden_states.py. The generated glue has
// already checked every buffer's length, not its values.
//
// Slot after slot (b < min(real_bsz, max_bsz)): the slot's packed rows and
// whether it takes one (slot_rows); a slot that takes one takes the last of
// its rows, in_off + in - 1, as long as it lies inside hidden_states. The
// input offset is summed in int64 (it may pass input_token_num, out of the
// domain). The rows taken have increasing input rows, so once one is past the
// end none after it is taken: out's rows are a prefix, output_token_num their
// number.
#include "kernel_decls/eagle_get_self_hidden_states.h"

#include <cstdint>
#include <cstring>

namespace opforge::eagle_get_self_hidden_states {
namespace {

struct SlotRows {
  int64_t in;  // the slot's packed rows in hidden_states
  bool take;   // whether it takes its last row (then in >= 1)
};

// The page's "Semantics" for slot b; the count read clamped to >= 0.
template <typename T>
SlotRows slot_rows(const CpuArgs<T>& args, int64_t b) {
  const int64_t last = args.last_seq_lens_this_time[b] > 0 ? args.last_seq_lens_this_time[b] : 0;
  const bool first_step = args.step_idx[b] == 1;  // the last forward was the slot's prefill
  if (args.seq_lens_this_time[b] > 0) {
    if (first_step) return {1, true};
    return {last, last > 0};
  }
  if (first_step) return {last > 0 ? 1 : 0, false};
  return {last, false};
}

}  // namespace
}  // namespace opforge::eagle_get_self_hidden_states

template <typename T>
void opforge::eagle_get_self_hidden_states::Kernels::cpu(const CpuArgs<T>& args) {
  const int64_t nslots = args.real_bsz < args.max_bsz ? args.real_bsz : args.max_bsz;
  const int64_t rows = args.input_token_num;
  const int64_t width = args.dim_embed;
  int64_t in_off = 0;
  int64_t copied = 0;
  for (int64_t b = 0; b < nslots && in_off < rows; ++b) {
    const SlotRows s = slot_rows(args, b);
    in_off += s.in;
    if (s.take && in_off <= rows) {
      std::memcpy(args.out + copied * width,
                  args.hidden_states + (in_off - 1) * width,
                  static_cast<size_t>(width) * sizeof(T));
      ++copied;
    }
  }
  args.output_token_num[0] = static_cast<int32_t>(copied);  // <= input_token_num
}

OPFORGE_EAGLE_GET_SELF_HIDDEN_STATES_CPU_INSTANCES
