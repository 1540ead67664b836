import Foundation
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

        /// Runs `body` on a thread of its own and returns what it returns.
        static func onNewThread(_ body: @escaping @Sendable () -> Int) -> Int {
            final class Result: @unchecked Sendable { var value = 0 }
            let result = Result(), done = DispatchSemaphore(value: 0)
            let thread = Thread {
                result.value = body()
                done.signal()
            }
            thread.start()
            done.wait()
            return result.value
        }

        /// A frame-sized buffer freed and allocated again costs no new pages. Without the policy
        /// glibc gives a block this large (30 MiB, above any block freed before in the process)
        /// its own mapping and unmaps it on free; that raises its mmap threshold, so the next
        /// block of the size comes from the heap, but from pages never touched, and each of its
        /// 7,680 pages faults in again. With the policy the first block already comes from the
        /// heap, which keeps its pages when it is freed.
        ///
        /// The two blocks are taken on a thread of its own, as a render worker does: a new
        /// thread gets a malloc arena of its own, whose first heap nobody else uses. (On the
        /// test pool's threads another test could take the freed block in between.)
        @Test func aFreedFrameBufferIsReusedWithoutNewPages() {
            AllocatorPolicy.retainFreedMemory()
            let bytes = 30 << 20
            let second = Self.onNewThread {
                _ = Self.faultsForOneBuffer(bytes: bytes)
                return Self.faultsForOneBuffer(bytes: bytes)
            }
            #expect(second < 64, "\(second) page faults for a buffer of \(bytes / 4096) pages")
        }
    }
#endif
