import Testing

@testable import Support

#if canImport(Glibc)
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

        /// A 24 MiB buffer freed and allocated again costs no new pages: without the policy
        /// glibc gives a block that large its own mapping (its own threshold only rises to the
        /// largest block freed so far) and unmaps it on free, so each of its 6,144 pages faults
        /// in again. Tests run in parallel and another thread may briefly take the freed block,
        /// so the best of four tries counts.
        @Test func aFreedFrameBufferIsReusedWithoutNewPages() {
            AllocatorPolicy.retainFreedMemory()
            let bytes = 24 << 20
            _ = Self.faultsForOneBuffer(bytes: bytes)
            let fewest = (0..<4).map { _ in Self.faultsForOneBuffer(bytes: bytes) }.min()!
            #expect(fewest < 64, "\(fewest) page faults for a buffer of \(bytes / 4096) pages")
        }
    }
#endif
