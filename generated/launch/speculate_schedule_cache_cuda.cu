// Generated from opspec/speculate_schedule_cache.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_schedule_cache on a GPU, on the caller's stream.
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
#include "entry/speculate_schedule_cache.h"
#include "kernel_decls/speculate_schedule_cache_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_schedule_cache {
namespace {
constexpr const char* kOp = "speculate_schedule_cache";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> draft_tokens,
                        opforge::Buffer<const int32_t> block_tables,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<int32_t> step_seq_lens_decoder,
                        opforge::Buffer<int64_t> step_draft_tokens,
                        opforge::Buffer<int32_t> step_seq_lens_this_time,
                        opforge::Buffer<int32_t> accept_num,
                        opforge::Buffer<int64_t> accept_tokens,
                        opforge::Buffer<bool> is_block_step,
                        opforge::Buffer<bool> not_need_stop,
                        opforge::Buffer<const int64_t> stop_nums,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t draft_tokens_len,
                        int64_t accept_tokens_len,
                        int64_t block_num_per_seq,
                        int32_t block_size,
                        int32_t max_draft_tokens,
                        bool prefill_one_step_stop) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  // 'not_need_stop' is in host memory: staged on the device, freed on every path.
  opforge::cuda_device::Staged<bool> not_need_stop_device(
      kOp, "not_need_stop", not_need_stop, opforge::CopyIn::kYes, stream);
  CudaArgs args;
  args.draft_tokens = opforge::cuda_arg("speculate_schedule_cache", draft_tokens.data);
  args.block_tables = opforge::cuda_arg("speculate_schedule_cache", block_tables.data);
  args.stop_flags = opforge::cuda_arg("speculate_schedule_cache", stop_flags.data);
  args.prompt_lens = opforge::cuda_arg("speculate_schedule_cache", prompt_lens.data);
  args.seq_lens_this_time = opforge::cuda_arg("speculate_schedule_cache", seq_lens_this_time.data);
  args.seq_lens_encoder = opforge::cuda_arg("speculate_schedule_cache", seq_lens_encoder.data);
  args.seq_lens_decoder = opforge::cuda_arg("speculate_schedule_cache", seq_lens_decoder.data);
  args.step_seq_lens_decoder = opforge::cuda_arg(
      "speculate_schedule_cache", step_seq_lens_decoder.data);
  args.step_draft_tokens = opforge::cuda_arg("speculate_schedule_cache", step_draft_tokens.data);
  args.step_seq_lens_this_time = opforge::cuda_arg(
      "speculate_schedule_cache", step_seq_lens_this_time.data);
  args.accept_num = opforge::cuda_arg("speculate_schedule_cache", accept_num.data);
  args.accept_tokens = opforge::cuda_arg("speculate_schedule_cache", accept_tokens.data);
  args.is_block_step = opforge::cuda_arg("speculate_schedule_cache", is_block_step.data);
  args.not_need_stop = opforge::cuda_arg("speculate_schedule_cache", not_need_stop_device.device());
  args.stop_nums = opforge::cuda_arg("speculate_schedule_cache", stop_nums.data);
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.draft_tokens_len = draft_tokens_len;
  args.accept_tokens_len = accept_tokens_len;
  args.block_num_per_seq = block_num_per_seq;
  args.block_size = block_size;
  args.max_draft_tokens = max_draft_tokens;
  args.prefill_one_step_stop = prefill_one_step_stop;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
  not_need_stop_device.copy_back();
}

}  // namespace opforge::speculate_schedule_cache
