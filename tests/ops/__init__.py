"""Tests of the ops: every op from its spec (valid calls, rejections, hostile
tensor values), per-op tests, and the NumPy references they compare with."""
