#ifndef CINTRINSICS_INTRINSICS_H
#define CINTRINSICS_INTRINSICS_H

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

/// Processor operations Swift has no spelling for, as inline C functions that the compiler
/// inlines into their Swift callers. The AVX2 kernels are compiled for a wider target than their
/// callers and stay calls, one per span, stretch, coverage row, path or four active edges.

/// A straight edge of the scan converter (`ScanConverter.Edge`), declared here so that the
/// AVX2 kernels `edgesOfSegments` and `piecesOfFourEdges` write and read the layout Swift does.
typedef struct {
    /// The upper end (y0 < y1) and the lower end, in device pixels.
    double x0, y0, x1, y1;
    /// The change of x per unit of y.
    double dxdy;
    /// 1 for an edge that goes down in its path, −1 for one that goes up.
    double direction;
    /// Whether the edge belongs to the inner shape of a ring (`ScanConverter.sweepRing`).
    _Bool inner;
} ScanEdge;

/// A straight segment of a flattened path (`PathFlattener.Segment`), from (x0, y0) to (x1, y1)
/// in device pixels, declared here so that the AVX2 kernel `edgesOfSegments` reads the layout
/// Swift writes.
typedef struct {
    double x0, y0, x1, y1;
} PathSegment;

/// Asks the processor to bring the cache lines from address `first` to address `last` (both the
/// starts of lines) into the cache, for writing: all of them up to 20 lines, else the first 20
/// and the last 4.
///
/// A prefetch never faults, whatever the address (GCC and Clang document `__builtin_prefetch`
/// so), and changes no memory; on baseline x86-64, which does not assume the PRFCHW extension,
/// LLVM emits `prefetcht0` (an explicit `prefetchw` drew S2 in the same time). The lines are
/// asked for by a jump into a run of prefetches, one per line, so a row costs about two
/// instructions a line it has: a fixed 24 prefetches with each address clamped to the row took
/// four instructions each whatever the row's length (S2 32.29M → 31.37M instructions a frame,
/// its minimum shorter in eleven pairs of twelve, by up to 6%), and a loop over the lines ended
/// after a count that changes from row to row, its exit mispredicted about once a row. Rows
/// of a shape change length slowly, so the jump's target is mostly the one before.
static inline void prefetchLinesForWriting(unsigned long first, unsigned long last) {
    // (A `last` before `first`, which no caller passes, counts as a long row: the prefetches
    // stay harmless.)
    const unsigned long lines = (last - first) / 64 + 1;
    const char *p = (const char *)first;
#define CINTRINSICS_PREFETCH_LINE(k)                                                                \
    case k + 1:                                                                                     \
        __builtin_prefetch(p + (k) * 64, 1, 3);                                                     \
        __attribute__((fallthrough));
    switch (lines < 20 ? lines : 20) {
        CINTRINSICS_PREFETCH_LINE(19)
        CINTRINSICS_PREFETCH_LINE(18)
        CINTRINSICS_PREFETCH_LINE(17)
        CINTRINSICS_PREFETCH_LINE(16)
        CINTRINSICS_PREFETCH_LINE(15)
        CINTRINSICS_PREFETCH_LINE(14)
        CINTRINSICS_PREFETCH_LINE(13)
        CINTRINSICS_PREFETCH_LINE(12)
        CINTRINSICS_PREFETCH_LINE(11)
        CINTRINSICS_PREFETCH_LINE(10)
        CINTRINSICS_PREFETCH_LINE(9)
        CINTRINSICS_PREFETCH_LINE(8)
        CINTRINSICS_PREFETCH_LINE(7)
        CINTRINSICS_PREFETCH_LINE(6)
        CINTRINSICS_PREFETCH_LINE(5)
        CINTRINSICS_PREFETCH_LINE(4)
        CINTRINSICS_PREFETCH_LINE(3)
        CINTRINSICS_PREFETCH_LINE(2)
        CINTRINSICS_PREFETCH_LINE(1)
    case 1:
        __builtin_prefetch(p, 1, 3);
        break;
    default:
        break;
    }
#undef CINTRINSICS_PREFETCH_LINE
    if (lines > 20) {
        const char *q = (const char *)last;
        __builtin_prefetch(q, 1, 3);
        __builtin_prefetch(q - 64, 1, 3);
        __builtin_prefetch(q - 128, 1, 3);
        __builtin_prefetch(q - 192, 1, 3);
    }
}

/// Sets `count` 32-bit words from `words` on to `word`.
///
/// On x86 one `rep stosl`: the processor's string store, which writes whole cache lines
/// without reading them first where it can (Intel's and AMD's optimization manuals describe
/// the fast string operations). Measured on a 1170x2532 frame in S2: the frame 2–3% shorter
/// than with a loop of 16-byte stores. Elsewhere a plain loop.
static inline void fillWords(unsigned int *words, long count, unsigned int word) {
#if defined(__x86_64__) || defined(__i386__)
    __asm__ volatile("rep stosl" : "+D"(words), "+c"(count) : "a"(word) : "memory");
#else
    for (long i = 0; i < count; i++) words[i] = word;
#endif
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

/// `value` rounded toward zero to an integer, for |value| < 2⁶³ (callers clamp first): one
/// `cvttsd2si` on x86-64, without the range tests and traps of Swift's `Int(Double)`. Out of
/// range (or NaN) SSE2 gives the fixed value −2⁶³, never a trap.
static inline long truncateToInteger(double value) {
#if defined(__SSE2__) && defined(__x86_64__)
    return _mm_cvttsd_si64(_mm_set_sd(value));
#else
    return value > -9.2e18 && value < 9.2e18 ? (long)value : 0;
#endif
}

/// `fraction · 255 + 0.5` truncated to a byte, for a fraction in 0…1 (an exact area about to be
/// quantized): the same value as Swift's `UInt8(fraction * 255 + 0.5)`, without the checks
/// that conversion makes before it truncates (a range test and a trap on each side). The
/// product and the sum are rounded one at a time, as Swift rounds them: no fused
/// multiply-add. Outside 0…1 (which callers clamp away) the byte is meaningless, but the
/// conversion stays defined: SSE2's `cvttsd2si` gives a fixed value for any input, and
/// elsewhere the value is tested first.
static inline unsigned char unitToByte(double fraction) {
#pragma STDC FP_CONTRACT OFF
    double scaled = fraction * 255.0;
    double rounded = scaled + 0.5;
#if defined(__SSE2__)
    return (unsigned char)_mm_cvttsd_si32(_mm_set_sd(rounded));
#else
    return rounded >= 0.0 && rounded < 256.0 ? (unsigned char)(int)rounded : 0;
#endif
}

/// `color` (premultiplied RGBA8, packed) at `coverage` / 255 over `destination`: per channel
/// s = ⌊c·k/255⌉, then s + ⌊d·(255 − s_alpha)/255⌉, with every division rounded to nearest
/// exactly. These are `Blend.scale` and `Blend.over`, which do it two channels at a time in
/// the halves of a 32-bit word; here the four channels sit in 16-bit lanes of one SSE2
/// register and each division is a high-half multiply (as in `divideBy255Rounded`), about
/// half the instructions for a lone edge pixel. The sums never exceed 255 (a premultiplied
/// channel is at most its alpha), so packing back cannot saturate. Coverage 255 gives the
/// colour itself, as `Blend.scale` does.
static inline unsigned int blendPixel(unsigned int color, unsigned int coverage, unsigned int destination) {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i bias = _mm_set1_epi16(128), reciprocal = _mm_set1_epi16(257);
    __m128i c = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)color), zero);
    __m128i s = _mm_mullo_epi16(c, _mm_set1_epi16((short)coverage));
    s = _mm_mulhi_epu16(_mm_add_epi16(s, bias), reciprocal);
    __m128i inverse = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflelo_epi16(s, _MM_SHUFFLE(3, 3, 3, 3)));
    __m128i d = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)destination), zero);
    d = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(d, inverse), bias), reciprocal);
    __m128i sum = _mm_add_epi16(s, d);
    return (unsigned int)_mm_cvtsi128_si32(_mm_packus_epi16(sum, sum));
#else
    unsigned int result = 0, channels[4], alpha;
    for (int i = 0; i < 4; i++) {
        unsigned int t = ((color >> (8 * i)) & 0xFF) * coverage + 128;
        channels[i] = (t + (t >> 8)) >> 8;
    }
    alpha = channels[3];
    for (int i = 0; i < 4; i++) {
        unsigned int t = ((destination >> (8 * i)) & 0xFF) * (255 - alpha) + 128;
        result |= (channels[i] + ((t + (t >> 8)) >> 8)) << (8 * i);
    }
    return result;
#endif
}

