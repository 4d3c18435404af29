// Generated from opspec/speculate_get_token_penalty_multi_scores.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_get_token_penalty_multi_scores on a GPU, on the caller's stream.
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
#include "entry/speculate_get_token_penalty_multi_scores.h"
#include "kernel_decls/speculate_get_token_penalty_multi_scores_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_get_token_penalty_multi_scores {
namespace {
constexpr const char* kOp = "speculate_get_token_penalty_multi_scores";
}  // namespace

template <typename T>
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> pre_ids,
                        opforge::Buffer<T> logits,
                        opforge::Buffer<const T> penalty_scores,
                        opforge::Buffer<const T> frequency_scores,
                        opforge::Buffer<const T> presence_scores,
                        opforge::Buffer<const float> temperatures,
                        opforge::Buffer<const int64_t> bad_tokens,
                        opforge::Buffer<const int64_t> cur_len,
                        opforge::Buffer<const int64_t> min_len,
                        opforge::Buffer<const int64_t> eos_token_id,
                        opforge::Buffer<const int32_t> output_padding_offset,
                        opforge::Buffer<const int32_t> output_cum_offsets,
                        int64_t bs,
                        int64_t token_num,
                        int64_t vocab_size,
                        int64_t length_id,
                        int64_t bad_words_len,
                        int64_t end_length,
                        int32_t bad_tokens_form,
                        int32_t max_seq_len) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs<typename opforge::CudaElem<T>::type> args;
  args.pre_ids = opforge::cuda_arg("speculate_get_token_penalty_multi_scores", pre_ids.data);
  args.logits = opforge::cuda_arg("speculate_get_token_penalty_multi_scores", logits.data);
  args.penalty_scores = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", penalty_scores.data);
  args.frequency_scores = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", frequency_scores.data);
  args.presence_scores = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", presence_scores.data);
  args.temperatures = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", temperatures.data);
  args.bad_tokens = opforge::cuda_arg("speculate_get_token_penalty_multi_scores", bad_tokens.data);
  args.cur_len = opforge::cuda_arg("speculate_get_token_penalty_multi_scores", cur_len.data);
  args.min_len = opforge::cuda_arg("speculate_get_token_penalty_multi_scores", min_len.data);
  args.eos_token_id = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", eos_token_id.data);
  args.output_padding_offset = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", output_padding_offset.data);
  args.output_cum_offsets = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", output_cum_offsets.data);
  args.bs = bs;
  args.token_num = token_num;
  args.vocab_size = vocab_size;
  args.length_id = length_id;
  args.bad_words_len = bad_words_len;
  args.end_length = end_length;
  args.bad_tokens_form = bad_tokens_form;
  args.max_seq_len = max_seq_len;
  OPFORGE_CUDA_LAUNCH(
      cuda_kernel<typename opforge::CudaElem<T>::type>, ctx.cuda.nblocks, kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel<typename opforge::CudaElem<T>::type>");
}

template void launch_cuda_device<float>(const opforge::Context&,
                                        opforge::Buffer<const int64_t>,
                                        opforge::Buffer<float>,
                                        opforge::Buffer<const float>,
                                        opforge::Buffer<const float>,
                                        opforge::Buffer<const float>,
                                        opforge::Buffer<const float>,
                                        opforge::Buffer<const int64_t>,
                                        opforge::Buffer<const int64_t>,
                                        opforge::Buffer<const int64_t>,
                                        opforge::Buffer<const int64_t>,
                                        opforge::Buffer<const int32_t>,
                                        opforge::Buffer<const int32_t>,
                                        int64_t,
                                        int64_t,
                                        int64_t,
                                        int64_t,
                                        int64_t,
                                        int64_t,
                                        int32_t,
                                        int32_t);
template void launch_cuda_device<opforge::float16>(const opforge::Context&,
                                                   opforge::Buffer<const int64_t>,
                                                   opforge::Buffer<opforge::float16>,
                                                   opforge::Buffer<const opforge::float16>,
                                                   opforge::Buffer<const opforge::float16>,
                                                   opforge::Buffer<const opforge::float16>,
                                                   opforge::Buffer<const float>,
                                                   opforge::Buffer<const int64_t>,
                                                   opforge::Buffer<const int64_t>,
                                                   opforge::Buffer<const int64_t>,
                                                   opforge::Buffer<const int64_t>,
                                                   opforge::Buffer<const int32_t>,
                                                   opforge::Buffer<const int32_t>,
                                                   int64_t,
                                                   int64_t,
                                                   int64_t,
                                                   int64_t,
                                                   int64_t,
                                                   int64_t,
                                                   int32_t,
                                                   int32_t);
template void launch_cuda_device<opforge::bfloat16>(const opforge::Context&,
                                                    opforge::Buffer<const int64_t>,
                                                    opforge::Buffer<opforge::bfloat16>,
                                                    opforge::Buffer<const opforge::bfloat16>,
                                                    opforge::Buffer<const opforge::bfloat16>,
                                                    opforge::Buffer<const opforge::bfloat16>,
                                                    opforge::Buffer<const float>,
                                                    opforge::Buffer<const int64_t>,
                                                    opforge::Buffer<const int64_t>,
                                                    opforge::Buffer<const int64_t>,
                                                    opforge::Buffer<const int64_t>,
                                                    opforge::Buffer<const int32_t>,
                                                    opforge::Buffer<const int32_t>,
                                                    int64_t,
                                                    int64_t,
                                                    int64_t,
                                                    int64_t,
                                                    int64_t,
                                                    int64_t,
                                                    int32_t,
                                                    int32_t);

}  // namespace opforge::speculate_get_token_penalty_multi_scores
