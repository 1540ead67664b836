@testable import PNG

/// The strip encoder with both compressors: any pixels, width, filter and strip height give a
/// PNG that decodes to exactly those pixels. The first byte sets the width (1–64), the second
/// the filter, alpha, compressor and strip height; the rest are straight RGBA pixels, repeated
/// to fill the last row.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGEncoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 6 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let width = Int(bytes[0] % 64) + 1
    let flags = bytes[1]
    let filters: [Int32] = [0, 1, 2, 3, 4]
    let filter = filters[Int(flags % 5)]
    let keepAlpha = flags & 0x08 != 0
    let compressor: PNGCompressor = flags & 0x10 != 0 ? .zlib : .greedy
    let rowsPerStrip = Int(flags >> 5) + 1
    let body = Array(bytes[2...])
    let height = max(1, (body.count + width * 4 - 1) / (width * 4))
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in pixels.indices { pixels[i] = body[i % body.count] }
    if !keepAlpha { for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 } }
    let options = PNGEncodingOptions(
        compressionLevel: 1, filter: .up, strategy: .default, compressor: compressor)
    let rowBytes = 1 + width * (keepAlpha ? 4 : 3)
    let png = try! pixels.withUnsafeBufferPointer { buffer in
        try PNGStripEncoder.encode(
            buffer, width: width, height: height, bytesPerRow: width * 4, keepAlpha: keepAlpha, rowFilter: filter,
            options: options, targetBytes: rowsPerStrip * rowBytes, concurrently: false)
    }
    let decoded = try! PNGDecoder.decodeStraight(png)
    precondition(decoded.width == width && decoded.height == height)
    precondition(decoded.pixels == pixels, "the decoded pixels differ")
    return 0
}
