// CPU kernel of eagle_get_self_hidden_states.
// Contract: docs/ops/eagle_get_self_hidden_states.md ("Semantics",
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/eagle_get_self_hidden_states.py. The generated glue has
// already checked every buffer's length, not its values.
//
// Slot after slot (b < min(real_bsz, max_bsz)): the slot's packed rows and
// whether it takes one (slot_rows, the per-slot rule written once for the
// three kernels in csrc/kernels/shared/eagle_get_self_hidden_states.h); a slot that takes one takes
// the last of its rows, in_off + in - 1, as long as it lies inside hidden_states. The input offset
// is summed in int64 (it may pass input_token_num, out of the domain). The rows taken have
// increasing input rows, so once one is past the end none after it is taken: out's rows are a
// prefix, output_token_num their number.
#include "kernel_decls/eagle_get_self_hidden_states.h"

#include <cstdint>
#include <cstring>

#include "shared/eagle_get_self_hidden_states.h"

template <typename T>
void opforge::eagle_get_self_hidden_states::Kernels::cpu(const CpuArgs<T>& args) {
  const int64_t nslots = slots_walked(args.real_bsz, args.max_bsz);
  const int64_t rows = args.input_token_num;
  const int64_t width = args.dim_embed;
  int64_t in_off = 0;
  int64_t copied = 0;
  for (int64_t b = 0; b < nslots && in_off < rows; ++b) {
    const SlotRows s =
        slot_rows(args.last_seq_lens_this_time[b], args.seq_lens_this_time[b], args.step_idx[b]);
    in_off += s.in;
    if (row_taken(s, in_off, rows)) {
      std::memcpy(args.out + copied * width,
                  args.hidden_states + (in_off - 1) * width,
                  static_cast<size_t>(width) * sizeof(T));
      ++copied;
    }
  }
  args.output_token_num[0] = static_cast<int32_t>(copied);  // <= input_token_num
}

OPFORGE_EAGLE_GET_SELF_HIDDEN_STATES_CPU_INSTANCES
