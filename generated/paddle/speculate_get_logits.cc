// Generated from opspec/speculate_get_logits.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_get_logits: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_get_logits` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/speculate_get_logits.h"
#include "opforge/paddle_glue.h"

namespace opforge::speculate_get_logits {
namespace {

constexpr const char* kOp = "speculate_get_logits";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& draft_logits,
                  const paddle::Tensor& next_token_num,
                  const paddle::Tensor& batch_token_num,
                  const paddle::Tensor& cu_next_token_offset,
                  const paddle::Tensor& cu_batch_token_offset,
                  const paddle::Tensor& logits,
                  const paddle::Tensor& first_token_logits,
                  const paddle::Tensor& seq_lens_this_time,
                  const paddle::Tensor& seq_lens_encoder) {
  check_attrs();

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& draft_logits_tensor = paddle_glue::check_tensor(
      kOp,
      "draft_logits",
      draft_logits,
      opforge::DType::kFloat32,
      2,
      opforge::UnitAxis::kRejected,
      "[draft_rows, vocab_size]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& next_token_num_tensor = paddle_glue::check_tensor(
      kOp,
      "next_token_num",
      next_token_num,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& batch_token_num_tensor = paddle_glue::check_tensor(
      kOp,
      "batch_token_num",
      batch_token_num,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& cu_next_token_offset_tensor = paddle_glue::check_tensor(
      kOp,
      "cu_next_token_offset",
      cu_next_token_offset,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[bsz + 1]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& cu_batch_token_offset_tensor = paddle_glue::check_tensor(
      kOp,
      "cu_batch_token_offset",
      cu_batch_token_offset,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[bsz + 1]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& logits_tensor = paddle_glue::check_tensor(kOp,
                                                                    "logits",
                                                                    logits,
                                                                    opforge::DType::kFloat32,
                                                                    2,
                                                                    opforge::UnitAxis::kRejected,
                                                                    "[token_num, vocab_size]",
                                                                    opforge::Memory::kDevice,
                                                                    anchor);
  const phi::DenseTensor& first_token_logits_tensor = paddle_glue::check_tensor(
      kOp,
      "first_token_logits",
      first_token_logits,
      opforge::DType::kFloat32,
      2,
      opforge::UnitAxis::kRejected,
      "[bsz, vocab_size]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& seq_lens_this_time_tensor = paddle_glue::check_tensor(
      kOp,
      "seq_lens_this_time",
      seq_lens_this_time,
      opforge::DType::kInt32,
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

  opforge::DimSlot bsz{"bsz"};
  opforge::DimSlot draft_rows{"draft_rows"};
  opforge::DimSlot token_num{"token_num"};
  opforge::DimSlot vocab_size{"vocab_size"};
  opforge::bind_dim(kOp, "draft_logits", 0, draft_logits_tensor.dims()[0], draft_rows);
  opforge::bind_dim(kOp, "draft_logits", 1, draft_logits_tensor.dims()[1], vocab_size);
  opforge::bind_dim(kOp, "next_token_num", 0, next_token_num_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "batch_token_num", 0, batch_token_num_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "logits", 0, logits_tensor.dims()[0], token_num);
  opforge::bind_dim(kOp, "logits", 1, logits_tensor.dims()[1], vocab_size);
  opforge::bind_dim(kOp, "first_token_logits", 0, first_token_logits_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "first_token_logits", 1, first_token_logits_tensor.dims()[1], vocab_size);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], bsz);
  opforge::check_dim(kOp,
                     "cu_next_token_offset",
                     0,
                     cu_next_token_offset_tensor.dims()[0],
                     bsz.value + 1,
                     "bsz + 1",
                     {&bsz});
  opforge::check_dim(kOp,
                     "cu_batch_token_offset",
                     0,
                     cu_batch_token_offset_tensor.dims()[0],
                     bsz.value + 1,
                     "bsz + 1",
                     {&bsz});

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<float>(
          draft_logits_tensor, opforge::numel({draft_rows.get(), vocab_size.get()})),
      paddle_glue::buffer<int32_t>(next_token_num_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(batch_token_num_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(cu_next_token_offset_tensor, bsz.get() + 1),
      paddle_glue::buffer<int32_t>(cu_batch_token_offset_tensor, bsz.get() + 1),
      paddle_glue::buffer<const float>(
          logits_tensor, opforge::numel({token_num.get(), vocab_size.get()})),
      paddle_glue::buffer<const float>(
          first_token_logits_tensor, opforge::numel({bsz.get(), vocab_size.get()})),
      paddle_glue::buffer<const int32_t>(seq_lens_this_time_tensor, bsz.get()),
      paddle_glue::buffer<const int32_t>(seq_lens_encoder_tensor, bsz.get()),
      bsz.get(),
      draft_rows.get(),
      token_num.get(),
      vocab_size.get());
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& draft_logits,
                   const paddle::Tensor& next_token_num,
                   const paddle::Tensor& batch_token_num,
                   const paddle::Tensor& cu_next_token_offset,
                   const paddle::Tensor& cu_batch_token_offset,
                   const paddle::Tensor& logits,
                   const paddle::Tensor& first_token_logits,
                   const paddle::Tensor& seq_lens_this_time,
                   const paddle::Tensor& seq_lens_encoder) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    checked_call(draft_logits,
                 next_token_num,
                 batch_token_num,
                 cu_next_token_offset,
                 cu_batch_token_offset,
                 logits,
                 first_token_logits,
                 seq_lens_this_time,
                 seq_lens_encoder);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& draft_logits_shape,
    const std::vector<int64_t>& next_token_num_shape,
    const std::vector<int64_t>& batch_token_num_shape,
    const std::vector<int64_t>& cu_next_token_offset_shape,
    const std::vector<int64_t>& cu_batch_token_offset_shape,
    const std::vector<int64_t>& logits_shape,
    const std::vector<int64_t>& first_token_logits_shape,
    const std::vector<int64_t>& seq_lens_this_time_shape,
    const std::vector<int64_t>& seq_lens_encoder_shape) {
  return {draft_logits_shape,
          next_token_num_shape,
          batch_token_num_shape,
          cu_next_token_offset_shape,
          cu_batch_token_offset_shape};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& draft_logits_dtype,
                                          const paddle::DataType& next_token_num_dtype,
                                          const paddle::DataType& batch_token_num_dtype,
                                          const paddle::DataType& cu_next_token_offset_dtype,
                                          const paddle::DataType& cu_batch_token_offset_dtype,
                                          const paddle::DataType& logits_dtype,
                                          const paddle::DataType& first_token_logits_dtype,
                                          const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& seq_lens_encoder_dtype) {
  return {draft_logits_dtype,
          next_token_num_dtype,
          batch_token_num_dtype,
          cu_next_token_offset_dtype,
          cu_batch_token_offset_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<9, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<9, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.speculate_get_logits turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "draft_logits",
      "next_token_num",
      "batch_token_num",
      "cu_next_token_offset",
      "cu_batch_token_offset",
      "logits",
      "first_token_logits",
      "seq_lens_this_time",
      "seq_lens_encoder",
  };
  PyObject* py_given[9];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 9, 9, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* draft_logits = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* next_token_num = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* batch_token_num = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* cu_next_token_offset = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* cu_batch_token_offset = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* logits = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* first_token_logits = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[8], py_ok);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "draft_logits", draft_logits != nullptr);
    opforge::require_present(kOp, "next_token_num", next_token_num != nullptr);
    opforge::require_present(kOp, "batch_token_num", batch_token_num != nullptr);
    opforge::require_present(kOp, "cu_next_token_offset", cu_next_token_offset != nullptr);
    opforge::require_present(kOp, "cu_batch_token_offset", cu_batch_token_offset != nullptr);
    opforge::require_present(kOp, "logits", logits != nullptr);
    opforge::require_present(kOp, "first_token_logits", first_token_logits != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    checked_call(*draft_logits,
                 *next_token_num,
                 *batch_token_num,
                 *cu_next_token_offset,
                 *cu_batch_token_offset,
                 *logits,
                 *first_token_logits,
                 *seq_lens_this_time,
                 *seq_lens_encoder);
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& draft_logits,
                         const paddle::Tensor& next_token_num,
                         const paddle::Tensor& batch_token_num,
                         const paddle::Tensor& cu_next_token_offset,
                         const paddle::Tensor& cu_batch_token_offset,
                         const paddle::Tensor& logits,
                         const paddle::Tensor& first_token_logits,
                         const paddle::Tensor& seq_lens_this_time,
                         const paddle::Tensor& seq_lens_encoder) {
  checked_call(draft_logits,
               next_token_num,
               batch_token_num,
               cu_next_token_offset,
               cu_batch_token_offset,
               logits,
               first_token_logits,
               seq_lens_this_time,
               seq_lens_encoder);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.speculate_get_logits; its documentation is that function's.";
  return method;
}

}  // namespace opforge::speculate_get_logits

PD_BUILD_OP(opforge_speculate_get_logits)
    .Inputs({"draft_logits",
             "next_token_num",
             "batch_token_num",
             "cu_next_token_offset",
             "cu_batch_token_offset",
             "logits",
             "first_token_logits",
             "seq_lens_this_time",
             "seq_lens_encoder"})
    .Outputs({"draft_logits_out",
              "next_token_num_out",
              "batch_token_num_out",
              "cu_next_token_offset_out",
              "cu_batch_token_offset_out"})
    .Attrs({})
    .SetInplaceMap({{"draft_logits", "draft_logits_out"},
                    {"next_token_num", "next_token_num_out"},
                    {"batch_token_num", "batch_token_num_out"},
                    {"cu_next_token_offset", "cu_next_token_offset_out"},
                    {"cu_batch_token_offset", "cu_batch_token_offset_out"}})
    .SetKernelFn(PD_KERNEL(opforge::speculate_get_logits::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_get_logits::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_get_logits::DtypeInference::dtype);
