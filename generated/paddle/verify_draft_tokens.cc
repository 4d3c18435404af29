// Generated from opspec/verify_draft_tokens.yaml by `python -m codegen`. Do not edit.
// Paddle side of verify_draft_tokens: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a pybind11 function (the fast
// eager path) and as the Paddle custom op `opforge_verify_draft_tokens` (static graphs).
#include "entry/verify_draft_tokens.h"

#include "opforge/paddle_glue.h"
#include "opforge/pybind_glue.h"

namespace opforge::verify_draft_tokens {
namespace {

constexpr const char* kOp = "verify_draft_tokens";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& step_output_ids,
                  const paddle::Tensor& step_output_len,
                  const paddle::Tensor& step_input_ids,
                  const paddle::optional<paddle::Tensor>& target_tokens,
                  const paddle::optional<paddle::Tensor>& candidate_ids,
                  const paddle::optional<paddle::Tensor>& candidate_scores,
                  const paddle::optional<paddle::Tensor>& candidate_lens,
                  const paddle::Tensor& topp,
                  const paddle::Tensor& stop_flags,
                  const paddle::Tensor& seq_lens_encoder,
                  const paddle::Tensor& seq_lens_this_time,
                  const paddle::Tensor& end_tokens,
                  const paddle::Tensor& is_block_step,
                  const paddle::Tensor& cu_seqlens_q_output,
                  const paddle::Tensor& reasoning_status,
                  const paddle::Tensor& max_dec_len,
                  const paddle::Tensor& step_idx,
                  int32_t max_seq_len,
                  int32_t verify_window,
                  opforge::verify_draft_tokens::VerifyStrategy verify_strategy,
                  bool reject_all,
                  bool accept_all,
                  int64_t seed) {
  check_attrs(max_seq_len, verify_window, verify_strategy, reject_all, accept_all, seed);
  opforge::require_present_when(
      kOp,
      "target_tokens",
      target_tokens.is_initialized(),
      (verify_strategy == VerifyStrategy::greedy || verify_strategy == VerifyStrategy::target_match),
      "verify_strategy is greedy or target_match");
  opforge::require_present_when(kOp,
                                "candidate_ids",
                                candidate_ids.is_initialized(),
                                (verify_strategy == VerifyStrategy::topp),
                                "verify_strategy is topp");
  opforge::require_present_when(kOp,
                                "candidate_scores",
                                candidate_scores.is_initialized(),
                                (verify_strategy == VerifyStrategy::topp),
                                "verify_strategy is topp");
  opforge::require_present_when(kOp,
                                "candidate_lens",
                                candidate_lens.is_initialized(),
                                (verify_strategy == VerifyStrategy::topp),
                                "verify_strategy is topp");

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& step_output_ids_tensor = paddle_glue::check_tensor(
      kOp,
      "step_output_ids",
      step_output_ids,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[max_bsz, max_step_tokens]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& step_output_len_tensor = paddle_glue::check_tensor(
      kOp,
      "step_output_len",
      step_output_len,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& step_input_ids_tensor = paddle_glue::check_tensor(
      kOp,
      "step_input_ids",
      step_input_ids,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[max_bsz, max_step_tokens]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor* target_tokens_tensor = nullptr;
  if (target_tokens)
    target_tokens_tensor = &paddle_glue::check_tensor(kOp,
                                                      "target_tokens",
                                                      *target_tokens,
                                                      opforge::DType::kInt64,
                                                      1,
                                                      opforge::UnitAxis::kRejected,
                                                      "[token_num]",
                                                      opforge::Memory::kDevice,
                                                      anchor);
  const phi::DenseTensor* candidate_ids_tensor = nullptr;
  if (candidate_ids)
    candidate_ids_tensor = &paddle_glue::check_tensor(kOp,
                                                      "candidate_ids",
                                                      *candidate_ids,
                                                      opforge::DType::kInt64,
                                                      2,
                                                      opforge::UnitAxis::kRejected,
                                                      "[token_num, max_candidate_len]",
                                                      opforge::Memory::kDevice,
                                                      anchor);
  const phi::DenseTensor* candidate_scores_tensor = nullptr;
  if (candidate_scores)
    candidate_scores_tensor = &paddle_glue::check_tensor(kOp,
                                                         "candidate_scores",
                                                         *candidate_scores,
                                                         opforge::DType::kFloat32,
                                                         2,
                                                         opforge::UnitAxis::kRejected,
                                                         "[token_num, max_candidate_len]",
                                                         opforge::Memory::kDevice,
                                                         anchor);
  const phi::DenseTensor* candidate_lens_tensor = nullptr;
  if (candidate_lens)
    candidate_lens_tensor = &paddle_glue::check_tensor(kOp,
                                                       "candidate_lens",
                                                       *candidate_lens,
                                                       opforge::DType::kInt32,
                                                       1,
                                                       opforge::UnitAxis::kRejected,
                                                       "[token_num]",
                                                       opforge::Memory::kDevice,
                                                       anchor);
  const phi::DenseTensor& topp_tensor = paddle_glue::check_tensor(kOp,
                                                                  "topp",
                                                                  topp,
                                                                  opforge::DType::kFloat32,
                                                                  1,
                                                                  opforge::UnitAxis::kRejected,
                                                                  "[max_bsz]",
                                                                  opforge::Memory::kDevice,
                                                                  anchor);
  const phi::DenseTensor& stop_flags_tensor = paddle_glue::check_tensor(
      kOp,
      "stop_flags",
      stop_flags,
      opforge::DType::kBool,
      1,
      opforge::UnitAxis::kAccepted,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& seq_lens_encoder_tensor = paddle_glue::check_tensor(
      kOp,
      "seq_lens_encoder",
      seq_lens_encoder,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& seq_lens_this_time_tensor = paddle_glue::check_tensor(
      kOp,
      "seq_lens_this_time",
      seq_lens_this_time,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[real_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& end_tokens_tensor = paddle_glue::check_tensor(
      kOp,
      "end_tokens",
      end_tokens,
      opforge::DType::kInt64,
      1,
      opforge::UnitAxis::kRejected,
      "[end_length]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& is_block_step_tensor = paddle_glue::check_tensor(
      kOp,
      "is_block_step",
      is_block_step,
      opforge::DType::kBool,
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& cu_seqlens_q_output_tensor = paddle_glue::check_tensor(
      kOp,
      "cu_seqlens_q_output",
      cu_seqlens_q_output,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[real_bsz + 1]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& reasoning_status_tensor = paddle_glue::check_tensor(
      kOp,
      "reasoning_status",
      reasoning_status,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& max_dec_len_tensor = paddle_glue::check_tensor(
      kOp,
      "max_dec_len",
      max_dec_len,
      opforge::DType::kInt64,
      1,
      opforge::UnitAxis::kAccepted,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& step_idx_tensor = paddle_glue::check_tensor(kOp,
                                                                      "step_idx",
                                                                      step_idx,
                                                                      opforge::DType::kInt64,
                                                                      1,
                                                                      opforge::UnitAxis::kAccepted,
                                                                      "[max_bsz]",
                                                                      opforge::Memory::kDevice,
                                                                      anchor);

  opforge::DimSlot max_bsz{"max_bsz"};
  opforge::DimSlot max_step_tokens{"max_step_tokens"};
  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::DimSlot token_num{"token_num"};
  opforge::DimSlot max_candidate_len{"max_candidate_len"};
  opforge::DimSlot end_length{"end_length"};
  opforge::bind_dim(kOp, "step_output_ids", 0, step_output_ids_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_output_ids", 1, step_output_ids_tensor.dims()[1], max_step_tokens);
  opforge::bind_dim(kOp, "step_output_len", 0, step_output_len_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_input_ids", 0, step_input_ids_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_input_ids", 1, step_input_ids_tensor.dims()[1], max_step_tokens);
  if (target_tokens_tensor) {
    opforge::bind_dim(kOp, "target_tokens", 0, target_tokens_tensor->dims()[0], token_num);
  }
  if (candidate_ids_tensor) {
    opforge::bind_dim(kOp, "candidate_ids", 0, candidate_ids_tensor->dims()[0], token_num);
    opforge::bind_dim(kOp, "candidate_ids", 1, candidate_ids_tensor->dims()[1], max_candidate_len);
  }
  if (candidate_scores_tensor) {
    opforge::bind_dim(kOp, "candidate_scores", 0, candidate_scores_tensor->dims()[0], token_num);
    opforge::bind_dim(
        kOp, "candidate_scores", 1, candidate_scores_tensor->dims()[1], max_candidate_len);
  }
  if (candidate_lens_tensor) {
    opforge::bind_dim(kOp, "candidate_lens", 0, candidate_lens_tensor->dims()[0], token_num);
  }
  opforge::bind_dim(kOp, "topp", 0, topp_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "stop_flags", 0, stop_flags_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "end_tokens", 0, end_tokens_tensor.dims()[0], end_length);
  opforge::bind_dim(kOp, "is_block_step", 0, is_block_step_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "reasoning_status", 0, reasoning_status_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "max_dec_len", 0, max_dec_len_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_idx", 0, step_idx_tensor.dims()[0], max_bsz);
  opforge::check_dim(kOp,
                     "cu_seqlens_q_output",
                     0,
                     cu_seqlens_q_output_tensor.dims()[0],
                     real_bsz.value + 1,
                     "real_bsz + 1",
                     {&real_bsz});

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<int64_t>(
          step_output_ids_tensor, opforge::numel({max_bsz.get(), max_step_tokens.get()})),
      paddle_glue::buffer<int32_t>(step_output_len_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(
          step_input_ids_tensor, opforge::numel({max_bsz.get(), max_step_tokens.get()})),
      paddle_glue::buffer<const int64_t>(target_tokens_tensor, token_num.get()),
      paddle_glue::buffer<const int64_t>(
          candidate_ids_tensor, opforge::numel({token_num.get(), max_candidate_len.get()})),
      paddle_glue::buffer<const float>(
          candidate_scores_tensor, opforge::numel({token_num.get(), max_candidate_len.get()})),
      paddle_glue::buffer<const int32_t>(candidate_lens_tensor, token_num.get()),
      paddle_glue::buffer<const float>(topp_tensor, max_bsz.get()),
      paddle_glue::buffer<const bool>(stop_flags_tensor, max_bsz.get()),
      paddle_glue::buffer<const int32_t>(seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<const int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<const int64_t>(end_tokens_tensor, end_length.get()),
      paddle_glue::buffer<const bool>(is_block_step_tensor, max_bsz.get()),
      paddle_glue::buffer<const int32_t>(cu_seqlens_q_output_tensor, real_bsz.get() + 1),
      paddle_glue::buffer<const int32_t>(reasoning_status_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(max_dec_len_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(step_idx_tensor, max_bsz.get()),
      max_bsz.get(),
      max_step_tokens.get(),
      real_bsz.get(),
      token_num.get(),
      max_candidate_len.get(),
      end_length.get(),
      max_seq_len,
      verify_window,
      verify_strategy,
      reject_all,
      accept_all,
      seed);
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& step_output_ids,
                   const paddle::Tensor& step_output_len,
                   const paddle::Tensor& step_input_ids,
                   const paddle::optional<paddle::Tensor>& target_tokens,
                   const paddle::optional<paddle::Tensor>& candidate_ids,
                   const paddle::optional<paddle::Tensor>& candidate_scores,
                   const paddle::optional<paddle::Tensor>& candidate_lens,
                   const paddle::Tensor& topp,
                   const paddle::Tensor& stop_flags,
                   const paddle::Tensor& seq_lens_encoder,
                   const paddle::Tensor& seq_lens_this_time,
                   const paddle::Tensor& end_tokens,
                   const paddle::Tensor& is_block_step,
                   const paddle::Tensor& cu_seqlens_q_output,
                   const paddle::Tensor& reasoning_status,
                   const paddle::Tensor& max_dec_len,
                   const paddle::Tensor& step_idx,
                   int max_seq_len,
                   int verify_window,
                   int verify_strategy,
                   bool reject_all,
                   bool accept_all,
                   int64_t seed) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    opforge::check_int32(kOp, "max_seq_len", max_seq_len);
    opforge::check_int32(kOp, "verify_window", verify_window);
    opforge::check_int32(kOp, "verify_strategy", verify_strategy);
    checked_call(step_output_ids,
                 step_output_len,
                 step_input_ids,
                 target_tokens,
                 candidate_ids,
                 candidate_scores,
                 candidate_lens,
                 topp,
                 stop_flags,
                 seq_lens_encoder,
                 seq_lens_this_time,
                 end_tokens,
                 is_block_step,
                 cu_seqlens_q_output,
                 reasoning_status,
                 max_dec_len,
                 step_idx,
                 static_cast<int32_t>(max_seq_len),
                 static_cast<int32_t>(verify_window),
                 static_cast<VerifyStrategy>(verify_strategy),
                 reject_all,
                 accept_all,
                 seed);
  } catch (const opforge::OpError& error) {
    // Paddle hands the op an empty optional input as absent: say so.
    const char* note = error.kind() == opforge::ErrorKind::kMissing
                           ? " (Paddle passes an empty optional tensor to a custom op as None)"
                           : "";
    PADDLE_THROW(common::errors::InvalidArgument("%s%s", error.what(), note));
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& step_output_ids_shape,
    const std::vector<int64_t>& step_output_len_shape,
    const std::vector<int64_t>& step_input_ids_shape,
    const paddle::optional<std::vector<int64_t>>& target_tokens_shape,
    const paddle::optional<std::vector<int64_t>>& candidate_ids_shape,
    const paddle::optional<std::vector<int64_t>>& candidate_scores_shape,
    const paddle::optional<std::vector<int64_t>>& candidate_lens_shape,
    const std::vector<int64_t>& topp_shape,
    const std::vector<int64_t>& stop_flags_shape,
    const std::vector<int64_t>& seq_lens_encoder_shape,
    const std::vector<int64_t>& seq_lens_this_time_shape,
    const std::vector<int64_t>& end_tokens_shape,
    const std::vector<int64_t>& is_block_step_shape,
    const std::vector<int64_t>& cu_seqlens_q_output_shape,
    const std::vector<int64_t>& reasoning_status_shape,
    const std::vector<int64_t>& max_dec_len_shape,
    const std::vector<int64_t>& step_idx_shape,
    int max_seq_len,
    int verify_window,
    int verify_strategy,
    bool reject_all,
    bool accept_all,
    int64_t seed) {
  return {step_output_ids_shape, step_output_len_shape};
}

std::vector<paddle::DataType> infer_dtype(
    const paddle::DataType& step_output_ids_dtype,
    const paddle::DataType& step_output_len_dtype,
    const paddle::DataType& step_input_ids_dtype,
    const paddle::optional<paddle::DataType>& target_tokens_dtype,
    const paddle::optional<paddle::DataType>& candidate_ids_dtype,
    const paddle::optional<paddle::DataType>& candidate_scores_dtype,
    const paddle::optional<paddle::DataType>& candidate_lens_dtype,
    const paddle::DataType& topp_dtype,
    const paddle::DataType& stop_flags_dtype,
    const paddle::DataType& seq_lens_encoder_dtype,
    const paddle::DataType& seq_lens_this_time_dtype,
    const paddle::DataType& end_tokens_dtype,
    const paddle::DataType& is_block_step_dtype,
    const paddle::DataType& cu_seqlens_q_output_dtype,
    const paddle::DataType& reasoning_status_dtype,
    const paddle::DataType& max_dec_len_dtype,
    const paddle::DataType& step_idx_dtype,
    int max_seq_len,
    int verify_window,
    int verify_strategy,
    bool reject_all,
    bool accept_all,
    int64_t seed) {
  return {step_output_ids_dtype, step_output_len_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<17, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<17, decltype(&infer_dtype), &infer_dtype>;

}  // namespace

// ---- the pybind11 binding

void bind(pybind11::module_& module) {
  namespace py = pybind11;
  // The fast overload first. pybind11 tries the second only when the first
  // cannot take the arguments; it accepts None for every tensor so that a
  // required one given as None gets our message instead of pybind11's
  // "incompatible function arguments" (taking every tensor as optional in the
  // first overload would cost ~0.9 us per call).
  module.def(
      "verify_draft_tokens",
      [](const paddle::Tensor& step_output_ids,
         const paddle::Tensor& step_output_len,
         const paddle::Tensor& step_input_ids,
         const paddle::optional<paddle::Tensor>& target_tokens,
         const paddle::optional<paddle::Tensor>& candidate_ids,
         const paddle::optional<paddle::Tensor>& candidate_scores,
         const paddle::optional<paddle::Tensor>& candidate_lens,
         const paddle::Tensor& topp,
         const paddle::Tensor& stop_flags,
         const paddle::Tensor& seq_lens_encoder,
         const paddle::Tensor& seq_lens_this_time,
         const paddle::Tensor& end_tokens,
         const paddle::Tensor& is_block_step,
         const paddle::Tensor& cu_seqlens_q_output,
         const paddle::Tensor& reasoning_status,
         const paddle::Tensor& max_dec_len,
         const paddle::Tensor& step_idx,
         int64_t max_seq_len,
         int64_t verify_window,
         int64_t verify_strategy,
         bool reject_all,
         bool accept_all,
         int64_t seed) {
        opforge::check_int32(kOp, "max_seq_len", max_seq_len);
        opforge::check_int32(kOp, "verify_window", verify_window);
        opforge::check_int32(kOp, "verify_strategy", verify_strategy);
        checked_call(step_output_ids,
                     step_output_len,
                     step_input_ids,
                     target_tokens,
                     candidate_ids,
                     candidate_scores,
                     candidate_lens,
                     topp,
                     stop_flags,
                     seq_lens_encoder,
                     seq_lens_this_time,
                     end_tokens,
                     is_block_step,
                     cu_seqlens_q_output,
                     reasoning_status,
                     max_dec_len,
                     step_idx,
                     static_cast<int32_t>(max_seq_len),
                     static_cast<int32_t>(verify_window),
                     static_cast<VerifyStrategy>(verify_strategy),
                     reject_all,
                     accept_all,
                     seed);
      },
      py::arg("step_output_ids").none(false),
      py::arg("step_output_len").none(false),
      py::arg("step_input_ids").none(false),
      py::arg("target_tokens").none(true),
      py::arg("candidate_ids").none(true),
      py::arg("candidate_scores").none(true),
      py::arg("candidate_lens").none(true),
      py::arg("topp").none(false),
      py::arg("stop_flags").none(false),
      py::arg("seq_lens_encoder").none(false),
      py::arg("seq_lens_this_time").none(false),
      py::arg("end_tokens").none(false),
      py::arg("is_block_step").none(false),
      py::arg("cu_seqlens_q_output").none(false),
      py::arg("reasoning_status").none(false),
      py::arg("max_dec_len").none(false),
      py::arg("step_idx").none(false),
      py::arg("max_seq_len") = 0,
      py::arg("verify_window") = 2,
      py::arg("verify_strategy") = 0,
      py::arg("reject_all") = false,
      py::arg("accept_all") = false,
      py::arg("seed") = -1,
      "The binding of opforge.verify_draft_tokens; its documentation is that function's.");

  module.def(
      "verify_draft_tokens",
      [](const paddle::optional<paddle::Tensor>& step_output_ids,
         const paddle::optional<paddle::Tensor>& step_output_len,
         const paddle::optional<paddle::Tensor>& step_input_ids,
         const paddle::optional<paddle::Tensor>& target_tokens,
         const paddle::optional<paddle::Tensor>& candidate_ids,
         const paddle::optional<paddle::Tensor>& candidate_scores,
         const paddle::optional<paddle::Tensor>& candidate_lens,
         const paddle::optional<paddle::Tensor>& topp,
         const paddle::optional<paddle::Tensor>& stop_flags,
         const paddle::optional<paddle::Tensor>& seq_lens_encoder,
         const paddle::optional<paddle::Tensor>& seq_lens_this_time,
         const paddle::optional<paddle::Tensor>& end_tokens,
         const paddle::optional<paddle::Tensor>& is_block_step,
         const paddle::optional<paddle::Tensor>& cu_seqlens_q_output,
         const paddle::optional<paddle::Tensor>& reasoning_status,
         const paddle::optional<paddle::Tensor>& max_dec_len,
         const paddle::optional<paddle::Tensor>& step_idx,
         int64_t max_seq_len,
         int64_t verify_window,
         int64_t verify_strategy,
         bool reject_all,
         bool accept_all,
         int64_t seed) {
        opforge::require_present(kOp, "step_output_ids", step_output_ids.is_initialized());
        opforge::require_present(kOp, "step_output_len", step_output_len.is_initialized());
        opforge::require_present(kOp, "step_input_ids", step_input_ids.is_initialized());
        opforge::require_present(kOp, "topp", topp.is_initialized());
        opforge::require_present(kOp, "stop_flags", stop_flags.is_initialized());
        opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder.is_initialized());
        opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time.is_initialized());
        opforge::require_present(kOp, "end_tokens", end_tokens.is_initialized());
        opforge::require_present(kOp, "is_block_step", is_block_step.is_initialized());
        opforge::require_present(kOp, "cu_seqlens_q_output", cu_seqlens_q_output.is_initialized());
        opforge::require_present(kOp, "reasoning_status", reasoning_status.is_initialized());
        opforge::require_present(kOp, "max_dec_len", max_dec_len.is_initialized());
        opforge::require_present(kOp, "step_idx", step_idx.is_initialized());
        opforge::check_int32(kOp, "max_seq_len", max_seq_len);
        opforge::check_int32(kOp, "verify_window", verify_window);
        opforge::check_int32(kOp, "verify_strategy", verify_strategy);
        checked_call(*step_output_ids,
                     *step_output_len,
                     *step_input_ids,
                     target_tokens,
                     candidate_ids,
                     candidate_scores,
                     candidate_lens,
                     *topp,
                     *stop_flags,
                     *seq_lens_encoder,
                     *seq_lens_this_time,
                     *end_tokens,
                     *is_block_step,
                     *cu_seqlens_q_output,
                     *reasoning_status,
                     *max_dec_len,
                     *step_idx,
                     static_cast<int32_t>(max_seq_len),
                     static_cast<int32_t>(verify_window),
                     static_cast<VerifyStrategy>(verify_strategy),
                     reject_all,
                     accept_all,
                     seed);
      },
      py::arg("step_output_ids").none(true),
      py::arg("step_output_len").none(true),
      py::arg("step_input_ids").none(true),
      py::arg("target_tokens").none(true),
      py::arg("candidate_ids").none(true),
      py::arg("candidate_scores").none(true),
      py::arg("candidate_lens").none(true),
      py::arg("topp").none(true),
      py::arg("stop_flags").none(true),
      py::arg("seq_lens_encoder").none(true),
      py::arg("seq_lens_this_time").none(true),
      py::arg("end_tokens").none(true),
      py::arg("is_block_step").none(true),
      py::arg("cu_seqlens_q_output").none(true),
      py::arg("reasoning_status").none(true),
      py::arg("max_dec_len").none(true),
      py::arg("step_idx").none(true),
      py::arg("max_seq_len") = 0,
      py::arg("verify_window") = 2,
      py::arg("verify_strategy") = 0,
      py::arg("reject_all") = false,
      py::arg("accept_all") = false,
      py::arg("seed") = -1,
      "(the same op: reports a required tensor given as None)");
}

}  // namespace opforge::verify_draft_tokens

PD_BUILD_OP(opforge_verify_draft_tokens)
    .Inputs({"step_output_ids",
             "step_output_len",
             "step_input_ids",
             paddle::Optional("target_tokens"),
             paddle::Optional("candidate_ids"),
             paddle::Optional("candidate_scores"),
             paddle::Optional("candidate_lens"),
             "topp",
             "stop_flags",
             "seq_lens_encoder",
             "seq_lens_this_time",
             "end_tokens",
             "is_block_step",
             "cu_seqlens_q_output",
             "reasoning_status",
             "max_dec_len",
             "step_idx"})
    .Outputs({"step_output_ids_out", "step_output_len_out"})
    .Attrs({"max_seq_len: int",
            "verify_window: int",
            "verify_strategy: int",
            "reject_all: bool",
            "accept_all: bool",
            "seed: int64_t"})
    .SetInplaceMap({{"step_output_ids", "step_output_ids_out"},
                    {"step_output_len", "step_output_len_out"}})
    .SetKernelFn(PD_KERNEL(opforge::verify_draft_tokens::paddle_kernel))
    .SetInferShapeFn(&opforge::verify_draft_tokens::Inference::shape)
    .SetInferDtypeFn(&opforge::verify_draft_tokens::DtypeInference::dtype);
