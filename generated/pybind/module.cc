// Generated from opspec/*.yaml by `python -m codegen`. Do not edit.
// The extension module: the runtime plus one binding per op.
#include <pybind11/pybind11.h>

namespace opforge {
void register_runtime(pybind11::module_& module);
namespace draft_model_preprocess {
void bind(pybind11::module_& module);
}
namespace draft_model_update {
void bind(pybind11::module_& module);
}
namespace ngram_match {
void bind(pybind11::module_& module);
}
namespace rebuild_padding {
void bind(pybind11::module_& module);
}
namespace speculate_get_output_padding_offset {
void bind(pybind11::module_& module);
}
namespace speculate_get_padding_offset {
void bind(pybind11::module_& module);
}
namespace speculate_get_seq_lens_output {
void bind(pybind11::module_& module);
}
namespace top_p_candidates {
void bind(pybind11::module_& module);
}
namespace unified_update_model_status {
void bind(pybind11::module_& module);
}
namespace verify_draft_tokens {
void bind(pybind11::module_& module);
}
}  // namespace opforge

PYBIND11_MODULE(_C, module) {
  module.doc() = "opforge ops (generated bindings; use the opforge package, not this module)";
  opforge::register_runtime(module);
  opforge::draft_model_preprocess::bind(module);
  opforge::draft_model_update::bind(module);
  opforge::ngram_match::bind(module);
  opforge::rebuild_padding::bind(module);
  opforge::speculate_get_output_padding_offset::bind(module);
  opforge::speculate_get_padding_offset::bind(module);
  opforge::speculate_get_seq_lens_output::bind(module);
  opforge::top_p_candidates::bind(module);
  opforge::unified_update_model_status::bind(module);
  opforge::verify_draft_tokens::bind(module);
}
