// The dense kernels for the x86-64 baseline (or any processor): see dense_kernels.hpp.
#define MLCP_KERNEL_NAMESPACE baseline
#include "linalg/dense_kernels.inc"