/// `blendPixel(ring, ringCoverage, blendPixel(fill, fillCoverage, destination))` in one pass:
/// the destination is unpacked once and the fill's result stays in the lanes (whole numbers
/// up to 255, so not packing it between the two changes nothing). A layer's background and
/// border over one edge pixel.
static inline unsigned int blendPixelTwice(
    unsigned int fill, unsigned int fillCoverage, unsigned int ring, unsigned int ringCoverage,
    unsigned int destination) {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i bias = _mm_set1_epi16(128), reciprocal = _mm_set1_epi16(257), full = _mm_set1_epi16(255);
    __m128i f = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)fill), zero);
    f = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(f, _mm_set1_epi16((short)fillCoverage)), bias), reciprocal);
    __m128i r = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)ring), zero);
    r = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(r, _mm_set1_epi16((short)ringCoverage)), bias), reciprocal);
    __m128i d = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)destination), zero);
    __m128i inverse = _mm_sub_epi16(full, _mm_shufflelo_epi16(f, _MM_SHUFFLE(3, 3, 3, 3)));
    d = _mm_add_epi16(f, _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(d, inverse), bias), reciprocal));
    inverse = _mm_sub_epi16(full, _mm_shufflelo_epi16(r, _MM_SHUFFLE(3, 3, 3, 3)));
    d = _mm_add_epi16(r, _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(d, inverse), bias), reciprocal));
    return (unsigned int)_mm_cvtsi128_si32(_mm_packus_epi16(d, d));
#else
    return blendPixel(ring, ringCoverage, blendPixel(fill, fillCoverage, destination));
#endif
}

#if defined(__SSE2__)
/// Four coverage bytes from `coverage`, each repeated in the four 16-bit lanes of its pixel:
/// pixels 0 and 1 in `low`, 2 and 3 in `high`.
static inline void spreadFourCoverages(const unsigned char *coverage, __m128i *low, __m128i *high) {
    int bytes;
    __builtin_memcpy(&bytes, coverage, 4);
    __m128i k = _mm_cvtsi32_si128(bytes);
    k = _mm_unpacklo_epi8(k, k);
    k = _mm_unpacklo_epi16(k, k);
    *low = _mm_unpacklo_epi8(k, _mm_setzero_si128());
    *high = _mm_unpackhi_epi8(k, _mm_setzero_si128());
}

/// Each 16-bit lane of `x` (at most 255·255 + 255) divided by 255, rounded to nearest.
static inline __m128i divideLanesBy255(__m128i x) {
    return _mm_mulhi_epu16(_mm_add_epi16(x, _mm_set1_epi16(128)), _mm_set1_epi16(257));
}

/// 255 minus each pixel's alpha lane, in all four lanes of that pixel (two pixels).
static inline __m128i inverseAlphas(__m128i x) {
    __m128i alphas = _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, _MM_SHUFFLE(3, 3, 3, 3)), _MM_SHUFFLE(3, 3, 3, 3));
    return _mm_sub_epi16(_mm_set1_epi16(255), alphas);
}

/// Two pixels' lanes `d` with `f` and then `r` (their scaled colours) over them.
static inline __m128i overTwice(__m128i f, __m128i r, __m128i d) {
    d = _mm_add_epi16(f, divideLanesBy255(_mm_mullo_epi16(d, inverseAlphas(f))));
    return _mm_add_epi16(r, divideLanesBy255(_mm_mullo_epi16(d, inverseAlphas(r))));
}

/// Four pixels from `pixels`, each with `fill` at its fill coverage and then `ring` at its ring
/// coverage over it: `blendPixelTwice` four times, two pixels to a register.
static inline __m128i blendFourPixelsTwice(
    const unsigned int *pixels, const unsigned char *fillCoverage, const unsigned char *ringCoverage,
    __m128i fillLanes, __m128i ringLanes) {
    __m128i fillLow, fillHigh, ringLow, ringHigh;
    spreadFourCoverages(fillCoverage, &fillLow, &fillHigh);
    spreadFourCoverages(ringCoverage, &ringLow, &ringHigh);
    __m128i d = _mm_loadu_si128((const __m128i *)pixels);
    __m128i low = overTwice(
        divideLanesBy255(_mm_mullo_epi16(fillLanes, fillLow)), divideLanesBy255(_mm_mullo_epi16(ringLanes, ringLow)),
        _mm_unpacklo_epi8(d, _mm_setzero_si128()));
    __m128i high = overTwice(
        divideLanesBy255(_mm_mullo_epi16(fillLanes, fillHigh)), divideLanesBy255(_mm_mullo_epi16(ringLanes, ringHigh)),
        _mm_unpackhi_epi8(d, _mm_setzero_si128()));
    return _mm_packus_epi16(low, high);
}
#endif

/// `blendPixelTwice` over `count` consecutive pixels from `pixels`, pixel i with `fill` at
/// `fillCoverage[i]` and `ring` at `ringCoverage[i]`: a layer's background and border over the
/// edge pixels of one row.
///
/// With SSE2, four pixels a step in the lanes of `blendPixelTwice` (the same products and
/// divisions, so the same bytes): the last four are blended first, from the values they had,
/// and stored last, over whatever the steps before wrote where the two overlap (the same
/// values). Fewer than four go one at a time.
static inline void blendPixelsTwice(
    unsigned int *pixels, long count, const unsigned char *fillCoverage, const unsigned char *ringCoverage,
    unsigned int fill, unsigned int ring) {
#if defined(__SSE2__)
    if (count >= 4) {
        const __m128i fillLanes = _mm_unpacklo_epi8(_mm_set1_epi32((int)fill), _mm_setzero_si128());
        const __m128i ringLanes = _mm_unpacklo_epi8(_mm_set1_epi32((int)ring), _mm_setzero_si128());
        const long lastStep = count - 4;
        const __m128i last = blendFourPixelsTwice(
            pixels + lastStep, fillCoverage + lastStep, ringCoverage + lastStep, fillLanes, ringLanes);
        for (long i = 0; i < lastStep; i += 4) {
            __m128i blended =
                blendFourPixelsTwice(pixels + i, fillCoverage + i, ringCoverage + i, fillLanes, ringLanes);
            _mm_storeu_si128((__m128i *)(pixels + i), blended);
        }
        _mm_storeu_si128((__m128i *)(pixels + lastStep), last);
        return;
    }
#endif
    for (long i = 0; i < count; i++) {
        pixels[i] = blendPixelTwice(fill, fillCoverage[i], ring, ringCoverage[i], pixels[i]);
    }
}

/// The coefficients of P in `unitArcsine`'s arcsin(t) = t + t·z·P(z), z = t² ∈ [0, ¼], from
/// the constant term up: a polynomial of degree 12 that interpolates (arcsin(√z) − √z) / z^{3/2}
/// at the 13 Chebyshev nodes of [0, ¼], solved in 50-digit arithmetic and rounded to doubles
/// (`Tools/arcsine-coefficients.py` prints them).
#define CINTRINSICS_ARCSINE_COEFFICIENTS                                                            \
    {0.16666666666666669, 0.07499999999998433, 0.04464285714635543, 0.030381944138531247,           \
     0.02237217294214989, 0.017352392720869973, 0.013971212973552933, 0.011479177415184906,         \
     0.01032281435018578, 0.005457506718640358, 0.01740087944269402, -0.014851887071247204,         \
     0.028757851367421566}

/// arcsin(a) for a in −½…1, within 0.6 ulp for a ≤ ½ and 2.2 ulp above (against 50-digit
/// values at 34,000 points; about 2·10⁻¹⁶ absolute): the rounded corners' integrals
/// (`CornerCutTable.area`), in plain additions, multiplications and one square root, so that
/// four lanes of AVX2 (`cornerAxisIntegralsAVX2`) give the same bits, and so that the value
/// depends on no C library (glibc's `asin` picks among builds for the processor at run time).
///
/// Below ½ it is t + t·z·P(z) with t = a and z = a²; above, the half-angle identity
/// arcsin(a) = π/2 − 2·arcsin(√((1 − a)/2)) brings the argument below ½ (the reduction that
/// Cody and Waite's and fdlibm's arcsines make): there z = (1 − a)/2, exact for a ≥ ½, and
/// t = √z. P is evaluated in Estrin's scheme (pairs of terms, combined by z², z⁴ and z⁸: a
/// chain of seven dependent operations where Horner's rule has twenty-four, which made the
/// AVX2 kernel wait on its own latency), every product and sum rounded one at a time (no fused
/// multiply-add).
static inline double unitArcsine(double a) {
#pragma STDC FP_CONTRACT OFF
    static const double c[13] = CINTRINSICS_ARCSINE_COEFFICIENTS;
    const int small = a <= 0.5;
    const double z = small ? a * a : (1.0 - a) * 0.5;
#if defined(__SSE2__)
    const double t = small ? a : _mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(), _mm_set_sd(z)));
#else
    const double t = small ? a : __builtin_sqrt(z);
