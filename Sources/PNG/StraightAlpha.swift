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
    static func isOpaque(_ image: Image) -> Bool {
        image.pixels.withUnsafeBytes { raw in
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
    /// - Complexity: O(n).
    static func unpremultiplied(_ pixels: [UInt8]) -> [UInt8] {
        let table = unpremultiplyTable
        return [UInt8](unsafeUninitializedCapacity: pixels.count) { out, count in
            pixels.withUnsafeBufferPointer { src in
                table.withUnsafeBufferPointer { t in
                    var i = 0
                    while i + 3 < src.count {
                        let a = src[i + 3]
                        if a == 255 {
                            out[i] = src[i]
                            out[i + 1] = src[i + 1]
                            out[i + 2] = src[i + 2]
                        } else {
                            let row = Int(a) << 8
                            out[i] = t[row | Int(src[i])]
                            out[i + 1] = t[row | Int(src[i + 1])]
                            out[i + 2] = t[row | Int(src[i + 2])]
                        }
                        out[i + 3] = a
                        i += 4
                    }
                    while i < src.count {  // a partial trailing pixel never occurs in a valid Image
                        out[i] = 0
                        i += 1
                    }
                }
            }
            count = pixels.count
        }
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
