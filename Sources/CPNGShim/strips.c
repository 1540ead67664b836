// One strip of a PNG's image data: rows packed to RGB or RGBA, filtered, and
// deflated on their own so that strips can be compressed on several threads.
//
// The technique is pigz's (Mark Adler, https://zlib.net/pigz/): each block
// is raw deflate primed with the bytes before it (deflateSetDictionary),
// ended with a sync flush so the blocks concatenate into one deflate stream;
// the adler32 values of the blocks are joined with adler32_combine.
#include "CPNGShim.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/// How many bytes of filtered data prime zlib before the rows it compresses, at
/// the start of a strip and after a run of zero rows: the rows that follow
/// mostly match the row or two above. Priming with zlib's whole 32 KiB window
/// (hashing every byte of it, and filtering ten rows more per strip) cost 12%
/// more instructions for 43 bytes less in the S1 frame (BENCHMARKS.md).
enum { cpng_dictionary = 1024 };

#if defined(__x86_64__) && defined(__GNUC__)
#include <tmmintrin.h>

/// Packs pixels [0, x) of an RGBA row to RGB with SSSE3's byte shuffle, four pixels a step,
/// for the x it returns: it stops while a 16-byte store still ends inside the row's
/// 3 × width bytes. Compiled for SSSE3 alone and called only where the CPU has it (the
/// package builds for baseline x86-64).
__attribute__((target("ssse3"))) static uint32_t cpng_pack_rgb_ssse3(const uint8_t *rgba, uint32_t width,
                                                                     uint8_t *out) {
    const __m128i drop_alpha = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    uint32_t x = 0;
    for (; x + 6 <= width; x += 4) {
        __m128i pixels = _mm_loadu_si128((const __m128i *)(rgba + 4 * (size_t)x));
        _mm_storeu_si128((__m128i *)(out + 3 * (size_t)x), _mm_shuffle_epi8(pixels, drop_alpha));
    }
    return x;
}
#endif

/// Copies one row of RGBA pixels as `bpp` bytes per pixel (4, or 3 dropping alpha).
static void cpng_pack_row(const uint8_t *rgba, uint32_t width, int bpp, uint8_t *out) {
    if (bpp == 4) {
        memcpy(out, rgba, (size_t)width * 4);
        return;
    }
    uint32_t x = 0;
#if defined(__x86_64__) && defined(__GNUC__)
    if (__builtin_cpu_supports("ssse3")) x = cpng_pack_rgb_ssse3(rgba, width, out);
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    // Four pixels a step in 64-bit words: 16 bytes in, 12 out, alpha bytes shifted away.
    for (; x + 4 <= width; x += 4) {
        uint64_t first, second;
        memcpy(&first, rgba + 4 * x, 8);
        memcpy(&second, rgba + 4 * x + 8, 8);
        first = (first & 0xFFFFFFu) | ((first >> 8) & 0xFFFFFF000000u);  // p0, p1: 6 bytes
        second = (second & 0xFFFFFFu) | ((second >> 8) & 0xFFFFFF000000u);  // p2, p3
        uint64_t low = first | (second << 48);
        uint32_t high = (uint32_t)(second >> 16);
        memcpy(out + 3 * x, &low, 8);
        memcpy(out + 3 * x + 8, &high, 4);
    }
#endif
    for (; x < width; x++) {
        out[3 * x] = rgba[4 * x];
        out[3 * x + 1] = rgba[4 * x + 1];
        out[3 * x + 2] = rgba[4 * x + 2];
    }
}

/// The Paeth predictor (PNG spec §9.4): of left, above and upper-left, the
/// one closest to left + above − upper-left, ties in that order.
static inline uint8_t cpng_paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    return pb <= pc ? (uint8_t)b : (uint8_t)c;
}

