// Cold paths of the checks (message formatting), the seed counter and the
// uniform draws. Messages follow one pattern: "<op>(): argument '<name>' <what
// was expected>, got <what came>".
#include <atomic>
#include <cstdio>
#include <sstream>

#include "opforge/runtime.h"

namespace opforge {

const char* dtype_name(DType dtype) {
  switch (dtype) {
    case DType::kBool: return "bool";
    case DType::kInt32: return "int32";
    case DType::kInt64: return "int64";
    case DType::kFloat32: return "float32";
    case DType::kFloat16: return "float16";
    case DType::kBFloat16: return "bfloat16";
    case DType::kOther: break;
  }
  return "an unsupported dtype";
}

int64_t dtype_size(DType dtype) {
  switch (dtype) {
    case DType::kBool: return 1;
    case DType::kInt32: return 4;
    case DType::kInt64: return 8;
    case DType::kFloat32: return 4;
    case DType::kFloat16: return 2;
    case DType::kBFloat16: return 2;
    case DType::kOther: break;
  }
  return 0;
}

const char* backend_name(Backend backend) {
  for (const BackendName& known : kBackendNames) {
    if (known.backend == backend) return known.name;
  }
  return "unknown";
}

Backend cpu_tensor_backend_named(const std::string& name) {
  // Only those that run on CPU tensors; the device backends are chosen by a
  // tensor's place.
  for (const BackendName& known : kBackendNames) {
    if (known.host_tensors && name == known.name) return known.backend;
  }
  throw OpError(ErrorKind::kBackend, "set_cpu_tensor_backend(): expected " +
                                         std::string(kCpuTensorBackendList) + ", got '" + name +
                                         "'");
}

namespace {
// The switches of the thread (docs/api-contract.md, "Threads"): set from Python between
// calls, read once per call into its Context. thread_local, so a thread's
// `with opforge.<kind>_simulation():` or set_value_checks() never reaches a
// call another thread makes, whatever the interleaving.
struct Switches {
  Backend cpu_tensor_backend = kDefaultCpuTensorBackend;
  Launches launches = {};
  bool value_checks = false;
};
thread_local Switches t_switches;
}  // namespace

Backend cpu_tensor_backend() { return t_switches.cpu_tensor_backend; }

void set_cpu_tensor_backend(Backend backend) { t_switches.cpu_tensor_backend = backend; }

namespace detail {

Launches& thread_launches() { return t_switches.launches; }

void fail_launch(const char* expected, std::initializer_list<int64_t> got) {
  std::string values;
  for (const int64_t value : got) {
    values += (values.empty() ? "" : ", ") + std::to_string(value);
  }
  throw OpError(ErrorKind::kAttribute, std::string(expected) + ", got " + values);
}

void fail_launch_kind(const std::string& kind, const char* kinds) {
  throw OpError(ErrorKind::kBackend,
                "opforge: no kernel kind's launch is named '" + kind + "'; expected " + kinds);
}

void fail_launch_count(const std::string& kind, size_t want, size_t got) {
  throw OpError(ErrorKind::kAttribute, "set_" + kind + "_launch(): expected " +
                                           std::to_string(want) + " values, got " +
                                           std::to_string(got));
}

}  // namespace detail

bool value_checks() { return t_switches.value_checks; }
void set_value_checks(bool on) { t_switches.value_checks = on; }

namespace detail {
namespace {

std::string shape_text(const int64_t* dims, int rank) {
  std::ostringstream out;
  out << '[';
  for (int i = 0; i < rank; ++i) out << (i ? ", " : "") << dims[i];
  out << ']';
  return out.str();
}

std::string binder_text(const DimSlot& dim) {
  std::ostringstream out;
  out << dim.name << " = " << dim.value << " from ";
  if (dim.bound_axis < 0) {
    out << "attribute '" << dim.bound_by << "'";
  } else {
    out << dim.bound_by << ".shape[" << dim.bound_axis << "]";
  }
  return out.str();
}

std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

[[noreturn]] void raise(ErrorKind kind, const char* op, const std::string& rest) {
  throw OpError(kind, std::string(op) + "(): " + rest);
}

}  // namespace

void fail_missing(const char* op, const char* arg, const char* condition) {
  std::string when = condition && *condition ? std::string(" when ") + condition : "";
  raise(ErrorKind::kMissing, op,
        std::string("argument '") + arg + "' is required" + when + ", got None");
}

void fail_rank(const char* op, const char* arg, int want_rank, bool unit_axis,
               const char* want_shape, const int64_t* got_dims, int got_rank) {
  std::string want = "rank " + std::to_string(want_rank) + " (shape " + want_shape + ")";
  if (unit_axis) {
    std::string with_unit(want_shape);  // "[max_bsz]" -> "[max_bsz, 1]"
    with_unit.insert(with_unit.size() - 1, ", 1");
    want += " or rank " + std::to_string(want_rank + 1) + " with a last axis of 1 (shape " +
            with_unit + ")";
  }
  raise(ErrorKind::kShape, op,
        std::string("argument '") + arg + "' must have " + want + ", got rank " +
            std::to_string(got_rank) + " (shape " + shape_text(got_dims, got_rank) + ")");
}

void fail_bind(const char* op, const char* arg, int axis, int64_t got, const DimSlot& dim) {
  raise(ErrorKind::kShape, op,
        std::string("argument '") + arg + "' dim " + std::to_string(axis) + " (" + dim.name +
            ") must be " + std::to_string(dim.value) + " (" + binder_text(dim) + "), got " +
            std::to_string(got));
}

void fail_dim(const char* op, const char* arg, int axis, int64_t got, int64_t want,
              const char* want_text, std::initializer_list<const DimSlot*> deps) {
  std::string because;
  for (const DimSlot* dim : deps) because += (because.empty() ? "" : ", ") + binder_text(*dim);
  raise(ErrorKind::kShape, op,
        std::string("argument '") + arg + "' dim " + std::to_string(axis) + " must be " +
            want_text + " = " + std::to_string(want) +
            (because.empty() ? "" : " (" + because + ")") + ", got " + std::to_string(got));
}

void fail_buffer_size(const char* op, const char* arg, int64_t got, int64_t want,
                      const char* want_text) {
  raise(ErrorKind::kShape, op,
        std::string("buffer '") + arg + "' must hold " + want_text + " = " +
            std::to_string(want) + " elements, got " + std::to_string(got));
}

void fail_buffer_null(const char* op, const char* arg, int64_t want) {
  raise(ErrorKind::kMissing, op,
        std::string("buffer '") + arg + "' is null but must hold " + std::to_string(want) +
            " elements");
}

void fail_attr_range(const char* op, const char* attr, double got, const double* min,
                     const double* max) {
  std::string range = std::string(min ? ">= " + number_text(*min) : "") +
                      (min && max ? " and " : "") + (max ? "<= " + number_text(*max) : "");
  raise(ErrorKind::kAttribute, op,
        std::string("attribute '") + attr + "' must be " + range + ", got " + number_text(got));
}

void fail_attr_int_range(const char* op, const char* attr, int64_t got, const int64_t* min,
                         const int64_t* max) {
  std::string range = std::string(min ? ">= " + std::to_string(*min) : "") +
                      (min && max ? " and " : "") + (max ? "<= " + std::to_string(*max) : "");
  raise(ErrorKind::kAttribute, op,
        std::string("attribute '") + attr + "' must be " + range + ", got " +
            std::to_string(got));
}

void fail_dim_bound(const char* op, const char* dim, int64_t got, int64_t limit,
                    const char* limit_text, bool is_min) {
  const std::string limit_value = std::to_string(limit);
  const std::string spelled =
      limit_value == limit_text ? limit_value : std::string(limit_text) + " = " + limit_value;
  raise(ErrorKind::kShape, op,
        std::string("dim '") + dim + "' must be " + (is_min ? ">= " : "<= ") + spelled + ", got " +
            std::to_string(got));
}

void fail_attr_at_most(const char* op, const char* attr, int64_t got, int64_t limit,
                       const char* limit_text) {
  raise(ErrorKind::kAttribute, op,
        std::string("attribute '") + attr + "' must be <= " + limit_text + " = " +
            std::to_string(limit) + ", got " + std::to_string(got));
}

void fail_enum(const char* op, const char* attr, int64_t got, const char* members) {
  raise(ErrorKind::kAttribute, op,
        std::string("attribute '") + attr + "' must be one of " + members + ", got " +
            std::to_string(got));
}

void fail_list_length(const char* op, const char* attr, int64_t got, const int64_t* min_length,
                      const int64_t* max_length) {
  std::string range =
      std::string(min_length ? "at least " + std::to_string(*min_length) : "") +
      (min_length && max_length ? " and " : "") +
      (max_length ? "at most " + std::to_string(*max_length) : "");
  raise(ErrorKind::kAttribute, op,
        std::string("attribute '") + attr + "' must have " + range + " elements, got " +
            std::to_string(got) + " elements");
}

void fail_list_element(const char* op, const char* attr, int64_t index, int64_t got,
                       const int64_t* min, const int64_t* max) {
  std::string range = std::string(min ? ">= " + std::to_string(*min) : "") +
                      (min && max ? " and " : "") + (max ? "<= " + std::to_string(*max) : "");
  raise(ErrorKind::kAttribute, op,
        std::string("attribute '") + attr + "' element " + std::to_string(index) + " must be " +
            range + ", got " + std::to_string(got));
}

void fail_list_dim(const char* op, const char* attr, int64_t got, const char* dim,
                   int64_t dim_value) {
  raise(ErrorKind::kAttribute, op,
        std::string("attribute '") + attr + "' has " + std::to_string(got) + " elements, but dim '" +
            dim + "' (its length) is " + std::to_string(dim_value));
}

void fail_dim_negative(const char* op, const char* dim, int64_t got) {
  raise(ErrorKind::kShape, op,
        std::string("dim '") + dim + "' must be >= 0, got " + std::to_string(got));
}

void fail_size_value(const char* op,
                     const char* arg,
                     int64_t got,
                     int64_t max,
                     const char* max_text,
                     const DimSlot& dim) {
  const std::string max_value = std::to_string(max);
  const std::string spelled =
      max_value == max_text ? max_value : std::string(max_text) + " = " + max_value;
  const bool in_bounds = got >= 0 && got <= max;  // then past kMaxDim: a limit
  const std::string why =
      got < 0      ? std::string("must be >= 0")
      : !in_bounds ? "must be <= " + spelled
                   : "is past the limit of " + std::to_string(kMaxDim) + " elements per dim";
  raise(in_bounds ? ErrorKind::kLimit : ErrorKind::kShape,
        op,
        std::string("dim '") + dim.name + "' " + why + ", got " + std::to_string(got) +
            " (the value of argument '" + arg + "')");
}

void fail_form(const char* op, const char* arg, int64_t got, int forms, const char* shapes) {
  raise(ErrorKind::kShape, op,
        std::string("the form of argument '") + arg + "' must be 0 to " +
            std::to_string(forms - 1) + " (its shapes, in order: " + shapes + "), got " +
            std::to_string(got));
}

void fail_form_rank(const char* op, const char* arg, const char* shapes, const int64_t* got_dims,
                    int got_rank) {
  raise(ErrorKind::kShape, op,
        std::string("argument '") + arg + "' must have one of the shapes " + shapes +
            " (one per rank), got rank " + std::to_string(got_rank) + " (shape " +
            shape_text(got_dims, got_rank) + ")");
}

void fail_dim_limit(const char* op, const char* dim, int64_t got, const char* from) {
  const std::string source = from ? std::string(" (from attribute '") + from + "')" : "";
  raise(ErrorKind::kLimit, op,
        std::string("dim '") + dim + "' = " + std::to_string(got) + source +
            " is past the limit of " + std::to_string(kMaxDim) + " elements per dim");
}

void fail_axis_limit(const char* op, const char* arg, const int64_t* dims, int rank, int axis) {
  raise(ErrorKind::kLimit, op,
        std::string("argument '") + arg + "' of shape " + shape_text(dims, rank) + ": dim " +
            std::to_string(axis) + " is past the limit of " + std::to_string(kMaxDim) +
            " elements per dim");
}

void fail_written_rows(const char* op,
                       const char* tensor,
                       const char* count,
                       int64_t got,
                       int64_t max_rows,
                       const char* max_text) {
  raise(ErrorKind::kKernel,
        op,
        std::string("the kernel wrote ") + count + " = " + std::to_string(got) + " rows of '" +
            tensor + "', outside [0, " + max_text + " = " + std::to_string(max_rows) +
            "] (its declared rows): a kernel bug");
}

void fail_alloc(const char* op, const char* tensor, const char* shape_text_spec,
                std::initializer_list<int64_t> axes, int64_t elem_bytes) {
  std::ostringstream out;
  out << "tensor '" << tensor << "' of shape " << shape_text_spec << " = "
      << shape_text(axes.begin(), static_cast<int>(axes.size())) << " would take ";
  // The exact size, in 64 bits unsigned: it may be far past int64.
  bool zero = false;
  for (int64_t axis : axes) zero = zero || axis == 0;
  uint64_t bytes = zero ? 0 : static_cast<uint64_t>(elem_bytes);
  bool huge = false;
  for (int64_t axis : axes) {
    huge = huge || (!zero && __builtin_mul_overflow(bytes, static_cast<uint64_t>(axis), &bytes));
  }
  if (huge) {
    out << "more than 2^64";
  } else {
    out << bytes;
  }
  out << " bytes (" << elem_bytes << " per element), past the limit of " << kMaxTensorBytes
      << " bytes (2^40) per tensor";
  raise(ErrorKind::kLimit, op, out.str());
}

void fail_overlap(const char* op, const Span& a, const Span& b) {
  const std::string written =
      a.written && b.written ? std::string("both") : "'" + std::string(a.written ? a.name : b.name) + "'";
  raise(ErrorKind::kAlias, op,
        std::string("arguments '") + a.name + "' and '" + b.name +
            "' share memory (the same tensor, or views of one), and the kernel writes " + written +
            ": pass separate tensors (a copy: x.clone())");
}

}  // namespace detail

namespace detail {

void fail_value(const char* op, const char* arg, int64_t index, const std::string& got,
                const std::string& domain) {
  throw OpError(ErrorKind::kValue, std::string(op) + "(): " + arg + "[" + std::to_string(index) +
                                       "] = " + got + " is outside its domain: " + domain);
}

std::string bounds_text(bool has_min, const std::string& min, bool min_exclusive, bool has_max,
                        const std::string& max) {
  std::string text;
  if (has_min) text += (min_exclusive ? "> " : ">= ") + min;
  if (has_min && has_max) text += " and ";
  if (has_max) text += "<= " + max;
  return text;
}

}  // namespace detail

int64_t resolve_seed(int64_t seed) {
  // Relaxed is enough: callers only need distinct values, not an order.
  static std::atomic<int64_t> counter{0};
  return seed >= 0 ? seed : counter.fetch_add(1, std::memory_order_relaxed);
}

void fill_uniform(float* out, int64_t n, int64_t seed) {
  const uint64_t base = static_cast<uint64_t>(seed);
  for (int64_t i = 0; i < n; ++i) {
    uint64_t z = base + static_cast<uint64_t>(i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    // 24 bits fill a float's mantissa exactly, so the value is the same everywhere.
    out[i] = static_cast<float>(z >> 40) * (1.0f / 16777216.0f);
  }
}

}  // namespace opforge