#endif
    const double z2 = z * z, z4 = z2 * z2, z8 = z4 * z4;
    const double q0 = (c[0] + c[1] * z) + z2 * (c[2] + c[3] * z);
    const double q1 = (c[4] + c[5] * z) + z2 * (c[6] + c[7] * z);
    const double q2 = (c[8] + c[9] * z) + z2 * (c[10] + c[11] * z);
    const double p = (q0 + z4 * q1) + z8 * (q2 + z4 * c[12]);
    const double r = t + t * (z * p);
    return small ? r : 1.5707963267948966 - 2.0 * r;
}

/// Whether the processor runs AVX2 (x86 only). It asks the processor each time: callers
/// keep the answer (`Blend.hasAVX2`).
static inline int processorHasAVX2(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

/// Whether the processor runs AVX-512 with its byte and word instructions (x86 only). It asks
/// the processor each time: callers keep the answer (`Blend.hasAVX512`).
static inline int processorHasAVX512BW(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512bw") ? 1 : 0;
#else
    return 0;
#endif
}

/// Adds the pieces of lanes `from..<count` of a group of active edges that `piecesOfFourEdges`
/// computed (`lanes` its marks; `columns` and `shares` its outputs) to their cells, in lane order,
/// and keeps the active list's order: each lane's edge index `indices[k]` goes to
/// `activeList[*keep]`, and `*keep` advances past an edge that goes on below `rowBottom` (the
/// list is compacted in place: `*keep` never passes the lane being read). A piece inside one
/// or two columns adds `shares[k]` to cell `columns[k]`, then `shares[4 + k]` and
/// `shares[8 + k]` one after the other to the next, and `shares[12 + k]` to the one after
/// (the inner shape's cells for an edge marked `inner`), and with `recordsSpans` records its
/// cells at `spans[*spanCount]` as `ScanConverter.ColumnSpan` packs them (first cell in the high
/// half). The loop stops at the first lane with a piece that is not inside one or two columns
/// and returns its index, its edge kept but its piece left for the caller to accumulate;
/// otherwise it returns `count`.
///
/// Swift's loop over the lanes took about 45 instructions a piece (reloads, overflow checks
/// and a guarded shift); here it is about 20 (S2 33.59M → 32.56M instructions a frame).
static inline long addShortPieces(
    int lanes, long from, long count, const ScanEdge *edges, int *activeList, const int *indices, long *keep,
    double rowBottom, const int *columns, const double *shares, double *outerCells, double *innerCells,
    unsigned long long *spans, long *spanCount, _Bool recordsSpans) {
    long kept = *keep, n = *spanCount;
    long k = from;
    for (; k < count; k++) {
        const int index = indices[k];
        const ScanEdge *e = edges + index;
        activeList[kept] = index;
        kept += e->y1 > rowBottom;
        if (!(lanes & (256 << k))) continue;
        if (!(lanes & (1 << k))) break;
        // The inner shape's cells or the outer's, picked without a branch: the two kinds of
        // edge come in no fixed order along a row.
        const unsigned long outerAddress = (unsigned long)outerCells;
        const unsigned long toInner = -(unsigned long)e->inner & ((unsigned long)innerCells - outerAddress);
        double *cells = (double *)(outerAddress + toInner);
        const long c = columns[k];
        cells[c] += shares[k];
        cells[c + 1] = (cells[c + 1] + shares[4 + k]) + shares[8 + k];
        cells[c + 2] += shares[12 + k];
        if (recordsSpans) {
            spans[n] = (unsigned long long)c << 32 | (unsigned long long)((lanes & (16 << k)) ? c + 1 : c + 2);
            n += 1;
        }
    }
    *keep = kept;
    *spanCount = n;
    return k;
}

#if defined(__x86_64__) || defined(__i386__)
/// Eight pixels `d` with `color` (lanes split as in `blendSolidSpanAVX2`) over them.
__attribute__((target("avx2"))) static inline __m256i blendEightAVX2(
    __m256i d, __m256i inverse, __m256i sourceLow, __m256i sourceHigh) {
    const __m256i mask = _mm256_set1_epi16(0x00FF), bias = _mm256_set1_epi16(128);
    const __m256i reciprocal = _mm256_set1_epi16(257);
    __m256i low = _mm256_mullo_epi16(_mm256_and_si256(d, mask), inverse);
    __m256i high = _mm256_mullo_epi16(_mm256_srli_epi16(d, 8), inverse);
    low = _mm256_add_epi16(_mm256_mulhi_epu16(_mm256_add_epi16(low, bias), reciprocal), sourceLow);
    high = _mm256_add_epi16(_mm256_mulhi_epu16(_mm256_add_epi16(high, bias), reciprocal), sourceHigh);
    return _mm256_or_si256(low, _mm256_slli_epi16(high, 8));
}

/// Sixteen pixels `d` with `color` over them: `blendEightAVX2`'s products and divisions in
/// 512-bit registers.
__attribute__((target("avx512bw"))) static inline __m512i blendSixteenAVX512(
    __m512i d, __m512i inverse, __m512i sourceLow, __m512i sourceHigh) {
    const __m512i mask = _mm512_set1_epi16(0x00FF), bias = _mm512_set1_epi16(128);
    const __m512i reciprocal = _mm512_set1_epi16(257);
    __m512i low = _mm512_mullo_epi16(_mm512_and_si512(d, mask), inverse);
    __m512i high = _mm512_mullo_epi16(_mm512_srli_epi16(d, 8), inverse);
    low = _mm512_add_epi16(_mm512_mulhi_epu16(_mm512_add_epi16(low, bias), reciprocal), sourceLow);
    high = _mm512_add_epi16(_mm512_mulhi_epu16(_mm512_add_epi16(high, bias), reciprocal), sourceHigh);
    return _mm512_or_si512(low, _mm512_slli_epi16(high, 8));
}

/// `blendSolidSpanAVX2` sixteen pixels at a time in AVX-512 (BW): the same lanes, products and
/// divisions and so the same bytes, for spans of 16 pixels or more (its last sixteen blended
/// first and stored last, over the steps that overlap them). Returns how many pixels it blended:
/// `count`, or 0 for a span shorter than 16. Call only when `processorHasAVX512BW()`.
///
/// On Zen 4 a 512-bit operation ran as two 256-bit halves and this kernel gained nothing; Zen 5
/// runs it whole: spans of 185 pixels blend in two thirds of `blendSolidSpanAVX2`'s time, and
/// S2's translucent interiors from 7.8% of the frame to 5.4%.
__attribute__((target("avx512bw"))) static inline long blendSolidSpanAVX512(
    unsigned int *pixels, long count, unsigned int color) {
    if (count < 16) return 0;
    const __m512i mask = _mm512_set1_epi16(0x00FF);
    const __m512i inverse = _mm512_set1_epi16((short)(255 - (color >> 24)));
    const __m512i source = _mm512_set1_epi32((int)color);
    const __m512i sourceLow = _mm512_and_si512(source, mask), sourceHigh = _mm512_srli_epi16(source, 8);
    unsigned int *lastBlock = pixels + count - 16;
    const __m512i last = blendSixteenAVX512(_mm512_loadu_si512(lastBlock), inverse, sourceLow, sourceHigh);
    const __m512i first = _mm512_set1_epi32((int)pixels[0]);
    const __m512i firstBlended = blendSixteenAVX512(first, inverse, sourceLow, sourceHigh);
    long done = 0;
    for (; done < count - 16; done += 16) {
        unsigned int *block = pixels + done;
        if (_mm512_cmpneq_epi32_mask(_mm512_loadu_si512(block), first) != 0) break;
        _mm512_storeu_si512(block, firstBlended);
    }
    for (; done < count - 16; done += 16) {
        unsigned int *block = pixels + done;
        _mm512_storeu_si512(block, blendSixteenAVX512(_mm512_loadu_si512(block), inverse, sourceLow, sourceHigh));
    }
    _mm512_storeu_si512(lastBlock, last);
    return count;
}

/// `color` (premultiplied, neither transparent nor opaque) over `count` pixels from `pixels`,
/// eight at a time in AVX2: the lanes, the products and the high-half divisions of
/// `Blend.blendVector`, twice as wide. Call only when `processorHasAVX2()`.
///
/// A span of 8 pixels or more is blended whole: its last eight pixels are blended first, from
/// the values they had, and stored last, over whatever the eight-pixel steps wrote where the
/// two overlap (the same values, from the same inputs), so no pixel is left to a scalar tail.
/// Returns how many pixels it blended: `count`, or 0 for a span shorter than 8.
__attribute__((target("avx2"))) static inline long blendSolidSpanAVX2(
    unsigned int *pixels, long count, unsigned int color) {
    if (count < 8) return 0;
    const __m256i mask = _mm256_set1_epi16(0x00FF);
    const __m256i inverse = _mm256_set1_epi16((short)(255 - (color >> 24)));
    const __m256i source = _mm256_set1_epi32((int)color);
    const __m256i sourceLow = _mm256_and_si256(source, mask), sourceHigh = _mm256_srli_epi16(source, 8);
    __m256i *lastBlock = (__m256i *)(pixels + count - 8);
    const __m256i last = blendEightAVX2(_mm256_loadu_si256(lastBlock), inverse, sourceLow, sourceHigh);
    // While the span's blocks hold nothing but its first pixel's value (a shape over a flat
    // background, or over the inside of an earlier translucent shape), each gets that value's
    // blend, computed once: a load, a comparison and a store instead of the products. The same
    // bytes, lane for lane; from the first block that differs on, every block is blended. S2
    // 1.76M fewer instructions a frame (−4.8%), its minimum 0.5–3% shorter in 11 pairs of 12.
    const __m256i first = _mm256_set1_epi32((int)pixels[0]);
    const __m256i firstBlended = blendEightAVX2(first, inverse, sourceLow, sourceHigh);
    long done = 0;
    for (; done < count - 8; done += 8) {
        __m256i *block = (__m256i *)(pixels + done);
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_loadu_si256(block), first)) != -1) break;
        _mm256_storeu_si256(block, firstBlended);
    }
    for (; done < count - 8; done += 8) {
        __m256i *block = (__m256i *)(pixels + done);
        _mm256_storeu_si256(block, blendEightAVX2(_mm256_loadu_si256(block), inverse, sourceLow, sourceHigh));
    }
    _mm256_storeu_si256(lastBlock, last);
    return count;
}

