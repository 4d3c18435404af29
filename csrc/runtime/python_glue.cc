// The shared half of every generated binding (opforge/python_glue.h):
// compiled once, with Paddle's pybind11 tensor caster and the functions it
// calls, so that no per-op unit includes pybind11 or Paddle's Python headers.
// Each conversion accepts what pybind11's caster of the binding's parameter
// type accepted, so a call is taken or refused as before.
#include "opforge/python_glue.h"

#include <cstring>
#include <string>

#include "paddle/utils/pybind.h"

namespace opforge {
void register_runtime(pybind11::module_& module);  // pybind_module.cc
}  // namespace opforge

namespace opforge::python_glue {

bool bind_arguments(PyObject* const* args,
                    Py_ssize_t nargs,
                    PyObject* kwnames,
                    const char* const* names,
                    Py_ssize_t count,
                    Py_ssize_t required,
                    PyObject** out) {
  if (nargs > count) return false;
  for (Py_ssize_t i = 0; i < count; ++i) out[i] = i < nargs ? args[i] : nullptr;
  const Py_ssize_t keywords = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t k = 0; k < keywords; ++k) {
    const char* name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, k));
    if (name == nullptr) {
      PyErr_Clear();
      return false;
    }
    Py_ssize_t i = 0;
    while (i < count && std::strcmp(names[i], name) != 0) ++i;
    if (i == count || out[i] != nullptr) return false;  // unknown, or given twice
    out[i] = args[nargs + k];
  }
  for (Py_ssize_t i = 0; i < required; ++i) {
    if (out[i] == nullptr) return false;
  }
  return true;
}

const paddle::Tensor* tensor_arg(PyObject* obj, bool& ok) {
  if (obj == Py_None) return nullptr;
  // What Paddle's caster does on each load.
  paddle::pybind::EnableTensorOperantsToPhiMode();
  if (!paddle::pybind::PyCheckTensor(obj)) {
    ok = false;
    return nullptr;
  }
  return &paddle::pybind::CastPyArg2Tensor(obj, 0);
}

bool int64_arg(PyObject* obj, int64_t& out) {
  if (obj == nullptr || PyFloat_Check(obj) || !(PyLong_Check(obj) || PyIndex_Check(obj)))
    return false;
  const long long value = PyLong_AsLongLong(obj);
  if (value == -1 && PyErr_Occurred()) {
    PyErr_Clear();  // past int64 (OverflowError), or a failing __index__
    return false;
  }
  out = static_cast<int64_t>(value);
  return true;
}

bool double_arg(PyObject* obj, double& out) {
  if (obj == nullptr) return false;
  const double value = PyFloat_AsDouble(obj);
  if (value == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    return false;
  }
  out = value;
  return true;
}

bool bool_arg(PyObject* obj, bool& out) {
  if (obj == nullptr) return false;
  if (obj == Py_True || obj == Py_False) {
    out = obj == Py_True;
    return true;
  }
  // NumPy's bool scalar, which pybind11's caster takes too.
  const char* type = Py_TYPE(obj)->tp_name;
  if (std::strcmp(type, "numpy.bool_") == 0 || std::strcmp(type, "numpy.bool") == 0) {
    const int truth = PyObject_IsTrue(obj);
    if (truth < 0) {
      PyErr_Clear();
      return false;
    }
    out = truth != 0;
    return true;
  }
  return false;
}

bool int64_list_arg(PyObject* obj, std::vector<int64_t>& out) {
  if (obj == nullptr || !PySequence_Check(obj) || PyUnicode_Check(obj) || PyBytes_Check(obj))
    return false;
  PyObject* items = PySequence_Fast(obj, "");
  if (items == nullptr) {
    PyErr_Clear();
    return false;
  }
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
  out.clear();
  out.reserve(static_cast<size_t>(n));
  bool ok = true;
  for (Py_ssize_t i = 0; i < n && ok; ++i) {
    int64_t element = 0;
    ok = int64_arg(PySequence_Fast_GET_ITEM(items, i), element);
    out.push_back(element);
  }
  Py_DECREF(items);
  return ok;
}

PyObject* refuse(const char* op) {
  PyErr_Format(PyExc_TypeError, "%s(): the arguments do not match the binding's parameters", op);
  return nullptr;
}

PyObject* result(const paddle::Tensor& tensor) {
  // As Paddle's caster returns a tensor: None for one with no storage.
  return paddle::pybind::ToPyObject(tensor, true);
}

PyObject* results(const std::vector<paddle::Tensor>& tensors) {
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(tensors.size()));
  if (list == nullptr) return nullptr;
  for (size_t i = 0; i < tensors.size(); ++i) {
    PyObject* item = result(tensors[i]);
    if (item == nullptr) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), item);
  }
  return list;
}

PyObject* raise_current() {
  // What pybind11's function dispatcher does with an exception: the registered
  // translators (register_runtime's, for OpError), then pybind11's own.
  try {
    throw;
  } catch (pybind11::error_already_set& error) {
    error.restore();
  } catch (...) {
    pybind11::detail::try_translate_exceptions();
  }
  return nullptr;
}

PyObject* create_module(PyModuleDef* definition) {
  PyObject* module = PyModule_Create(definition);
  if (module == nullptr) return nullptr;
  try {
    auto handle = pybind11::reinterpret_borrow<pybind11::module_>(module);
    register_runtime(handle);
  } catch (...) {
    raise_current();
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}

}  // namespace opforge::python_glue
