// Benchmark baseline for bench/bench_verify_draft_tokens.py: a hand-written
// pybind11 function with the same arguments as the generated binding
// opforge._C.verify_draft_tokens (17 tensors, 4 of them optional, then 6
// attributes) that checks NOTHING. It does only what the kernel needs to start:
//   * the raw data pointer of every present tensor (summed into a volatile so
//     the compiler cannot drop the calls),
//   * the six dims from the tensors' shapes,
//   * the scratch uniforms, allocated and filled exactly as the generated entry
//     does (new float[max_bsz](), opforge::fill_uniform, opforge::resolve_seed),
// and then calls the SAME CPU kernel, opforge::verify_draft_tokens::Kernels::cpu.
// So the time difference to the generated binding is exactly its checks and glue.
//
// The module is compiled by bench/bench_verify_draft_tokens.py with the
// project's flags (tools/build.py) into build/bench/; it is not part of opforge.
//
// It passes wrong input straight to the kernel: for benchmarking valid batches only.
#include <cstdint>
#include <memory>

#include "kernel_decls/verify_draft_tokens.h"
#include "opforge/runtime.h"
#include "paddle/extension.h"
#include "paddle/utils/pybind.h"

namespace {

using opforge::verify_draft_tokens::Kernels;
using opforge::verify_draft_tokens::VerifyStrategy;

volatile uintptr_t g_pointer_sink = 0;

template <typename T>
T* data_of(const paddle::Tensor& t) {
  // data() of an unallocated (empty) tensor is not to be called; the kernel
  // never reads an empty tensor anyway.
  return t.numel() == 0 ? nullptr : const_cast<T*>(static_cast<const T*>(t.data()));
}

template <typename T>
T* data_of(const paddle::optional<paddle::Tensor>& t) {
  return t ? data_of<T>(*t) : nullptr;
}

void verify_draft_tokens_unchecked(const paddle::Tensor& step_output_ids,
                                   const paddle::Tensor& step_output_len,
                                   const paddle::Tensor& step_input_ids,
                                   const paddle::optional<paddle::Tensor>& target_tokens,
                                   const paddle::optional<paddle::Tensor>& candidate_ids,
                                   const paddle::optional<paddle::Tensor>& candidate_scores,
                                   const paddle::optional<paddle::Tensor>& candidate_lens,
                                   const paddle::Tensor& topp,
                                   const paddle::Tensor& stop_flags,
                                   const paddle::Tensor& seq_lens_encoder,
                                   const paddle::Tensor& seq_lens_this_time,
                                   const paddle::Tensor& end_tokens,
                                   const paddle::Tensor& is_block_step,
                                   const paddle::Tensor& cu_seqlens_q_output,
                                   const paddle::Tensor& reasoning_status,
                                   const paddle::Tensor& max_dec_len,
                                   const paddle::Tensor& step_idx,
                                   int64_t max_seq_len,
                                   int64_t verify_window,
                                   int64_t verify_strategy,
                                   bool reject_all,
                                   bool accept_all,
                                   int64_t seed) {
  auto* p_step_output_ids = data_of<int64_t>(step_output_ids);
  auto* p_step_output_len = data_of<int32_t>(step_output_len);
  auto* p_step_input_ids = data_of<const int64_t>(step_input_ids);
  auto* p_target_tokens = data_of<const int64_t>(target_tokens);
  auto* p_candidate_ids = data_of<const int64_t>(candidate_ids);
  auto* p_candidate_scores = data_of<const float>(candidate_scores);
  auto* p_candidate_lens = data_of<const int32_t>(candidate_lens);
  auto* p_topp = data_of<const float>(topp);
  auto* p_stop_flags = data_of<const bool>(stop_flags);
  auto* p_seq_lens_encoder = data_of<const int32_t>(seq_lens_encoder);
  auto* p_seq_lens_this_time = data_of<const int32_t>(seq_lens_this_time);
  auto* p_end_tokens = data_of<const int64_t>(end_tokens);
  auto* p_is_block_step = data_of<const bool>(is_block_step);
  auto* p_cu_seqlens_q_output = data_of<const int32_t>(cu_seqlens_q_output);
  auto* p_reasoning_status = data_of<const int32_t>(reasoning_status);
  auto* p_max_dec_len = data_of<const int64_t>(max_dec_len);
  auto* p_step_idx = data_of<const int64_t>(step_idx);
  g_pointer_sink =
      reinterpret_cast<uintptr_t>(p_step_output_ids) +
      reinterpret_cast<uintptr_t>(p_step_output_len) +
      reinterpret_cast<uintptr_t>(p_step_input_ids) + reinterpret_cast<uintptr_t>(p_target_tokens) +
      reinterpret_cast<uintptr_t>(p_candidate_ids) +
      reinterpret_cast<uintptr_t>(p_candidate_scores) +
      reinterpret_cast<uintptr_t>(p_candidate_lens) + reinterpret_cast<uintptr_t>(p_topp) +
      reinterpret_cast<uintptr_t>(p_stop_flags) + reinterpret_cast<uintptr_t>(p_seq_lens_encoder) +
      reinterpret_cast<uintptr_t>(p_seq_lens_this_time) +
      reinterpret_cast<uintptr_t>(p_end_tokens) + reinterpret_cast<uintptr_t>(p_is_block_step) +
      reinterpret_cast<uintptr_t>(p_cu_seqlens_q_output) +
      reinterpret_cast<uintptr_t>(p_reasoning_status) + reinterpret_cast<uintptr_t>(p_max_dec_len) +
      reinterpret_cast<uintptr_t>(p_step_idx);

  // The dims the kernel needs, read from the shapes (no agreement checks).
  const int64_t max_bsz = step_output_ids.dims()[0];
  const int64_t max_step_tokens = step_output_ids.dims()[1];
  const int64_t real_bsz = seq_lens_this_time.dims()[0];
  const int64_t end_length = end_tokens.dims()[0];
  int64_t token_num = 0;
  int64_t max_candidate_len = 0;
  if (target_tokens) token_num = target_tokens->dims()[0];
  if (candidate_ids) {
    token_num = candidate_ids->dims()[0];
    max_candidate_len = candidate_ids->dims()[1];
  }

  // Scratch as the generated entry makes it, so both sides pay the same.
  std::unique_ptr<float[]> topp_uniforms(new float[max_bsz]());
  opforge::fill_uniform(topp_uniforms.get(), max_bsz, opforge::resolve_seed(seed));

  opforge::verify_draft_tokens::CpuArgs args;
  args.step_output_ids = p_step_output_ids;
  args.step_output_len = p_step_output_len;
  args.step_input_ids = p_step_input_ids;
  args.target_tokens = p_target_tokens;
  args.candidate_ids = p_candidate_ids;
  args.candidate_scores = p_candidate_scores;
  args.candidate_lens = p_candidate_lens;
  args.topp = p_topp;
  args.stop_flags = p_stop_flags;
  args.seq_lens_encoder = p_seq_lens_encoder;
  args.seq_lens_this_time = p_seq_lens_this_time;
  args.end_tokens = p_end_tokens;
  args.is_block_step = p_is_block_step;
  args.cu_seqlens_q_output = p_cu_seqlens_q_output;
  args.reasoning_status = p_reasoning_status;
  args.max_dec_len = p_max_dec_len;
  args.step_idx = p_step_idx;
  args.topp_uniforms = topp_uniforms.get();
  args.max_bsz = max_bsz;
  args.max_step_tokens = max_step_tokens;
  args.real_bsz = real_bsz;
  args.token_num = token_num;
  args.max_candidate_len = max_candidate_len;
  args.end_length = end_length;
  args.max_seq_len = static_cast<int32_t>(max_seq_len);
  args.verify_window = static_cast<int32_t>(verify_window);
  args.verify_strategy = static_cast<opforge::verify_draft_tokens::VerifyStrategy>(verify_strategy);
  args.reject_all = reject_all;
  args.accept_all = accept_all;
  args.seed = seed;
  Kernels::cpu(args);
}

}  // namespace

