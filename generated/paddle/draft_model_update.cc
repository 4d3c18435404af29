// Generated from opspec/draft_model_update.yaml by `python -m codegen`. Do not edit.
// Paddle side of draft_model_update: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_draft_model_update` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/draft_model_update.h"
#include "opforge/paddle_glue.h"

namespace opforge::draft_model_update {
namespace {

constexpr const char* kOp = "draft_model_update";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& draft_next_tokens,
                  const paddle::Tensor& cu_seqlens_q,
                  const paddle::Tensor& draft_seq_lens_this_time,
                  const paddle::Tensor& draft_seq_lens_encoder,
                  const paddle::Tensor& draft_seq_lens_decoder,
                  const paddle::Tensor& draft_input_ids,
                  const paddle::Tensor& step_input_ids,
                  const paddle::Tensor& seq_lens_this_time,
                  const paddle::Tensor& step_idx,
                  const paddle::Tensor& max_dec_len,
                  const paddle::Tensor& end_tokens,
                  const paddle::Tensor& has_draft_seqs,
                  bool prefill_one_step_stop) {
  check_attrs(prefill_one_step_stop);

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& draft_next_tokens_tensor = paddle_glue::check_tensor(
      kOp,
      "draft_next_tokens",
      draft_next_tokens,
      opforge::DType::kInt64,
      1,
      opforge::UnitAxis::kRejected,
      "[token_num]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& cu_seqlens_q_tensor = paddle_glue::check_tensor(
      kOp,
      "cu_seqlens_q",
      cu_seqlens_q,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[real_bsz + 1]",
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
      opforge::UnitAxis::kRejected,
      "[real_bsz]",
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
  opforge::DimSlot token_num{"token_num"};
  opforge::DimSlot end_length{"end_length"};
  opforge::bind_dim(kOp, "draft_next_tokens", 0, draft_next_tokens_tensor.dims()[0], token_num);
  opforge::bind_dim(
      kOp, "draft_seq_lens_this_time", 0, draft_seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(
      kOp, "draft_seq_lens_encoder", 0, draft_seq_lens_encoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(
      kOp, "draft_seq_lens_decoder", 0, draft_seq_lens_decoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "draft_input_ids", 0, draft_input_ids_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "draft_input_ids", 1, draft_input_ids_tensor.dims()[1], max_step_tokens);
  opforge::bind_dim(kOp, "step_input_ids", 0, step_input_ids_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_input_ids", 1, step_input_ids_tensor.dims()[1], max_step_tokens);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "step_idx", 0, step_idx_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "max_dec_len", 0, max_dec_len_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "end_tokens", 0, end_tokens_tensor.dims()[0], end_length);
  opforge::check_dim(kOp,
                     "cu_seqlens_q",
                     0,
                     cu_seqlens_q_tensor.dims()[0],
                     real_bsz.value + 1,
                     "real_bsz + 1",
                     {&real_bsz});
  opforge::check_dim(kOp, "has_draft_seqs", 0, has_draft_seqs_tensor.dims()[0], 1, "1", {});

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<const int64_t>(draft_next_tokens_tensor, token_num.get()),
      paddle_glue::buffer<const int32_t>(cu_seqlens_q_tensor, real_bsz.get() + 1),
      paddle_glue::buffer<int32_t>(draft_seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<int32_t>(draft_seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(draft_seq_lens_decoder_tensor, max_bsz.get()),
      paddle_glue::buffer<int64_t>(
          draft_input_ids_tensor, opforge::numel({max_bsz.get(), max_step_tokens.get()})),
      paddle_glue::buffer<int64_t>(
          step_input_ids_tensor, opforge::numel({max_bsz.get(), max_step_tokens.get()})),
      paddle_glue::buffer<int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<const int64_t>(step_idx_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(max_dec_len_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(end_tokens_tensor, end_length.get()),
      paddle_glue::buffer<bool>(has_draft_seqs_tensor, 1),
      max_bsz.get(),
      max_step_tokens.get(),
      real_bsz.get(),
      token_num.get(),
      end_length.get(),
      prefill_one_step_stop);
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& draft_next_tokens,
                   const paddle::Tensor& cu_seqlens_q,
                   const paddle::Tensor& draft_seq_lens_this_time,
                   const paddle::Tensor& draft_seq_lens_encoder,
                   const paddle::Tensor& draft_seq_lens_decoder,
                   const paddle::Tensor& draft_input_ids,
                   const paddle::Tensor& step_input_ids,
                   const paddle::Tensor& seq_lens_this_time,
                   const paddle::Tensor& step_idx,
                   const paddle::Tensor& max_dec_len,
                   const paddle::Tensor& end_tokens,
                   const paddle::Tensor& has_draft_seqs,
                   bool prefill_one_step_stop) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    checked_call(draft_next_tokens,
                 cu_seqlens_q,
                 draft_seq_lens_this_time,
                 draft_seq_lens_encoder,
                 draft_seq_lens_decoder,
                 draft_input_ids,
                 step_input_ids,
                 seq_lens_this_time,
                 step_idx,
                 max_dec_len,
                 end_tokens,
                 has_draft_seqs,
                 prefill_one_step_stop);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& draft_next_tokens_shape,
    const std::vector<int64_t>& cu_seqlens_q_shape,
    const std::vector<int64_t>& draft_seq_lens_this_time_shape,
    const std::vector<int64_t>& draft_seq_lens_encoder_shape,
    const std::vector<int64_t>& draft_seq_lens_decoder_shape,
    const std::vector<int64_t>& draft_input_ids_shape,
    const std::vector<int64_t>& step_input_ids_shape,
    const std::vector<int64_t>& seq_lens_this_time_shape,
    const std::vector<int64_t>& step_idx_shape,
    const std::vector<int64_t>& max_dec_len_shape,
    const std::vector<int64_t>& end_tokens_shape,
    const std::vector<int64_t>& has_draft_seqs_shape,
    bool prefill_one_step_stop) {
  return {draft_seq_lens_this_time_shape,
          draft_seq_lens_encoder_shape,
          draft_seq_lens_decoder_shape,
          draft_input_ids_shape,
          step_input_ids_shape,
          seq_lens_this_time_shape,
          has_draft_seqs_shape};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& draft_next_tokens_dtype,
                                          const paddle::DataType& cu_seqlens_q_dtype,
                                          const paddle::DataType& draft_seq_lens_this_time_dtype,
                                          const paddle::DataType& draft_seq_lens_encoder_dtype,
                                          const paddle::DataType& draft_seq_lens_decoder_dtype,
                                          const paddle::DataType& draft_input_ids_dtype,
                                          const paddle::DataType& step_input_ids_dtype,
                                          const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& step_idx_dtype,
                                          const paddle::DataType& max_dec_len_dtype,
                                          const paddle::DataType& end_tokens_dtype,
                                          const paddle::DataType& has_draft_seqs_dtype,
                                          bool prefill_one_step_stop) {
  return {draft_seq_lens_this_time_dtype,
          draft_seq_lens_encoder_dtype,
          draft_seq_lens_decoder_dtype,
          draft_input_ids_dtype,
          step_input_ids_dtype,
          seq_lens_this_time_dtype,
          has_draft_seqs_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<12, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<12, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.draft_model_update turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "draft_next_tokens",
      "cu_seqlens_q",
      "draft_seq_lens_this_time",
      "draft_seq_lens_encoder",
      "draft_seq_lens_decoder",
      "draft_input_ids",
      "step_input_ids",
      "seq_lens_this_time",
      "step_idx",
      "max_dec_len",
      "end_tokens",
      "has_draft_seqs",
      "prefill_one_step_stop",
  };
  PyObject* py_given[13];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 13, 12, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* draft_next_tokens = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* cu_seqlens_q = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* draft_seq_lens_this_time = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* draft_seq_lens_encoder = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* draft_seq_lens_decoder = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* draft_input_ids = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* step_input_ids = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* step_idx = python_glue::tensor_arg(py_given[8], py_ok);
  const paddle::Tensor* max_dec_len = python_glue::tensor_arg(py_given[9], py_ok);
  const paddle::Tensor* end_tokens = python_glue::tensor_arg(py_given[10], py_ok);
  const paddle::Tensor* has_draft_seqs = python_glue::tensor_arg(py_given[11], py_ok);
  bool prefill_one_step_stop(false);
  if (py_ok && py_given[12] != nullptr)
    py_ok = python_glue::bool_arg(py_given[12], prefill_one_step_stop);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "draft_next_tokens", draft_next_tokens != nullptr);
    opforge::require_present(kOp, "cu_seqlens_q", cu_seqlens_q != nullptr);
    opforge::require_present(kOp, "draft_seq_lens_this_time", draft_seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "draft_seq_lens_encoder", draft_seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "draft_seq_lens_decoder", draft_seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "draft_input_ids", draft_input_ids != nullptr);
    opforge::require_present(kOp, "step_input_ids", step_input_ids != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "step_idx", step_idx != nullptr);
    opforge::require_present(kOp, "max_dec_len", max_dec_len != nullptr);
    opforge::require_present(kOp, "end_tokens", end_tokens != nullptr);
    opforge::require_present(kOp, "has_draft_seqs", has_draft_seqs != nullptr);
    checked_call(*draft_next_tokens,
                 *cu_seqlens_q,
                 *draft_seq_lens_this_time,
                 *draft_seq_lens_encoder,
                 *draft_seq_lens_decoder,
                 *draft_input_ids,
                 *step_input_ids,
                 *seq_lens_this_time,
                 *step_idx,
                 *max_dec_len,
                 *end_tokens,
                 *has_draft_seqs,
                 prefill_one_step_stop);
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& draft_next_tokens,
                         const paddle::Tensor& cu_seqlens_q,
                         const paddle::Tensor& draft_seq_lens_this_time,
                         const paddle::Tensor& draft_seq_lens_encoder,
                         const paddle::Tensor& draft_seq_lens_decoder,
                         const paddle::Tensor& draft_input_ids,
                         const paddle::Tensor& step_input_ids,
                         const paddle::Tensor& seq_lens_this_time,
                         const paddle::Tensor& step_idx,
                         const paddle::Tensor& max_dec_len,
                         const paddle::Tensor& end_tokens,
                         const paddle::Tensor& has_draft_seqs,
                         bool prefill_one_step_stop) {
  checked_call(draft_next_tokens,
               cu_seqlens_q,
               draft_seq_lens_this_time,
               draft_seq_lens_encoder,
               draft_seq_lens_decoder,
               draft_input_ids,
               step_input_ids,
               seq_lens_this_time,
               step_idx,
               max_dec_len,
               end_tokens,
               has_draft_seqs,
               prefill_one_step_stop);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.draft_model_update; its documentation is that function's.";
  return method;
}

}  // namespace opforge::draft_model_update

PD_BUILD_OP(opforge_draft_model_update)
    .Inputs({"draft_next_tokens",
             "cu_seqlens_q",
             "draft_seq_lens_this_time",
             "draft_seq_lens_encoder",
             "draft_seq_lens_decoder",
             "draft_input_ids",
             "step_input_ids",
             "seq_lens_this_time",
             "step_idx",
             "max_dec_len",
             "end_tokens",
             "has_draft_seqs"})
    .Outputs({"draft_seq_lens_this_time_out",
              "draft_seq_lens_encoder_out",
              "draft_seq_lens_decoder_out",
              "draft_input_ids_out",
              "step_input_ids_out",
              "seq_lens_this_time_out",
              "has_draft_seqs_out"})
    .Attrs({"prefill_one_step_stop: bool"})
    .SetInplaceMap({{"draft_seq_lens_this_time", "draft_seq_lens_this_time_out"},
                    {"draft_seq_lens_encoder", "draft_seq_lens_encoder_out"},
                    {"draft_seq_lens_decoder", "draft_seq_lens_decoder_out"},
                    {"draft_input_ids", "draft_input_ids_out"},
                    {"step_input_ids", "step_input_ids_out"},
                    {"seq_lens_this_time", "seq_lens_this_time_out"},
                    {"has_draft_seqs", "has_draft_seqs_out"}})
    .SetKernelFn(PD_KERNEL(opforge::draft_model_update::paddle_kernel))
    .SetInferShapeFn(&opforge::draft_model_update::Inference::shape)
    .SetInferDtypeFn(&opforge::draft_model_update::DtypeInference::dtype);
