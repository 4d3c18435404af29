// Generated from opspec/ngram_match.yaml by `python -m codegen`. Do not edit.
// Paddle side of ngram_match: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_ngram_match` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/ngram_match.h"
#include "opforge/paddle_glue.h"

namespace opforge::ngram_match {
namespace {

constexpr const char* kOp = "ngram_match";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& token_ids_all,
                  const paddle::Tensor& prompt_lens,
                  const paddle::Tensor& step_idx,
                  const paddle::optional<paddle::Tensor>& draft_token_num,
                  const paddle::Tensor& step_input_ids,
                  const paddle::Tensor& seq_lens_this_time,
                  const paddle::Tensor& seq_lens_encoder,
                  const paddle::Tensor& seq_lens_decoder,
                  const paddle::Tensor& max_dec_len,
                  int32_t max_ngram_size,
                  int32_t max_draft_tokens,
                  int32_t infer_with_reference_tokenum_threshold) {
  check_attrs(max_ngram_size, max_draft_tokens, infer_with_reference_tokenum_threshold);

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& token_ids_all_tensor = paddle_glue::check_tensor(
      kOp,
      "token_ids_all",
      token_ids_all,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[max_bsz, max_model_len]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& prompt_lens_tensor = paddle_glue::check_tensor(
      kOp,
      "prompt_lens",
      prompt_lens,
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
  const phi::DenseTensor* draft_token_num_tensor = nullptr;
  if (draft_token_num)
    draft_token_num_tensor = &paddle_glue::check_tensor(kOp,
                                                        "draft_token_num",
                                                        *draft_token_num,
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
  const phi::DenseTensor& seq_lens_decoder_tensor = paddle_glue::check_tensor(
      kOp,
      "seq_lens_decoder",
      seq_lens_decoder,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
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

  opforge::DimSlot max_bsz{"max_bsz"};
  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::DimSlot max_step_tokens{"max_step_tokens"};
  opforge::DimSlot max_model_len{"max_model_len"};
  opforge::bind_dim(kOp, "token_ids_all", 0, token_ids_all_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "token_ids_all", 1, token_ids_all_tensor.dims()[1], max_model_len);
  opforge::bind_dim(kOp, "prompt_lens", 0, prompt_lens_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_idx", 0, step_idx_tensor.dims()[0], max_bsz);
  if (draft_token_num_tensor) {
    opforge::bind_dim(kOp, "draft_token_num", 0, draft_token_num_tensor->dims()[0], max_bsz);
  }
  opforge::bind_dim(kOp, "step_input_ids", 0, step_input_ids_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_input_ids", 1, step_input_ids_tensor.dims()[1], max_step_tokens);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "seq_lens_decoder", 0, seq_lens_decoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "max_dec_len", 0, max_dec_len_tensor.dims()[0], max_bsz);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<const int64_t>(
          token_ids_all_tensor, opforge::numel({max_bsz.get(), max_model_len.get()})),
      paddle_glue::buffer<const int64_t>(prompt_lens_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(step_idx_tensor, max_bsz.get()),
      paddle_glue::buffer<const int32_t>(draft_token_num_tensor, max_bsz.get()),
      paddle_glue::buffer<int64_t>(
          step_input_ids_tensor, opforge::numel({max_bsz.get(), max_step_tokens.get()})),
      paddle_glue::buffer<int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<const int32_t>(seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<const int32_t>(seq_lens_decoder_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(max_dec_len_tensor, max_bsz.get()),
      max_bsz.get(),
      real_bsz.get(),
      max_step_tokens.get(),
      max_model_len.get(),
      max_ngram_size,
      max_draft_tokens,
      infer_with_reference_tokenum_threshold);
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& token_ids_all,
                   const paddle::Tensor& prompt_lens,
                   const paddle::Tensor& step_idx,
                   const paddle::optional<paddle::Tensor>& draft_token_num,
                   const paddle::Tensor& step_input_ids,
                   const paddle::Tensor& seq_lens_this_time,
                   const paddle::Tensor& seq_lens_encoder,
                   const paddle::Tensor& seq_lens_decoder,
                   const paddle::Tensor& max_dec_len,
                   int max_ngram_size,
                   int max_draft_tokens,
                   int infer_with_reference_tokenum_threshold) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    opforge::check_int32(kOp, "max_ngram_size", max_ngram_size);
    opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
    opforge::check_int32(
        kOp, "infer_with_reference_tokenum_threshold", infer_with_reference_tokenum_threshold);
    checked_call(token_ids_all,
                 prompt_lens,
                 step_idx,
                 draft_token_num,
                 step_input_ids,
                 seq_lens_this_time,
                 seq_lens_encoder,
                 seq_lens_decoder,
                 max_dec_len,
                 static_cast<int32_t>(max_ngram_size),
                 static_cast<int32_t>(max_draft_tokens),
                 static_cast<int32_t>(infer_with_reference_tokenum_threshold));
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& token_ids_all_shape,
    const std::vector<int64_t>& prompt_lens_shape,
    const std::vector<int64_t>& step_idx_shape,
    const paddle::optional<std::vector<int64_t>>& draft_token_num_shape,
    const std::vector<int64_t>& step_input_ids_shape,
    const std::vector<int64_t>& seq_lens_this_time_shape,
    const std::vector<int64_t>& seq_lens_encoder_shape,
    const std::vector<int64_t>& seq_lens_decoder_shape,
    const std::vector<int64_t>& max_dec_len_shape,
    int max_ngram_size,
    int max_draft_tokens,
    int infer_with_reference_tokenum_threshold) {
  return {step_input_ids_shape, seq_lens_this_time_shape};
}

std::vector<paddle::DataType> infer_dtype(
    const paddle::DataType& token_ids_all_dtype,
    const paddle::DataType& prompt_lens_dtype,
    const paddle::DataType& step_idx_dtype,
    const paddle::optional<paddle::DataType>& draft_token_num_dtype,
    const paddle::DataType& step_input_ids_dtype,
    const paddle::DataType& seq_lens_this_time_dtype,
    const paddle::DataType& seq_lens_encoder_dtype,
    const paddle::DataType& seq_lens_decoder_dtype,
    const paddle::DataType& max_dec_len_dtype,
    int max_ngram_size,
    int max_draft_tokens,
    int infer_with_reference_tokenum_threshold) {
  return {step_input_ids_dtype, seq_lens_this_time_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<9, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<9, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.ngram_match turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "token_ids_all",
      "prompt_lens",
      "step_idx",
      "draft_token_num",
      "step_input_ids",
      "seq_lens_this_time",
      "seq_lens_encoder",
      "seq_lens_decoder",
      "max_dec_len",
      "max_ngram_size",
      "max_draft_tokens",
      "infer_with_reference_tokenum_threshold",
  };
  PyObject* py_given[12];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 12, 9, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* token_ids_all = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* prompt_lens = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* step_idx = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* draft_token_num = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* step_input_ids = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* seq_lens_decoder = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* max_dec_len = python_glue::tensor_arg(py_given[8], py_ok);
  int64_t max_ngram_size(3);
  if (py_ok && py_given[9] != nullptr) py_ok = python_glue::int64_arg(py_given[9], max_ngram_size);
  int64_t max_draft_tokens(10);
  if (py_ok && py_given[10] != nullptr)
    py_ok = python_glue::int64_arg(py_given[10], max_draft_tokens);
  int64_t infer_with_reference_tokenum_threshold(128);
  if (py_ok && py_given[11] != nullptr)
    py_ok = python_glue::int64_arg(py_given[11], infer_with_reference_tokenum_threshold);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "token_ids_all", token_ids_all != nullptr);
    opforge::require_present(kOp, "prompt_lens", prompt_lens != nullptr);
    opforge::require_present(kOp, "step_idx", step_idx != nullptr);
    opforge::require_present(kOp, "step_input_ids", step_input_ids != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "seq_lens_decoder", seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "max_dec_len", max_dec_len != nullptr);
    opforge::check_int32(kOp, "max_ngram_size", max_ngram_size);
    opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
    opforge::check_int32(
        kOp, "infer_with_reference_tokenum_threshold", infer_with_reference_tokenum_threshold);
    checked_call(*token_ids_all,
                 *prompt_lens,
                 *step_idx,
                 paddle_glue::optional_of(draft_token_num),
                 *step_input_ids,
                 *seq_lens_this_time,
                 *seq_lens_encoder,
                 *seq_lens_decoder,
                 *max_dec_len,
                 static_cast<int32_t>(max_ngram_size),
                 static_cast<int32_t>(max_draft_tokens),
                 static_cast<int32_t>(infer_with_reference_tokenum_threshold));
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& token_ids_all,
                         const paddle::Tensor& prompt_lens,
                         const paddle::Tensor& step_idx,
                         const paddle::optional<paddle::Tensor>& draft_token_num,
                         const paddle::Tensor& step_input_ids,
                         const paddle::Tensor& seq_lens_this_time,
                         const paddle::Tensor& seq_lens_encoder,
                         const paddle::Tensor& seq_lens_decoder,
                         const paddle::Tensor& max_dec_len,
                         int max_ngram_size,
                         int max_draft_tokens,
                         int infer_with_reference_tokenum_threshold) {
  opforge::check_int32(kOp, "max_ngram_size", max_ngram_size);
  opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
  opforge::check_int32(
      kOp, "infer_with_reference_tokenum_threshold", infer_with_reference_tokenum_threshold);
  checked_call(token_ids_all,
               prompt_lens,
               step_idx,
               draft_token_num,
               step_input_ids,
               seq_lens_this_time,
               seq_lens_encoder,
               seq_lens_decoder,
               max_dec_len,
               static_cast<int32_t>(max_ngram_size),
               static_cast<int32_t>(max_draft_tokens),
               static_cast<int32_t>(infer_with_reference_tokenum_threshold));
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.ngram_match; its documentation is that function's.";
  return method;
}

}  // namespace opforge::ngram_match

PD_BUILD_OP(opforge_ngram_match)
    .Inputs({"token_ids_all",
             "prompt_lens",
             "step_idx",
             paddle::Optional("draft_token_num"),
             "step_input_ids",
             "seq_lens_this_time",
             "seq_lens_encoder",
             "seq_lens_decoder",
             "max_dec_len"})
    .Outputs({"step_input_ids_out", "seq_lens_this_time_out"})
    .Attrs({"max_ngram_size: int",
            "max_draft_tokens: int",
            "infer_with_reference_tokenum_threshold: int"})
    .SetInplaceMap({{"step_input_ids", "step_input_ids_out"},
                    {"seq_lens_this_time", "seq_lens_this_time_out"}})
    .SetKernelFn(PD_KERNEL(opforge::ngram_match::paddle_kernel))
    .SetInferShapeFn(&opforge::ngram_match::Inference::shape)
    .SetInferDtypeFn(&opforge::ngram_match::DtypeInference::dtype);
