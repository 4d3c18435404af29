// CPU kernel of eagle_get_hidden_states.
// Contract: docs/ops/eagle_get_hidden_states.md ("Semantics", "Out-of-domain
// values"); the NumPy reference is tests/ops/reference/eagle_get_hidden_states.py.
// The generated glue has already checked every buffer's length, not its values.
//
// Slot after slot (b < min(real_bsz, max_bsz)): the slot's packed input rows
// and the rows it takes (slot_rows, the per-slot rule written once for the
// three kernels in csrc/kernels/shared/eagle_get_hidden_states.h), the input offset summed in int64
// (it may pass input_token_num, out of the domain), and the rows taken copied to the output offset
// as long as their input row lies inside hidden_states. Every copied out row r comes from input row
// r + (a gap that only grows), so the copied rows are a prefix of out and output_token_num their
// number.
#include "kernel_decls/eagle_get_hidden_states.h"

#include <cstdint>
#include <cstring>

#include "shared/eagle_get_hidden_states.h"

template <typename T>
void opforge::eagle_get_hidden_states::Kernels::cpu(const CpuArgs<T>& args) {
  const int64_t nslots = slots_walked(args.real_bsz, args.max_bsz);
  const int64_t rows = args.input_token_num;
  const int64_t width = args.dim_embed;
  int64_t in_off = 0;
  int64_t copied = 0;  // out rows written, the output offset of the next slot
  for (int64_t b = 0; b < nslots && in_off < rows; ++b) {
    const SlotRows s = slot_rows(args.seq_lens_encoder[b],
                                 args.base_model_seq_lens_this_time[b],
                                 args.seq_lens_this_time[b],
                                 args.accept_nums[b]);
    const int64_t n = rows_copied(s.take, rows - in_off);
    if (n > 0) {
      std::memcpy(args.out + copied * width,
                  args.hidden_states + in_off * width,
                  static_cast<size_t>(n * width) * sizeof(T));
      copied += n;
    }
    in_off += s.in;
  }
  args.output_token_num[0] = static_cast<int32_t>(copied);  // <= input_token_num
}

OPFORGE_EAGLE_GET_HIDDEN_STATES_CPU_INSTANCES
