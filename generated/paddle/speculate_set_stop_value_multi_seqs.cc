// Generated from opspec/speculate_set_stop_value_multi_seqs.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_set_stop_value_multi_seqs: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_set_stop_value_multi_seqs` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/speculate_set_stop_value_multi_seqs.h"
#include "opforge/paddle_glue.h"

namespace opforge::speculate_set_stop_value_multi_seqs {
namespace {

constexpr const char* kOp = "speculate_set_stop_value_multi_seqs";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& accept_tokens,
                  const paddle::Tensor& accept_num,
                  const paddle::Tensor& pre_ids,
                  const paddle::Tensor& step_idx,
                  const paddle::Tensor& stop_flags,
                  const paddle::Tensor& stop_seqs,
                  const paddle::Tensor& stop_seqs_len,
                  const paddle::Tensor& end_ids,
                  const paddle::optional<paddle::Tensor>& min_tokens) {
  check_attrs();

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& accept_tokens_tensor = paddle_glue::check_tensor(
      kOp,
      "accept_tokens",
      accept_tokens,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[bsz, max_accept_len]",
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
  const phi::DenseTensor& pre_ids_tensor = paddle_glue::check_tensor(kOp,
                                                                     "pre_ids",
                                                                     pre_ids,
                                                                     opforge::DType::kInt64,
                                                                     2,
                                                                     opforge::UnitAxis::kRejected,
                                                                     "[bsz, pre_ids_len]",
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
  const phi::DenseTensor& stop_seqs_tensor = paddle_glue::check_tensor(
      kOp,
      "stop_seqs",
      stop_seqs,
      opforge::DType::kInt64,
      3,
      opforge::UnitAxis::kRejected,
      "[bsz, stop_seqs_num, stop_seqs_max_len]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& stop_seqs_len_tensor = paddle_glue::check_tensor(
      kOp,
      "stop_seqs_len",
      stop_seqs_len,
      opforge::DType::kInt32,
      2,
      opforge::UnitAxis::kRejected,
      "[bsz, stop_seqs_num]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& end_ids_tensor = paddle_glue::check_tensor(kOp,
                                                                     "end_ids",
                                                                     end_ids,
                                                                     opforge::DType::kInt64,
                                                                     1,
                                                                     opforge::UnitAxis::kRejected,
                                                                     "[end_length]",
                                                                     opforge::Memory::kDevice,
                                                                     anchor);
  const phi::DenseTensor* min_tokens_tensor = nullptr;
  if (min_tokens)
    min_tokens_tensor = &paddle_glue::check_tensor(kOp,
                                                   "min_tokens",
                                                   *min_tokens,
                                                   opforge::DType::kInt64,
                                                   1,
                                                   opforge::UnitAxis::kAccepted,
                                                   "[bsz]",
                                                   opforge::Memory::kDevice,
                                                   anchor);

  opforge::DimSlot bsz{"bsz"};
  opforge::DimSlot max_accept_len{"max_accept_len"};
  opforge::DimSlot pre_ids_len{"pre_ids_len"};
  opforge::DimSlot stop_seqs_num{"stop_seqs_num"};
  opforge::DimSlot stop_seqs_max_len{"stop_seqs_max_len"};
  opforge::DimSlot end_length{"end_length"};
  opforge::bind_dim(kOp, "accept_tokens", 0, accept_tokens_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "accept_tokens", 1, accept_tokens_tensor.dims()[1], max_accept_len);
  opforge::bind_dim(kOp, "accept_num", 0, accept_num_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "pre_ids", 0, pre_ids_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "pre_ids", 1, pre_ids_tensor.dims()[1], pre_ids_len);
  opforge::bind_dim(kOp, "step_idx", 0, step_idx_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "stop_flags", 0, stop_flags_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "stop_seqs", 0, stop_seqs_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "stop_seqs", 1, stop_seqs_tensor.dims()[1], stop_seqs_num);
  opforge::bind_dim(kOp, "stop_seqs", 2, stop_seqs_tensor.dims()[2], stop_seqs_max_len);
  opforge::bind_dim(kOp, "stop_seqs_len", 0, stop_seqs_len_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "stop_seqs_len", 1, stop_seqs_len_tensor.dims()[1], stop_seqs_num);
  opforge::bind_dim(kOp, "end_ids", 0, end_ids_tensor.dims()[0], end_length);
  if (min_tokens_tensor) {
    opforge::bind_dim(kOp, "min_tokens", 0, min_tokens_tensor->dims()[0], bsz);
  }

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<int64_t>(
          accept_tokens_tensor, opforge::numel({bsz.get(), max_accept_len.get()})),
      paddle_glue::buffer<int32_t>(accept_num_tensor, bsz.get()),
      paddle_glue::buffer<const int64_t>(
          pre_ids_tensor, opforge::numel({bsz.get(), pre_ids_len.get()})),
      paddle_glue::buffer<const int64_t>(step_idx_tensor, bsz.get()),
      paddle_glue::buffer<bool>(stop_flags_tensor, bsz.get()),
      paddle_glue::buffer<const int64_t>(
          stop_seqs_tensor,
          opforge::numel({bsz.get(), stop_seqs_num.get(), stop_seqs_max_len.get()})),
      paddle_glue::buffer<const int32_t>(
          stop_seqs_len_tensor, opforge::numel({bsz.get(), stop_seqs_num.get()})),
      paddle_glue::buffer<const int64_t>(end_ids_tensor, end_length.get()),
      paddle_glue::buffer<const int64_t>(min_tokens_tensor, bsz.get()),
      bsz.get(),
      max_accept_len.get(),
      pre_ids_len.get(),
      stop_seqs_num.get(),
      stop_seqs_max_len.get(),
      end_length.get());
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& accept_tokens,
                   const paddle::Tensor& accept_num,
                   const paddle::Tensor& pre_ids,
                   const paddle::Tensor& step_idx,
                   const paddle::Tensor& stop_flags,
                   const paddle::Tensor& stop_seqs,
                   const paddle::Tensor& stop_seqs_len,
                   const paddle::Tensor& end_ids,
                   const paddle::optional<paddle::Tensor>& min_tokens) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    checked_call(accept_tokens,
                 accept_num,
                 pre_ids,
                 step_idx,
                 stop_flags,
                 stop_seqs,
                 stop_seqs_len,
                 end_ids,
                 min_tokens);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& accept_tokens_shape,
    const std::vector<int64_t>& accept_num_shape,
    const std::vector<int64_t>& pre_ids_shape,
    const std::vector<int64_t>& step_idx_shape,
    const std::vector<int64_t>& stop_flags_shape,
    const std::vector<int64_t>& stop_seqs_shape,
    const std::vector<int64_t>& stop_seqs_len_shape,
    const std::vector<int64_t>& end_ids_shape,
    const paddle::optional<std::vector<int64_t>>& min_tokens_shape) {
  return {accept_tokens_shape, accept_num_shape, stop_flags_shape};
}

std::vector<paddle::DataType> infer_dtype(
    const paddle::DataType& accept_tokens_dtype,
    const paddle::DataType& accept_num_dtype,
    const paddle::DataType& pre_ids_dtype,
    const paddle::DataType& step_idx_dtype,
    const paddle::DataType& stop_flags_dtype,
    const paddle::DataType& stop_seqs_dtype,
    const paddle::DataType& stop_seqs_len_dtype,
    const paddle::DataType& end_ids_dtype,
    const paddle::optional<paddle::DataType>& min_tokens_dtype) {
  return {accept_tokens_dtype, accept_num_dtype, stop_flags_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<9, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<9, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.speculate_set_stop_value_multi_seqs turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "accept_tokens",
      "accept_num",
      "pre_ids",
      "step_idx",
      "stop_flags",
      "stop_seqs",
      "stop_seqs_len",
      "end_ids",
      "min_tokens",
  };
  PyObject* py_given[9];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 9, 9, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* accept_tokens = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* accept_num = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* pre_ids = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* step_idx = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* stop_flags = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* stop_seqs = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* stop_seqs_len = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* end_ids = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* min_tokens = python_glue::tensor_arg(py_given[8], py_ok);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "accept_tokens", accept_tokens != nullptr);
    opforge::require_present(kOp, "accept_num", accept_num != nullptr);
    opforge::require_present(kOp, "pre_ids", pre_ids != nullptr);
    opforge::require_present(kOp, "step_idx", step_idx != nullptr);
    opforge::require_present(kOp, "stop_flags", stop_flags != nullptr);
    opforge::require_present(kOp, "stop_seqs", stop_seqs != nullptr);
    opforge::require_present(kOp, "stop_seqs_len", stop_seqs_len != nullptr);
    opforge::require_present(kOp, "end_ids", end_ids != nullptr);
    checked_call(*accept_tokens,
                 *accept_num,
                 *pre_ids,
                 *step_idx,
                 *stop_flags,
                 *stop_seqs,
                 *stop_seqs_len,
                 *end_ids,
                 paddle_glue::optional_of(min_tokens));
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& accept_tokens,
                         const paddle::Tensor& accept_num,
                         const paddle::Tensor& pre_ids,
                         const paddle::Tensor& step_idx,
                         const paddle::Tensor& stop_flags,
                         const paddle::Tensor& stop_seqs,
                         const paddle::Tensor& stop_seqs_len,
                         const paddle::Tensor& end_ids,
                         const paddle::optional<paddle::Tensor>& min_tokens) {
  checked_call(accept_tokens,
               accept_num,
               pre_ids,
               step_idx,
               stop_flags,
               stop_seqs,
               stop_seqs_len,
               end_ids,
               min_tokens);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.speculate_set_stop_value_multi_seqs; its documentation is that function's.";
  return method;
}

}  // namespace opforge::speculate_set_stop_value_multi_seqs

PD_BUILD_OP(opforge_speculate_set_stop_value_multi_seqs)
    .Inputs({"accept_tokens",
             "accept_num",
             "pre_ids",
             "step_idx",
             "stop_flags",
             "stop_seqs",
             "stop_seqs_len",
             "end_ids",
             paddle::Optional("min_tokens")})
    .Outputs({"accept_tokens_out", "accept_num_out", "stop_flags_out"})
    .Attrs({})
    .SetInplaceMap({{"accept_tokens", "accept_tokens_out"},
                    {"accept_num", "accept_num_out"},
                    {"stop_flags", "stop_flags_out"}})
    .SetKernelFn(PD_KERNEL(opforge::speculate_set_stop_value_multi_seqs::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_set_stop_value_multi_seqs::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_set_stop_value_multi_seqs::DtypeInference::dtype);
