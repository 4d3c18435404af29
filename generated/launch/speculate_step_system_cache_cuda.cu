// Generated from opspec/speculate_step_system_cache.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_step_system_cache on a GPU, on the caller's stream.
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
#include "entry/speculate_step_system_cache.h"
#include "kernel_decls/speculate_step_system_cache_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_step_system_cache {
namespace {
constexpr const char* kOp = "speculate_step_system_cache";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> ori_seq_lens_encoder,
                        opforge::Buffer<const int32_t> ori_seq_lens_decoder,
                        opforge::Buffer<int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<int32_t> block_tables,
                        opforge::Buffer<int32_t> encoder_block_lens,
                        opforge::Buffer<bool> is_block_step,
                        opforge::Buffer<int32_t> step_block_list,
                        opforge::Buffer<int32_t> step_lens,
                        opforge::Buffer<int32_t> recover_block_list,
                        opforge::Buffer<int32_t> recover_lens,
                        opforge::Buffer<int32_t> need_block_list,
                        opforge::Buffer<int32_t> need_block_len,
                        opforge::Buffer<int32_t> used_list_len,
                        opforge::Buffer<int32_t> free_list,
                        opforge::Buffer<int32_t> free_list_len,
                        opforge::Buffer<int64_t> input_ids,
                        opforge::Buffer<const int64_t> pre_ids,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<int64_t> first_token_ids,
                        opforge::Buffer<int32_t> accept_num,
                        int64_t bsz,
                        int64_t block_num_per_seq,
                        int64_t free_list_size,
                        int64_t length,
                        int64_t pre_id_length,
                        int32_t block_size,
                        int32_t max_draft_tokens) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.stop_flags = opforge::cuda_arg("speculate_step_system_cache", stop_flags.data);
  args.seq_lens_this_time = opforge::cuda_arg(
      "speculate_step_system_cache", seq_lens_this_time.data);
  args.ori_seq_lens_encoder = opforge::cuda_arg(
      "speculate_step_system_cache", ori_seq_lens_encoder.data);
  args.ori_seq_lens_decoder = opforge::cuda_arg(
      "speculate_step_system_cache", ori_seq_lens_decoder.data);
  args.seq_lens_encoder = opforge::cuda_arg("speculate_step_system_cache", seq_lens_encoder.data);
  args.seq_lens_decoder = opforge::cuda_arg("speculate_step_system_cache", seq_lens_decoder.data);
  args.block_tables = opforge::cuda_arg("speculate_step_system_cache", block_tables.data);
  args.encoder_block_lens = opforge::cuda_arg(
      "speculate_step_system_cache", encoder_block_lens.data);
  args.is_block_step = opforge::cuda_arg("speculate_step_system_cache", is_block_step.data);
  args.step_block_list = opforge::cuda_arg("speculate_step_system_cache", step_block_list.data);
  args.step_lens = opforge::cuda_arg("speculate_step_system_cache", step_lens.data);
  args.recover_block_list = opforge::cuda_arg(
      "speculate_step_system_cache", recover_block_list.data);
  args.recover_lens = opforge::cuda_arg("speculate_step_system_cache", recover_lens.data);
  args.need_block_list = opforge::cuda_arg("speculate_step_system_cache", need_block_list.data);
  args.need_block_len = opforge::cuda_arg("speculate_step_system_cache", need_block_len.data);
  args.used_list_len = opforge::cuda_arg("speculate_step_system_cache", used_list_len.data);
  args.free_list = opforge::cuda_arg("speculate_step_system_cache", free_list.data);
  args.free_list_len = opforge::cuda_arg("speculate_step_system_cache", free_list_len.data);
  args.input_ids = opforge::cuda_arg("speculate_step_system_cache", input_ids.data);
  args.pre_ids = opforge::cuda_arg("speculate_step_system_cache", pre_ids.data);
  args.step_idx = opforge::cuda_arg("speculate_step_system_cache", step_idx.data);
  args.first_token_ids = opforge::cuda_arg("speculate_step_system_cache", first_token_ids.data);
  args.accept_num = opforge::cuda_arg("speculate_step_system_cache", accept_num.data);
  args.bsz = bsz;
  args.block_num_per_seq = block_num_per_seq;
  args.free_list_size = free_list_size;
  args.length = length;
  args.pre_id_length = pre_id_length;
  args.block_size = block_size;
  args.max_draft_tokens = max_draft_tokens;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::speculate_step_system_cache
