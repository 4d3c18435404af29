"""Independent NumPy reference implementations and valid-batch generators for opforge ops."""
