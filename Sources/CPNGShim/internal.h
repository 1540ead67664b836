// Helpers shared by the shim's C files; not part of the public header.
#ifndef CPNGSHIM_INTERNAL_H
#define CPNGSHIM_INTERNAL_H

#include <stddef.h>

/// Copies `text` into `message` (at most `capacity` - 1 bytes, NUL-terminated).
void cpng_copy_message(char *message, size_t capacity, const char *text);

#endif
