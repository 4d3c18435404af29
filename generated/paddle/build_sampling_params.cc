// Generated from opspec/build_sampling_params.yaml by `python -m codegen`. Do not edit.
// Paddle side of build_sampling_params: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_build_sampling_params` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/build_sampling_params.h"
#include "opforge/paddle_glue.h"

namespace opforge::build_sampling_params {
namespace {

constexpr const char* kOp = "build_sampling_params";

// Everything is checked before the entry runs, so a rejected call writes nothing.
std::vector<paddle::Tensor> checked_call(const paddle::Tensor& top_p,
                                         const paddle::Tensor& top_k,
                                         const paddle::Tensor& infer_seed,
                                         const paddle::Tensor& seq_lens_this_time,
                                         const paddle::Tensor& cu_seqlens_q_output,
                                         int64_t token_num_output_cpu,
                                         int64_t increment_value) {
  check_attrs(token_num_output_cpu, increment_value);

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& top_p_tensor = paddle_glue::check_tensor(kOp,
                                                                   "top_p",
                                                                   top_p,
                                                                   opforge::DType::kFloat32,
                                                                   1,
                                                                   opforge::UnitAxis::kAccepted,
                                                                   "[max_bsz]",
                                                                   opforge::Memory::kDevice,
                                                                   anchor);
  const phi::DenseTensor& top_k_tensor = paddle_glue::check_tensor(kOp,
                                                                   "top_k",
                                                                   top_k,
                                                                   opforge::DType::kInt64,
                                                                   1,
                                                                   opforge::UnitAxis::kAccepted,
                                                                   "[max_bsz]",
                                                                   opforge::Memory::kDevice,
                                                                   anchor);
  const phi::DenseTensor& infer_seed_tensor = paddle_glue::check_tensor(
      kOp,
      "infer_seed",
      infer_seed,
      opforge::DType::kInt64,
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
  const phi::DenseTensor& cu_seqlens_q_output_tensor = paddle_glue::check_tensor(
      kOp,
      "cu_seqlens_q_output",
      cu_seqlens_q_output,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[real_bsz + 1]",
      opforge::Memory::kDevice,
      anchor);

  opforge::DimSlot max_bsz{"max_bsz"};
  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::DimSlot out_token_num{"out_token_num"};
  opforge::bind_dim_from_attr(kOp, "token_num_output_cpu", token_num_output_cpu, out_token_num);
  opforge::bind_dim(kOp, "top_p", 0, top_p_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "top_k", 0, top_k_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "infer_seed", 0, infer_seed_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::check_dim(kOp,
                     "cu_seqlens_q_output",
                     0,
                     cu_seqlens_q_output_tensor.dims()[0],
                     real_bsz.value + 1,
                     "real_bsz + 1",
                     {&real_bsz});

  // Every output's size against the limit first: nothing is allocated unless all fit.
  opforge::check_alloc(
      kOp, "top_p_padding", "[out_token_num, 1]", {out_token_num.get(), 1}, sizeof(float));
  opforge::check_alloc(
      kOp, "top_k_padding", "[out_token_num, 1]", {out_token_num.get(), 1}, sizeof(int64_t));
  opforge::check_alloc(
      kOp, "topp_seed", "[out_token_num, 1]", {out_token_num.get(), 1}, sizeof(int64_t));

  paddle::Tensor top_p_padding = paddle_glue::new_output(
      {out_token_num.get(), 1}, paddle::DataType::FLOAT32, anchor);

  paddle::Tensor top_k_padding = paddle_glue::new_output(
      {out_token_num.get(), 1}, paddle::DataType::INT64, anchor);

  paddle::Tensor topp_seed = paddle_glue::new_output(
      {out_token_num.get(), 1}, paddle::DataType::INT64, anchor);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<const float>(top_p_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(top_k_tensor, max_bsz.get()),
      paddle_glue::buffer<int64_t>(infer_seed_tensor, max_bsz.get()),
      paddle_glue::buffer<const int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<const int32_t>(cu_seqlens_q_output_tensor, real_bsz.get() + 1),
      paddle_glue::buffer<float>(static_cast<const phi::DenseTensor&>(*top_p_padding.impl()),
                                 opforge::numel({out_token_num.get(), 1})),
      paddle_glue::buffer<int64_t>(static_cast<const phi::DenseTensor&>(*top_k_padding.impl()),
                                   opforge::numel({out_token_num.get(), 1})),
      paddle_glue::buffer<int64_t>(static_cast<const phi::DenseTensor&>(*topp_seed.impl()),
                                   opforge::numel({out_token_num.get(), 1})),
      max_bsz.get(),
      real_bsz.get(),
      out_token_num.get(),
      token_num_output_cpu,
      increment_value);
  return {top_p_padding, top_k_padding, topp_seed};
}

// ---- the Paddle custom op

std::vector<paddle::Tensor> paddle_kernel(const paddle::Tensor& top_p,
                                          const paddle::Tensor& top_k,
                                          const paddle::Tensor& infer_seed,
                                          const paddle::Tensor& seq_lens_this_time,
                                          const paddle::Tensor& cu_seqlens_q_output,
                                          int64_t token_num_output_cpu,
                                          int64_t increment_value) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    return checked_call(top_p,
                        top_k,
                        infer_seed,
                        seq_lens_this_time,
                        cu_seqlens_q_output,
                        token_num_output_cpu,
                        increment_value);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(const std::vector<int64_t>& top_p_shape,
                                              const std::vector<int64_t>& top_k_shape,
                                              const std::vector<int64_t>& infer_seed_shape,
                                              const std::vector<int64_t>& seq_lens_this_time_shape,
                                              const std::vector<int64_t>& cu_seqlens_q_output_shape,
                                              int64_t token_num_output_cpu,
                                              int64_t increment_value) {
  const int64_t out_token_num = static_cast<int64_t>(token_num_output_cpu);
  return {{out_token_num, 1}, {out_token_num, 1}, {out_token_num, 1}};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& top_p_dtype,
                                          const paddle::DataType& top_k_dtype,
                                          const paddle::DataType& infer_seed_dtype,
                                          const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& cu_seqlens_q_output_dtype,
                                          int64_t token_num_output_cpu,
                                          int64_t increment_value) {
  return {paddle::DataType::FLOAT32, paddle::DataType::INT64, paddle::DataType::INT64};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<5, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<5, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.build_sampling_params turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "top_p",
      "top_k",
      "infer_seed",
      "seq_lens_this_time",
      "cu_seqlens_q_output",
      "token_num_output_cpu",
      "increment_value",
  };
  PyObject* py_given[7];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 7, 5, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* top_p = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* top_k = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* infer_seed = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* cu_seqlens_q_output = python_glue::tensor_arg(py_given[4], py_ok);
  int64_t token_num_output_cpu{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[5], token_num_output_cpu);
  int64_t increment_value{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[6], increment_value);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "top_p", top_p != nullptr);
    opforge::require_present(kOp, "top_k", top_k != nullptr);
    opforge::require_present(kOp, "infer_seed", infer_seed != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "cu_seqlens_q_output", cu_seqlens_q_output != nullptr);
    return python_glue::results(
        checked_call(*top_p, *top_k, *infer_seed, *seq_lens_this_time, *cu_seqlens_q_output, token_num_output_cpu, increment_value));
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT std::vector<paddle::Tensor> call(const paddle::Tensor& top_p,
                                                const paddle::Tensor& top_k,
                                                const paddle::Tensor& infer_seed,
                                                const paddle::Tensor& seq_lens_this_time,
                                                const paddle::Tensor& cu_seqlens_q_output,
                                                int64_t token_num_output_cpu,
                                                int64_t increment_value) {
  return checked_call(top_p,
                      top_k,
                      infer_seed,
                      seq_lens_this_time,
                      cu_seqlens_q_output,
                      token_num_output_cpu,
                      increment_value);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.build_sampling_params; its documentation is that function's.";
  return method;
}

}  // namespace opforge::build_sampling_params

PD_BUILD_OP(opforge_build_sampling_params)
    .Inputs({"top_p", "top_k", "infer_seed", "seq_lens_this_time", "cu_seqlens_q_output"})
    .Outputs({"infer_seed_out", "top_p_padding", "top_k_padding", "topp_seed"})
    .Attrs({"token_num_output_cpu: int64_t", "increment_value: int64_t"})
    .SetInplaceMap({{"infer_seed", "infer_seed_out"}})
    .SetKernelFn(PD_KERNEL(opforge::build_sampling_params::paddle_kernel))
    .SetInferShapeFn(&opforge::build_sampling_params::Inference::shape)
    .SetInferDtypeFn(&opforge::build_sampling_params::DtypeInference::dtype);
