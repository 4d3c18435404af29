// Generated from opspec/verify_draft_tokens.yaml by `python -m codegen`. Do not edit.
// Paddle side of verify_draft_tokens: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_verify_draft_tokens` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/verify_draft_tokens.h"
#include "opforge/paddle_glue.h"

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
                                                                  opforge::UnitAxis::kAccepted,
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
      opforge::UnitAxis::kAccepted,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& seq_lens_this_time_tensor = paddle_glue::check_tensor(
      kOp,
      "seq_lens_this_time",
      seq_lens_this_time,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
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
    paddle_glue::raise_in_paddle(error);
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

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.verify_draft_tokens turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "step_output_ids",
      "step_output_len",
      "step_input_ids",
      "target_tokens",
      "candidate_ids",
      "candidate_scores",
      "candidate_lens",
      "topp",
      "stop_flags",
      "seq_lens_encoder",
      "seq_lens_this_time",
      "end_tokens",
      "is_block_step",
      "cu_seqlens_q_output",
      "reasoning_status",
      "max_dec_len",
      "step_idx",
      "max_seq_len",
      "verify_window",
      "verify_strategy",
      "reject_all",
      "accept_all",
      "seed",
  };
  PyObject* py_given[23];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 23, 17, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* step_output_ids = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* step_output_len = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* step_input_ids = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* target_tokens = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* candidate_ids = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* candidate_scores = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* candidate_lens = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* topp = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* stop_flags = python_glue::tensor_arg(py_given[8], py_ok);
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[9], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[10], py_ok);
  const paddle::Tensor* end_tokens = python_glue::tensor_arg(py_given[11], py_ok);
  const paddle::Tensor* is_block_step = python_glue::tensor_arg(py_given[12], py_ok);
  const paddle::Tensor* cu_seqlens_q_output = python_glue::tensor_arg(py_given[13], py_ok);
  const paddle::Tensor* reasoning_status = python_glue::tensor_arg(py_given[14], py_ok);
  const paddle::Tensor* max_dec_len = python_glue::tensor_arg(py_given[15], py_ok);
  const paddle::Tensor* step_idx = python_glue::tensor_arg(py_given[16], py_ok);
  int64_t max_seq_len(0);
  if (py_ok && py_given[17] != nullptr) py_ok = python_glue::int64_arg(py_given[17], max_seq_len);
  int64_t verify_window(2);
  if (py_ok && py_given[18] != nullptr) py_ok = python_glue::int64_arg(py_given[18], verify_window);
  int64_t verify_strategy(0);
  if (py_ok && py_given[19] != nullptr)
    py_ok = python_glue::int64_arg(py_given[19], verify_strategy);
  bool reject_all(false);
  if (py_ok && py_given[20] != nullptr) py_ok = python_glue::bool_arg(py_given[20], reject_all);
  bool accept_all(false);
  if (py_ok && py_given[21] != nullptr) py_ok = python_glue::bool_arg(py_given[21], accept_all);
  int64_t seed(-1);
  if (py_ok && py_given[22] != nullptr) py_ok = python_glue::int64_arg(py_given[22], seed);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "step_output_ids", step_output_ids != nullptr);
    opforge::require_present(kOp, "step_output_len", step_output_len != nullptr);
    opforge::require_present(kOp, "step_input_ids", step_input_ids != nullptr);
    opforge::require_present(kOp, "topp", topp != nullptr);
    opforge::require_present(kOp, "stop_flags", stop_flags != nullptr);
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "end_tokens", end_tokens != nullptr);
    opforge::require_present(kOp, "is_block_step", is_block_step != nullptr);
    opforge::require_present(kOp, "cu_seqlens_q_output", cu_seqlens_q_output != nullptr);
    opforge::require_present(kOp, "reasoning_status", reasoning_status != nullptr);
    opforge::require_present(kOp, "max_dec_len", max_dec_len != nullptr);
    opforge::require_present(kOp, "step_idx", step_idx != nullptr);
    opforge::check_int32(kOp, "max_seq_len", max_seq_len);
    opforge::check_int32(kOp, "verify_window", verify_window);
    opforge::check_int32(kOp, "verify_strategy", verify_strategy);
    checked_call(*step_output_ids,
                 *step_output_len,
                 *step_input_ids,
                 paddle_glue::optional_of(target_tokens),
                 paddle_glue::optional_of(candidate_ids),
                 paddle_glue::optional_of(candidate_scores),
                 paddle_glue::optional_of(candidate_lens),
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
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& step_output_ids,
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
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.verify_draft_tokens; its documentation is that function's.";
  return method;
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
