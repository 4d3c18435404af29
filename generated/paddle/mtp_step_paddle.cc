// Generated from opspec/mtp_step_paddle.yaml by `python -m codegen`. Do not edit.
// Paddle side of mtp_step_paddle: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_mtp_step_paddle` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/mtp_step_paddle.h"
#include "opforge/paddle_glue.h"

namespace opforge::mtp_step_paddle {
namespace {

constexpr const char* kOp = "mtp_step_paddle";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& base_model_stop_flags,
                  const paddle::Tensor& stop_flags,
                  const paddle::Tensor& batch_drop,
                  const paddle::Tensor& seq_lens_this_time,
                  const paddle::Tensor& seq_lens_decoder,
                  const paddle::Tensor& block_tables,
                  const paddle::Tensor& encoder_block_lens,
                  const paddle::Tensor& used_list_len,
                  const paddle::Tensor& free_list,
                  const paddle::Tensor& free_list_len,
                  int32_t block_size,
                  int32_t max_draft_tokens) {
  check_attrs(block_size, max_draft_tokens);

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& base_model_stop_flags_tensor = paddle_glue::check_tensor(
      kOp,
      "base_model_stop_flags",
      base_model_stop_flags,
      opforge::DType::kBool,
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
  const phi::DenseTensor& batch_drop_tensor = paddle_glue::check_tensor(
      kOp,
      "batch_drop",
      batch_drop,
      opforge::DType::kBool,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
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
  const phi::DenseTensor& block_tables_tensor = paddle_glue::check_tensor(
      kOp,
      "block_tables",
      block_tables,
      opforge::DType::kInt32,
      2,
      opforge::UnitAxis::kRejected,
      "[bsz, block_num_per_seq]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& encoder_block_lens_tensor = paddle_glue::check_tensor(
      kOp,
      "encoder_block_lens",
      encoder_block_lens,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& used_list_len_tensor = paddle_glue::check_tensor(
      kOp,
      "used_list_len",
      used_list_len,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& free_list_tensor = paddle_glue::check_tensor(kOp,
                                                                       "free_list",
                                                                       free_list,
                                                                       opforge::DType::kInt32,
                                                                       1,
                                                                       opforge::UnitAxis::kRejected,
                                                                       "[free_list_size]",
                                                                       opforge::Memory::kDevice,
                                                                       anchor);
  const phi::DenseTensor& free_list_len_tensor = paddle_glue::check_tensor(
      kOp,
      "free_list_len",
      free_list_len,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[1]",
      opforge::Memory::kDevice,
      anchor);

  opforge::DimSlot bsz{"bsz"};
  opforge::DimSlot block_num_per_seq{"block_num_per_seq"};
  opforge::DimSlot free_list_size{"free_list_size"};
  opforge::bind_dim(kOp, "base_model_stop_flags", 0, base_model_stop_flags_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "stop_flags", 0, stop_flags_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "batch_drop", 0, batch_drop_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "seq_lens_decoder", 0, seq_lens_decoder_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "block_tables", 0, block_tables_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "block_tables", 1, block_tables_tensor.dims()[1], block_num_per_seq);
  opforge::bind_dim(kOp, "encoder_block_lens", 0, encoder_block_lens_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "used_list_len", 0, used_list_len_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "free_list", 0, free_list_tensor.dims()[0], free_list_size);
  opforge::check_dim(kOp, "free_list_len", 0, free_list_len_tensor.dims()[0], 1, "1", {});

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<const bool>(base_model_stop_flags_tensor, bsz.get()),
      paddle_glue::buffer<bool>(stop_flags_tensor, bsz.get()),
      paddle_glue::buffer<bool>(batch_drop_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_this_time_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_decoder_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(
          block_tables_tensor, opforge::numel({bsz.get(), block_num_per_seq.get()})),
      paddle_glue::buffer<int32_t>(encoder_block_lens_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(used_list_len_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(free_list_tensor, free_list_size.get()),
      paddle_glue::buffer<int32_t>(free_list_len_tensor, 1),
      bsz.get(),
      block_num_per_seq.get(),
      free_list_size.get(),
      block_size,
      max_draft_tokens);
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& base_model_stop_flags,
                   const paddle::Tensor& stop_flags,
                   const paddle::Tensor& batch_drop,
                   const paddle::Tensor& seq_lens_this_time,
                   const paddle::Tensor& seq_lens_decoder,
                   const paddle::Tensor& block_tables,
                   const paddle::Tensor& encoder_block_lens,
                   const paddle::Tensor& used_list_len,
                   const paddle::Tensor& free_list,
                   const paddle::Tensor& free_list_len,
                   int block_size,
                   int max_draft_tokens) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    opforge::check_int32(kOp, "block_size", block_size);
    opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
    checked_call(base_model_stop_flags,
                 stop_flags,
                 batch_drop,
                 seq_lens_this_time,
                 seq_lens_decoder,
                 block_tables,
                 encoder_block_lens,
                 used_list_len,
                 free_list,
                 free_list_len,
                 static_cast<int32_t>(block_size),
                 static_cast<int32_t>(max_draft_tokens));
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& base_model_stop_flags_shape,
    const std::vector<int64_t>& stop_flags_shape,
    const std::vector<int64_t>& batch_drop_shape,
    const std::vector<int64_t>& seq_lens_this_time_shape,
    const std::vector<int64_t>& seq_lens_decoder_shape,
    const std::vector<int64_t>& block_tables_shape,
    const std::vector<int64_t>& encoder_block_lens_shape,
    const std::vector<int64_t>& used_list_len_shape,
    const std::vector<int64_t>& free_list_shape,
    const std::vector<int64_t>& free_list_len_shape,
    int block_size,
    int max_draft_tokens) {
  return {stop_flags_shape,
          batch_drop_shape,
          seq_lens_this_time_shape,
          seq_lens_decoder_shape,
          block_tables_shape,
          encoder_block_lens_shape,
          used_list_len_shape,
          free_list_shape,
          free_list_len_shape};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& base_model_stop_flags_dtype,
                                          const paddle::DataType& stop_flags_dtype,
                                          const paddle::DataType& batch_drop_dtype,
                                          const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& seq_lens_decoder_dtype,
                                          const paddle::DataType& block_tables_dtype,
                                          const paddle::DataType& encoder_block_lens_dtype,
                                          const paddle::DataType& used_list_len_dtype,
                                          const paddle::DataType& free_list_dtype,
                                          const paddle::DataType& free_list_len_dtype,
                                          int block_size,
                                          int max_draft_tokens) {
  return {stop_flags_dtype,
          batch_drop_dtype,
          seq_lens_this_time_dtype,
          seq_lens_decoder_dtype,
          block_tables_dtype,
          encoder_block_lens_dtype,
          used_list_len_dtype,
          free_list_dtype,
          free_list_len_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<10, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<10, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.mtp_step_paddle turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "base_model_stop_flags",
      "stop_flags",
      "batch_drop",
      "seq_lens_this_time",
      "seq_lens_decoder",
      "block_tables",
      "encoder_block_lens",
      "used_list_len",
      "free_list",
      "free_list_len",
      "block_size",
      "max_draft_tokens",
  };
  PyObject* py_given[12];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 12, 10, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* base_model_stop_flags = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* stop_flags = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* batch_drop = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* seq_lens_decoder = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* block_tables = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* encoder_block_lens = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* used_list_len = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* free_list = python_glue::tensor_arg(py_given[8], py_ok);
  const paddle::Tensor* free_list_len = python_glue::tensor_arg(py_given[9], py_ok);
  int64_t block_size{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[10], block_size);
  int64_t max_draft_tokens{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[11], max_draft_tokens);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "base_model_stop_flags", base_model_stop_flags != nullptr);
    opforge::require_present(kOp, "stop_flags", stop_flags != nullptr);
    opforge::require_present(kOp, "batch_drop", batch_drop != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "seq_lens_decoder", seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "block_tables", block_tables != nullptr);
    opforge::require_present(kOp, "encoder_block_lens", encoder_block_lens != nullptr);
    opforge::require_present(kOp, "used_list_len", used_list_len != nullptr);
    opforge::require_present(kOp, "free_list", free_list != nullptr);
    opforge::require_present(kOp, "free_list_len", free_list_len != nullptr);
    opforge::check_int32(kOp, "block_size", block_size);
    opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
    checked_call(*base_model_stop_flags,
                 *stop_flags,
                 *batch_drop,
                 *seq_lens_this_time,
                 *seq_lens_decoder,
                 *block_tables,
                 *encoder_block_lens,
                 *used_list_len,
                 *free_list,
                 *free_list_len,
                 static_cast<int32_t>(block_size),
                 static_cast<int32_t>(max_draft_tokens));
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& base_model_stop_flags,
                         const paddle::Tensor& stop_flags,
                         const paddle::Tensor& batch_drop,
                         const paddle::Tensor& seq_lens_this_time,
                         const paddle::Tensor& seq_lens_decoder,
                         const paddle::Tensor& block_tables,
                         const paddle::Tensor& encoder_block_lens,
                         const paddle::Tensor& used_list_len,
                         const paddle::Tensor& free_list,
                         const paddle::Tensor& free_list_len,
                         int block_size,
                         int max_draft_tokens) {
  opforge::check_int32(kOp, "block_size", block_size);
  opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
  checked_call(base_model_stop_flags,
               stop_flags,
               batch_drop,
               seq_lens_this_time,
               seq_lens_decoder,
               block_tables,
               encoder_block_lens,
               used_list_len,
               free_list,
               free_list_len,
               static_cast<int32_t>(block_size),
               static_cast<int32_t>(max_draft_tokens));
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.mtp_step_paddle; its documentation is that function's.";
  return method;
}

}  // namespace opforge::mtp_step_paddle

PD_BUILD_OP(opforge_mtp_step_paddle)
    .Inputs({"base_model_stop_flags",
             "stop_flags",
             "batch_drop",
             "seq_lens_this_time",
             "seq_lens_decoder",
             "block_tables",
             "encoder_block_lens",
             "used_list_len",
             "free_list",
             "free_list_len"})
    .Outputs({"stop_flags_out",
              "batch_drop_out",
              "seq_lens_this_time_out",
              "seq_lens_decoder_out",
              "block_tables_out",
              "encoder_block_lens_out",
              "used_list_len_out",
              "free_list_out",
              "free_list_len_out"})
    .Attrs({"block_size: int", "max_draft_tokens: int"})
    .SetInplaceMap({{"stop_flags", "stop_flags_out"},
                    {"batch_drop", "batch_drop_out"},
                    {"seq_lens_this_time", "seq_lens_this_time_out"},
                    {"seq_lens_decoder", "seq_lens_decoder_out"},
                    {"block_tables", "block_tables_out"},
                    {"encoder_block_lens", "encoder_block_lens_out"},
                    {"used_list_len", "used_list_len_out"},
                    {"free_list", "free_list_out"},
                    {"free_list_len", "free_list_len_out"}})
    .SetKernelFn(PD_KERNEL(opforge::mtp_step_paddle::paddle_kernel))
    .SetInferShapeFn(&opforge::mtp_step_paddle::Inference::shape)
    .SetInferDtypeFn(&opforge::mtp_step_paddle::DtypeInference::dtype);
