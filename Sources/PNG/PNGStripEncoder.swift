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
/// At the fast levels, long runs of rows that filter to zeros skip zlib:
/// each is one deflate block of matches at distance 1 with Huffman codes
/// made for them, written directly (`zero_rows.c`), and zlib starts again
/// after it, primed with the 1 KiB before its next rows (see
/// `leastZeroRun(rowBytes:options:)`).
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

    /// The fewest rows that filter to zeros (under `up`, rows equal to the row
    /// above: most of a flat UI frame) that are written as a deflate block of
    /// their own instead of through zlib, or 0 for none.
    ///
    /// zlib's fast levels spend about a nanosecond a byte on such rows; the
    /// direct block costs two bits per 258 zeros. A run must fill zlib's
    /// 32 KiB window (and hold two rows): zlib starts afresh after it, and
    /// after 32 KiB of zeros its own window would hold nothing else, so the
    /// rows that follow lose nothing. Shorter runs coded apart made files
    /// whose rows repeat a few times 13–26% larger (BENCHMARKS.md, "PNG
    /// encoding"). Only zlib's levels 1–3: level 0 stores, levels 4–9 ask for
    /// small files, where zlib's own coding of such runs is smaller, and the
    /// greedy coder finds such rows as fast by itself.
    static func leastZeroRun(rowBytes: Int, options: PNGEncodingOptions) -> Int {
        guard options.compressor == .zlib, (1...3).contains(options.compressionLevel) else { return 0 }
        return max(2, (32 * 1024 + rowBytes - 1) / rowBytes)
    }

    /// The level the zlib header's FLEVEL bits report: the greedy coder is a fastest one.
    static func headerLevel(_ options: PNGEncodingOptions) -> Int32 {
        options.compressor == .greedy ? 1 : Int32(options.compressionLevel)
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
    ///   - zeroRunRows: Write runs of at least this many rows that filter to
    ///     zeros without zlib; 0 writes none. `nil` takes
    ///     `leastZeroRun(rowBytes:options:)`; tests choose to compare with libpng
    ///     and to code short runs.
    static func encode(
        _ straight: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerRow: Int, keepAlpha: Bool,
        rowFilter: Int32, options: PNGEncodingOptions, targetBytes: Int = targetStripBytes,
        concurrently: Bool = true, zeroRunRows: Int? = nil
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
                        zeroRunRows: zeroRunRows ?? leastZeroRun(rowBytes: rowBytes, options: options),
                        rowsPerStrip: rows,
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
            UInt32(width), UInt32(height), keepAlpha ? 1 : 0, headerLevel(options), options.strategy.zlibValue, strips,
            count, &output, &message, messageCapacity)
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
    let zeroRunRows: Int
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
            options.compressor.shimValue, Int32(options.compressionLevel), options.strategy.zlibValue,
            UInt32(clamping: zeroRunRows), UInt32(first),
            UInt32(min(rowsPerStrip, height - first)), &strips[index], messages.baseAddress! + index * capacity,
            capacity)
    }
}
