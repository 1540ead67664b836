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

/// How the C library's allocator treats large blocks.
public enum AllocatorPolicy {
    /// Keeps freed memory in the process for reuse instead of handing it back to the kernel.
    ///
    /// glibc serves blocks above a threshold (128 KiB at first) with their own `mmap` and, for
    /// the rest, gives the free top of a heap back with `madvise`. A command that renders
    /// frame after frame frees and allocates the same 4–12 MB buffers again and again, and each
    /// time the kernel has to unmap, fault in and zero them anew: half of an animation's page
    /// faults (BENCHMARKS.md, "Animation, end to end"). With blocks up to 32 MiB taken from
    /// the heap and the trimming threshold at 1 GiB, a freed frame buffer is simply reused.
    /// The price is memory kept: each thread's arena holds on to what it freed, so the peak
    /// resident memory can exceed what was ever live at once (a 600-frame animation on two
    /// workers peaked 8 MB higher, 68 MB instead of 60). Memory is returned when the process
    /// ends. Other C libraries are left as they are.
    ///
    /// Call it once, at the start of the executable, before other threads run.
    public static func retainFreedMemory() {
        #if canImport(Glibc)
            // `mallopt` is in <malloc.h>, which the Glibc module does not import; looked up by
            // name (a nil handle is RTLD_DEFAULT), with glibc's stable parameter numbers.
            guard let symbol = dlsym(nil, "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            let mmapThreshold: Int32 = -3, trimThreshold: Int32 = -1  // M_MMAP_THRESHOLD, M_TRIM_THRESHOLD
            _ = mallopt(mmapThreshold, 32 << 20)
            _ = mallopt(trimThreshold, 1 << 30)
        #endif
    }
}
