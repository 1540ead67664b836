// CPNGShim — the only code that talks to libpng.
//
// libpng reports errors by longjmp. Every setjmp lives inside the functions
// below; each returns a status code and copies libpng's message into a
// caller-supplied buffer, so no longjmp ever crosses a Swift frame. Each
// function creates its libpng handles and destroys them in one place before
// returning; no libpng type appears in this header.
#ifndef CPNGSHIM_H
#define CPNGSHIM_H

#include <stddef.h>
#include <stdint.h>

/// Status codes returned by every cpng_* function.
typedef enum {
    /// Success.
    CPNG_OK = 0,
    /// libpng (or zlib below it) reported an error; the message buffer says which.
    CPNG_ERROR = 1,
    /// Memory could not be allocated; the message buffer says for what.
    CPNG_NO_MEMORY = 2,
} cpng_status;

/// PNG row filter masks; the same values as libpng's PNG_FILTER_* (checked in shim.c).
enum {
    CPNG_FILTER_NONE = 0x08,
    CPNG_FILTER_SUB = 0x10,
    CPNG_FILTER_UP = 0x20,
    CPNG_FILTER_AVERAGE = 0x40,
    CPNG_FILTER_PAETH = 0x80,
    CPNG_FILTER_ALL = 0xF8,
};

/// zlib strategies; the same values as zlib's Z_* constants (checked in shim.c).
enum {
    CPNG_STRATEGY_DEFAULT = 0,
    CPNG_STRATEGY_FILTERED = 1,
    CPNG_STRATEGY_HUFFMAN_ONLY = 2,
    CPNG_STRATEGY_RLE = 3,
    CPNG_STRATEGY_FIXED = 4,
};

/// A growable byte buffer filled by the encoder. Start it zeroed; release it
/// with cpng_buffer_free (whatever the encoder returned).
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} cpng_buffer;

/// Releases the bytes of `buffer` (NULL data is fine) and zeroes it.
void cpng_buffer_free(cpng_buffer *buffer);

/// Encodes 8-bit straight (not premultiplied) RGBA rows as a PNG into `output`.
///
/// Rows are `bytes_per_row` apart and hold 4 bytes per pixel. With
/// `keep_alpha` 0 the file is colour type 2 (RGB) and every fourth byte is
/// skipped; otherwise colour type 6 (RGBA). No ancillary chunks are written
/// (no tIME, no text), so the same input always gives the same bytes.
/// `level` is zlib's 0-9, `filters` a CPNG_FILTER_* mask, `strategy` a
/// CPNG_STRATEGY_* value.
cpng_status cpng_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height,
                              size_t bytes_per_row, int keep_alpha, int level, int filters,
                              int strategy, cpng_buffer *output, char *message,
                              size_t message_capacity);

/// Decodes a whole PNG held in memory into 8-bit straight RGBA rows.
///
/// The caller has already read the IHDR and allocated `pixels`
/// (`bytes_per_row` >= 4 * width bytes per row, `height` rows); the decoder
/// refuses a stream whose header differs from `width` x `height`. Palette,
/// grey (1-16 bit), grey+alpha, RGB, RGBA, tRNS and Adam7 are expanded to
/// RGBA; 16-bit samples are scaled to 8 bits with rounding; no gamma
/// correction is applied. Warnings are ignored; errors (bad CRC of a critical
/// chunk, bad zlib data, truncation) return CPNG_ERROR with libpng's message.
/// Unless `check_adler32`, the zlib stream's Adler-32 is not checked where libpng
/// can skip it (the IDAT chunks' CRC-32s are); the tests of the project's own
/// encoder check it.
cpng_status cpng_decode_rgba8(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                              uint8_t *pixels, size_t bytes_per_row, int check_adler32, char *message,
                              size_t message_capacity);

/// Spreads the first 3 * `width` bytes of `row` (RGB pixels) over its first 4 * `width` bytes as
/// RGBA with alpha 255, in place. With `vector` (and SSSE3), four pixels a step; without, one
/// at a time: the reference the vector steps are tested against.
void cpng_expand_rgb_in_place(uint8_t *row, uint32_t width, int vector);

// MARK: - Adler-32

/// The Adler-32 checksum (RFC 1950) of `length` bytes, continuing from
/// `adler` (1 to start): 32 bytes at a time with SSE2 where the target has
/// it, else cpng_adler32_scalar. Equal to zlib's adler32 for every input.
uint32_t cpng_adler32(uint32_t adler, const uint8_t *data, size_t length);

/// The same checksum one byte at a time: the reference cpng_adler32 is held to.
uint32_t cpng_adler32_scalar(uint32_t adler, const uint8_t *data, size_t length);

// MARK: - CRC-64

/// The ways `cpng_crc64_with` can compute a CRC-64, slowest first.
enum {
    /// One bit at a time: the reference the others are held to.
    CPNG_CRC64_BITWISE = 0,
    /// Carry-less multiplication of 128-bit registers (PCLMULQDQ and SSE4.1).
    CPNG_CRC64_PCLMULQDQ = 1,
    /// Carry-less multiplication of 256-bit registers (VPCLMULQDQ and AVX2).
    CPNG_CRC64_VPCLMULQDQ = 2,
};

