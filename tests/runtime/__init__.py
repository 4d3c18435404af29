"""Tests of the runtime under the ops: the XPU3 simulation, device memory,
the launchers, and the public API's boundary."""
