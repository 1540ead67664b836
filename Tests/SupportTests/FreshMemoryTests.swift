import Testing

@testable import Support

#if os(Linux)
    /// `FreshMemory.prefault` makes a fresh block resident in one call and changes no byte.
    @Suite struct FreshMemoryTests {
        /// A fresh private anonymous mapping of `bytes` (every page unbacked until touched).
        static func freshMapping(_ bytes: Int) -> UnsafeMutableRawPointer {
            let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            precondition(p != MAP_FAILED)
            // On 4 KiB pages even where transparent huge pages are always on, so that a write
            // makes one page resident, not 512.
            _ = madvise(p, bytes, MADV_NOHUGEPAGE)
            return p!
        }

        /// How many of the pages of `bytes` from the page-aligned `start` are resident.
        static func residentPages(_ start: UnsafeMutableRawPointer, _ bytes: Int) -> Int {
            let pages = bytes / 4096
            var vector = [UInt8](repeating: 0, count: pages)
            precondition(mincore(start, bytes, &vector) == 0)
            return vector.reduce(0) { $0 + Int($1 & 1) }
        }

        /// 8 MiB of fresh pages become resident (where the kernel has `MADV_POPULATE_WRITE`,
        /// as this project's CI machines do) and still read as zeros, with the data written
        /// before the call kept.
        @Test func aFreshBlockBecomesResidentWithItsBytesKept() {
            let bytes = 8 << 20
            let block = Self.freshMapping(bytes)
            defer { munmap(block, bytes) }
            block.storeBytes(of: 0x1234_5678_9ABC_DEF0 as UInt64, toByteOffset: 4096, as: UInt64.self)
            #expect(Self.residentPages(block, bytes) == 1)
            let done = FreshMemory.prefault(block + 100, byteCount: bytes - 100)
            if done {
                // The first page holds the start, which is not page-aligned: it is left out,
                // and stays as it was (not resident).
                #expect(Self.residentPages(block, bytes) == bytes / 4096 - 1)
            }
            #expect(block.load(fromByteOffset: 4096, as: UInt64.self) == 0x1234_5678_9ABC_DEF0)
            let words = block.assumingMemoryBound(to: UInt64.self)
            #expect((0..<(bytes / 8)).allSatisfy { $0 == 512 || words[$0] == 0 })
        }

        /// A block under a mebibyte is not worth the call.
        @Test func aSmallBlockIsLeftAlone() {
            let bytes = FreshMemory.minimumByteCount - 4096
            let block = Self.freshMapping(bytes)
            defer { munmap(block, bytes) }
            #expect(!FreshMemory.prefault(block, byteCount: bytes))
            #expect(Self.residentPages(block, bytes) == 0)
        }
    }
#endif
