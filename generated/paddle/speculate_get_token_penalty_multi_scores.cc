// Generated from opspec/speculate_get_token_penalty_multi_scores.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_get_token_penalty_multi_scores: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_get_token_penalty_multi_scores` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/speculate_get_token_penalty_multi_scores.h"
#include "opforge/paddle_glue.h"

namespace opforge::speculate_get_token_penalty_multi_scores {
namespace {

constexpr const char* kOp = "speculate_get_token_penalty_multi_scores";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& pre_ids,
                  const paddle::Tensor& logits,
                  const paddle::Tensor& penalty_scores,
                  const paddle::Tensor& frequency_scores,
                  const paddle::Tensor& presence_scores,
                  const paddle::Tensor& temperatures,
                  const paddle::Tensor& bad_tokens,
                  const paddle::Tensor& cur_len,
                  const paddle::Tensor& min_len,
                  const paddle::Tensor& eos_token_id,
                  const paddle::Tensor& output_padding_offset,
                  const paddle::Tensor& output_cum_offsets,
                  int32_t max_seq_len) {
  check_attrs(max_seq_len);

  paddle_glue::PlaceAnchor anchor;
  paddle_glue::DTypeSlot T_dtype;
  const phi::DenseTensor& pre_ids_tensor = paddle_glue::check_tensor(kOp,
                                                                     "pre_ids",
                                                                     pre_ids,
                                                                     opforge::DType::kInt64,
                                                                     2,
                                                                     opforge::UnitAxis::kRejected,
                                                                     "[bs, length_id]",
                                                                     opforge::Memory::kDevice,
                                                                     anchor);
  const phi::DenseTensor& logits_tensor = paddle_glue::check_tensor(
      kOp,
      "logits",
      logits,
      paddle_glue::bind_dtype(
          kOp,
          "logits",
          logits,
          T_dtype,
          {opforge::DType::kFloat32, opforge::DType::kFloat16, opforge::DType::kBFloat16},
          "float32, float16 or bfloat16"),
      2,
      opforge::UnitAxis::kRejected,
      "[token_num, vocab_size]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& penalty_scores_tensor = paddle_glue::check_tensor(
      kOp,
      "penalty_scores",
      penalty_scores,
      paddle_glue::bind_dtype(
          kOp,
          "penalty_scores",
          penalty_scores,
          T_dtype,
          {opforge::DType::kFloat32, opforge::DType::kFloat16, opforge::DType::kBFloat16},
          "float32, float16 or bfloat16"),
      1,
      opforge::UnitAxis::kAccepted,
      "[bs]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& frequency_scores_tensor = paddle_glue::check_tensor(
      kOp,
      "frequency_scores",
      frequency_scores,
      paddle_glue::bind_dtype(
          kOp,
          "frequency_scores",
          frequency_scores,
          T_dtype,
          {opforge::DType::kFloat32, opforge::DType::kFloat16, opforge::DType::kBFloat16},
          "float32, float16 or bfloat16"),
      1,
      opforge::UnitAxis::kAccepted,
      "[bs]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& presence_scores_tensor = paddle_glue::check_tensor(
      kOp,
      "presence_scores",
      presence_scores,
      paddle_glue::bind_dtype(
          kOp,
          "presence_scores",
          presence_scores,
          T_dtype,
          {opforge::DType::kFloat32, opforge::DType::kFloat16, opforge::DType::kBFloat16},
          "float32, float16 or bfloat16"),
      1,
      opforge::UnitAxis::kAccepted,
      "[bs]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& temperatures_tensor = paddle_glue::check_tensor(
      kOp,
      "temperatures",
      temperatures,
      opforge::DType::kFloat32,
      1,
      opforge::UnitAxis::kAccepted,
      "[bs]",
      opforge::Memory::kDevice,
      anchor);
  // The rank of what the caller passed says which of its shapes came.
  int32_t bad_tokens_form = 0;
  const phi::DenseTensor& bad_tokens_tensor = paddle_glue::check_tensor_form(
      kOp,
      "bad_tokens",
      bad_tokens,
      opforge::DType::kInt64,
      {2, 1},
      "[bs, bad_words_len] or [bad_words_len]",
      opforge::Memory::kDevice,
      anchor,
      bad_tokens_form);
  const phi::DenseTensor& cur_len_tensor = paddle_glue::check_tensor(kOp,
                                                                     "cur_len",
                                                                     cur_len,
                                                                     opforge::DType::kInt64,
                                                                     1,
                                                                     opforge::UnitAxis::kAccepted,
                                                                     "[bs]",
                                                                     opforge::Memory::kDevice,
                                                                     anchor);
  const phi::DenseTensor& min_len_tensor = paddle_glue::check_tensor(kOp,
                                                                     "min_len",
                                                                     min_len,
                                                                     opforge::DType::kInt64,
                                                                     1,
                                                                     opforge::UnitAxis::kAccepted,
                                                                     "[bs]",
                                                                     opforge::Memory::kDevice,
                                                                     anchor);
  const phi::DenseTensor& eos_token_id_tensor = paddle_glue::check_tensor(
      kOp,
      "eos_token_id",
      eos_token_id,
      opforge::DType::kInt64,
      1,
      opforge::UnitAxis::kAccepted,
      "[end_length]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& output_padding_offset_tensor = paddle_glue::check_tensor(
      kOp,
      "output_padding_offset",
      output_padding_offset,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[token_num]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& output_cum_offsets_tensor = paddle_glue::check_tensor(
      kOp,
      "output_cum_offsets",
      output_cum_offsets,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[bs]",
      opforge::Memory::kDevice,
      anchor);

  opforge::DimSlot bs{"bs"};
  opforge::DimSlot token_num{"token_num"};
  opforge::DimSlot vocab_size{"vocab_size"};
  opforge::DimSlot length_id{"length_id"};
  opforge::DimSlot bad_words_len{"bad_words_len"};
  opforge::DimSlot end_length{"end_length"};
  opforge::bind_dim(kOp, "pre_ids", 0, pre_ids_tensor.dims()[0], bs);
  opforge::bind_dim(kOp, "pre_ids", 1, pre_ids_tensor.dims()[1], length_id);
  opforge::bind_dim(kOp, "logits", 0, logits_tensor.dims()[0], token_num);
  opforge::bind_dim(kOp, "logits", 1, logits_tensor.dims()[1], vocab_size);
  opforge::bind_dim(kOp, "penalty_scores", 0, penalty_scores_tensor.dims()[0], bs);
  opforge::bind_dim(kOp, "frequency_scores", 0, frequency_scores_tensor.dims()[0], bs);
  opforge::bind_dim(kOp, "presence_scores", 0, presence_scores_tensor.dims()[0], bs);
  opforge::bind_dim(kOp, "temperatures", 0, temperatures_tensor.dims()[0], bs);
  switch (bad_tokens_form) {
    case 0:
      opforge::bind_dim(kOp, "bad_tokens", 0, bad_tokens_tensor.dims()[0], bs);
      opforge::bind_dim(kOp, "bad_tokens", 1, bad_tokens_tensor.dims()[1], bad_words_len);
      break;
    case 1:
      opforge::bind_dim(kOp, "bad_tokens", 0, bad_tokens_tensor.dims()[0], bad_words_len);
      break;
    default: break;  // form_of_rank returns one of the forms
  }
  opforge::bind_dim(kOp, "cur_len", 0, cur_len_tensor.dims()[0], bs);
  opforge::bind_dim(kOp, "min_len", 0, min_len_tensor.dims()[0], bs);
  opforge::bind_dim(kOp, "eos_token_id", 0, eos_token_id_tensor.dims()[0], end_length);
  opforge::bind_dim(
      kOp, "output_padding_offset", 0, output_padding_offset_tensor.dims()[0], token_num);
  opforge::bind_dim(kOp, "output_cum_offsets", 0, output_cum_offsets_tensor.dims()[0], bs);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  // One instantiation of the entry per dtype of T.
  auto run_as = [&](auto tag) {
    using T = typename decltype(tag)::type;
    run<T>(
        ctx,
        paddle_glue::buffer<const int64_t>(
            pre_ids_tensor, opforge::numel({bs.get(), length_id.get()})),
        paddle_glue::buffer<T>(logits_tensor, opforge::numel({token_num.get(), vocab_size.get()})),
        paddle_glue::buffer<const T>(penalty_scores_tensor, bs.get()),
        paddle_glue::buffer<const T>(frequency_scores_tensor, bs.get()),
        paddle_glue::buffer<const T>(presence_scores_tensor, bs.get()),
        paddle_glue::buffer<const float>(temperatures_tensor, bs.get()),
        paddle_glue::buffer<const int64_t>(
            bad_tokens_tensor,
            opforge::of_form<int64_t>(bad_tokens_form, {opforge::numel({bs.get(), bad_words_len.get()}), bad_words_len.get()})),
        paddle_glue::buffer<const int64_t>(cur_len_tensor, bs.get()),
        paddle_glue::buffer<const int64_t>(min_len_tensor, bs.get()),
        paddle_glue::buffer<const int64_t>(eos_token_id_tensor, end_length.get()),
        paddle_glue::buffer<const int32_t>(output_padding_offset_tensor, token_num.get()),
        paddle_glue::buffer<const int32_t>(output_cum_offsets_tensor, bs.get()),
        bs.get(),
        token_num.get(),
        vocab_size.get(),
        length_id.get(),
        bad_words_len.get(),
        end_length.get(),
        bad_tokens_form,
        max_seq_len);
  };
  switch (T_dtype.value) {
    case opforge::DType::kFloat32: run_as(opforge::TypeTag<float>{}); break;
    case opforge::DType::kFloat16: run_as(opforge::TypeTag<opforge::float16>{}); break;
    case opforge::DType::kBFloat16: run_as(opforge::TypeTag<opforge::bfloat16>{}); break;
    default: break;  // bind_dtype admits only the set's dtypes
  }
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& pre_ids,
                   const paddle::Tensor& logits,
                   const paddle::Tensor& penalty_scores,
                   const paddle::Tensor& frequency_scores,
                   const paddle::Tensor& presence_scores,
                   const paddle::Tensor& temperatures,
                   const paddle::Tensor& bad_tokens,
                   const paddle::Tensor& cur_len,
                   const paddle::Tensor& min_len,
                   const paddle::Tensor& eos_token_id,
                   const paddle::Tensor& output_padding_offset,
                   const paddle::Tensor& output_cum_offsets,
                   int max_seq_len) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    opforge::check_int32(kOp, "max_seq_len", max_seq_len);
    checked_call(pre_ids,
                 logits,
                 penalty_scores,
                 frequency_scores,
                 presence_scores,
                 temperatures,
                 bad_tokens,
                 cur_len,
                 min_len,
                 eos_token_id,
                 output_padding_offset,
                 output_cum_offsets,
                 static_cast<int32_t>(max_seq_len));
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& pre_ids_shape,
    const std::vector<int64_t>& logits_shape,
    const std::vector<int64_t>& penalty_scores_shape,
    const std::vector<int64_t>& frequency_scores_shape,
    const std::vector<int64_t>& presence_scores_shape,
    const std::vector<int64_t>& temperatures_shape,
    const std::vector<int64_t>& bad_tokens_shape,
    const std::vector<int64_t>& cur_len_shape,
    const std::vector<int64_t>& min_len_shape,
    const std::vector<int64_t>& eos_token_id_shape,
    const std::vector<int64_t>& output_padding_offset_shape,
    const std::vector<int64_t>& output_cum_offsets_shape,
    int max_seq_len) {
  return {logits_shape};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& pre_ids_dtype,
                                          const paddle::DataType& logits_dtype,
                                          const paddle::DataType& penalty_scores_dtype,
                                          const paddle::DataType& frequency_scores_dtype,
                                          const paddle::DataType& presence_scores_dtype,
                                          const paddle::DataType& temperatures_dtype,
                                          const paddle::DataType& bad_tokens_dtype,
                                          const paddle::DataType& cur_len_dtype,
                                          const paddle::DataType& min_len_dtype,
                                          const paddle::DataType& eos_token_id_dtype,
                                          const paddle::DataType& output_padding_offset_dtype,
                                          const paddle::DataType& output_cum_offsets_dtype,
                                          int max_seq_len) {
  return {logits_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<12, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<12, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.speculate_get_token_penalty_multi_scores turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "pre_ids",
      "logits",
      "penalty_scores",
      "frequency_scores",
      "presence_scores",
      "temperatures",
      "bad_tokens",
      "cur_len",
      "min_len",
      "eos_token_id",
      "output_padding_offset",
      "output_cum_offsets",
      "max_seq_len",
  };
  PyObject* py_given[13];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 13, 12, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* pre_ids = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* logits = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* penalty_scores = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* frequency_scores = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* presence_scores = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* temperatures = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* bad_tokens = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* cur_len = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* min_len = python_glue::tensor_arg(py_given[8], py_ok);
  const paddle::Tensor* eos_token_id = python_glue::tensor_arg(py_given[9], py_ok);
  const paddle::Tensor* output_padding_offset = python_glue::tensor_arg(py_given[10], py_ok);
  const paddle::Tensor* output_cum_offsets = python_glue::tensor_arg(py_given[11], py_ok);
  int64_t max_seq_len{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[12], max_seq_len);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "pre_ids", pre_ids != nullptr);
    opforge::require_present(kOp, "logits", logits != nullptr);
    opforge::require_present(kOp, "penalty_scores", penalty_scores != nullptr);
    opforge::require_present(kOp, "frequency_scores", frequency_scores != nullptr);
    opforge::require_present(kOp, "presence_scores", presence_scores != nullptr);
    opforge::require_present(kOp, "temperatures", temperatures != nullptr);
    opforge::require_present(kOp, "bad_tokens", bad_tokens != nullptr);
    opforge::require_present(kOp, "cur_len", cur_len != nullptr);
    opforge::require_present(kOp, "min_len", min_len != nullptr);
    opforge::require_present(kOp, "eos_token_id", eos_token_id != nullptr);
    opforge::require_present(kOp, "output_padding_offset", output_padding_offset != nullptr);
    opforge::require_present(kOp, "output_cum_offsets", output_cum_offsets != nullptr);
    opforge::check_int32(kOp, "max_seq_len", max_seq_len);
    checked_call(*pre_ids,
                 *logits,
                 *penalty_scores,
                 *frequency_scores,
                 *presence_scores,
                 *temperatures,
                 *bad_tokens,
                 *cur_len,
                 *min_len,
                 *eos_token_id,
                 *output_padding_offset,
                 *output_cum_offsets,
                 static_cast<int32_t>(max_seq_len));
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& pre_ids,
                         const paddle::Tensor& logits,
                         const paddle::Tensor& penalty_scores,
                         const paddle::Tensor& frequency_scores,
                         const paddle::Tensor& presence_scores,
                         const paddle::Tensor& temperatures,
                         const paddle::Tensor& bad_tokens,
                         const paddle::Tensor& cur_len,
                         const paddle::Tensor& min_len,
                         const paddle::Tensor& eos_token_id,
                         const paddle::Tensor& output_padding_offset,
                         const paddle::Tensor& output_cum_offsets,
                         int max_seq_len) {
  opforge::check_int32(kOp, "max_seq_len", max_seq_len);
  checked_call(pre_ids,
               logits,
               penalty_scores,
               frequency_scores,
               presence_scores,
               temperatures,
               bad_tokens,
               cur_len,
               min_len,
               eos_token_id,
               output_padding_offset,
               output_cum_offsets,
               static_cast<int32_t>(max_seq_len));
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.speculate_get_token_penalty_multi_scores; its documentation is that function's.";
  return method;
}

}  // namespace opforge::speculate_get_token_penalty_multi_scores

PD_BUILD_OP(opforge_speculate_get_token_penalty_multi_scores)
    .Inputs({"pre_ids",
             "logits",
             "penalty_scores",
             "frequency_scores",
             "presence_scores",
             "temperatures",
             "bad_tokens",
             "cur_len",
             "min_len",
             "eos_token_id",
             "output_padding_offset",
             "output_cum_offsets"})
    .Outputs({"logits_out"})
    .Attrs({"max_seq_len: int"})
    .SetInplaceMap({{"logits", "logits_out"}})
    .SetKernelFn(PD_KERNEL(opforge::speculate_get_token_penalty_multi_scores::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_get_token_penalty_multi_scores::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_get_token_penalty_multi_scores::DtypeInference::dtype);
