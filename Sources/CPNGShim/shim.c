// CPNGShim — libpng behind status codes. See include/CPNGShim.h.
//
// Pattern (the libpng manual, "Setting up error handling"): a custom error
// callback copies the message and longjmps to a jmp_buf owned by the public
// function that called setjmp; that function then falls through to its single
// cleanup path. Variables read after the longjmp are not modified between
// setjmp and longjmp, or are volatile.
#include "CPNGShim.h"
#include "internal.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

_Static_assert(CPNG_FILTER_NONE == PNG_FILTER_NONE, "filter constant");
_Static_assert(CPNG_FILTER_SUB == PNG_FILTER_SUB, "filter constant");
_Static_assert(CPNG_FILTER_UP == PNG_FILTER_UP, "filter constant");
_Static_assert(CPNG_FILTER_AVERAGE == PNG_FILTER_AVG, "filter constant");
_Static_assert(CPNG_FILTER_PAETH == PNG_FILTER_PAETH, "filter constant");
_Static_assert(CPNG_FILTER_ALL == PNG_ALL_FILTERS, "filter constant");
_Static_assert(CPNG_STRATEGY_DEFAULT == Z_DEFAULT_STRATEGY, "strategy constant");
_Static_assert(CPNG_STRATEGY_FILTERED == Z_FILTERED, "strategy constant");
_Static_assert(CPNG_STRATEGY_HUFFMAN_ONLY == Z_HUFFMAN_ONLY, "strategy constant");
_Static_assert(CPNG_STRATEGY_RLE == Z_RLE, "strategy constant");
_Static_assert(CPNG_STRATEGY_FIXED == Z_FIXED, "strategy constant");

// MARK: - Errors

/// Where libpng's error callback jumps to, and where it leaves the message.
typedef struct {
    jmp_buf jump;
    char *message;
    size_t capacity;
} cpng_error_state;

void cpng_copy_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    size_t n = strlen(text);
    if (n >= capacity) n = capacity - 1;
    memcpy(message, text, n);
    message[n] = '\0';
}

static void cpng_on_error(png_structp png, png_const_charp text) {
    cpng_error_state *state = (cpng_error_state *)png_get_error_ptr(png);
    cpng_copy_message(state->message, state->capacity, text != NULL ? text : "unknown libpng error");
    longjmp(state->jump, 1);
}

static void cpng_on_warning(png_structp png, png_const_charp text) {
    // Warnings (e.g. a bad CRC in an ancillary chunk, which libpng skips) are
    // not failures; they are deliberately not printed.
    (void)png;
    (void)text;
}

// MARK: - Encoding

static void cpng_write_to_buffer(png_structp png, png_bytep bytes, size_t length) {
    cpng_buffer *buffer = (cpng_buffer *)png_get_io_ptr(png);
    if (length > SIZE_MAX - buffer->size) png_error(png, "output larger than addressable memory");
    size_t needed = buffer->size + length;
    if (needed > buffer->capacity) {
        size_t capacity = buffer->capacity < 65536 ? 65536 : buffer->capacity;
        while (capacity < needed) {
            if (capacity > SIZE_MAX / 2) { capacity = needed; break; }
            capacity *= 2;
        }
        uint8_t *grown = (uint8_t *)realloc(buffer->data, capacity);
        if (grown == NULL) png_error(png, "out of memory while growing the PNG output buffer");
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size = needed;
}

static void cpng_flush_nothing(png_structp png) { (void)png; }

/// The libpng calls of one write, given the writer's handles; they may longjmp out.
typedef void (*cpng_write_body)(png_structp png, png_infop info, void *context);

/// Creates a libpng writer, runs `body` under setjmp, and releases the writer in one place.
static cpng_status cpng_run_writer(cpng_write_body body, void *context, char *message,
                                   size_t message_capacity) {
    cpng_error_state state;
    state.message = message;
    state.capacity = message_capacity;
    cpng_copy_message(message, message_capacity, "");
    volatile cpng_status status = CPNG_ERROR;

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, cpng_on_error,
                                              cpng_on_warning);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        cpng_copy_message(message, message_capacity, "out of memory creating the libpng writer");
        status = CPNG_NO_MEMORY;
    } else if (setjmp(state.jump) == 0) {
        body(png, info, context);
        status = CPNG_OK;
    }
    // The one place the writer's handles are released (NULLs are accepted).
    png_destroy_write_struct(&png, &info);
    return status;
}

