// Generated from opspec/eagle_get_self_hidden_states.yaml by `python -m codegen`. Do not edit.
// Paddle side of eagle_get_self_hidden_states: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_eagle_get_self_hidden_states` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/eagle_get_self_hidden_states.h"
#include "opforge/paddle_glue.h"

namespace opforge::eagle_get_self_hidden_states {
namespace {

constexpr const char* kOp = "eagle_get_self_hidden_states";

// Everything is checked before the entry runs, so a rejected call writes nothing.
std::vector<paddle::Tensor> checked_call(const paddle::Tensor& hidden_states,
                                         const paddle::Tensor& last_seq_lens_this_time,
                                         const paddle::Tensor& seq_lens_this_time,
                                         const paddle::Tensor& step_idx) {
  check_attrs();

  paddle_glue::PlaceAnchor anchor;
  paddle_glue::DTypeSlot T_dtype;
  const phi::DenseTensor& hidden_states_tensor = paddle_glue::check_tensor(
      kOp,
      "hidden_states",
      hidden_states,
      paddle_glue::bind_dtype(
          kOp,
          "hidden_states",
          hidden_states,
          T_dtype,
          {opforge::DType::kFloat32, opforge::DType::kFloat16, opforge::DType::kBFloat16},
          "float32, float16 or bfloat16"),
      2,
      opforge::UnitAxis::kRejected,
      "[input_token_num, dim_embed]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& last_seq_lens_this_time_tensor = paddle_glue::check_tensor(
      kOp,
      "last_seq_lens_this_time",
      last_seq_lens_this_time,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[real_bsz]",
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
  const phi::DenseTensor& step_idx_tensor = paddle_glue::check_tensor(kOp,
                                                                      "step_idx",
                                                                      step_idx,
                                                                      opforge::DType::kInt64,
                                                                      1,
                                                                      opforge::UnitAxis::kAccepted,
                                                                      "[max_bsz]",
                                                                      opforge::Memory::kDevice,
                                                                      anchor);

  opforge::DimSlot max_bsz{"max_bsz"};
  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::DimSlot input_token_num{"input_token_num"};
  opforge::DimSlot dim_embed{"dim_embed"};
  opforge::bind_dim(kOp, "hidden_states", 0, hidden_states_tensor.dims()[0], input_token_num);
  opforge::bind_dim(kOp, "hidden_states", 1, hidden_states_tensor.dims()[1], dim_embed);
  opforge::bind_dim(
      kOp, "last_seq_lens_this_time", 0, last_seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "step_idx", 0, step_idx_tensor.dims()[0], max_bsz);

  // Every output's size against the limit first: nothing is allocated unless all fit.
  opforge::check_alloc(kOp,
                       "out",
                       "[input_token_num, dim_embed]",
                       {input_token_num.get(), dim_embed.get()},
                       opforge::dtype_size(T_dtype.value));
  opforge::check_alloc(kOp, "output_token_num", "[1]", {1}, sizeof(int32_t));

  paddle::Tensor out = paddle_glue::new_output(
      {input_token_num.get(), dim_embed.get()}, paddle_glue::paddle_dtype(T_dtype.value), anchor);

  paddle::Tensor output_token_num = paddle_glue::new_output({1}, paddle::DataType::INT32, anchor);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  // One instantiation of the entry per dtype of T.
  auto run_as = [&](auto tag) {
    using T = typename decltype(tag)::type;
    run<T>(
        ctx,
        paddle_glue::buffer<const T>(
            hidden_states_tensor, opforge::numel({input_token_num.get(), dim_embed.get()})),
        paddle_glue::buffer<const int32_t>(last_seq_lens_this_time_tensor, real_bsz.get()),
        paddle_glue::buffer<const int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
        paddle_glue::buffer<const int64_t>(step_idx_tensor, max_bsz.get()),
        paddle_glue::buffer<T>(static_cast<const phi::DenseTensor&>(*out.impl()),
                               opforge::numel({input_token_num.get(), dim_embed.get()})),
        paddle_glue::buffer<int32_t>(
            static_cast<const phi::DenseTensor&>(*output_token_num.impl()), 1),
        max_bsz.get(),
        real_bsz.get(),
        input_token_num.get(),
        dim_embed.get());
  };
  switch (T_dtype.value) {
    case opforge::DType::kFloat32: run_as(opforge::TypeTag<float>{}); break;
    case opforge::DType::kFloat16: run_as(opforge::TypeTag<opforge::float16>{}); break;
    case opforge::DType::kBFloat16: run_as(opforge::TypeTag<opforge::bfloat16>{}); break;
    default: break;  // bind_dtype admits only the set's dtypes
  }
  // Only the rows the kernel wrote, as many as it wrote into output_token_num (checked; a view, no copy).
  paddle_glue::keep_written_rows(
      kOp, "out", out, "output_token_num", output_token_num, "input_token_num");
  return {out, output_token_num};
}

// ---- the Paddle custom op

std::vector<paddle::Tensor> paddle_kernel(const paddle::Tensor& hidden_states,
                                          const paddle::Tensor& last_seq_lens_this_time,
                                          const paddle::Tensor& seq_lens_this_time,
                                          const paddle::Tensor& step_idx) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    return checked_call(hidden_states, last_seq_lens_this_time, seq_lens_this_time, step_idx);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& hidden_states_shape,
    const std::vector<int64_t>& last_seq_lens_this_time_shape,
    const std::vector<int64_t>& seq_lens_this_time_shape,
    const std::vector<int64_t>& step_idx_shape) {
  const int64_t dim_embed = hidden_states_shape[1];
  return {{-1, dim_embed}, {1}};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& hidden_states_dtype,
                                          const paddle::DataType& last_seq_lens_this_time_dtype,
                                          const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& step_idx_dtype) {
  return {hidden_states_dtype, paddle::DataType::INT32};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<4, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<4, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.eagle_get_self_hidden_states turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "hidden_states",
      "last_seq_lens_this_time",
      "seq_lens_this_time",
      "step_idx",
  };
  PyObject* py_given[4];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 4, 4, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* hidden_states = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* last_seq_lens_this_time = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* step_idx = python_glue::tensor_arg(py_given[3], py_ok);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "hidden_states", hidden_states != nullptr);
    opforge::require_present(kOp, "last_seq_lens_this_time", last_seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "step_idx", step_idx != nullptr);
    return python_glue::results(
        checked_call(*hidden_states, *last_seq_lens_this_time, *seq_lens_this_time, *step_idx));
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT std::vector<paddle::Tensor> call(const paddle::Tensor& hidden_states,
                                                const paddle::Tensor& last_seq_lens_this_time,
                                                const paddle::Tensor& seq_lens_this_time,
                                                const paddle::Tensor& step_idx) {
  return checked_call(hidden_states, last_seq_lens_this_time, seq_lens_this_time, step_idx);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.eagle_get_self_hidden_states; its documentation is that function's.";
  return method;
}

}  // namespace opforge::eagle_get_self_hidden_states

PD_BUILD_OP(opforge_eagle_get_self_hidden_states)
    .Inputs({"hidden_states", "last_seq_lens_this_time", "seq_lens_this_time", "step_idx"})
    .Outputs({"out", "output_token_num"})
    .Attrs({})
    .SetKernelFn(PD_KERNEL(opforge::eagle_get_self_hidden_states::paddle_kernel))
    .SetInferShapeFn(&opforge::eagle_get_self_hidden_states::Inference::shape)
    .SetInferDtypeFn(&opforge::eagle_get_self_hidden_states::DtypeInference::dtype);
