// Generated from opspec/speculate_get_output_padding_offset.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_get_output_padding_offset: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_get_output_padding_offset` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/speculate_get_output_padding_offset.h"
#include "opforge/paddle_glue.h"

namespace opforge::speculate_get_output_padding_offset {
namespace {

constexpr const char* kOp = "speculate_get_output_padding_offset";

// Everything is checked before the entry runs, so a rejected call writes nothing.
std::vector<paddle::Tensor> checked_call(
    const paddle::Tensor& seq_lens_output, int64_t cpu_out_token_num, int32_t max_seq_len) {
  check_attrs(cpu_out_token_num, max_seq_len);

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& seq_lens_output_tensor = paddle_glue::check_tensor(
      kOp,
      "seq_lens_output",
      seq_lens_output,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[real_bsz]",
      opforge::Memory::kDevice,
      anchor);

  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::DimSlot out_token_num{"out_token_num"};
  opforge::bind_dim_from_attr(kOp, "cpu_out_token_num", cpu_out_token_num, out_token_num);
  opforge::bind_dim(kOp, "seq_lens_output", 0, seq_lens_output_tensor.dims()[0], real_bsz);

  // Every output's size against the limit first: nothing is allocated unless all fit.
  opforge::check_alloc(
      kOp, "output_padding_offset", "[out_token_num]", {out_token_num.get()}, sizeof(int32_t));
  opforge::check_alloc(kOp, "output_cum_offsets", "[real_bsz]", {real_bsz.get()}, sizeof(int32_t));
  opforge::check_alloc(
      kOp, "cu_seqlens_q_output", "[real_bsz + 1]", {real_bsz.get() + 1}, sizeof(int32_t));
  opforge::check_alloc(
      kOp, "batch_id_per_token_output", "[out_token_num]", {out_token_num.get()}, sizeof(int32_t));

  paddle::Tensor output_padding_offset = paddle_glue::new_output(
      {out_token_num.get()}, paddle::DataType::INT32, anchor);

  paddle::Tensor output_cum_offsets = paddle_glue::new_output(
      {real_bsz.get()}, paddle::DataType::INT32, anchor);

  paddle::Tensor cu_seqlens_q_output = paddle_glue::new_output(
      {real_bsz.get() + 1}, paddle::DataType::INT32, anchor);

  paddle::Tensor batch_id_per_token_output = paddle_glue::new_output(
      {out_token_num.get()}, paddle::DataType::INT32, anchor);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<const int32_t>(seq_lens_output_tensor, real_bsz.get()),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*output_padding_offset.impl()), out_token_num.get()),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*output_cum_offsets.impl()), real_bsz.get()),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*cu_seqlens_q_output.impl()), real_bsz.get() + 1),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*batch_id_per_token_output.impl()),
          out_token_num.get()),
      real_bsz.get(),
      out_token_num.get(),
      cpu_out_token_num,
      max_seq_len);
  return {output_padding_offset,
          output_cum_offsets,
          cu_seqlens_q_output,
          batch_id_per_token_output};
}

// ---- the Paddle custom op

std::vector<paddle::Tensor> paddle_kernel(
    const paddle::Tensor& seq_lens_output, int64_t cpu_out_token_num, int max_seq_len) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    opforge::check_int32(kOp, "max_seq_len", max_seq_len);
    return checked_call(seq_lens_output, cpu_out_token_num, static_cast<int32_t>(max_seq_len));
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& seq_lens_output_shape, int64_t cpu_out_token_num, int max_seq_len) {
  const int64_t real_bsz = seq_lens_output_shape[0];
  const int64_t out_token_num = static_cast<int64_t>(cpu_out_token_num);
  return {{out_token_num}, {real_bsz}, {(real_bsz < 0) ? -1 : real_bsz + 1}, {out_token_num}};
}

std::vector<paddle::DataType> infer_dtype(
    const paddle::DataType& seq_lens_output_dtype, int64_t cpu_out_token_num, int max_seq_len) {
  return {paddle::DataType::INT32,
          paddle::DataType::INT32,
          paddle::DataType::INT32,
          paddle::DataType::INT32};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<1, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<1, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.speculate_get_output_padding_offset turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "seq_lens_output",
      "cpu_out_token_num",
      "max_seq_len",
  };
  PyObject* py_given[3];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 3, 1, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* seq_lens_output = python_glue::tensor_arg(py_given[0], py_ok);
  int64_t cpu_out_token_num{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[1], cpu_out_token_num);
  int64_t max_seq_len{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[2], max_seq_len);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "seq_lens_output", seq_lens_output != nullptr);
    opforge::check_int32(kOp, "max_seq_len", max_seq_len);
    return python_glue::results(
        checked_call(*seq_lens_output, cpu_out_token_num, static_cast<int32_t>(max_seq_len)));
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT std::vector<paddle::Tensor> call(
    const paddle::Tensor& seq_lens_output, int64_t cpu_out_token_num, int max_seq_len) {
  opforge::check_int32(kOp, "max_seq_len", max_seq_len);
  return checked_call(seq_lens_output, cpu_out_token_num, static_cast<int32_t>(max_seq_len));
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.speculate_get_output_padding_offset; its documentation is that function's.";
  return method;
}

}  // namespace opforge::speculate_get_output_padding_offset

PD_BUILD_OP(opforge_speculate_get_output_padding_offset)
    .Inputs({"seq_lens_output"})
    .Outputs({"output_padding_offset",
              "output_cum_offsets",
              "cu_seqlens_q_output",
              "batch_id_per_token_output"})
    .Attrs({"cpu_out_token_num: int64_t", "max_seq_len: int"})
    .SetKernelFn(PD_KERNEL(opforge::speculate_get_output_padding_offset::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_get_output_padding_offset::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_get_output_padding_offset::DtypeInference::dtype);
