"""Valid specs drawn from the whole spec language, and kernels for them."""
