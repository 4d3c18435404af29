// xpu3sim stand-in for "xpu/kernel/cluster_debug.h": kernels may printf; in
// the simulation the output goes to the host's stdout.
#pragma once

#include <cstdio>

#include "xpu/kernel/xtdk.h"
