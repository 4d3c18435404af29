// xpu3sim stand-in for "xpu/kernel/cluster_primitive.h".
//
// On the device this header also brings the SIMD helpers (primitive_add,
// primitive_reduce_sum, ...). Those are NOT simulated; what kernels use from it
// in practice - transfers, fences, barriers - is provided through the headers
// included here.
#pragma once

#include "xpu/kernel/xtdk.h"
#include "xpu/kernel/xtdk_io.h"
#include "xpu/kernel/xtdk_math.h"
#include "xpu/kernel/xtdk_simd.h"
