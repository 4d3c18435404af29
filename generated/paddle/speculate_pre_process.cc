// Generated from opspec/speculate_pre_process.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_pre_process: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_pre_process` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/speculate_pre_process.h"
#include "opforge/paddle_glue.h"

namespace opforge::speculate_pre_process {
namespace {

constexpr const char* kOp = "speculate_pre_process";

// Everything is checked before the entry runs, so a rejected call writes nothing.
std::vector<paddle::Tensor> checked_call(const paddle::Tensor& input_ids,
                                         const paddle::Tensor& seq_len,
                                         const paddle::Tensor& draft_tokens,
                                         const paddle::Tensor& seq_lens_encoder,
                                         int64_t cpu_token_num) {
  check_attrs(cpu_token_num);

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& input_ids_tensor = paddle_glue::check_tensor(kOp,
                                                                       "input_ids",
                                                                       input_ids,
                                                                       opforge::DType::kInt64,
                                                                       2,
                                                                       opforge::UnitAxis::kRejected,
                                                                       "[max_bsz, max_seq_len]",
                                                                       opforge::Memory::kDevice,
                                                                       anchor);
  const phi::DenseTensor& seq_len_tensor = paddle_glue::check_tensor(kOp,
                                                                     "seq_len",
                                                                     seq_len,
                                                                     opforge::DType::kInt32,
                                                                     1,
                                                                     opforge::UnitAxis::kAccepted,
                                                                     "[real_bsz]",
                                                                     opforge::Memory::kDevice,
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
  opforge::DimSlot max_seq_len{"max_seq_len"};
  opforge::DimSlot max_draft_tokens{"max_draft_tokens"};
  opforge::DimSlot token_num{"token_num"};
  opforge::bind_dim_from_attr(kOp, "cpu_token_num", cpu_token_num, token_num);
  opforge::bind_dim(kOp, "input_ids", 0, input_ids_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "input_ids", 1, input_ids_tensor.dims()[1], max_seq_len);
  opforge::bind_dim(kOp, "seq_len", 0, seq_len_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "draft_tokens", 0, draft_tokens_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "draft_tokens", 1, draft_tokens_tensor.dims()[1], max_draft_tokens);
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], max_bsz);

  // Every output's size against the limit first: nothing is allocated unless all fit.
  opforge::check_alloc(
      kOp, "ids_remove_padding", "[token_num]", {token_num.get()}, sizeof(int64_t));
  opforge::check_alloc(
      kOp, "batch_id_per_token", "[token_num]", {token_num.get()}, sizeof(int32_t));
  opforge::check_alloc(
      kOp, "cu_seqlens_q", "[real_bsz + 1]", {real_bsz.get() + 1}, sizeof(int32_t));
  opforge::check_alloc(
      kOp, "cu_seqlens_k", "[real_bsz + 1]", {real_bsz.get() + 1}, sizeof(int32_t));
  opforge::check_alloc(
      kOp, "cu_seq_lens_q_output", "[real_bsz + 1]", {real_bsz.get() + 1}, sizeof(int32_t));
  opforge::check_alloc(kOp,
                       "batch_id_per_token_output",
                       "[real_bsz * max_draft_tokens]",
                       {real_bsz.get() * max_draft_tokens.get()},
                       sizeof(int32_t));
  opforge::check_alloc(kOp, "real_output_token_num", "[1]", {1}, sizeof(int32_t));

  paddle::Tensor ids_remove_padding = paddle_glue::new_output(
      {token_num.get()}, paddle::DataType::INT64, anchor);

  paddle::Tensor batch_id_per_token = paddle_glue::new_output(
      {token_num.get()}, paddle::DataType::INT32, anchor);

  paddle::Tensor cu_seqlens_q = paddle_glue::new_output(
      {real_bsz.get() + 1}, paddle::DataType::INT32, anchor);

  paddle::Tensor cu_seqlens_k = paddle_glue::new_output(
      {real_bsz.get() + 1}, paddle::DataType::INT32, anchor);

  paddle::Tensor cu_seq_lens_q_output = paddle_glue::new_output(
      {real_bsz.get() + 1}, paddle::DataType::INT32, anchor);

  paddle::Tensor batch_id_per_token_output = paddle_glue::new_output(
      {real_bsz.get() * max_draft_tokens.get()}, paddle::DataType::INT32, anchor);

