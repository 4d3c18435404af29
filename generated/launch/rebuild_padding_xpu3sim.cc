// Generated from opspec/rebuild_padding.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of rebuild_padding under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/rebuild_padding.h"
#include "kernel_decls/rebuild_padding_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::rebuild_padding {

template <typename T>
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const T> hidden,
                     opforge::Buffer<const int32_t> cu_seqlens_q,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const int32_t> cu_seqlens_q_output,
                     opforge::Buffer<T> out,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t token_num,
                     int64_t hidden_size,
                     int64_t out_token_num,
                     int64_t cpu_out_token_num) {
  const opforge::xpu3_sim::DeviceCopy<const T> hidden_device(
      hidden, "hidden", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> cu_seqlens_q_device(
      cu_seqlens_q, "cu_seqlens_q", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> cu_seqlens_q_output_device(
      cu_seqlens_q_output, "cu_seqlens_q_output", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<T> out_device(out, "out", opforge::CopyIn::kNo);
  opforge::xpu3_sim::launch(ctx,
                            ctx.xpu3.nclusters,
                            "rebuild_padding",
                            &xpu3_kernel<typename opforge::Xpu3Elem<T>::type>,
                            opforge::xpu3_arg(hidden_device.get()),
                            opforge::xpu3_arg(cu_seqlens_q_device.get()),
                            opforge::xpu3_arg(seq_lens_this_time_device.get()),
                            opforge::xpu3_arg(seq_lens_encoder_device.get()),
                            opforge::xpu3_arg(cu_seqlens_q_output_device.get()),
                            opforge::xpu3_arg(out_device.get()),
                            opforge::xpu3_dim("rebuild_padding", "max_bsz", max_bsz),
                            opforge::xpu3_dim("rebuild_padding", "real_bsz", real_bsz),
                            opforge::xpu3_dim("rebuild_padding", "token_num", token_num),
                            opforge::xpu3_dim("rebuild_padding", "hidden_size", hidden_size),
                            opforge::xpu3_dim("rebuild_padding", "out_token_num", out_token_num),
                            cpu_out_token_num);
  out_device.copy_back();
}

template void launch_xpu3_sim<float>(const opforge::Context&,
                                     opforge::Buffer<const float>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<float>,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t);
template void launch_xpu3_sim<opforge::float16>(const opforge::Context&,
                                                opforge::Buffer<const opforge::float16>,
                                                opforge::Buffer<const int32_t>,
                                                opforge::Buffer<const int32_t>,
                                                opforge::Buffer<const int32_t>,
                                                opforge::Buffer<const int32_t>,
                                                opforge::Buffer<opforge::float16>,
                                                int64_t,
                                                int64_t,
                                                int64_t,
                                                int64_t,
                                                int64_t,
                                                int64_t);
template void launch_xpu3_sim<opforge::bfloat16>(const opforge::Context&,
                                                 opforge::Buffer<const opforge::bfloat16>,
                                                 opforge::Buffer<const int32_t>,
                                                 opforge::Buffer<const int32_t>,
                                                 opforge::Buffer<const int32_t>,
                                                 opforge::Buffer<const int32_t>,
                                                 opforge::Buffer<opforge::bfloat16>,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t);

}  // namespace opforge::rebuild_padding
