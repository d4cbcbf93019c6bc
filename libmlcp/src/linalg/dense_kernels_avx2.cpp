// The dense kernels for AVX2 with FMA (compiled with -mavx2 -mfma: libmlcp/CMakeLists.txt): see
// dense_kernels.hpp. Eigen's namespace is renamed here, so that its instantiations for AVX2 get
// names of their own and the linker cannot hand one of them to the baseline build.
#define Eigen mlcp_eigen_avx2
#define MLCP_KERNEL_NAMESPACE avx2
#include "linalg/dense_kernels.inc"
