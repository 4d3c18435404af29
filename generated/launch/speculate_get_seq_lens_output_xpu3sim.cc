// Generated from opspec/speculate_get_seq_lens_output.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of speculate_get_seq_lens_output under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_get_seq_lens_output.h"
#include "kernel_decls/speculate_get_seq_lens_output_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::speculate_get_seq_lens_output {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_output,
                     int64_t max_bsz,
                     int64_t real_bsz) {
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_output_device(
      seq_lens_output, "seq_lens_output", opforge::CopyIn::kNo);
  opforge::xpu3_sim::launch(
      ctx,
      ctx.xpu3.nclusters,
      "speculate_get_seq_lens_output",
      &xpu3_kernel,
      opforge::xpu3_arg(seq_lens_this_time_device.get()),
      opforge::xpu3_arg(seq_lens_encoder_device.get()),
      opforge::xpu3_arg(seq_lens_output_device.get()),
      opforge::xpu3_dim("speculate_get_seq_lens_output", "max_bsz", max_bsz),
      opforge::xpu3_dim("speculate_get_seq_lens_output", "real_bsz", real_bsz));
  seq_lens_output_device.copy_back();
}

}  // namespace opforge::speculate_get_seq_lens_output
