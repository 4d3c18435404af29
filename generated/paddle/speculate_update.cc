// Generated from opspec/speculate_update.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_update: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_update` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/speculate_update.h"
#include "opforge/paddle_glue.h"

namespace opforge::speculate_update {
namespace {

constexpr const char* kOp = "speculate_update";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& seq_lens_encoder,
                  const paddle::Tensor& seq_lens_decoder,
                  const paddle::Tensor& not_need_stop,
                  const paddle::Tensor& draft_tokens,
                  const paddle::Tensor& actual_draft_token_nums,
                  const paddle::Tensor& accept_tokens,
                  const paddle::Tensor& accept_num,
                  const paddle::Tensor& stop_flags,
                  const paddle::Tensor& seq_lens_this_time,
                  const paddle::Tensor& is_block_step,
                  const paddle::optional<paddle::Tensor>& stop_nums,
                  const paddle::Tensor& mask_rollback) {
  check_attrs();

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
  const phi::DenseTensor& not_need_stop_tensor = paddle_glue::check_tensor(
      kOp,
      "not_need_stop",
      not_need_stop,
      opforge::DType::kBool,
      1,
      opforge::UnitAxis::kRejected,
      "[1]",
      opforge::Memory::kHost,
      anchor);
  const phi::DenseTensor& draft_tokens_tensor = paddle_glue::check_tensor(
      kOp,
      "draft_tokens",
      draft_tokens,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[max_bsz, max_draft_tokens]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& actual_draft_token_nums_tensor = paddle_glue::check_tensor(
      kOp,
      "actual_draft_token_nums",
      actual_draft_token_nums,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& accept_tokens_tensor = paddle_glue::check_tensor(
      kOp,
      "accept_tokens",
      accept_tokens,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[max_bsz, max_draft_tokens]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& accept_num_tensor = paddle_glue::check_tensor(
      kOp,
      "accept_num",
      accept_num,
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
  const phi::DenseTensor& is_block_step_tensor = paddle_glue::check_tensor(
      kOp,
      "is_block_step",
      is_block_step,
      opforge::DType::kBool,
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor* stop_nums_tensor = nullptr;
  if (stop_nums)
    stop_nums_tensor = &paddle_glue::check_tensor(kOp,
                                                  "stop_nums",
                                                  *stop_nums,
                                                  opforge::DType::kInt64,
                                                  1,
                                                  opforge::UnitAxis::kRejected,
                                                  "[1]",
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

  opforge::DimSlot max_bsz{"max_bsz"};
  opforge::DimSlot max_draft_tokens{"max_draft_tokens"};
  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "seq_lens_decoder", 0, seq_lens_decoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "draft_tokens", 0, draft_tokens_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "draft_tokens", 1, draft_tokens_tensor.dims()[1], max_draft_tokens);
  opforge::bind_dim(
      kOp, "actual_draft_token_nums", 0, actual_draft_token_nums_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "accept_tokens", 0, accept_tokens_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "accept_tokens", 1, accept_tokens_tensor.dims()[1], max_draft_tokens);
  opforge::bind_dim(kOp, "accept_num", 0, accept_num_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "stop_flags", 0, stop_flags_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "is_block_step", 0, is_block_step_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "mask_rollback", 0, mask_rollback_tensor.dims()[0], max_bsz);
  opforge::check_dim(kOp, "not_need_stop", 0, not_need_stop_tensor.dims()[0], 1, "1", {});
  if (stop_nums_tensor)
    opforge::check_dim(kOp, "stop_nums", 0, stop_nums_tensor->dims()[0], 1, "1", {});

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<int32_t>(seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_decoder_tensor, max_bsz.get()),
      paddle_glue::buffer<bool>(not_need_stop_tensor, 1),
      paddle_glue::buffer<int64_t>(
          draft_tokens_tensor, opforge::numel({max_bsz.get(), max_draft_tokens.get()})),
      paddle_glue::buffer<int32_t>(actual_draft_token_nums_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(
          accept_tokens_tensor, opforge::numel({max_bsz.get(), max_draft_tokens.get()})),
      paddle_glue::buffer<const int32_t>(accept_num_tensor, max_bsz.get()),
      paddle_glue::buffer<const bool>(stop_flags_tensor, max_bsz.get()),
      paddle_glue::buffer<const int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<const bool>(is_block_step_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(stop_nums_tensor, 1),
      paddle_glue::buffer<int32_t>(mask_rollback_tensor, max_bsz.get()),
      max_bsz.get(),
      max_draft_tokens.get(),
      real_bsz.get());
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& seq_lens_encoder,
                   const paddle::Tensor& seq_lens_decoder,
                   const paddle::Tensor& not_need_stop,
                   const paddle::Tensor& draft_tokens,
                   const paddle::Tensor& actual_draft_token_nums,
                   const paddle::Tensor& accept_tokens,
                   const paddle::Tensor& accept_num,
                   const paddle::Tensor& stop_flags,
                   const paddle::Tensor& seq_lens_this_time,
                   const paddle::Tensor& is_block_step,
                   const paddle::optional<paddle::Tensor>& stop_nums,
                   const paddle::Tensor& mask_rollback) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    checked_call(seq_lens_encoder,
                 seq_lens_decoder,
                 not_need_stop,
                 draft_tokens,
                 actual_draft_token_nums,
                 accept_tokens,
                 accept_num,
                 stop_flags,
                 seq_lens_this_time,
                 is_block_step,
                 stop_nums,
                 mask_rollback);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& seq_lens_encoder_shape,
    const std::vector<int64_t>& seq_lens_decoder_shape,
    const std::vector<int64_t>& not_need_stop_shape,
    const std::vector<int64_t>& draft_tokens_shape,
    const std::vector<int64_t>& actual_draft_token_nums_shape,
    const std::vector<int64_t>& accept_tokens_shape,
    const std::vector<int64_t>& accept_num_shape,
    const std::vector<int64_t>& stop_flags_shape,
    const std::vector<int64_t>& seq_lens_this_time_shape,
    const std::vector<int64_t>& is_block_step_shape,
    const paddle::optional<std::vector<int64_t>>& stop_nums_shape,
    const std::vector<int64_t>& mask_rollback_shape) {
  return {seq_lens_encoder_shape,
          seq_lens_decoder_shape,
          not_need_stop_shape,
          draft_tokens_shape,
          actual_draft_token_nums_shape,
          mask_rollback_shape};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& seq_lens_encoder_dtype,
                                          const paddle::DataType& seq_lens_decoder_dtype,
                                          const paddle::DataType& not_need_stop_dtype,
                                          const paddle::DataType& draft_tokens_dtype,
                                          const paddle::DataType& actual_draft_token_nums_dtype,
                                          const paddle::DataType& accept_tokens_dtype,
                                          const paddle::DataType& accept_num_dtype,
                                          const paddle::DataType& stop_flags_dtype,
                                          const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& is_block_step_dtype,
                                          const paddle::optional<paddle::DataType>& stop_nums_dtype,
                                          const paddle::DataType& mask_rollback_dtype) {
  return {seq_lens_encoder_dtype,
          seq_lens_decoder_dtype,
          not_need_stop_dtype,
          draft_tokens_dtype,
          actual_draft_token_nums_dtype,
          mask_rollback_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<12, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<12, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.speculate_update turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "seq_lens_encoder",
      "seq_lens_decoder",
      "not_need_stop",
      "draft_tokens",
      "actual_draft_token_nums",
      "accept_tokens",
      "accept_num",
      "stop_flags",
      "seq_lens_this_time",
      "is_block_step",
      "stop_nums",
      "mask_rollback",
  };
  PyObject* py_given[12];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 12, 12, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* seq_lens_decoder = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* not_need_stop = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* draft_tokens = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* actual_draft_token_nums = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* accept_tokens = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* accept_num = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* stop_flags = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[8], py_ok);
  const paddle::Tensor* is_block_step = python_glue::tensor_arg(py_given[9], py_ok);
  const paddle::Tensor* stop_nums = python_glue::tensor_arg(py_given[10], py_ok);
  const paddle::Tensor* mask_rollback = python_glue::tensor_arg(py_given[11], py_ok);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "seq_lens_decoder", seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "not_need_stop", not_need_stop != nullptr);
    opforge::require_present(kOp, "draft_tokens", draft_tokens != nullptr);
    opforge::require_present(kOp, "actual_draft_token_nums", actual_draft_token_nums != nullptr);
    opforge::require_present(kOp, "accept_tokens", accept_tokens != nullptr);
    opforge::require_present(kOp, "accept_num", accept_num != nullptr);
    opforge::require_present(kOp, "stop_flags", stop_flags != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "is_block_step", is_block_step != nullptr);
    opforge::require_present(kOp, "mask_rollback", mask_rollback != nullptr);
    checked_call(*seq_lens_encoder,
                 *seq_lens_decoder,
                 *not_need_stop,
                 *draft_tokens,
                 *actual_draft_token_nums,
                 *accept_tokens,
                 *accept_num,
                 *stop_flags,
                 *seq_lens_this_time,
                 *is_block_step,
                 paddle_glue::optional_of(stop_nums),
                 *mask_rollback);
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
                         const paddle::Tensor& not_need_stop,
                         const paddle::Tensor& draft_tokens,
                         const paddle::Tensor& actual_draft_token_nums,
                         const paddle::Tensor& accept_tokens,
                         const paddle::Tensor& accept_num,
                         const paddle::Tensor& stop_flags,
                         const paddle::Tensor& seq_lens_this_time,
                         const paddle::Tensor& is_block_step,
                         const paddle::optional<paddle::Tensor>& stop_nums,
                         const paddle::Tensor& mask_rollback) {
  checked_call(seq_lens_encoder,
               seq_lens_decoder,
               not_need_stop,
               draft_tokens,
               actual_draft_token_nums,
               accept_tokens,
               accept_num,
               stop_flags,
               seq_lens_this_time,
               is_block_step,
               stop_nums,
               mask_rollback);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.speculate_update; its documentation is that function's.";
  return method;
}

}  // namespace opforge::speculate_update

PD_BUILD_OP(opforge_speculate_update)
    .Inputs({"seq_lens_encoder",
             "seq_lens_decoder",
             "not_need_stop",
             "draft_tokens",
             "actual_draft_token_nums",
             "accept_tokens",
             "accept_num",
             "stop_flags",
             "seq_lens_this_time",
             "is_block_step",
             paddle::Optional("stop_nums"),
             "mask_rollback"})
    .Outputs({"seq_lens_encoder_out",
              "seq_lens_decoder_out",
              "not_need_stop_out",
              "draft_tokens_out",
              "actual_draft_token_nums_out",
              "mask_rollback_out"})
    .Attrs({})
    .SetInplaceMap({{"seq_lens_encoder", "seq_lens_encoder_out"},
                    {"seq_lens_decoder", "seq_lens_decoder_out"},
                    {"not_need_stop", "not_need_stop_out"},
                    {"draft_tokens", "draft_tokens_out"},
                    {"actual_draft_token_nums", "actual_draft_token_nums_out"},
                    {"mask_rollback", "mask_rollback_out"}})
    .SetKernelFn(PD_KERNEL(opforge::speculate_update::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_update::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_update::DtypeInference::dtype);