/// A translucent span of 8 pixels or more (`Blend.blend`): sixteen pixels a step when the
/// span holds 16 or more and the processor has AVX-512BW (`blendSolidSpanAVX512`), else eight
/// (`blendSolidSpanAVX2`); the same bytes either way. The processor's answer is read from the
/// features the runtime recorded at start-up, a load and a test (a Swift global would cost a
/// call for every span). Call only when `processorHasAVX2()`.
static inline long blendSolidSpanWide(unsigned int *pixels, long count, unsigned int color) {
    if (count >= 16 && __builtin_cpu_supports("avx512bw")) return blendSolidSpanAVX512(pixels, count, color);
    return blendSolidSpanAVX2(pixels, count, color);
}

/// Each 16-bit lane of `x` (at most 255·255 + 255) divided by 255, rounded to nearest
/// (`divideLanesBy255`, sixteen lanes).
__attribute__((target("avx2"))) static inline __m256i divideLanesBy255AVX2(__m256i x) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(x, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

/// Each pixel's lanes `d` with its scaled colour `s` over them (`overTwice`'s step, four pixels).
__attribute__((target("avx2"))) static inline __m256i overAVX2(__m256i s, __m256i d) {
    __m256i alphas =
        _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, _MM_SHUFFLE(3, 3, 3, 3)), _MM_SHUFFLE(3, 3, 3, 3));
    __m256i inverse = _mm256_sub_epi16(_mm256_set1_epi16(255), alphas);
    return _mm256_add_epi16(s, divideLanesBy255AVX2(_mm256_mullo_epi16(d, inverse)));
}

/// Eight coverage bytes (the low half of `bytes`), each repeated in the four 16-bit lanes of its
/// pixel, laid out as `_mm256_unpacklo_epi8` / `_mm256_unpackhi_epi8` lay out eight pixels:
/// pixels 0, 1, 4, 5 in `low`, 2, 3, 6, 7 in `high`.
__attribute__((target("avx2"))) static inline void spreadEightCoverages(__m128i bytes, __m256i *low, __m256i *high) {
    __m128i pairs = _mm_unpacklo_epi8(bytes, bytes);
    __m256i k = _mm256_set_m128i(_mm_unpackhi_epi16(pairs, pairs), _mm_unpacklo_epi16(pairs, pairs));
    *low = _mm256_unpacklo_epi8(k, _mm256_setzero_si256());
    *high = _mm256_unpackhi_epi8(k, _mm256_setzero_si256());
}

/// A colour's lanes (`colorLanes`, as `_mm256_unpacklo_epi8` of the broadcast word lays them
/// out) scaled by each pixel's coverage lanes, over the pixels' lanes `d`: `blendPixel` for
/// four pixels.
__attribute__((target("avx2"))) static inline __m256i overAtCoverageAVX2(
    __m256i colorLanes, __m256i coverage, __m256i d) {
    return overAVX2(divideLanesBy255AVX2(_mm256_mullo_epi16(colorLanes, coverage)), d);
}

/// Eight pixels from `pixels`, each with `fill` at its fill coverage and then `ring` at its ring
/// coverage over it (`blendFourPixelsTwice`, twice as wide), coverage bytes given in the low
/// halves of `fillCoverage` and `ringCoverage`.
__attribute__((target("avx2"))) static inline __m256i blendEightPixelsTwice(
    const unsigned int *pixels, __m128i fillCoverage, __m128i ringCoverage, __m256i fillLanes, __m256i ringLanes) {
    __m256i fillLow, fillHigh, ringLow, ringHigh;
    spreadEightCoverages(fillCoverage, &fillLow, &fillHigh);
    spreadEightCoverages(ringCoverage, &ringLow, &ringHigh);
    __m256i d = _mm256_loadu_si256((const __m256i *)pixels);
    __m256i low = _mm256_unpacklo_epi8(d, _mm256_setzero_si256());
    __m256i high = _mm256_unpackhi_epi8(d, _mm256_setzero_si256());
    low = overAtCoverageAVX2(ringLanes, ringLow, overAtCoverageAVX2(fillLanes, fillLow, low));
    high = overAtCoverageAVX2(ringLanes, ringHigh, overAtCoverageAVX2(fillLanes, fillHigh, high));
    return _mm256_packus_epi16(low, high);
}

/// Eight pixels from `pixels`, each with `color` (its lanes) at its coverage over it, coverage
/// bytes given in the low half of `coverage`.
__attribute__((target("avx2"))) static inline __m256i blendEightPixelsAtCoverage(
    const unsigned int *pixels, __m128i coverage, __m256i colorLanes) {
    __m256i low, high;
    spreadEightCoverages(coverage, &low, &high);
    __m256i d = _mm256_loadu_si256((const __m256i *)pixels);
    low = overAtCoverageAVX2(colorLanes, low, _mm256_unpacklo_epi8(d, _mm256_setzero_si256()));
    high = overAtCoverageAVX2(colorLanes, high, _mm256_unpackhi_epi8(d, _mm256_setzero_si256()));
    return _mm256_packus_epi16(low, high);
}

/// `color` at `coverage[i]` over pixel i of the `count` from `pixels` (`blendPixel` for each,
/// the same products and divisions, so the same bytes), eight a step in AVX2: a glyph's rows
/// (four a step in SSE2 lanes before, with the row's last one to three pixels one by one: S1
/// 1.02M and S3 0.13M fewer instructions a frame, S1 2–6% shorter, S3 1–3%, S2's labels 4–10%).
/// Coverage 0 gives a pixel back as it was and 255 the colour over it, with no branch. From
/// eight pixels on the last eight are blended first, from the values they had, and stored
/// last, over whatever the steps before wrote where the two overlap (the same values). Returns
/// how many pixels it blended: `count`, or 0 for fewer than eight. Call only when
/// `processorHasAVX2()`.
__attribute__((target("avx2"))) static inline long blendCoverageSpanAVX2(
    unsigned int *pixels, long count, unsigned int color, const unsigned char *coverage) {
    if (count < 8) return 0;
    const __m256i colorLanes = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), _mm256_setzero_si256());
    const long lastStep = count - 8;
    const __m256i last = blendEightPixelsAtCoverage(
        pixels + lastStep, _mm_loadl_epi64((const __m128i *)(coverage + lastStep)), colorLanes);
    for (long i = 0; i < lastStep; i += 8) {
        _mm256_storeu_si256(
            (__m256i *)(pixels + i),
            blendEightPixelsAtCoverage(pixels + i, _mm_loadl_epi64((const __m128i *)(coverage + i)), colorLanes));
    }
    _mm256_storeu_si256((__m256i *)(pixels + lastStep), last);
    return count;
}

