// Generated from opspec/*.yaml by `python -m codegen`. Do not edit.
// The extension module: one CPython function per op (generated/paddle/<op>.cc),
// plus the runtime's functions (csrc/runtime/pybind_module.cc). No pybind11 here.
#include "opforge/python_glue.h"

namespace opforge {
namespace build_sampling_params {
PyMethodDef python_method();
}
namespace draft_model_postprocess {
PyMethodDef python_method();
}
namespace draft_model_preprocess {
PyMethodDef python_method();
}
namespace draft_model_update {
PyMethodDef python_method();
}
namespace eagle_gather_hidden_states {
PyMethodDef python_method();
}
namespace eagle_get_hidden_states {
PyMethodDef python_method();
}
namespace eagle_get_self_hidden_states {
PyMethodDef python_method();
}
namespace hybrid_mtp_ngram {
PyMethodDef python_method();
}
namespace mtp_step_paddle {
PyMethodDef python_method();
}
namespace ngram_match {
PyMethodDef python_method();
}
namespace rebuild_padding {
PyMethodDef python_method();
}
namespace speculate_get_logits {
PyMethodDef python_method();
}
namespace speculate_get_output_padding_offset {
PyMethodDef python_method();
}
namespace speculate_get_padding_offset {
PyMethodDef python_method();
}
namespace speculate_get_seq_lens_output {
PyMethodDef python_method();
}
namespace speculate_get_token_penalty_multi_scores {
PyMethodDef python_method();
}
namespace speculate_limit_thinking_content_length_v1 {
PyMethodDef python_method();
}
namespace speculate_limit_thinking_content_length_v2 {
PyMethodDef python_method();
}
namespace speculate_pre_process {
PyMethodDef python_method();
}
namespace speculate_schedule_cache {
PyMethodDef python_method();
}
namespace speculate_set_stop_value_multi_seqs {
PyMethodDef python_method();
}
namespace speculate_set_value_by_flags_and_idx {
PyMethodDef python_method();
}
namespace speculate_step_paddle {
PyMethodDef python_method();
}
namespace speculate_step_system_cache {
PyMethodDef python_method();
}
namespace speculate_update {
PyMethodDef python_method();
}
namespace top_p_candidates {
PyMethodDef python_method();
}
namespace unified_update_model_status {
PyMethodDef python_method();
}
namespace verify_draft_tokens {
PyMethodDef python_method();
}
}  // namespace opforge

PyMODINIT_FUNC PyInit__C() {
  static PyMethodDef methods[] = {
      opforge::build_sampling_params::python_method(),
      opforge::draft_model_postprocess::python_method(),
      opforge::draft_model_preprocess::python_method(),
      opforge::draft_model_update::python_method(),
      opforge::eagle_gather_hidden_states::python_method(),
      opforge::eagle_get_hidden_states::python_method(),
      opforge::eagle_get_self_hidden_states::python_method(),
      opforge::hybrid_mtp_ngram::python_method(),
      opforge::mtp_step_paddle::python_method(),
      opforge::ngram_match::python_method(),
      opforge::rebuild_padding::python_method(),
      opforge::speculate_get_logits::python_method(),
      opforge::speculate_get_output_padding_offset::python_method(),
      opforge::speculate_get_padding_offset::python_method(),
      opforge::speculate_get_seq_lens_output::python_method(),
      opforge::speculate_get_token_penalty_multi_scores::python_method(),
      opforge::speculate_limit_thinking_content_length_v1::python_method(),
      opforge::speculate_limit_thinking_content_length_v2::python_method(),
      opforge::speculate_pre_process::python_method(),
      opforge::speculate_schedule_cache::python_method(),
      opforge::speculate_set_stop_value_multi_seqs::python_method(),
      opforge::speculate_set_value_by_flags_and_idx::python_method(),
      opforge::speculate_step_paddle::python_method(),
      opforge::speculate_step_system_cache::python_method(),
      opforge::speculate_update::python_method(),
      opforge::top_p_candidates::python_method(),
      opforge::unified_update_model_status::python_method(),
      opforge::verify_draft_tokens::python_method(),
      {nullptr, nullptr, 0, nullptr},
  };
  static PyModuleDef definition = {
      PyModuleDef_HEAD_INIT,
      "_C",
      "opforge ops (generated bindings; use the opforge package, not this module)",
      -1,
      methods,
      nullptr,
      nullptr,
      nullptr,
      nullptr,
  };
  return opforge::python_glue::create_module(&definition);
}
