import CPNGShim
import TestSupport
import Testing

@testable import PNG

/// The carry-less-multiplication CRC-64 of pixel digests against the bit-at-a-time definition.
@Suite struct CRC64Tests {
    /// The kernels this processor runs, the bitwise reference first.
    static let kernels = Array(Int32(CPNG_CRC64_BITWISE)...cpng_crc64_fastest_kernel())

    static func checksum(_ bytes: [UInt8], from crc: UInt64 = 0, kernel: Int32) -> UInt64 {
        bytes.withUnsafeBufferPointer { cpng_crc64_with(crc, $0.baseAddress, $0.count, kernel) }
    }

    /// CRC-64/XZ's published check value, the CRC of the nine digits "123456789", with every kernel
    /// (the short input goes bit by bit) and through `CRC64`.
    @Test func knownValue() {
        let digits = Array("123456789".utf8)
        for kernel in Self.kernels {
            #expect(Self.checksum(digits, kernel: kernel) == 0x995D_C9BB_DF19_39FA)
        }
        #expect(CRC64.checksum(digits) == 0x995D_C9BB_DF19_39FA)
        #expect(CRC64.checksum([]) == 0)
    }

    /// Every length around the 64- and 128-byte steps and the 16-byte blocks, at every alignment
    /// of the first byte, from the start value and from a mid-stream one: each kernel the
    /// processor runs gives the bitwise reference's checksum.
    @Test func everyKernelEqualsTheBitwiseReference() {
        var generator = SplitMix64(seed: 64)
        let buffer = (0..<(70_000 + 3)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let lengths = Array(0...300) + [511, 512, 513, 1023, 1024, 1025, 4099, 65_536, 70_000]
        for length in lengths {
            for offset in 0..<4 where offset + length <= buffer.count {
                let bytes = Array(buffer[offset..<(offset + length)])
                for start: UInt64 in [0, 0x0123_4567_89AB_CDEF] {
                    let expected = Self.checksum(bytes, from: start, kernel: Int32(CPNG_CRC64_BITWISE))
                    for kernel in Self.kernels.dropFirst() {
                        #expect(
                            Self.checksum(bytes, from: start, kernel: kernel) == expected,
                            "kernel \(kernel), length \(length), offset \(offset), start \(start)")
                    }
                }
            }
        }
    }

    /// A checksum continued over a split is the checksum of the whole, wherever the split falls:
    /// the pixel digest continues from the size's eight bytes, the chunks' from chunk to chunk.
    @Test func continuingOverASplitGivesTheWhole() {
        var generator = SplitMix64(seed: 7)
        let bytes = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let whole = CRC64.checksum(bytes)
        for split in [0, 1, 8, 15, 64, 127, 128, 129, 2500, 4999, 5000] {
            let first = CRC64.checksum(Array(bytes[..<split]))
            #expect(CRC64.checksum(Array(bytes[split...]), continuing: first) == whole, "split at \(split)")
        }
    }

    /// One bit flipped anywhere in a long input changes the checksum (a CRC of 64 bits catches
    /// every error confined to 64 consecutive bits).
    @Test func everySingleBitFlipIsCaught() {
        var generator = SplitMix64(seed: 3)
        var bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let original = CRC64.checksum(bytes)
        for index in stride(from: 0, to: bytes.count, by: 7) {
            for bit in 0..<8 {
                bytes[index] ^= 1 << bit
                #expect(CRC64.checksum(bytes) != original, "byte \(index), bit \(bit)")
                bytes[index] ^= 1 << bit
            }
        }
    }
}
