# Generated from opspec/*.yaml by `python -m codegen`. Do not edit.
"""opforge's ops called the way FastDeploy calls its own: ``opforge.fastdeploy.gpu``
and ``opforge.fastdeploy.xpu`` hold, per FastDeploy backend, a function per op
with FastDeploy's name, positional order and return convention.

    from opforge.fastdeploy.gpu import speculate_get_seq_lens_output
"""

import opforge.fastdeploy.gpu
import opforge.fastdeploy.xpu

__all__ = ["gpu", "xpu"]