/// The fastest CPNG_CRC64_* kernel the processor runs.
int cpng_crc64_fastest_kernel(void);

/// The CRC-64/XZ (ECMA-182 polynomial, reflected, initial value and final XOR all ones) of
/// `length` bytes, continuing from `crc` (0 to start), as xz computes it, with the fastest
/// kernel the processor runs.
uint64_t cpng_crc64(uint64_t crc, const uint8_t *data, size_t length);

/// `cpng_crc64` with `kernel` (CPNG_CRC64_*), or the fastest the processor runs if it runs
/// no faster one; inputs too short for a kernel's first step go one bit at a time. Every
/// kernel gives the same checksum; the tests compare them.
uint64_t cpng_crc64_with(uint64_t crc, const uint8_t *data, size_t length, int kernel);

// MARK: - Strip encoding (pigz-style parallel deflate)

/// One horizontal strip of a PNG's image data, filtered and deflated on its
/// own so that strips can be compressed on several threads at once.
///
/// Start it zeroed; release `data` with cpng_buffer_free.
typedef struct {
    /// The strip's deflate bytes. The first strip starts with the zlib header;
    /// every strip but the last ends on a byte boundary (a sync flush) without
    /// the final-block bit; the last ends the deflate stream.
    cpng_buffer data;
    /// adler32 of the strip's filtered bytes (seeded with 1).
    uint32_t adler;
    /// How many filtered bytes the strip holds (rows × (1 + bytes per row)).
    size_t length;
} cpng_strip;

/// PNG filter types as written before each row (PNG spec §9.2).
enum {
    CPNG_ROW_FILTER_NONE = 0,
    CPNG_ROW_FILTER_SUB = 1,
    CPNG_ROW_FILTER_UP = 2,
    CPNG_ROW_FILTER_AVERAGE = 3,
    CPNG_ROW_FILTER_PAETH = 4,
};

/// What deflates a strip's filtered rows.
enum {
    /// zlib, at the level and strategy given.
    CPNG_CODER_ZLIB = 0,
    /// The shim's greedy one-pass coder (one candidate match per position, one dynamic
    /// Huffman block per strip); level, strategy and `least_zero_run` are not used.
    CPNG_CODER_GREEDY = 1,
};

/// Filters rows `first_row` ..< `first_row + row_count` of 8-bit straight RGBA
/// `pixels` with one filter type (CPNG_ROW_FILTER_*) and deflates them into
/// `strip` with `coder`: zlib at `level` with `strategy`, window 15 bits, memLevel 8,
/// or the greedy coder.
///
/// The first strip (first_row 0) is a zlib stream start (header included); a
/// later strip is raw deflate primed with the last 1 KiB of the filtered
/// bytes before it, so matches may reach back across the boundary. The last
/// strip (ending at `height`) finishes the stream; the others end with a sync
/// flush. With `least_zero_run` > 0, each run of at least that many rows that
/// filter to zeros (rows equal to the row above, under UP) is written without
/// zlib as one deflate block of matches at distance 1, and zlib restarts after
/// it, primed the same way (0: every row goes through zlib). A strip's bytes
/// depend only on
/// the image, the options and its rows, never on which thread made it or
/// when. Thread-safe for distinct strips.
cpng_status cpng_deflate_strip(const uint8_t *pixels, uint32_t width, uint32_t height,
                               size_t bytes_per_row, int keep_alpha, int filter_type,
                               int coder, int level, int strategy, uint32_t least_zero_run,
                               uint32_t first_row, uint32_t row_count, cpng_strip *strip, char *message,
                               size_t message_capacity);

/// Code lengths of at most `max_bits` (1–15) for `count` (≤ 512, at most 2^max_bits of them
/// used) symbols of the given frequencies, as the greedy coder builds its Huffman codes:
/// minimum-redundancy lengths (Moffat and Katajainen's in-place method), lengthened where
/// needed to fit `max_bits`.
/// Unused symbols (frequency 0) get length 0; the code is complete whenever two or more
/// symbols are used. Declared here so tests can check it against a reference.
void cpng_code_lengths(const uint32_t *frequencies, int count, int max_bits, uint8_t *lengths);

/// Writes a PNG through libpng from strips made by cpng_deflate_strip, in
/// order, covering every row: signature and IHDR (colour type 6 with
/// `keep_alpha`, else 2), one IDAT per strip with the combined adler32 after
/// the last, and IEND. `level` and `strategy` are those the strips were made
/// with; they set the zlib header's FLEVEL bits, as zlib would.
cpng_status cpng_write_strips(uint32_t width, uint32_t height, int keep_alpha, int level,
                              int strategy, const cpng_strip *strips, size_t count, cpng_buffer *output,
                              char *message, size_t message_capacity);

#endif
