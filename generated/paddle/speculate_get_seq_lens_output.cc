// Generated from opspec/speculate_get_seq_lens_output.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_get_seq_lens_output: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_get_seq_lens_output` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/speculate_get_seq_lens_output.h"
#include "opforge/paddle_glue.h"

namespace opforge::speculate_get_seq_lens_output {
namespace {

constexpr const char* kOp = "speculate_get_seq_lens_output";

// Everything is checked before the entry runs, so a rejected call writes nothing.
paddle::Tensor checked_call(
    const paddle::Tensor& seq_lens_this_time, const paddle::Tensor& seq_lens_encoder) {
  check_attrs();

  paddle_glue::PlaceAnchor anchor;
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

  opforge::DimSlot max_bsz{"max_bsz"};
  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], max_bsz);

  // Every output's size against the limit first: nothing is allocated unless all fit.
  opforge::check_alloc(kOp, "seq_lens_output", "[real_bsz]", {real_bsz.get()}, sizeof(int32_t));

  paddle::Tensor seq_lens_output = paddle_glue::new_output(
      {real_bsz.get()}, paddle::DataType::INT32, anchor);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<const int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<const int32_t>(seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*seq_lens_output.impl()), real_bsz.get()),
      max_bsz.get(),
      real_bsz.get());
  return seq_lens_output;
}

// ---- the Paddle custom op

std::vector<paddle::Tensor> paddle_kernel(
    const paddle::Tensor& seq_lens_this_time, const paddle::Tensor& seq_lens_encoder) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    return {checked_call(seq_lens_this_time, seq_lens_encoder)};
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(const std::vector<int64_t>& seq_lens_this_time_shape,
                                              const std::vector<int64_t>& seq_lens_encoder_shape) {
  const int64_t real_bsz = seq_lens_this_time_shape[0];
  return {{real_bsz}};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& seq_lens_encoder_dtype) {
  return {paddle::DataType::INT32};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<2, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<2, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.speculate_get_seq_lens_output turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "seq_lens_this_time",
      "seq_lens_encoder",
  };
  PyObject* py_given[2];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 2, 2, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[1], py_ok);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    return python_glue::result(checked_call(*seq_lens_this_time, *seq_lens_encoder));
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT std::vector<paddle::Tensor> call(
    const paddle::Tensor& seq_lens_this_time, const paddle::Tensor& seq_lens_encoder) {
  return {checked_call(seq_lens_this_time, seq_lens_encoder)};
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.speculate_get_seq_lens_output; its documentation is that function's.";
  return method;
}

}  // namespace opforge::speculate_get_seq_lens_output

PD_BUILD_OP(opforge_speculate_get_seq_lens_output)
    .Inputs({"seq_lens_this_time", "seq_lens_encoder"})
    .Outputs({"seq_lens_output"})
    .Attrs({})
    .SetKernelFn(PD_KERNEL(opforge::speculate_get_seq_lens_output::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_get_seq_lens_output::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_get_seq_lens_output::DtypeInference::dtype);
