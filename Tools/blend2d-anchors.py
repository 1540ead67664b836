#!/usr/bin/env python3
"""Times Blend2D on the reference scenes S1-S3, for `collection-preview bench --anchors`.

The scenes are built here exactly as Sources/Benchmark/ReferenceScenes.swift builds them
(BENCHMARKS.md, "The reference scenes and anchors"): a clear, then per cell a rounded-rect
fill, a stroke of the same rectangle inset by half the border width (a CALayer border lies
inside the bounds) and the label as a glyph run from the left end of its baseline, each under
the cell's affine transform.

Blend2D is driven through blend2d-python (pip install blend2d-python==1.0.0, the version the
project's first anchors used) with one synchronous context into a PRGB32 image. Python's
per-call cost is removed as the first anchors removed it: "engine-only" is the replay into the
full-size image minus the same replay into an 8x8 image. Each figure is the minimum (and the
median) over the samples.

Usage:
    python3 Tools/blend2d-anchors.py [--samples 32] [--scenes S1,S2,S3] [--png DIR] > anchors.json
    swift run -c release collection-preview bench --anchors anchors.json

    python3 Tools/blend2d-anchors.py --rounds 3 --bench .build/release/collection-preview > anchors.json

Run the two in the same hour (better: in turn, a few times): the machines this runs on vary
1.5-2x from hour to hour, and a ratio is only honest when both sides saw the same machine.
One Blend2D run can be a third off another a few minutes later. With --rounds N, Blend2D is
timed N times and each figure is the minimum (the median: the median of the rounds') over
them; with --bench, the project's `bench --only ... --json` runs after each round, and the
output adds the project's minima and the ratio of the two minima per scene (also printed to
standard error).
"""

import argparse
import importlib.metadata
import json
import math
import os
import statistics
import subprocess
import sys
import time

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
DIGIT_ADVANCE = 1303.0 / 2048.0  # every DejaVu Sans digit, in em
CAP_HEIGHT = 1493.0 / 2048.0  # DejaVu Sans cap height, in em

BACKGROUND = (242, 242, 247, 255)
BORDER_LIGHT = (209, 209, 214, 255)
BORDER_DARK = (58, 58, 60, 255)
LABEL = (28, 28, 30, 255)
WHITE = (255, 255, 255, 255)


def hsv(h_deg, s, v, alpha=1.0):
    """HSV to 8-bit RGBA, rounding half to even (ReferenceScenes.hsv)."""
    h = (h_deg % 360) / 60
    i = int(h)
    f = h - i
    p, q, t = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
    r, g, b = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    return tuple(round(x * 255) for x in (r, g, b, alpha))


def cell(x, y, w, h, r, fill, border_width, border, text, size, m=None):
    """One cell's three operations (ReferenceScenes.cell)."""
    half = border_width / 2
    advance = len(text) * DIGIT_ADVANCE * size
    return [
        ("fill", (x, y, w, h, r), fill, m),
        ("stroke", (x + half, y + half, w - border_width, h - border_width, max(r - half, 0)),
         border_width, border, m),
        ("text", (x + w / 2 - advance / 2, y + h / 2 + CAP_HEIGHT * size / 2), text, size, LABEL, m),
    ]


def grid():
    """S1: 1170x2532, 189 cells of 110x110 in 9 columns."""
    ops = [("clear", BACKGROUND)]
    for i in range(189):
        row, col = divmod(i, 9)
        ops += cell(20 + col * 120, 20 + row * 120, 110, 110, 12, hsv(i * 37, 0.55, 0.90), 2, BORDER_LIGHT,
                    str(i), 28)
    return 1170, 2532, [ops]


def transformed():
    """S2: 60 overlapping translucent cells under rotation and scale."""
    ops = [("clear", BACKGROUND)]
    for i in range(60):
        angle = (-30 + (i * 23) % 61) * math.pi / 180
        s = 0.60 + ((i * 37) % 71) / 100
        cx, cy = 100 + (i * 173) % 971, 100 + (i * 367) % 2333
        alpha = 0.60 + ((i * 13) % 31) / 100
        co, si = math.cos(angle), math.sin(angle)
        m = (s * co, s * si, -s * si, s * co, cx, cy)
        ops += cell(-100, -100, 200, 200, 20, hsv(i * 47, 0.6, 0.9, alpha), 3, BORDER_DARK, str(i), 28, m)
    return 1170, 2532, [ops]


