// Helpers shared by the shim's C files; not part of the public header.
#ifndef CPNGSHIM_INTERNAL_H
#define CPNGSHIM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "CPNGShim.h"

/// Copies `text` into `message` (at most `capacity` - 1 bytes, NUL-terminated).
void cpng_copy_message(char *message, size_t capacity, const char *text);

/// Whether a filtered row (its filter-type byte, then `data_bytes` bytes) has only zeros after
/// the type byte: a row equal to the one above under the UP filter. `data_bytes` ≥ 1.
int cpng_filtered_row_is_zero(const uint8_t *row, size_t data_bytes);

/// Appends to `data` one deflate block (not the final one) that decodes to `rows` rows of
/// `filter_type` followed by `data_bytes` zeros (≥ 1), then an empty stored block, so the
/// output ends on a byte boundary. Returns 0 when memory for it cannot be had.
int cpng_deflate_zero_rows(cpng_buffer *data, int filter_type, size_t rows, size_t data_bytes);

/// Appends to `output` the deflate coding of `data[start..<end]` (start < end) by the greedy
/// coder (greedy_deflate.c), with `data[0..<start]` as history matches may reach into: one block,
/// the stream's last with `final`, otherwise followed by an empty stored block so the output
/// ends on a byte boundary. Returns 0 when memory for it cannot be had.
int cpng_greedy_deflate(cpng_buffer *output, const uint8_t *data, size_t start, size_t end, int final);

#endif