/// `blendPixelsTwice` eight pixels a step in AVX2, the same products and divisions and so the
/// same bytes. Call only when `processorHasAVX2()`.
///
/// `room` is how many pixels from `pixels` on may be read and written back (at least `count`):
/// a stretch shorter than eight with room for eight is blended as one block of eight whose
/// lanes past `count` get coverage 0, which leaves their pixels as they are, bit for bit; both
/// coverage rows must then be readable eight bytes from their start. Shorter stretches without
/// that room go to `blendPixelsTwice`. From eight pixels on, the last eight are blended first
/// and stored last, as in `blendPixelsTwice`.
__attribute__((target("avx2"))) static inline void blendPixelsTwiceAVX2(
    unsigned int *pixels, long count, long room, const unsigned char *fillCoverage, const unsigned char *ringCoverage,
    unsigned int fill, unsigned int ring) {
    if (count < 8 && room < 8) {
        blendPixelsTwice(pixels, count, fillCoverage, ringCoverage, fill, ring);
        return;
    }
    const __m256i fillLanes = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)fill), _mm256_setzero_si256());
    const __m256i ringLanes = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)ring), _mm256_setzero_si256());
    if (count < 8) {
        const __m128i lanes = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        const __m128i inside = _mm_cmpgt_epi8(_mm_set1_epi8((char)count), lanes);
        __m128i f = _mm_and_si128(_mm_loadl_epi64((const __m128i *)fillCoverage), inside);
        __m128i r = _mm_and_si128(_mm_loadl_epi64((const __m128i *)ringCoverage), inside);
        _mm256_storeu_si256((__m256i *)pixels, blendEightPixelsTwice(pixels, f, r, fillLanes, ringLanes));
        return;
    }
    const long lastStep = count - 8;
    const __m256i last = blendEightPixelsTwice(
        pixels + lastStep, _mm_loadl_epi64((const __m128i *)(fillCoverage + lastStep)),
        _mm_loadl_epi64((const __m128i *)(ringCoverage + lastStep)), fillLanes, ringLanes);
    for (long i = 0; i < lastStep; i += 8) {
        __m256i blended = blendEightPixelsTwice(
            pixels + i, _mm_loadl_epi64((const __m128i *)(fillCoverage + i)),
            _mm_loadl_epi64((const __m128i *)(ringCoverage + i)), fillLanes, ringLanes);
        _mm256_storeu_si256((__m256i *)(pixels + i), blended);
    }
    _mm256_storeu_si256((__m256i *)(pixels + lastStep), last);
}

/// min(|a|, 1) of four values as Swift's `min` takes it: `1 < |a| ? 1 : |a|`.
__attribute__((target("avx2"))) static inline __m256d unitMagnitudes(__m256d a) {
    const __m256d magnitude = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFLL));
    return _mm256_min_pd(_mm256_set1_pd(1.0), _mm256_and_pd(a, magnitude));
}

/// Four values in 0…1 as the words `unitToByte` truncates to a byte: each times 255 plus a
/// half, the product and the sum rounded one at a time, then truncated.
__attribute__((target("avx2"))) static inline __m128i wordsOfUnits(__m256d units) {
#pragma STDC FP_CONTRACT OFF
    return _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(units, _mm256_set1_pd(255.0)), _mm256_set1_pd(0.5)));
}

/// Adds up the `count` cells of a stretch of a ring's row, the outer shape's from `outerCells`
/// and the inner shape's from `innerCells`, onto the running sums `*outer` and `*inner`; clears
/// each cell it reads; and writes each cell's fill and ring coverage bytes
/// (`RingPrefixSum.fillAndRingCoverage` of its sums) to `fillCoverage` and `ringCoverage`.
///
/// The sums are the same additions in the same order as one cell at a time (the two sums the
/// two lanes of one `ADDPD` a cell), so they have the same bits; the coverage is converted
/// four cells at a time with the comparisons' operands in Swift's order (`min(|a|, 1)` as
/// `1 < |a| ? 1 : |a|`, `greaterOf(o − i, 0)` as `o − i > 0 ? o − i : 0`) and the product and
/// the sum rounded one at a time, so it is the same bytes. Cells go four at a time: the one to three cells after the
/// stretch are added, cleared and converted too, so they must hold 0 (untouched cells of the
/// row, or the row's padding), which changes no sum's value, and their coverage bytes are
/// written. Call only when `processorHasAVX2()`.
///
/// One cell at a time in Swift, the conversion took 27 instructions a cell, most of them on the
/// two floating-point pipes; four at a time it takes about 11 (S2's boxes walk 185,000 cells a
/// frame: 34.64M → 33.59M instructions, the minimum 0.1–1.8% shorter in six pairs of six).
__attribute__((target("avx2"))) static inline void sumFillAndRingCellsAVX2(
    double *outerCells, double *innerCells, long count, double *outer, double *inner, unsigned char *fillCoverage,
    unsigned char *ringCoverage) {
#pragma STDC FP_CONTRACT OFF
    const __m256d zero = _mm256_setzero_pd();
    __m128d sums = _mm_set_pd(*inner, *outer);
    for (long c = 0; c < count; c += 4) {
        // (outer, inner) after each of the four cells.
        const __m128d s0 = _mm_add_pd(sums, _mm_loadh_pd(_mm_load_sd(outerCells + c), innerCells + c));
        const __m128d s1 = _mm_add_pd(s0, _mm_loadh_pd(_mm_load_sd(outerCells + c + 1), innerCells + c + 1));
        const __m128d s2 = _mm_add_pd(s1, _mm_loadh_pd(_mm_load_sd(outerCells + c + 2), innerCells + c + 2));
        const __m128d s3 = _mm_add_pd(s2, _mm_loadh_pd(_mm_load_sd(outerCells + c + 3), innerCells + c + 3));
        sums = s3;
        _mm256_storeu_pd(outerCells + c, zero);
        _mm256_storeu_pd(innerCells + c, zero);
        const __m256d even = _mm256_set_m128d(s2, s0), odd = _mm256_set_m128d(s3, s1);
        const __m256d o = unitMagnitudes(_mm256_unpacklo_pd(even, odd));
        const __m256d i = unitMagnitudes(_mm256_unpackhi_pd(even, odd));
        const __m256d r = _mm256_max_pd(_mm256_sub_pd(o, i), zero);
        const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(wordsOfUnits(o), wordsOfUnits(r)), _mm_setzero_si128());
        const int fillBytes = _mm_cvtsi128_si32(bytes), ringBytes = _mm_extract_epi32(bytes, 1);
        __builtin_memcpy(fillCoverage + c, &fillBytes, 4);
        __builtin_memcpy(ringCoverage + c, &ringBytes, 4);
    }
    *outer = _mm_cvtsd_f64(sums);
    *inner = _mm_cvtsd_f64(_mm_unpackhi_pd(sums, sums));
}

/// One dense row of a shape under the non-zero rule: the prefix sums of the first `count` cells
/// from `cells`, one at a time in order (the same bits as one cell at a time), each cell cleared
/// and its coverage `unitToByte(min(|sum|, 1))` written to `coverage`
/// (`ScanConverter.emitDenseRow`'s non-zero loop), four cells a step. The one to three cells
/// past `count` are added, cleared and converted too (their bytes written), so they must lie
/// inside the row's cells; their sums follow the row's last and change none of its bytes.
/// Call only when `processorHasAVX2()`.
///
/// One cell at a time the conversion took about 14 instructions a cell; here about 6 (S2's
/// rotated labels sum 38,000 cells a frame: 3.90M → 3.63M instructions, 2–6% shorter).
__attribute__((target("avx2"))) static inline void sumDenseCellsAVX2(
    double *cells, long count, unsigned char *coverage) {
#pragma STDC FP_CONTRACT OFF
    __m128d sum = _mm_setzero_pd();
    for (long c = 0; c < count; c += 4) {
        const __m128d s0 = _mm_add_sd(sum, _mm_load_sd(cells + c));
        const __m128d s1 = _mm_add_sd(s0, _mm_load_sd(cells + c + 1));
        const __m128d s2 = _mm_add_sd(s1, _mm_load_sd(cells + c + 2));
        const __m128d s3 = _mm_add_sd(s2, _mm_load_sd(cells + c + 3));
        sum = s3;
        _mm256_storeu_pd(cells + c, _mm256_setzero_pd());
        const __m256d sums = _mm256_set_m128d(_mm_unpacklo_pd(s2, s3), _mm_unpacklo_pd(s0, s1));
        const __m128i words = wordsOfUnits(unitMagnitudes(sums));
        const int bytes = _mm_cvtsi128_si32(_mm_packus_epi16(_mm_packs_epi32(words, words), _mm_setzero_si128()));
        __builtin_memcpy(coverage + c, &bytes, 4);
    }
}

/// Four registers of four doubles each as four registers of their columns: `*c0` = (r0[0],
/// r1[0], r2[0], r3[0]) and so on (four records of four fields to one register per field, and
/// back).
__attribute__((target("avx2"))) static inline void transposeFour(
    __m256d r0, __m256d r1, __m256d r2, __m256d r3, __m256d *c0, __m256d *c1, __m256d *c2, __m256d *c3) {
    const __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
    const __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
    *c0 = _mm256_permute2f128_pd(t0, t2, 0x20);
    *c1 = _mm256_permute2f128_pd(t1, t3, 0x20);
    *c2 = _mm256_permute2f128_pd(t0, t2, 0x31);
    *c3 = _mm256_permute2f128_pd(t1, t3, 0x31);
}

