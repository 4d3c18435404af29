// Generated from opspec/speculate_set_stop_value_multi_seqs.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of speculate_set_stop_value_multi_seqs under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_set_stop_value_multi_seqs.h"
#include "kernel_decls/speculate_set_stop_value_multi_seqs_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::speculate_set_stop_value_multi_seqs {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> accept_tokens,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<const int64_t> pre_ids,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<const int64_t> stop_seqs,
                     opforge::Buffer<const int32_t> stop_seqs_len,
                     opforge::Buffer<const int64_t> end_ids,
                     opforge::Buffer<const int64_t> min_tokens,
                     int64_t bsz,
                     int64_t max_accept_len,
                     int64_t pre_ids_len,
                     int64_t stop_seqs_num,
                     int64_t stop_seqs_max_len,
                     int64_t end_length) {
  const opforge::xpu3_sim::DeviceCopy<int64_t> accept_tokens_device(
      accept_tokens, "accept_tokens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> accept_num_device(
      accept_num, "accept_num", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> pre_ids_device(
      pre_ids, "pre_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> stop_seqs_device(
      stop_seqs, "stop_seqs", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> stop_seqs_len_device(
      stop_seqs_len, "stop_seqs_len", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> end_ids_device(
      end_ids, "end_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> min_tokens_device(
      min_tokens, "min_tokens", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(
      ctx,
      ctx.xpu3.nclusters,
      "speculate_set_stop_value_multi_seqs",
      &xpu3_kernel,
      opforge::xpu3_arg(accept_tokens_device.get()),
      opforge::xpu3_arg(accept_num_device.get()),
      opforge::xpu3_arg(pre_ids_device.get()),
      opforge::xpu3_arg(step_idx_device.get()),
      opforge::xpu3_arg(stop_flags_device.get()),
      opforge::xpu3_arg(stop_seqs_device.get()),
      opforge::xpu3_arg(stop_seqs_len_device.get()),
      opforge::xpu3_arg(end_ids_device.get()),
      opforge::xpu3_arg(min_tokens_device.get()),
      opforge::xpu3_dim("speculate_set_stop_value_multi_seqs", "bsz", bsz),
      opforge::xpu3_dim("speculate_set_stop_value_multi_seqs", "max_accept_len", max_accept_len),
      opforge::xpu3_dim("speculate_set_stop_value_multi_seqs", "pre_ids_len", pre_ids_len),
      opforge::xpu3_dim("speculate_set_stop_value_multi_seqs", "stop_seqs_num", stop_seqs_num),
      opforge::xpu3_dim(
          "speculate_set_stop_value_multi_seqs", "stop_seqs_max_len", stop_seqs_max_len),
      opforge::xpu3_dim("speculate_set_stop_value_multi_seqs", "end_length", end_length));
  accept_tokens_device.copy_back();
  accept_num_device.copy_back();
  stop_flags_device.copy_back();
}

}  // namespace opforge::speculate_set_stop_value_multi_seqs
