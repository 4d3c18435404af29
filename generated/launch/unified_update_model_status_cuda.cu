// Generated from opspec/unified_update_model_status.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of unified_update_model_status on a GPU, on the caller's stream.
// Built only where nvcc and a GPU build of Paddle are (OPFORGE_WITH_CUDA);
// the tests compile it with nvcc, and build and run it against the CUDA
// simulation's stand-in runtime (csrc/cudasim), where OPFORGE_CUDA_LAUNCH is
// a simulated launch instead of <<<...>>>.
//
// Device tensors arrive as device pointers; tensors declared host-resident are
// staged on the device for the kernel and copied back afterwards, on the same
// stream, every runtime call's return code checked and every staged copy freed
// on every path (opforge/cuda_device_glue.h). Nothing here waits for the
// stream unless a host-resident tensor must be copied back.
#include "entry/unified_update_model_status.h"
#include "kernel_decls/unified_update_model_status_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::unified_update_model_status {
namespace {
constexpr const char* kOp = "unified_update_model_status";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<bool> has_running_seqs,
                        opforge::Buffer<int64_t> step_input_ids,
                        opforge::Buffer<int64_t> step_output_ids,
                        opforge::Buffer<int32_t> step_output_len,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const bool> is_paused,
                        opforge::Buffer<int32_t> mask_rollback,
                        opforge::Buffer<int64_t> token_ids_all,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<int64_t> step_idx,
                        opforge::Buffer<const int64_t> end_tokens,
                        opforge::Buffer<const int64_t> max_dec_len,
                        int64_t max_bsz,
                        int64_t max_step_tokens,
                        int64_t real_bsz,
                        int64_t max_model_len,
                        int64_t end_length,
                        bool is_naive_mode,
                        bool prefill_one_step_stop) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  // 'has_running_seqs' is in host memory: staged on the device, freed on every path.
  opforge::cuda_device::Staged<bool> has_running_seqs_device(
      kOp, "has_running_seqs", has_running_seqs, opforge::CopyIn::kYes, stream);
  CudaArgs args;
  args.seq_lens_encoder = opforge::cuda_arg("unified_update_model_status", seq_lens_encoder.data);
  args.seq_lens_decoder = opforge::cuda_arg("unified_update_model_status", seq_lens_decoder.data);
  args.has_running_seqs = opforge::cuda_arg(
      "unified_update_model_status", has_running_seqs_device.device());
  args.step_input_ids = opforge::cuda_arg("unified_update_model_status", step_input_ids.data);
  args.step_output_ids = opforge::cuda_arg("unified_update_model_status", step_output_ids.data);
  args.step_output_len = opforge::cuda_arg("unified_update_model_status", step_output_len.data);
  args.stop_flags = opforge::cuda_arg("unified_update_model_status", stop_flags.data);
  args.seq_lens_this_time = opforge::cuda_arg(
      "unified_update_model_status", seq_lens_this_time.data);
  args.is_paused = opforge::cuda_arg("unified_update_model_status", is_paused.data);
  args.mask_rollback = opforge::cuda_arg("unified_update_model_status", mask_rollback.data);
  args.token_ids_all = opforge::cuda_arg("unified_update_model_status", token_ids_all.data);
  args.prompt_lens = opforge::cuda_arg("unified_update_model_status", prompt_lens.data);
  args.step_idx = opforge::cuda_arg("unified_update_model_status", step_idx.data);
  args.end_tokens = opforge::cuda_arg("unified_update_model_status", end_tokens.data);
  args.max_dec_len = opforge::cuda_arg("unified_update_model_status", max_dec_len.data);
  args.max_bsz = max_bsz;
  args.max_step_tokens = max_step_tokens;
  args.real_bsz = real_bsz;
  args.max_model_len = max_model_len;
  args.end_length = end_length;
  args.is_naive_mode = is_naive_mode;
  args.prefill_one_step_stop = prefill_one_step_stop;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
  has_running_seqs_device.copy_back();
}

}  // namespace opforge::unified_update_model_status