/// For four edge pieces inside one pixel row (ends `a`, `b` relative to a sweep area of
/// `limit` columns, signed heights `h`), the shares that `ScanConverter.accumulate` adds to the
/// cells of each piece lying inside one or two columns of the area, from the same operations in
/// the same order: `MINPD` and `MAXPD` pick their operands as Swift's `min` and `greaterOf` do
/// (the operand order below is theirs), `ROUNDPD`'s floor is `floorToInt` for the lanes kept
/// (their left end is at least 0), and nothing is fused. Call only when `processorHasAVX2()`.
///
/// Bits 0–3 of the result mark the lanes computed (a piece with both ends inside the area, its
/// right end past 0, across at most two columns), bits 4–7 those inside a single column. A
/// marked lane i adds `shares[i]` to cell `columns[i]`, then `shares[4 + i]` and `shares[8 + i]`
/// one after the other to the next cell, and `shares[12 + i]` to the one after that (both 0 for
/// a single column). Lanes not marked get no meaningful values and go to `accumulate` itself.
__attribute__((target("avx2"))) static inline int sharesOfShortPieces(
    __m256d a, __m256d b, __m256d h, double limit, int *columns, double *shares) {
#pragma STDC FP_CONTRACT OFF
    const __m256d zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1.0), half = _mm256_set1_pd(0.5);
    const __m256d xl = _mm256_min_pd(b, a), xr = _mm256_max_pd(a, b);
    const __m256d left = _mm256_floor_pd(xl), next = _mm256_add_pd(left, one);
    const __m256d inArea = _mm256_and_pd(
        _mm256_and_pd(_mm256_cmp_pd(xl, zero, _CMP_GE_OQ), _mm256_cmp_pd(xr, zero, _CMP_GT_OQ)),
        _mm256_cmp_pd(xr, _mm256_set1_pd(limit), _CMP_LT_OQ));
    const __m256d single = _mm256_or_pd(
        _mm256_cmp_pd(_mm256_sub_pd(xr, xl), _mm256_set1_pd(1e-12), _CMP_LT_OQ), _mm256_cmp_pd(xr, next, _CMP_LE_OQ));
    const __m256d two = _mm256_cmp_pd(xr, _mm256_add_pd(next, one), _CMP_LE_OQ);
    const __m256d simple = _mm256_and_pd(inArea, _mm256_or_pd(single, two));
    // One column: the piece's middle decides the split.
    const __m256d inside = _mm256_min_pd(
        _mm256_max_pd(_mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(xl, xr), half), left), zero), one);
    const __m256d s0 = _mm256_mul_pd(h, _mm256_sub_pd(one, inside)), s1 = _mm256_mul_pd(h, inside);
    // Two columns: each gets the height above it, split at its part's middle.
    const __m256d slope = _mm256_div_pd(h, _mm256_sub_pd(xr, xl));
    const __m256d lo0 = _mm256_max_pd(xl, left), hi0 = _mm256_min_pd(next, xr);
    const __m256d share0 = _mm256_mul_pd(slope, _mm256_sub_pd(hi0, lo0));
    const __m256d inside0 = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(lo0, hi0), half), left);
    const __m256d lo1 = _mm256_max_pd(xl, next), hi1 = _mm256_min_pd(_mm256_add_pd(next, one), xr);
    const __m256d share1 = _mm256_mul_pd(slope, _mm256_sub_pd(hi1, lo1));
    const __m256d inside1 = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(lo1, hi1), half), next);
    _mm256_storeu_pd(shares, _mm256_blendv_pd(_mm256_mul_pd(share0, _mm256_sub_pd(one, inside0)), s0, single));
    _mm256_storeu_pd(shares + 4, _mm256_blendv_pd(_mm256_mul_pd(share0, inside0), s1, single));
    _mm256_storeu_pd(shares + 8, _mm256_blendv_pd(_mm256_mul_pd(share1, _mm256_sub_pd(one, inside1)), zero, single));
    _mm256_storeu_pd(shares + 12, _mm256_blendv_pd(_mm256_mul_pd(share1, inside1), zero, single));
    _mm_storeu_si128((__m128i *)columns, _mm256_cvttpd_epi32(left));
    return _mm256_movemask_pd(simple) | (_mm256_movemask_pd(_mm256_and_pd(simple, single)) << 4);
}

/// The pieces of `count` (1…4) active edges `edges[indices[i]]` inside the pixel row from
/// `rowTop` to `rowBottom`, four at a time: each piece's ends relative to `left` and its signed
/// height (to `xa`, `xb`, `height`), by the sweep's general formula with its operations in its
/// order (`greaterOf` and `min` as `MAXPD` and `MINPD` with Swift's operand order, the ends'
/// selects as blends), and then the shares of those inside one or two columns of a row of
/// `limit` columns (`sharesOfShortPieces`, whose lane marks the result carries in bits 0–7).
/// Bits 8–11 mark the lanes with a piece, as the scalar path tests (an active edge always has
/// one). Lanes past `count` repeat the first edge. Call only when `processorHasAVX2()`.
__attribute__((target("avx2"))) static inline int piecesOfFourEdges(
    const ScanEdge *edges, const int *indices, long count, double rowTop, double rowBottom, double left,
    double limit, double *xa, double *xb, double *height, int *columns, double *shares) {
#pragma STDC FP_CONTRACT OFF
    const ScanEdge *e0 = edges + indices[0];
    const ScanEdge *e1 = edges + indices[count > 1 ? 1 : 0];
    const ScanEdge *e2 = edges + indices[count > 2 ? 2 : 0];
    const ScanEdge *e3 = edges + indices[count > 3 ? 3 : 0];
    // (x0, y0, x1, y1) of each edge, transposed to one register per field.
    __m256d x0, y0, x1, y1;
    transposeFour(
        _mm256_loadu_pd(&e0->x0), _mm256_loadu_pd(&e1->x0), _mm256_loadu_pd(&e2->x0), _mm256_loadu_pd(&e3->x0), &x0,
        &y0, &x1, &y1);
    const __m256d s02 = _mm256_set_m128d(_mm_loadu_pd(&e2->dxdy), _mm_loadu_pd(&e0->dxdy));
    const __m256d s13 = _mm256_set_m128d(_mm_loadu_pd(&e3->dxdy), _mm_loadu_pd(&e1->dxdy));
    const __m256d dxdy = _mm256_unpacklo_pd(s02, s13), direction = _mm256_unpackhi_pd(s02, s13);
    // greaterOf(y0, top) and min(y1, bottom), operands in Swift's order.
    const __m256d ya = _mm256_max_pd(y0, _mm256_set1_pd(rowTop));
    const __m256d yb = _mm256_min_pd(_mm256_set1_pd(rowBottom), y1);
    const __m256d some = _mm256_cmp_pd(yb, ya, _CMP_NLE_UQ);
    const __m256d a = _mm256_blendv_pd(
        _mm256_add_pd(x0, _mm256_mul_pd(_mm256_sub_pd(ya, y0), dxdy)), x0, _mm256_cmp_pd(ya, y0, _CMP_EQ_OQ));
    const __m256d b = _mm256_blendv_pd(
        _mm256_add_pd(x0, _mm256_mul_pd(_mm256_sub_pd(yb, y0), dxdy)), x1, _mm256_cmp_pd(yb, y1, _CMP_EQ_OQ));
    const __m256d h = _mm256_mul_pd(_mm256_sub_pd(yb, ya), direction);
    const __m256d origin = _mm256_set1_pd(left);
    const __m256d ra = _mm256_sub_pd(a, origin), rb = _mm256_sub_pd(b, origin);
    _mm256_storeu_pd(xa, ra);
    _mm256_storeu_pd(xb, rb);
    _mm256_storeu_pd(height, h);
    return sharesOfShortPieces(ra, rb, h, limit, columns, shares) | (_mm256_movemask_pd(some) << 8);
}

