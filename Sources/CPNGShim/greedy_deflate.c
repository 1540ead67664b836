// A one-pass deflate coder for filtered PNG rows (RFC 1951), in place of zlib's
// fast levels.
//
// Matching is greedy with one candidate per position, as in fpng (Rich
// Geldreich): a 15-bit hash of the next three bytes names the last position
// that had the same hash, and the run at distance 1 is tried first, since a
// row filtered with UP is mostly zeros. A match is extended eight bytes at a
// time. Matches start at three bytes, deflate's least, at any distance: RGB
// pixels that recur are three-byte matches, which four-byte matching missed
// (frames of noise rows repeated three times came out 58% larger than zlib's
// level 1, now 1% larger). The positions inside matches of up to eight bytes
// are hashed too; longer ones (runs of zeros, mostly) are skipped. The symbols
// are gathered with their frequencies and written as one dynamic-Huffman block
// per strip with codes made for that strip, or as stored blocks when those are
// smaller.
#include "CPNGShim.h"
#include "deflate_bits.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

// The three-byte masks and the byte count from the lowest differing bit assume that a loaded
// word holds its first byte in its low bits.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "greedy_deflate.c assumes a little-endian machine"
#endif

enum {
    cpng_hash_bits = 15,
    cpng_window = 32768,
    cpng_min_match = 3,
    /// Matches up to this long have every position inside them hashed as well.
    cpng_insert_within = 8,
    cpng_max_match = 258,
    /// A run at distance 1 at least this long is taken without looking up the hash.
    cpng_good_run = 32,
};

/// A symbol as gathered: a literal byte, or (top bit set) a match's length − 3 and distance − 1.
enum { cpng_match_flag = 1u << 31 };

static inline uint32_t cpng_load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint64_t cpng_load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline uint32_t cpng_hash(uint32_t v) { return ((v & 0xFFFFFFu) * 2654435761u) >> (32 - cpng_hash_bits); }

/// How many bytes from `a` equal those from `b` (a < b), at most `limit`.
static inline size_t cpng_match_length(const uint8_t *a, const uint8_t *b, size_t limit) {
    size_t n = 0;
    while (n + 8 <= limit) {
        uint64_t x = cpng_load64(a + n) ^ cpng_load64(b + n);
        if (x != 0) return n + (size_t)(__builtin_ctzll(x) >> 3);
        n += 8;
    }
    while (n < limit && a[n] == b[n]) n++;
    return n;
}

/// The symbols of `data[start..<end]` with `data[0..<start]` as history, and their frequencies.
typedef struct {
    uint32_t *symbols;
    size_t count;
    uint32_t literal_frequencies[286];
    uint32_t distance_frequencies[30];
} cpng_symbols;

static void cpng_gather_symbols(const uint8_t *data, size_t start, size_t end, int32_t *table, cpng_symbols *s) {
    memset(table, 0xFF, sizeof(int32_t) << cpng_hash_bits);
    size_t history = start > cpng_window ? start - cpng_window : 0;
    for (size_t i = history; i + cpng_min_match <= start; i++) table[cpng_hash(cpng_load32(data + i))] = (int32_t)i;
    uint32_t *out = s->symbols;
    uint32_t *literals = s->literal_frequencies, *distances = s->distance_frequencies;
    size_t pos = start;
    while (pos + 4 <= end) {
        uint32_t next = cpng_load32(data + pos) & 0xFFFFFFu;
        size_t limit = end - pos < cpng_max_match ? end - pos : cpng_max_match;
        size_t length = 0, distance = 0;
        if (pos > 0 && (cpng_load32(data + pos - 1) & 0xFFFFFFu) == next) {
            length = 3 + cpng_match_length(data + pos + 2, data + pos + 3, limit - 3);
            distance = 1;
        }
        uint32_t h = cpng_hash(next);
        if (length < cpng_good_run) {
            int32_t candidate = table[h];
            if (candidate >= 0 && pos - (size_t)candidate <= cpng_window && pos - (size_t)candidate > 1 &&
                (cpng_load32(data + candidate) & 0xFFFFFFu) == next) {
                size_t found = 3 + cpng_match_length(data + candidate + 3, data + pos + 3, limit - 3);
                if (found > length) {
                    length = found;
                    distance = pos - (size_t)candidate;
                }
            }
        }
        table[h] = (int32_t)pos;
        if (length >= cpng_min_match) {
            uint32_t l = (uint32_t)(length - 3), d = (uint32_t)(distance - 1);
            *out++ = cpng_match_flag | (l << 15) | d;
            literals[257 + cpng_length_code(l)]++;
            distances[cpng_distance_code(d)]++;
            if (length <= cpng_insert_within) {
                for (size_t i = pos + 1; i < pos + length && i + 4 <= end; i++)
                    table[cpng_hash(cpng_load32(data + i))] = (int32_t)i;
            }
            pos += length;
        } else {
            *out++ = data[pos];
            literals[data[pos]]++;
            pos++;
        }
    }
    for (; pos < end; pos++) {
        *out++ = data[pos];
        literals[data[pos]]++;
    }
    s->count = (size_t)(out - s->symbols);
}

