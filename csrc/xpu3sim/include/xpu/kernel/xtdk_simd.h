// xpu3sim stand-in for "xpu/kernel/xtdk_simd.h".
//
// The XPU3 SIMD types and intrinsics (float32x16_t, vload_lm_*, vvadd_*, ...)
// are NOT simulated: this header exists so that kernels including it compile,
// and any use of a vector intrinsic fails to compile against the simulation.
// Write kernels with scalar loops over local memory (see README.md).
#pragma once

#include "xpu/kernel/xtdk.h"
