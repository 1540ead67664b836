import Dispatch
import Foundation

/// The per-pixel pass of `ImageComparator`: finds the pixels of two equally sized straight-RGBA
/// buffers that differ beyond the tolerance and sorts them into counted changes and
/// anti-aliasing.
///
/// The rows are cut into bands of `bandRows` rows, fixed by the image and never by the number
/// of cores, and the bands are scanned concurrently. A band marks each change's kind in a map of
/// one byte a pixel and counts them; the list is then made at its exact length and each band
/// fills its part, found by the counts of the bands above it. So the result is the same on any
/// number of threads, and the changes are held once, beside a map a quarter of an image's size
/// (bands with lists of their own, joined at the end, held them about twice over: 1.6 GB when
/// every pixel of the largest image changed). Fast paths (each on only when `fastPaths` is): a
/// row equal by `memcmp` is skipped, equal pixels are skipped four at a time, the anti-aliasing
/// test rejects a pixel with three identical neighbours by 32-bit compares
/// (`AntiAliasingDetector.skipsFlatPixels`), and the map is read eight bytes at a time. Off,
/// every band runs on the calling thread and every pixel goes through the plain test: the
/// reference the tests hold the fast paths to.
///
/// `@unchecked Sendable`: the threads only read the two buffers, which the caller keeps alive
/// until `scan` returns, and each writes only its own band's rows of the map and part of the list.
struct ChangeScanner: @unchecked Sendable {
    /// What the scan found.
    struct Findings {
        /// Every pixel beyond the tolerance, row by row.
        var changes: [PixelChange] = []
        /// How many of them are counted.
        var differentPixels = 0
        /// How many of them are anti-aliasing.
        var antiAliasedPixels = 0
        /// The largest difference (as `ImageComparisonResult.maximumDifference`).
        var maximumDifference = 0.0

        /// How many changes there are.
        var changeCount: Int { differentPixels + antiAliasedPixels }
    }

    /// Rows per band: a band of a phone-sized frame is a few hundred kilobytes.
    static let bandRows = 64

    let first: UnsafeBufferPointer<UInt8>
    let second: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let ignored: IgnoredPixels
    let options: ComparisonOptions
    let fastPaths: Bool

    /// Scans the rows from `fromRow` on (those above it are known to be equal).
    func scan(fromRow: Int) -> Findings {
        let ranges = stride(from: fromRow, to: height, by: ChangeScanner.bandRows).map {
            $0..<min($0 + ChangeScanner.bandRows, height)
        }
        // Zeroed pages straight from the system: the rows of no change are never touched.
        let mapBytes = max(1, (height - fromRow) * width)
        guard let map = calloc(mapBytes, 1)?.assumingMemoryBound(to: UInt8.self) else {
            fatalError("out of memory for a change map of \(mapBytes) bytes")
        }
        defer { free(map) }
        let kinds = KindMap(base: map - fromRow * width, width: width)
        var bands = [Findings](repeating: Findings(), count: ranges.count)
        bands.withUnsafeMutableBufferPointer { slots in
            let output = BandSlots(slots: slots)
            forEachBand(ranges.count) { output.slots[$0] = scan(rows: ranges[$0], marking: kinds) }
        }
        var findings = Findings()
        // Where each band's changes start in the list, and how many it has.
        var starts = [Int](repeating: 0, count: ranges.count)
        for (index, band) in bands.enumerated() {
            starts[index] = findings.changeCount
            findings.differentPixels += band.differentPixels
            findings.antiAliasedPixels += band.antiAliasedPixels
            findings.maximumDifference = max(findings.maximumDifference, band.maximumDifference)
        }
        let parts = zip(starts, bands.map(\.changeCount)).map { (start: $0, count: $1) }
        findings.changes = [PixelChange](unsafeUninitializedCapacity: findings.changeCount) { list, count in
            let output = ChangeList(base: list.baseAddress)
            forEachBand(ranges.count) { index in
                guard parts[index].count > 0, let base = output.base else { return }
                kinds.list(rows: ranges[index], into: base + parts[index].start, wordAtATime: fastPaths)
            }
            count = findings.changeCount
        }
        if case .yiq = options.metric {
            // Kept as a squared YIQ distance during the scan, turned into a threshold once.
            findings.maximumDifference = (findings.maximumDifference / PixelColorDelta.maximumYIQDelta).squareRoot()
        }
        return findings
    }

    /// Runs `body` for every band index: concurrently when the fast paths are on, else in order
    /// on the calling thread.
    private func forEachBand(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if fastPaths && count > 1 {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        } else {
            for index in 0..<count { body(index) }
        }
    }

