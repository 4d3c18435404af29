// Generated from opspec/speculate_limit_thinking_content_length_v2.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_limit_thinking_content_length_v2: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_limit_thinking_content_length_v2` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/speculate_limit_thinking_content_length_v2.h"
#include "opforge/paddle_glue.h"

namespace opforge::speculate_limit_thinking_content_length_v2 {
namespace {

constexpr const char* kOp = "speculate_limit_thinking_content_length_v2";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& next_tokens,
                  const paddle::Tensor& max_think_lens,
                  const paddle::Tensor& step_idx,
                  const paddle::Tensor& limit_think_status,
                  const paddle::Tensor& accept_num,
                  const paddle::Tensor& seq_lens_decoder,
                  const paddle::Tensor& stop_flags,
                  int64_t think_end_id,
                  int64_t line_break_id) {
  check_attrs(think_end_id, line_break_id);

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& next_tokens_tensor = paddle_glue::check_tensor(
      kOp,
      "next_tokens",
      next_tokens,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[bsz, tokens_per_step]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& max_think_lens_tensor = paddle_glue::check_tensor(
      kOp,
      "max_think_lens",
      max_think_lens,
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
  const phi::DenseTensor& limit_think_status_tensor = paddle_glue::check_tensor(
      kOp,
      "limit_think_status",
      limit_think_status,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
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

  opforge::DimSlot bsz{"bsz"};
  opforge::DimSlot tokens_per_step{"tokens_per_step"};
  opforge::bind_dim(kOp, "next_tokens", 0, next_tokens_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "next_tokens", 1, next_tokens_tensor.dims()[1], tokens_per_step);
  opforge::bind_dim(kOp, "max_think_lens", 0, max_think_lens_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "step_idx", 0, step_idx_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "limit_think_status", 0, limit_think_status_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "accept_num", 0, accept_num_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "seq_lens_decoder", 0, seq_lens_decoder_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "stop_flags", 0, stop_flags_tensor.dims()[0], bsz);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<int64_t>(
          next_tokens_tensor, opforge::numel({bsz.get(), tokens_per_step.get()})),
      paddle_glue::buffer<const int32_t>(max_think_lens_tensor, bsz.get()),
      paddle_glue::buffer<int64_t>(step_idx_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(limit_think_status_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(accept_num_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_decoder_tensor, bsz.get()),
      paddle_glue::buffer<const bool>(stop_flags_tensor, bsz.get()),
      bsz.get(),
      tokens_per_step.get(),
      think_end_id,
      line_break_id);
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& next_tokens,
                   const paddle::Tensor& max_think_lens,
                   const paddle::Tensor& step_idx,
                   const paddle::Tensor& limit_think_status,
                   const paddle::Tensor& accept_num,
                   const paddle::Tensor& seq_lens_decoder,
                   const paddle::Tensor& stop_flags,
                   int64_t think_end_id,
                   int64_t line_break_id) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    checked_call(next_tokens,
                 max_think_lens,
                 step_idx,
                 limit_think_status,
                 accept_num,
                 seq_lens_decoder,
                 stop_flags,
                 think_end_id,
                 line_break_id);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(const std::vector<int64_t>& next_tokens_shape,
                                              const std::vector<int64_t>& max_think_lens_shape,
                                              const std::vector<int64_t>& step_idx_shape,
                                              const std::vector<int64_t>& limit_think_status_shape,
                                              const std::vector<int64_t>& accept_num_shape,
                                              const std::vector<int64_t>& seq_lens_decoder_shape,
                                              const std::vector<int64_t>& stop_flags_shape,
                                              int64_t think_end_id,
                                              int64_t line_break_id) {
  return {next_tokens_shape,
          step_idx_shape,
          limit_think_status_shape,
          accept_num_shape,
          seq_lens_decoder_shape};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& next_tokens_dtype,
                                          const paddle::DataType& max_think_lens_dtype,
                                          const paddle::DataType& step_idx_dtype,
                                          const paddle::DataType& limit_think_status_dtype,
                                          const paddle::DataType& accept_num_dtype,
                                          const paddle::DataType& seq_lens_decoder_dtype,
                                          const paddle::DataType& stop_flags_dtype,
                                          int64_t think_end_id,
                                          int64_t line_break_id) {
  return {next_tokens_dtype,
          step_idx_dtype,
          limit_think_status_dtype,
          accept_num_dtype,
          seq_lens_decoder_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<7, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<7, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.speculate_limit_thinking_content_length_v2 turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "next_tokens",
      "max_think_lens",
      "step_idx",
      "limit_think_status",
      "accept_num",
      "seq_lens_decoder",
      "stop_flags",
      "think_end_id",
      "line_break_id",
  };
  PyObject* py_given[9];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 9, 7, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* next_tokens = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* max_think_lens = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* step_idx = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* limit_think_status = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* accept_num = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* seq_lens_decoder = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* stop_flags = python_glue::tensor_arg(py_given[6], py_ok);
  int64_t think_end_id{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[7], think_end_id);
  int64_t line_break_id{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[8], line_break_id);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "next_tokens", next_tokens != nullptr);
    opforge::require_present(kOp, "max_think_lens", max_think_lens != nullptr);
    opforge::require_present(kOp, "step_idx", step_idx != nullptr);
    opforge::require_present(kOp, "limit_think_status", limit_think_status != nullptr);
    opforge::require_present(kOp, "accept_num", accept_num != nullptr);
    opforge::require_present(kOp, "seq_lens_decoder", seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "stop_flags", stop_flags != nullptr);
    checked_call(*next_tokens,
                 *max_think_lens,
                 *step_idx,
                 *limit_think_status,
                 *accept_num,
                 *seq_lens_decoder,
                 *stop_flags,
                 think_end_id,
                 line_break_id);
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& next_tokens,
                         const paddle::Tensor& max_think_lens,
                         const paddle::Tensor& step_idx,
                         const paddle::Tensor& limit_think_status,
                         const paddle::Tensor& accept_num,
                         const paddle::Tensor& seq_lens_decoder,
                         const paddle::Tensor& stop_flags,
                         int64_t think_end_id,
                         int64_t line_break_id) {
  checked_call(next_tokens,
               max_think_lens,
               step_idx,
               limit_think_status,
               accept_num,
               seq_lens_decoder,
               stop_flags,
               think_end_id,
               line_break_id);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.speculate_limit_thinking_content_length_v2; its documentation is that function's.";
  return method;
}

}  // namespace opforge::speculate_limit_thinking_content_length_v2

PD_BUILD_OP(opforge_speculate_limit_thinking_content_length_v2)
    .Inputs({"next_tokens",
             "max_think_lens",
             "step_idx",
             "limit_think_status",
             "accept_num",
             "seq_lens_decoder",
             "stop_flags"})
    .Outputs({"next_tokens_out",
              "step_idx_out",
              "limit_think_status_out",
              "accept_num_out",
              "seq_lens_decoder_out"})
    .Attrs({"think_end_id: int64_t", "line_break_id: int64_t"})
    .SetInplaceMap({{"next_tokens", "next_tokens_out"},
                    {"step_idx", "step_idx_out"},
                    {"limit_think_status", "limit_think_status_out"},
                    {"accept_num", "accept_num_out"},
                    {"seq_lens_decoder", "seq_lens_decoder_out"}})
    .SetKernelFn(PD_KERNEL(opforge::speculate_limit_thinking_content_length_v2::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_limit_thinking_content_length_v2::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_limit_thinking_content_length_v2::DtypeInference::dtype);
