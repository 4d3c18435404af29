// Generated from opspec/speculate_step_system_cache.yaml by `python -m codegen`. Do not edit.
// Paddle side of speculate_step_system_cache: checks paddle::Tensor arguments against the
// spec, then calls the entry. Exposed twice: as a CPython function (the fast
// eager path) and as the Paddle custom op `opforge_speculate_step_system_cache` (static graphs).
// No pybind11 here: Python objects are converted by opforge/python_glue.h.

// Python.h before any other header (python_glue.h includes it).
#include "opforge/python_glue.h"
// The entry, then Paddle's light headers.
#include "entry/speculate_step_system_cache.h"
#include "opforge/paddle_glue.h"

namespace opforge::speculate_step_system_cache {
namespace {

constexpr const char* kOp = "speculate_step_system_cache";

// Everything is checked before the entry runs, so a rejected call writes nothing.
void checked_call(const paddle::Tensor& stop_flags,
                  const paddle::Tensor& seq_lens_this_time,
                  const paddle::Tensor& ori_seq_lens_encoder,
                  const paddle::Tensor& ori_seq_lens_decoder,
                  const paddle::Tensor& seq_lens_encoder,
                  const paddle::Tensor& seq_lens_decoder,
                  const paddle::Tensor& block_tables,
                  const paddle::Tensor& encoder_block_lens,
                  const paddle::Tensor& is_block_step,
                  const paddle::Tensor& step_block_list,
                  const paddle::Tensor& step_lens,
                  const paddle::Tensor& recover_block_list,
                  const paddle::Tensor& recover_lens,
                  const paddle::Tensor& need_block_list,
                  const paddle::Tensor& need_block_len,
                  const paddle::Tensor& used_list_len,
                  const paddle::Tensor& free_list,
                  const paddle::Tensor& free_list_len,
                  const paddle::Tensor& input_ids,
                  const paddle::Tensor& pre_ids,
                  const paddle::Tensor& step_idx,
                  const paddle::Tensor& first_token_ids,
                  const paddle::Tensor& accept_num,
                  int32_t block_size,
                  int32_t max_draft_tokens) {
  check_attrs(block_size, max_draft_tokens);

  paddle_glue::PlaceAnchor anchor;
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
  const phi::DenseTensor& ori_seq_lens_encoder_tensor = paddle_glue::check_tensor(
      kOp,
      "ori_seq_lens_encoder",
      ori_seq_lens_encoder,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& ori_seq_lens_decoder_tensor = paddle_glue::check_tensor(
      kOp,
      "ori_seq_lens_decoder",
      ori_seq_lens_decoder,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& seq_lens_encoder_tensor = paddle_glue::check_tensor(
      kOp,
      "seq_lens_encoder",
      seq_lens_encoder,
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
  const phi::DenseTensor& is_block_step_tensor = paddle_glue::check_tensor(
      kOp,
      "is_block_step",
      is_block_step,
      opforge::DType::kBool,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& step_block_list_tensor = paddle_glue::check_tensor(
      kOp,
      "step_block_list",
      step_block_list,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& step_lens_tensor = paddle_glue::check_tensor(kOp,
                                                                       "step_lens",
                                                                       step_lens,
                                                                       opforge::DType::kInt32,
                                                                       1,
                                                                       opforge::UnitAxis::kRejected,
                                                                       "[1]",
                                                                       opforge::Memory::kDevice,
                                                                       anchor);
  const phi::DenseTensor& recover_block_list_tensor = paddle_glue::check_tensor(
      kOp,
      "recover_block_list",
      recover_block_list,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& recover_lens_tensor = paddle_glue::check_tensor(
      kOp,
      "recover_lens",
      recover_lens,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[1]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& need_block_list_tensor = paddle_glue::check_tensor(
      kOp,
      "need_block_list",
      need_block_list,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& need_block_len_tensor = paddle_glue::check_tensor(
      kOp,
      "need_block_len",
      need_block_len,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kRejected,
      "[1]",
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
  const phi::DenseTensor& input_ids_tensor = paddle_glue::check_tensor(kOp,
                                                                       "input_ids",
                                                                       input_ids,
                                                                       opforge::DType::kInt64,
                                                                       2,
                                                                       opforge::UnitAxis::kRejected,
                                                                       "[bsz, length]",
                                                                       opforge::Memory::kDevice,
                                                                       anchor);
  const phi::DenseTensor& pre_ids_tensor = paddle_glue::check_tensor(kOp,
                                                                     "pre_ids",
                                                                     pre_ids,
                                                                     opforge::DType::kInt64,
                                                                     2,
                                                                     opforge::UnitAxis::kRejected,
                                                                     "[bsz, pre_id_length]",
                                                                     opforge::Memory::kDevice,
                                                                     anchor);
  const phi::DenseTensor& step_idx_tensor = paddle_glue::check_tensor(kOp,
                                                                      "step_idx",
                                                                      step_idx,
                                                                      opforge::DType::kInt64,
                                                                      1,
                                                                      opforge::UnitAxis::kAccepted,
                                                                      "[bsz]",
                                                                      opforge::Memory::kDevice,
                                                                      anchor);
  const phi::DenseTensor& first_token_ids_tensor = paddle_glue::check_tensor(
      kOp,
      "first_token_ids",
      first_token_ids,
      opforge::DType::kInt64,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);
  const phi::DenseTensor& accept_num_tensor = paddle_glue::check_tensor(
      kOp,
      "accept_num",
      accept_num,
      opforge::DType::kInt32,
      1,
      opforge::UnitAxis::kAccepted,
      "[bsz]",
      opforge::Memory::kDevice,
      anchor);

  opforge::DimSlot bsz{"bsz"};
  opforge::DimSlot block_num_per_seq{"block_num_per_seq"};
  opforge::DimSlot free_list_size{"free_list_size"};
  opforge::DimSlot length{"length"};
  opforge::DimSlot pre_id_length{"pre_id_length"};
  opforge::bind_dim(kOp, "stop_flags", 0, stop_flags_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "seq_lens_this_time", 0, seq_lens_this_time_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "ori_seq_lens_encoder", 0, ori_seq_lens_encoder_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "ori_seq_lens_decoder", 0, ori_seq_lens_decoder_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "seq_lens_encoder", 0, seq_lens_encoder_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "seq_lens_decoder", 0, seq_lens_decoder_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "block_tables", 0, block_tables_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "block_tables", 1, block_tables_tensor.dims()[1], block_num_per_seq);
  opforge::bind_dim(kOp, "encoder_block_lens", 0, encoder_block_lens_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "is_block_step", 0, is_block_step_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "step_block_list", 0, step_block_list_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "recover_block_list", 0, recover_block_list_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "need_block_list", 0, need_block_list_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "used_list_len", 0, used_list_len_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "free_list", 0, free_list_tensor.dims()[0], free_list_size);
  opforge::bind_dim(kOp, "input_ids", 0, input_ids_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "input_ids", 1, input_ids_tensor.dims()[1], length);
  opforge::bind_dim(kOp, "pre_ids", 0, pre_ids_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "pre_ids", 1, pre_ids_tensor.dims()[1], pre_id_length);
  opforge::bind_dim(kOp, "step_idx", 0, step_idx_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "first_token_ids", 0, first_token_ids_tensor.dims()[0], bsz);
  opforge::bind_dim(kOp, "accept_num", 0, accept_num_tensor.dims()[0], bsz);
  opforge::check_dim(kOp, "step_lens", 0, step_lens_tensor.dims()[0], 1, "1", {});
  opforge::check_dim(kOp, "recover_lens", 0, recover_lens_tensor.dims()[0], 1, "1", {});
  opforge::check_dim(kOp, "need_block_len", 0, need_block_len_tensor.dims()[0], 1, "1", {});
  opforge::check_dim(kOp, "free_list_len", 0, free_list_len_tensor.dims()[0], 1, "1", {});

  const opforge::Context ctx = paddle_glue::context_for(kOp, anchor);
  run(
      ctx,
      paddle_glue::buffer<bool>(stop_flags_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_this_time_tensor, bsz.get()),
      paddle_glue::buffer<const int32_t>(ori_seq_lens_encoder_tensor, bsz.get()),
      paddle_glue::buffer<const int32_t>(ori_seq_lens_decoder_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_encoder_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(seq_lens_decoder_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(
          block_tables_tensor, opforge::numel({bsz.get(), block_num_per_seq.get()})),
      paddle_glue::buffer<int32_t>(encoder_block_lens_tensor, bsz.get()),
      paddle_glue::buffer<bool>(is_block_step_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(step_block_list_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(step_lens_tensor, 1),
      paddle_glue::buffer<int32_t>(recover_block_list_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(recover_lens_tensor, 1),
      paddle_glue::buffer<int32_t>(need_block_list_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(need_block_len_tensor, 1),
      paddle_glue::buffer<int32_t>(used_list_len_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(free_list_tensor, free_list_size.get()),
      paddle_glue::buffer<int32_t>(free_list_len_tensor, 1),
      paddle_glue::buffer<int64_t>(input_ids_tensor, opforge::numel({bsz.get(), length.get()})),
      paddle_glue::buffer<const int64_t>(
          pre_ids_tensor, opforge::numel({bsz.get(), pre_id_length.get()})),
      paddle_glue::buffer<const int64_t>(step_idx_tensor, bsz.get()),
      paddle_glue::buffer<int64_t>(first_token_ids_tensor, bsz.get()),
      paddle_glue::buffer<int32_t>(accept_num_tensor, bsz.get()),
      bsz.get(),
      block_num_per_seq.get(),
      free_list_size.get(),
      length.get(),
      pre_id_length.get(),
      block_size,
      max_draft_tokens);
}

// ---- the Paddle custom op

void paddle_kernel(const paddle::Tensor& stop_flags,
                   const paddle::Tensor& seq_lens_this_time,
                   const paddle::Tensor& ori_seq_lens_encoder,
                   const paddle::Tensor& ori_seq_lens_decoder,
                   const paddle::Tensor& seq_lens_encoder,
                   const paddle::Tensor& seq_lens_decoder,
                   const paddle::Tensor& block_tables,
                   const paddle::Tensor& encoder_block_lens,
                   const paddle::Tensor& is_block_step,
                   const paddle::Tensor& step_block_list,
                   const paddle::Tensor& step_lens,
                   const paddle::Tensor& recover_block_list,
                   const paddle::Tensor& recover_lens,
                   const paddle::Tensor& need_block_list,
                   const paddle::Tensor& need_block_len,
                   const paddle::Tensor& used_list_len,
                   const paddle::Tensor& free_list,
                   const paddle::Tensor& free_list_len,
                   const paddle::Tensor& input_ids,
                   const paddle::Tensor& pre_ids,
                   const paddle::Tensor& step_idx,
                   const paddle::Tensor& first_token_ids,
                   const paddle::Tensor& accept_num,
                   int block_size,
                   int max_draft_tokens) {
  // Raised as Paddle's InvalidArgument so the message survives the static-graph
  // executor (PD_THROW's exception reaches Python there as a bare "std::exception").
  try {
    opforge::check_int32(kOp, "block_size", block_size);
    opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
    checked_call(stop_flags,
                 seq_lens_this_time,
                 ori_seq_lens_encoder,
                 ori_seq_lens_decoder,
                 seq_lens_encoder,
                 seq_lens_decoder,
                 block_tables,
                 encoder_block_lens,
                 is_block_step,
                 step_block_list,
                 step_lens,
                 recover_block_list,
                 recover_lens,
                 need_block_list,
                 need_block_len,
                 used_list_len,
                 free_list,
                 free_list_len,
                 input_ids,
                 pre_ids,
                 step_idx,
                 first_token_ids,
                 accept_num,
                 static_cast<int32_t>(block_size),
                 static_cast<int32_t>(max_draft_tokens));
  } catch (const opforge::OpError& error) {
    paddle_glue::raise_in_paddle(error);
  }
}

std::vector<std::vector<int64_t>> infer_shape(
    const std::vector<int64_t>& stop_flags_shape,
    const std::vector<int64_t>& seq_lens_this_time_shape,
    const std::vector<int64_t>& ori_seq_lens_encoder_shape,
    const std::vector<int64_t>& ori_seq_lens_decoder_shape,
    const std::vector<int64_t>& seq_lens_encoder_shape,
    const std::vector<int64_t>& seq_lens_decoder_shape,
    const std::vector<int64_t>& block_tables_shape,
    const std::vector<int64_t>& encoder_block_lens_shape,
    const std::vector<int64_t>& is_block_step_shape,
    const std::vector<int64_t>& step_block_list_shape,
    const std::vector<int64_t>& step_lens_shape,
    const std::vector<int64_t>& recover_block_list_shape,
    const std::vector<int64_t>& recover_lens_shape,
    const std::vector<int64_t>& need_block_list_shape,
    const std::vector<int64_t>& need_block_len_shape,
    const std::vector<int64_t>& used_list_len_shape,
    const std::vector<int64_t>& free_list_shape,
    const std::vector<int64_t>& free_list_len_shape,
    const std::vector<int64_t>& input_ids_shape,
    const std::vector<int64_t>& pre_ids_shape,
    const std::vector<int64_t>& step_idx_shape,
    const std::vector<int64_t>& first_token_ids_shape,
    const std::vector<int64_t>& accept_num_shape,
    int block_size,
    int max_draft_tokens) {
  return {stop_flags_shape,
          seq_lens_this_time_shape,
          seq_lens_encoder_shape,
          seq_lens_decoder_shape,
          block_tables_shape,
          encoder_block_lens_shape,
          is_block_step_shape,
          step_block_list_shape,
          step_lens_shape,
          recover_block_list_shape,
          recover_lens_shape,
          need_block_list_shape,
          need_block_len_shape,
          used_list_len_shape,
          free_list_shape,
          free_list_len_shape,
          input_ids_shape,
          first_token_ids_shape,
          accept_num_shape};
}

std::vector<paddle::DataType> infer_dtype(const paddle::DataType& stop_flags_dtype,
                                          const paddle::DataType& seq_lens_this_time_dtype,
                                          const paddle::DataType& ori_seq_lens_encoder_dtype,
                                          const paddle::DataType& ori_seq_lens_decoder_dtype,
                                          const paddle::DataType& seq_lens_encoder_dtype,
                                          const paddle::DataType& seq_lens_decoder_dtype,
                                          const paddle::DataType& block_tables_dtype,
                                          const paddle::DataType& encoder_block_lens_dtype,
                                          const paddle::DataType& is_block_step_dtype,
                                          const paddle::DataType& step_block_list_dtype,
                                          const paddle::DataType& step_lens_dtype,
                                          const paddle::DataType& recover_block_list_dtype,
                                          const paddle::DataType& recover_lens_dtype,
                                          const paddle::DataType& need_block_list_dtype,
                                          const paddle::DataType& need_block_len_dtype,
                                          const paddle::DataType& used_list_len_dtype,
                                          const paddle::DataType& free_list_dtype,
                                          const paddle::DataType& free_list_len_dtype,
                                          const paddle::DataType& input_ids_dtype,
                                          const paddle::DataType& pre_ids_dtype,
                                          const paddle::DataType& step_idx_dtype,
                                          const paddle::DataType& first_token_ids_dtype,
                                          const paddle::DataType& accept_num_dtype,
                                          int block_size,
                                          int max_draft_tokens) {
  return {stop_flags_dtype,
          seq_lens_this_time_dtype,
          seq_lens_encoder_dtype,
          seq_lens_decoder_dtype,
          block_tables_dtype,
          encoder_block_lens_dtype,
          is_block_step_dtype,
          step_block_list_dtype,
          step_lens_dtype,
          recover_block_list_dtype,
          recover_lens_dtype,
          need_block_list_dtype,
          need_block_len_dtype,
          used_list_len_dtype,
          free_list_dtype,
          free_list_len_dtype,
          input_ids_dtype,
          first_token_ids_dtype,
          accept_num_dtype};
}

// Paddle's raw inference signature read into the typed functions above (which
// may take a std::vector<int64_t> attribute, unlike PD_INFER_SHAPE's).
using Inference = paddle_glue::RawInference<23, decltype(&infer_shape), &infer_shape>;
using DtypeInference = paddle_glue::RawInference<23, decltype(&infer_dtype), &infer_dtype>;

// ---- the Python binding (the eager path)

// A METH_FASTCALL function taking its arguments as the pybind11 binding did
// (positional or by name, attributes' defaults). An argument of a type it does
// not take is refused with a TypeError that opforge.speculate_step_system_cache turns into
// the named error; a required tensor given as None gets our message.
PyObject* python_call(
    PyObject* /*module*/, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const kNames[] = {
      "stop_flags",
      "seq_lens_this_time",
      "ori_seq_lens_encoder",
      "ori_seq_lens_decoder",
      "seq_lens_encoder",
      "seq_lens_decoder",
      "block_tables",
      "encoder_block_lens",
      "is_block_step",
      "step_block_list",
      "step_lens",
      "recover_block_list",
      "recover_lens",
      "need_block_list",
      "need_block_len",
      "used_list_len",
      "free_list",
      "free_list_len",
      "input_ids",
      "pre_ids",
      "step_idx",
      "first_token_ids",
      "accept_num",
      "block_size",
      "max_draft_tokens",
  };
  PyObject* py_given[25];
  if (!python_glue::bind_arguments(args, nargs, kwnames, kNames, 25, 23, py_given)) {
    return python_glue::refuse(kOp);
  }
  bool py_ok = true;
  const paddle::Tensor* stop_flags = python_glue::tensor_arg(py_given[0], py_ok);
  const paddle::Tensor* seq_lens_this_time = python_glue::tensor_arg(py_given[1], py_ok);
  const paddle::Tensor* ori_seq_lens_encoder = python_glue::tensor_arg(py_given[2], py_ok);
  const paddle::Tensor* ori_seq_lens_decoder = python_glue::tensor_arg(py_given[3], py_ok);
  const paddle::Tensor* seq_lens_encoder = python_glue::tensor_arg(py_given[4], py_ok);
  const paddle::Tensor* seq_lens_decoder = python_glue::tensor_arg(py_given[5], py_ok);
  const paddle::Tensor* block_tables = python_glue::tensor_arg(py_given[6], py_ok);
  const paddle::Tensor* encoder_block_lens = python_glue::tensor_arg(py_given[7], py_ok);
  const paddle::Tensor* is_block_step = python_glue::tensor_arg(py_given[8], py_ok);
  const paddle::Tensor* step_block_list = python_glue::tensor_arg(py_given[9], py_ok);
  const paddle::Tensor* step_lens = python_glue::tensor_arg(py_given[10], py_ok);
  const paddle::Tensor* recover_block_list = python_glue::tensor_arg(py_given[11], py_ok);
  const paddle::Tensor* recover_lens = python_glue::tensor_arg(py_given[12], py_ok);
  const paddle::Tensor* need_block_list = python_glue::tensor_arg(py_given[13], py_ok);
  const paddle::Tensor* need_block_len = python_glue::tensor_arg(py_given[14], py_ok);
  const paddle::Tensor* used_list_len = python_glue::tensor_arg(py_given[15], py_ok);
  const paddle::Tensor* free_list = python_glue::tensor_arg(py_given[16], py_ok);
  const paddle::Tensor* free_list_len = python_glue::tensor_arg(py_given[17], py_ok);
  const paddle::Tensor* input_ids = python_glue::tensor_arg(py_given[18], py_ok);
  const paddle::Tensor* pre_ids = python_glue::tensor_arg(py_given[19], py_ok);
  const paddle::Tensor* step_idx = python_glue::tensor_arg(py_given[20], py_ok);
  const paddle::Tensor* first_token_ids = python_glue::tensor_arg(py_given[21], py_ok);
  const paddle::Tensor* accept_num = python_glue::tensor_arg(py_given[22], py_ok);
  int64_t block_size{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[23], block_size);
  int64_t max_draft_tokens{};
  if (py_ok) py_ok = python_glue::int64_arg(py_given[24], max_draft_tokens);
  if (!py_ok) return python_glue::refuse(kOp);
  try {
    opforge::require_present(kOp, "stop_flags", stop_flags != nullptr);
    opforge::require_present(kOp, "seq_lens_this_time", seq_lens_this_time != nullptr);
    opforge::require_present(kOp, "ori_seq_lens_encoder", ori_seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "ori_seq_lens_decoder", ori_seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "seq_lens_encoder", seq_lens_encoder != nullptr);
    opforge::require_present(kOp, "seq_lens_decoder", seq_lens_decoder != nullptr);
    opforge::require_present(kOp, "block_tables", block_tables != nullptr);
    opforge::require_present(kOp, "encoder_block_lens", encoder_block_lens != nullptr);
    opforge::require_present(kOp, "is_block_step", is_block_step != nullptr);
    opforge::require_present(kOp, "step_block_list", step_block_list != nullptr);
    opforge::require_present(kOp, "step_lens", step_lens != nullptr);
    opforge::require_present(kOp, "recover_block_list", recover_block_list != nullptr);
    opforge::require_present(kOp, "recover_lens", recover_lens != nullptr);
    opforge::require_present(kOp, "need_block_list", need_block_list != nullptr);
    opforge::require_present(kOp, "need_block_len", need_block_len != nullptr);
    opforge::require_present(kOp, "used_list_len", used_list_len != nullptr);
    opforge::require_present(kOp, "free_list", free_list != nullptr);
    opforge::require_present(kOp, "free_list_len", free_list_len != nullptr);
    opforge::require_present(kOp, "input_ids", input_ids != nullptr);
    opforge::require_present(kOp, "pre_ids", pre_ids != nullptr);
    opforge::require_present(kOp, "step_idx", step_idx != nullptr);
    opforge::require_present(kOp, "first_token_ids", first_token_ids != nullptr);
    opforge::require_present(kOp, "accept_num", accept_num != nullptr);
    opforge::check_int32(kOp, "block_size", block_size);
    opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
    checked_call(*stop_flags,
                 *seq_lens_this_time,
                 *ori_seq_lens_encoder,
                 *ori_seq_lens_decoder,
                 *seq_lens_encoder,
                 *seq_lens_decoder,
                 *block_tables,
                 *encoder_block_lens,
                 *is_block_step,
                 *step_block_list,
                 *step_lens,
                 *recover_block_list,
                 *recover_lens,
                 *need_block_list,
                 *need_block_len,
                 *used_list_len,
                 *free_list,
                 *free_list_len,
                 *input_ids,
                 *pre_ids,
                 *step_idx,
                 *first_token_ids,
                 *accept_num,
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
OPFORGE_EXPORT void call(const paddle::Tensor& stop_flags,
                         const paddle::Tensor& seq_lens_this_time,
                         const paddle::Tensor& ori_seq_lens_encoder,
                         const paddle::Tensor& ori_seq_lens_decoder,
                         const paddle::Tensor& seq_lens_encoder,
                         const paddle::Tensor& seq_lens_decoder,
                         const paddle::Tensor& block_tables,
                         const paddle::Tensor& encoder_block_lens,
                         const paddle::Tensor& is_block_step,
                         const paddle::Tensor& step_block_list,
                         const paddle::Tensor& step_lens,
                         const paddle::Tensor& recover_block_list,
                         const paddle::Tensor& recover_lens,
                         const paddle::Tensor& need_block_list,
                         const paddle::Tensor& need_block_len,
                         const paddle::Tensor& used_list_len,
                         const paddle::Tensor& free_list,
                         const paddle::Tensor& free_list_len,
                         const paddle::Tensor& input_ids,
                         const paddle::Tensor& pre_ids,
                         const paddle::Tensor& step_idx,
                         const paddle::Tensor& first_token_ids,
                         const paddle::Tensor& accept_num,
                         int block_size,
                         int max_draft_tokens) {
  opforge::check_int32(kOp, "block_size", block_size);
  opforge::check_int32(kOp, "max_draft_tokens", max_draft_tokens);
  checked_call(stop_flags,
               seq_lens_this_time,
               ori_seq_lens_encoder,
               ori_seq_lens_decoder,
               seq_lens_encoder,
               seq_lens_decoder,
               block_tables,
               encoder_block_lens,
               is_block_step,
               step_block_list,
               step_lens,
               recover_block_list,
               recover_lens,
               need_block_list,
               need_block_len,
               used_list_len,
               free_list,
               free_list_len,
               input_ids,
               pre_ids,
               step_idx,
               first_token_ids,
               accept_num,
               static_cast<int32_t>(block_size),
               static_cast<int32_t>(max_draft_tokens));
}

// Its entry in the extension module's method table (generated/extension/module.cc).
PyMethodDef python_method() {
  PyMethodDef method = {};
  method.ml_name = kOp;
  method.ml_meth = reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&python_call));
  method.ml_flags = METH_FASTCALL | METH_KEYWORDS;
  method.ml_doc = "The binding of opforge.speculate_step_system_cache; its documentation is that function's.";
  return method;
}

}  // namespace opforge::speculate_step_system_cache

PD_BUILD_OP(opforge_speculate_step_system_cache)
    .Inputs({"stop_flags",
             "seq_lens_this_time",
             "ori_seq_lens_encoder",
             "ori_seq_lens_decoder",
             "seq_lens_encoder",
             "seq_lens_decoder",
             "block_tables",
             "encoder_block_lens",
             "is_block_step",
             "step_block_list",
             "step_lens",
             "recover_block_list",
             "recover_lens",
             "need_block_list",
             "need_block_len",
             "used_list_len",
             "free_list",
             "free_list_len",
             "input_ids",
             "pre_ids",
             "step_idx",
             "first_token_ids",
             "accept_num"})
    .Outputs({"stop_flags_out",
              "seq_lens_this_time_out",
              "seq_lens_encoder_out",
              "seq_lens_decoder_out",
              "block_tables_out",
              "encoder_block_lens_out",
              "is_block_step_out",
              "step_block_list_out",
              "step_lens_out",
              "recover_block_list_out",
              "recover_lens_out",
              "need_block_list_out",
              "need_block_len_out",
              "used_list_len_out",
              "free_list_out",
              "free_list_len_out",
              "input_ids_out",
              "first_token_ids_out",
              "accept_num_out"})
    .Attrs({"block_size: int", "max_draft_tokens: int"})
    .SetInplaceMap({{"stop_flags", "stop_flags_out"},
                    {"seq_lens_this_time", "seq_lens_this_time_out"},
                    {"seq_lens_encoder", "seq_lens_encoder_out"},
                    {"seq_lens_decoder", "seq_lens_decoder_out"},
                    {"block_tables", "block_tables_out"},
                    {"encoder_block_lens", "encoder_block_lens_out"},
                    {"is_block_step", "is_block_step_out"},
                    {"step_block_list", "step_block_list_out"},
                    {"step_lens", "step_lens_out"},
                    {"recover_block_list", "recover_block_list_out"},
                    {"recover_lens", "recover_lens_out"},
                    {"need_block_list", "need_block_list_out"},
                    {"need_block_len", "need_block_len_out"},
                    {"used_list_len", "used_list_len_out"},
                    {"free_list", "free_list_out"},
                    {"free_list_len", "free_list_len_out"},
                    {"input_ids", "input_ids_out"},
                    {"first_token_ids", "first_token_ids_out"},
                    {"accept_num", "accept_num_out"}})
    .SetKernelFn(PD_KERNEL(opforge::speculate_step_system_cache::paddle_kernel))
    .SetInferShapeFn(&opforge::speculate_step_system_cache::Inference::shape)
    .SetInferDtypeFn(&opforge::speculate_step_system_cache::DtypeInference::dtype);
