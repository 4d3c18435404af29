"""The test harness library: what every test asks about an op, answered from
its model (codegen.model) and its calling conventions (codegen.api).

- ``spec``: the ops the suite runs over; what an op writes, which tensors the
  caller passes and in which order, which dtype a tensor has in a call;
- ``dtypes``: the one NumPy dtype map (bfloat16 as bit patterns) and the
  conversions around it;
- ``draw``: the one drawer of sizes, attributes, dtypes and seeds, for
  Hypothesis and for seeded runs alike (``Chooser``);
- ``cases``: valid calls built from the value domains;
- ``domains``, ``references``: a domain checked on arrays; the op's NumPy
  reference, called by name;
- ``calls``: calling an op through its Python API, by name;
- ``cpp``: C++ harnesses from ``codegen.api`` signatures, compiled by
  tools/build.py's ``build_harness``;
- ``counts``: what the session counted, printed at its end.

Its own tests live here too, with the tests of the tools the suite relies on
(the planted bugs, the XPU3 dialect check)."""
