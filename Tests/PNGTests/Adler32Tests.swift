import CPNGShim
import TestSupport
import Testing

/// The SSE2 Adler-32 of the strip encoder against the definition.
@Suite struct Adler32Tests {
    /// RFC 1950's definition, one byte at a time with 64-bit sums: the reference.
    static func definition(_ bytes: [UInt8], from adler: UInt32 = 1) -> UInt32 {
        var a = UInt64(adler & 0xFFFF), b = UInt64(adler >> 16)
        for byte in bytes {
            a = (a + UInt64(byte)) % 65521
            b = (b + a) % 65521
        }
        return UInt32(b << 16 | a)
    }

    static func checksums(_ bytes: [UInt8], from adler: UInt32 = 1) -> (simd: UInt32, scalar: UInt32) {
        bytes.withUnsafeBufferPointer {
            (cpng_adler32(adler, $0.baseAddress, $0.count), cpng_adler32_scalar(adler, $0.baseAddress, $0.count))
        }
    }

    /// Every length around the 32-byte blocks and the 5,536-byte runs, random bytes and the
    /// all-255 worst case for the sums, from the start value and from a mid-stream one.
    @Test func equalsTheDefinition() {
        var generator = SplitMix64(state: 11)
        let lengths = Array(0...100) + [5503, 5535, 5536, 5537, 5552, 5568, 11_072, 11_073, 100_003, 262_145]
        for length in lengths {
            let random = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let saturated = [UInt8](repeating: 255, count: length)
            for bytes in [random, saturated] {
                for start: UInt32 in [1, 0xFFF0_FFF0, 1234 << 16 | 4321] {
                    let expected = Adler32Tests.definition(bytes, from: start)
                    let (simd, scalar) = Adler32Tests.checksums(bytes, from: start)
                    #expect(simd == expected, "length \(length), start \(start)")
                    #expect(scalar == expected, "length \(length), start \(start)")
                }
            }
        }
    }

    /// A published value: the Adler-32 of "Wikipedia" is 0x11E60398.
    @Test func knownValue() {
        #expect(Adler32Tests.checksums(Array("Wikipedia".utf8)).simd == 0x11E6_0398)
    }
}
