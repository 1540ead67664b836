// The one place that names the platform's C library.
//
// Every module that calls the C library (file descriptors, `errno`, `signal`, `clock_gettime`, or
// libm's `sin`, `cos`, `atan2`, …) imports Support and gets it from here, so no other file needs
// an `#if canImport(Glibc)` block. Glibc is the one checked in CI; Musl (static Linux builds) and
// Darwin are named so the package still builds there.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#else
    #error("CollectionPreview needs a C library: Glibc, Musl or Darwin")
#endif
