"""Hostile values: every declared input domain violated, kernels under sanitizers."""
