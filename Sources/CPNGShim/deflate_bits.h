// Writing deflate's bits and Huffman codes (RFC 1951), shared by the shim's own
// deflate blocks: the zero-row blocks and the greedy coder.
#ifndef CPNGSHIM_DEFLATE_BITS_H
#define CPNGSHIM_DEFLATE_BITS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "CPNGShim.h"

/// Bits written least significant first, as deflate packs them (RFC 1951 §3.1.1), through a
/// 64-bit accumulator emptied 32 bits at a time. One call takes at most 32 bits.
typedef struct {
    uint8_t *out;
    uint64_t bits;
    int count;
} cpng_bit_writer;

static inline void cpng_put_bits(cpng_bit_writer *w, uint64_t value, int length) {
    w->bits |= value << w->count;
    w->count += length;
    if (w->count >= 32) {
        uint32_t word = (uint32_t)w->bits;
        uint8_t bytes[4] = {(uint8_t)word, (uint8_t)(word >> 8), (uint8_t)(word >> 16), (uint8_t)(word >> 24)};
        memcpy(w->out, bytes, 4);
        w->out += 4;
        w->bits >>= 32;
        w->count -= 32;
    }
}

/// Writes the bits still held, padded with zeros to a whole byte.
static inline void cpng_flush_bits(cpng_bit_writer *w) {
    while (w->count > 0) {
        *w->out++ = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count -= 8;
    }
    w->bits = 0;
    w->count = 0;
}

/// The most bits a literal/length or distance code may have (RFC 1951 §3.2.7).
enum { cpng_max_code_bits = 15, cpng_max_code_length_bits = 7 };

/// Length symbols 257–285: the shortest length each stands for and its extra bits (RFC 1951 §3.2.5).
extern const uint16_t cpng_length_base[29];
extern const uint8_t cpng_length_extra[29];
/// Distance codes 0–29: the shortest distance each stands for and its extra bits.
extern const uint16_t cpng_distance_base[30];
extern const uint8_t cpng_distance_extra[30];
/// The code-length alphabet's symbols in the order their lengths are sent (RFC 1951 §3.2.7).
extern const uint8_t cpng_code_length_order[19];

/// The length symbol's index (symbol 257 + index) for a match length − 3 (0–255).
static inline int cpng_length_code(uint32_t l) {
    if (l < 8) return (int)l;
    if (l == 255) return 28;
    int k = 31 - __builtin_clz(l);
    return 4 * (k - 1) + (int)((l >> (k - 2)) & 3);
}

/// The distance code for a distance − 1 (0–32767).
static inline int cpng_distance_code(uint32_t d) {
    if (d < 4) return (int)d;
    int k = 31 - __builtin_clz(d);
    return 2 * k + (int)((d >> (k - 1)) & 1);
}

/// Canonical Huffman codes for `count` symbols of the given code lengths (at most 15,
/// RFC 1951 §3.2.2), bit-reversed for writing least significant bit first.
void cpng_canonical_codes(const uint8_t *lengths, int count, uint16_t *codes);

/// The bits a dynamic block's header takes for these code lengths, and, when `w` is not
/// NULL, writes it (RFC 1951 §3.2.7): BFINAL as `final`, BTYPE 2, HLIT, HDIST, HCLEN, the
/// code-length code and the literal/length and distance code lengths run-length coded.
/// `literal_count` is 257–286, `distance_count` 1–30.
size_t cpng_dynamic_header(cpng_bit_writer *w, int final, const uint8_t *literal_lengths, int literal_count,
                           const uint8_t *distance_lengths, int distance_count);

#endif