/// The arguments of one cpng_encode_rgba8.
typedef struct {
    const uint8_t *pixels;
    uint32_t width, height;
    size_t bytes_per_row;
    int keep_alpha, level, filters, strategy;
    cpng_buffer *output;
} cpng_encode_request;

/// The libpng calls of one encode; any of them may longjmp out.
static void cpng_encode_body(png_structp png, png_infop info, void *context) {
    const cpng_encode_request *r = (const cpng_encode_request *)context;
    png_set_write_fn(png, r->output, cpng_write_to_buffer, cpng_flush_nothing);
    png_set_IHDR(png, info, r->width, r->height, 8,
                 r->keep_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, r->level);
    png_set_compression_strategy(png, r->strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, r->filters);
    png_write_info(png, info);
    if (!r->keep_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);  // strip the 4th byte
    for (uint32_t y = 0; y < r->height; y++) {
        png_write_row(png, r->pixels + (size_t)y * r->bytes_per_row);
    }
    png_write_end(png, NULL);
}

void cpng_buffer_free(cpng_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}

cpng_status cpng_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height,
                              size_t bytes_per_row, int keep_alpha, int level, int filters,
                              int strategy, cpng_buffer *output, char *message,
                              size_t message_capacity) {
    cpng_encode_request request = {pixels, width, height, bytes_per_row, keep_alpha,
                                   level, filters, strategy, output};
    return cpng_run_writer(cpng_encode_body, &request, message, message_capacity);
}

// MARK: - Writing strips

/// The zlib header deflateInit2 would write for a 32 KiB window at `level`
/// and `strategy` (RFC 1950 §2.2; FLEVEL as zlib's deflate.c sets it), so a
/// one-strip image gets exactly zlib's stream.
static void cpng_zlib_header(int level, int strategy, uint8_t header[2]) {
    unsigned level_flags = 3;
    if (strategy >= Z_HUFFMAN_ONLY || level < 2) level_flags = 0;
    else if (level < 6) level_flags = 1;
    else if (level == 6) level_flags = 2;
    unsigned value = ((Z_DEFLATED + (7 << 4)) << 8) | (level_flags << 6);
    value += 31 - (value % 31);
    header[0] = (uint8_t)(value >> 8);
    header[1] = (uint8_t)value;
}

/// The arguments of one cpng_write_strips.
typedef struct {
    uint32_t width, height;
    int keep_alpha, level, strategy;
    const cpng_strip *strips;
    size_t count;
    cpng_buffer *output;
} cpng_strips_request;

