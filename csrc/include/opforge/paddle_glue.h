// Adapters from paddle::Tensor to the framework-free checks in runtime.h, for
// the generated Paddle units (the only units that include Paddle's headers).
#pragma once

#include "opforge/runtime.h"
#include "paddle/extension.h"

namespace opforge::paddle_glue {

inline DType dtype_of(paddle::DataType dtype) {
  switch (dtype) {
    case paddle::DataType::BOOL: return DType::kBool;
    case paddle::DataType::INT32: return DType::kInt32;
    case paddle::DataType::INT64: return DType::kInt64;
    case paddle::DataType::FLOAT32: return DType::kFloat32;
    case paddle::DataType::FLOAT16: return DType::kFloat16;
    case paddle::DataType::BFLOAT16: return DType::kBFloat16;
    default: return DType::kOther;
  }
}

namespace detail {
[[noreturn]] void fail_dtype(const char* op, const char* arg, DType want, paddle::DataType got);
[[noreturn]] void fail_uninitialized(const char* op, const char* arg);
[[noreturn]] void fail_not_dense(const char* op, const char* arg);
[[noreturn]] void fail_place(const char* op, const char* arg, const paddle::Place& want,
                             const char* want_from, const paddle::Place& got);
[[noreturn]] void fail_host(const char* op, const char* arg, const paddle::Place& got);
[[noreturn]] void fail_contiguous(const char* op, const char* arg, const paddle::Tensor& t);
[[noreturn]] void fail_unsupported_place(const char* op, const paddle::Place& got);
}  // namespace detail

// The place every device tensor of a call must share: that of the first
// present tensor that is not declared host-resident.
struct PlaceAnchor {
  const paddle::Place* place = nullptr;
  const char* from = nullptr;
};

// dtype, rank, memory kind, place and contiguity of one present tensor.
inline void check_tensor(const char* op, const char* arg, const paddle::Tensor& t, DType want_dtype,
                         int want_rank, const char* want_shape, bool host, PlaceAnchor& anchor) {
  if (!t.is_dense_tensor()) detail::fail_not_dense(op, arg);
  // An empty tensor may have no allocation; any other must have one.
  if (!t.initialized() && t.numel() != 0) detail::fail_uninitialized(op, arg);
  // Reported with Paddle's name, since the actual dtype may be one no spec uses.
  if (dtype_of(t.dtype()) != want_dtype) detail::fail_dtype(op, arg, want_dtype, t.dtype());
  const auto& dims = t.dims();
  check_rank(op, arg, want_rank, want_shape, dims.Get(), dims.size());
  if (host) {
    if (!t.is_cpu()) detail::fail_host(op, arg, t.place());
  } else if (anchor.place == nullptr) {
    anchor.place = &t.place();
    anchor.from = arg;
  } else if (!(t.place() == *anchor.place)) {
    detail::fail_place(op, arg, *anchor.place, anchor.from, t.place());
  }
  if (!t.is_contiguous()) detail::fail_contiguous(op, arg, t);
}

// The backend a call runs on, from its tensors' place: CPU tensors run the
// backend chosen by set_cpu_tensor_backend (the CPU kernel by default).
Backend backend_for(const char* op, const PlaceAnchor& anchor);

template <typename T>
inline Buffer<T> buffer(const paddle::Tensor& t) {
  using Plain = std::remove_const_t<T>;
  const int64_t size = t.numel();
  // data() of an unallocated (empty) tensor is not to be called.
  auto* data = size == 0 ? nullptr : const_cast<Plain*>(static_cast<const Plain*>(t.data()));
  return Buffer<T>{data, size};
}

template <typename T>
inline Buffer<T> buffer(const paddle::optional<paddle::Tensor>& t) {
  return t ? buffer<T>(*t) : Buffer<T>::absent();
}

}  // namespace opforge::paddle_glue
