// The per-slot rules of speculate_step_system_cache: speculate_step_paddle's
// (csrc/kernels/shared/speculate_step_paddle.h, its decisions and, for the CPU
// and CUDA kernels, its steps with the template flag that restores the
// recovered slot's seq_lens_decoder from ori_seq_lens_decoder), included by
// the op's CPU, XPU3 and CUDA kernels as "shared/speculate_step_system_cache.h".
// Contract: docs/ops/speculate_step_system_cache.md.
#pragma once

#include "speculate_step_paddle.h"
