import Raster

extension PNGEncodingOptions {
    /// The settings `PNGEncoder.encodeSmallest(_:candidates:)` tries by default: zlib's level 9
    /// with no row filter, then with `up`.
    ///
    /// On flat UI pictures (solid fills, anti-aliased edges and text) no filter at level 9 gave
    /// the smallest files, 25–32% under `default`'s, because zlib then finds each repeated run of
    /// pixels as one long match; `up` wins on pictures with gradients or artwork scaled up (the
    /// animals sample at 3x). Adaptive filtering with `filtered` (libpng's choice, and
    /// `smallest`) came out larger than either on every such picture measured (BENCHMARKS.md,
    /// "Baselines stored small").
    public static let storageCandidates: [PNGEncodingOptions] = [
        PNGEncodingOptions(compressionLevel: 9, filter: .none, strategy: .default),
        PNGEncodingOptions(compressionLevel: 9, filter: .up, strategy: .default),
    ]
}

extension PNGEncoder {
    /// Encodes `image` with each of `candidates` and returns the smallest file, the earlier
    /// candidate on a tie: for files kept for a long time, such as test baselines in a
    /// repository, where bytes matter more than the time to write them.
    ///
    /// Every candidate decodes to the same pixels, so the choice never changes what a reader
    /// sees. The bytes are a pure function of the image and the candidates, for a given zlib
    /// build.
    ///
    /// - Parameters:
    ///   - image: The premultiplied image.
    ///   - candidates: The settings to try, in order of preference; not empty.
    /// - Returns: The smallest complete PNG file.
    /// - Throws: The first error of `encode(_:options:)`, or `PNGError.invalidOptions` when
    ///   `candidates` is empty.
    /// - Complexity: O(candidates.count · width · height).
    public static func encodeSmallest(
        _ image: Image, candidates: [PNGEncodingOptions] = PNGEncodingOptions.storageCandidates
    ) throws(PNGError) -> [UInt8] {
        var smallest: [UInt8]?
        for options in candidates {
            let png = try encode(image, options: options)
            if png.count < smallest?.count ?? Int.max { smallest = png }
        }
        guard let smallest else { throw .invalidOptions("no encoding options to try") }
        return smallest
    }

    /// `encodeSmallest(_:)` with the digest of the image's pixels in a private chunk
    /// (`PNGPixelDigest`): how test baselines and snapshot references are stored, so that a
    /// later check of an identical image needs no decoding. The chunk adds 29 bytes.
    ///
    /// - Throws: `encode(_:options:)`'s errors.
    /// - Complexity: O(width · height) for each of `PNGEncodingOptions.storageCandidates`.
    public static func encodeReference(_ image: Image) throws(PNGError) -> [UInt8] {
        PNGPixelDigest.appending(to: try encodeSmallest(image), of: StraightRGBAImage(image))
    }

    /// Decodes `png` and encodes its pixels again with each of `candidates`, keeping whichever
    /// file is smallest (`png` itself on a tie): the losslessly smaller form of a baseline
    /// written by another tool or by `encode(_:options:)`'s fast default.
    ///
    /// The straight (not premultiplied) samples are re-encoded as they are, so the result
    /// decodes to exactly the 8-bit RGBA pixels of `png`. Files with 16-bit samples are returned
    /// unchanged, since the encoder writes 8 bits, and so are files with a chunk whose loss
    /// would change what a viewer shows (`chunkLostByRecompression(in:)`): an animation's
    /// frames, a colour space. Other ancillary chunks (text, time, physical pixel size) are not
    /// carried over; the project's decoder ignores them.
    ///
    /// With `pixelDigest`, each re-encoded candidate carries the digest of its pixels
    /// (`encodeReference(_:)`'s chunk) before the sizes are compared, so a file that already
    /// carries one does not lose it to a candidate 29 bytes shorter without it.
    ///
    /// - Parameters:
    ///   - png: A complete PNG file.
    ///   - candidates: The settings to try.
    ///   - pixelDigest: Whether the re-encoded candidates carry the pixels' digest.
    /// - Returns: The smallest file.
    /// - Throws: `PNGDecoder.decodeStraight`'s errors when `png` is not a readable PNG, and
    ///   `PNGError.invalidOptions` when `candidates` is empty.
    /// - Complexity: O(png.count + candidates.count · width · height).
    public static func recompressSmallest(
        _ png: [UInt8], candidates: [PNGEncodingOptions] = PNGEncodingOptions.storageCandidates,
        pixelDigest: Bool = false
    ) throws(PNGError) -> [UInt8] {
        let header = try PNGHeader(parsing: png)
        let image = try PNGDecoder.decodeStraight(png)
        guard !candidates.isEmpty else { throw .invalidOptions("no encoding options to try") }
        guard header.bitDepth <= 8, chunkLostByRecompression(in: png) == nil else { return png }
        var smallest = png
        for options in candidates {
            var candidate = try encode(image, options: options)
            if pixelDigest { candidate = PNGPixelDigest.appending(to: candidate, of: image) }
            if candidate.count < smallest.count { smallest = candidate }
        }
        return smallest
    }

    /// The chunks a decoded and re-encoded file would lose although they change what a viewer
    /// shows: an animated PNG's control chunk (its other frames; the APNG specification's
    /// `acTL`), and the colour-space chunks (PNG specification §11.3.2: `cHRM`, `gAMA`, `iCCP`,
    /// `sRGB`, and the third edition's `cICP` and `mDCV`).
    public static let chunksLostByRecompression: Set<String> = ["acTL", "cHRM", "gAMA", "iCCP", "sRGB", "cICP", "mDCV"]

    /// The first chunk of `png` that `recompressSmallest(_:candidates:)` would lose although
    /// it changes what a viewer shows (`chunksLostByRecompression`), or nil. Such a file is
    /// left as it is.
    ///
    /// - Complexity: O(number of chunks).
    public static func chunkLostByRecompression(in png: [UInt8]) -> String? {
        PNGChunk.entries(of: png).first { chunksLostByRecompression.contains($0.type) }?.type
    }
}
