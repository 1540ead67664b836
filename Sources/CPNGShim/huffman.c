// Huffman codes for deflate blocks (RFC 1951 §3.2): code lengths from symbol
// frequencies, canonical codes from lengths, and a dynamic block's header.
//
// The lengths are minimum-redundancy ones, computed in place over the
// frequencies sorted ascending (Alistair Moffat and Jyrki Katajainen, "In-Place
// Calculation of Minimum-Redundancy Codes", WADS 1995). Deflate caps code
// lengths (15 bits, 7 for the code-length code); where the optimum is longer,
// the lengths are adjusted on their counts per length: every overlong code
// becomes a maximal one, then, while the Kraft sum exceeds one, a maximal
// code is dropped and a shorter code split into two one bit longer. The same
// repair is what zlib's gen_bitlen and miniz do; it is written here from that
// description.
#include "deflate_bits.h"


// Deflate's alphabets (RFC 1951 §3.2.5, §3.2.7).
const uint16_t cpng_length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                              31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
const uint8_t cpng_length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                              2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
const uint16_t cpng_distance_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
                                                33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
                                                1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
const uint8_t cpng_distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

const uint8_t cpng_code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// `code`'s low `length` bits (1–15) in reverse order: Huffman codes are sent most significant bit first.
static uint32_t cpng_reverse_bits(uint32_t code, int length) {
    code = ((code & 0x5555u) << 1) | ((code >> 1) & 0x5555u);
    code = ((code & 0x3333u) << 2) | ((code >> 2) & 0x3333u);
    code = ((code & 0x0F0Fu) << 4) | ((code >> 4) & 0x0F0Fu);
    code = ((code & 0x00FFu) << 8) | ((code >> 8) & 0x00FFu);
    return code >> (16 - length);
}

void cpng_canonical_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    int per_length[cpng_max_code_bits + 1] = {0};
    for (int i = 0; i < count; i++) per_length[lengths[i]]++;
    per_length[0] = 0;
    uint32_t next[cpng_max_code_bits + 1] = {0};
    uint32_t code = 0;
    for (int bits = 1; bits <= cpng_max_code_bits; bits++) {
        code = (code + (uint32_t)per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int i = 0; i < count; i++) {
        codes[i] = lengths[i] > 0 ? (uint16_t)cpng_reverse_bits(next[lengths[i]]++, lengths[i]) : 0;
    }
}

/// Sorts `symbols[0..<n]` by frequency, ties by symbol (they come in symbol order): a
/// least-significant-digit radix sort, a byte a pass, skipping bytes all symbols share.
static void cpng_sort_by_frequency(const uint32_t *frequencies, uint16_t *symbols, uint16_t *spare, int n) {
    for (int shift = 0; shift < 32; shift += 8) {
        int counts[256] = {0};
        for (int i = 0; i < n; i++) counts[(frequencies[symbols[i]] >> shift) & 255]++;
        if (counts[(frequencies[symbols[0]] >> shift) & 255] == n) continue;
        int start = 0;
        for (int d = 0; d < 256; d++) {
            int c = counts[d];
            counts[d] = start;
            start += c;
        }
        for (int i = 0; i < n; i++) spare[counts[(frequencies[symbols[i]] >> shift) & 255]++] = symbols[i];
        memcpy(symbols, spare, (size_t)n * sizeof symbols[0]);
    }
}

/// Moffat–Katajainen: `weights[0..<n]`, ascending, become the code lengths of those symbols.
static void cpng_minimum_redundancy(uint32_t *a, int n) {
    if (n == 1) {
        a[0] = 1;
        return;
    }
    // Left to right: combine the two smallest weights; internal nodes keep their parent's index.
    a[0] += a[1];
    int root = 0, leaf = 2;
    for (int next = 1; next < n - 1; next++) {
        if (leaf >= n || a[root] < a[leaf]) {
            a[next] = a[root];
            a[root++] = (uint32_t)next;
        } else {
            a[next] = a[leaf++];
        }
        if (leaf >= n || (root < next && a[root] < a[leaf])) {
            a[next] += a[root];
            a[root++] = (uint32_t)next;
        } else {
            a[next] += a[leaf++];
        }
    }
    // Right to left: the internal nodes' depths from their parents'.
    a[n - 2] = 0;
    for (int next = n - 3; next >= 0; next--) a[next] = a[a[next]] + 1;
    // Right to left: the leaves' depths, from the count of internal nodes at each depth.
    int available = 1, used = 0, depth = 0, root2 = n - 2, next = n - 1;
    while (available > 0) {
        while (root2 >= 0 && a[root2] == (uint32_t)depth) {
            used++;
            root2--;
        }
        while (available > used) {
            a[next--] = (uint32_t)depth;
            available--;
        }
        available = 2 * used;
        depth++;
        used = 0;
    }
}

