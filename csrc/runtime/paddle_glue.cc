// Cold paths of the Paddle-side checks. Kept out of the generated units so
// that their text is compiled once.
#include "opforge/paddle_glue.h"

#include <sstream>

#include "paddle/extension.h"
#include "paddle/phi/core/memory/malloc.h"
#ifdef OPFORGE_WITH_CUDA
#include "paddle/phi/backends/gpu/gpu_context.h"
#endif

namespace opforge::paddle_glue {
namespace {

[[noreturn]] void raise(ErrorKind kind, const char* op, const std::string& rest) {
  throw OpError(kind, std::string(op) + "(): " + rest);
}

std::string place_text(const paddle::Place& place) { return place.DebugString(); }

}  // namespace

namespace detail {

void fail_dtype(const char* op, const char* arg, DType want, paddle::DataType got) {
  raise(ErrorKind::kDType, op,
        std::string("argument '") + arg + "' must have dtype " + dtype_name(want) + ", got " +
            phi::DataTypeToString(got));
}

void fail_dtype_choice(const char* op, const char* arg, const char* choices, paddle::DataType got) {
  raise(ErrorKind::kDType, op,
        std::string("argument '") + arg + "' must have dtype " + choices + ", got " +
            phi::DataTypeToString(got));
}

void fail_dtype_agree(const char* op, const char* arg, const DTypeSlot& slot, paddle::DataType got) {
  raise(ErrorKind::kDType, op,
        std::string("argument '") + arg + "' must have dtype " + dtype_name(slot.value) +
            " like '" + slot.bound_by + "', got " + phi::DataTypeToString(got));
}

void fail_uninitialized(const char* op, const char* arg) {
  raise(ErrorKind::kLayout, op, std::string("argument '") + arg + "' has no data (uninitialized tensor)");
}

void fail_not_dense(const char* op, const char* arg) {
  raise(ErrorKind::kLayout, op, std::string("argument '") + arg + "' must be a dense tensor");
}

void fail_place(const char* op, const char* arg, const paddle::Place& want, const char* want_from,
                const paddle::Place& got) {
  raise(ErrorKind::kPlace, op,
        std::string("argument '") + arg + "' must be on " + place_text(want) + " like '" +
            want_from + "', got " + place_text(got));
}

void fail_host(const char* op, const char* arg, const paddle::Place& got) {
  raise(ErrorKind::kPlace, op,
        std::string("argument '") + arg + "' must be in host memory (Place(cpu)), got " +
            place_text(got));
}

void fail_contiguous(const char* op, const char* arg, const paddle::Tensor& t) {
  std::ostringstream strides;
  const auto& s = t.strides();
  strides << '[';
  for (int i = 0; i < s.size(); ++i) strides << (i ? ", " : "") << s[i];
  strides << ']';
  raise(ErrorKind::kLayout, op,
        std::string("argument '") + arg + "' must be contiguous, got strides " + strides.str());
}

void fail_unsupported_place(const char* op, const paddle::Place& got) {
  raise(ErrorKind::kBackend, op,
        "tensors on " + place_text(got) +
            " have no backend in this build (CPU tensors run the CPU kernel or the simulated "
            "XPU3 or CUDA kernel)");
}

void fail_inference_arity(size_t inputs, size_t attrs, size_t want_inputs, size_t want_attrs) {
  PD_THROW("opforge: static-graph inference received ", inputs, " inputs and ", attrs,
           " attributes; the op registers ", want_inputs, " and ", want_attrs);
}

void fail_inference_attr(size_t index) {
  PD_THROW("opforge: static-graph inference: attribute ", index,
           " does not hold the type the op registers");
}

}  // namespace detail

void raise_in_paddle(const OpError& error) {
  // Paddle hands the op an empty optional input as absent: say so.
  const char* note = error.kind() == ErrorKind::kMissing
                         ? " (Paddle passes an empty optional tensor to a custom op as None)"
                         : "";
  PADDLE_THROW(common::errors::InvalidArgument("%s%s", error.what(), note));
}

Context context_for(const char* op, const PlaceAnchor& anchor) {
  if (anchor.place == nullptr || anchor.place->GetType() == phi::AllocationType::CPU) {
    return host_context(cpu_tensor_backend());
  }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
  if (anchor.place->GetType() == phi::AllocationType::XPU) {
    // The launch shape and stream of Paddle's XPU context for this place, as
    // FastDeploy's wrappers take them (ctx->ncluster(), 64 cores, its stream).
    auto* device = static_cast<phi::XPUContext*>(phi::DeviceContextPool::Instance().Get(*anchor.place));
    Xpu3Launch launch;
    launch.nclusters = device->x_context()->ncluster();
    launch.ncores = 64;
    return Context{Backend::kXpu3, launch, device->stream()};
  }
#endif
#ifdef OPFORGE_WITH_CUDA
  if (anchor.place->GetType() == phi::AllocationType::GPU) {
    // The stream of Paddle's GPU context for this place, so the kernel is
    // ordered after the ops that produced its inputs without a host wait; a
    // grid-stride grid of a few blocks per multiprocessor.
    auto* device = static_cast<phi::GPUContext*>(phi::DeviceContextPool::Instance().Get(*anchor.place));
    Context gpu;
    gpu.backend = Backend::kCuda;
    gpu.cuda.nblocks = device->GetSMCount() * 4;
    gpu.cuda_stream = device->stream();
    return gpu;
  }
#endif
  detail::fail_unsupported_place(op, *anchor.place);
}

paddle::Tensor new_output(std::initializer_list<int64_t> shape, paddle::DataType dtype,
                          const PlaceAnchor& anchor) {
  const paddle::Place place = anchor.place ? *anchor.place : paddle::Place(paddle::CPUPlace());
  phi::DenseTensorMeta meta(dtype, common::make_ddim(std::vector<int64_t>(shape)));
  // The glue has checked every output's size against the limit (check_alloc):
  // the byte count does not overflow.
  const size_t bytes = static_cast<size_t>(element_count(meta.dims)) * phi::SizeOf(dtype);
  if (bytes == 0) return paddle::empty(std::vector<int64_t>(shape), dtype, place);
  return paddle::Tensor(
      std::make_shared<phi::DenseTensor>(paddle::memory::AllocShared(place, bytes), meta));
}

int64_t size_value(const paddle::Tensor& t) {
  const bool on_host = t.place().GetType() == phi::AllocationType::CPU;
  const paddle::Tensor host = on_host ? t : t.copy_to(paddle::CPUPlace(), true);
  return host.dtype() == paddle::DataType::INT32 ? static_cast<int64_t>(host.data<int32_t>()[0])
                                                 : host.data<int64_t>()[0];
}

void keep_written_rows(const char* op,
                       const char* tensor,
                       paddle::Tensor& out,
                       const char* count_name,
                       const paddle::Tensor& count,
                       const char* max_text) {
  auto& dense = static_cast<phi::DenseTensor&>(*out.impl());
  phi::DDim dims = dense.dims();
  dims[0] = written_rows(op, tensor, count_name, size_value(count), dims[0], max_text);
  dense.Resize(dims);
}

}  // namespace opforge::paddle_glue
