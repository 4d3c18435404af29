"""`opforge-dev import FILE...`: draft specs from existing Paddle custom ops.

An engine adopting opforge starts from its C++/CUDA/XPU files: each registers
ops with ``PD_BUILD_OP(name)`` / ``PD_BUILD_STATIC_OP(name)`` (inputs,
outputs, attributes, an inplace map, the kernel, infer-shape and infer-dtype
functions) and defines those functions. For each op this writes a draft spec
``opspec/<op>.yaml`` that holds only what the source states, and a ``TODO``
(with a comment saying what was read) wherever it does not: the generator
refuses the spec, naming each TODO's line and field, until it is decided. A
draft the generator accepts as written also gets its kernels and reference,
written as ``opforge-dev new`` writes them (opforge_dev/scaffold.py).

What is read, and from where (docs/importing.md has the user's side):

- tensors: the names and order of ``.Inputs`` (optional ones from
  ``paddle::Optional``) and ``.Outputs``; an input is in place (``inout``) when
  the inplace map pairs it with an output, or when the kernel assigns through
  a pointer to its data (``const_cast<T*>(x.data<T>())`` or
  ``x.mutable_data<T>()``, directly, through a local or through a non-const
  pointer parameter of a function in the file); such a pointer alone is no
  write (engines const_cast inputs they only read): the input stays ``in``
  and the report asks to check it; the other outputs are new (``out``);
- dtypes: ``data<T>()`` / ``mutable_data<T>()`` in the kernel and the functions
  of the file it calls (a template parameter bound at a call, ``F<float>`` or
  ``F<paddle::DataType::BFLOAT16>``, directly, through a function pointer or
  a macro of the file, or a ``PD_DISPATCH_*`` macro's ``data_t``, or a type
  that differs between the branches over a dtype, ``case
  paddle::DataType::M:`` with a local ``typedef``, makes a dtype set), the
  dtype an output is made with (``paddle::full``, ``paddle::empty``,
  ``empty_like``, ``copy_to``) and the infer-dtype function;
- dims: ``x.shape()[i]`` / ``x.dims()[i]`` (directly, or through a shape
  vector, or the infer-shape function's shape parameters), each named after
  the variable the source assigns it to; an axis compared with ``==`` to such a
  variable takes its dim; the shapes outputs are made with, and the
  infer-shape function's return; attributes in those shapes become dims set by
  the attribute; a tensor whose *value* is a size (``x.data<int64_t>()[0]``,
  directly or from a host copy) becomes an int64 attribute setting a dim, as
  the spec language has it ("A size the host knows");
- attributes: ``.Attrs`` (``"name: type"``) and the kernel's scalar
  parameters; each ``getenv("NAME")`` becomes an attribute with the default the
  source falls back to.

How it reads C++, and why not with a compiler front end. libclang is at hand
(tools/xpu3_check.py uses it), but a front end needs a translation unit: these
files include ``paddle/extension.h`` (thousands of headers), CUDA's and the
XPU toolchain's headers, which are not installed where an op author runs
this; ``.cu`` files need CUDA mode and ``<<<...>>>``; and with headers missing,
clang's error recovery turns ``paddle::Tensor`` parameters into ``int`` and
drops the builder chain of ``PD_BUILD_OP``, a macro whose expansion it cannot
see. What import needs is shallow and syntactic — string literals in a chain
of known method calls, the signatures of a few functions, and a handful of
patterns in their bodies — and must hold against anything handed to it. So
this is a tolerant reader at the token level: a lexer that knows C++'s
comments, string, character and raw-string literals and preprocessor lines
(expanding the function-like macros the file defines, within a bound);
brackets matched once; function definitions found as ``name(...) {...}`` at
any depth (not control statements, not lambdas); and pattern matchers over
token spans. Every step is linear in the file (the calls it follows are
memoized and bounded), the file is capped at ``MAX_SOURCE_BYTES``, and every
problem — binary or non-UTF-8 bytes in code, an unterminated literal or
comment, an unbalanced bracket, no registration — is one ``SourceError``
naming the file and the line, never a traceback or a hang. What it does not
understand it does not guess: that value is a TODO.

The layers, one module each (layer 3 in several), each reading only the ones
before it:

1. ``lexer``: the source's text as tokens, brackets matched, spans read;
2. ``declaration``: the registrations (``PD_BUILD_OP`` chains) and the
   function definitions with their signatures;
3. inferring the model: ``facts`` (what the source says, with its lines, and
   the state a reader gathers it in), ``dtypes`` (element types and dtype
   sets), ``walk`` (the bodies of the kernel and the functions it calls),
   ``environment`` (``getenv`` values as attributes), ``reader`` (one
   registration read whole, with its infer functions), ``merge`` (an op
   registered in several files, its GPU and XPU sources, read as one);
   ``vocabulary`` holds the C++ and Paddle names they share;
4. ``draft``: the findings as the sections of a draft spec, TODO where unread;
5. ``command``: ``opforge-dev import FILE...``, the drafts written and the
   report printed.
"""

from opforge_dev.importer.command import Imported, main, read_file
from opforge_dev.importer.declaration import Source
from opforge_dev.importer.draft import Drafter
from opforge_dev.importer.facts import MAX_ENV
from opforge_dev.importer.lexer import MAX_SOURCE_BYTES, SourceError
from opforge_dev.importer.reader import OpReader
from opforge_dev.importer.vocabulary import TODO

__all__ = [
    "MAX_ENV",
    "MAX_SOURCE_BYTES",
    "TODO",
    "Drafter",
    "Imported",
    "OpReader",
    "Source",
    "SourceError",
    "main",
    "read_file",
]
