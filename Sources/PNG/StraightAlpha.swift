import Raster

/// Conversions between `Image`'s premultiplied RGBA8 and the straight RGBA8
/// that PNG stores.
///
/// Un-premultiplying is `c·255/a` rounded to nearest (alpha 0 gives all
/// zeros), the same as `PremultipliedColor.unpremultiplied`; premultiplying is
/// `c·a/255` rounded to nearest (`div255`), the same as `Color.premultiplied`.
/// For a valid premultiplied pixel (no channel above alpha) the round trip is
/// exact: the un-premultiply error is at most ½ before the second rounding,
/// and ½·a/255 < ½ for every a < 255 (a = 255 has no error at all).
enum StraightAlpha {
    /// `table[a << 8 | c]` is channel `c` un-premultiplied by alpha `a`,
    /// clamped to 255 for invalid inputs with `c > a`. 64 KiB, built once.
    static let unpremultiplyTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 65536)
        for a in 1..<256 {
            for c in 0..<256 {
                table[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a))
            }
        }
        return table
    }()

    /// Whether every pixel of `image` has alpha 255.
    ///
    /// Two pixels a step as one 64-bit word, their alpha bytes ANDed together; the answer is
    /// checked after every 4 KiB, so a translucent pixel near the top stops the scan early.
    ///
    /// - Complexity: O(width · height).
    static func isOpaque(_ image: Image) -> Bool { isOpaque(image.pixels) }

    /// Whether every pixel of the RGBA8 bytes `pixels` (premultiplied or straight) has alpha
    /// 255: `isOpaque(_:)` for bytes that are not an `Image`'s.
    static func isOpaque(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBytes { raw in
            let alphas: UInt64 = 0xFF00_0000_FF00_0000
            let words = raw.count / 8
            var start = 0
            while start < words {
                let end = min(words, start + 512)
                var all = alphas
                for k in start..<end { all &= raw.loadUnaligned(fromByteOffset: k &* 8, as: UInt64.self) }
                if all != alphas { return false }
                start = end
            }
            // An odd pixel count leaves one pixel after the last word.
            return raw.count % 8 == 0 || raw[raw.count - 1] == 0xFF
        }
    }

    /// `isOpaque`, one alpha byte at a time: the reference it is tested against.
    static func isOpaqueByBytes(_ image: Image) -> Bool {
        stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 0xFF }
    }

    /// Straight RGBA8 bytes for premultiplied `pixels`.
    ///
    /// Two pixels a step as one 64-bit word: a pair whose alphas are both 255 is its own
    /// straight form and is copied whole; any other pair goes through the table pixel by pixel
    /// (`unpremultiplyPixel`): on an opaque 1170x2532 frame about 1.8 ms less than a pixel at a
    /// time (BENCHMARKS.md, "A frame checked against its baseline"). The bytes are those of
    /// `unpremultipliedByPixels`, the reference it is tested against.
    ///
    /// - Complexity: O(n).
    static func unpremultiplied(_ pixels: [UInt8]) -> [UInt8] {
        let table = unpremultiplyTable
        return [UInt8](unsafeUninitializedCapacity: pixels.count) { out, count in
            count = pixels.count
            guard let base = out.baseAddress else { return }
            let destination = UnsafeMutableRawPointer(base)
            pixels.withUnsafeBytes { source in
                table.withUnsafeBufferPointer { t in
                    let opaquePair: UInt64 = 0xFF00_0000_FF00_0000  // bytes 3 and 7, the alphas
                    var i = 0
                    while i + 8 <= source.count {
                        let pair = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        if UInt64(littleEndian: pair) & opaquePair == opaquePair {
                            destination.storeBytes(of: pair, toByteOffset: i, as: UInt64.self)
                        } else {
                            unpremultiplyPixel(at: i, source, base, t)
                            unpremultiplyPixel(at: i + 4, source, base, t)
                        }
                        i += 8
                    }
                    if i + 4 <= source.count {
                        unpremultiplyPixel(at: i, source, base, t)
                        i += 4
                    }
                    zeroPartialPixel(from: i, count: source.count, base)
                }
            }
        }
    }

    /// `unpremultiplied` one pixel at a time: the reference it is tested against.
    static func unpremultipliedByPixels(_ pixels: [UInt8]) -> [UInt8] {
        let table = unpremultiplyTable
        return [UInt8](unsafeUninitializedCapacity: pixels.count) { out, count in
            count = pixels.count
            guard let base = out.baseAddress else { return }
            pixels.withUnsafeBytes { source in
                table.withUnsafeBufferPointer { t in
                    var i = 0
                    while i + 4 <= source.count {
                        unpremultiplyPixel(at: i, source, base, t)
                        i += 4
                    }
                    zeroPartialPixel(from: i, count: source.count, base)
                }
            }
        }
    }

    /// Writes the straight form of the premultiplied pixel at byte `i` of `source` to `out`:
    /// the colour copied at alpha 255, else each channel through `table`.
    @inline(__always) private static func unpremultiplyPixel(
        at i: Int, _ source: UnsafeRawBufferPointer, _ out: UnsafeMutablePointer<UInt8>,
        _ table: UnsafeBufferPointer<UInt8>
    ) {
        let a = source[i + 3]
        if a == 255 {
            out[i] = source[i]
            out[i + 1] = source[i + 1]
            out[i + 2] = source[i + 2]
        } else {
            let row = Int(a) << 8
            out[i] = table[row | Int(source[i])]
            out[i + 1] = table[row | Int(source[i + 1])]
            out[i + 2] = table[row | Int(source[i + 2])]
        }
        out[i + 3] = a
    }

    /// Zeroes the bytes of a partial trailing pixel, `i..<count` (never present in a valid `Image`).
    @inline(__always) private static func zeroPartialPixel(from i: Int, count: Int, _ out: UnsafeMutablePointer<UInt8>)
    {
        for k in i..<max(i, count) { out[k] = 0 }
    }

    /// Premultiplies straight RGBA8 bytes in place.
    ///
    /// - Complexity: O(n).
    static func premultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i + 3 < px.count {
                let a = UInt32(px[i + 3])
                if a != 255 {
                    px[i] = UInt8(truncatingIfNeeded: div255(UInt32(px[i]) &* a))
                    px[i + 1] = UInt8(truncatingIfNeeded: div255(UInt32(px[i + 1]) &* a))
                    px[i + 2] = UInt8(truncatingIfNeeded: div255(UInt32(px[i + 2]) &* a))
                }
                i += 4
            }
        }
    }
}
