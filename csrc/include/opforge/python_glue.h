// The Python side of every generated binding, as plain functions: argument
// binding, PyObject* <-> paddle::Tensor, attribute conversion, results and
// errors. A generated Paddle unit includes this header and Python.h only (no
// pybind11, no Paddle pybind caster); the definitions are compiled once, in
// csrc/runtime/python_glue.cc, which may use Paddle's caster functions.
//
// Include first: Python.h must come before any standard header.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <cstdint>
#include <vector>

namespace paddle {
class Tensor;
}  // namespace paddle

namespace opforge::python_glue {

// A binding's arguments as pybind11 bound them: positional, then by keyword
// (`names`: the parameters in order), a parameter given twice, an unknown
// keyword, too many arguments or one of the first `required` missing refused
// (an attribute without a default: its conversion refuses nullptr). Fills `out[i]` with the
// argument of parameter i (borrowed) or nullptr if not passed. False: refused
// (no Python error set; the caller raises the binding's TypeError).
bool bind_arguments(PyObject* const* args,
                    Py_ssize_t nargs,
                    PyObject* kwnames,
                    const char* const* names,
                    Py_ssize_t count,
                    Py_ssize_t required,
                    PyObject** out);

// A tensor argument: the paddle.Tensor's tensor (owned by the Python object,
// which outlives the call), nullptr for None. `ok` is set to false for any
// other object.
const paddle::Tensor* tensor_arg(PyObject* obj, bool& ok);

// Attributes, converted as pybind11's casters of the binding's wide types did
// (int64_t, double, bool, std::vector<int64_t>). False: not convertible (an
// object of another type, an int past int64) or not passed (nullptr); no
// Python error is left set.
bool int64_arg(PyObject* obj, int64_t& out);
bool double_arg(PyObject* obj, double& out);
bool bool_arg(PyObject* obj, bool& out);
bool int64_list_arg(PyObject* obj, std::vector<int64_t>& out);

// Raises the TypeError of a call the binding does not take (the Python API
// names the argument: opforge._runtime.Arguments.refused). Returns nullptr.
PyObject* refuse(const char* op);

// A new output as a paddle.Tensor (a new reference), and several as a list.
PyObject* result(const paddle::Tensor& tensor);
PyObject* results(const std::vector<paddle::Tensor>& tensors);

// Inside a catch block: sets the Python error of the exception being handled
// (an OpError as opforge.errors' class of its kind, anything else as pybind11
// translated it). Returns nullptr.
PyObject* raise_current();

// The module: created from its generated method table, with the runtime's
// functions and the error translation added (csrc/runtime/pybind_module.cc).
PyObject* create_module(PyModuleDef* definition);

}  // namespace opforge::python_glue
