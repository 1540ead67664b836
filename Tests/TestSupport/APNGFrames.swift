import PNG
import Raster

/// The frames an animated PNG shows, composed as the APNG specification says
/// (https://wiki.mozilla.org/APNG_Specification, "Chunks" and "Frame control"): a reference
/// written apart from `APNGWriter`, which the tests hold its files to.
///
/// Each frame's data (`IDAT` after the first `fcTL`, else the `fdAT`s after an `fcTL`, their
/// sequence numbers dropped) is wrapped as a PNG of the frame region's size and decoded, then
/// placed on the canvas at the region's offset. Only the operations `APNGWriter` uses are
/// implemented, dispose NONE (the canvas keeps the frame) and blend SOURCE (the region's
/// pixels replace the canvas's); any other makes `decode` throw, as do a region outside the
/// canvas, a sequence number out of order, a frame count in `acTL` other than the frames
/// found, and a first frame (the one in `IDAT`) that does not cover the canvas from (0, 0).
public enum APNGFrames {
    /// Why a file is not an APNG this reference reads.
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong, in one line.
        public let description: String
    }

    /// One frame control chunk: the region, and the operations after and over it.
    public struct Control: Equatable, Sendable {
        /// The frame's rectangle on the canvas (its size and offset).
        public let region: PixelRect
        /// How long the frame shows: `delayNumerator / delayDenominator` seconds.
        public let delayNumerator: Int, delayDenominator: Int
        /// What happens to the region after the frame (0 NONE) and how it goes over the canvas
        /// (0 SOURCE).
        public let dispose: Int, blend: Int
    }

    /// Every frame as a viewer shows it, in order.
    public static func decode(_ apng: [UInt8]) throws -> [Image] {
        let list = try chunks(apng)
        guard let header = list.first, header.type == "IHDR", header.data.count == 13 else {
            throw Failure(description: "no IHDR first")
        }
        var canvas = try Image(width: number(header.data, 0), height: number(header.data, 4))
        var frames: [Image] = []
        var sequence = 0
        var k = 0
        while k < list.count {
            guard list[k].type == "fcTL" else {
                if list[k].type == "IDAT" || list[k].type == "fdAT" {
                    throw Failure(description: "frame data without fcTL")
                }
                k += 1
                continue
            }
            let (control, controlSequence) = try parseControl(list[k].data)
            guard controlSequence == sequence else {
                throw Failure(description: "fcTL sequence \(controlSequence), expected \(sequence)")
            }
            sequence += 1
            k += 1
            var data: [UInt8] = []
            while k < list.count, list[k].type == "IDAT" || list[k].type == "fdAT" {
                if list[k].type == "fdAT" {
                    guard number(list[k].data, 0) == sequence else {
                        throw Failure(description: "fdAT sequence out of order")
                    }
                    sequence += 1
                    data += list[k].data[4...]
                } else {
                    guard frames.isEmpty else { throw Failure(description: "IDAT after the first frame") }
                    data += list[k].data
                }
                k += 1
            }
            guard control.dispose == 0, control.blend == 0 else {
                throw Failure(description: "dispose \(control.dispose), blend \(control.blend) are not implemented")
            }
            let r = control.region
            guard !r.isEmpty, r.minX >= 0, r.minY >= 0, r.maxX <= canvas.width, r.maxY <= canvas.height else {
                throw Failure(description: "region \(r) outside the \(canvas.width)x\(canvas.height) canvas")
            }
            if frames.isEmpty && r != PixelRect(minX: 0, minY: 0, maxX: canvas.width, maxY: canvas.height) {
                throw Failure(description: "the first frame's region \(r) is not the whole canvas")
            }
            var ihdr = header.data
            ihdr.replaceSubrange(0..<8, with: bytes(UInt32(r.width)) + bytes(UInt32(r.height)))
            let png = [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", ihdr) + chunk("IDAT", data) + chunk("IEND", [])
            let part = try PNGDecoder.decode(png)
            for y in 0..<r.height {
                for x in 0..<r.width { canvas[r.minX + x, r.minY + y] = part[x, y] }
            }
            frames.append(canvas)
        }
        guard let animation = list.first(where: { $0.type == "acTL" }), animation.data.count == 8,
            number(animation.data, 0) == frames.count
        else { throw Failure(description: "acTL does not count the \(frames.count) frames") }
        return frames
    }

    /// The frame control chunks, in order.
    public static func controls(_ apng: [UInt8]) throws -> [Control] {
        try chunks(apng).filter { $0.type == "fcTL" }.map { try parseControl($0.data).control }
    }

    private static func parseControl(_ d: [UInt8]) throws -> (control: Control, sequence: Int) {
        guard d.count == 26 else { throw Failure(description: "an fcTL of \(d.count) bytes") }
        let x = number(d, 12), y = number(d, 16)
        let control = Control(
            region: PixelRect(minX: x, minY: y, maxX: x + number(d, 4), maxY: y + number(d, 8)),
            delayNumerator: Int(d[20]) << 8 | Int(d[21]), delayDenominator: Int(d[22]) << 8 | Int(d[23]),
            dispose: Int(d[24]), blend: Int(d[25]))
        return (control, number(d, 0))
    }

    private static func chunks(_ png: [UInt8]) throws -> [(type: String, data: [UInt8])] {
        guard png.starts(with: [137, 80, 78, 71, 13, 10, 26, 10]) else {
            throw Failure(description: "no PNG signature")
        }
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= png.count {
            let length = number(png, i)
            guard i + 12 + length <= png.count else { throw Failure(description: "a chunk past the end") }
            let typeAndData = Array(png[(i + 4)..<(i + 8 + length)])
            guard crc(typeAndData) == UInt32(number(png, i + 8 + length)) else {
                throw Failure(description: "a bad CRC at byte \(i)")
            }
            out.append((String(decoding: typeAndData[0..<4], as: UTF8.self), Array(typeAndData[4...])))
            i += 12 + length
        }
        return out
    }

    private static func number(_ bytes: [UInt8], _ offset: Int) -> Int {
        let i = bytes.startIndex + offset
        return Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
    }

    private static func bytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bytes(UInt32(data.count)) + typeAndData + bytes(crc(typeAndData))
    }

    /// CRC-32 (PNG spec, Annex D), bit by bit.
    private static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
}
