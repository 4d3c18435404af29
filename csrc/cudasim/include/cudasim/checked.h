// Checked device memory for kernels compiled against the simulation: the
// pointer class behind cuda_global<T> and the shared arrays behind
// CUDA_SHARED_ARRAY/CUDA_SHARED_VAR (portable/cuda_portable.h). Kernel sources
// never include this directly.
//
// Every access goes through an out-of-line member that records its caller's
// return address; when a check fails, the runtime turns that address into the
// kernel's file:line with the debug information (kernels are compiled with -g).
// An element access `p[i]` yields a Ref, a proxy that checks the bytes when it
// is read (converted to T) or written (assigned): reads of uninitialised bytes
// and accesses outside the allocation are errors, writes mark bytes
// initialised, and shared memory records who accessed each byte for the race
// check. There is deliberately no conversion to a raw pointer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#define CUDASIM_ACCESS __attribute__((noinline))
#define CUDASIM_CALLER __builtin_extract_return_addr(__builtin_return_address(0))

// One checked memory object: a device allocation or one block's shared array.
// Opaque to kernels; defined by the simulations' shared core (simcore/sim.h).
namespace simcore {
struct Region;
}

namespace cudasim {

namespace detail {

using Region = ::simcore::Region;

// The checks behind every access. `pc` is the kernel code's return address.
void access_read(const Region* region, const void* address, std::size_t bytes, const void* pc);
void access_write(const Region* region, const void* address, std::size_t bytes, const void* pc);
// An atomic read-modify-write: bounds and initialisation checked, exempt from
// the race check, bytes marked initialised; other threads may run first.
void access_atomic(
    const Region* region, const void* address, std::size_t bytes, const char* op, const void* pc);
// Pointer difference across two regions is an error.
void check_same_region(const Region* a, const Region* b, const void* pc);
// The current block's region for the shared declaration at `site`: created
// (poisoned, uninitialised) the first time a thread of the block reaches it.
Region* shared_region(const void* site,
                      std::size_t bytes,
                      std::size_t alignment,
                      const char* name,
                      const char* file,
                      int line);
void* region_base(const Region* region);
std::size_t region_bytes(const Region* region);
// The current block's dynamic shared memory (LaunchConfig::dynamic_shared_bytes).
Region* dynamic_shared_region(
    const void* site, std::size_t alignment, const char* name, const char* file, int line);

}  // namespace detail

template <class T>
class CheckedPtr;

// An element of checked memory (see the header comment).
template <class T>
class Ref {
  static_assert(std::is_trivially_copyable_v<T>, "checked memory holds plain data only");
  using Value = std::remove_const_t<T>;

 public:
  Ref(T* address, detail::Region* region) : address_(address), region_(region) {}
  Ref(const Ref&) = default;

  CUDASIM_ACCESS operator Value() const { return load(CUDASIM_CALLER); }

  // Assignment writes through (it does not rebind the proxy).
  CUDASIM_ACCESS const Ref& operator=(const Value& value) const {
    store(value, CUDASIM_CALLER);
    return *this;
  }
  CUDASIM_ACCESS const Ref& operator=(const Ref& other) const {
    const void* pc = CUDASIM_CALLER;
    store(other.load(pc), pc);
    return *this;
  }
  template <class U>
  CUDASIM_ACCESS const Ref& operator=(const Ref<U>& other) const {
    const void* pc = CUDASIM_CALLER;
    store(other.cudasim_load(pc), pc);
    return *this;
  }

#define CUDASIM_COMPOUND(op)                                  \
  template <class U>                                          \
  CUDASIM_ACCESS const Ref& operator op(const U& rhs) const { \
    const void* pc = CUDASIM_CALLER;                          \
    Value value = load(pc);                                   \
    value op plain(rhs, pc);                                  \
    store(value, pc);                                         \
    return *this;                                             \
  }
  CUDASIM_COMPOUND(+=)
  CUDASIM_COMPOUND(-=)
  CUDASIM_COMPOUND(*=)
  CUDASIM_COMPOUND(/=)
  CUDASIM_COMPOUND(%=)
  CUDASIM_COMPOUND(&=)
  CUDASIM_COMPOUND(|=)
  CUDASIM_COMPOUND(^=)
  CUDASIM_COMPOUND(<<=)
  CUDASIM_COMPOUND(>>=)
#undef CUDASIM_COMPOUND

