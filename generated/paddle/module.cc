// Generated from opspec/*.yaml by `python -m codegen`. Do not edit.
// The extension module: the runtime plus one binding per op.
#include <pybind11/pybind11.h>

namespace opforge {
void register_runtime(pybind11::module_& m);
namespace top_p_candidates {
void bind(pybind11::module_& m);
}
namespace unified_update_model_status {
void bind(pybind11::module_& m);
}
namespace verify_draft_tokens {
void bind(pybind11::module_& m);
}
}  // namespace opforge

PYBIND11_MODULE(_C, m) {
  m.doc() = "opforge ops (generated bindings; use the opforge package, not this module)";
  opforge::register_runtime(m);
  opforge::top_p_candidates::bind(m);
  opforge::unified_update_model_status::bind(m);
  opforge::verify_draft_tokens::bind(m);
}
