// Generated from opspec/speculate_set_stop_value_multi_seqs.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_set_stop_value_multi_seqs on a GPU, on the caller's stream.
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
#include "entry/speculate_set_stop_value_multi_seqs.h"
#include "kernel_decls/speculate_set_stop_value_multi_seqs_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_set_stop_value_multi_seqs {
namespace {
constexpr const char* kOp = "speculate_set_stop_value_multi_seqs";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
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
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.accept_tokens = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", accept_tokens.data);
  args.accept_num = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", accept_num.data);
  args.pre_ids = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", pre_ids.data);
  args.step_idx = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", step_idx.data);
  args.stop_flags = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", stop_flags.data);
  args.stop_seqs = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", stop_seqs.data);
  args.stop_seqs_len = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", stop_seqs_len.data);
  args.end_ids = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", end_ids.data);
  args.min_tokens = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", min_tokens.data);
  args.bsz = bsz;
  args.max_accept_len = max_accept_len;
  args.pre_ids_len = pre_ids_len;
  args.stop_seqs_num = stop_seqs_num;
  args.stop_seqs_max_len = stop_seqs_max_len;
  args.end_length = end_length;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, ctx.cuda.nblocks, kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::speculate_set_stop_value_multi_seqs
