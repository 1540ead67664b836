#!/usr/bin/env python3
"""Writes the PNG fixtures of PNGTests with nothing but zlib and struct.

Run from any directory: python3 make_fixtures.py  (writes next to itself).
Every image is tiny and follows a pattern that PNGTests re-derives on its own,
so the tests assert exact pixel values. The encoder here is independent of
libpng: it packs samples, applies filter 0 (or 1 = Sub where noted), splits
Adam7 passes itself and writes the chunks with their CRCs.
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data, bad_crc=False):
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    if bad_crc:
        crc ^= 0x1
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def ihdr(width, height, depth, color_type, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, interlace))


def pack_row(samples, depth):
    """samples: flat list of integer samples for one row."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def filtered(rows, depth, color_type, filter_type):
    bpp = max(1, CHANNELS[color_type] * depth // 8)
    out = bytearray()
    for row in rows:
        if filter_type == 0:
            out += b"\x00" + row
        else:  # Sub
            out += b"\x01" + bytes((row[i] - (row[i - bpp] if i >= bpp else 0)) & 0xFF for i in range(len(row)))
    return bytes(out)


def image_data(pixels, width, height, depth, color_type, interlace, filter_type):
    """pixels[y][x] is a tuple of samples."""
    if not interlace:
        rows = [pack_row([s for p in pixels[y] for s in p], depth) for y in range(height)]
        return filtered(rows, depth, color_type, filter_type)
    data = b""
    for x0, y0, dx, dy in ADAM7:
        rows = []
        for y in range(y0, height, dy):
            xs = range(x0, width, dx)
            if len(xs) == 0:
                continue
            rows.append(pack_row([s for x in xs for s in pixels[y][x]], depth))
        data += filtered(rows, depth, color_type, filter_type)
    return data


def png(pixels, depth, color_type, interlace=0, extra=b"", filter_type=0, level=9):
    height, width = len(pixels), len(pixels[0])
    raw = image_data(pixels, width, height, depth, color_type, interlace, filter_type)
    return (SIGNATURE + ihdr(width, height, depth, color_type, interlace) + extra
            + chunk(b"IDAT", zlib.compress(raw, level)) + chunk(b"IEND", b""))


def grid(width, height, f):
    return [[f(x, y) for x in range(width)] for y in range(height)]


def save(name, data):
    with open(os.path.join(HERE, name), "wb") as fh:
        fh.write(data)


def main():
    # Grey at every depth. Pattern documented beside each; PNGTests mirrors it.
    save("grey1.png", png(grid(10, 2, lambda x, y: ((x + y) % 3 == 0,)), 1, 0))
    save("grey2.png", png(grid(4, 2, lambda x, y: ((x + y) % 4,)), 2, 0))
    save("grey4.png", png(grid(16, 1, lambda x, y: (x,)), 4, 0))
    save("grey8.png", png(grid(5, 3, lambda x, y: (x * 50 + y,)), 8, 0))
    # Every 16-bit value once: v = 256·y + x, Sub-filtered so it compresses.
    save("grey16_all.png", png(grid(256, 256, lambda x, y: (256 * y + x,)), 16, 0, filter_type=1))
    save("grey8_trns.png", png(grid(5, 3, lambda x, y: (x * 50 + y,)), 8, 0,
                               extra=chunk(b"tRNS", struct.pack(">H", 101))))
    save("greyalpha8.png", png(grid(4, 4, lambda x, y: (x * 60, y * 85)), 8, 4))
    save("greyalpha16.png", png(grid(3, 1, lambda x, y: [(65535, 32768), (128, 65535), (40000, 257)][x]), 16, 4))

    # RGB and RGBA.
    save("rgb8.png", png(grid(4, 3, lambda x, y: (x * 80, y * 120, 200)), 8, 2))
    save("rgb16.png", png(grid(2, 1, lambda x, y: [(65535, 128, 129), (385, 386, 32896)][x]), 16, 2))
    save("rgb8_trns.png", png(grid(3, 2, lambda x, y: (10 * x, 20, 30 * y)), 8, 2,
                              extra=chunk(b"tRNS", struct.pack(">HHH", 10, 20, 30))))
    save("rgb16_trns.png", png(grid(2, 1, lambda x, y: [(1000, 2000, 3000), (1000, 2000, 3001)][x]), 16, 2,
                               extra=chunk(b"tRNS", struct.pack(">HHH", 1000, 2000, 3000))))
    save("rgba8.png", png(grid(4, 2, lambda x, y: (200, 100, 50, [0, 1, 128, 255][x] if y == 0 else 64)), 8, 6))
    save("rgba16.png", png(grid(2, 1, lambda x, y: [(65535, 0, 32896, 32896), (25700, 51400, 0, 65535)][x]), 16, 6))

    # Palettes.
    plte = chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 200, 100, 50]))
    save("palette8.png", png(grid(4, 2, lambda x, y: ((x + y) % 4,)), 8, 3, extra=plte))
    save("palette2.png", png(grid(5, 1, lambda x, y: (x % 4,)), 2, 3, extra=plte))
    save("palette1.png", png(grid(9, 1, lambda x, y: (x % 2,)), 1, 3, extra=plte))
    save("palette4_trns.png", png(grid(4, 1, lambda x, y: (3 - x,)), 4, 3,
                                  extra=plte + chunk(b"tRNS", bytes([0, 128]))))

    # Adam7 interlaced.
    save("rgba8_adam7.png", png(grid(9, 9, lambda x, y: (x * 20, y * 20, (x + y) * 10, 255 - 10 * x)), 8, 6, interlace=1))
    save("rgb8_adam7.png", png(grid(9, 9, lambda x, y: (x * 25, 250 - y * 20, (x * y) % 251)), 8, 2, interlace=1))
    save("grey4_adam7.png", png(grid(7, 7, lambda x, y: ((x + 2 * y) % 16,)), 4, 0, interlace=1))

    # Damaged and hostile files.
    good = png(grid(4, 3, lambda x, y: (x * 80, y * 120, 200)), 8, 2)
    idat_at = good.index(b"IDAT") - 4
    (idat_len,) = struct.unpack(">I", good[idat_at:idat_at + 4])
    crc_at = idat_at + 8 + idat_len
    save("bad_crc_idat.png", good[:crc_at] + bytes([good[crc_at] ^ 0xFF]) + good[crc_at + 1:])
    save("truncated_idat.png", good[:idat_at + 8 + idat_len // 2])
    save("no_iend.png", good[:crc_at + 4])
    save("bad_zlib.png", SIGNATURE + ihdr(4, 3, 8, 2) + chunk(b"IDAT", b"\x78\x9c" + b"\xff" * 20) + chunk(b"IEND", b""))
    save("bad_crc_text.png", SIGNATURE + ihdr(4, 3, 8, 2) + chunk(b"tEXt", b"Comment\x00hello", bad_crc=True)
         + good[idat_at:])
    save("huge_header.png", SIGNATURE + ihdr(100000, 100000, 8, 6)
         + chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b""))
    save("huge_header_only.png", SIGNATURE + ihdr(100000, 100000, 8, 6))
    save("bad_crc_ihdr.png", SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 3, 8, 2, 0, 0, 0), bad_crc=True)
         + good[idat_at:])
    save("bad_depth.png", SIGNATURE + ihdr(4, 3, 3, 2) + good[idat_at:])


if __name__ == "__main__":
    main()
