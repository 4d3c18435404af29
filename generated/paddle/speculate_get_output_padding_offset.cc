// Generated from opspec/speculate_get_output_padding_offset.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_get_output_padding_offset: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a pybind11 function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_get_output_padding_offset` (static graphs).
#include "entry/speculate_get_output_padding_offset.h"

#include "opforge/paddle_glue.h"
#include "opforge/pybind_glue.h"

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
    // Paddle hands the op an empty optional input as absent: say so.
    const char* note = error.kind() == opforge::ErrorKind::kMissing
                           ? " (Paddle passes an empty optional tensor to a custom op as None)"
                           : "";
    PADDLE_THROW(common::errors::InvalidArgument("%s%s", error.what(), note));
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

}  // namespace

// ---- the pybind11 binding

void bind(pybind11::module_& module) {
  namespace py = pybind11;
  // The fast overload first. pybind11 tries the second only when the first
  // cannot take the arguments; it accepts None for every tensor so that a
  // required one given as None gets our message instead of pybind11's
  // "incompatible function arguments" (taking every tensor as optional in the
  // first overload would cost ~0.9 us per call).
  module.def(
      "speculate_get_output_padding_offset",
      [](const paddle::Tensor& seq_lens_output, int64_t cpu_out_token_num, int64_t max_seq_len) {
        opforge::check_int32(kOp, "max_seq_len", max_seq_len);
        return checked_call(seq_lens_output, cpu_out_token_num, static_cast<int32_t>(max_seq_len));
      },
      py::arg("seq_lens_output").none(false),
      py::arg("cpu_out_token_num"),
      py::arg("max_seq_len"),
      "The binding of opforge.speculate_get_output_padding_offset; its documentation is that "
      "function's.");

  module.def(
      "speculate_get_output_padding_offset",
      [](const paddle::optional<paddle::Tensor>& seq_lens_output,
         int64_t cpu_out_token_num,
         int64_t max_seq_len) {
        opforge::require_present(kOp, "seq_lens_output", seq_lens_output.is_initialized());
        opforge::check_int32(kOp, "max_seq_len", max_seq_len);
        return checked_call(*seq_lens_output, cpu_out_token_num, static_cast<int32_t>(max_seq_len));
      },
      py::arg("seq_lens_output").none(true),
      py::arg("cpu_out_token_num"),
      py::arg("max_seq_len"),
      "(the same op: reports a required tensor given as None)");
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
