#!/usr/bin/env python3
"""Makes the image pairs that VisualTestingTests compares with pixelmatch's counts.

    python3 make-pixelmatch-fixtures.py OUT_DIR RAW_DIR

writes OUT_DIR/<name>-a.png and <name>-b.png (palette, grey, RGB and RGBA PNGs,
deterministic: a fixed random seed) and, for each, RAW_DIR/<name>-{a,b}.rgba:
the pixels as straight 8-bit RGBA, the form pixelmatch takes, plus
RAW_DIR/pairs.json listing them. Counting with pixelmatch itself:

    node -e '...'  # see README in this folder
"""
import json
import math
import os
import random
import sys

from PIL import Image

SIZE = 48


def disc(cx, cy, r, fg, bg, mode="RGB", samples=8):
    """A disc drawn with exact-ish coverage by supersampling (anti-aliased edges)."""
    img = Image.new("RGBA", (SIZE, SIZE))
    px = img.load()
    for y in range(SIZE):
        for x in range(SIZE):
            inside = 0
            for sy in range(samples):
                for sx in range(samples):
                    dx = x + (sx + 0.5) / samples - cx
                    dy = y + (sy + 0.5) / samples - cy
                    inside += dx * dx + dy * dy <= r * r
            t = inside / (samples * samples)
            px[x, y] = tuple(round(bg[c] + (fg[c] - bg[c]) * t) for c in range(4))
    return img.convert(mode) if mode != "RGBA" else img


def noise(seed, mode):
    rng = random.Random(seed)
    img = Image.new("RGBA", (SIZE, SIZE))
    px = img.load()
    for y in range(SIZE):
        for x in range(SIZE):
            px[x, y] = (rng.randrange(256), rng.randrange(256), rng.randrange(256), rng.randrange(256))
    return img if mode == "RGBA" else img.convert(mode)


def perturb(img, seed, amount, fraction):
    rng = random.Random(seed)
    out = img.copy()
    px = out.load()
    for y in range(SIZE):
        for x in range(SIZE):
            if rng.random() < fraction:
                v = px[x, y]
                if isinstance(v, int):
                    px[x, y] = max(0, min(255, v + rng.randint(-amount, amount)))
                else:
                    px[x, y] = tuple(max(0, min(255, c + rng.randint(-amount, amount))) for c in v)
    return out


def stripes(offset, mode):
    img = Image.new("RGB", (SIZE, SIZE), (255, 255, 255))
    px = img.load()
    for y in range(SIZE):
        for x in range(SIZE):
            if (x + offset) % 12 < 4 or (y // 8) % 3 == 0 and x % 5 == 0:
                px[x, y] = (20, 40, 200)
    return img.convert(mode, palette=Image.Palette.ADAPTIVE, colors=8) if mode == "P" else img.convert(mode)


def pairs():
    white, blue = (255, 255, 255, 255), (30, 90, 220, 255)
    yield "disc-shift-rgb", disc(24, 24, 14, blue, white), disc(24.3, 24.2, 14, blue, white)
    yield "disc-grow-rgb", disc(24, 24, 14, blue, white), disc(24, 24, 16, blue, white)
    yield "disc-shift-grey", disc(24, 24, 14, blue, white, "L"), disc(24.4, 24, 14, blue, white, "L")
    clear, red = (0, 0, 0, 0), (220, 30, 30, 200)
    yield "disc-shift-alpha", disc(24, 24, 14, red, clear, "RGBA"), disc(24.5, 23.7, 14, red, clear, "RGBA")
    yield "noise-rgb", noise(1, "RGB"), perturb(noise(1, "RGB"), 2, 40, 0.5)
    yield "noise-rgba", noise(3, "RGBA"), perturb(noise(3, "RGBA"), 4, 30, 0.5)
    yield "noise-grey", noise(5, "L"), perturb(noise(5, "L"), 6, 50, 0.5)
    yield "stripes-palette", stripes(0, "P"), stripes(1, "P")
    a = Image.new("RGBA", (SIZE, SIZE), (255, 255, 255, 255))
    b = a.copy()
    b.putpixel((10, 20), (0, 0, 0, 255))
    yield "one-pixel-rgb", a.convert("RGB"), b.convert("RGB")
    # White against transparent: pixelmatch 7's checkerboard tells them apart.
    yield "white-vs-clear", Image.new("RGBA", (SIZE, SIZE), (255, 255, 255, 255)), Image.new(
        "RGBA", (SIZE, SIZE), (255, 255, 255, 0))
    p = stripes(0, "P")
    p.info["transparency"] = 0
    q = stripes(2, "P")
    q.info["transparency"] = 0
    yield "stripes-palette-trns", p, q


def main():
    out, raw = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    os.makedirs(raw, exist_ok=True)
    listing = []
    for name, a, b in pairs():
        entry = {"name": name, "width": SIZE, "height": SIZE}
        for side, img in (("a", a), ("b", b)):
            path = os.path.join(out, f"{name}-{side}.png")
            img.save(path, optimize=False)
            rgba = Image.open(path).convert("RGBA").tobytes()
            raw_path = os.path.join(raw, f"{name}-{side}.rgba")
            with open(raw_path, "wb") as f:
                f.write(rgba)
            entry[side] = raw_path
        listing.append(entry)
    with open(os.path.join(raw, "pairs.json"), "w") as f:
        json.dump(listing, f, indent=1)


if __name__ == "__main__":
    main()
