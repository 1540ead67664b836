#ifndef CINTRINSICS_INTRINSICS_H
#define CINTRINSICS_INTRINSICS_H

/// Processor operations Swift has no spelling for, as inline C functions that the compiler
/// inlines into their Swift callers.

/// Asks the processor to bring the cache line holding `address` into the cache, for writing.
///
/// It never faults, whatever the address (GCC and Clang document `__builtin_prefetch` so), and
/// changes no memory.
static inline void prefetchForWriting(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

/// Eight 16-bit lanes (Swift sees `SIMD8<UInt16>`).
typedef unsigned short CIntrinsicsU16x8 __attribute__((ext_vector_type(8)));
/// Eight 32-bit lanes, for the widened product.
typedef unsigned int CIntrinsicsU32x8 __attribute__((ext_vector_type(8)));

/// Every lane's `x` (at most 65,407) divided by 255 and rounded to nearest: the high half of
/// `(x + 128) · 257`.
///
/// The widen, multiply, shift and narrow are the pattern LLVM turns into one `pmulhuw` on x86
/// (SSE2); Swift's own SIMD conversions do not lower to it. It equals Blinn's exact form
/// (t + (t >> 8)) >> 8 that the scalar kernels use: for t = x + 128 = 256a + b and
/// a + b = 256q + r (b, r < 256), 257·t = 65536(a + q) + 256r + b with 256r + b < 65536, so
/// both give a + q.
static inline CIntrinsicsU16x8 divideBy255Rounded(CIntrinsicsU16x8 x) {
    CIntrinsicsU32x8 t = __builtin_convertvector(x + 128, CIntrinsicsU32x8);
    return __builtin_convertvector((t * 257) >> 16, CIntrinsicsU16x8);
}

#endif
