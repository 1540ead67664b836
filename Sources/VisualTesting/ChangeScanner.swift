import Dispatch
import Foundation

/// The per-pixel pass of `ImageComparator`: finds the pixels of two equally sized straight-RGBA
/// buffers that differ beyond the tolerance and sorts them into counted changes and
/// anti-aliasing.
///
/// The rows are cut into bands of `bandRows` rows, fixed by the image and never by the number
/// of cores, and the bands are scanned concurrently; their findings are joined in band order,
/// so the result is the same on any number of threads. Fast paths (each on only when
/// `fastPaths` is): a row equal by `memcmp` is skipped, equal pixels are skipped four at a
/// time, and the anti-aliasing test rejects a pixel with three identical neighbours by 32-bit
/// compares (`AntiAliasingDetector.skipsFlatPixels`). Off, every band runs on the calling
/// thread and every pixel goes through the plain test: the reference the tests hold the fast
/// paths to.
///
/// `@unchecked Sendable`: the threads only read the two buffers, which the caller keeps alive
/// until `scan` returns.
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

        /// `self` followed by the findings of the rows below.
        mutating func append(_ below: Findings) {
            changes += below.changes
            differentPixels += below.differentPixels
            antiAliasedPixels += below.antiAliasedPixels
            maximumDifference = max(maximumDifference, below.maximumDifference)
        }
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
        var bands = [Findings](repeating: Findings(), count: ranges.count)
        if fastPaths && ranges.count > 1 {
            bands.withUnsafeMutableBufferPointer { slots in
                let output = BandSlots(slots: slots)
                DispatchQueue.concurrentPerform(iterations: ranges.count) { output.slots[$0] = scan(rows: ranges[$0]) }
            }
        } else {
            for (index, rows) in ranges.enumerated() { bands[index] = scan(rows: rows) }
        }
        var findings = Findings()
        // Room for every band's changes at once, not grown (and copied) band by band.
        findings.changes.reserveCapacity(bands.reduce(0) { $0 + $1.changes.count })
        for band in bands { findings.append(band) }
        if case .yiq = options.metric {
            // Kept as a squared YIQ distance during the scan, turned into a threshold once.
            findings.maximumDifference = (findings.maximumDifference / PixelColorDelta.maximumYIQDelta).squareRoot()
        }
        return findings
    }

    /// One band's scan.
    private func scan(rows: Range<Int>) -> Findings {
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
                    findings.changes.append(PixelChange(x: x, y: y, kind: .antiAliased))
                } else {
                    findings.differentPixels += 1
                    findings.changes.append(PixelChange(x: x, y: y, kind: signed < 0 ? .darker : .lighter))
                }
            }
        }
        findings.maximumDifference = maximum
        return findings
    }
}

/// The bands' result slots, written by the threads of one `ChangeScanner.scan`.
///
/// `@unchecked Sendable`: each thread writes only the slot of the band index it was given.
private struct BandSlots: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<ChangeScanner.Findings>
}
