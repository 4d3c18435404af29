// CUDA kernel of draft_model_postprocess. Contract:
// docs/ops/draft_model_postprocess.md ("Semantics, per slot b",
// "Out-of-domain values"); the same rules as the CPU kernel: a bool read as
// its byte, the encoder length only compared with 0, a token only with -1,
// slots b < min(real_bsz, max_bsz); the per-slot decision and what a token
// is are csrc/kernels/shared/draft_model_postprocess.h, written once for the
// three kernels.
//
// A warp per slot over a grid-stride loop of the grid's warps (slots are
// independent: any grid covers every slot, no barrier). Every lane reads the
// slot's two scalars (one broadcast load each), so the warp takes one branch;
// a decoding slot's row is read by the lanes on consecutive tokens
// (coalesced), each lane counts its entries other than -1, the counts are
// summed with __shfl_down_sync and lane 0 writes the slot's count. A row of
// thousands of tokens (FastDeploy's tests use up to 9,191) is not walked by
// one thread.
#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_portable.h"
#include "kernel_decls/draft_model_postprocess_cuda.h"
#include "opforge/cuda_bytes.h"
#include "shared/draft_model_postprocess.h"

namespace opforge::draft_model_postprocess {
namespace {

constexpr int kWarp = 32;
constexpr int kWarps = kCudaBlock / kWarp;
constexpr unsigned kFullMask = 0xffffffffu;

}  // namespace
}  // namespace opforge::draft_model_postprocess

__global__ void opforge::draft_model_postprocess::cuda_kernel(
    const opforge::draft_model_postprocess::CudaArgs args) {
  const int lane = static_cast<int>(threadIdx.x) % kWarp;
  const int64_t warp = static_cast<int64_t>(blockIdx.x) * kWarps + threadIdx.x / kWarp;
  const int64_t warps = static_cast<int64_t>(gridDim.x) * kWarps;
  const int64_t nslots = taking_part(args.real_bsz, args.max_bsz);
  const int64_t width = args.draft_token_len;
  for (int64_t b = warp; b < nslots; b += warps) {
    const bool stopped = opforge::cuda_bytes(args.base_model_stop_flags)[b] != 0;
    const Action act = action_of(stopped, args.base_model_seq_lens_encoder[b]);
    if (!act.writes) continue;  // prefill: kept
    int32_t count = 0;
    if (act.counts) {
      const cuda_global<const int64_t> row = args.base_model_draft_tokens + b * width;
      for (int64_t i = lane; i < width; i += kWarp) count += is_token(row[i]);
      for (int offset = kWarp / 2; offset > 0; offset /= 2) {
        count += __shfl_down_sync(kFullMask, count, offset);
      }
    }
    if (lane == 0) args.base_model_seq_lens_this_time[b] = count;
  }
}
