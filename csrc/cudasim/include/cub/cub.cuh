// Stand-in for CUB's umbrella header (simulation build only): the block
// collectives the project's kernels use. See block/block_reduce.cuh.
#pragma once

#include "cub/block/block_reduce.cuh"
#include "cub/block/block_scan.cuh"
