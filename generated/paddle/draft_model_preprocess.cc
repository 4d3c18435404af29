// Generated from opspec/draft_model_preprocess.yaml by `python -m codegen`. Do not edit.
// Paddle side of draft_model_preprocess: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_draft_model_preprocess` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/draft_model_preprocess.h"
#include "opforge/paddle_glue.h"

namespace opforge::draft_model_preprocess {
namespace {

constexpr const char* kOp = "draft_model_preprocess";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& seq_lens_this_time,
                  const paddle::Tensor& seq_lens_encoder,
                  const paddle::Tensor& stop_flags,
                  const paddle::Tensor& step_idx,
                  const paddle::Tensor& max_dec_len,
                  const paddle::Tensor& prompt_lens,
                  const paddle::Tensor& token_ids_all,
                  const paddle::Tensor& step_input_ids,
                  const paddle::Tensor& draft_input_ids,
                  const paddle::Tensor& draft_seq_lens_this_time,
                  const paddle::Tensor& draft_seq_lens_encoder,
                  const paddle::Tensor& draft_seq_lens_decoder,
                  const paddle::Tensor& has_draft_seqs) {
  check_attrs();

  paddle_glue::PlaceAnchor anchor;
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
  const phi::DenseTensor& stop_flags_tensor = paddle_glue::check_tensor(
      kOp,
      "stop_flags",
      stop_flags,
      opforge::DType::kBool,
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& step_idx_tensor = paddle_glue::check_tensor(kOp,
                                                                      "step_idx",
                                                                      step_idx,
                                                                      opforge::DType::kInt64,
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
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& prompt_lens_tensor = paddle_glue::check_tensor(
      kOp,
      "prompt_lens",
      prompt_lens,
      opforge::DType::kInt64,
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
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
  const phi::DenseTensor& draft_input_ids_tensor = paddle_glue::check_tensor(
      kOp,
      "draft_input_ids",
      draft_input_ids,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[max_bsz, max_step_tokens]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& draft_seq_lens_this_time_tensor = paddle_glue::check_tensor(
      kOp,
      "draft_seq_lens_this_time",
      draft_seq_lens_this_time,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[real_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& draft_seq_lens_encoder_tensor = paddle_glue::check_tensor(
      kOp,
      "draft_seq_lens_encoder",
      draft_seq_lens_encoder,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& draft_seq_lens_decoder_tensor = paddle_glue::check_tensor(
      kOp,
      "draft_seq_lens_decoder",
      draft_seq_lens_decoder,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& has_draft_seqs_tensor = paddle_glue::check_tensor(
      kOp,
      "has_draft_seqs",
      has_draft_seqs,
      opforge::DType::kBool,
      1,
      opforge::UnitAxis::kRejected,
      "[1]",
      opforge::Memory::kHost,
      anchor);

  opforge::DimSlot max_bsz{"max_bsz"};
  opforge::DimSlot max_step_tokens{"max_step_tokens"};
  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::DimSlot max_model_len{"max_model_len"};
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "stop_flags", 0, stop_flags_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_idx", 0, step_idx_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "max_dec_len", 0, max_dec_len_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "prompt_lens", 0, prompt_lens_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "token_ids_all", 0, token_ids_all_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "token_ids_all", 1, token_ids_all_tensor.dims()[1], max_model_len);
  opforge::bind_dim(kOp, "step_input_ids", 0, step_input_ids_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_input_ids", 1, step_input_ids_tensor.dims()[1], max_step_tokens);
  opforge::bind_dim(kOp, "draft_input_ids", 0, draft_input_ids_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "draft_input_ids", 1, draft_input_ids_tensor.dims()[1], max_step_tokens);
  opforge::bind_dim(
      kOp, "draft_seq_lens_this_time", 0, draft_seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(
      kOp, "draft_seq_lens_encoder", 0, draft_seq_lens_encoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(
      kOp, "draft_seq_lens_decoder", 0, draft_seq_lens_decoder_tensor.dims()[0], max_bsz);
  opforge::check_dim(kOp, "has_draft_seqs", 0, has_draft_seqs_tensor.dims()[0], 1, "1", {});

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<const int32_t>(seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<const bool>(stop_flags_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(step_idx_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(max_dec_len_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(prompt_lens_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(
          token_ids_all_tensor, opforge::numel({max_bsz.get(), max_model_len.get()})),
      paddle_glue::buffer<int64_t>(
          step_input_ids_tensor, opforge::numel({max_bsz.get(), max_step_tokens.get()})),
      paddle_glue::buffer<int64_t>(
          draft_input_ids_tensor, opforge::numel({max_bsz.get(), max_step_tokens.get()})),
      paddle_glue::buffer<int32_t>(draft_seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<int32_t>(draft_seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(draft_seq_lens_decoder_tensor, max_bsz.get()),
      paddle_glue::buffer<bool>(has_draft_seqs_tensor, 1),
      max_bsz.get(),
      max_step_tokens.get(),
      real_bsz.get(),
      max_model_len.get());
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& seq_lens_this_time,
                   const paddle::Tensor& seq_lens_encoder,
                   const paddle::Tensor& stop_flags,
                   const paddle::Tensor& step_idx,
                   const paddle::Tensor& max_dec_len,
                   const paddle::Tensor& prompt_lens,
                   const paddle::Tensor& token_ids_all,
                   const paddle::Tensor& step_input_ids,
                   const paddle::Tensor& draft_input_ids,
                   const paddle::Tensor& draft_seq_lens_this_time,
                   const paddle::Tensor& draft_seq_lens_encoder,
                   const paddle::Tensor& draft_seq_lens_decoder,
                   const paddle::Tensor& has_draft_seqs) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    checked_call(seq_lens_this_time,
                 seq_lens_encoder,
                 stop_flags,
                 step_idx,
                 max_dec_len,
                 prompt_lens,
                 token_ids_all,
                 step_input_ids,
                 draft_input_ids,
                 draft_seq_lens_this_time,
                 draft_seq_lens_encoder,
                 draft_seq_lens_decoder,
                 has_draft_seqs);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& seq_lens_this_time_shape,
    const std::vector<int64_t>& seq_lens_encoder_shape,
    const std::vector<int64_t>& stop_flags_shape,
    const std::vector<int64_t>& step_idx_shape,
    const std::vector<int64_t>& max_dec_len_shape,
    const std::vector<int64_t>& prompt_lens_shape,
    const std::vector<int64_t>& token_ids_all_shape,
    const std::vector<int64_t>& step_input_ids_shape,
    const std::vector<int64_t>& draft_input_ids_shape,
    const std::vector<int64_t>& draft_seq_lens_this_time_shape,
    const std::vector<int64_t>& draft_seq_lens_encoder_shape,
    const std::vector<int64_t>& draft_seq_lens_decoder_shape,
    const std::vector<int64_t>& has_draft_seqs_shape) {
  return {seq_lens_this_time_shape,
          step_input_ids_shape,
          draft_input_ids_shape,
          draft_seq_lens_this_time_shape,
          draft_seq_lens_encoder_shape,
          draft_seq_lens_decoder_shape,
          has_draft_seqs_shape};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& seq_lens_encoder_dtype,
                                          const paddle::DataType& stop_flags_dtype,
                                          const paddle::DataType& step_idx_dtype,
                                          const paddle::DataType& max_dec_len_dtype,
                                          const paddle::DataType& prompt_lens_dtype,
                                          const paddle::DataType& token_ids_all_dtype,
                                          const paddle::DataType& step_input_ids_dtype,
                                          const paddle::DataType& draft_input_ids_dtype,
                                          const paddle::DataType& draft_seq_lens_this_time_dtype,
                                          const paddle::DataType& draft_seq_lens_encoder_dtype,
                                          const paddle::DataType& draft_seq_lens_decoder_dtype,
                                          const paddle::DataType& has_draft_seqs_dtype) {
  return {seq_lens_this_time_dtype,
          step_input_ids_dtype,
          draft_input_ids_dtype,
          draft_seq_lens_this_time_dtype,
          draft_seq_lens_encoder_dtype,
          draft_seq_lens_decoder_dtype,
          has_draft_seqs_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<13, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<13, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.draft_model_preprocess turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "seq_lens_this_time",
      "seq_lens_encoder",
      "stop_flags",
      "step_idx",
      "max_dec_len",
      "prompt_lens",
      "token_ids_all",
      "step_input_ids",
      "draft_input_ids",
      "draft_seq_lens_this_time",
      "draft_seq_lens_encoder",
      "draft_seq_lens_decoder",
      "has_draft_seqs",
  };
  PyObject* py_given[13];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 13, 13, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* stop_flags = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* step_idx = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* max_dec_len = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* prompt_lens = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* token_ids_all = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* step_input_ids = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* draft_input_ids = python_glue::tensor_arg(py_given[8], py_ok);
  const paddle::Tensor* draft_seq_lens_this_time = python_glue::tensor_arg(py_given[9], py_ok);
  const paddle::Tensor* draft_seq_lens_encoder = python_glue::tensor_arg(py_given[10], py_ok);
  const paddle::Tensor* draft_seq_lens_decoder = python_glue::tensor_arg(py_given[11], py_ok);
  const paddle::Tensor* has_draft_seqs = python_glue::tensor_arg(py_given[12], py_ok);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "stop_flags", stop_flags != nullptr);
    opforge::require_present(kOp, "step_idx", step_idx != nullptr);
    opforge::require_present(kOp, "max_dec_len", max_dec_len != nullptr);
    opforge::require_present(kOp, "prompt_lens", prompt_lens != nullptr);
    opforge::require_present(kOp, "token_ids_all", token_ids_all != nullptr);
    opforge::require_present(kOp, "step_input_ids", step_input_ids != nullptr);
    opforge::require_present(kOp, "draft_input_ids", draft_input_ids != nullptr);
    opforge::require_present(kOp, "draft_seq_lens_this_time", draft_seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "draft_seq_lens_encoder", draft_seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "draft_seq_lens_decoder", draft_seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "has_draft_seqs", has_draft_seqs != nullptr);
    checked_call(*seq_lens_this_time,
                 *seq_lens_encoder,
                 *stop_flags,
                 *step_idx,
                 *max_dec_len,
                 *prompt_lens,
                 *token_ids_all,
                 *step_input_ids,
                 *draft_input_ids,
                 *draft_seq_lens_this_time,
                 *draft_seq_lens_encoder,
                 *draft_seq_lens_decoder,
                 *has_draft_seqs);
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& seq_lens_this_time,
                         const paddle::Tensor& seq_lens_encoder,
                         const paddle::Tensor& stop_flags,
                         const paddle::Tensor& step_idx,
                         const paddle::Tensor& max_dec_len,
                         const paddle::Tensor& prompt_lens,
                         const paddle::Tensor& token_ids_all,
                         const paddle::Tensor& step_input_ids,
                         const paddle::Tensor& draft_input_ids,
                         const paddle::Tensor& draft_seq_lens_this_time,
                         const paddle::Tensor& draft_seq_lens_encoder,
                         const paddle::Tensor& draft_seq_lens_decoder,
                         const paddle::Tensor& has_draft_seqs) {
  checked_call(seq_lens_this_time,
               seq_lens_encoder,
               stop_flags,
               step_idx,
               max_dec_len,
               prompt_lens,
               token_ids_all,
               step_input_ids,
               draft_input_ids,
               draft_seq_lens_this_time,
               draft_seq_lens_encoder,
               draft_seq_lens_decoder,
               has_draft_seqs);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.draft_model_preprocess; its documentation is that function's.";
  return method;
}

}  // namespace opforge::draft_model_preprocess

PD_BUILD_OP(opforge_draft_model_preprocess)
    .Inputs({"seq_lens_this_time",
             "seq_lens_encoder",
             "stop_flags",
             "step_idx",
             "max_dec_len",
             "prompt_lens",
             "token_ids_all",
             "step_input_ids",
             "draft_input_ids",
             "draft_seq_lens_this_time",
             "draft_seq_lens_encoder",
             "draft_seq_lens_decoder",
             "has_draft_seqs"})
    .Outputs({"seq_lens_this_time_out",
              "step_input_ids_out",
              "draft_input_ids_out",
              "draft_seq_lens_this_time_out",
              "draft_seq_lens_encoder_out",
              "draft_seq_lens_decoder_out",
              "has_draft_seqs_out"})
    .Attrs({})
    .SetInplaceMap({{"seq_lens_this_time", "seq_lens_this_time_out"},
                    {"step_input_ids", "step_input_ids_out"},
                    {"draft_input_ids", "draft_input_ids_out"},
                    {"draft_seq_lens_this_time", "draft_seq_lens_this_time_out"},
                    {"draft_seq_lens_encoder", "draft_seq_lens_encoder_out"},
                    {"draft_seq_lens_decoder", "draft_seq_lens_decoder_out"},
                    {"has_draft_seqs", "has_draft_seqs_out"}})
    .SetKernelFn(PD_KERNEL(opforge::draft_model_preprocess::paddle_kernel))
    .SetInferShapeFn(&opforge::draft_model_preprocess::Inference::shape)
    .SetInferDtypeFn(&opforge::draft_model_preprocess::DtypeInference::dtype);
