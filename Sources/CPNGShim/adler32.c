// Adler-32 (RFC 1950 §8.2) with SSE2, for the checksums of PNG strips.
//
// zlib 1.2's adler32 adds one byte at a time. Here 32 bytes at a time: over a
// run of n bytes starting from (a, b),
//     a' = a + Σ d_i        b' = b + n·a + Σ (n − i + 1)·d_i      (i = 1 … n).
// Cut into 32-byte blocks, the weight of a byte is (33 − its place in the
// block) plus 32 for every block after its own, so with S the sum of the
// bytes, W the weighted sums (weights 32 … 1) and P the sum over blocks of
// the bytes of all earlier blocks:
//     a' = a + S                b' = b + n·a + 32·P + W.
// PSADBW gives the byte sums, PMADDWD the weighted ones. Runs are kept short
// enough (CPNG_ADLER_RUN bytes) that no 32-bit lane overflows before the
// modulo. The same decomposition is what Chromium's zlib (adler32_simd.c) and
// Intel's zlib use; this is a plain SSE2 form of it, written from the formula.
#include "CPNGShim.h"

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The Adler-32 modulus, the largest prime below 2^16.
enum { cpng_adler_base = 65521 };

/// zlib's NMAX: the most bytes after which the 32-bit sums of the scalar loop
/// still cannot overflow; also bounds the SIMD runs (a multiple of 32 below it).
enum { cpng_adler_nmax = 5552, cpng_adler_run = 5536 };

uint32_t cpng_adler32_scalar(uint32_t adler, const uint8_t *data, size_t length) {
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    while (length > 0) {
        size_t n = length < cpng_adler_nmax ? length : cpng_adler_nmax;
        length -= n;
        while (n-- > 0) {
            a += *data++;
            b += a;
        }
        a %= cpng_adler_base;
        b %= cpng_adler_base;
    }
    return (b << 16) | a;
}

#if defined(__SSE2__)
/// The sum of a vector's four 32-bit lanes.
static uint64_t cpng_sum_lanes(__m128i v) {
    uint32_t lanes[4];
    _mm_storeu_si128((__m128i *)lanes, v);
    return (uint64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
}
#endif

uint32_t cpng_adler32(uint32_t adler, const uint8_t *data, size_t length) {
#if defined(__SSE2__)
    uint64_t a = adler & 0xFFFF, b = adler >> 16;
    const __m128i zero = _mm_setzero_si128();
    const __m128i weights_1 = _mm_setr_epi16(32, 31, 30, 29, 28, 27, 26, 25);
    const __m128i weights_2 = _mm_setr_epi16(24, 23, 22, 21, 20, 19, 18, 17);
    const __m128i weights_3 = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
    const __m128i weights_4 = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
    while (length >= 32) {
        size_t n = length < cpng_adler_run ? length & ~(size_t)31 : cpng_adler_run;
        length -= n;
        // Per run: S (byte sums, ≤ 5536·255), P (≤ 173·S) and W fit in 32-bit lanes.
        __m128i sums = zero, earlier = zero, weighted = zero;
        for (size_t block = 0; block < n; block += 32) {
            __m128i low = _mm_loadu_si128((const __m128i *)(data + block));
            __m128i high = _mm_loadu_si128((const __m128i *)(data + block + 16));
            earlier = _mm_add_epi32(earlier, sums);
            sums = _mm_add_epi32(sums, _mm_add_epi32(_mm_sad_epu8(low, zero), _mm_sad_epu8(high, zero)));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(low, zero), weights_1));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(low, zero), weights_2));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(high, zero), weights_3));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(high, zero), weights_4));
        }
        data += n;
        b = (b + n * a + 32 * cpng_sum_lanes(earlier) + cpng_sum_lanes(weighted)) % cpng_adler_base;
        a = (a + cpng_sum_lanes(sums)) % cpng_adler_base;
    }
    return cpng_adler32_scalar((uint32_t)((b << 16) | a), data, length);
#else
    return cpng_adler32_scalar(adler, data, length);
#endif
}