/// Writes the filter-type byte and the filtered row (PNG spec §9.2). `prev`
/// is the packed row above, or NULL for the image's first row (all zeros).
static void cpng_filter_row(int type, int bpp, const uint8_t *cur, const uint8_t *prev, size_t n,
                            uint8_t *out) {
    out[0] = (uint8_t)type;
    out += 1;
    size_t lead = (size_t)bpp < n ? (size_t)bpp : n;
    switch (type) {
    case CPNG_ROW_FILTER_SUB:
        memcpy(out, cur, lead);
        for (size_t i = lead; i < n; i++) out[i] = (uint8_t)(cur[i] - cur[i - bpp]);
        return;
    case CPNG_ROW_FILTER_UP:
        if (prev == NULL) break;
        for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(cur[i] - prev[i]);
        return;
    case CPNG_ROW_FILTER_AVERAGE:
        for (size_t i = 0; i < n; i++) {
            int left = i >= (size_t)bpp ? cur[i - bpp] : 0;
            int above = prev != NULL ? prev[i] : 0;
            out[i] = (uint8_t)(cur[i] - ((left + above) >> 1));
        }
        return;
    case CPNG_ROW_FILTER_PAETH:
        for (size_t i = 0; i < n; i++) {
            int left = i >= (size_t)bpp ? cur[i - bpp] : 0;
            int above = prev != NULL ? prev[i] : 0;
            int corner = (prev != NULL && i >= (size_t)bpp) ? prev[i - bpp] : 0;
            out[i] = (uint8_t)(cur[i] - cpng_paeth(left, above, corner));
        }
        return;
    default:
        break;
    }
    memcpy(out, cur, n);  // NONE, and UP on the first row
}

/// Filters rows [first, first + count) into `out` (count × (1 + n) bytes).
/// `prev` and `cur` are scratch rows of n bytes.
static void cpng_filter_rows(const uint8_t *pixels, uint32_t width, size_t bytes_per_row, int bpp,
                             int type, uint32_t first, uint32_t count, uint8_t *prev,
                             uint8_t *cur, uint8_t *out) {
    size_t n = (size_t)width * bpp;
    if (first > 0) cpng_pack_row(pixels + (size_t)(first - 1) * bytes_per_row, width, bpp, prev);
    for (uint32_t r = 0; r < count; r++) {
        uint32_t y = first + r;
        cpng_pack_row(pixels + (size_t)y * bytes_per_row, width, bpp, cur);
        cpng_filter_row(type, bpp, cur, y > 0 ? prev : NULL, n, out + (size_t)r * (n + 1));
        uint8_t *swap = prev;
        prev = cur;
        cur = swap;
    }
}

/// How many rows from `first` (before `end`, at most `most`) filter to zeros.
static uint32_t cpng_zero_run(const uint8_t *rows, size_t row_length, uint32_t first, uint32_t end,
                              uint32_t most) {
    uint32_t count = 0;
    while (first + count < end && count < most &&
           cpng_filtered_row_is_zero(rows + (size_t)(first + count) * row_length, row_length - 1))
        count++;
    return count;
}

/// Runs deflate over all input, growing `strip->data` whenever output space runs out.
static int cpng_deflate_all(z_stream *stream, int flush, cpng_buffer *data) {
    for (;;) {
        if (data->capacity - data->size < 64) {
            size_t capacity = data->capacity * 2 + 4096;
            uint8_t *grown = (uint8_t *)realloc(data->data, capacity);
            if (grown == NULL) return Z_MEM_ERROR;
            data->data = grown;
            data->capacity = capacity;
        }
        stream->next_out = data->data + data->size;
        stream->avail_out = (uInt)(data->capacity - data->size);
        int result = deflate(stream, flush);
        data->size = data->capacity - stream->avail_out;
        if (result == Z_STREAM_END) return Z_OK;
        if (result != Z_OK && result != Z_BUF_ERROR) return result;
        if (stream->avail_in == 0 && stream->avail_out != 0) return Z_OK;
    }
}

