import CPNGShim
import Dispatch

/// Compresses a PNG's rows as independent strips on all cores and joins them
/// into one zlib stream, the way pigz parallelises gzip.
///
/// The image is cut into strips of whole rows, about `targetStripBytes` of
/// filtered data each. Every strip is filtered and deflated on its own, primed
/// with the 1 KiB of filtered data before it so matches still reach across
/// the boundary (the whole 32 KiB window cost 12% more instructions for 0.01%
/// fewer bytes), and ended on a byte boundary (a sync flush); the strips'
/// adler32 values are combined for the stream's trailer. libpng then writes
/// the signature, IHDR, one IDAT per strip and IEND.
///
/// At the fast levels, runs of two or more rows that filter to zeros skip
/// zlib: each is one deflate block of matches at distance 1 with Huffman
/// codes made for them, written directly (`zero_rows.c`), and zlib starts
/// again after it, primed with the 1 KiB before its next rows (see
/// `codesZeroRows(for:)`).
///
/// The strips depend only on the image and the options, never on the number
/// of threads, so the file's bytes are the same on any machine with the same
/// zlib. An image of one strip coded with zlib alone (runs of zero rows
/// included) gives exactly the zlib stream libpng itself would write with
/// the same filter, level and strategy (tested), except
/// that libpng shrinks the window, and so the header, for images of at most
/// 16 KiB of filtered data; this encoder always declares a 32 KiB window.
enum PNGStripEncoder {
    /// Filtered bytes per strip: large enough that a strip's setup (zlib's
    /// 256 KiB of state, the dictionary) costs little, small enough
    /// that a 1170x2532 frame gives each core a dozen strips to balance.
    static let targetStripBytes = 256 * 1024

    /// Whether runs of rows that filter to zeros (under `up`, rows equal to the
    /// row above: most of a flat UI frame) are written as deflate blocks of
    /// their own instead of through zlib: at the fast levels 1–3, where zlib
    /// spends about a nanosecond a byte on them. The direct coding costs 13 bits
    /// per 258 zeros, about what zlib's level 1 spends in a UI frame (the S1
    /// frame: 375,849 bytes against 380,904; BENCHMARKS.md, "PNG encoding").
    /// Level 0 stores; levels 4–9 ask for small files, and zlib codes such
    /// runs in fewer bits when its Huffman codes are built for them.
    static func codesZeroRows(for options: PNGEncodingOptions) -> Bool {
        (1...3).contains(options.compressionLevel)
    }

    /// How many rows each strip holds for rows of `rowBytes` filtered bytes.
    static func rowsPerStrip(rowBytes: Int, targetBytes: Int) -> Int {
        max(1, targetBytes / rowBytes)
    }

    /// Encodes straight RGBA rows with one fixed row filter.
    ///
    /// - Parameters:
    ///   - straight: Straight RGBA8 pixels, `bytesPerRow` apart.
    ///   - keepAlpha: Write RGBA (colour type 6) rather than RGB (2).
    ///   - rowFilter: The PNG filter type (0–4) written before every row.
    ///   - targetBytes: Filtered bytes per strip; tests make strips tiny.
    ///   - concurrently: Compress the strips on all cores (the bytes are the
    ///     same either way; tests compare the two).
    ///   - codesZeroRows: Write runs of rows that filter to zeros without zlib
    ///     (see `codesZeroRows(for:)`); tests turn it off to compare with libpng.
    static func encode(
        _ straight: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerRow: Int, keepAlpha: Bool,
        rowFilter: Int32, options: PNGEncodingOptions, targetBytes: Int = targetStripBytes,
        concurrently: Bool = true, codesZeroRows: Bool? = nil
    ) throws(PNGError) -> [UInt8] {
        let rowBytes = 1 + width * (keepAlpha ? 4 : 3)
        let rows = rowsPerStrip(rowBytes: rowBytes, targetBytes: targetBytes)
        let count = (height + rows - 1) / rows
        var strips = [cpng_strip](repeating: cpng_strip(), count: count)
        var statuses = [cpng_status](repeating: CPNG_OK, count: count)
        var messages = [CChar](repeating: 0, count: count * messageCapacity)
        defer {
            for index in strips.indices { cpng_buffer_free(&strips[index].data) }
        }
        strips.withUnsafeMutableBufferPointer { strips in
            statuses.withUnsafeMutableBufferPointer { statuses in
                messages.withUnsafeMutableBufferPointer { messages in
                    let job = StripJob(
                        pixels: straight, width: width, height: height, bytesPerRow: bytesPerRow,
                        keepAlpha: keepAlpha, rowFilter: rowFilter, options: options,
                        codesZeroRows: codesZeroRows ?? PNGStripEncoder.codesZeroRows(for: options), rowsPerStrip: rows,
                        strips: strips, statuses: statuses, messages: messages)
                    if concurrently && count > 1 {
                        DispatchQueue.concurrentPerform(iterations: count) { job.compress(strip: $0) }
                    } else {
                        for index in 0..<count { job.compress(strip: index) }
                    }
                }
            }
        }
        if let failed = statuses.firstIndex(where: { $0 != CPNG_OK }) {
            let start = failed * messageCapacity
            throw .encodingFailed(reason: messageText(Array(messages[start..<start + messageCapacity])))
        }
        var output = cpng_buffer(data: nil, size: 0, capacity: 0)
        defer { cpng_buffer_free(&output) }
        var message = [CChar](repeating: 0, count: messageCapacity)
        let status = cpng_write_strips(
            UInt32(width), UInt32(height), keepAlpha ? 1 : 0, Int32(options.compressionLevel),
            options.strategy.zlibValue, strips, count, &output, &message, messageCapacity)
        guard status == CPNG_OK, let data = output.data else {
            throw .encodingFailed(reason: messageText(message))
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }

    /// Room for one C error message.
    fileprivate static let messageCapacity = 512
}

/// One encode's strips, shared by the threads that compress them.
///
/// `@unchecked Sendable`: every thread reads the same pixels and writes only
/// the slots of the strip index it was given; the caller keeps the buffers
/// alive until all threads have finished (`concurrentPerform` returns).
private struct StripJob: @unchecked Sendable {
    let pixels: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let keepAlpha: Bool
    let rowFilter: Int32
    let options: PNGEncodingOptions
    let codesZeroRows: Bool
    let rowsPerStrip: Int
    let strips: UnsafeMutableBufferPointer<cpng_strip>
    let statuses: UnsafeMutableBufferPointer<cpng_status>
    let messages: UnsafeMutableBufferPointer<CChar>

    /// Filters and deflates strip `index` into its slot.
    func compress(strip index: Int) {
        let first = index * rowsPerStrip
        let capacity = PNGStripEncoder.messageCapacity
        statuses[index] = cpng_deflate_strip(
            pixels.baseAddress, UInt32(width), UInt32(height), bytesPerRow, keepAlpha ? 1 : 0, rowFilter,
            Int32(options.compressionLevel), options.strategy.zlibValue, codesZeroRows ? 1 : 0, UInt32(first),
            UInt32(min(rowsPerStrip, height - first)), &strips[index], messages.baseAddress! + index * capacity,
            capacity)
    }
}
