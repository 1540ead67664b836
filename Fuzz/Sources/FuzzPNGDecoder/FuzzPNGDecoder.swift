import PNG

/// PNG decoding of every colour type, palette, interlacing and ancillary chunk: any bytes give
/// an image or a `PNGError`. Both decoders (premultiplied and straight) are driven.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let image = try? PNGDecoder.decode(bytes) {
        precondition(image.pixels.count == image.width * image.height * 4)
    }
    if let straight = try? PNGDecoder.decodeStraight(bytes) {
        precondition(straight.pixels.count == straight.width * straight.height * 4)
    }
    return 0
}
