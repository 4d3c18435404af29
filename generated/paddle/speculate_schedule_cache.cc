// Generated from opspec/speculate_schedule_cache.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_schedule_cache: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_schedule_cache` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/speculate_schedule_cache.h"
#include "opforge/paddle_glue.h"

namespace opforge::speculate_schedule_cache {
namespace {

constexpr const char* kOp = "speculate_schedule_cache";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& draft_tokens,
                  const paddle::Tensor& block_tables,
                  const paddle::Tensor& stop_flags,
                  const paddle::Tensor& prompt_lens,
                  const paddle::Tensor& seq_lens_this_time,
                  const paddle::Tensor& seq_lens_encoder,
                  const paddle::Tensor& seq_lens_decoder,
                  const paddle::Tensor& step_seq_lens_decoder,
                  const paddle::Tensor& step_draft_tokens,
                  const paddle::Tensor& step_seq_lens_this_time,
                  const paddle::Tensor& accept_num,
                  const paddle::Tensor& accept_tokens,
                  const paddle::Tensor& is_block_step,
                  const paddle::Tensor& not_need_stop,
                  const paddle::optional<paddle::Tensor>& stop_nums,
                  int32_t block_size,
                  int32_t max_draft_tokens,
                  bool prefill_one_step_stop) {
  check_attrs(block_size, max_draft_tokens, prefill_one_step_stop);

  paddle_glue::PlaceAnchor anchor;
  const phi::DenseTensor& draft_tokens_tensor = paddle_glue::check_tensor(
      kOp,
      "draft_tokens",
      draft_tokens,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[max_bsz, draft_tokens_len]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& block_tables_tensor = paddle_glue::check_tensor(
      kOp,
      "block_tables",
      block_tables,
      opforge::DType::kInt32,
      2,
      opforge::UnitAxis::kRejected,
      "[max_bsz, block_num_per_seq]",
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
  const phi::DenseTensor& prompt_lens_tensor = paddle_glue::check_tensor(
      kOp,
      "prompt_lens",
      prompt_lens,
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
  const phi::DenseTensor& step_seq_lens_decoder_tensor = paddle_glue::check_tensor(
      kOp,
      "step_seq_lens_decoder",
      step_seq_lens_decoder,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[max_bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& step_draft_tokens_tensor = paddle_glue::check_tensor(
      kOp,
      "step_draft_tokens",
      step_draft_tokens,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[max_bsz, draft_tokens_len]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& step_seq_lens_this_time_tensor = paddle_glue::check_tensor(
      kOp,
      "step_seq_lens_this_time",
      step_seq_lens_this_time,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[max_bsz]",
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
  const phi::DenseTensor& accept_tokens_tensor = paddle_glue::check_tensor(
      kOp,
      "accept_tokens",
      accept_tokens,
      opforge::DType::kInt64,
      2,
      opforge::UnitAxis::kRejected,
      "[max_bsz, accept_tokens_len]",
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

  opforge::DimSlot max_bsz{"max_bsz"};
  opforge::DimSlot real_bsz{"real_bsz"};
  opforge::DimSlot draft_tokens_len{"draft_tokens_len"};
  opforge::DimSlot accept_tokens_len{"accept_tokens_len"};
  opforge::DimSlot block_num_per_seq{"block_num_per_seq"};
  opforge::bind_dim(kOp, "draft_tokens", 0, draft_tokens_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "draft_tokens", 1, draft_tokens_tensor.dims()[1], draft_tokens_len);
  opforge::bind_dim(kOp, "block_tables", 0, block_tables_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "block_tables", 1, block_tables_tensor.dims()[1], block_num_per_seq);
  opforge::bind_dim(kOp, "stop_flags", 0, stop_flags_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "prompt_lens", 0, prompt_lens_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], real_bsz);
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "seq_lens_decoder", 0, seq_lens_decoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(
      kOp, "step_seq_lens_decoder", 0, step_seq_lens_decoder_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "step_draft_tokens", 0, step_draft_tokens_tensor.dims()[0], max_bsz);
  opforge::bind_dim(
      kOp, "step_draft_tokens", 1, step_draft_tokens_tensor.dims()[1], draft_tokens_len);
  opforge::bind_dim(
      kOp, "step_seq_lens_this_time", 0, step_seq_lens_this_time_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "accept_num", 0, accept_num_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "accept_tokens", 0, accept_tokens_tensor.dims()[0], max_bsz);
  opforge::bind_dim(kOp, "accept_tokens", 1, accept_tokens_tensor.dims()[1], accept_tokens_len);
  opforge::bind_dim(kOp, "is_block_step", 0, is_block_step_tensor.dims()[0], max_bsz);
  opforge::check_dim(kOp, "not_need_stop", 0, not_need_stop_tensor.dims()[0], 1, "1", {});
  if (stop_nums_tensor)
    opforge::check_dim(kOp, "stop_nums", 0, stop_nums_tensor->dims()[0], 1, "1", {});

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<const int64_t>(
          draft_tokens_tensor, opforge::numel({max_bsz.get(), draft_tokens_len.get()})),
      paddle_glue::buffer<const int32_t>(
          block_tables_tensor, opforge::numel({max_bsz.get(), block_num_per_seq.get()})),
      paddle_glue::buffer<bool>(stop_flags_tensor, max_bsz.get()),
      paddle_glue::buffer<const int64_t>(prompt_lens_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_this_time_tensor, real_bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_encoder_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_decoder_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(step_seq_lens_decoder_tensor, max_bsz.get()),
      paddle_glue::buffer<int64_t>(
          step_draft_tokens_tensor, opforge::numel({max_bsz.get(), draft_tokens_len.get()})),
      paddle_glue::buffer<int32_t>(step_seq_lens_this_time_tensor, max_bsz.get()),
      paddle_glue::buffer<int32_t>(accept_num_tensor, max_bsz.get()),
      paddle_glue::buffer<int64_t>(
          accept_tokens_tensor, opforge::numel({max_bsz.get(), accept_tokens_len.get()})),
      paddle_glue::buffer<bool>(is_block_step_tensor, max_bsz.get()),
      paddle_glue::buffer<bool>(not_need_stop_tensor, 1),
      paddle_glue::buffer<const int64_t>(stop_nums_tensor, 1),
      max_bsz.get(),
      real_bsz.get(),
      draft_tokens_len.get(),
      accept_tokens_len.get(),
      block_num_per_seq.get(),
      block_size,
      max_draft_tokens,
      prefill_one_step_stop);
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& draft_tokens,
                   const paddle::Tensor& block_tables,
                   const paddle::Tensor& stop_flags,
                   const paddle::Tensor& prompt_lens,
                   const paddle::Tensor& seq_lens_this_time,
                   const paddle::Tensor& seq_lens_encoder,
                   const paddle::Tensor& seq_lens_decoder,
                   const paddle::Tensor& step_seq_lens_decoder,
                   const paddle::Tensor& step_draft_tokens,
                   const paddle::Tensor& step_seq_lens_this_time,
                   const paddle::Tensor& accept_num,
                   const paddle::Tensor& accept_tokens,
                   const paddle::Tensor& is_block_step,
                   const paddle::Tensor& not_need_stop,
                   const paddle::optional<paddle::Tensor>& stop_nums,
                   int block_size,
                   int max_draft_tokens,
                   bool prefill_one_step_stop) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    opforge::check_int32(kOp, "block_size", block_size);
    opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
    checked_call(draft_tokens,
                 block_tables,
                 stop_flags,
                 prompt_lens,
                 seq_lens_this_time,
                 seq_lens_encoder,
                 seq_lens_decoder,
                 step_seq_lens_decoder,
                 step_draft_tokens,
                 step_seq_lens_this_time,
                 accept_num,
                 accept_tokens,
                 is_block_step,
                 not_need_stop,
                 stop_nums,
                 static_cast<int32_t>(block_size),
                 static_cast<int32_t>(max_draft_tokens),
                 prefill_one_step_stop);
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& draft_tokens_shape,
    const std::vector<int64_t>& block_tables_shape,
    const std::vector<int64_t>& stop_flags_shape,
    const std::vector<int64_t>& prompt_lens_shape,
    const std::vector<int64_t>& seq_lens_this_time_shape,
    const std::vector<int64_t>& seq_lens_encoder_shape,
    const std::vector<int64_t>& seq_lens_decoder_shape,
    const std::vector<int64_t>& step_seq_lens_decoder_shape,
    const std::vector<int64_t>& step_draft_tokens_shape,
    const std::vector<int64_t>& step_seq_lens_this_time_shape,
    const std::vector<int64_t>& accept_num_shape,
    const std::vector<int64_t>& accept_tokens_shape,
    const std::vector<int64_t>& is_block_step_shape,
    const std::vector<int64_t>& not_need_stop_shape,
    const paddle::optional<std::vector<int64_t>>& stop_nums_shape,
    int block_size,
    int max_draft_tokens,
    bool prefill_one_step_stop) {
  return {stop_flags_shape,
          seq_lens_this_time_shape,
          seq_lens_encoder_shape,
          seq_lens_decoder_shape,
          step_seq_lens_decoder_shape,
          step_draft_tokens_shape,
          step_seq_lens_this_time_shape,
          accept_num_shape,
          accept_tokens_shape,
          is_block_step_shape,
          not_need_stop_shape};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& draft_tokens_dtype,
                                          const paddle::DataType& block_tables_dtype,
                                          const paddle::DataType& stop_flags_dtype,
                                          const paddle::DataType& prompt_lens_dtype,
                                          const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& seq_lens_encoder_dtype,
                                          const paddle::DataType& seq_lens_decoder_dtype,
                                          const paddle::DataType& step_seq_lens_decoder_dtype,
                                          const paddle::DataType& step_draft_tokens_dtype,
                                          const paddle::DataType& step_seq_lens_this_time_dtype,
                                          const paddle::DataType& accept_num_dtype,
                                          const paddle::DataType& accept_tokens_dtype,
                                          const paddle::DataType& is_block_step_dtype,
                                          const paddle::DataType& not_need_stop_dtype,
                                          const paddle::optional<paddle::DataType>& stop_nums_dtype,
                                          int block_size,
                                          int max_draft_tokens,
                                          bool prefill_one_step_stop) {
  return {stop_flags_dtype,
          seq_lens_this_time_dtype,
          seq_lens_encoder_dtype,
          seq_lens_decoder_dtype,
          step_seq_lens_decoder_dtype,
          step_draft_tokens_dtype,
          step_seq_lens_this_time_dtype,
          accept_num_dtype,
          accept_tokens_dtype,
          is_block_step_dtype,
          not_need_stop_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<15, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<15, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.speculate_schedule_cache turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "draft_tokens",
      "block_tables",
      "stop_flags",
      "prompt_lens",
      "seq_lens_this_time",
      "seq_lens_encoder",
      "seq_lens_decoder",
      "step_seq_lens_decoder",
      "step_draft_tokens",
      "step_seq_lens_this_time",
      "accept_num",
      "accept_tokens",
      "is_block_step",
      "not_need_stop",
      "stop_nums",
      "block_size",
      "max_draft_tokens",
      "prefill_one_step_stop",
  };
  PyObject* py_given[18];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 18, 15, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* draft_tokens = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* block_tables = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* stop_flags = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* prompt_lens = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* seq_lens_decoder = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* step_seq_lens_decoder = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* step_draft_tokens = python_glue::tensor_arg(py_given[8], py_ok);
  const paddle::Tensor* step_seq_lens_this_time = python_glue::tensor_arg(py_given[9], py_ok);
  const paddle::Tensor* accept_num = python_glue::tensor_arg(py_given[10], py_ok);
  const paddle::Tensor* accept_tokens = python_glue::tensor_arg(py_given[11], py_ok);
  const paddle::Tensor* is_block_step = python_glue::tensor_arg(py_given[12], py_ok);
  const paddle::Tensor* not_need_stop = python_glue::tensor_arg(py_given[13], py_ok);
  const paddle::Tensor* stop_nums = python_glue::tensor_arg(py_given[14], py_ok);
  int64_t block_size{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[15], block_size);
  int64_t max_draft_tokens{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[16], max_draft_tokens);
  bool prefill_one_step_stop(false);
  if (py_ok && py_given[17] != nullptr)
    py_ok = python_glue::bool_arg(py_given[17], prefill_one_step_stop);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "draft_tokens", draft_tokens != nullptr);
    opforge::require_present(kOp, "block_tables", block_tables != nullptr);
    opforge::require_present(kOp, "stop_flags", stop_flags != nullptr);
    opforge::require_present(kOp, "prompt_lens", prompt_lens != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "seq_lens_decoder", seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "step_seq_lens_decoder", step_seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "step_draft_tokens", step_draft_tokens != nullptr);
    opforge::require_present(kOp, "step_seq_lens_this_time", step_seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "accept_num", accept_num != nullptr);
    opforge::require_present(kOp, "accept_tokens", accept_tokens != nullptr);
    opforge::require_present(kOp, "is_block_step", is_block_step != nullptr);
    opforge::require_present(kOp, "not_need_stop", not_need_stop != nullptr);
    opforge::check_int32(kOp, "block_size", block_size);
    opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
    checked_call(*draft_tokens,
                 *block_tables,
                 *stop_flags,
                 *prompt_lens,
                 *seq_lens_this_time,
                 *seq_lens_encoder,
                 *seq_lens_decoder,
                 *step_seq_lens_decoder,
                 *step_draft_tokens,
                 *step_seq_lens_this_time,
                 *accept_num,
                 *accept_tokens,
                 *is_block_step,
                 *not_need_stop,
                 paddle_glue::optional_of(stop_nums),
                 static_cast<int32_t>(block_size),
                 static_cast<int32_t>(max_draft_tokens),
                 prefill_one_step_stop);
    Py_RETURN_NONE;
  } catch (...) {
    return python_glue::raise_current();
  }
}

}  // namespace

// The op for C++ callers (FastDeploy's pybind11 bindings, generated/fastdeploy/
// bindings.cc): Paddle tensors and attributes as the Paddle op takes them; an
// opforge::OpError reaches the caller.
OPFORGE_EXPORT void call(const paddle::Tensor& draft_tokens,
                         const paddle::Tensor& block_tables,
                         const paddle::Tensor& stop_flags,
                         const paddle::Tensor& prompt_lens,
                         const paddle::Tensor& seq_lens_this_time,
                         const paddle::Tensor& seq_lens_encoder,
                         const paddle::Tensor& seq_lens_decoder,
                         const paddle::Tensor& step_seq_lens_decoder,
                         const paddle::Tensor& step_draft_tokens,
                         const paddle::Tensor& step_seq_lens_this_time,
                         const paddle::Tensor& accept_num,
                         const paddle::Tensor& accept_tokens,
                         const paddle::Tensor& is_block_step,
                         const paddle::Tensor& not_need_stop,
                         const paddle::optional<paddle::Tensor>& stop_nums,
                         int block_size,
                         int max_draft_tokens,
                         bool prefill_one_step_stop) {
  opforge::check_int32(kOp, "block_size", block_size);
  opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
  checked_call(draft_tokens,
               block_tables,
               stop_flags,
               prompt_lens,
               seq_lens_this_time,
               seq_lens_encoder,
               seq_lens_decoder,
               step_seq_lens_decoder,
               step_draft_tokens,
               step_seq_lens_this_time,
               accept_num,
               accept_tokens,
               is_block_step,
               not_need_stop,
               stop_nums,
               static_cast<int32_t>(block_size),
               static_cast<int32_t>(max_draft_tokens),
               prefill_one_step_stop);
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.speculate_schedule_cache; its documentation is that function's.";
  return method;
}

}  // namespace opforge::speculate_schedule_cache

PD_BUILD_OP(opforge_speculate_schedule_cache)
    .Inputs({"draft_tokens",
             "block_tables",
             "stop_flags",
             "prompt_lens",
             "seq_lens_this_time",
             "seq_lens_encoder",
             "seq_lens_decoder",
             "step_seq_lens_decoder",
             "step_draft_tokens",
             "step_seq_lens_this_time",
             "accept_num",
             "accept_tokens",
             "is_block_step",
             "not_need_stop",
             paddle::Optional("stop_nums")})
    .Outputs({"stop_flags_out",
              "seq_lens_this_time_out",
              "seq_lens_encoder_out",
              "seq_lens_decoder_out",
              "step_seq_lens_decoder_out",
              "step_draft_tokens_out",
              "step_seq_lens_this_time_out",
              "accept_num_out",
              "accept_tokens_out",
              "is_block_step_out",
              "not_need_stop_out"})
    .Attrs({"block_size: int", "max_draft_tokens: int", "prefill_one_step_stop: bool"})
    .SetInplaceMap({{"stop_flags", "stop_flags_out"},
                    {"seq_lens_this_time", "seq_lens_this_time_out"},
                    {"seq_lens_encoder", "seq_lens_encoder_out"},
                    {"seq_lens_decoder", "seq_lens_decoder_out"},
                    {"step_seq_lens_decoder", "step_seq_lens_decoder_out"},
                    {"step_draft_tokens", "step_draft_tokens_out"},
                    {"step_seq_lens_this_time", "step_seq_lens_this_time_out"},
                    {"accept_num", "accept_num_out"},
                    {"accept_tokens", "accept_tokens_out"},
                    {"is_block_step", "is_block_step_out"},
                    {"not_need_stop", "not_need_stop_out"}})
    .SetKernelFn(PD_KERNEL(opforge::speculate_schedule_cache::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_schedule_cache::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_schedule_cache::DtypeInference::dtype);
