"""Tests derived from the op specs: every op in opspec/ gets valid-input,
bad-input, aliasing, value-domain, static-graph and cross-backend tests from
its spec alone (tests/test_spec_suite.py), with no per-op test code."""
