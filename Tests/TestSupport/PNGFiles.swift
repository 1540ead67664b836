import PNG

/// Comparisons of PNG files by what they show, for files that may be stored with different
/// compression (baselines are recorded with `PNGEncoder.encodeSmallest`).
public enum PNGFiles {
    /// Whether `a` and `b` are both readable PNGs that decode to the same straight RGBA8 pixels.
    public static func samePixels(_ a: [UInt8]?, _ b: [UInt8]?) -> Bool {
        guard let a, let b, let first = try? PNGDecoder.decodeStraight(a),
            let second = try? PNGDecoder.decodeStraight(b)
        else { return false }
        return first == second
    }

    /// Whether `stored` shows the pixels of `png` in no more bytes: a baseline recorded from it.
    public static func isStoredForm(_ stored: [UInt8]?, of png: [UInt8]?) -> Bool {
        guard let stored, let png else { return false }
        return stored.count <= png.count && samePixels(stored, png)
    }
}