/// The edges of `segments`, four at a time in AVX2, for as many whole groups of four as
/// `count` holds; returns how many segments it read (a multiple of 4) and adds to `*written`
/// the edges it wrote from `edges + *written` on. Each segment becomes the edge
/// `ScanConverter.EdgeList.add` makes of it, with the same bits: a level segment or one with a
/// coordinate that is not finite is dropped; the others run downwards (the upper end first,
/// the ends kept as they are), with `dxdy` = Δx / Δy by one division of the same differences,
/// `direction` 1 for a segment that ran down and −1 for one that ran up, and `inner`.
/// `bounds` (minimum x, minimum y, maximum x, maximum y) takes in the segments kept. Each lane's
/// edge is stored whether it is kept or not, and the count only advances past a kept one, so
/// the next overwrites a dropped one: `edges` needs room for `count` edges past `*written`.
/// Call only when `processorHasAVX2()`.
__attribute__((target("avx2"))) static inline long edgesOfSegments(
    const PathSegment *segments, long count, _Bool inner, ScanEdge *edges, long *written, double *bounds) {
#pragma STDC FP_CONTRACT OFF
    const __m256d signless = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFLL));
    const __m256d largest = _mm256_set1_pd(1.7976931348623157e308);
    const __m256d infinity = _mm256_set1_pd(__builtin_inf()), negativeInfinity = _mm256_set1_pd(-__builtin_inf());
    const __m256d one = _mm256_set1_pd(1.0), minusOne = _mm256_set1_pd(-1.0);
    __m256d lowX = _mm256_set1_pd(bounds[0]), lowY = _mm256_set1_pd(bounds[1]);
    __m256d highX = _mm256_set1_pd(bounds[2]), highY = _mm256_set1_pd(bounds[3]);
    long n = *written;
    long done = 0;
    for (; done + 4 <= count; done += 4) {
        // (x0, y0, x1, y1) of each segment, transposed to one register per field.
        __m256d ax, ay, bx, by;
        transposeFour(
            _mm256_loadu_pd(&segments[done].x0), _mm256_loadu_pd(&segments[done + 1].x0),
            _mm256_loadu_pd(&segments[done + 2].x0), _mm256_loadu_pd(&segments[done + 3].x0), &ax, &ay, &bx, &by);
        // Kept: not level, and every coordinate finite (|v| ≤ the largest double; NaN fails).
        __m256d kept = _mm256_cmp_pd(ay, by, _CMP_NEQ_OQ);
        kept = _mm256_and_pd(kept, _mm256_cmp_pd(_mm256_and_pd(ax, signless), largest, _CMP_LE_OQ));
        kept = _mm256_and_pd(kept, _mm256_cmp_pd(_mm256_and_pd(ay, signless), largest, _CMP_LE_OQ));
        kept = _mm256_and_pd(kept, _mm256_cmp_pd(_mm256_and_pd(bx, signless), largest, _CMP_LE_OQ));
        kept = _mm256_and_pd(kept, _mm256_cmp_pd(_mm256_and_pd(by, signless), largest, _CMP_LE_OQ));
        const __m256d down = _mm256_cmp_pd(ay, by, _CMP_LT_OQ);
        const __m256d px = _mm256_blendv_pd(bx, ax, down), py = _mm256_blendv_pd(by, ay, down);
        const __m256d qx = _mm256_blendv_pd(ax, bx, down), qy = _mm256_blendv_pd(ay, by, down);
        const __m256d dxdy = _mm256_div_pd(_mm256_sub_pd(qx, px), _mm256_sub_pd(qy, py));
        const __m256d direction = _mm256_blendv_pd(minusOne, one, down);
        // The bounds take the kept lanes only (the others are infinities that change nothing).
        lowX = _mm256_min_pd(lowX, _mm256_blendv_pd(infinity, _mm256_min_pd(ax, bx), kept));
        highX = _mm256_max_pd(highX, _mm256_blendv_pd(negativeInfinity, _mm256_max_pd(ax, bx), kept));
        lowY = _mm256_min_pd(lowY, _mm256_blendv_pd(infinity, py, kept));
        highY = _mm256_max_pd(highY, _mm256_blendv_pd(negativeInfinity, qy, kept));
        // Back to one register per edge: (x0, y0, x1, y1), then (dxdy, direction) per pair.
        __m256d e0, e1, e2, e3;
        transposeFour(px, py, qx, qy, &e0, &e1, &e2, &e3);
        const __m256d s02 = _mm256_unpacklo_pd(dxdy, direction), s13 = _mm256_unpackhi_pd(dxdy, direction);
        const int keep = _mm256_movemask_pd(kept);
        _mm256_storeu_pd(&edges[n].x0, e0);
        _mm_storeu_pd(&edges[n].dxdy, _mm256_castpd256_pd128(s02));
        edges[n].inner = inner;
        n += keep & 1;
        _mm256_storeu_pd(&edges[n].x0, e1);
        _mm_storeu_pd(&edges[n].dxdy, _mm256_castpd256_pd128(s13));
        edges[n].inner = inner;
        n += (keep >> 1) & 1;
        _mm256_storeu_pd(&edges[n].x0, e2);
        _mm_storeu_pd(&edges[n].dxdy, _mm256_extractf128_pd(s02, 1));
        edges[n].inner = inner;
        n += (keep >> 2) & 1;
        _mm256_storeu_pd(&edges[n].x0, e3);
        _mm_storeu_pd(&edges[n].dxdy, _mm256_extractf128_pd(s13, 1));
        edges[n].inner = inner;
        n += (keep >> 3) & 1;
    }
    // Each bound over the four lanes.
    double lanes[4];
    _mm256_storeu_pd(lanes, lowX);
    bounds[0] = __builtin_fmin(__builtin_fmin(lanes[0], lanes[1]), __builtin_fmin(lanes[2], lanes[3]));
    _mm256_storeu_pd(lanes, lowY);
    bounds[1] = __builtin_fmin(__builtin_fmin(lanes[0], lanes[1]), __builtin_fmin(lanes[2], lanes[3]));
    _mm256_storeu_pd(lanes, highX);
    bounds[2] = __builtin_fmax(__builtin_fmax(lanes[0], lanes[1]), __builtin_fmax(lanes[2], lanes[3]));
    _mm256_storeu_pd(lanes, highY);
    bounds[3] = __builtin_fmax(__builtin_fmax(lanes[0], lanes[1]), __builtin_fmax(lanes[2], lanes[3]));
    *written = n;
    return done;
}

/// The integrals of one axis of a rounded corner (`CornerCutTable.AxisIntegrals`), four
/// boundaries at a time: for each of the `count` boundaries `edges[k]`, the arc's u there
/// (`arcs[k]`: the boundary itself for columns; for rows, rx·√(max((1 − t)(1 + t), 0)) with
/// t = v/ry) and G(u) = (ry/rx)·½·(u·√(max((rx − u)(rx + u), 0)) + rx²·arcsin(min(u/rx, 1)))
/// (`areas[k]`), with `unitArcsine`'s operations in each lane. Every operation is one IEEE
/// operation in the order Swift's scalar reference makes them (`CornerCutTable.area`), so the
/// values have the same bits. Lanes past `count` up to the next multiple of four are computed
/// too, from whatever `edges` holds there: the three arrays need room for them. Call only when
/// `processorHasAVX2()`.
__attribute__((target("avx2"))) static inline void cornerAxisIntegralsAVX2(
    const double *edges, double *arcs, double *areas, long count, _Bool rows, double rx, double ry) {
#pragma STDC FP_CONTRACT OFF
    static const double c[13] = CINTRINSICS_ARCSINE_COEFFICIENTS;
    const __m256d one = _mm256_set1_pd(1.0), half = _mm256_set1_pd(0.5), zero = _mm256_setzero_pd();
    const __m256d two = _mm256_set1_pd(2.0), quarterTurn = _mm256_set1_pd(1.5707963267948966);
    const __m256d radiusX = _mm256_set1_pd(rx), radiusY = _mm256_set1_pd(ry);
    const __m256d squareX = _mm256_set1_pd(rx * rx), scale = _mm256_set1_pd(ry / rx * 0.5);
    for (long k = 0; k < count; k += 4) {
        __m256d u = _mm256_loadu_pd(edges + k);
        if (rows) {
            const __m256d t = _mm256_div_pd(u, radiusY);
            const __m256d s = _mm256_mul_pd(_mm256_sub_pd(one, t), _mm256_add_pd(one, t));
            u = _mm256_mul_pd(radiusX, _mm256_sqrt_pd(_mm256_max_pd(s, zero)));
        }
        _mm256_storeu_pd(arcs + k, u);
        // arcsin(min(u/rx, 1)), both of `unitArcsine`'s ranges computed and one kept per lane.
        const __m256d a = _mm256_min_pd(_mm256_div_pd(u, radiusX), one);
        const __m256d small = _mm256_cmp_pd(a, half, _CMP_LE_OQ);
        const __m256d z = _mm256_blendv_pd(_mm256_mul_pd(_mm256_sub_pd(one, a), half), _mm256_mul_pd(a, a), small);
        const __m256d t = _mm256_blendv_pd(_mm256_sqrt_pd(z), a, small);
#define CINTRINSICS_TERMS(i, j) _mm256_add_pd(_mm256_set1_pd(c[i]), _mm256_mul_pd(_mm256_set1_pd(c[j]), z))
        const __m256d z2 = _mm256_mul_pd(z, z), z4 = _mm256_mul_pd(z2, z2), z8 = _mm256_mul_pd(z4, z4);
        const __m256d q0 = _mm256_add_pd(CINTRINSICS_TERMS(0, 1), _mm256_mul_pd(z2, CINTRINSICS_TERMS(2, 3)));
        const __m256d q1 = _mm256_add_pd(CINTRINSICS_TERMS(4, 5), _mm256_mul_pd(z2, CINTRINSICS_TERMS(6, 7)));
        const __m256d q2 = _mm256_add_pd(CINTRINSICS_TERMS(8, 9), _mm256_mul_pd(z2, CINTRINSICS_TERMS(10, 11)));
#undef CINTRINSICS_TERMS
        const __m256d p = _mm256_add_pd(
            _mm256_add_pd(q0, _mm256_mul_pd(z4, q1)),
            _mm256_mul_pd(z8, _mm256_add_pd(q2, _mm256_mul_pd(z4, _mm256_set1_pd(c[12])))));
        const __m256d r = _mm256_add_pd(t, _mm256_mul_pd(t, _mm256_mul_pd(z, p)));
        const __m256d arcsine = _mm256_blendv_pd(_mm256_sub_pd(quarterTurn, _mm256_mul_pd(two, r)), r, small);
        const __m256d w = _mm256_sqrt_pd(
            _mm256_max_pd(_mm256_mul_pd(_mm256_sub_pd(radiusX, u), _mm256_add_pd(radiusX, u)), zero));
        const __m256d g = _mm256_mul_pd(scale, _mm256_add_pd(_mm256_mul_pd(u, w), _mm256_mul_pd(squareX, arcsine)));
        _mm256_storeu_pd(areas + k, g);
    }
}

