// Generated from opspec/unified_update_model_status.yaml by `python -m codegen`. Do not edit.
// Paddle side of unified_update_model_status: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_unified_update_model_status` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/unified_update_model_status.h"
#include "opforge/paddle_glue.h"

namespace opforge::unified_update_model_status {
namespace {

constexpr const char* kOp = "unified_update_model_status";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& seq_lens_encoder,
                  const paddle::Tensor& seq_lens_decoder,
                  const paddle::Tensor& has_running_seqs,
                  const paddle::Tensor& step_input_ids,
                  const paddle::Tensor& step_output_ids,
                  const paddle::Tensor& step_output_len,
                  const paddle::Tensor& stop_flags,
                  const paddle::Tensor& seq_lens_this_time,
                  const paddle::Tensor& is_paused,
                  const paddle::Tensor& mask_rollback,
                  const paddle::Tensor& token_ids_all,
                  const paddle::Tensor& prompt_lens,
                  const paddle::Tensor& step_idx,
                  const paddle::Tensor& end_tokens,
                  const paddle::Tensor& max_dec_len,
                  bool is_naive_mode,
                  bool prefill_one_step_stop) {
  check_attrs(is_naive_mode, prefill_one_step_stop);

  paddle_glue::PlaceAnchor anchor;
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
  const phi::DenseTensor& has_running_seqs_tensor = paddle_glue::check_tensor(
      kOp,
      "has_running_seqs",
      has_running_seqs,
      opforge::DType::kBool,
      1,
      opforge::UnitAxis::kRejected,
      "[1]",
      opforge::Memory::kHost,
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
  const phi::DenseTensor& is_paused_tensor = paddle_glue::check_tensor(kOp,
                                                                       "is_paused",
                                                                       is_paused,
                                                                       opforge::DType::kBool,
                                                                       1,
                                                                       opforge::UnitAxis::kRejected,
                                                                       "[max_bsz]",
                                                                       opforge::Memory::kDevice,
                                                                       anchor);
  const phi::DenseTensor& mask_rollback_tensor = paddle_glue::check_tensor(
      kOp,
      "mask_rollback",
      mask_rollback,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
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
  opforge::DimSlot max_step_tokens{"max_step_tokens"};
  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::DimSlot max_model_len{"max_model_len"};
  opforge::DimSlot end_length{"end_length"};
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "seq_lens_decoder", 0, seq_lens_decoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_input_ids", 0, step_input_ids_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_input_ids", 1, step_input_ids_tensor.dims()[1], max_step_tokens);
  opforge::bind_dim(kOp, "step_output_ids", 0, step_output_ids_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_output_ids", 1, step_output_ids_tensor.dims()[1], max_step_tokens);
  opforge::bind_dim(kOp, "step_output_len", 0, step_output_len_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "stop_flags", 0, stop_flags_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "is_paused", 0, is_paused_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "mask_rollback", 0, mask_rollback_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "token_ids_all", 0, token_ids_all_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "token_ids_all", 1, token_ids_all_tensor.dims()[1], max_model_len);
  opforge::bind_dim(kOp, "prompt_lens", 0, prompt_lens_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_idx", 0, step_idx_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "end_tokens", 0, end_tokens_tensor.dims()[0], end_length);
  opforge::bind_dim(kOp, "max_dec_len", 0, max_dec_len_tensor.dims()[0], max_bsz);
  opforge::check_dim(kOp, "has_running_seqs", 0, has_running_seqs_tensor.dims()[0], 1, "1", {});

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<int32_t>(seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_decoder_tensor, max_bsz.get()),
      paddle_glue::buffer<bool>(has_running_seqs_tensor, 1),
      paddle_glue::buffer<int64_t>(
          step_input_ids_tensor, opforge::numel({max_bsz.get(), max_step_tokens.get()})),
      paddle_glue::buffer<int64_t>(
          step_output_ids_tensor, opforge::numel({max_bsz.get(), max_step_tokens.get()})),
      paddle_glue::buffer<int32_t>(step_output_len_tensor, max_bsz.get()),
      paddle_glue::buffer<bool>(stop_flags_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<const bool>(is_paused_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(mask_rollback_tensor, max_bsz.get()),
      paddle_glue::buffer<int64_t>(
          token_ids_all_tensor, opforge::numel({max_bsz.get(), max_model_len.get()})),
      paddle_glue::buffer<const int64_t>(prompt_lens_tensor, max_bsz.get()),
      paddle_glue::buffer<int64_t>(step_idx_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(end_tokens_tensor, end_length.get()),
      paddle_glue::buffer<const int64_t>(max_dec_len_tensor, max_bsz.get()),
      max_bsz.get(),
      max_step_tokens.get(),
      real_bsz.get(),
      max_model_len.get(),
      end_length.get(),
      is_naive_mode,
      prefill_one_step_stop);
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& seq_lens_encoder,
                   const paddle::Tensor& seq_lens_decoder,
                   const paddle::Tensor& has_running_seqs,
                   const paddle::Tensor& step_input_ids,
                   const paddle::Tensor& step_output_ids,
                   const paddle::Tensor& step_output_len,
                   const paddle::Tensor& stop_flags,
                   const paddle::Tensor& seq_lens_this_time,
                   const paddle::Tensor& is_paused,
                   const paddle::Tensor& mask_rollback,
                   const paddle::Tensor& token_ids_all,
                   const paddle::Tensor& prompt_lens,
                   const paddle::Tensor& step_idx,
                   const paddle::Tensor& end_tokens,
                   const paddle::Tensor& max_dec_len,
                   bool is_naive_mode,
                   bool prefill_one_step_stop) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    checked_call(seq_lens_encoder,
                 seq_lens_decoder,
                 has_running_seqs,
                 step_input_ids,
                 step_output_ids,
                 step_output_len,
                 stop_flags,
                 seq_lens_this_time,
                 is_paused,
                 mask_rollback,
                 token_ids_all,
                 prompt_lens,
                 step_idx,
                 end_tokens,
                 max_dec_len,
                 is_naive_mode,
                 prefill_one_step_stop);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(const std::vector<int64_t>& seq_lens_encoder_shape,
                                              const std::vector<int64_t>& seq_lens_decoder_shape,
                                              const std::vector<int64_t>& has_running_seqs_shape,
                                              const std::vector<int64_t>& step_input_ids_shape,
                                              const std::vector<int64_t>& step_output_ids_shape,
                                              const std::vector<int64_t>& step_output_len_shape,
                                              const std::vector<int64_t>& stop_flags_shape,
                                              const std::vector<int64_t>& seq_lens_this_time_shape,
                                              const std::vector<int64_t>& is_paused_shape,
                                              const std::vector<int64_t>& mask_rollback_shape,
                                              const std::vector<int64_t>& token_ids_all_shape,
                                              const std::vector<int64_t>& prompt_lens_shape,
                                              const std::vector<int64_t>& step_idx_shape,
                                              const std::vector<int64_t>& end_tokens_shape,
                                              const std::vector<int64_t>& max_dec_len_shape,
                                              bool is_naive_mode,
                                              bool prefill_one_step_stop) {
  return {seq_lens_encoder_shape,
          seq_lens_decoder_shape,
          has_running_seqs_shape,
          step_input_ids_shape,
          step_output_ids_shape,
          step_output_len_shape,
          stop_flags_shape,
          seq_lens_this_time_shape,
          mask_rollback_shape,
          token_ids_all_shape,
          step_idx_shape};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& seq_lens_encoder_dtype,
                                          const paddle::DataType& seq_lens_decoder_dtype,
                                          const paddle::DataType& has_running_seqs_dtype,
                                          const paddle::DataType& step_input_ids_dtype,
                                          const paddle::DataType& step_output_ids_dtype,
                                          const paddle::DataType& step_output_len_dtype,
                                          const paddle::DataType& stop_flags_dtype,
                                          const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& is_paused_dtype,
                                          const paddle::DataType& mask_rollback_dtype,
                                          const paddle::DataType& token_ids_all_dtype,
                                          const paddle::DataType& prompt_lens_dtype,
                                          const paddle::DataType& step_idx_dtype,
                                          const paddle::DataType& end_tokens_dtype,
                                          const paddle::DataType& max_dec_len_dtype,
                                          bool is_naive_mode,
                                          bool prefill_one_step_stop) {
  return {seq_lens_encoder_dtype,
          seq_lens_decoder_dtype,
          has_running_seqs_dtype,
          step_input_ids_dtype,
          step_output_ids_dtype,
          step_output_len_dtype,
          stop_flags_dtype,
          seq_lens_this_time_dtype,
          mask_rollback_dtype,
          token_ids_all_dtype,
          step_idx_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<15, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<15, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.unified_update_model_status turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "seq_lens_encoder",
      "seq_lens_decoder",
      "has_running_seqs",
      "step_input_ids",
      "step_output_ids",
      "step_output_len",
      "stop_flags",
      "seq_lens_this_time",
      "is_paused",
      "mask_rollback",
      "token_ids_all",
      "prompt_lens",
      "step_idx",
      "end_tokens",
      "max_dec_len",
      "is_naive_mode",
      "prefill_one_step_stop",
  };
  PyObject* py_given[17];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 17, 15, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* seq_lens_decoder = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* has_running_seqs = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* step_input_ids = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* step_output_ids = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* step_output_len = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* stop_flags = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* is_paused = python_glue::tensor_arg(py_given[8], py_ok);
  const paddle::Tensor* mask_rollback = python_glue::tensor_arg(py_given[9], py_ok);
  const paddle::Tensor* token_ids_all = python_glue::tensor_arg(py_given[10], py_ok);
  const paddle::Tensor* prompt_lens = python_glue::tensor_arg(py_given[11], py_ok);
  const paddle::Tensor* step_idx = python_glue::tensor_arg(py_given[12], py_ok);
  const paddle::Tensor* end_tokens = python_glue::tensor_arg(py_given[13], py_ok);
  const paddle::Tensor* max_dec_len = python_glue::tensor_arg(py_given[14], py_ok);
  bool is_naive_mode(false);
  if (py_ok && py_given[15] != nullptr) py_ok = python_glue::bool_arg(py_given[15], is_naive_mode);
  bool prefill_one_step_stop(false);
  if (py_ok && py_given[16] != nullptr)
    py_ok = python_glue::bool_arg(py_given[16], prefill_one_step_stop);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "seq_lens_decoder", seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "has_running_seqs", has_running_seqs != nullptr);
    opforge::require_present(kOp, "step_input_ids", step_input_ids != nullptr);
    opforge::require_present(kOp, "step_output_ids", step_output_ids != nullptr);
    opforge::require_present(kOp, "step_output_len", step_output_len != nullptr);
    opforge::require_present(kOp, "stop_flags", stop_flags != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "is_paused", is_paused != nullptr);
    opforge::require_present(kOp, "mask_rollback", mask_rollback != nullptr);
    opforge::require_present(kOp, "token_ids_all", token_ids_all != nullptr);
    opforge::require_present(kOp, "prompt_lens", prompt_lens != nullptr);
    opforge::require_present(kOp, "step_idx", step_idx != nullptr);
    opforge::require_present(kOp, "end_tokens", end_tokens != nullptr);
    opforge::require_present(kOp, "max_dec_len", max_dec_len != nullptr);
    checked_call(*seq_lens_encoder,
                 *seq_lens_decoder,
                 *has_running_seqs,
                 *step_input_ids,
                 *step_output_ids,
                 *step_output_len,
                 *stop_flags,
                 *seq_lens_this_time,
                 *is_paused,
                 *mask_rollback,
                 *token_ids_all,
                 *prompt_lens,
                 *step_idx,
                 *end_tokens,
                 *max_dec_len,
                 is_naive_mode,
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
OPFORGE_EXPORT void call(const paddle::Tensor& seq_lens_encoder,
                         const paddle::Tensor& seq_lens_decoder,
                         const paddle::Tensor& has_running_seqs,
                         const paddle::Tensor& step_input_ids,
                         const paddle::Tensor& step_output_ids,
                         const paddle::Tensor& step_output_len,
                         const paddle::Tensor& stop_flags,
                         const paddle::Tensor& seq_lens_this_time,
                         const paddle::Tensor& is_paused,
                         const paddle::Tensor& mask_rollback,
                         const paddle::Tensor& token_ids_all,
                         const paddle::Tensor& prompt_lens,
                         const paddle::Tensor& step_idx,
                         const paddle::Tensor& end_tokens,
                         const paddle::Tensor& max_dec_len,
                         bool is_naive_mode,
                         bool prefill_one_step_stop) {
  checked_call(seq_lens_encoder,
               seq_lens_decoder,
               has_running_seqs,
               step_input_ids,
               step_output_ids,
               step_output_len,
               stop_flags,
               seq_lens_this_time,
               is_paused,
               mask_rollback,
               token_ids_all,
               prompt_lens,
               step_idx,
               end_tokens,
               max_dec_len,
               is_naive_mode,
               prefill_one_step_stop);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.unified_update_model_status; its documentation is that function's.";
  return method;
}

}  // namespace opforge::unified_update_model_status

PD_BUILD_OP(opforge_unified_update_model_status)
    .Inputs({"seq_lens_encoder",
             "seq_lens_decoder",
             "has_running_seqs",
             "step_input_ids",
             "step_output_ids",
             "step_output_len",
             "stop_flags",
             "seq_lens_this_time",
             "is_paused",
             "mask_rollback",
             "token_ids_all",
             "prompt_lens",
             "step_idx",
             "end_tokens",
             "max_dec_len"})
    .Outputs({"seq_lens_encoder_out",
              "seq_lens_decoder_out",
              "has_running_seqs_out",
              "step_input_ids_out",
              "step_output_ids_out",
              "step_output_len_out",
              "stop_flags_out",
              "seq_lens_this_time_out",
              "mask_rollback_out",
              "token_ids_all_out",
              "step_idx_out"})
    .Attrs({"is_naive_mode: bool", "prefill_one_step_stop: bool"})
    .SetInplaceMap({{"seq_lens_encoder", "seq_lens_encoder_out"},
                    {"seq_lens_decoder", "seq_lens_decoder_out"},
                    {"has_running_seqs", "has_running_seqs_out"},
                    {"step_input_ids", "step_input_ids_out"},
                    {"step_output_ids", "step_output_ids_out"},
                    {"step_output_len", "step_output_len_out"},
                    {"stop_flags", "stop_flags_out"},
                    {"seq_lens_this_time", "seq_lens_this_time_out"},
                    {"mask_rollback", "mask_rollback_out"},
                    {"token_ids_all", "token_ids_all_out"},
                    {"step_idx", "step_idx_out"}})
    .SetKernelFn(PD_KERNEL(opforge::unified_update_model_status::paddle_kernel))
    .SetInferShapeFn(&opforge::unified_update_model_status::Inference::shape)
    .SetInferDtypeFn(&opforge::unified_update_model_status::DtypeInference::dtype);
