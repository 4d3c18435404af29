"""The spec fuzzer: hostile spec files through the parser and the generator."""
