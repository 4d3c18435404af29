// fastdeploy_ops: FastDeploy's bindings of opforge's ops in a Python module of
// their own (fastdeploy_ops.gpu, fastdeploy_ops.xpu), as FastDeploy compiles
// them into its module; built by `python tools/build.py --fastdeploy` and
// called by tests/fastdeploy/. One unit: the generated bindings are included
// here, so pybind11 and paddle/extension.h are compiled once.
#include "fastdeploy/bindings.cc"

PYBIND11_MODULE(fastdeploy_ops, m) { opforge::fastdeploy::bind_all(m); }