  CUDASIM_ACCESS const Ref& operator++() const {
    const void* pc = CUDASIM_CALLER;
    Value value = load(pc);
    ++value;
    store(value, pc);
    return *this;
  }
  CUDASIM_ACCESS const Ref& operator--() const {
    const void* pc = CUDASIM_CALLER;
    Value value = load(pc);
    --value;
    store(value, pc);
    return *this;
  }
  CUDASIM_ACCESS Value operator++(int) const {
    const void* pc = CUDASIM_CALLER;
    Value value = load(pc);
    Value old = value;
    ++value;
    store(value, pc);
    return old;
  }
  CUDASIM_ACCESS Value operator--(int) const {
    const void* pc = CUDASIM_CALLER;
    Value value = load(pc);
    Value old = value;
    --value;
    store(value, pc);
    return old;
  }

  // &p[i]: a checked pointer to the element (atomics take these).
  CheckedPtr<T> operator&() const { return CheckedPtr<T>::cudasim_bind(address_, region_); }

  Value cudasim_load(const void* pc) const { return load(pc); }

 private:
  // The right operand of a compound assignment, read (if it is an element)
  // with the kernel's location.
  template <class U>
  static const U& plain(const U& value, const void*) {
    return value;
  }
  template <class U>
  static std::remove_const_t<U> plain(const Ref<U>& element, const void* pc) {
    return element.cudasim_load(pc);
  }

  Value load(const void* pc) const {
    detail::access_read(region_, address_, sizeof(T), pc);
    Value value;
    std::memcpy(static_cast<void*>(&value), static_cast<const void*>(address_), sizeof(T));
    return value;
  }
  void store(const Value& value, const void* pc) const {
    static_assert(!std::is_const_v<T>, "assignment through a pointer to const");
    detail::access_write(region_, address_, sizeof(T), pc);
    std::memcpy(static_cast<void*>(const_cast<Value*>(address_)),
                static_cast<const void*>(&value),
                sizeof(T));
  }

  T* address_;
  detail::Region* region_;
};

// A pointer into one checked region (a device allocation or a shared array).
// Null, comparable, offsettable; accesses are checked through Ref.
template <class T>
class CheckedPtr {
 public:
  using element_type = T;

  CheckedPtr() = default;
  CheckedPtr(std::nullptr_t) {}
  template <class U, class = std::enable_if_t<std::is_convertible_v<U*, T*>>>
  CheckedPtr(const CheckedPtr<U>& other)
      : address_(other.cudasim_address()), region_(other.cudasim_region()) {}

  Ref<T> operator[](std::ptrdiff_t index) const { return Ref<T>(address_ + index, region_); }
  Ref<T> operator*() const { return Ref<T>(address_, region_); }

  CheckedPtr operator+(std::ptrdiff_t n) const { return cudasim_bind(address_ + n, region_); }
  CheckedPtr operator-(std::ptrdiff_t n) const { return cudasim_bind(address_ - n, region_); }
  friend CheckedPtr operator+(std::ptrdiff_t n, const CheckedPtr& p) { return p + n; }
  CheckedPtr& operator+=(std::ptrdiff_t n) {
    address_ += n;
    return *this;
  }
  CheckedPtr& operator-=(std::ptrdiff_t n) {
    address_ -= n;
    return *this;
  }
  CheckedPtr& operator++() {
    ++address_;
    return *this;
  }
  CheckedPtr& operator--() {
    --address_;
    return *this;
  }
  CheckedPtr operator++(int) {
    CheckedPtr old = *this;
    ++address_;
    return old;
  }
  CheckedPtr operator--(int) {
    CheckedPtr old = *this;
    --address_;
    return old;
  }
  template <class U>
  CUDASIM_ACCESS std::ptrdiff_t operator-(const CheckedPtr<U>& other) const {
    detail::check_same_region(region_, other.cudasim_region(), CUDASIM_CALLER);
    return address_ - other.cudasim_address();
  }

  explicit operator bool() const { return address_ != nullptr; }