/// Gives the distance codes a complete code: distance codes 0 and 1 are made used (once, in
/// the frequencies only) until two codes are, so a strip with one kind of match or none still
/// gets two one-bit codes rather than the lone code RFC 1951 also allows.
static void cpng_use_two_distances(uint32_t *frequencies) {
    for (int code = 0; code < 2; code++) {
        int used = 0;
        for (int i = 0; i < 30; i++) used += frequencies[i] > 0;
        if (used >= 2) return;
        if (frequencies[code] == 0) frequencies[code] = 1;
    }
}

int cpng_greedy_deflate(cpng_buffer *output, const uint8_t *data, size_t start, size_t end, int final) {
    int32_t *table = (int32_t *)malloc(sizeof(int32_t) << cpng_hash_bits);
    cpng_symbols *s = (cpng_symbols *)calloc(1, sizeof(cpng_symbols));
    uint32_t *symbols = (uint32_t *)malloc((end - start + 1) * sizeof(uint32_t));
    int ok = 0;
    if (table == NULL || s == NULL || symbols == NULL) goto done;
    s->symbols = symbols;
    cpng_gather_symbols(data, start, end, table, s);
    s->literal_frequencies[256] = 1;
    cpng_use_two_distances(s->distance_frequencies);

    uint8_t literal_lengths[286], distance_lengths[30];
    cpng_code_lengths(s->literal_frequencies, 286, cpng_max_code_bits, literal_lengths);
    cpng_code_lengths(s->distance_frequencies, 30, cpng_max_code_bits, distance_lengths);
    int literal_count = 286, distance_count = 30;
    while (literal_count > 257 && literal_lengths[literal_count - 1] == 0) literal_count--;
    while (distance_count > 1 && distance_lengths[distance_count - 1] == 0) distance_count--;

    // The block's size in bits, to choose between it and stored blocks.
    size_t bits = cpng_dynamic_header(NULL, final, literal_lengths, literal_count, distance_lengths, distance_count);
    for (int i = 0; i < 286; i++) {
        size_t extra = i >= 257 ? cpng_length_extra[i - 257] : 0;
        bits += (size_t)s->literal_frequencies[i] * (literal_lengths[i] + extra);
    }
    for (int i = 0; i < 30; i++) bits += (size_t)s->distance_frequencies[i] * (distance_lengths[i] + cpng_distance_extra[i]);
    size_t size = end - start;
    size_t stored_blocks = size == 0 ? 1 : (size + 65534) / 65535;
    size_t stored_bytes = size + 5 * stored_blocks;
    int stored = stored_bytes * 8 < bits;

    // Room for the block chosen, the sync marker and the padding.
    size_t bound = (stored ? stored_bytes : bits / 8) + 16;
    if (output->capacity - output->size < bound) {
        size_t capacity = output->size + bound + output->capacity / 2;
        uint8_t *grown = (uint8_t *)realloc(output->data, capacity);
        if (grown == NULL) goto done;
        output->data = grown;
        output->capacity = capacity;
    }
    cpng_bit_writer w = {output->data + output->size, 0, 0};
    if (stored) {
        for (size_t b = 0, at = start; b < stored_blocks; b++) {
            size_t length = end - at < 65535 ? end - at : 65535;
            int last = final && b + 1 == stored_blocks;
            cpng_put_bits(&w, last ? 1u : 0u, 3);  // BFINAL, BTYPE 00
            cpng_flush_bits(&w);
            cpng_put_bits(&w, (uint32_t)length | ((uint32_t)(~length & 0xFFFF) << 16), 32);
            cpng_flush_bits(&w);
            memcpy(w.out, data + at, length);
            w.out += length;
            at += length;
        }
    } else {
        uint16_t literal_codes[286], distance_codes[30];
        cpng_canonical_codes(literal_lengths, 286, literal_codes);
        cpng_canonical_codes(distance_lengths, 30, distance_codes);
        cpng_dynamic_header(&w, final, literal_lengths, literal_count, distance_lengths, distance_count);
        for (size_t i = 0; i < s->count; i++) {
            uint32_t symbol = symbols[i];
            if (!(symbol & cpng_match_flag)) {
                cpng_put_bits(&w, literal_codes[symbol], literal_lengths[symbol]);
                continue;
            }
            uint32_t l = (symbol >> 15) & 0xFF, d = symbol & 0x7FFF;
            int lc = cpng_length_code(l), dc = cpng_distance_code(d);
            cpng_put_bits(&w,
                          literal_codes[257 + lc] | (uint64_t)(l + 3 - cpng_length_base[lc]) << literal_lengths[257 + lc],
                          literal_lengths[257 + lc] + cpng_length_extra[lc]);
            cpng_put_bits(&w,
                          distance_codes[dc] | (uint64_t)(d + 1 - cpng_distance_base[dc]) << distance_lengths[dc],
                          distance_lengths[dc] + cpng_distance_extra[dc]);
        }
        cpng_put_bits(&w, literal_codes[256], literal_lengths[256]);
        if (!final) {
            // An empty stored block: the stream continues on a byte boundary (zlib's sync flush).
            cpng_put_bits(&w, 0, 3);
            cpng_flush_bits(&w);
            cpng_put_bits(&w, 0xFFFF0000u, 32);
        }
        cpng_flush_bits(&w);
    }
    if (stored && !final) {
        cpng_put_bits(&w, 0, 3);
        cpng_flush_bits(&w);
        cpng_put_bits(&w, 0xFFFF0000u, 32);
        cpng_flush_bits(&w);
    }
    output->size = (size_t)(w.out - output->data);
    ok = 1;
done:
    free(table);
    free(s);
    free(symbols);
    return ok;
}
