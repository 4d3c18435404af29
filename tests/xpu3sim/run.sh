#!/usr/bin/env bash
# Builds and runs the xpu3sim self-tests twice: a plain build and an
# AddressSanitizer + UndefinedBehaviorSanitizer build, which must also catch a
# direct out-of-bounds global read. Exits non-zero on any failure.
#
#   tests/xpu3sim/run.sh            # both builds
#   XPU3SIM_VARIANTS=plain run.sh   # only one of: plain asan
#   XPU3SIM_BUILD_DIR=dir run.sh    # keep objects in dir (default: a temp dir)
#   CXX=clang++ run.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
sim="$repo/csrc/xpu3sim"
cxx="${CXX:-g++}"
variants="${XPU3SIM_VARIANTS:-plain asan}"

if [[ -n "${XPU3SIM_BUILD_DIR:-}" ]]; then
  build_root="$XPU3SIM_BUILD_DIR"
  mkdir -p "$build_root"
else
  build_root="$(mktemp -d "${TMPDIR:-/tmp}/xpu3sim-tests.XXXXXX")"
  trap 'rm -rf "$build_root"' EXIT
fi

common_flags=(-std=c++17 -O1 -g -Wall -Wextra -Werror -I"$sim/include" -I"$sim/portable")
asan_flags=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)

# build <variant dir> <extra flags...>: compiles runtime, kernels and driver
# (two at a time) and links bin/xpu3sim_tests.
build() {
  local out="$1"
  shift
  mkdir -p "$out"
  rm -f "$out"/*.o
  local -a jobs=("$sim/xpu3sim.cc" "$here/test_main.cc" "$here"/kernels/*.xpu)
  local source object pids=() status=0
  for source in "${jobs[@]}"; do
    object="$out/$(basename "${source%.*}").o"
    # -x c++: g++ does not know the .xpu extension.
    "$cxx" "${common_flags[@]}" "$@" -x c++ -c "$source" -o "$object" &
    pids+=($!)
    if (( ${#pids[@]} >= 2 )); then
      wait "${pids[0]}" || status=1
      pids=("${pids[@]:1}")
    fi
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  (( status == 0 )) || { echo "xpu3sim: compilation failed" >&2; return 1; }
  "$cxx" "$@" "$out"/*.o -o "$out/xpu3sim_tests"
}

# expect_asan_report <test> <kernel> <report>: the test must die with an
# AddressSanitizer <report> raised inside <kernel>.
expect_asan_report() {
  local test="$1" kernel="$2" report="$3"
  local log="$build_root/asan/$test.log"
  echo "[ RUN  ] $test (must be reported by AddressSanitizer)"
  if "$build_root/asan/xpu3sim_tests" "$test" >"$log" 2>&1; then
    cat "$log"
    echo "[ FAIL ] $test: the out-of-bounds access was not reported" >&2
    exit 1
  fi
  if ! grep -q "AddressSanitizer: $report" "$log" || ! grep -q "in xpu3sim_tests::$kernel" "$log"; then
    cat "$log"
    echo "[ FAIL ] $test: expected an AddressSanitizer $report in $kernel" >&2
    exit 1
  fi
  grep -m1 "ERROR: AddressSanitizer" "$log" | sed 's/^/    /'
  grep -m1 "in xpu3sim_tests::$kernel" "$log" | sed 's/^ */    /'
  echo "[  OK  ] $test"
}

for variant in $variants; do
  echo "=== xpu3sim self-tests: $variant build ==="
  case "$variant" in
    plain)
      build "$build_root/plain"
      "$build_root/plain/xpu3sim_tests"
      ;;
    asan)
      build "$build_root/asan" "${asan_flags[@]}"
      export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
      export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
      "$build_root/asan/xpu3sim_tests"

      expect_asan_report asan_direct_global_overrun direct_global_overrun heap-buffer-overflow
      expect_asan_report asan_direct_local_overrun direct_local_overrun use-after-poison
      ;;
    *)
      echo "unknown variant '$variant' (use: plain asan)" >&2
      exit 2
      ;;
  esac
done
echo "=== xpu3sim self-tests passed ==="