PYBIND11_MODULE(opforge_bench_baseline, m) {
  m.doc() = "Unchecked hand-written baseline of opforge._C.verify_draft_tokens (benchmark only)";
  // Positional only, no py::arg names, defaults or none() annotations: the
  // cheapest pybind11 registration of this signature.
  m.def("verify_draft_tokens_unchecked", &verify_draft_tokens_unchecked);

  // Diagnostic: the same unchecked function registered with the generated
  // binding's py::arg list (names, none() flags, defaults), to tell the cost
  // of pybind11's argument records apart from that of the checks.
  namespace py = pybind11;
  m.def("verify_draft_tokens_unchecked_named",
        &verify_draft_tokens_unchecked,
        py::arg("step_output_ids").none(false),
        py::arg("step_output_len").none(false),
        py::arg("step_input_ids").none(false),
        py::arg("target_tokens").none(true),
        py::arg("candidate_ids").none(true),
        py::arg("candidate_scores").none(true),
        py::arg("candidate_lens").none(true),
        py::arg("topp").none(false),
        py::arg("stop_flags").none(false),
        py::arg("seq_lens_encoder").none(false),
        py::arg("seq_lens_this_time").none(false),
        py::arg("end_tokens").none(false),
        py::arg("is_block_step").none(false),
        py::arg("cu_seqlens_q_output").none(false),
        py::arg("reasoning_status").none(false),
        py::arg("max_dec_len").none(false),
        py::arg("step_idx").none(false),
        py::arg("max_seq_len") = 0,
        py::arg("verify_window") = 2,
        py::arg("verify_strategy") = 0,
        py::arg("reject_all") = false,
        py::arg("accept_all") = false,
        py::arg("seed") = -1);
}