  paddle::Tensor real_output_token_num = paddle_glue::new_output(
      {1}, paddle::DataType::INT32, anchor);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<const int64_t>(
          input_ids_tensor, opforge::numel({max_bsz.get(), max_seq_len.get()})),
      paddle_glue::buffer<const int32_t>(seq_len_tensor, real_bsz.get()),
      paddle_glue::buffer<const int64_t>(
          draft_tokens_tensor, opforge::numel({max_bsz.get(), max_draft_tokens.get()})),
      paddle_glue::buffer<const int32_t>(seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<int64_t>(
          static_cast<const phi::DenseTensor&>(*ids_remove_padding.impl()), token_num.get()),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*batch_id_per_token.impl()), token_num.get()),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*cu_seqlens_q.impl()), real_bsz.get() + 1),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*cu_seqlens_k.impl()), real_bsz.get() + 1),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*cu_seq_lens_q_output.impl()), real_bsz.get() + 1),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*batch_id_per_token_output.impl()),
          real_bsz.get() * max_draft_tokens.get()),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*real_output_token_num.impl()), 1),
      max_bsz.get(),
      real_bsz.get(),
      max_seq_len.get(),
      max_draft_tokens.get(),
      token_num.get(),
      cpu_token_num);
  return {ids_remove_padding,
          batch_id_per_token,
          cu_seqlens_q,
          cu_seqlens_k,
          cu_seq_lens_q_output,
          batch_id_per_token_output,
          real_output_token_num};
}

// ---- the Paddle custom op

std::vector<paddle::Tensor> paddle_kernel(const paddle::Tensor& input_ids,
                                          const paddle::Tensor& seq_len,
                                          const paddle::Tensor& draft_tokens,
                                          const paddle::Tensor& seq_lens_encoder,
                                          int64_t cpu_token_num) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    return checked_call(input_ids, seq_len, draft_tokens, seq_lens_encoder, cpu_token_num);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(const std::vector<int64_t>& input_ids_shape,
                                              const std::vector<int64_t>& seq_len_shape,
                                              const std::vector<int64_t>& draft_tokens_shape,
                                              const std::vector<int64_t>& seq_lens_encoder_shape,
                                              int64_t cpu_token_num) {
  const int64_t real_bsz = seq_len_shape[0];
  const int64_t max_draft_tokens = draft_tokens_shape[1];
  const int64_t token_num = static_cast<int64_t>(cpu_token_num);
  return {{token_num},
          {token_num},
          {(real_bsz < 0) ? -1 : real_bsz + 1},
          {(real_bsz < 0) ? -1 : real_bsz + 1},
          {(real_bsz < 0) ? -1 : real_bsz + 1},
          {(real_bsz < 0 || max_draft_tokens < 0) ? -1 : real_bsz * max_draft_tokens},
          {1}};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& input_ids_dtype,
                                          const paddle::DataType& seq_len_dtype,
                                          const paddle::DataType& draft_tokens_dtype,
                                          const paddle::DataType& seq_lens_encoder_dtype,
                                          int64_t cpu_token_num) {
  return {paddle::DataType::INT64,
          paddle::DataType::INT32,
          paddle::DataType::INT32,
          paddle::DataType::INT32,
          paddle::DataType::INT32,
          paddle::DataType::INT32,
          paddle::DataType::INT32};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<4, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<4, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.speculate_pre_process turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "input_ids",
      "seq_len",
      "draft_tokens",
      "seq_lens_encoder",
      "cpu_token_num",
  };
  PyObject* py_given[5];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 5, 4, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* input_ids = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* seq_len = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* draft_tokens = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[3], py_ok);
  int64_t cpu_token_num{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[4], cpu_token_num);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "input_ids", input_ids != nullptr);
    opforge::require_present(kOp, "seq_len", seq_len != nullptr);
    opforge::require_present(kOp, "draft_tokens", draft_tokens != nullptr);
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    return python_glue::results(
        checked_call(*input_ids, *seq_len, *draft_tokens, *seq_lens_encoder, cpu_token_num));
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT std::vector<paddle::Tensor> call(const paddle::Tensor& input_ids,
                                                const paddle::Tensor& seq_len,
                                                const paddle::Tensor& draft_tokens,
                                                const paddle::Tensor& seq_lens_encoder,
                                                int64_t cpu_token_num) {
  return checked_call(input_ids, seq_len, draft_tokens, seq_lens_encoder, cpu_token_num);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.speculate_pre_process; its documentation is that function's.";
  return method;
}

}  // namespace opforge::speculate_pre_process

PD_BUILD_OP(opforge_speculate_pre_process)
    .Inputs({"input_ids", "seq_len", "draft_tokens", "seq_lens_encoder"})
    .Outputs({"ids_remove_padding",
              "batch_id_per_token",
              "cu_seqlens_q",
              "cu_seqlens_k",
              "cu_seq_lens_q_output",
              "batch_id_per_token_output",
              "real_output_token_num"})
    .Attrs({"cpu_token_num: int64_t"})
    .SetKernelFn(PD_KERNEL(opforge::speculate_pre_process::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_pre_process::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_pre_process::DtypeInference::dtype);
