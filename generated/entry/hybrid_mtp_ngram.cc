// Generated from opspec/hybrid_mtp_ngram.yaml by `python -m codegen`. Do not edit.
#include "entry/hybrid_mtp_ngram.h"

#include <memory>

namespace opforge::hybrid_mtp_ngram {
namespace {
constexpr const char* kOp = "hybrid_mtp_ngram";
}  // namespace

void check_attrs(int32_t max_ngram_size,
                 int32_t min_ngram_size,
                 int32_t max_draft_tokens,
                 int32_t spec_tokenum_threshold) {
  opforge::check_attr_range(kOp, "max_ngram_size", static_cast<int64_t>(max_ngram_size), 1, 64);
  opforge::check_attr_range(
      kOp, "min_ngram_size", static_cast<int64_t>(min_ngram_size), 1, std::nullopt);
  opforge::check_attr_range(
      kOp, "max_draft_tokens", static_cast<int64_t>(max_draft_tokens), 0, std::nullopt);
  opforge::check_attr_range(
      kOp, "spec_tokenum_threshold", static_cast<int64_t>(spec_tokenum_threshold), 0, std::nullopt);
}

void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> input_ids,
         opforge::Buffer<const int64_t> input_ids_len,
         opforge::Buffer<const int64_t> pre_ids,
         opforge::Buffer<const int64_t> step_idx,
         opforge::Buffer<int64_t> draft_tokens,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> seq_lens_decoder,
         opforge::Buffer<const int64_t> max_dec_len,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t max_input_len,
         int64_t max_pre_len,
         int64_t max_step_tokens,
         int32_t max_ngram_size,
         int32_t min_ngram_size,
         int32_t max_draft_tokens,
         int32_t spec_tokenum_threshold) {
  check_attrs(max_ngram_size, min_ngram_size, max_draft_tokens, spec_tokenum_threshold);
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "max_input_len", max_input_len);
  opforge::check_dim_value(kOp, "max_pre_len", max_pre_len);
  opforge::check_dim_value(kOp, "max_step_tokens", max_step_tokens);
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");
  opforge::check_dim_at_least(kOp, "max_step_tokens", max_step_tokens, 1, "1");

  opforge::check_required(kOp,
                          "input_ids",
                          input_ids,
                          opforge::numel({max_bsz, max_input_len}),
                          "max_bsz * max_input_len");
  opforge::check_required(kOp, "input_ids_len", input_ids_len, max_bsz, "max_bsz");
  opforge::check_required(
      kOp, "pre_ids", pre_ids, opforge::numel({max_bsz, max_pre_len}), "max_bsz * max_pre_len");
  opforge::check_required(kOp, "step_idx", step_idx, max_bsz, "max_bsz");
  opforge::check_required(kOp,
                          "draft_tokens",
                          draft_tokens,
                          opforge::numel({max_bsz, max_step_tokens}),
                          "max_bsz * max_step_tokens");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(kOp, "seq_lens_decoder", seq_lens_decoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "max_dec_len", max_dec_len, max_bsz, "max_bsz");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("draft_tokens", draft_tokens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("input_ids", input_ids, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("input_ids_len", input_ids_len, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("pre_ids", pre_ids, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("step_idx", step_idx, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_decoder", seq_lens_decoder, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("max_dec_len", max_dec_len, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "input_ids_len",
                                 opforge::Buffer<const int64_t>(input_ids_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_input_len, "max_input_len"));
      opforge::check_value_range(kOp,
                                 "step_idx",
                                 opforge::Buffer<const int64_t>(step_idx),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "seq_lens_this_time",
                                 opforge::Buffer<const int32_t>(seq_lens_this_time),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "seq_lens_decoder",
                                 opforge::Buffer<const int32_t>(seq_lens_decoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "max_dec_len",
                                 opforge::Buffer<const int64_t>(max_dec_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.input_ids = input_ids.data;
      args.input_ids_len = input_ids_len.data;
      args.pre_ids = pre_ids.data;
      args.step_idx = step_idx.data;
      args.draft_tokens = draft_tokens.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.seq_lens_decoder = seq_lens_decoder.data;
      args.max_dec_len = max_dec_len.data;
      args.max_bsz = max_bsz;
      args.real_bsz = real_bsz;
      args.max_input_len = max_input_len;
      args.max_pre_len = max_pre_len;
      args.max_step_tokens = max_step_tokens;
      args.max_ngram_size = max_ngram_size;
      args.min_ngram_size = min_ngram_size;
      args.max_draft_tokens = max_draft_tokens;
      args.spec_tokenum_threshold = spec_tokenum_threshold;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      input_ids,
                      input_ids_len,
                      pre_ids,
                      step_idx,
                      draft_tokens,
                      seq_lens_this_time,
                      seq_lens_decoder,
                      max_dec_len,
                      max_bsz,
                      real_bsz,
                      max_input_len,
                      max_pre_len,
                      max_step_tokens,
                      max_ngram_size,
                      min_ngram_size,
                      max_draft_tokens,
                      spec_tokenum_threshold);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         input_ids,
                         input_ids_len,
                         pre_ids,
                         step_idx,
                         draft_tokens,
                         seq_lens_this_time,
                         seq_lens_decoder,
                         max_dec_len,
                         max_bsz,
                         real_bsz,
                         max_input_len,
                         max_pre_len,
                         max_step_tokens,
                         max_ngram_size,
                         min_ngram_size,
                         max_draft_tokens,
                         spec_tokenum_threshold);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      input_ids,
                      input_ids_len,
                      pre_ids,
                      step_idx,
                      draft_tokens,
                      seq_lens_this_time,
                      seq_lens_decoder,
                      max_dec_len,
                      max_bsz,
                      real_bsz,
                      max_input_len,
                      max_pre_len,
                      max_step_tokens,
                      max_ngram_size,
                      min_ngram_size,
                      max_draft_tokens,
                      spec_tokenum_threshold);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         input_ids,
                         input_ids_len,
                         pre_ids,
                         step_idx,
                         draft_tokens,
                         seq_lens_this_time,
                         seq_lens_decoder,
                         max_dec_len,
                         max_bsz,
                         real_bsz,
                         max_input_len,
                         max_pre_len,
                         max_step_tokens,
                         max_ngram_size,
                         min_ngram_size,
                         max_draft_tokens,
                         spec_tokenum_threshold);
      break;
    }
#endif
    default:
      throw opforge::OpError(
          opforge::ErrorKind::kBackend,
          std::string(kOp) + "(): no " + opforge::backend_name(ctx.backend) + " kernel");
  }
}

}  // namespace opforge::hybrid_mtp_ngram