  template <class U>
  bool operator==(const CheckedPtr<U>& o) const {
    return address_ == o.cudasim_address();
  }
  template <class U>
  bool operator!=(const CheckedPtr<U>& o) const {
    return address_ != o.cudasim_address();
  }
  template <class U>
  bool operator<(const CheckedPtr<U>& o) const {
    return address_ < o.cudasim_address();
  }
  template <class U>
  bool operator<=(const CheckedPtr<U>& o) const {
    return address_ <= o.cudasim_address();
  }
  template <class U>
  bool operator>(const CheckedPtr<U>& o) const {
    return address_ > o.cudasim_address();
  }
  template <class U>
  bool operator>=(const CheckedPtr<U>& o) const {
    return address_ >= o.cudasim_address();
  }
  bool operator==(std::nullptr_t) const { return address_ == nullptr; }
  bool operator!=(std::nullptr_t) const { return address_ != nullptr; }
  friend bool operator==(std::nullptr_t, const CheckedPtr& p) { return p.address_ == nullptr; }
  friend bool operator!=(std::nullptr_t, const CheckedPtr& p) { return p.address_ != nullptr; }

  // For the simulation only (launch binding, atomics); not CUDA.
  static CheckedPtr cudasim_bind(T* address, detail::Region* region) {
    CheckedPtr p;
    p.address_ = address;
    p.region_ = region;
    return p;
  }
  T* cudasim_address() const { return address_; }
  detail::Region* cudasim_region() const { return region_; }

 private:
  T* address_ = nullptr;
  detail::Region* region_ = nullptr;
};

// CUDA_SHARED_ARRAY(type, name, count): the block's array, indexable, decaying
// to a checked pointer as the device's array decays to a pointer.
template <class T, std::size_t Count>
class SharedArray {
  static_assert(Count > 0, "a shared array needs at least one element");

 public:
  SharedArray(const void* site, const char* name, const char* file, int line)
      : region_(detail::shared_region(site, sizeof(T) * Count, alignof(T), name, file, line)),
        pointer_(
            CheckedPtr<T>::cudasim_bind(static_cast<T*>(detail::region_base(region_)), region_)) {}
  SharedArray(const SharedArray&) = delete;
  SharedArray& operator=(const SharedArray&) = delete;

  Ref<T> operator[](std::ptrdiff_t index) const { return pointer_[index]; }
  operator CheckedPtr<T>() const { return pointer_; }
  operator CheckedPtr<const T>() const { return pointer_; }
  CheckedPtr<T> operator+(std::ptrdiff_t n) const { return pointer_ + n; }
  Ref<T> operator*() const { return *pointer_; }

 private:
  detail::Region* region_;
  CheckedPtr<T> pointer_;
};

// CUDA_DYNAMIC_SHARED_ARRAY(type, name): the block's dynamic shared memory
// (`extern __shared__ type name[]`), as many bytes as the launch gave.
template <class T>
class DynamicSharedArray {
 public:
  DynamicSharedArray(const void* site, const char* name, const char* file, int line)
      : region_(detail::dynamic_shared_region(site, alignof(T), name, file, line)),
        pointer_(
            CheckedPtr<T>::cudasim_bind(static_cast<T*>(detail::region_base(region_)), region_)) {}
  DynamicSharedArray(const DynamicSharedArray&) = delete;
  DynamicSharedArray& operator=(const DynamicSharedArray&) = delete;

  Ref<T> operator[](std::ptrdiff_t index) const { return pointer_[index]; }
  operator CheckedPtr<T>() const { return pointer_; }
  operator CheckedPtr<const T>() const { return pointer_; }
  CheckedPtr<T> operator+(std::ptrdiff_t n) const { return pointer_ + n; }
  Ref<T> operator*() const { return *pointer_; }

 private:
  detail::Region* region_;
  CheckedPtr<T> pointer_;
};

// CUDA_SHARED_VAR(type, name): the block's variable, read and written like one.
template <class T>
class SharedVar : public Ref<T> {
 public:
  SharedVar(const void* site, const char* name, const char* file, int line)
      : SharedVar(detail::shared_region(site, sizeof(T), alignof(T), name, file, line)) {}
  SharedVar(const SharedVar&) = delete;
  using Ref<T>::operator=;
  __attribute__((always_inline)) const SharedVar& operator=(const SharedVar& other) const {
    Ref<T>::operator=(static_cast<const Ref<T>&>(other));
    return *this;
  }

 private:
  explicit SharedVar(detail::Region* region)
      : Ref<T>(static_cast<T*>(detail::region_base(region)), region) {}
};

}  // namespace cudasim
