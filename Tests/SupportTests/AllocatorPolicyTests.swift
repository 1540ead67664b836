import Testing

@testable import Support

/// `AllocatorPolicy.retainFreedMemory` keeps a freed frame-sized buffer for the next one.
@Suite struct AllocatorPolicyTests {
    /// This thread's minor page faults so far (pages the kernel had to supply).
    static func pageFaults() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD (Linux), which the Glibc module leaves out
        return usage.ru_minflt
    }

    /// Allocates `bytes`, writes every byte (so every page is touched), frees it, and returns
    /// the page faults that took.
    static func faultsForOneBuffer(bytes: Int) -> Int {
        let before = pageFaults()
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        buffer.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
        buffer.deallocate()
        return pageFaults() - before
    }

    #if canImport(Glibc)
        /// An 8 MiB buffer freed and allocated again costs no new pages: without the policy
        /// glibc gives such a block its own mapping and unmaps it on free, so each of the
        /// 2,048 pages faults in again.
        @Test func aFreedFrameBufferIsReusedWithoutNewPages() {
            AllocatorPolicy.retainFreedMemory()
            let bytes = 8 << 20
            _ = Self.faultsForOneBuffer(bytes: bytes)
            let again = Self.faultsForOneBuffer(bytes: bytes)
            #expect(again < 64, "\(again) page faults for a buffer of \(bytes / 4096) pages")
        }
    #endif
}