/// The libpng calls of one strip write; any of them may longjmp out.
static void cpng_write_strips_body(png_structp png, png_infop info, void *context) {
    const cpng_strips_request *r = (const cpng_strips_request *)context;
    uint32_t width = r->width, height = r->height;
    int keep_alpha = r->keep_alpha, level = r->level, strategy = r->strategy;
    const cpng_strip *strips = r->strips;
    size_t count = r->count;
    cpng_buffer *output = r->output;
    png_set_write_fn(png, output, cpng_write_to_buffer, cpng_flush_nothing);
    png_set_IHDR(png, info, width, height, 8,
                 keep_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);

    uint8_t header[2];
    cpng_zlib_header(level, strategy, header);
    uLong adler = adler32(0L, Z_NULL, 0);
    static const png_byte idat[5] = {'I', 'D', 'A', 'T', '\0'};
    for (size_t i = 0; i < count; i++) {
        const cpng_strip *strip = &strips[i];
        adler = adler32_combine(adler, strip->adler, (z_off_t)strip->length);
        int first = i == 0, last = i + 1 == count;
        size_t length = strip->data.size + (first ? 2 : 0) + (last ? 4 : 0);
        if (length > PNG_UINT_31_MAX) png_error(png, "a PNG strip is larger than a chunk may be");
        png_write_chunk_start(png, idat, (png_uint_32)length);
        if (first) png_write_chunk_data(png, header, 2);
        if (strip->data.size > 0) png_write_chunk_data(png, strip->data.data, strip->data.size);
        if (last) {
            uint8_t trailer[4] = {(uint8_t)(adler >> 24), (uint8_t)(adler >> 16),
                                  (uint8_t)(adler >> 8), (uint8_t)adler};
            png_write_chunk_data(png, trailer, 4);
        }
        png_write_chunk_end(png);
    }
    static const png_byte iend[5] = {'I', 'E', 'N', 'D', '\0'};
    png_write_chunk(png, iend, NULL, 0);
}

cpng_status cpng_write_strips(uint32_t width, uint32_t height, int keep_alpha, int level,
                              int strategy, const cpng_strip *strips, size_t count,
                              cpng_buffer *output, char *message, size_t message_capacity) {
    if (count == 0) {
        cpng_copy_message(message, message_capacity, "no strips to write");
        return CPNG_ERROR;
    }
    cpng_strips_request request = {width, height, keep_alpha, level, strategy, strips, count,
                                   output};
    return cpng_run_writer(cpng_write_strips_body, &request, message, message_capacity);
}

// MARK: - Decoding

/// The in-memory PNG being read.
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t position;
} cpng_source;

static void cpng_read_from_source(png_structp png, png_bytep bytes, size_t length) {
    cpng_source *source = (cpng_source *)png_get_io_ptr(png);
    if (length > source->size - source->position) {
        png_error(png, "unexpected end of data (the PNG is truncated)");
    }
    memcpy(bytes, source->data + source->position, length);
    source->position += length;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <tmmintrin.h>

/// `cpng_expand_rgb_in_place` for pixels [first, width), where width - first is a multiple of
/// four: four pixels a step with SSSE3's byte shuffle, from the right end leftwards. Each step
/// loads its 12 bytes of RGB (as 16, the last 4 unused) before it stores its 16 bytes of RGBA,
/// and no store reaches a byte that a later step loads: pixel x's RGB starts at 3x and its RGBA
/// at 4x, and the step at x loads [3x, 3x + 16), below the step at x + 4's store at 4x + 16.
/// The load stays inside the row's 4 · width bytes for every x <= width - 4. Compiled for SSSE3
/// alone and called only where the CPU has it (the package builds for baseline x86-64).
__attribute__((target("ssse3"))) static void cpng_expand_rgb_ssse3(uint8_t *row, uint32_t first, uint32_t width) {
    const __m128i spread = _mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1);
    const __m128i opaque = _mm_set1_epi32((int)0xFF000000u);
    for (uint32_t x = width; x > first;) {
        x -= 4;
        const __m128i rgb = _mm_loadu_si128((const __m128i *)(row + 3 * (size_t)x));
        _mm_storeu_si128((__m128i *)(row + 4 * (size_t)x), _mm_or_si128(_mm_shuffle_epi8(rgb, spread), opaque));
    }
}
#endif