void cpng_code_lengths(const uint32_t *frequencies, int count, int max_bits, uint8_t *lengths) {
    uint16_t symbols[512], spare[512];
    uint32_t weights[512];
    int n = 0;
    for (int i = 0; i < count; i++) {
        lengths[i] = 0;
        if (frequencies[i] > 0) symbols[n++] = (uint16_t)i;
    }
    if (n == 0) return;
    cpng_sort_by_frequency(frequencies, symbols, spare, n);
    for (int i = 0; i < n; i++) weights[i] = frequencies[symbols[i]];
    cpng_minimum_redundancy(weights, n);
    // Codes per length; weights[] is now non-increasing (rarest symbols longest).
    int per_length[64] = {0};
    for (int i = 0; i < n; i++) per_length[weights[i] < 63 ? weights[i] : 63]++;
    for (int bits = max_bits + 1; bits < 64; bits++) {
        per_length[max_bits] += per_length[bits];
        per_length[bits] = 0;
    }
    uint64_t kraft = 0;
    for (int bits = 1; bits <= max_bits; bits++) kraft += (uint64_t)per_length[bits] << (max_bits - bits);
    while (kraft > (1ull << max_bits)) {
        per_length[max_bits]--;
        for (int bits = max_bits - 1; bits > 0; bits--) {
            if (per_length[bits] > 0) {
                per_length[bits]--;
                per_length[bits + 1] += 2;
                break;
            }
        }
        kraft--;
    }
    // The rarest symbols take the longest codes.
    int i = 0;
    for (int bits = max_bits; bits >= 1; bits--) {
        for (int k = 0; k < per_length[bits]; k++) lengths[symbols[i++]] = (uint8_t)bits;
    }
}

size_t cpng_dynamic_header(cpng_bit_writer *w, int final, const uint8_t *literal_lengths, int literal_count,
                           const uint8_t *distance_lengths, int distance_count) {
    // The lengths in one sequence, run-length coded: symbol in the low 5 bits, repeat value above.
    uint8_t sequence[286 + 30];
    int total = literal_count + distance_count;
    memcpy(sequence, literal_lengths, (size_t)literal_count);
    memcpy(sequence + literal_count, distance_lengths, (size_t)distance_count);
    uint16_t runs[286 + 30];
    int run_count = 0;
    uint32_t frequencies[19] = {0};
    for (int i = 0; i < total;) {
        uint8_t value = sequence[i];
        int repeat = 1;
        while (i + repeat < total && sequence[i + repeat] == value) repeat++;
        if (value == 0 && repeat >= 3) {
            if (repeat > 138) repeat = 138;
            int symbol = repeat >= 11 ? 18 : 17;
            runs[run_count++] = (uint16_t)(symbol | (repeat - (symbol == 18 ? 11 : 3)) << 5);
            frequencies[symbol]++;
            i += repeat;
        } else if (value != 0 && repeat >= 4) {
            // The value once, then repeats of the previous length, 3 to 6 at a time.
            runs[run_count++] = value;
            frequencies[value]++;
            int left = repeat - 1;
            if (left > 6) left = 6;
            runs[run_count++] = (uint16_t)(16 | (left - 3) << 5);
            frequencies[16]++;
            i += 1 + left;
        } else {
            runs[run_count++] = value;
            frequencies[value]++;
            i++;
        }
    }
    uint8_t code_lengths[19];
    cpng_code_lengths(frequencies, 19, cpng_max_code_length_bits, code_lengths);
    // A lone code-length symbol still needs a one-bit code.
    int used = 0;
    for (int s = 0; s < 19; s++) used += code_lengths[s] > 0;
    if (used == 1) {
        for (int s = 0; s < 19; s++)
            if (code_lengths[s] == 0) {
                code_lengths[s] = 1;
                break;
            }
    }
    uint16_t codes[19];
    cpng_canonical_codes(code_lengths, 19, codes);
    int sent = 19;
    while (sent > 4 && code_lengths[cpng_code_length_order[sent - 1]] == 0) sent--;

    static const uint8_t extra_bits[19] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7};
    size_t bits = 3 + 5 + 5 + 4 + 3 * (size_t)sent;
    for (int r = 0; r < run_count; r++) {
        int symbol = runs[r] & 31;
        bits += code_lengths[symbol] + extra_bits[symbol];
    }
    if (w == NULL) return bits;
    cpng_put_bits(w, (final ? 1u : 0u) | (2u << 1), 3);
    cpng_put_bits(w, (uint32_t)(literal_count - 257), 5);
    cpng_put_bits(w, (uint32_t)(distance_count - 1), 5);
    cpng_put_bits(w, (uint32_t)(sent - 4), 4);
    for (int i = 0; i < sent; i++) cpng_put_bits(w, code_lengths[cpng_code_length_order[i]], 3);
    for (int r = 0; r < run_count; r++) {
        int symbol = runs[r] & 31;
        cpng_put_bits(w, codes[symbol], code_lengths[symbol]);
        if (extra_bits[symbol] > 0) cpng_put_bits(w, (uint32_t)(runs[r] >> 5), extra_bits[symbol]);
    }
    return bits;
}
