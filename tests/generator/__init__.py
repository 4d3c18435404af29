"""Tests of the spec front end and the generator: they need no build."""
