#ifndef CPREFETCH_PREFETCH_H
#define CPREFETCH_PREFETCH_H

/// Asks the processor to bring the cache line holding `address` into the cache, for writing.
///
/// Swift has no prefetch; this header gives the compiler's builtin to it. The call is inlined
/// into the Swift caller. It never faults, whatever the address (GCC and Clang document
/// `__builtin_prefetch` so), and changes no memory.
static inline void prefetchForWriting(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
