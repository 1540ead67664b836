// Rows that filter to nothing but zeros, deflated without zlib.
//
// A flat UI frame repeats most rows exactly: under the UP filter such a row
// is its filter-type byte and then zeros. zlib's fast levels spend about a
// nanosecond a byte finding the same 258-byte match over and over. The block
// written here says it directly (RFC 1951): the filter-type byte and one zero
// as literals, then matches of length 258 at distance 1, then one shorter
// match or a literal zero or two for the rest of the row, in a dynamic-Huffman
// block whose codes are made for exactly these symbols: two bits per 258-byte
// match, about five bytes per row of a 1170-pixel frame. An empty stored block
// after it brings the stream back to a byte boundary (the marker zlib's sync
// flush writes), so zlib's output for the rows after it can follow directly.
#include "CPNGShim.h"
#include "deflate_bits.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/// Writes the header of a dynamic-Huffman block whose literal/length code lengths are
/// `lengths[0..<286]` and whose only distance code is code 0, one bit long (RFC 1951 §3.2.7).
/// The code lengths are sent with a fixed complete code for the code-length symbols
/// 0–4, 17 and 18: runs of zeros as 17 or 18, other lengths as themselves.
static void cpng_put_dynamic_header(cpng_bit_writer *w, const uint8_t *lengths) {
    enum { literal_lengths = 286, all = literal_lengths + 1 };
    uint8_t sequence[all];
    memcpy(sequence, lengths, literal_lengths);
    sequence[literal_lengths] = 1;  // distance code 0
    uint8_t code_lengths[19] = {0};
    code_lengths[17] = 2;
    code_lengths[18] = 2;
    code_lengths[0] = 3;
    code_lengths[1] = 3;
    code_lengths[2] = 3;
    code_lengths[3] = 4;
    code_lengths[4] = 4;
    uint16_t codes[19];
    cpng_canonical_codes(code_lengths, 19, codes);

    cpng_put_bits(w, 0x4, 3);                 // BFINAL 0, BTYPE 10 (dynamic Huffman codes)
    cpng_put_bits(w, literal_lengths - 257, 5);  // HLIT
    cpng_put_bits(w, 0, 5);                   // HDIST: one distance code
    cpng_put_bits(w, 18 - 4, 4);              // HCLEN: lengths up to symbol 1, the 18th in order
    for (int i = 0; i < 18; i++) cpng_put_bits(w, code_lengths[cpng_code_length_order[i]], 3);
    for (int i = 0; i < all;) {
        if (sequence[i] != 0) {
            cpng_put_bits(w, codes[sequence[i]], code_lengths[sequence[i]]);
            i++;
            continue;
        }
        int zeros = 1;
        while (i + zeros < all && sequence[i + zeros] == 0 && zeros < 138) zeros++;
        if (zeros >= 11) {
            cpng_put_bits(w, codes[18], code_lengths[18]);
            cpng_put_bits(w, (uint32_t)(zeros - 11), 7);
        } else if (zeros >= 3) {
            cpng_put_bits(w, codes[17], code_lengths[17]);
            cpng_put_bits(w, (uint32_t)(zeros - 3), 3);
        } else {
            zeros = 1;
            cpng_put_bits(w, codes[0], code_lengths[0]);
        }
        i += zeros;
    }
}

int cpng_filtered_row_is_zero(const uint8_t *row, size_t data_bytes) {
    const uint8_t *data = row + 1;
    // A row is all zeros when its first byte is and every byte equals the one after it.
    return data[0] == 0 && (data_bytes == 1 || memcmp(data, data + 1, data_bytes - 1) == 0);
}

int cpng_deflate_zero_rows(cpng_buffer *data, int filter_type, size_t rows, size_t data_bytes) {
    size_t matches = (data_bytes - 1) / 258;
    int rest = (int)((data_bytes - 1) % 258);
    // The symbols used and their code lengths, a complete prefix code: the 258-byte match
    // takes one bit, the zero literal two, the filter type three, the row's last match and
    // the block's end four (three each when one of them is not needed).
    uint8_t lengths[286] = {0};
    int tail = rest >= 3 ? 257 + cpng_length_code((uint32_t)(rest - 3)) : -1;
    lengths[285] = 1;
    lengths[0] = 2;
    int fourth = filter_type != 0 ? filter_type : tail;
    int fifth = filter_type != 0 ? tail : -1;
    if (fourth < 0) {
        lengths[256] = 2;  // 285, 0, 256: 1/2 + 1/4 + 1/4
    } else if (fifth < 0) {
        lengths[fourth] = 3;  // 285, 0, one more and 256: 1/2 + 1/4 + 1/8 + 1/8
        lengths[256] = 3;
    } else {
        lengths[fourth] = 3;  // 285, 0, filter type, tail and 256: 1/2 + 1/4 + 1/8 + 1/16 + 1/16
        lengths[fifth] = 4;
        lengths[256] = 4;
    }
    uint16_t codes[286];
    cpng_canonical_codes(lengths, 286, codes);

    // 71 header bits, at most 800 for the code lengths and 24 to reach the next byte; per row
    // 3 + 2 + 2 bits a full match, 4 + 5 + 1 for the tail or 2 per leftover zero.
    size_t bound = (71 + 800 + rows * (7 + 2 * matches + 10) + 24 + 32) / 8 + 16;
    if (data->capacity - data->size < bound) {
        size_t capacity = data->size + bound + data->capacity / 2;
        uint8_t *grown = (uint8_t *)realloc(data->data, capacity);
        if (grown == NULL) return 0;
        data->data = grown;
        data->capacity = capacity;
    }
    cpng_bit_writer w = {data->data + data->size, 0, 0};
    cpng_put_dynamic_header(&w, lengths);
    for (size_t r = 0; r < rows; r++) {
        cpng_put_bits(&w, codes[filter_type], lengths[filter_type]);
        cpng_put_bits(&w, codes[0], lengths[0]);
        for (size_t m = 0; m < matches; m++) {
            cpng_put_bits(&w, codes[285], 1);
            cpng_put_bits(&w, 0, 1);  // distance code 0: distance 1
        }
        if (tail >= 0) {
            int index = tail - 257;
            cpng_put_bits(&w, codes[tail], lengths[tail]);
            if (cpng_length_extra[index] > 0)
                cpng_put_bits(&w, (uint32_t)(rest - cpng_length_base[index]), cpng_length_extra[index]);
            cpng_put_bits(&w, 0, 1);
        } else {
            for (int i = 0; i < rest; i++) cpng_put_bits(&w, codes[0], lengths[0]);
        }
    }
    cpng_put_bits(&w, codes[256], lengths[256]);  // end of block
    cpng_put_bits(&w, 0, 3);                       // BFINAL 0, BTYPE 00 (stored), then pad to the byte
    cpng_flush_bits(&w);
    cpng_put_bits(&w, 0xFFFF0000u, 32);  // LEN 0, NLEN
    cpng_flush_bits(&w);
    data->size = (size_t)(w.out - data->data);
    return 1;
}