cpng_status cpng_deflate_strip(const uint8_t *pixels, uint32_t width, uint32_t height,
                               size_t bytes_per_row, int keep_alpha, int filter_type,
                               int coder, int level, int strategy, uint32_t least_zero_run,
                               uint32_t first_row, uint32_t row_count, cpng_strip *strip, char *message,
                               size_t message_capacity) {
    cpng_copy_message(message, message_capacity, "");
    int bpp = keep_alpha ? 4 : 3;
    size_t n = (size_t)width * bpp;
    size_t row_length = n + 1;
    // Rows before the strip whose filtered bytes fill the dictionary.
    uint32_t back = first_row == 0 ? 0 : (uint32_t)((cpng_dictionary + row_length - 1) / row_length);
    if (back > first_row) back = first_row;
    size_t filtered_size = (size_t)(back + row_count) * row_length;

    uint8_t *rows = (uint8_t *)malloc(2 * n + filtered_size);
    if (rows == NULL || row_count == 0 || first_row + row_count > height) {
        free(rows);
        cpng_copy_message(message, message_capacity,
                          rows == NULL ? "out of memory for a PNG strip" : "strip outside the image");
        return rows == NULL ? CPNG_NO_MEMORY : CPNG_ERROR;
    }
    uint8_t *filtered = rows + 2 * n;
    cpng_filter_rows(pixels, width, bytes_per_row, bpp, filter_type, first_row - back,
                     back + row_count, rows, rows + n, filtered);
    uint8_t *own = filtered + (size_t)back * row_length;
    size_t own_size = (size_t)row_count * row_length;
    strip->length = own_size;
    strip->adler = cpng_adler32(1, own, own_size);

    int last = first_row + row_count == height;
    if (coder == CPNG_CODER_GREEDY) {
        size_t start = (size_t)back * row_length;
        int done = cpng_greedy_deflate(&strip->data, filtered, start, start + own_size, last);
        free(rows);
        if (done) return CPNG_OK;
        cpng_copy_message(message, message_capacity, "out of memory for a PNG strip");
        return CPNG_NO_MEMORY;
    }

    z_stream stream;
    memset(&stream, 0, sizeof stream);
    cpng_status status = CPNG_ERROR;
    int result = deflateInit2(&stream, level, Z_DEFLATED, -15, 8, strategy);
    // zlib is primed just before the rows it compresses with the bytes before them: at the
    // strip's start, and afresh after a run of zero rows it has not seen.
    int primed = 0, used = 0;
    uint32_t r = 0;
    while (result == Z_OK && r < row_count) {
        uint32_t zeros = least_zero_run > 0 ? cpng_zero_run(own, row_length, r, row_count, row_count) : 0;
        if (least_zero_run > 0 && zeros >= least_zero_run) {
            if (!cpng_deflate_zero_rows(&strip->data, filter_type, zeros, n)) result = Z_MEM_ERROR;
            r += zeros;
            primed = 0;
            continue;
        }
        // Rows for zlib: up to the next run of zero rows long enough to code apart.
        uint32_t end = r + 1;
        while (least_zero_run > 0 && end < row_count) {
            uint32_t run = cpng_zero_run(own, row_length, end, row_count, least_zero_run);
            if (run >= least_zero_run) break;
            end += run > 0 ? run : 1;
        }
        if (least_zero_run == 0) end = row_count;
        if (!primed) {
            if (used) result = deflateReset(&stream);
            size_t before = (size_t)(back + r) * row_length;
            size_t dictionary = before < cpng_dictionary ? before : cpng_dictionary;
            if (result == Z_OK && dictionary > 0)
                result = deflateSetDictionary(&stream, own + (size_t)r * row_length - dictionary, (uInt)dictionary);
            primed = 1;
        }
        if (result == Z_OK) {
            stream.next_in = own + (size_t)r * row_length;
            stream.avail_in = (uInt)((size_t)(end - r) * row_length);
            result = cpng_deflate_all(&stream, last && end == row_count ? Z_FINISH : Z_SYNC_FLUSH, &strip->data);
            used = 1;
        }
        r = end;
    }
    if (result == Z_OK && last && !primed) {
        // The image ends with zero rows: an empty final block ends the stream.
        if (used) result = deflateReset(&stream);
        if (result == Z_OK) {
            stream.next_in = own;
            stream.avail_in = 0;
            result = cpng_deflate_all(&stream, Z_FINISH, &strip->data);
        }
    }
    if (result == Z_OK) {
        status = CPNG_OK;
    } else {
        status = result == Z_MEM_ERROR ? CPNG_NO_MEMORY : CPNG_ERROR;
        cpng_copy_message(message, message_capacity,
                          stream.msg != NULL        ? stream.msg
                          : result == Z_MEM_ERROR ? "out of memory for a PNG strip"
                                                  : "zlib could not compress a PNG strip");
    }
    deflateEnd(&stream);
    free(rows);
    return status;
}
