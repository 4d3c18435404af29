// Generated from opspec/draft_model_postprocess.yaml by `python -m codegen`. Do not edit.
// Paddle side of draft_model_postprocess: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_draft_model_postprocess` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/draft_model_postprocess.h"
#include "opforge/paddle_glue.h"

namespace opforge::draft_model_postprocess {
namespace {

constexpr const char* kOp = "draft_model_postprocess";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& base_model_draft_tokens,
                  const paddle::Tensor& base_model_seq_lens_this_time,
                  const paddle::Tensor& base_model_seq_lens_encoder,
                  const paddle::Tensor& base_model_stop_flags) {
  check_attrs();

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& base_model_draft_tokens_tensor = paddle_glue::check_tensor(
      kOp,
      "base_model_draft_tokens",
      base_model_draft_tokens,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[max_bsz, draft_token_len]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& base_model_seq_lens_this_time_tensor = paddle_glue::check_tensor(
      kOp,
      "base_model_seq_lens_this_time",
      base_model_seq_lens_this_time,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[real_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& base_model_seq_lens_encoder_tensor = paddle_glue::check_tensor(
      kOp,
      "base_model_seq_lens_encoder",
      base_model_seq_lens_encoder,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& base_model_stop_flags_tensor = paddle_glue::check_tensor(
      kOp,
      "base_model_stop_flags",
      base_model_stop_flags,
      opforge::DType::kBool,
      1,
      opforge::UnitAxis::kAccepted,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);

  opforge::DimSlot max_bsz{"max_bsz"};
  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::DimSlot draft_token_len{"draft_token_len"};
  opforge::bind_dim(
      kOp, "base_model_draft_tokens", 0, base_model_draft_tokens_tensor.dims()[0], max_bsz);
  opforge::bind_dim(
      kOp, "base_model_draft_tokens", 1, base_model_draft_tokens_tensor.dims()[1], draft_token_len);
  opforge::bind_dim(kOp,
                    "base_model_seq_lens_this_time",
                    0,
                    base_model_seq_lens_this_time_tensor.dims()[0],
                    real_bsz);
  opforge::bind_dim(
      kOp, "base_model_seq_lens_encoder", 0, base_model_seq_lens_encoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(
      kOp, "base_model_stop_flags", 0, base_model_stop_flags_tensor.dims()[0], max_bsz);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<const int64_t>(
          base_model_draft_tokens_tensor, opforge::numel({max_bsz.get(), draft_token_len.get()})),
      paddle_glue::buffer<int32_t>(base_model_seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<const int32_t>(base_model_seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<const bool>(base_model_stop_flags_tensor, max_bsz.get()),
      max_bsz.get(),
      real_bsz.get(),
      draft_token_len.get());
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& base_model_draft_tokens,
                   const paddle::Tensor& base_model_seq_lens_this_time,
                   const paddle::Tensor& base_model_seq_lens_encoder,
                   const paddle::Tensor& base_model_stop_flags) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    checked_call(base_model_draft_tokens,
                 base_model_seq_lens_this_time,
                 base_model_seq_lens_encoder,
                 base_model_stop_flags);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& base_model_draft_tokens_shape,
    const std::vector<int64_t>& base_model_seq_lens_this_time_shape,
    const std::vector<int64_t>& base_model_seq_lens_encoder_shape,
    const std::vector<int64_t>& base_model_stop_flags_shape) {
  return {base_model_seq_lens_this_time_shape};
}

std::vector<paddle::DataType> infer_dtype(
    const paddle::DataType& base_model_draft_tokens_dtype,
    const paddle::DataType& base_model_seq_lens_this_time_dtype,
    const paddle::DataType& base_model_seq_lens_encoder_dtype,
    const paddle::DataType& base_model_stop_flags_dtype) {
  return {base_model_seq_lens_this_time_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<4, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<4, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.draft_model_postprocess turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "base_model_draft_tokens",
      "base_model_seq_lens_this_time",
      "base_model_seq_lens_encoder",
      "base_model_stop_flags",
  };
  PyObject* py_given[4];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 4, 4, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* base_model_draft_tokens = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* base_model_seq_lens_this_time = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* base_model_seq_lens_encoder = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* base_model_stop_flags = python_glue::tensor_arg(py_given[3], py_ok);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "base_model_draft_tokens", base_model_draft_tokens != nullptr);
    opforge::require_present(
        kOp, "base_model_seq_lens_this_time", base_model_seq_lens_this_time != nullptr);
    opforge::require_present(
        kOp, "base_model_seq_lens_encoder", base_model_seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "base_model_stop_flags", base_model_stop_flags != nullptr);
    checked_call(*base_model_draft_tokens,
                 *base_model_seq_lens_this_time,
                 *base_model_seq_lens_encoder,
                 *base_model_stop_flags);
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& base_model_draft_tokens,
                         const paddle::Tensor& base_model_seq_lens_this_time,
                         const paddle::Tensor& base_model_seq_lens_encoder,
                         const paddle::Tensor& base_model_stop_flags) {
  checked_call(base_model_draft_tokens,
               base_model_seq_lens_this_time,
               base_model_seq_lens_encoder,
               base_model_stop_flags);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.draft_model_postprocess; its documentation is that function's.";
  return method;
}

}  // namespace opforge::draft_model_postprocess

PD_BUILD_OP(opforge_draft_model_postprocess)
    .Inputs({"base_model_draft_tokens",
             "base_model_seq_lens_this_time",
             "base_model_seq_lens_encoder",
             "base_model_stop_flags"})
    .Outputs({"base_model_seq_lens_this_time_out"})
    .Attrs({})
    .SetInplaceMap({{"base_model_seq_lens_this_time", "base_model_seq_lens_this_time_out"}})
    .SetKernelFn(PD_KERNEL(opforge::draft_model_postprocess::paddle_kernel))
    .SetInferShapeFn(&opforge::draft_model_postprocess::Inference::shape)
    .SetInferDtypeFn(&opforge::draft_model_postprocess::DtypeInference::dtype);
