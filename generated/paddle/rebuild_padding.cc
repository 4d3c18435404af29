// Generated from opspec/rebuild_padding.yaml by `python -m codegen`. Do not edit.
// Paddle side of rebuild_padding: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_rebuild_padding` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/rebuild_padding.h"
#include "opforge/paddle_glue.h"

namespace opforge::rebuild_padding {
namespace {

constexpr const char* kOp = "rebuild_padding";

// Everything is checked before the entry runs, so a rejected call writes nothing.
paddle::Tensor checked_call(const paddle::Tensor& hidden,
                            const paddle::Tensor& cu_seqlens_q,
                            const paddle::Tensor& seq_lens_this_time,
                            const paddle::Tensor& seq_lens_encoder,
                            const paddle::Tensor& cu_seqlens_q_output,
                            int64_t cpu_out_token_num) {
  check_attrs(cpu_out_token_num);

  paddle_glue::PlaceAnchor anchor;
  paddle_glue::DTypeSlot T_dtype;
  const phi::DenseTensor& hidden_tensor = paddle_glue::check_tensor(
      kOp,
      "hidden",
      hidden,
      paddle_glue::bind_dtype(
          kOp,
          "hidden",
          hidden,
          T_dtype,
          {opforge::DType::kFloat32, opforge::DType::kFloat16, opforge::DType::kBFloat16},
          "float32, float16 or bfloat16"),
      2,
      opforge::UnitAxis::kRejected,
      "[token_num, hidden_size]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& cu_seqlens_q_tensor = paddle_glue::check_tensor(
      kOp,
      "cu_seqlens_q",
      cu_seqlens_q,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[real_bsz + 1]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& seq_lens_this_time_tensor = paddle_glue::check_tensor(
      kOp,
      "seq_lens_this_time",
      seq_lens_this_time,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[real_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& seq_lens_encoder_tensor = paddle_glue::check_tensor(
      kOp,
      "seq_lens_encoder",
      seq_lens_encoder,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[max_bsz]",
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
  opforge::DimSlot token_num{"token_num"};
  opforge::DimSlot hidden_size{"hidden_size"};
  opforge::DimSlot out_token_num{"out_token_num"};
  opforge::bind_dim_from_attr(kOp, "cpu_out_token_num", cpu_out_token_num, out_token_num);
  opforge::bind_dim(kOp, "hidden", 0, hidden_tensor.dims()[0], token_num);
  opforge::bind_dim(kOp, "hidden", 1, hidden_tensor.dims()[1], hidden_size);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], max_bsz);
  opforge::check_dim(kOp,
                     "cu_seqlens_q",
                     0,
                     cu_seqlens_q_tensor.dims()[0],
                     real_bsz.value + 1,
                     "real_bsz + 1",
                     {&real_bsz});
  opforge::check_dim(kOp,
                     "cu_seqlens_q_output",
                     0,
                     cu_seqlens_q_output_tensor.dims()[0],
                     real_bsz.value + 1,
                     "real_bsz + 1",
                     {&real_bsz});

  // Every output's size against the limit first: nothing is allocated unless all fit.
  opforge::check_alloc(kOp,
                       "out",
                       "[out_token_num, hidden_size]",
                       {out_token_num.get(), hidden_size.get()},
                       opforge::dtype_size(T_dtype.value));

  paddle::Tensor out = paddle_glue::new_output(
      {out_token_num.get(), hidden_size.get()}, paddle_glue::paddle_dtype(T_dtype.value), anchor);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  // One instantiation of the entry per dtype of T.
  auto run_as = [&](auto tag) {
    using T = typename decltype(tag)::type;
    run<T>(
        ctx,
        paddle_glue::buffer<const T>(
            hidden_tensor, opforge::numel({token_num.get(), hidden_size.get()})),
        paddle_glue::buffer<const int32_t>(cu_seqlens_q_tensor, real_bsz.get() + 1),
        paddle_glue::buffer<const int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
        paddle_glue::buffer<const int32_t>(seq_lens_encoder_tensor, max_bsz.get()),
        paddle_glue::buffer<const int32_t>(cu_seqlens_q_output_tensor, real_bsz.get() + 1),
        paddle_glue::buffer<T>(static_cast<const phi::DenseTensor&>(*out.impl()),
                               opforge::numel({out_token_num.get(), hidden_size.get()})),
        max_bsz.get(),
        real_bsz.get(),
        token_num.get(),
        hidden_size.get(),
        out_token_num.get(),
        cpu_out_token_num);
  };
  switch (T_dtype.value) {
    case opforge::DType::kFloat32: run_as(opforge::TypeTag<float>{}); break;
    case opforge::DType::kFloat16: run_as(opforge::TypeTag<opforge::float16>{}); break;
    case opforge::DType::kBFloat16: run_as(opforge::TypeTag<opforge::bfloat16>{}); break;
    default: break;  // bind_dtype admits only the set's dtypes
  }
  return out;
}

// ---- the Paddle custom op

std::vector<paddle::Tensor> paddle_kernel(const paddle::Tensor& hidden,
                                          const paddle::Tensor& cu_seqlens_q,
                                          const paddle::Tensor& seq_lens_this_time,
                                          const paddle::Tensor& seq_lens_encoder,
                                          const paddle::Tensor& cu_seqlens_q_output,
                                          int64_t cpu_out_token_num) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    return {checked_call(hidden, cu_seqlens_q, seq_lens_this_time, seq_lens_encoder, cu_seqlens_q_output, cpu_out_token_num)};
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(const std::vector<int64_t>& hidden_shape,
                                              const std::vector<int64_t>& cu_seqlens_q_shape,
                                              const std::vector<int64_t>& seq_lens_this_time_shape,
                                              const std::vector<int64_t>& seq_lens_encoder_shape,
                                              const std::vector<int64_t>& cu_seqlens_q_output_shape,
                                              int64_t cpu_out_token_num) {
  const int64_t hidden_size = hidden_shape[1];
  const int64_t out_token_num = static_cast<int64_t>(cpu_out_token_num);
  return {{out_token_num, hidden_size}};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& hidden_dtype,
                                          const paddle::DataType& cu_seqlens_q_dtype,
                                          const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& seq_lens_encoder_dtype,
                                          const paddle::DataType& cu_seqlens_q_output_dtype,
                                          int64_t cpu_out_token_num) {
  return {hidden_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<5, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<5, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.rebuild_padding turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "hidden",
      "cu_seqlens_q",
      "seq_lens_this_time",
      "seq_lens_encoder",
      "cu_seqlens_q_output",
      "cpu_out_token_num",
  };
  PyObject* py_given[6];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 6, 5, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* hidden = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* cu_seqlens_q = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* cu_seqlens_q_output = python_glue::tensor_arg(py_given[4], py_ok);
  int64_t cpu_out_token_num{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[5], cpu_out_token_num);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "hidden", hidden != nullptr);
    opforge::require_present(kOp, "cu_seqlens_q", cu_seqlens_q != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "cu_seqlens_q_output", cu_seqlens_q_output != nullptr);
    return python_glue::result(
        checked_call(*hidden, *cu_seqlens_q, *seq_lens_this_time, *seq_lens_encoder, *cu_seqlens_q_output, cpu_out_token_num));
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT std::vector<paddle::Tensor> call(const paddle::Tensor& hidden,
                                                const paddle::Tensor& cu_seqlens_q,
                                                const paddle::Tensor& seq_lens_this_time,
                                                const paddle::Tensor& seq_lens_encoder,
                                                const paddle::Tensor& cu_seqlens_q_output,
                                                int64_t cpu_out_token_num) {
  return {checked_call(hidden, cu_seqlens_q, seq_lens_this_time, seq_lens_encoder, cu_seqlens_q_output, cpu_out_token_num)};
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.rebuild_padding; its documentation is that function's.";
  return method;
}

}  // namespace opforge::rebuild_padding

PD_BUILD_OP(opforge_rebuild_padding)
    .Inputs({"hidden",
             "cu_seqlens_q",
             "seq_lens_this_time",
             "seq_lens_encoder",
             "cu_seqlens_q_output"})
    .Outputs({"out"})
    .Attrs({"cpu_out_token_num: int64_t"})
    .SetKernelFn(PD_KERNEL(opforge::rebuild_padding::paddle_kernel))
    .SetInferShapeFn(&opforge::rebuild_padding::Inference::shape)
    .SetInferDtypeFn(&opforge::rebuild_padding::DtypeInference::dtype);
