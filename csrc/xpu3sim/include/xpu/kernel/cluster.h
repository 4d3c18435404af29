// xpu3sim stand-in for "xpu/kernel/cluster.h", the umbrella header XPU3
// kernels include first: dialect qualifiers, ids, barriers, transfers,
// partitioning and scalar math.
#pragma once

#include "xpu/kernel/xtdk.h"
#include "xpu/kernel/xtdk_io.h"
#include "xpu/kernel/xtdk_math.h"
#include "xpu/kernel/cluster_partition.h"
#include "xpu/kernel/cluster_primitive.h"

// The XPU3 cluster.h opens kernels' namespace with these.
#define KERNEL_NAMESPACE_BEGIN namespace xpu3 {
#define KERNEL_NAMESPACE_END }