/// The cuts of a corner's table (`CornerCutTable.rebuild`), four columns at a time: `rows` rows
/// of `columns` values at `cuts`, row-major. The columns' boundaries are `uEdges` (G at them in
/// `gColumn`), the rows' `vEdges`, the arc's u at those `uRow` and G there `gRow`, as
/// `CornerCutTable.AxisIntegrals` keeps them. For each row the scalar loops' three stretches
/// (columns inside the arc: 0; columns it crosses: the box less the area inside; columns past
/// it: the box) are chosen lane by lane, and every value is the scalar reference's operations
/// in its order, `min` and `max` included with Swift's choice between equal zeros, so the bits
/// are the same. `uEdges` and `gColumn` are read up to four past `columns` (rounded up to four),
/// whatever they hold there. A row's last step stores all four lanes, over the next row's first
/// cuts (written after) and, for the last row, up to three values past `rows · columns`: `cuts`
/// needs room for them. (A masked store took a quarter of the kernel's time on this machine's
/// AMD processor.) Call only when `processorHasAVX2()`.
__attribute__((target("avx2"))) static inline void cornerCutRowsAVX2(
    const double *uEdges, const double *gColumn, long columns, const double *vEdges, const double *uRow,
    const double *gRow, long rows, double *cuts) {
#pragma STDC FP_CONTRACT OFF
    const __m256d zero = _mm256_setzero_pd();
    for (long j = 0; j < rows; j++) {
        const double v0 = vEdges[j], v1 = vEdges[j + 1], dv = v1 - v0;
        const double uA = uRow[j + 1], uB = uRow[j], gA = gRow[j + 1], gB = gRow[j];
        const double full = dv * uA + (gB - gA) - v0 * (uB - uA);
        const __m256d lowV = _mm256_set1_pd(v0), height = _mm256_set1_pd(dv);
        const __m256d arcA = _mm256_set1_pd(uA), arcB = _mm256_set1_pd(uB), areaA = _mm256_set1_pd(gA);
        const __m256d whole = _mm256_set1_pd(full), heightTimesA = _mm256_set1_pd(dv * uA);
        double *out = cuts + j * columns;
        for (long i = 0; i < columns; i += 4) {
            const __m256d u0 = _mm256_loadu_pd(uEdges + i), u1 = _mm256_loadu_pd(uEdges + i + 1);
            const __m256d g0 = _mm256_loadu_pd(gColumn + i), g1 = _mm256_loadu_pd(gColumn + i + 1);
            // `inside` at both boundaries: below uA the row's whole height, past uB the row's full
            // area, between them the area under the arc.
#define CINTRINSICS_INSIDE(u, g)                                                                                   \
    _mm256_blendv_pd(                                                                                              \
        _mm256_blendv_pd(                                                                                          \
            _mm256_sub_pd(_mm256_add_pd(heightTimesA, _mm256_sub_pd(g, areaA)),                                    \
                _mm256_mul_pd(lowV, _mm256_sub_pd(u, arcA))),                                                      \
            whole, _mm256_cmp_pd(u, arcB, _CMP_GE_OQ)),                                                            \
        _mm256_mul_pd(height, u), _mm256_cmp_pd(u, arcA, _CMP_LE_OQ))
            const __m256d previous = CINTRINSICS_INSIDE(u0, g0), next = CINTRINSICS_INSIDE(u1, g1);
#undef CINTRINSICS_INSIDE
            const __m256d box = _mm256_mul_pd(_mm256_sub_pd(u1, u0), height);
            // Swift's min(box, max(0, d)): max(0, d) is d unless 0 > d (−0 stays −0), and
            // min(box, m) is m when m < box.
            const __m256d crossed =
                _mm256_min_pd(_mm256_max_pd(zero, _mm256_sub_pd(box, _mm256_sub_pd(next, previous))), box);
            __m256d cut = _mm256_blendv_pd(crossed, box, _mm256_cmp_pd(u0, arcB, _CMP_GE_OQ));
            cut = _mm256_blendv_pd(cut, zero, _mm256_cmp_pd(u1, arcA, _CMP_LE_OQ));
            _mm256_storeu_pd(out + i, cut);
        }
    }
}
#else
static inline long blendSolidSpanAVX2(unsigned int *pixels, long count, unsigned int color) {
    (void)pixels;
    (void)count;
    (void)color;
    return 0;
}

static inline long blendSolidSpanAVX512(unsigned int *pixels, long count, unsigned int color) {
    (void)pixels;
    (void)count;
    (void)color;
    return 0;
}

static inline long blendSolidSpanWide(unsigned int *pixels, long count, unsigned int color) {
    (void)pixels;
    (void)count;
    (void)color;
    return 0;
}

static inline void blendPixelsTwiceAVX2(
    unsigned int *pixels, long count, long room, const unsigned char *fillCoverage, const unsigned char *ringCoverage,
    unsigned int fill, unsigned int ring) {
    (void)room;
    blendPixelsTwice(pixels, count, fillCoverage, ringCoverage, fill, ring);
}

static inline void sumFillAndRingCellsAVX2(
    double *outerCells, double *innerCells, long count, double *outer, double *inner, unsigned char *fillCoverage,
    unsigned char *ringCoverage) {
    (void)outerCells;
    (void)innerCells;
    (void)count;
    (void)outer;
    (void)inner;
    (void)fillCoverage;
    (void)ringCoverage;
}

static inline void sumDenseCellsAVX2(double *cells, long count, unsigned char *coverage) {
    (void)cells;
    (void)count;
    (void)coverage;
}

static inline long edgesOfSegments(
    const PathSegment *segments, long count, _Bool inner, ScanEdge *edges, long *written, double *bounds) {
    (void)segments;
    (void)count;
    (void)inner;
    (void)edges;
    (void)written;
    (void)bounds;
    return 0;
}

static inline long blendCoverageSpanAVX2(
    unsigned int *pixels, long count, unsigned int color, const unsigned char *coverage) {
    (void)pixels;
    (void)count;
    (void)color;
    (void)coverage;
    return 0;
}

static inline int piecesOfFourEdges(
    const ScanEdge *edges, const int *indices, long count, double rowTop, double rowBottom, double left,
    double limit, double *xa, double *xb, double *height, int *columns, double *shares) {
    (void)edges;
    (void)indices;
    (void)count;
    (void)rowTop;
    (void)rowBottom;
    (void)left;
    (void)limit;
    (void)xa;
    (void)xb;
    (void)height;
    (void)columns;
    (void)shares;
    return 0;
}

static inline void cornerAxisIntegralsAVX2(
    const double *edges, double *arcs, double *areas, long count, _Bool rows, double rx, double ry) {
    (void)edges;
    (void)arcs;
    (void)areas;
    (void)count;
    (void)rows;
    (void)rx;
    (void)ry;
}

static inline void cornerCutRowsAVX2(
    const double *uEdges, const double *gColumn, long columns, const double *vEdges, const double *uRow,
    const double *gRow, long rows, double *cuts) {
    (void)uEdges;
    (void)gColumn;
    (void)columns;
    (void)vEdges;
    (void)uRow;
    (void)gRow;
    (void)rows;
    (void)cuts;
}

#endif

#endif
