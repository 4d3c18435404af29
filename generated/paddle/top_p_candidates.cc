// Generated from opspec/top_p_candidates.yaml by `python -m codegen`. Do not edit.
// Paddle side of top_p_candidates: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_top_p_candidates` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/top_p_candidates.h"
#include "opforge/paddle_glue.h"

namespace opforge::top_p_candidates {
namespace {

constexpr const char* kOp = "top_p_candidates";

// Everything is checked before the entry runs, so a rejected call writes nothing.
std::vector<paddle::Tensor> checked_call(const paddle::Tensor& probs,
                                         const paddle::Tensor& top_p,
                                         const paddle::Tensor& batch_id_per_token,
                                         int32_t candidates_len) {
  check_attrs(candidates_len);

  paddle_glue::PlaceAnchor anchor;
  paddle_glue::DTypeSlot T_dtype;
  const phi::DenseTensor& probs_tensor = paddle_glue::check_tensor(
      kOp,
      "probs",
      probs,
      paddle_glue::bind_dtype(
          kOp,
          "probs",
          probs,
          T_dtype,
          {opforge::DType::kFloat32, opforge::DType::kFloat16, opforge::DType::kBFloat16},
          "float32, float16 or bfloat16"),
      2,
      opforge::UnitAxis::kRejected,
      "[token_num, vocab_size]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& top_p_tensor = paddle_glue::check_tensor(
      kOp,
      "top_p",
      top_p,
      paddle_glue::bind_dtype(
          kOp,
          "top_p",
          top_p,
          T_dtype,
          {opforge::DType::kFloat32, opforge::DType::kFloat16, opforge::DType::kBFloat16},
          "float32, float16 or bfloat16"),
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& batch_id_per_token_tensor = paddle_glue::check_tensor(
      kOp,
      "batch_id_per_token",
      batch_id_per_token,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[token_num]",
      opforge::Memory::kDevice,
      anchor);

  opforge::DimSlot token_num{"token_num"};
  opforge::DimSlot vocab_size{"vocab_size"};
  opforge::DimSlot max_bsz{"max_bsz"};
  opforge::DimSlot max_candidate_len{"max_candidate_len"};
  opforge::bind_dim_from_attr(kOp, "candidates_len", candidates_len, max_candidate_len);
  opforge::bind_dim(kOp, "probs", 0, probs_tensor.dims()[0], token_num);
  opforge::bind_dim(kOp, "probs", 1, probs_tensor.dims()[1], vocab_size);
  opforge::bind_dim(kOp, "top_p", 0, top_p_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "batch_id_per_token", 0, batch_id_per_token_tensor.dims()[0], token_num);

  // Every output's size against the limit first: nothing is allocated unless all fit.
  opforge::check_alloc(kOp,
                       "verify_scores",
                       "[token_num, max_candidate_len]",
                       {token_num.get(), max_candidate_len.get()},
                       opforge::dtype_size(T_dtype.value));
  opforge::check_alloc(kOp,
                       "verify_tokens",
                       "[token_num, max_candidate_len]",
                       {token_num.get(), max_candidate_len.get()},
                       sizeof(int64_t));
  opforge::check_alloc(
      kOp, "actual_candidate_lens", "[token_num]", {token_num.get()}, sizeof(int32_t));

  paddle::Tensor verify_scores = paddle_glue::new_output(
      {token_num.get(), max_candidate_len.get()}, paddle_glue::paddle_dtype(T_dtype.value), anchor);

  paddle::Tensor verify_tokens = paddle_glue::new_output(
      {token_num.get(), max_candidate_len.get()}, paddle::DataType::INT64, anchor);

  paddle::Tensor actual_candidate_lens = paddle_glue::new_output(
      {token_num.get()}, paddle::DataType::INT32, anchor);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  // One instantiation of the entry per dtype of T.
  auto run_as = [&](auto tag) {
    using T = typename decltype(tag)::type;
    run<T>(
        ctx,
        paddle_glue::buffer<const T>(
            probs_tensor, opforge::numel({token_num.get(), vocab_size.get()})),
        paddle_glue::buffer<const T>(top_p_tensor, max_bsz.get()),
        paddle_glue::buffer<const int32_t>(batch_id_per_token_tensor, token_num.get()),
        paddle_glue::buffer<T>(static_cast<const phi::DenseTensor&>(*verify_scores.impl()),
                               opforge::numel({token_num.get(), max_candidate_len.get()})),
        paddle_glue::buffer<int64_t>(static_cast<const phi::DenseTensor&>(*verify_tokens.impl()),
                                     opforge::numel({token_num.get(), max_candidate_len.get()})),
        paddle_glue::buffer<int32_t>(
            static_cast<const phi::DenseTensor&>(*actual_candidate_lens.impl()), token_num.get()),
        token_num.get(),
        vocab_size.get(),
        max_bsz.get(),
        max_candidate_len.get(),
        candidates_len);
  };
  switch (T_dtype.value) {
    case opforge::DType::kFloat32: run_as(opforge::TypeTag<float>{}); break;
    case opforge::DType::kFloat16: run_as(opforge::TypeTag<opforge::float16>{}); break;
    case opforge::DType::kBFloat16: run_as(opforge::TypeTag<opforge::bfloat16>{}); break;
    default: break;  // bind_dtype admits only the set's dtypes
  }
  return {verify_scores, verify_tokens, actual_candidate_lens};
}

// ---- the Paddle custom op

std::vector<paddle::Tensor> paddle_kernel(const paddle::Tensor& probs,
                                          const paddle::Tensor& top_p,
                                          const paddle::Tensor& batch_id_per_token,
                                          int candidates_len) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    opforge::check_int32(kOp, "candidates_len", candidates_len);
    return checked_call(probs, top_p, batch_id_per_token, static_cast<int32_t>(candidates_len));
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(const std::vector<int64_t>& probs_shape,
                                              const std::vector<int64_t>& top_p_shape,
                                              const std::vector<int64_t>& batch_id_per_token_shape,
                                              int candidates_len) {
  const int64_t token_num = probs_shape[0];
  const int64_t max_candidate_len = static_cast<int64_t>(candidates_len);
  return {{token_num, max_candidate_len}, {token_num, max_candidate_len}, {token_num}};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& probs_dtype,
                                          const paddle::DataType& top_p_dtype,
                                          const paddle::DataType& batch_id_per_token_dtype,
                                          int candidates_len) {
  return {probs_dtype, paddle::DataType::INT64, paddle::DataType::INT32};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<3, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<3, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.top_p_candidates turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "probs",
      "top_p",
      "batch_id_per_token",
      "candidates_len",
  };
  PyObject* py_given[4];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 4, 3, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* probs = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* top_p = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* batch_id_per_token = python_glue::tensor_arg(py_given[2], py_ok);
  int64_t candidates_len{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[3], candidates_len);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "probs", probs != nullptr);
    opforge::require_present(kOp, "top_p", top_p != nullptr);
    opforge::require_present(kOp, "batch_id_per_token", batch_id_per_token != nullptr);
    opforge::check_int32(kOp, "candidates_len", candidates_len);
    return python_glue::results(
        checked_call(*probs, *top_p, *batch_id_per_token, static_cast<int32_t>(candidates_len)));
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT std::vector<paddle::Tensor> call(const paddle::Tensor& probs,
                                                const paddle::Tensor& top_p,
                                                const paddle::Tensor& batch_id_per_token,
                                                int candidates_len) {
  opforge::check_int32(kOp, "candidates_len", candidates_len);
  return checked_call(probs, top_p, batch_id_per_token, static_cast<int32_t>(candidates_len));
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.top_p_candidates; its documentation is that function's.";
  return method;
}

}  // namespace opforge::top_p_candidates

PD_BUILD_OP(opforge_top_p_candidates)
    .Inputs({"probs", "top_p", "batch_id_per_token"})
    .Outputs({"verify_scores", "verify_tokens", "actual_candidate_lens"})
    .Attrs({"candidates_len: int"})
    .SetKernelFn(PD_KERNEL(opforge::top_p_candidates::paddle_kernel))
    .SetInferShapeFn(&opforge::top_p_candidates::Inference::shape)
    .SetInferDtypeFn(&opforge::top_p_candidates::DtypeInference::dtype);
