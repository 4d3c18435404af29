// The runtime's Python surface: OpError translation, the backend switch, and
// the seeded draws (exposed so tests can compare them with the reference).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "opforge/runtime.h"

namespace opforge {

void register_runtime(pybind11::module_& m) {
  namespace py = pybind11;
  // The Python classes live in opforge.errors so that they can be documented,
  // caught and subclassed like any Python exception.
  py::module_ errors = py::module_::import("opforge.errors");
  static py::handle errors_module = errors.release();
  py::register_exception_translator([](std::exception_ptr raised) {
    try {
      if (raised) std::rethrow_exception(raised);
    } catch (const OpError& error) {
      const py::object type = errors_module.attr(python_error_name(error.kind()));
      PyErr_SetString(type.ptr(), error.what());
    }
  });

  m.def(
      "set_cpu_tensor_backend",
      [](const std::string& name) { set_cpu_tensor_backend(cpu_tensor_backend_named(name)); },
      py::arg("name"));
  m.def("set_value_checks", &set_value_checks, py::arg("on"));
  m.def("value_checks", &value_checks);
  m.def("cpu_tensor_backend", [] { return std::string(backend_name(cpu_tensor_backend())); });
  // Each kernel kind's launch by its name (generated/runtime/opforge/backends.h),
  // as its values in field order: opforge's generated setters call these.
  m.def("launch", [](const std::string& kind) { return launch_values(kind); }, py::arg("kind"));
  m.def(
      "set_launch",
      [](const std::string& kind, const std::vector<int64_t>& values) {
        set_launch_values(kind, values);
      },
      py::arg("kind"), py::arg("values"));
  m.def(
      "uniform_draws",
      [](int64_t seed, int64_t n) {
        std::vector<float> out(static_cast<size_t>(n < 0 ? 0 : n));
        fill_uniform(out.data(), static_cast<int64_t>(out.size()), seed);
        return out;
      },
      py::arg("seed"), py::arg("n"));
  // The process-wide counter's next value, taken as a call with seed -1 takes
  // it: the next such call draws with the value after it (tests compare a call
  // that leaves its seed at -1 with one that names that seed).
  m.def("next_counter_seed", [] { return resolve_seed(-1); });
}

}  // namespace opforge
