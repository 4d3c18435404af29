// Generated from opspec/speculate_get_seq_lens_output.yaml by `python -m codegen`. Do not edit.
// FastDeploy's pybind11 bindings of opforge's ops: per FastDeploy backend, one
// m.def per op with FastDeploy's name, its arguments in FastDeploy's Python
// order (py::arg names as FastDeploy's) and its return (None for an op that
// updates in place, else a list). FastDeploy links this file into its own
// module and calls opforge::fastdeploy::bind_<backend>(module) from its
// PYBIND11_MODULE; each m.def calls the op's exported C++ function (generated/
// paddle/<op>.cc, in opforge's _C), which checks every argument against the spec.
#include <pybind11/pybind11.h>

#include <vector>

#include "opforge/fastdeploy_glue.h"
#include "paddle/extension.h"
#include "paddle/utils/pybind.h"

namespace opforge::speculate_get_seq_lens_output {
OPFORGE_EXPORT std::vector<paddle::Tensor> call(
    const paddle::Tensor& seq_lens_this_time, const paddle::Tensor& seq_lens_encoder);
}

namespace opforge::fastdeploy {

void bind_gpu(pybind11::module_& opforge_module) {
  register_errors();
  opforge_module.def(
      "speculate_get_seq_lens_output",
      [](
          const paddle::Tensor& seq_lens_this_time,
          const paddle::Tensor& seq_lens_encoder,
          const pybind11::object& /*seq_lens_decoder*/) -> std::vector<paddle::Tensor> {
        const std::vector<paddle::Tensor> opforge_outputs = opforge::speculate_get_seq_lens_output::call(
            seq_lens_this_time, seq_lens_encoder);
        return {opforge_outputs[0]};
      },
      pybind11::arg("seq_lens_this_time"),
      pybind11::arg("seq_lens_encoder"),
      pybind11::arg("seq_lens_decoder"),
      "FastDeploy's gpu speculate_get_seq_lens_output on opforge "
      "(opspec/speculate_get_seq_lens_output.yaml)");
}

void bind_xpu(pybind11::module_& opforge_module) {
  register_errors();
  opforge_module.def(
      "speculate_get_seq_lens_output",
      [](
          const paddle::Tensor& seq_lens_this_time,
          const paddle::Tensor& seq_lens_encoder,
          const pybind11::object& /*seq_lens_decoder*/) -> std::vector<paddle::Tensor> {
        const std::vector<paddle::Tensor> opforge_outputs = opforge::speculate_get_seq_lens_output::call(
            seq_lens_this_time, seq_lens_encoder);
        return {opforge_outputs[0]};
      },
      pybind11::arg("seq_lens_this_time"),
      pybind11::arg("seq_lens_encoder"),
      pybind11::arg("seq_lens_decoder"),
      "FastDeploy's xpu speculate_get_seq_lens_output on opforge "
      "(opspec/speculate_get_seq_lens_output.yaml)");
}

// Every backend's bindings, each in a submodule named after the backend.
void bind_all(pybind11::module_& opforge_module) {
  pybind11::module_ opforge_gpu = opforge_module.def_submodule("gpu");
  bind_gpu(opforge_gpu);
  pybind11::module_ opforge_xpu = opforge_module.def_submodule("xpu");
  bind_xpu(opforge_xpu);
}

}  // namespace opforge::fastdeploy