def frames():
    """S3: 60 frames of 100 cells moving from a grid to a circle, 750x1334."""
    out = []
    radius = min(750, 1334) / 2.5
    for f in range(60):
        t = f / 59
        ops = [("clear", WHITE)]
        for i in range(100):
            gx, gy = 20 + 70 * (i % 10), 20 + 70 * (i // 10)
            p = 2 * math.pi * i / 100 - math.pi / 2
            qx, qy = 375 + radius * math.cos(p) - 30, 667 + radius * math.sin(p) - 30
            ops += cell(gx + (qx - gx) * t, gy + (qy - gy) * t, 60, 60, 8, hsv(i * 3.6, 0.5, 0.95), 1,
                        BORDER_LIGHT, str(i), 20)
        out.append(ops)
    return 750, 1334, out


SCENES = {"S1": grid, "S2": transformed, "S3": frames}


class Replayer:
    """Blend2D objects made once (paths, fonts, matrices), so a replay times drawing only."""

    def __init__(self):
        global b2d
        try:
            import blend2d as b2d  # only for timing: --print-operations runs without it
        except ImportError:
            sys.exit("blend2d-anchors.py: blend2d-python is missing; pip install blend2d-python==1.0.0 "
                     "(in a venv: python3 -m venv /tmp/b2d && /tmp/b2d/bin/pip install blend2d-python==1.0.0)")

        self.face = b2d.BLFontFace.create_from_file(FONT)
        self.fonts = {}

    def font(self, size):
        if size not in self.fonts:
            font = b2d.BLFont()
            font.create_from_face(self.face, size)
            self.fonts[size] = font
        return self.fonts[size]

    @staticmethod
    def colour(rgba):
        # blend2d-python 1.0.0 reads a colour tuple in the image's memory order, B, G, R, A
        # (a fill with (1, 0, 0, 1) came out blue); the timing is the same either way.
        r, g, b, a = rgba
        return (b / 255, g / 255, r / 255, a / 255)

    def prepare(self, ops):
        prepared = []
        for op in ops:
            kind = op[0]
            if kind == "clear":
                prepared.append(("clear", self.colour(op[1])))
                continue
            matrix = b2d.Matrix2D(*op[-1]) if op[-1] else None
            if kind == "fill" or kind == "stroke":
                x, y, w, h, r = op[1]
                path = b2d.BLPath()
                path.add_round_rect(b2d.BLRect(x, y, w, h), r)
                if kind == "fill":
                    prepared.append(("fill", path, self.colour(op[2]), matrix))
                else:
                    prepared.append(("stroke", path, op[2], self.colour(op[3]), matrix))
            else:
                (x, y), text, size, colour = op[1], op[2], op[3], op[4]
                prepared.append(("text", b2d.BLPoint(x, y), self.font(size), text, self.colour(colour), matrix))
        return prepared

    @staticmethod
    def replay(image, prepared):
        ctx = b2d.BLContext(image)
        for op in prepared:
            kind = op[0]
            if kind == "clear":
                ctx.comp_op = b2d.BLCompOp.SRC_COPY
                ctx.set_fill_style(op[1])
                ctx.fill_all()
                ctx.comp_op = b2d.BLCompOp.SRC_OVER
                continue
            ctx.reset_transform()
            if op[-1] is not None:
                ctx.transform(op[-1])
            if kind == "fill":
                ctx.set_fill_style(op[2])
                ctx.fill_path(op[1])
            elif kind == "stroke":
                ctx.stroke_width = op[2]
                ctx.set_stroke_style(op[3])
                ctx.stroke_path(op[1])
            else:
                ctx.set_fill_style(op[4])
                ctx.fill_text(op[1], op[2], op[3])
        ctx.flush()
        del ctx  # ends the context: the image is complete


def timed(replayer, image, frames_prepared, samples):
    """Per-frame times in milliseconds, one per sample (a sample replays every frame once)."""
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        for prepared in frames_prepared:
            replayer.replay(image, prepared)
        times.append((time.perf_counter() - start) * 1000 / len(frames_prepared))
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=32, help="samples per scene (32, as bench)")
    parser.add_argument("--scenes", default="S1,S2,S3", help="comma-separated: S1, S2, S3")
    parser.add_argument("--png", metavar="DIR", help="also write each scene's first frame, to look at")
    parser.add_argument("--rounds", type=int, default=1,
                        help="time Blend2D this many times (in turn with --bench); each figure over all rounds")
    parser.add_argument("--bench", metavar="BINARY",
                        help="a release build of collection-preview, run for the same scenes after each round")
    parser.add_argument("--print-operations", metavar="SCENE",
                        help="print the scene's frames as JSON instead (the project's tests compare them with "
                             "ReferenceScenes.swift); needs no Blend2D")
    args = parser.parse_args()
    if args.samples < 1:
        parser.error("--samples must be at least 1")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.print_operations:
        if args.print_operations not in SCENES:
            parser.error(f"unknown scene {args.print_operations!r}; the scenes are S1, S2, S3")
        width, height, ops = SCENES[args.print_operations]()
        json.dump({"width": width, "height": height, "frames": ops}, sys.stdout)
        print()
        return
    names = args.scenes.split(",")
    for name in names:
        if name not in SCENES:
            parser.error(f"unknown scene {name!r}; the scenes are S1, S2, S3")
    replayer = Replayer()
    result = {"library": "blend2d-python " + importlib.metadata.version("blend2d-python"), "samples": args.samples}
    rounds, ours = [], []
    for number in range(args.rounds):
        rounds.append({name: time_scene(replayer, name, args.samples, args.png if number == 0 else None)
                       for name in names})
        if args.bench:
            ours.append(time_project(args.bench, names, args.samples))
    for name in names:
        figures = [r[name] for r in rounds]
        result[name] = {
            "engine_min_ms": min(f["engine_min_ms"] for f in figures),
            "engine_median_ms": statistics.median(f["engine_median_ms"] for f in figures),
            "whole_min_ms": min(f["whole_min_ms"] for f in figures),
            "replay_8x8_min_ms": min(f["replay_8x8_min_ms"] for f in figures),
        }
        if args.rounds > 1:
            result[name]["rounds_engine_min_ms"] = [f["engine_min_ms"] for f in figures]
    if ours:
        result["rounds"] = args.rounds
        result["project"] = {name: {"min_ms": min(o[name] for o in ours), "rounds_min_ms": [o[name] for o in ours]}
                             for name in names}
        result["ratios"] = {name: result["project"][name]["min_ms"] / result[name]["engine_min_ms"]
                            for name in names}
        for name in names:
            print(f"{name}: project {result['project'][name]['min_ms']:.3f} ms, Blend2D "
                  f"{result[name]['engine_min_ms']:.3f} ms, ratio {result['ratios'][name]:.2f} "
                  f"(minimum over {args.rounds} round(s) each)", file=sys.stderr)
    json.dump(result, sys.stdout, indent=2)
    print()


