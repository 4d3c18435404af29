// The small framework-free runtime that generated glue and kernels share:
// typed buffers, the error type, one check function per kind of constraint,
// backends, and the seeded uniform draws. No Paddle or pybind11 here, so units
// that include only this compile in well under a second.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

// What the extension exports to other shared objects (it is built with hidden
// visibility): each op's C++ call, and the error type those calls throw, whose
// type_info must be one object for a catch in another module to match it.
#define OPFORGE_EXPORT __attribute__((visibility("default")))

namespace opforge {

// ---------------------------------------------------------------- errors

// What a rejected call got wrong; the Python layer maps it to an exception type.
enum class ErrorKind : int8_t {
  kDType,      // wrong element type
  kMissing,    // a required tensor is absent
  kShape,      // wrong rank or size
  kPlace,      // wrong device or memory
  kLayout,     // not contiguous, or not initialized
  kAttribute,  // attribute out of range or not an enum member
  kValue,      // a value outside the op's domain
  kBackend,    // the backend cannot run this op
  kKernel,     // the kernel failed while running (e.g. caught by the XPU3 simulation)
  kLimit,      // a dim or an allocation past the documented limits (kMaxDim, kMaxTensorBytes)
  kAlias,      // two buffers of one call share memory and the kernel writes one of them
};

class OPFORGE_EXPORT OpError : public std::runtime_error {
 public:
  OpError(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

// The opforge.errors class a rejected call raises in Python.
inline const char* python_error_name(ErrorKind kind) {
  if (kind == ErrorKind::kDType || kind == ErrorKind::kMissing) return "OpTypeError";
  return kind == ErrorKind::kKernel ? "OpKernelError" : "OpValueError";
}

// ---------------------------------------------------------------- dtypes

// Element types as the spec spells them; kOther stands for anything else a
// framework may hand us.
enum class DType : int8_t { kBool, kInt32, kInt64, kFloat32, kFloat16, kBFloat16, kOther };

const char* dtype_name(DType dtype);

// Bytes per element (0 for kOther).
int64_t dtype_size(DType dtype);

// Passes a type to a generic lambda (dispatch over a spec's dtype set).
template <typename T>
struct TypeTag {
  using type = T;
};

// ---------------------------------------------------------------- buffers

// A typed view of one tensor's memory: the element type is the C++ type, fixed
// by the declared dtype, so a check of the wrong type cannot be written.
// `size < 0` marks an absent optional tensor; a present empty tensor may have a
// null `data`.
template <typename T>
struct Buffer {
  T* data = nullptr;
  int64_t size = -1;

  static Buffer absent() { return Buffer{}; }
  bool present() const { return size >= 0; }
  uint64_t bytes() const { return present() ? static_cast<uint64_t>(size) * sizeof(T) : 0; }

  // A read-only view of a mutable buffer.
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  operator Buffer<const U>() const {
    return Buffer<const U>{data, size};
  }
};

// ---------------------------------------------------------------- limits
// What one call may ask for (docs/api-contract.md, "Size limits"). Every dim, and so
// every axis of every tensor, is at most kMaxDim elements: the XPU3 kernels
// take int32 dims, the layouts' offsets are int32 tensors, and with dims
// bounded so, every shape expression the spec language accepts evaluates in
// int64 without overflow (codegen/dimexpr.py holds specs to it). A tensor the
// glue allocates (a new output, scratch) holds at most kMaxTensorBytes; its
// size is computed without overflow and refused past that, before anything is
// allocated, so no tensor's storage is ever smaller than its shape.
inline constexpr int64_t kMaxDim = INT32_MAX;
inline constexpr int64_t kMaxTensorBytes = int64_t{1} << 40;

// The element count of a shape, saturating at INT64_MAX instead of
// overflowing: a saturated count equals no real buffer's and exceeds every
// allocation limit. Axes are non-negative (checked before).
inline int64_t numel(std::initializer_list<int64_t> axes) {
  for (int64_t axis : axes) {
    if (axis == 0) return 0;
  }
  int64_t n = 1;
  for (int64_t axis : axes) {
    if (__builtin_mul_overflow(n, axis, &n)) return INT64_MAX;
  }
  return n;
}

// ---------------------------------------------------------------- dims

// A symbolic size, bound at call time from the first present tensor whose shape
// names it alone at some axis (or from an attribute). Unbound dims (only absent
// optional tensors bind them) are passed on as 0.
struct DimSlot {
  const char* name;
  int64_t value = -1;
  const char* bound_by = nullptr;  // tensor or attribute name
  int bound_axis = -1;             // -1: bound by an attribute

  int64_t get() const { return value < 0 ? 0 : value; }
};

// ---------------------------------------------------------------- checks
// Each check is inline on the success path and calls a cold function that
// formats the message naming op, argument, expected and actual.

namespace detail {
[[noreturn]] void fail_missing(const char* op, const char* arg, const char* condition);
[[noreturn]] void fail_rank(const char* op, const char* arg, int want_rank, bool unit_axis,
                            const char* want_shape, const int64_t* got_dims, int got_rank);
[[noreturn]] void fail_bind(const char* op, const char* arg, int axis, int64_t got,
                            const DimSlot& dim);
[[noreturn]] void fail_dim(const char* op, const char* arg, int axis, int64_t got, int64_t want,
                           const char* want_text, std::initializer_list<const DimSlot*> deps);
[[noreturn]] void fail_buffer_size(const char* op, const char* arg, int64_t got, int64_t want,
                                   const char* want_text);
[[noreturn]] void fail_buffer_null(const char* op, const char* arg, int64_t want);
[[noreturn]] void fail_attr_range(const char* op, const char* attr, double got, const double* min,
                                  const double* max);
[[noreturn]] void fail_attr_int_range(const char* op, const char* attr, int64_t got,
                                      const int64_t* min, const int64_t* max);
[[noreturn]] void fail_dim_bound(const char* op, const char* dim, int64_t got, int64_t limit,
                                 const char* limit_text, bool is_min);
[[noreturn]] void fail_attr_at_most(const char* op, const char* attr, int64_t got, int64_t limit,
                                    const char* limit_text);
[[noreturn]] void fail_enum(const char* op, const char* attr, int64_t got, const char* members);
[[noreturn]] void fail_list_length(const char* op, const char* attr, int64_t got,
                                   const int64_t* min_length, const int64_t* max_length);
[[noreturn]] void fail_list_element(const char* op, const char* attr, int64_t index, int64_t got,
                                    const int64_t* min, const int64_t* max);
[[noreturn]] void fail_list_dim(const char* op, const char* attr, int64_t got, const char* dim,
                                int64_t dim_value);
[[noreturn]] void fail_dim_negative(const char* op, const char* dim, int64_t got);
[[noreturn]] void fail_size_value(const char* op,
                                  const char* arg,
                                  int64_t got,
                                  int64_t max,
                                  const char* max_text,
                                  const DimSlot& dim);
[[noreturn]] void fail_form(const char* op, const char* arg, int64_t got, int forms,
                            const char* shapes);
[[noreturn]] void fail_form_rank(const char* op, const char* arg, const char* shapes,
                                 const int64_t* got_dims, int got_rank);
[[noreturn]] void fail_dim_limit(const char* op, const char* dim, int64_t got, const char* from);
[[noreturn]] void fail_axis_limit(const char* op, const char* arg, const int64_t* dims, int rank,
                                  int axis);
[[noreturn]] void fail_alloc(const char* op, const char* tensor, const char* shape_text,
                             std::initializer_list<int64_t> axes, int64_t elem_bytes);
}  // namespace detail

// Named arguments of the checks below, so that a generated call reads like
// the spec and two of them cannot be swapped: each is its own type.
enum class Memory : bool { kDevice, kHost };       // where a tensor is on a device backend
enum class Access : bool { kRead, kWritten };      // whether the kernel writes a buffer
enum class UnitAxis : bool { kRejected, kAccepted };  // one more trailing axis of size 1
enum class CopyIn : bool { kNo, kYes };            // a device copy starts as the host's contents

// A required tensor (given as None to the binding that accepts None).
inline void require_present(const char* op, const char* arg, bool present) {
  if (!present) detail::fail_missing(op, arg, "");
}

// An optional tensor that is required under `condition` (its spec text).
inline void require_present_when(const char* op, const char* arg, bool present, bool required,
                                 const char* condition) {
  if (!present && required) detail::fail_missing(op, arg, condition);
}

// UnitAxis::kAccepted: one more trailing axis of size 1 is accepted too
// ([max_bsz, 1] for [max_bsz]); the kernel sees the same elements either way.
inline void check_rank(const char* op, const char* arg, int want_rank, UnitAxis unit_axis,
                       const char* want_shape, const int64_t* got_dims, int got_rank) {
  if (got_rank == want_rank) return;
  const bool accepted = unit_axis == UnitAxis::kAccepted;
  if (accepted && got_rank == want_rank + 1 && got_dims[want_rank] == 1) return;
  detail::fail_rank(op, arg, want_rank, accepted, want_shape, got_dims, got_rank);
}

// A tensor with shape alternatives: the form whose rank the caller's tensor
// has (the forms' ranks differ), else an error naming every form.
inline int32_t form_of_rank(const char* op, const char* arg, std::initializer_list<int> ranks,
                            const char* shapes, const int64_t* got_dims, int got_rank) {
  int32_t form = 0;
  for (int rank : ranks) {
    if (rank == got_rank) return form;
    ++form;
  }
  detail::fail_form_rank(op, arg, shapes, got_dims, got_rank);
}

// The entry of `values` for the form a tensor came in (checked in range first).
template <typename V>
inline V of_form(int32_t form, std::initializer_list<V> values) {
  return values.begin()[form];
}

// The entry's form parameter of a tensor with `forms` shape alternatives.
inline void check_form(const char* op, const char* arg, int32_t form, int forms,
                       const char* shapes) {
  if (form < 0 || form >= forms) detail::fail_form(op, arg, form, forms, shapes);
}

// Binds `dim` to `got` if unbound, else requires agreement with its binder.
inline void bind_dim(const char* op, const char* arg, int axis, int64_t got, DimSlot& dim) {
  if (dim.value < 0) {
    dim.value = got;
    dim.bound_by = arg;
    dim.bound_axis = axis;
  } else if (dim.value != got) {
    detail::fail_bind(op, arg, axis, got, dim);
  }
}

inline void bind_dim_from_attr(const char* op, const char* attr, int64_t value, DimSlot& dim) {
  if (value < 0) detail::fail_dim_negative(op, dim.name, value);
  if (value > kMaxDim) detail::fail_dim_limit(op, dim.name, value, attr);
  dim.value = value;
  dim.bound_by = attr;
  dim.bound_axis = -1;
}

// A dim set by the value a [1] tensor holds (a spec's `value_of:`): refused,
// naming the tensor, the value and the bound, unless 0 <= value <= max (the
// spec's mandatory bound, over dims already bound) and value <= kMaxDim, so a
// hostile value never sizes an allocation.
inline void bind_dim_from_value(const char* op,
                                const char* arg,
                                int64_t value,
                                int64_t max,
                                const char* max_text,
                                DimSlot& dim) {
  if (value < 0 || value > max || value > kMaxDim) {
    detail::fail_size_value(op, arg, value, max, max_text, dim);
  }
  dim.value = value;
  dim.bound_by = arg;
  dim.bound_axis = -1;
}

// A dim as the entry receives it: 0 <= dim <= kMaxDim.
inline void check_dim_value(const char* op, const char* dim, int64_t got) {
  if (got < 0) detail::fail_dim_negative(op, dim, got);
  if (got > kMaxDim) detail::fail_dim_limit(op, dim, got, nullptr);
}

// Every axis of a caller's tensor is at most kMaxDim (so every dim it binds is).
inline void check_axes(const char* op, const char* arg, const int64_t* dims, int rank) {
  for (int axis = 0; axis < rank; ++axis) {
    if (dims[axis] > kMaxDim) detail::fail_axis_limit(op, arg, dims, rank, axis);
  }
}

// The element count of a tensor the glue is about to allocate (a new output,
// scratch), refused past kMaxTensorBytes: computed without overflow, checked
// before anything is allocated or written.
inline int64_t check_alloc(const char* op, const char* tensor, const char* shape_text,
                           std::initializer_list<int64_t> axes, int64_t elem_bytes) {
  const int64_t count = numel(axes);
  int64_t bytes = 0;
  if (__builtin_mul_overflow(count, elem_bytes, &bytes) || bytes > kMaxTensorBytes) {
    detail::fail_alloc(op, tensor, shape_text, axes, elem_bytes);
  }
  return count;
}

// ---------------------------------------------------------------- aliasing

// One buffer of a call, for the overlap check: its byte range, whether the
// kernel writes it, and whether it is declared host-resident.
struct Span {
  const char* name;
  const void* data;
  uint64_t bytes;
  bool written;
  bool host;
};

template <typename T>
inline Span span(const char* name, const Buffer<T>& buf, Access access, Memory memory) {
  return Span{name, buf.data, buf.bytes(), access == Access::kWritten, memory == Memory::kHost};
}

namespace detail {
[[noreturn]] void fail_overlap(const char* op, const Span& a, const Span& b);
}  // namespace detail

// No two buffers of a call may share memory where the kernel writes one of
// them (the same tensor twice, or views of one allocation): byte ranges are
// compared, not only pointers. `spans` lists the written buffers first, so
// only pairs with a written one are compared. On a real device (`device`) a
// host-resident buffer and a device buffer are in different address spaces:
// not compared.
inline void check_disjoint(const char* op, bool device, std::initializer_list<Span> spans) {
  for (const Span* a = spans.begin(); a != spans.end() && a->written; ++a) {
    if (a->bytes == 0) continue;
    const auto a_begin = reinterpret_cast<uintptr_t>(a->data);
    for (const Span* b = a + 1; b != spans.end(); ++b) {
      if (b->bytes == 0 || (device && a->host != b->host)) continue;
      const auto b_begin = reinterpret_cast<uintptr_t>(b->data);
      if (a_begin < b_begin + b->bytes && b_begin < a_begin + a->bytes) {
        detail::fail_overlap(op, *a, *b);
      }
    }
  }
}

// An axis whose size is a compound expression of bound dims.
inline void check_dim(const char* op, const char* arg, int axis, int64_t got, int64_t want,
                      const char* want_text, std::initializer_list<const DimSlot*> deps) {
  if (got != want) detail::fail_dim(op, arg, axis, got, want, want_text, deps);
}

namespace detail {
// One buffer, when present: non-null when non-empty, exactly `want` elements.
template <typename T>
inline void check_extent(const char* op, const char* arg, const Buffer<T>& buf, int64_t want,
                         const char* want_text) {
  if (buf.size != want) fail_buffer_size(op, arg, buf.size, want, want_text);
  if (want > 0 && buf.data == nullptr) fail_buffer_null(op, arg, want);
}
}  // namespace detail

// The entry's check of one buffer, made on every backend: present when
// required, non-null when non-empty, and exactly the declared element count
// (`want_text` is its expression in the spec).
template <typename T>
inline void check_required(const char* op, const char* arg, const Buffer<T>& buf, int64_t want,
                           const char* want_text) {
  if (!buf.present()) detail::fail_missing(op, arg, "");
  detail::check_extent(op, arg, buf, want, want_text);
}

template <typename T>
inline void check_optional(const char* op, const char* arg, const Buffer<T>& buf, int64_t want,
                           const char* want_text) {
  if (buf.present()) detail::check_extent(op, arg, buf, want, want_text);
}

// Optional, but required where `required` holds (`condition`: the spec's words).
template <typename T>
inline void check_required_when(const char* op, const char* arg, const Buffer<T>& buf,
                                int64_t want, const char* want_text, bool required,
                                const char* condition) {
  if (!buf.present()) {
    if (required) detail::fail_missing(op, arg, condition);
    return;
  }
  detail::check_extent(op, arg, buf, want, want_text);
}

// A bound the spec leaves out is std::nullopt. Bounds are passed by value so
// that each generated check is a single statement.
inline void check_attr_range(const char* op, const char* attr, int64_t got,
                             std::optional<int64_t> min, std::optional<int64_t> max) {
  if ((min && got < *min) || (max && got > *max)) {
    detail::fail_attr_int_range(op, attr, got, min ? &*min : nullptr, max ? &*max : nullptr);
  }
}

inline void check_attr_range(const char* op, const char* attr, double got,
                             std::optional<double> min, std::optional<double> max) {
  // NaN fails both comparisons, so test for being inside instead.
  if ((min && !(got >= *min)) || (max && !(got <= *max))) {
    detail::fail_attr_range(op, attr, got, min ? &*min : nullptr, max ? &*max : nullptr);
  }
}

// An int attribute arrives as a 64-bit value from Python; it must fit int32.
inline void check_int32(const char* op, const char* attr, int64_t got) {
  check_attr_range(op, attr, got, int64_t{INT32_MIN}, int64_t{INT32_MAX});
}

// A dim's declared bounds (`limit_text`: the bound as the spec writes it).
inline void check_dim_at_least(const char* op, const char* dim, int64_t got, int64_t limit,
                               const char* limit_text) {
  if (got < limit) detail::fail_dim_bound(op, dim, got, limit, limit_text, true);
}

inline void check_dim_at_most(const char* op, const char* dim, int64_t got, int64_t limit,
                              const char* limit_text) {
  if (got > limit) detail::fail_dim_bound(op, dim, got, limit, limit_text, false);
}

// An int attribute bounded by the call's dims (e.g. candidates_len <= vocab_size).
inline void check_attr_at_most(const char* op, const char* attr, int64_t got, int64_t limit,
                               const char* limit_text) {
  if (got > limit) detail::fail_attr_at_most(op, attr, got, limit, limit_text);
}

inline void check_enum(const char* op, const char* attr, int64_t got,
                       std::initializer_list<int64_t> members, const char* members_text) {
  for (int64_t member : members) {
    if (got == member) return;
  }
  detail::fail_enum(op, attr, got, members_text);
}

// ---------------------------------------------------------------- int list attributes
// An int list attribute reaches the entry as a read-only host buffer over the
// caller's elements (a std::vector the binding or Paddle holds for the call).

template <typename E>
Buffer<const E> list_buffer(const std::vector<E>& list) {
  return Buffer<const E>{list.data(), static_cast<int64_t>(list.size())};
}

// Its length against the spec's min_length and max_length.
inline void check_list_length(const char* op, const char* attr, int64_t got,
                              std::optional<int64_t> min_length,
                              std::optional<int64_t> max_length) {
  if ((min_length && got < *min_length) || (max_length && got > *max_length)) {
    detail::fail_list_length(op, attr, got, min_length ? &*min_length : nullptr,
                             max_length ? &*max_length : nullptr);
  }
}

// Each element against the spec's min and max; the message names the first
// element outside them by its index.
template <typename E>
void check_list_elements(const char* op, const char* attr, Buffer<const E> list,
                         std::optional<int64_t> min, std::optional<int64_t> max) {
  for (int64_t i = 0; i < list.size; ++i) {
    const int64_t got = static_cast<int64_t>(list.data[i]);
    if ((min && got < *min) || (max && got > *max)) {
      detail::fail_list_element(op, attr, i, got, min ? &*min : nullptr, max ? &*max : nullptr);
    }
  }
}

// A dim bound from a list's length: the entry's caller passes both.
inline void check_list_dim(const char* op, const char* attr, int64_t got, const char* dim,
                           int64_t dim_value) {
  if (got != dim_value) detail::fail_list_dim(op, attr, got, dim, dim_value);
}

// The binding receives every int list with 64-bit elements (so a value past
// int32 gets our message, not pybind11's); an int32 list is narrowed here,
// each element checked. Paddle's kernel receives it as int32 already.
inline std::vector<int32_t> narrow_int32_list(const char* op, const char* attr,
                                              const std::vector<int64_t>& wide) {
  std::vector<int32_t> narrow(wide.size());
  const int64_t low = INT32_MIN;
  const int64_t high = INT32_MAX;
  for (size_t i = 0; i < wide.size(); ++i) {
    if (wide[i] < low || wide[i] > high) {
      detail::fail_list_element(op, attr, static_cast<int64_t>(i), wide[i], &low, &high);
    }
    narrow[i] = static_cast<int32_t>(wide[i]);
  }
  return narrow;
}

inline const std::vector<int32_t>& narrow_int32_list(const char*, const char*,
                                                     const std::vector<int32_t>& narrow) {
  return narrow;
}

// ---------------------------------------------------------------- value domains
// The value-checked mode (off by default, on in the test suite) verifies each
// tensor's declared value domain before the kernel runs, so an out-of-domain
// value is a clear error instead of an out-of-bounds access in a kernel.

bool value_checks();  // per thread, like the backend switch below
void set_value_checks(bool on);

namespace detail {
[[noreturn]] void fail_value(const char* op, const char* arg, int64_t index, const std::string& got,
                             const std::string& domain);
std::string bounds_text(bool has_min, const std::string& min, bool min_exclusive, bool has_max,
                        const std::string& max);
}  // namespace detail

// A value domain's ends, each its own type (a lower bound cannot be passed as
// the upper one), made by name: at_least<int64_t>(0, "0"), above<double>(0.0,
// "0.0"), at_most<int64_t>(max_bsz - 1, "max_bsz - 1"), no_upper_bound<double>().
// `text` spells the bound as the spec does.
template <typename B>
struct LowerBound {
  std::optional<B> value;
  bool exclusive;
  const char* text;
};

template <typename B>
struct UpperBound {
  std::optional<B> value;
  const char* text;
};

template <typename B>
LowerBound<B> at_least(B value, const char* text) {
  return {value, false, text};
}
template <typename B>
LowerBound<B> above(B value, const char* text) {
  return {value, true, text};
}
template <typename B>
LowerBound<B> no_lower_bound() {
  return {std::nullopt, false, ""};
}
template <typename B>
UpperBound<B> at_most(B value, const char* text) {
  return {value, text};
}
template <typename B>
UpperBound<B> no_upper_bound() {
  return {std::nullopt, ""};
}

// Every element within its domain; NaN is outside every domain.
template <typename Bound, typename T>
void check_value_range(const char* op, const char* arg, const Buffer<const T>& buf,
                       LowerBound<Bound> low, UpperBound<Bound> high) {
  const std::optional<Bound>& min = low.value;
  const std::optional<Bound>& max = high.value;
  const bool min_exclusive = low.exclusive;
  const char* min_text = low.text;
  const char* max_text = high.text;
  for (int64_t i = 0; i < buf.size; ++i) {
    const T v = buf.data[i];
    const bool low_ok = !min || (min_exclusive ? v > *min : v >= *min);
    const bool high_ok = !max || v <= *max;
    if (!(low_ok && high_ok)) {
      auto spell = [](const char* text, Bound bound) {
        std::string value = std::to_string(bound);
        return text && *text && value != text ? std::string(text) + " = " + value : value;
      };
      detail::fail_value(op, arg, i, std::to_string(v),
                         detail::bounds_text(min.has_value(), min ? spell(min_text, *min) : "",
                                             min_exclusive, max.has_value(),
                                             max ? spell(max_text, *max) : ""));
    }
  }
}

namespace detail {
// offsets = [0, s0, s0 + s1, ...] of `sizes`, ending at `total` (if given: >= 0).
template <typename T>
void check_prefix_sum(const char* op, const char* arg, const Buffer<const T>& offsets,
                      const char* sizes_name, const Buffer<const T>& sizes, int64_t total,
                      const char* total_name) {
  int64_t sum = 0;
  for (int64_t i = 0; i < offsets.size; ++i) {
    if (offsets.data[i] != sum) {
      detail::fail_value(op, arg, i, std::to_string(offsets.data[i]),
                         "the prefix sum of " + std::string(sizes_name) + " (" +
                             std::to_string(sum) + ")");
    }
    if (i < sizes.size) sum += sizes.data[i];
  }
  if (offsets.size > 0 && total >= 0 && offsets.data[offsets.size - 1] != total) {
    detail::fail_value(op, arg, offsets.size - 1, std::to_string(offsets.data[offsets.size - 1]),
                       std::string(total_name) + " = " + std::to_string(total));
  }
}
}  // namespace detail

// offsets = [0, s0, s0 + s1, ...] of `sizes`.
template <typename T>
void check_prefix_sum(const char* op, const char* arg, const Buffer<const T>& offsets,
                      const char* sizes_name, const Buffer<const T>& sizes) {
  detail::check_prefix_sum(op, arg, offsets, sizes_name, sizes, -1, "");
}

// ...and its last element is the dim `total_name` (a dim is >= 0).
template <typename T>
void check_prefix_sum_ending_at(const char* op, const char* arg, const Buffer<const T>& offsets,
                                const char* sizes_name, const Buffer<const T>& sizes,
                                int64_t total, const char* total_name) {
  detail::check_prefix_sum(op, arg, offsets, sizes_name, sizes, total, total_name);
}

// The elements (lengths) add up to `total` (summed in int64, so the sum of any
// int32 or int64 lengths is checked without overflow: once past INT64_MAX it
// can no longer equal a dim).
template <typename T>
void check_total(const char* op,
                 const char* arg,
                 const Buffer<const T>& sizes,
                 int64_t total,
                 const char* total_name) {
  int64_t sum = 0;
  bool past = false;  // the running sum left [INT64_MIN, INT64_MAX]
  for (int64_t i = 0; i < sizes.size && !past; ++i) {
    past = __builtin_add_overflow(sum, static_cast<int64_t>(sizes.data[i]), &sum);
  }
  if (past || sum != total) {
    detail::fail_value(
        op,
        arg,
        sizes.size > 0 ? sizes.size - 1 : 0,
        past ? std::string("elements summing past the int64 range")
             : "elements summing to " + std::to_string(sum),
        "elements summing to " + std::string(total_name) + " = " + std::to_string(total));
  }
}

// Each row (last axis, `row_len` long) holds probabilities: elements in [0, 1]
// summing to at most 1 (with float32 rounding slack).
template <typename T>
void check_probability_rows(const char* op, const char* arg, const Buffer<const T>& buf,
                            int64_t row_len) {
  for (int64_t start = 0; row_len > 0 && start < buf.size; start += row_len) {
    double sum = 0;
    for (int64_t i = start; i < start + row_len; ++i) {
      const double v = static_cast<double>(buf.data[i]);
      if (!(v >= 0 && v <= 1)) detail::fail_value(op, arg, i, std::to_string(v), "[0, 1]");
      sum += v;
    }
    if (sum > 1 + 1e-3) {
      detail::fail_value(op, arg, start, "a row summing to " + std::to_string(sum),
                         "probability rows (sum <= 1)");
    }
  }
}

// ---------------------------------------------------------------- rows the kernel decides

namespace detail {
[[noreturn]] void fail_written_rows(const char* op,
                                    const char* tensor,
                                    const char* count,
                                    int64_t got,
                                    int64_t max_rows,
                                    const char* max_text);
}  // namespace detail

// The number of rows a kernel reports it wrote into `tensor` (a spec's `rows:
// count`), checked against [0, max_rows], the declared axis 0: outside it is
// a kernel bug, refused before any slice of the tensor is taken.
inline int64_t written_rows(const char* op,
                            const char* tensor,
                            const char* count,
                            int64_t got,
                            int64_t max_rows,
                            const char* max_text) {
  if (got < 0 || got > max_rows) {
    detail::fail_written_rows(op, tensor, count, got, max_rows, max_text);
  }
  return got;
}

// The rows of `buf` (max_rows rows of row_len elements) that the kernel wrote,
// by the count it left in `count` (host memory): what the value-checked mode
// checks `after:` on.
template <typename T, typename C>
Buffer<const T> written_part(const char* op,
                             const char* tensor,
                             const Buffer<const T>& buf,
                             const char* count_name,
                             const Buffer<const C>& count,
                             int64_t max_rows,
                             const char* max_text,
                             int64_t row_len) {
  const int64_t rows =
      written_rows(op, tensor, count_name, static_cast<int64_t>(count.data[0]), max_rows, max_text);
  // rows * row_len <= the buffer's element count, which fits int64.
  return Buffer<const T>{buf.data, rows * row_len};
}

// ---------------------------------------------------------------- random draws

// seed >= 0 is used as is; -1 takes the next value of a process-wide counter
// (advanced once per call), so repeated calls draw differently.
int64_t resolve_seed(int64_t seed);

// out[i] = draw i+1 of the SplitMix64 stream started at `seed`, top 24 bits
// scaled to [0, 1): exactly reproducible in any language (docs/api-contract.md,
// "Seeded draws").
void fill_uniform(float* out, int64_t n, int64_t seed);

}  // namespace opforge

// ---------------------------------------------------------------- backends
// The Backend enum, each kernel kind's launch (its struct, getter and checked
// setter) and the Context a call runs under are generated from the registry of
// kernel kinds, codegen/kinds.py (generated/runtime/opforge/backends.h, on
// every include path).
#include "opforge/backends.h"

namespace opforge {

// A backend's name, from the generated table (kBackendNames).
const char* backend_name(Backend backend);
// The backend that runs ops on CPU tensors, by the name backend_name() gives
// (one that runs on CPU tensors); any other name is an OpError listing them.
Backend cpu_tensor_backend_named(const std::string& name);

// The switches are per thread: each thread starts from the defaults (the
// default backend, each kind's default launch, value checks off) and a
// setter changes only the calling thread's value; a call reads the values of
// the thread it runs on.

// Which backend runs ops whose tensors are in host memory: the CPU kernel by
// default, or a kind's kernel under its simulation (for testing it on any
// machine).
Backend cpu_tensor_backend();
void set_cpu_tensor_backend(Backend backend);

}  // namespace opforge
