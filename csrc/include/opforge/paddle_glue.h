// Adapters from paddle::Tensor to the framework-free checks in runtime.h, for
// the generated Paddle units (the only units that include Paddle's headers).
// Only the light headers: the tensor, its dense storage and the custom-op
// registration (PD_BUILD_OP). paddle/extension.h (Paddle's whole C++ API, its
// IR and pybind11) is included by csrc/runtime/paddle_glue.cc alone.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

#include "opforge/runtime.h"
#include "paddle/phi/api/ext/op_meta_info.h"
#include "paddle/phi/core/dense_tensor.h"

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

// Zero if any axis is; saturating at INT64_MAX (never overflowing) otherwise.
inline int64_t element_count(const phi::DDim& dims) {
  bool empty = false;
  for (int i = 0; i < dims.size(); ++i) empty = empty || dims[i] == 0;
  int64_t n = 1;
  for (int i = 0; i < dims.size() && !empty; ++i) {
    if (__builtin_mul_overflow(n, dims[i], &n)) return INT64_MAX;
  }
  return empty ? 0 : n;
}

// Row-major with no gaps: each stride is the product of the sizes after it
// (axes of size 1 may have any stride).
inline bool is_contiguous(const phi::DenseTensorMeta& meta) {
  int64_t expected = 1;
  for (int i = meta.dims.size() - 1; i >= 0; --i) {
    if (meta.dims[i] != 1 && meta.strides.size() == meta.dims.size() && meta.strides[i] != expected) {
      return false;
    }
    // Past int64 only for a tensor with no elements, which has no layout to check.
    if (__builtin_mul_overflow(expected, meta.dims[i], &expected)) return true;
  }
  return true;
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

// A dtype set (e.g. T in {float32, float16, bfloat16}), bound at call time by
// the first present tensor that uses it.
struct DTypeSlot {
  DType value = DType::kOther;
  const char* bound_by = nullptr;
};

namespace detail {
[[noreturn]] void fail_dtype_choice(const char* op, const char* arg, const char* choices,
                                    paddle::DataType got);
[[noreturn]] void fail_dtype_agree(const char* op, const char* arg, const DTypeSlot& slot,
                                   paddle::DataType got);
}  // namespace detail

// The dtype a tensor of the set must have: binds the set on first use.
inline DType bind_dtype(const char* op, const char* arg, const paddle::Tensor& t, DTypeSlot& slot,
                        std::initializer_list<DType> choices, const char* choices_text) {
  const DType got = dtype_of(t.dtype());
  if (slot.bound_by == nullptr) {
    bool allowed = false;
    for (DType choice : choices) allowed = allowed || choice == got;
    if (!allowed) detail::fail_dtype_choice(op, arg, choices_text, t.dtype());
    slot = DTypeSlot{got, arg};
  } else if (got != slot.value) {
    detail::fail_dtype_agree(op, arg, slot, t.dtype());
  }
  return got;
}

inline paddle::DataType paddle_dtype(DType dtype) {
  switch (dtype) {
    case DType::kBool: return paddle::DataType::BOOL;
    case DType::kInt32: return paddle::DataType::INT32;
    case DType::kInt64: return paddle::DataType::INT64;
    case DType::kFloat32: return paddle::DataType::FLOAT32;
    case DType::kFloat16: return paddle::DataType::FLOAT16;
    case DType::kBFloat16: return paddle::DataType::BFLOAT16;
    case DType::kOther: break;
  }
  return paddle::DataType::UNDEFINED;
}

// The place every device tensor of a call must share: that of the first
// present tensor that is not declared host-resident.
struct PlaceAnchor {
  const paddle::Place* place = nullptr;
  const char* from = nullptr;
};

// dtype, rank (UnitAxis::kAccepted: the declared rank, or one more whose last axis is 1),
// every axis within kMaxDim, memory kind, place and contiguity of one present tensor; returns
// its dense storage for the dims and data pointer. Reads the tensor's metadata
// directly: this runs for every argument of every call.
inline const phi::DenseTensor& check_tensor(const char* op, const char* arg, const paddle::Tensor& t,
                                            DType want_dtype, int want_rank, UnitAxis unit_axis,
                                            const char* want_shape, Memory memory,
                                            PlaceAnchor& anchor) {
  if (!t.is_dense_tensor()) detail::fail_not_dense(op, arg);
  const auto& dense = static_cast<const phi::DenseTensor&>(*t.impl());
  const phi::DenseTensorMeta& meta = dense.meta();
  if (dtype_of(meta.dtype) != want_dtype) detail::fail_dtype(op, arg, want_dtype, meta.dtype);
  check_rank(op, arg, want_rank, unit_axis, want_shape, meta.dims.Get(), meta.dims.size());
  check_axes(op, arg, meta.dims.Get(), meta.dims.size());
  const phi::Allocation* holder = dense.Holder().get();
  // An empty tensor may have no allocation (nor a place); any other must have one.
  if (holder == nullptr || holder->ptr() == nullptr) {
    if (element_count(meta.dims) != 0) detail::fail_uninitialized(op, arg);
    return dense;
  }
  const phi::Place& place = holder->place();
  if (memory == Memory::kHost) {
    if (place.GetType() != phi::AllocationType::CPU) detail::fail_host(op, arg, place);
  } else if (anchor.place == nullptr) {
    anchor.place = &place;
    anchor.from = arg;
  } else if (place.GetType() != anchor.place->GetType() ||
             place.GetDeviceId() != anchor.place->GetDeviceId()) {
    detail::fail_place(op, arg, *anchor.place, anchor.from, place);
  }
  if (!is_contiguous(meta)) detail::fail_contiguous(op, arg, t);
  return dense;
}

// A tensor with shape alternatives: check_tensor against the form whose rank
// it has (`form` is set to its index), after the checks that come before the
// rank's (dense, dtype), so each error is the one check_tensor would give.
inline const phi::DenseTensor& check_tensor_form(const char* op, const char* arg,
                                                 const paddle::Tensor& t, DType want_dtype,
                                                 std::initializer_list<int> ranks,
                                                 const char* shapes, Memory memory,
                                                 PlaceAnchor& anchor, int32_t& form) {
  if (!t.is_dense_tensor()) detail::fail_not_dense(op, arg);
  const phi::DenseTensorMeta& meta = static_cast<const phi::DenseTensor&>(*t.impl()).meta();
  if (dtype_of(meta.dtype) != want_dtype) detail::fail_dtype(op, arg, want_dtype, meta.dtype);
  form = form_of_rank(op, arg, ranks, shapes, meta.dims.Get(), meta.dims.size());
  return check_tensor(op, arg, t, want_dtype, ranks.begin()[form], UnitAxis::kRejected, shapes,
                      memory, anchor);
}

// A [1] tensor whose value sets a dim (a spec's `value_of:`): check_tensor, and
// its one element; a 0-D tensor is taken too, as what `paddle.sum` returns
// (FastDeploy's callers pass their token counts so).
inline const phi::DenseTensor& check_size_tensor(const char* op,
                                                 const char* arg,
                                                 const paddle::Tensor& t,
                                                 DType want_dtype,
                                                 UnitAxis unit_axis,
                                                 Memory memory,
                                                 PlaceAnchor& anchor) {
  const bool scalar = t.is_dense_tensor() && t.dims().size() == 0;
  const phi::DenseTensor& dense =
      check_tensor(op, arg, t, want_dtype, scalar ? 0 : 1, unit_axis, "[1]", memory, anchor);
  if (!scalar) check_dim(op, arg, 0, dense.dims()[0], 1, "1", {});
  return dense;
}

// Static shape inference of a dim that a tensor with shape alternatives binds:
// its size at `axis` of the form whose rank the tensor has, as {rank, axis}
// pairs (-1, unknown, for a rank of no form: the call itself refuses it).
inline int64_t dim_by_rank(const std::vector<int64_t>& shape,
                           std::initializer_list<std::pair<int, int>> rank_axis) {
  for (const auto& [rank, axis] : rank_axis) {
    if (static_cast<int>(shape.size()) == rank) return shape[axis];
  }
  return -1;
}

// The registered custom op's kernel rethrows an OpError as Paddle's
// InvalidArgument, so that the message survives the static-graph executor
// (PD_THROW's exception reaches Python there as a bare "std::exception"); an
// empty optional input is named as Paddle's doing.
[[noreturn]] void raise_in_paddle(const OpError& error);

// Where a call runs, from its tensors' place: CPU tensors run the backend
// chosen by set_cpu_tensor_backend (the CPU kernel by default). A build with
// the XPU3 toolchain maps XPU places to the device here.
Context context_for(const char* op, const PlaceAnchor& anchor);

// A new output: a dense tensor of `shape` and `dtype` whose storage comes
// straight from Paddle's allocator for the anchor's place (CPU without one).
// paddle::empty reaches the same allocator through the API's kernel dispatch
// (kernel-key hashing, the kernel registry, the device-context pool), which cost
// ~2 us per output warm and more inside a loop; the contents are
// uninitialized either way (every kernel writes every element of a new output).
paddle::Tensor new_output(std::initializer_list<int64_t> shape, paddle::DataType dtype,
                          const PlaceAnchor& anchor);

// The value of a checked [1] int32 or int64 tensor that sets a dim (a spec's
// `value_of:`, FastDeploy's token counts): read where it lives, on the host
// directly, else by a blocking copy of its 4 or 8 bytes to the host on the
// place's context (which waits for the work queued before it). The caller
// checks it (bind_dim_from_value) before sizing anything with it.
int64_t size_value(const paddle::Tensor& t);

// A new output declared with `rows: count` keeps only the rows its kernel
// wrote: count[0] is read on the host (on a device place, a blocking copy of
// its 4 or 8 bytes on the place's context, which waits for the kernel),
// checked against the rows allocated (written_rows: a kernel bug otherwise,
// named), and `out`'s axis 0 is set to it. No element is copied: `out` keeps
// its allocation of the declared maximum, of which it shows the first rows.
void keep_written_rows(const char* op,
                       const char* tensor,
                       paddle::Tensor& out,
                       const char* count_name,
                       const paddle::Tensor& count,
                       const char* max_text);

// An optional tensor argument of the Python binding (python_glue::tensor_arg:
// nullptr for None) as checked_call takes it.
inline paddle::optional<paddle::Tensor> optional_of(const paddle::Tensor* tensor) {
  return tensor ? paddle::optional<paddle::Tensor>(*tensor) : paddle::none;
}

// The data of a checked tensor whose element count the caller has checked.
template <typename T>
inline Buffer<T> buffer(const phi::DenseTensor& dense, int64_t size) {
  using Plain = std::remove_const_t<T>;
  const phi::Allocation* holder = dense.Holder().get();
  if (size == 0 || holder == nullptr) return Buffer<T>{nullptr, size};
  char* base = static_cast<char*>(holder->ptr()) + dense.meta().offset;
  return Buffer<T>{reinterpret_cast<Plain*>(base), size};
}

template <typename T>
inline Buffer<T> buffer(const phi::DenseTensor* dense, int64_t size) {
  return dense ? buffer<T>(*dense, size) : Buffer<T>::absent();
}

// ---------------------------------------------------------------- static-graph inference
// Paddle's typed inference helpers (PD_INFER_SHAPE, PD_INFER_DTYPE) take no
// std::vector<int64_t> attribute: to the shape helper that type is a tensor's
// shape. RawInference gives Paddle the raw inference signature (the inputs'
// shapes or dtypes, the vector inputs', every attribute as paddle::any) and
// calls a generated typed inference function with it: its first kInputs
// parameters are the op's input tensors in registration order (each a shape or
// a dtype, optional where the input is), the rest its attributes in
// registration order, of any type the registration names, std::vector<int64_t>
// included. Every generated op registers its inference through it.

namespace detail {

// An absent optional input: Paddle hands it an empty shape and an undefined dtype
// (as its own typed helpers tell it).
inline bool absent_input(const std::vector<int64_t>& shape) {
  return shape.empty();
}
inline bool absent_input(paddle::DataType dtype) {
  return dtype == paddle::DataType::UNDEFINED;
}

[[noreturn]] void fail_inference_arity(size_t inputs,
                                       size_t attrs,
                                       size_t want_inputs,
                                       size_t want_attrs);
[[noreturn]] void fail_inference_attr(size_t index);

// One parameter of the typed function: an input's shape or dtype (kInput), or an attribute.
template <bool kInput, typename T>
struct InferArg {
  template <typename V>
  static const T& read(const std::vector<V>& inputs,
                       const std::vector<paddle::any>&,
                       size_t index) {
    static_assert(std::is_same_v<T, V>, "an input's parameter is its shape or its dtype");
    return inputs[index];
  }
};

template <typename T>
struct InferArg<true, paddle::optional<T>> {
  template <typename V>
  static paddle::optional<T> read(const std::vector<V>& inputs,
                                  const std::vector<paddle::any>&,
                                  size_t index) {
    static_assert(std::is_same_v<T, V>, "an input's parameter is its shape or its dtype");
    const V& value = inputs[index];
    return absent_input(value) ? paddle::optional<T>(paddle::none) : paddle::optional<T>(value);
  }
};

template <typename T>
struct InferArg<false, T> {
  template <typename V>
  static const T& read(const std::vector<V>&, const std::vector<paddle::any>& attrs, size_t index) {
    try {
      return paddle::any_cast<const T&>(attrs[index]);
    } catch (const paddle::bad_any_cast&) {
      fail_inference_attr(index);
    }
  }
};

}  // namespace detail

template <size_t kInputs, typename F, F kFn>
struct RawInference;

template <size_t kInputs, typename R, typename... Args, R (*kFn)(Args...)>
struct RawInference<kInputs, R (*)(Args...), kFn> {
  static_assert(kInputs <= sizeof...(Args), "more inputs than parameters");

  static R shape(const std::vector<std::vector<int64_t>>& input_shapes,
                 const std::vector<std::vector<std::vector<int64_t>>>& vector_input_shapes,
                 const std::vector<paddle::any>& attrs) {
    return infer(input_shapes, vector_input_shapes, attrs);
  }

  static R dtype(const std::vector<paddle::DataType>& input_dtypes,
                 const std::vector<std::vector<paddle::DataType>>& vector_input_dtypes,
                 const std::vector<paddle::any>& attrs) {
    return infer(input_dtypes, vector_input_dtypes, attrs);
  }

 private:
  template <typename V>
  static R infer(const std::vector<V>& inputs,
                 const std::vector<std::vector<V>>& vector_inputs,
                 const std::vector<paddle::any>& attrs) {
    // No generated op has a vector input.
    constexpr size_t kAttrs = sizeof...(Args) - kInputs;
    if (inputs.size() != kInputs || !vector_inputs.empty() || attrs.size() != kAttrs) {
      detail::fail_inference_arity(
          inputs.size() + vector_inputs.size(), attrs.size(), kInputs, kAttrs);
    }
    return call(inputs, attrs, std::index_sequence_for<Args...>{});
  }

  template <typename V, size_t... I>
  static R call([[maybe_unused]] const std::vector<V>& inputs,
                [[maybe_unused]] const std::vector<paddle::any>& attrs,
                std::index_sequence<I...>) {
    return kFn(detail::InferArg<(I < kInputs), std::decay_t<Args>>::read(
        inputs, attrs, I < kInputs ? I : I - kInputs)...);
  }
};

}  // namespace opforge::paddle_glue
