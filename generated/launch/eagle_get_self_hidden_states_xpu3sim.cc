// Generated from opspec/eagle_get_self_hidden_states.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of eagle_get_self_hidden_states under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/eagle_get_self_hidden_states.h"
#include "kernel_decls/eagle_get_self_hidden_states_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::eagle_get_self_hidden_states {

template <typename T>
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const T> hidden_states,
                     opforge::Buffer<const int32_t> last_seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<T> out,
                     opforge::Buffer<int32_t> output_token_num,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t input_token_num,
                     int64_t dim_embed) {
  const opforge::xpu3_sim::DeviceCopy<const T> hidden_states_device(
      hidden_states, "hidden_states", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> last_seq_lens_this_time_device(
      last_seq_lens_this_time, "last_seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<T> out_device(out, "out", opforge::CopyIn::kNo);
  const opforge::xpu3_sim::DeviceCopy<int32_t> output_token_num_device(
      output_token_num, "output_token_num", opforge::CopyIn::kNo);
  opforge::xpu3_sim::launch(
      ctx,
      ctx.xpu3.nclusters,
      "eagle_get_self_hidden_states",
      &xpu3_kernel<typename opforge::Xpu3Elem<T>::type>,
      opforge::xpu3_arg(hidden_states_device.get()),
      opforge::xpu3_arg(last_seq_lens_this_time_device.get()),
      opforge::xpu3_arg(seq_lens_this_time_device.get()),
      opforge::xpu3_arg(step_idx_device.get()),
      opforge::xpu3_arg(out_device.get()),
      opforge::xpu3_arg(output_token_num_device.get()),
      opforge::xpu3_dim("eagle_get_self_hidden_states", "max_bsz", max_bsz),
      opforge::xpu3_dim("eagle_get_self_hidden_states", "real_bsz", real_bsz),
      opforge::xpu3_dim("eagle_get_self_hidden_states", "input_token_num", input_token_num),
      opforge::xpu3_dim("eagle_get_self_hidden_states", "dim_embed", dim_embed));
  out_device.copy_back();
  output_token_num_device.copy_back();
}

template void launch_xpu3_sim<float>(const opforge::Context&,
                                     opforge::Buffer<const float>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int64_t>,
                                     opforge::Buffer<float>,
                                     opforge::Buffer<int32_t>,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t);
template void launch_xpu3_sim<opforge::float16>(const opforge::Context&,
                                                opforge::Buffer<const opforge::float16>,
                                                opforge::Buffer<const int32_t>,
                                                opforge::Buffer<const int32_t>,
                                                opforge::Buffer<const int64_t>,
                                                opforge::Buffer<opforge::float16>,
                                                opforge::Buffer<int32_t>,
                                                int64_t,
                                                int64_t,
                                                int64_t,
                                                int64_t);
template void launch_xpu3_sim<opforge::bfloat16>(const opforge::Context&,
                                                 opforge::Buffer<const opforge::bfloat16>,
                                                 opforge::Buffer<const int32_t>,
                                                 opforge::Buffer<const int32_t>,
                                                 opforge::Buffer<const int64_t>,
                                                 opforge::Buffer<opforge::bfloat16>,
                                                 opforge::Buffer<int32_t>,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t);

}  // namespace opforge::eagle_get_self_hidden_states
