"""FastDeploy's calling convention (the spec's `fastdeploy:` section): per
FastDeploy backend, the Python function of ``opforge.fastdeploy.<backend>``
(generated/python/fastdeploy/<backend>.py) and the pybind11 ``m.def`` of the
bindings FastDeploy links (generated/fastdeploy/bindings.cc). Both take
FastDeploy's arguments in FastDeploy's order and return what FastDeploy
returns; both call the op itself (the Python function, or the C++ ``call`` of
codegen/api.py), so no check or kernel is reached another way."""

from __future__ import annotations

from dataclasses import dataclass

from codegen import api
from codegen.model import Attr, AttrType, FastDeployArg, FastDeployForm, Op, Role
from codegen.views.paddle import cpp_default


@dataclass(frozen=True)
class FastDeployFunction:
    backend: str
    name: str  # FastDeploy's op name (the spec's)
    source: str
    params: tuple[str, ...]  # FastDeploy's parameter names, in its order
    unused: tuple[tuple[str, str], ...]  # (parameter, why opforge does not need it)
    returns_doc: str
    # Python: the statements of the function's body.
    py_body: tuple[str, ...]
    # C++: the lambda's parameters, its return type, its body, its py::arg names.
    cpp_params: tuple[str, ...]
    cpp_returns: str
    cpp_body: tuple[str, ...]


def _returns_doc(form: FastDeployForm) -> str:
    if not form.returns:
        return "None (the op updates its tensors in place)."
    named = ", ".join(form.returns)
    return f"[{named}] (a list)." if form.returns_list else f"{named} (the tensor)."


def _python_value(op: Op, arg: FastDeployArg) -> str:
    """What the op's keyword takes from FastDeploy's parameter."""
    if arg.value_of_tensor:
        return f'_runtime.tensor_value("{op.name}", "{arg.name}", {arg.name})'
    return arg.name


def _python_body(op: Op, form: FastDeployForm) -> tuple[str, ...]:
    given = {a.source: a.name for a in form.args if a.source is not None}
    keywords = ", ".join(
        f"{a.source}={_python_value(op, a)}" for a in form.args if a.source is not None
    )
    call = f"_ops.{op.name}({keywords})"
    outputs = [t.name for t in op.outputs]

    def value(name: str) -> str:
        if op.tensor(name).role is Role.INOUT:
            return given[name]  # the caller's tensor, updated in place
        return "_out" if len(outputs) == 1 else f"_out[{outputs.index(name)}]"

    new_returned = [n for n in form.returns if op.tensor(n).role is Role.OUTPUT]
    body = [f"_out = {call}" if new_returned else call]
    values = [value(n) for n in form.returns]
    if not form.returns:
        body.append("return None")
    elif form.returns_list:
        body.append(f"return [{', '.join(values)}]")
    else:
        body.append(f"return {values[0]}")
    return tuple(body)


def _cpp_param(op: Op, arg: FastDeployArg) -> str:
    if arg.source is None:
        return f"const pybind11::object& /*{arg.name}*/"  # passed by FastDeploy, not read
    if arg.value_of_tensor:  # a one-element tensor holding the attribute's value
        return f"const paddle::Tensor& {arg.name}"
    if arg.source in {a.name for a in op.attrs}:
        return f"{api.attr_paddle(op.attr(arg.source)).render()} {arg.name}"
    optional = op.tensor(arg.source).optional
    kind = "paddle::optional<paddle::Tensor>" if optional else "paddle::Tensor"
    return f"const {kind}& {arg.name}"


def _cpp_absent_attr(op: Op, a: Attr) -> str:
    """An attribute FastDeploy does not pass: read from its environment variable
    where the spec names one (as the Python function reads it), else its default."""
    paddle_type = api.attr_paddle(a).render()
    if a.env is not None:
        read = {AttrType.FLOAT: "double", AttrType.BOOL: "bool"}.get(a.type, "int64_t")
        found = f'opforge::fastdeploy::from_environment("{op.name}", "{a.name}")'
        return f"static_cast<{paddle_type}>({found}.cast<{read}>())"
    default = cpp_default(a)
    if a.is_list:  # the vector Paddle takes, with the default's elements
        return api.attr_registered(a) + default.removeprefix("std::vector<int64_t>")
    return f"static_cast<{paddle_type}>({default})"


def _cpp_body(op: Op, form: FastDeployForm) -> tuple[str, tuple[str, ...]]:
    given = {a.source: a.name for a in form.args if a.source is not None}
    call_sig = api.cpp_call(op)
    scope: dict[str, str] = {}
    for p in call_sig.params:
        arg = form.arg_of(p.name)
        if arg is not None and arg.value_of_tensor:
            paddle_type = api.attr_paddle(op.attr(p.name)).render()
            value = f'opforge::fastdeploy::tensor_value("{op.name}", "{arg.name}", {arg.name})'
            scope[p.name] = f"static_cast<{paddle_type}>({value})"
        elif p.name in given:
            scope[p.name] = given[p.name]
        elif p.tensor is not None:
            scope[p.name] = "paddle::optional<paddle::Tensor>()"  # optional: absent
        else:
            scope[p.name] = _cpp_absent_attr(op, op.attr(p.name))
    call = f"opforge::{op.name}::{call_sig.call(scope)}"
    if not form.returns:
        return "void", (f"{call};",)
    new = [t.name for t in op.new_outputs]
    values = [
        given[n] if n not in new else f"opforge_outputs[{new.index(n)}]" for n in form.returns
    ]
    body = [f"const std::vector<paddle::Tensor> opforge_outputs = {call};" if new else f"{call};"]
    body.append(f"return {{{', '.join(values)}}};")
    return "std::vector<paddle::Tensor>", tuple(body)


def fastdeploy_functions(op: Op) -> tuple[FastDeployFunction, ...]:
    result = []
    for form in op.fastdeploy:
        cpp_returns, cpp_body = _cpp_body(op, form)
        result.append(
            FastDeployFunction(
                backend=form.backend,
                name=op.name,
                source=op.source,
                params=tuple(a.name for a in form.args),
                unused=tuple((a.name, a.unused) for a in form.args if a.source is None),
                returns_doc=_returns_doc(form),
                py_body=_python_body(op, form),
                cpp_params=tuple(_cpp_param(op, a) for a in form.args),
                cpp_returns=cpp_returns,
                cpp_body=cpp_body,
            )
        )
    return tuple(result)


__all__ = ["FastDeployFunction", "fastdeploy_functions"]