void cpng_expand_rgb_in_place(uint8_t *row, uint32_t width, int vector) {
    // Right to left, so that a pixel's RGBA (at 4x) overwrites only RGB already read.
    uint32_t end = width;
#if defined(__x86_64__) && defined(__GNUC__)
    if (vector && __builtin_cpu_supports("ssse3")) {
        // The vector steps take the last width - width % 4 pixels; the first width % 4 follow.
        cpng_expand_rgb_ssse3(row, width % 4, width);
        end = width % 4;
    }
#else
    (void)vector;
#endif
    for (uint32_t x = end; x-- > 0;) {
        const uint8_t r = row[3 * (size_t)x], g = row[3 * (size_t)x + 1], b = row[3 * (size_t)x + 2];
        row[4 * (size_t)x] = r;
        row[4 * (size_t)x + 1] = g;
        row[4 * (size_t)x + 2] = b;
        row[4 * (size_t)x + 3] = 0xFF;
    }
}

/// The libpng calls of one decode; any of them may longjmp out.
static void cpng_decode_body(png_structp png, png_infop info, cpng_source *source,
                             uint32_t width, uint32_t height, uint8_t *pixels,
                             size_t bytes_per_row, int check_adler32) {
    png_set_read_fn(png, source, cpng_read_from_source);
    // Defence in depth: the caller checked these dimensions against its limits.
    png_set_user_limits(png, width, height);
#ifdef PNG_IGNORE_ADLER32
    // zlib's Adler-32 of the inflated bytes is not checked (where libpng was built able to skip
    // it): it took a fifth of a passing `test` run (zlib 1.2.13's scalar loop), and every
    // compressed byte is still covered by its IDAT chunk's CRC-32, which libpng checks, so a
    // file damaged after it was written still fails. What goes unchecked is an encoder that
    // wrote a wrong checksum over right data; the tests of this project's encoder decode with
    // `check_adler32`.
    if (!check_adler32) png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#else
    (void)check_adler32;
#endif
    png_read_info(png, info);

    png_uint_32 w = 0, h = 0;
    int depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &w, &h, &depth, &color_type, &interlace, NULL, NULL);
    if (w != width || h != height) png_error(png, "image size differs from the IHDR read earlier");

    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    // 8-bit RGB without tRNS, not interlaced (how opaque frames are stored): each row is read
    // as RGB into the start of its RGBA row and spread in place (`cpng_expand_rgb_in_place`),
    // where libpng's filler transform took a byte at a time.
    const int spreads_rgb = color_type == PNG_COLOR_TYPE_RGB && depth == 8 && !has_trns
                            && interlace == PNG_INTERLACE_NONE;
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns && !spreads_rgb) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * (spreads_rgb ? 3 : 4)) {
        png_error(png, "unexpected row size after setting up the RGBA8 transforms");
    }
    if (spreads_rgb) {
        for (uint32_t y = 0; y < height; y++) {
            uint8_t *row = pixels + (size_t)y * bytes_per_row;
            png_read_row(png, row, NULL);
            cpng_expand_rgb_in_place(row, width, 1);
        }
        png_read_end(png, NULL);
        return;
    }
    // With interlace handling, each pass writes only its own pixels into the
    // full rows ("sparkle" mode), so after the last pass the rows are complete.
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, pixels + (size_t)y * bytes_per_row, NULL);
        }
    }
    png_read_end(png, NULL);
}

cpng_status cpng_decode_rgba8(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                              uint8_t *pixels, size_t bytes_per_row, int check_adler32, char *message,
                              size_t message_capacity) {
    cpng_error_state state;
    state.message = message;
    state.capacity = message_capacity;
    cpng_copy_message(message, message_capacity, "");
    cpng_source source = {data, size, 0};
    volatile cpng_status status = CPNG_ERROR;

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, cpng_on_error,
                                             cpng_on_warning);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        cpng_copy_message(message, message_capacity, "out of memory creating the libpng reader");
        status = CPNG_NO_MEMORY;
    } else if (setjmp(state.jump) == 0) {
        cpng_decode_body(png, info, &source, width, height, pixels, bytes_per_row, check_adler32);
        status = CPNG_OK;
    }
    // The one place the reader's handles are released (NULLs are accepted).
    png_destroy_read_struct(&png, &info, NULL);
    return status;
}
