import Foundation
import PNG
import Raster
import TestSupport
import Testing

/// The `animate` command: frames written in order, the same bytes for any --jobs, an APNG whose
/// chunks and sequence numbers follow the APNG specification, a contact sheet, and `layout --at`.
@Suite struct AnimateCommandTests {
    static let scene = #"""
        {"canvas": {"width": 160, "height": 120, "background": "#FFFFFF"},
         "layout": {"type": "flow", "itemSize": {"width": 30, "height": 30},
                    "sectionInset": {"top": 5, "left": 5, "bottom": 5, "right": 5}},
         "cellStyle": {"backgroundColor": "#34C759", "cornerRadius": 4},
         "sections": [{"itemCount": 9}],
         "animation": {"fps": 20, "steps": [{"setLayout": {"type": "circle", "itemSize": {"width": 24, "height": 24}}, "duration": 0.3},
                                            {"deleteItems": [[0, 4]], "duration": 0.2}]}}
        """#

    /// The chunk types and sequence numbers of a PNG file.
    func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 8 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            out.append(
                (String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self), Array(png[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        return out
    }

    func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    @Test func framesAreTheSameForOneAndTwoJobsAndTheAPNGIsWellFormed() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", Self.scene)
        for jobs in ["1", "2"] {
            let run = try CommandRun.run(
                [
                    "animate", "scene.json", "-o", "frames\(jobs)", "--apng", "anim\(jobs).png", "--contact-sheet",
                    "sheet\(jobs).png", "--jobs", jobs, "-q",
                ], in: folder.path)
            #expect(run.status == 0, "\(run.standardError)")
        }
        let names = folder.files(under: "frames1")
        // 0.3 s + 0.2 s at 20 fps: frames at 0, 0.05, …, 0.5.
        #expect(names == (0...10).map { "frame_" + String(repeating: "0", count: $0 < 10 ? 3 : 2) + "\($0).png" })
        #expect(folder.files(under: "frames2") == names)
        for name in names { #expect(folder.bytes("frames1/" + name) == folder.bytes("frames2/" + name), "\(name)") }
        #expect(folder.bytes("anim1.png") == folder.bytes("anim2.png"))
        #expect(folder.bytes("sheet1.png") == folder.bytes("sheet2.png"))

        // The first frame is what `render` draws.
        let render = try CommandRun.run(["render", "scene.json", "-o", "still.png"], in: folder.path)
        #expect(render.status == 0)
        #expect(
            try PNGDecoder.decode(folder.bytes("still.png")!)
                == PNGDecoder.decode(folder.bytes("frames1/frame_0000.png")!))

        // APNG: IHDR, acTL(11 frames, loop forever), then fcTL + IDAT, then fcTL + fdAT per frame.
        let apng = try #require(folder.bytes("anim1.png"))
        let list = chunks(apng)
        #expect(list.first?.type == "IHDR" && list.last?.type == "IEND")
        #expect(list[1].type == "acTL" && bigEndian(list[1].data, at: 0) == 11 && bigEndian(list[1].data, at: 4) == 0)
        let control = list.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        #expect(control.count == 11 + 10)
        #expect(control.map { bigEndian($0.data, at: 0) } == Array(0..<21))
        #expect(list.filter { $0.type == "IDAT" }.count >= 1 && list[2].type == "fcTL" && list[3].type == "IDAT")
        // The first frame's fcTL covers the 160x120 canvas, each later one what changed; every
        // frame is shown for 1/20 s, and composed they are the frames written as PNG files.
        let controls = try APNGFrames.controls(apng)
        #expect(controls.first?.region == PixelRect(minX: 0, minY: 0, maxX: 160, maxY: 120))
        #expect(controls.allSatisfy { $0.delayNumerator == 1 && $0.delayDenominator == 20 })
        #expect(controls.dropFirst().contains { $0.region.width * $0.region.height < 160 * 120 })
        #expect(try APNGFrames.decode(apng) == names.map { try PNGDecoder.decode(folder.bytes("frames1/" + $0)!) })
        // The contact sheet shows every frame (11 fit on one sheet).
        let sheet = try PNGDecoder.decode(folder.bytes("sheet1.png")!)
        #expect(sheet.width > 160 && sheet.height > 120)
    }

    @Test func aRotationsFramesChangeSizeAndTheAPNGHoldsTheLargest() throws {
        let folder = try TemporaryFolder()
        let rotating = Self.scene.replacingOccurrences(
            of: #""steps": ["#, with: #""steps": [{"rotate": "portrait", "duration": 0.1}, "#)
        try folder.write("scene.json", rotating)
        let run = try CommandRun.run(
            ["animate", "scene.json", "-o", "frames", "--apng", "anim.png", "--contact-sheet", "sheet.png", "-q"],
            in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        let first = try PNGDecoder.decode(try #require(folder.bytes("frames/frame_0000.png")))
        let second = try PNGDecoder.decode(try #require(folder.bytes("frames/frame_0001.png")))
        let turned = try PNGDecoder.decode(try #require(folder.bytes("frames/frame_0002.png")))
        #expect(first.width == 160 && first.height == 120)
        #expect(second.width < 160 && second.width > 120 && second.height > 120 && second.height < 160)
        #expect(turned.width == 120 && turned.height == 160)
        // The APNG's canvas and its first frame are 160x160: smaller frames sit top-left on transparency.
        let apng = try #require(folder.bytes("anim.png"))
        let list = chunks(apng)
        #expect(bigEndian(list[0].data, at: 0) == 160 && bigEndian(list[0].data, at: 4) == 160)
        #expect(try APNGFrames.controls(apng).first?.region == PixelRect(minX: 0, minY: 0, maxX: 160, maxY: 160))
        let frames = try folder.files(under: "frames").map {
            try PNGDecoder.decode(folder.bytes("frames/" + $0)!).padded(toWidth: 160, height: 160)
        }
        #expect(frames.count > 3)
        #expect(try APNGFrames.decode(apng) == frames)
    }

    /// `-o DIR` holds one animation: frame files an earlier run left that this one does not have
    /// are deleted once the new frames are in place, and the run says so; other files stay.
    @Test func framesOfAnEarlierLongerAnimationAreDeletedAndNamed() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", Self.scene)  // 11 frames
        for name in ["frame_0011.png", "frame_0500.png", "frame_00000.png", "notes.txt", "frame_0500.txt"] {
            try folder.write("frames/" + name, "an earlier run's")
        }
        let run = try CommandRun.run(["animate", "scene.json", "-o", "frames"], in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.errorLines.last
                == "note: deleted 3 frame files of an earlier animation from frames (frame_00000.png, …): this one has 11 frames"
        )
        #expect(
            folder.files(under: "frames") == (0..<11).map { String(format: "frame_%04d.png", $0) } + [
                "frame_0500.txt", "notes.txt",
            ])
        // Nothing stale, nothing said.
        let again = try CommandRun.run(["animate", "scene.json", "-o", "frames"], in: folder.path)
        #expect(again.status == 0 && !again.standardError.contains("note:"), "\(again.standardError)")
    }

    /// The APNG and the contact sheet may go into a folder that -o makes; any other folder they
    /// name must exist, and a failed run takes away the folders it made.
    @Test func filesMayGoIntoTheFoldersTheFramesMake() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", Self.scene)
        let run = try CommandRun.run(
            [
                "animate", "scene.json", "-o", "out/frames", "--apng", "./out/a.png", "--contact-sheet", "out/s.png",
                "-q",
            ],
            in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(folder.files(under: "out").filter { !$0.hasPrefix("frames/") } == ["a.png", "s.png"])
        #expect(folder.files(under: "out/frames").count == 11)
        // A sibling of the frames' folder is not made.
        let sibling = try CommandRun.run(
            ["animate", "scene.json", "-o", "new/frames", "--apng", "other/a.png", "-q"], in: folder.path)
        #expect(sibling.status == 73 && sibling.errorLines == ["error: other/a.png: the folder other does not exist"])
        #expect(!folder.exists("new"))
        // A run refused before its first frame makes no folder.
        try folder.write("bad.json", Self.scene.replacingOccurrences(of: #""fps": 20"#, with: #""fps": 20.5"#))
        let failed = try CommandRun.run(
            ["animate", "bad.json", "-o", "gone/frames", "--apng", "gone/a.png"], in: folder.path)
        #expect(failed.status == 1, "\(failed.standardError)")
        #expect(!folder.exists("gone"))
    }

    @Test func renderDrawsAnyFrameOrMomentAsAnimateDoes() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", Self.scene)
        #expect(try CommandRun.run(["animate", "scene.json", "-o", "frames", "-q"], in: folder.path).status == 0)
        for (arguments, frame) in [
            (["--frame", "4"], 4), (["--at", "0.2"], 4), (["--frame", "10"], 10), (["--at", "99"], 10),
            (["--at", "0"], 0),
        ] {
            let run = try CommandRun.run(["render", "scene.json", "-o", "out.png"] + arguments, in: folder.path)
            #expect(run.status == 0, "\(arguments): \(run.standardError)")
            #expect(
                folder.bytes("out.png") == folder.bytes(String(format: "frames/frame_%04d.png", frame)), "\(arguments)")
        }
        #expect(try CommandRun.run(["render", "scene.json", "-o", "still.png"], in: folder.path).status == 0)
        #expect(folder.bytes("still.png") == folder.bytes("frames/frame_0000.png"))
        let past = try CommandRun.run(["render", "scene.json", "-o", "out.png", "--frame", "11"], in: folder.path)
        #expect(past.status == 64 && past.errorLines == ["error: --frame 11: the animation has 11 frames (0 to 10)"])
        let both = try CommandRun.run(
            ["render", "scene.json", "-o", "out.png", "--frame", "1", "--at", "0.1"], in: folder.path)
        #expect(both.status == 64 && both.standardError.contains("give --at or --frame, not both"))
    }

    @Test func aSceneWhoseAnimationCannotPlayIsInvalidForEveryCommand() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "scenes/bad.json",
            Self.scene.replacingOccurrences(
                of: #"{"deleteItems": [[0, 4]], "duration": 0.2}"#,
                with: #"{"moveItem": {"from": [0, 0], "to": [0, 9]}}"#))
        let message =
            "scenes/bad.json: animation.steps[1].moveItem.to: cannot move an item to [0, 9]: section 0 has 8 items once the item has left it, so the item index must be 0 to 8"
        for arguments in [
            ["render", "scenes/bad.json", "-o", "bad.png"], ["layout", "scenes/bad.json"],
            ["layout", "scenes/bad.json", "--at", "1"], ["animate", "scenes/bad.json", "-o", "frames"],
            ["batch", "scenes", "-o", "out", "-q"],
        ] {
            let run = try CommandRun.run(arguments, in: folder.path)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
        }
        #expect(!folder.exists("bad.png") && !folder.exists("out/bad.png"))
    }

    @Test func layoutAtATimeReportsThatFrame() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", Self.scene)
        func json(_ arguments: [String]) throws -> [String: Any] {
            let run = try CommandRun.run(["layout", "scene.json"] + arguments, in: folder.path)
            #expect(run.status == 0, "\(run.standardError)")
            return try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput)) as? [String: Any])
        }
        let still = try json([]), start = try json(["--at", "0"]), end = try json(["--at", "99"])
        // At rest the whole layout of the state: the start is the scene's, the end the final one's.
        #expect(NSDictionary(dictionary: start) == NSDictionary(dictionary: still))
        try folder.write(
            "final.json",
            #"""
            {"canvas": {"width": 160, "height": 120, "background": "#FFFFFF"},
             "layout": {"type": "circle", "itemSize": {"width": 24, "height": 24}},
             "cellStyle": {"backgroundColor": "#34C759", "cornerRadius": 4},
             "sections": [{"itemCount": 8}]}
            """#)
        let final = try CommandRun.run(["layout", "final.json"], in: folder.path)
        let past = try CommandRun.run(["layout", "scene.json", "--at", "99"], in: folder.path)
        #expect(final.status == 0 && past.standardOutput == final.standardOutput)
        #expect(still["contentOffset"] as? [String: Double] == ["x": 0, "y": 0])
        #expect((start["elements"] as? [Any])?.count == 9)
        #expect((end["elements"] as? [Any])?.count == 8)
        let middle = try json(["--at", "0.15"])
        let frames = (middle["elements"] as? [[String: Any]])?.compactMap { $0["frame"] as? [String: Double] } ?? []
        #expect(frames.count == 9 && frames.allSatisfy { $0["width"]! > 24 && $0["width"]! < 30 })
        #expect((middle["elements"] as? [[String: Any]])?.allSatisfy { $0["disappearing"] == nil } == true)
        // While item 4 is deleted it leaves under its index path, marked, beside the item arriving there.
        let deleting = try json(["--at", "0.4"])["elements"] as? [[String: Any]] ?? []
        let atFour = deleting.filter { $0["item"] as? Int == 4 }
        #expect(deleting.count == 9 && deleting.filter { $0["disappearing"] != nil }.count == 1)
        #expect(atFour.count == 2 && atFour[0]["disappearing"] as? Bool == true && atFour[1]["disappearing"] == nil)
        #expect((atFour[0]["alpha"] as? Double ?? 1) < 1 && atFour[1]["alpha"] as? Double == 1)
        let bad = try CommandRun.run(["layout", "scene.json", "--at", "-1"], in: folder.path)
        #expect(bad.status == 64 && bad.standardError.contains("--at must be a finite number of seconds ≥ 0"))
    }

    /// Pillow, a decoder written apart from ours, composes the APNG's frame regions into the
    /// frames `animate` writes as PNG files.
    @Test func theAPNGDecodesWithPillowWhenItIsInstalled() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", Self.scene)
        let run = try CommandRun.run(
            ["animate", "scene.json", "-o", "frames", "--apng", "anim.png", "-q"], in: folder.path)
        #expect(run.status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys\ntry:\n from PIL import Image\nexcept ImportError:\n print('no pillow'); sys.exit(0)\nim = Image.open(sys.argv[1]); n = 0\ntry:\n while True:\n  im.seek(n); im.load(); im.convert('RGBA').save(sys.argv[2] + '/pillow_%04d.png' % n); n += 1\nexcept EOFError:\n pass\nprint(n, im.size[0], im.size[1], im.info.get('loop'))",
            folder.url("anim.png"), folder.path,
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard text != "no pillow" else { return }
        #expect(text == "11 160 120 0")
        for n in 0..<11 {
            let name = String(format: "%04d.png", n)
            #expect(PNGFiles.samePixels(folder.bytes("pillow_" + name), folder.bytes("frames/frame_" + name)), "\(n)")
        }
    }
}

/// The APNG plays in a real browser: headless Chromium's image decoder (WebCodecs `ImageDecoder`)
/// reads it as an animated image with every frame. Skipped where Chromium is not installed
/// (`.ci/run` installs Debian's `chromium`).
@Suite struct APNGInChromiumTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: chromium != nil)) func chromiumDecodesEveryFrame() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", AnimateCommandTests.scene)
        let run = try CommandRun.run(["animate", "scene.json", "--apng", "anim.png", "-q"], in: folder.path)
        #expect(run.status == 0)
        let base64 = Data(try #require(folder.bytes("anim.png"))).base64EncodedString()
        try folder.write(
            "index.html",
            """
            <html><body><pre id="out">pending</pre><script>
            (async () => {
              try {
                const data = await (await fetch('data:image/png;base64,\(base64)')).arrayBuffer();
                const d = new ImageDecoder({data, type: 'image/png'});
                await d.tracks.ready; await d.completed;
                const t = d.tracks.selectedTrack;
                const last = await d.decode({frameIndex: t.frameCount - 1});
                document.getElementById('out').textContent =
                  'frames=' + t.frameCount + ' animated=' + t.animated + ' size=' + last.image.displayWidth + 'x' + last.image.displayHeight;
              } catch (e) { document.getElementById('out').textContent = 'error ' + e; }
            })();
            </script></body></html>
            """)
        // The decode is asynchronous; on a loaded machine Chromium can dump the page before it
        // finishes, so a page still saying "pending" is retried (a wrong answer is not).
        var text = ""
        for _ in 0..<3 where text.isEmpty || text.contains(">pending<") {
            text = try Self.dumpDOM(of: folder.url("index.html"))
        }
        #expect(text.contains("frames=11 animated=true size=160x120"), "\(text.suffix(300))")
    }

    /// The page's DOM after Chromium has run its scripts.
    private static func dumpDOM(of path: String) throws -> String {
        try chromiumOutput(["--dump-dom", "file://" + path])
    }

    /// What headless Chromium prints on standard output when run with `arguments`.
    static func chromiumOutput(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(chromium))
        process.arguments =
            ["--headless=new", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }
}
