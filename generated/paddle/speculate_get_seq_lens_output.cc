// Generated from opspec/speculate_get_seq_lens_output.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_get_seq_lens_output: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a pybind11 function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_get_seq_lens_output` (static graphs).
#include "entry/speculate_get_seq_lens_output.h"

#include "opforge/paddle_glue.h"
#include "opforge/pybind_glue.h"

namespace opforge::speculate_get_seq_lens_output {
namespace {

constexpr const char* kOp = "speculate_get_seq_lens_output";

// Everything is checked before the entry runs, so a rejected call writes nothing.
paddle::Tensor checked_call(
    const paddle::Tensor& seq_lens_this_time, const paddle::Tensor& seq_lens_encoder) {
  check_attrs();

  paddle_glue::PlaceAnchor anchor;
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

  opforge::DimSlot max_bsz{"max_bsz"};
  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], max_bsz);

  // Every output's size against the limit first: nothing is allocated unless all fit.
  opforge::check_alloc(kOp, "seq_lens_output", "[real_bsz]", {real_bsz.get()}, sizeof(int32_t));

  paddle::Tensor seq_lens_output = paddle_glue::new_output(
      {real_bsz.get()}, paddle::DataType::INT32, anchor);

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<const int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<const int32_t>(seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(
          static_cast<const phi::DenseTensor&>(*seq_lens_output.impl()), real_bsz.get()),
      max_bsz.get(),
      real_bsz.get());
  return seq_lens_output;
}

// ---- the Paddle custom op

std::vector<paddle::Tensor> paddle_kernel(
    const paddle::Tensor& seq_lens_this_time, const paddle::Tensor& seq_lens_encoder) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    return {checked_call(seq_lens_this_time, seq_lens_encoder)};
  } catch (const opforge::OpError& error) {
    // Paddle hands the op an empty optional input as absent: say so.
    const char* note = error.kind() == opforge::ErrorKind::kMissing
                           ? " (Paddle passes an empty optional tensor to a custom op as None)"
                           : "";
    PADDLE_THROW(common::errors::InvalidArgument("%s%s", error.what(), note));
  }
}

std::vector<std::vector<int64_t>> infer_shape(const std::vector<int64_t>& seq_lens_this_time_shape,
                                              const std::vector<int64_t>& seq_lens_encoder_shape) {
  const int64_t real_bsz = seq_lens_this_time_shape[0];
  return {{real_bsz}};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& seq_lens_encoder_dtype) {
  return {paddle::DataType::INT32};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<2, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<2, decltype(&infer_dtype), &infer_dtype>;

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
      "speculate_get_seq_lens_output",
      [](const paddle::Tensor& seq_lens_this_time, const paddle::Tensor& seq_lens_encoder) {
        return checked_call(seq_lens_this_time, seq_lens_encoder);
      },
      py::arg("seq_lens_this_time").none(false),
      py::arg("seq_lens_encoder").none(false),
      "The binding of opforge.speculate_get_seq_lens_output; its documentation is that "
      "function's.");

  module.def(
      "speculate_get_seq_lens_output",
      [](const paddle::optional<paddle::Tensor>& seq_lens_this_time,
         const paddle::optional<paddle::Tensor>& seq_lens_encoder) {
        opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time.is_initialized());
        opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder.is_initialized());
        return checked_call(*seq_lens_this_time, *seq_lens_encoder);
      },
      py::arg("seq_lens_this_time").none(true),
      py::arg("seq_lens_encoder").none(true),
      "(the same op: reports a required tensor given as None)");
}

}  // namespace opforge::speculate_get_seq_lens_output

PD_BUILD_OP(opforge_speculate_get_seq_lens_output)
    .Inputs({"seq_lens_this_time", "seq_lens_encoder"})
    .Outputs({"seq_lens_output"})
    .Attrs({})
    .SetKernelFn(PD_KERNEL(opforge::speculate_get_seq_lens_output::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_get_seq_lens_output::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_get_seq_lens_output::DtypeInference::dtype);
