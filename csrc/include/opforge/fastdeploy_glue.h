// What FastDeploy's pybind11 bindings of opforge's ops (generated/fastdeploy/
// bindings.cc) share: opforge's errors raised as opforge's Python exceptions,
// an attribute FastDeploy does not pass read from its environment variable by
// the same rule as opforge's Python functions, and one it passes as a tensor's
// value read from the tensor.
#pragma once

#include <pybind11/pybind11.h>

#include <exception>
#include <string>

#include "opforge/runtime.h"
#include "paddle/extension.h"

namespace opforge::fastdeploy {

// An OpError thrown by an op's call reaches Python as the opforge.errors class
// opforge's own functions raise (OpTypeError, OpValueError, OpKernelError),
// with the same message. Registered once, however many backends are bound.
inline void register_errors() {
  static const bool registered = [] {
    pybind11::register_exception_translator([](std::exception_ptr raised) {
      try {
        if (raised) std::rethrow_exception(raised);
      } catch (const OpError& error) {
        const pybind11::object type =
            pybind11::module_::import("opforge.errors").attr(python_error_name(error.kind()));
        PyErr_SetString(type.ptr(), error.what());
      }
    });
    return true;
  }();
  (void)registered;
}

// The value of attribute `attr` of `op` when the caller does not pass it: its
// environment variable's, parsed and bounded by the op's Python arguments
// holder (opforge._generated._<op>_arguments), else the spec's default. One
// rule for both surfaces; a bad value raises that holder's OpValueError.
inline pybind11::object from_environment(const char* op, const char* attr) {
  const std::string holder = std::string("_") + op + "_arguments";
  return pybind11::module_::import("opforge._generated")
      .attr(holder.c_str())
      .attr("from_environment")(attr);
}

// The value of a one-element int32 or int64 tensor, for the attribute it
// carries in FastDeploy's call (its token counts), read on the host (a copy
// from a device, as FastDeploy's own ops make).
inline int64_t tensor_value(const char* op, const char* name, const paddle::Tensor& tensor) {
  const std::string argument = std::string(op) + "(): argument '" + name + "'";
  const paddle::DataType dtype = tensor.dtype();
  if (dtype != paddle::DataType::INT32 && dtype != paddle::DataType::INT64) {
    throw OpError(ErrorKind::kDType, argument + " must be a one-element int32 or int64 tensor");
  }
  if (tensor.numel() != 1) {
    throw OpError(ErrorKind::kShape, argument + " must hold one element, got " +
                                         std::to_string(tensor.numel()));
  }
  const paddle::Tensor host = tensor.is_cpu() ? tensor : tensor.copy_to(paddle::CPUPlace(), true);
  return dtype == paddle::DataType::INT32 ? host.data<int32_t>()[0] : host.data<int64_t>()[0];
}

}  // namespace opforge::fastdeploy
