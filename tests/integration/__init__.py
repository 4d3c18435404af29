"""Tests of ops together and of the project as a user meets it: decoding
loops, composed ops, a new op from a fresh tree, kernel builds, the wheel."""
