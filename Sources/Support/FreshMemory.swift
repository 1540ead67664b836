/// Large blocks of fresh memory, faulted in before they are written.
///
/// The first write to each 4 KiB page of a fresh block (one the allocator has just mapped) is a
/// page fault, a trap into the kernel that allocates and zeroes the page: about 2 µs each on
/// the virtual machine BENCHMARKS.md describes, half of a first waterfall `prepare` of a
/// million items. `madvise(MADV_POPULATE_WRITE)` (Linux 5.14, `man 2 madvise`) does the same
/// allocation for a whole range in one system call, without a trap per page. It changes no
/// contents (fresh pages read as zeros either way), and where the kernel lacks it, or on other
/// systems, nothing happens.
public enum FreshMemory {
    /// The smallest block worth a system call.
    public static let minimumByteCount = 1 << 20

    /// Faults in the whole pages inside `byteCount` bytes from `start`, for writing, when that
    /// is at least `minimumByteCount`. Call it before the block is written, on memory that will
    /// be written soon: every page of the range is then resident. Returns whether the kernel
    /// did so (false for a small block, an older kernel or another system).
    @discardableResult public static func prefault(_ start: UnsafeMutableRawPointer, byteCount: Int) -> Bool {
        guard byteCount >= minimumByteCount else { return false }
        #if os(Linux)
            let page = UInt(max(4096, sysconf(Int32(_SC_PAGESIZE))))
            let first = (UInt(bitPattern: start) + page - 1) & ~(page - 1)
            let end = (UInt(bitPattern: start) + UInt(byteCount)) & ~(page - 1)
            guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return false }
            let populateWrite: Int32 = 23  // MADV_POPULATE_WRITE, which older C headers lack
            return madvise(aligned, Int(end - first), populateWrite) == 0
        #else
            return false
        #endif
    }
}
