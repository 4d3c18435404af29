// Generated from opspec/speculate_set_value_by_flags_and_idx.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_set_value_by_flags_and_idx: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_set_value_by_flags_and_idx` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/speculate_set_value_by_flags_and_idx.h"
#include "opforge/paddle_glue.h"

namespace opforge::speculate_set_value_by_flags_and_idx {
namespace {

constexpr const char* kOp = "speculate_set_value_by_flags_and_idx";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& pre_ids_all,
                  const paddle::Tensor& accept_tokens,
                  const paddle::Tensor& accept_num,
                  const paddle::Tensor& stop_flags,
                  const paddle::Tensor& seq_lens_encoder,
                  const paddle::Tensor& seq_lens_decoder,
                  const paddle::Tensor& step_idx) {
  check_attrs();

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& pre_ids_all_tensor = paddle_glue::check_tensor(
      kOp,
      "pre_ids_all",
      pre_ids_all,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[bsz, pre_ids_len]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& accept_tokens_tensor = paddle_glue::check_tensor(
      kOp,
      "accept_tokens",
      accept_tokens,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[bsz, max_draft_tokens]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& accept_num_tensor = paddle_glue::check_tensor(
      kOp,
      "accept_num",
      accept_num,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& stop_flags_tensor = paddle_glue::check_tensor(
      kOp,
      "stop_flags",
      stop_flags,
      opforge::DType::kBool,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& seq_lens_encoder_tensor = paddle_glue::check_tensor(
      kOp,
      "seq_lens_encoder",
      seq_lens_encoder,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& seq_lens_decoder_tensor = paddle_glue::check_tensor(
      kOp,
      "seq_lens_decoder",
      seq_lens_decoder,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& step_idx_tensor = paddle_glue::check_tensor(kOp,
                                                                      "step_idx",
                                                                      step_idx,
                                                                      opforge::DType::kInt64,
                                                                      1,
                                                                      opforge::UnitAxis::kAccepted,
                                                                      "[bsz]",
                                                                      opforge::Memory::kDevice,
                                                                      anchor);

  opforge::DimSlot bsz{"bsz"};
  opforge::DimSlot pre_ids_len{"pre_ids_len"};
  opforge::DimSlot max_draft_tokens{"max_draft_tokens"};
  opforge::bind_dim(kOp, "pre_ids_all", 0, pre_ids_all_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "pre_ids_all", 1, pre_ids_all_tensor.dims()[1], pre_ids_len);
  opforge::bind_dim(kOp, "accept_tokens", 0, accept_tokens_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "accept_tokens", 1, accept_tokens_tensor.dims()[1], max_draft_tokens);
  opforge::bind_dim(kOp, "accept_num", 0, accept_num_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "stop_flags", 0, stop_flags_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "seq_lens_decoder", 0, seq_lens_decoder_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "step_idx", 0, step_idx_tensor.dims()[0], bsz);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<int64_t>(
          pre_ids_all_tensor, opforge::numel({bsz.get(), pre_ids_len.get()})),
      paddle_glue::buffer<const int64_t>(
          accept_tokens_tensor, opforge::numel({bsz.get(), max_draft_tokens.get()})),
      paddle_glue::buffer<int32_t>(accept_num_tensor, bsz.get()),
      paddle_glue::buffer<const bool>(stop_flags_tensor, bsz.get()),
      paddle_glue::buffer<const int32_t>(seq_lens_encoder_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_decoder_tensor, bsz.get()),
      paddle_glue::buffer<const int64_t>(step_idx_tensor, bsz.get()),
      bsz.get(),
      pre_ids_len.get(),
      max_draft_tokens.get());
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& pre_ids_all,
                   const paddle::Tensor& accept_tokens,
                   const paddle::Tensor& accept_num,
                   const paddle::Tensor& stop_flags,
                   const paddle::Tensor& seq_lens_encoder,
                   const paddle::Tensor& seq_lens_decoder,
                   const paddle::Tensor& step_idx) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    checked_call(pre_ids_all,
                 accept_tokens,
                 accept_num,
                 stop_flags,
                 seq_lens_encoder,
                 seq_lens_decoder,
                 step_idx);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(const std::vector<int64_t>& pre_ids_all_shape,
                                              const std::vector<int64_t>& accept_tokens_shape,
                                              const std::vector<int64_t>& accept_num_shape,
                                              const std::vector<int64_t>& stop_flags_shape,
                                              const std::vector<int64_t>& seq_lens_encoder_shape,
                                              const std::vector<int64_t>& seq_lens_decoder_shape,
                                              const std::vector<int64_t>& step_idx_shape) {
  return {pre_ids_all_shape, accept_num_shape, seq_lens_decoder_shape};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& pre_ids_all_dtype,
                                          const paddle::DataType& accept_tokens_dtype,
                                          const paddle::DataType& accept_num_dtype,
                                          const paddle::DataType& stop_flags_dtype,
                                          const paddle::DataType& seq_lens_encoder_dtype,
                                          const paddle::DataType& seq_lens_decoder_dtype,
                                          const paddle::DataType& step_idx_dtype) {
  return {pre_ids_all_dtype, accept_num_dtype, seq_lens_decoder_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<7, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<7, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.speculate_set_value_by_flags_and_idx turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "pre_ids_all",
      "accept_tokens",
      "accept_num",
      "stop_flags",
      "seq_lens_encoder",
      "seq_lens_decoder",
      "step_idx",
  };
  PyObject* py_given[7];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 7, 7, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* pre_ids_all = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* accept_tokens = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* accept_num = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* stop_flags = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* seq_lens_decoder = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* step_idx = python_glue::tensor_arg(py_given[6], py_ok);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "pre_ids_all", pre_ids_all != nullptr);
    opforge::require_present(kOp, "accept_tokens", accept_tokens != nullptr);
    opforge::require_present(kOp, "accept_num", accept_num != nullptr);
    opforge::require_present(kOp, "stop_flags", stop_flags != nullptr);
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "seq_lens_decoder", seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "step_idx", step_idx != nullptr);
    checked_call(*pre_ids_all,
                 *accept_tokens,
                 *accept_num,
                 *stop_flags,
                 *seq_lens_encoder,
                 *seq_lens_decoder,
                 *step_idx);
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& pre_ids_all,
                         const paddle::Tensor& accept_tokens,
                         const paddle::Tensor& accept_num,
                         const paddle::Tensor& stop_flags,
                         const paddle::Tensor& seq_lens_encoder,
                         const paddle::Tensor& seq_lens_decoder,
                         const paddle::Tensor& step_idx) {
  checked_call(pre_ids_all,
               accept_tokens,
               accept_num,
               stop_flags,
               seq_lens_encoder,
               seq_lens_decoder,
               step_idx);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.speculate_set_value_by_flags_and_idx; its documentation is that function's.";
  return method;
}

}  // namespace opforge::speculate_set_value_by_flags_and_idx

PD_BUILD_OP(opforge_speculate_set_value_by_flags_and_idx)
    .Inputs({"pre_ids_all",
             "accept_tokens",
             "accept_num",
             "stop_flags",
             "seq_lens_encoder",
             "seq_lens_decoder",
             "step_idx"})
    .Outputs({"pre_ids_all_out", "accept_num_out", "seq_lens_decoder_out"})
    .Attrs({})
    .SetInplaceMap({{"pre_ids_all", "pre_ids_all_out"},
                    {"accept_num", "accept_num_out"},
                    {"seq_lens_decoder", "seq_lens_decoder_out"}})
    .SetKernelFn(PD_KERNEL(opforge::speculate_set_value_by_flags_and_idx::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_set_value_by_flags_and_idx::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_set_value_by_flags_and_idx::DtypeInference::dtype);
