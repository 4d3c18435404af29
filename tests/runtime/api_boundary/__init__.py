"""The hostile caller: attacks on the public Python API, derived from the specs."""