def time_scene(replayer, name, samples, png):
    """One round of Blend2D on one scene: its figures in milliseconds."""
    width, height, ops = SCENES[name]()
    prepared = [replayer.prepare(frame) for frame in ops]
    full, tiny = b2d.BLImage(width, height), b2d.BLImage(8, 8)
    replayer.replay(full, prepared[0])  # warm: the JIT compiles its pipelines
    print(f"timing {name}…", file=sys.stderr)
    whole, replay = [], []
    for _ in range(samples):  # interleaved, so both sides see the same hour
        whole += timed(replayer, full, prepared, 1)
        replay += timed(replayer, tiny, prepared, 1)
    if png:
        os.makedirs(png, exist_ok=True)
        replayer.replay(full, prepared[0])
        full.writeToFile(os.path.join(png, f"{name}-blend2d.png"))
    return {
        "engine_min_ms": min(whole) - min(replay),
        "engine_median_ms": statistics.median(whole) - statistics.median(replay),
        "whole_min_ms": min(whole),
        "replay_8x8_min_ms": min(replay),
    }


# The keys of `bench --json` that hold the project's minimum for each scene.
BENCH_KEYS = {"S1": "s1_render_min_ms", "S2": "s2_render_min_ms", "S3": "s3_frame_min_ms"}


def time_project(binary, names, samples):
    """One round of the project's bench on the scenes: each one's minimum in milliseconds."""
    parts = ",".join(name.lower() for name in names)
    print(f"running {binary} bench --only {parts}…", file=sys.stderr)
    run = subprocess.run([binary, "bench", "--only", parts, "--json", "--samples", str(samples)],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    figures = json.loads(run.stdout)
    return {name: figures[BENCH_KEYS[name]] for name in names}


if __name__ == "__main__":
    main()
