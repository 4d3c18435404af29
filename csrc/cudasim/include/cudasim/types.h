// The CUDA vector types the launch configuration and the thread ids use, as
// the toolchain's vector_types.h defines them. Shared by sim.h (host) and the
// stand-in cuda_runtime.h (kernels).
#pragma once

struct uint3 {
  unsigned int x, y, z;
};

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};
