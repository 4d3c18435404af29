// CPU kernel for mtp_step_paddle. Contract: docs/ops/mtp_step_paddle.md; the
// NumPy reference is tests/ops/reference/mtp_step_paddle.py. The steps
// (release, count, drop, dispatch) are csrc/kernels/shared/mtp_step_paddle.h,
// shared with the CUDA kernel (and built on speculate_step_paddle's window and
// release). The generated glue has already checked every buffer's length, not
// its values: every index is clamped there.
#include "kernel_decls/mtp_step_paddle.h"

#include "shared/mtp_step_paddle.h"

void opforge::mtp_step_paddle::Kernels::cpu(const CpuArgs& args) {
  mtp_step_shared::step(args);
}