    /// One band's scan: its counts and largest difference, its changes marked in `kinds`.
    private func scan(rows: Range<Int>, marking kinds: KindMap) -> Findings {
        let aWords = UnsafeRawBufferPointer(first).bindMemory(to: UInt32.self)
        let bWords = UnsafeRawBufferPointer(second).bindMemory(to: UInt32.self)
        let colors = PixelColorDelta(first: first, second: second)
        let detector = AntiAliasingDetector(
            width: width, height: height, first: first, second: second, firstWords: aWords, secondWords: bWords,
            skipsFlatPixels: fastPaths)
        let rowBytes = width * 4
        var findings = Findings()
        var maximum = 0.0
        for y in rows {
            let rowA = UnsafeRawPointer(first.baseAddress! + y * rowBytes)
            let rowB = UnsafeRawPointer(second.baseAddress! + y * rowBytes)
            if fastPaths && memcmp(rowA, rowB, rowBytes) == 0 { continue }
            var x = -1
            while true {
                x += 1
                if fastPaths {
                    // Equal pixels four at a time (16 bytes as two 64-bit words).
                    while x + 4 <= width
                        && rowA.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
                            == rowB.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self)
                        && rowA.loadUnaligned(fromByteOffset: x * 4 + 8, as: UInt64.self)
                            == rowB.loadUnaligned(fromByteOffset: x * 4 + 8, as: UInt64.self)
                    {
                        x += 4
                    }
                }
                guard x < width else { break }
                let i = y * width + x
                if aWords[i] == bWords[i] || ignored.contains(i) { continue }
                let k = i * 4
                let signed: Double
                let beyond: Bool
                switch options.metric {
                case .yiq(let threshold):
                    signed = colors.yiqDelta(k)
                    maximum = max(maximum, abs(signed))
                    beyond = abs(signed) > PixelColorDelta.maximumYIQDelta * threshold * threshold
                case .deltaE94(let tolerance):
                    signed = colors.deltaE94(k)
                    maximum = max(maximum, abs(signed))
                    beyond = abs(signed) > tolerance
                }
                guard beyond else { continue }
                if !options.includeAntiAliasing && detector.isAntiAliased(x: x, y: y) {
                    findings.antiAliasedPixels += 1
                    kinds.mark(x: x, y: y, .antiAliased)
                } else {
                    findings.differentPixels += 1
                    kinds.mark(x: x, y: y, signed < 0 ? .darker : .lighter)
                }
            }
        }
        findings.maximumDifference = maximum
        return findings
    }
}

/// The kind of change of every pixel of the rows scanned, one byte each: 0 for none, the kind's
/// raw value plus 1 for a change.
///
/// `@unchecked Sendable`: each thread writes and reads only its own band's rows.
private struct KindMap: @unchecked Sendable {
    /// Where row 0 would start (the map holds only the rows scanned).
    let base: UnsafeMutablePointer<UInt8>
    let width: Int

    func mark(x: Int, y: Int, _ kind: PixelChange.Kind) {
        base[y * width + x] = kind.rawValue + 1
    }

    /// Writes the changes of `rows`, row by row, from `output` on; `wordAtATime` skips
    /// unchanged pixels eight at a time.
    func list(rows: Range<Int>, into output: UnsafeMutablePointer<PixelChange>, wordAtATime: Bool) {
        var next = output
        for y in rows {
            let row = UnsafeRawPointer(base + y * width)
            var x = 0
            while x < width {
                if wordAtATime && x + 8 <= width && row.loadUnaligned(fromByteOffset: x, as: UInt64.self) == 0 {
                    x += 8
                    continue
                }
                let mark = row.load(fromByteOffset: x, as: UInt8.self)
                if mark != 0 {
                    next.initialize(to: PixelChange(x: x, y: y, kind: PixelChange.Kind(rawValue: mark - 1)!))
                    next += 1
                }
                x += 1
            }
        }
    }
}

/// The list being filled, shared by the threads of one `ChangeScanner.scan`.
///
/// `@unchecked Sendable`: each thread writes only its own band's part.
private struct ChangeList: @unchecked Sendable {
    let base: UnsafeMutablePointer<PixelChange>?
}

/// The bands' result slots, written by the threads of one `ChangeScanner.scan`.
///
/// `@unchecked Sendable`: each thread writes only the slot of the band index it was given.
private struct BandSlots: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<ChangeScanner.Findings>
}
