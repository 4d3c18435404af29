// pybind11 with Paddle's type caster for paddle::Tensor. Paddle ships its own
// pybind11 (third_party), and every unit of our module compiles against that
// copy so the caster and our bindings agree on pybind11's internals.
#pragma once

#include "paddle/utils/pybind.h"

namespace opforge {
// Exceptions, backend switch and test hooks of the runtime (pybind_module.cc).
void register_runtime(pybind11::module_& m);
}  // namespace opforge
