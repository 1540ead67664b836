import Layout
import PNG
import Raster
import Text

/// The `collection-preview bench` suite: the reference scenes, PNG encoding
/// and layout, each as a minimum and median over repeated samples, with the
/// ratio of our minimum to the best anchor's minimum from
/// BENCHMARKS.md, "The reference scenes and anchors" (lower is better; 0.5 means twice as fast).
public enum BenchmarkSuite {
    /// One measured row.
    public struct Row: Sendable, Equatable {
        /// What was measured.
        public let name: String
        /// Minimum over the samples, in milliseconds.
        public let minimumMilliseconds: Double
        /// Median over the samples, in milliseconds.
        public let medianMilliseconds: Double
        /// The anchor compared with ("Blend2D", "fpng", a goal), if any.
        public let anchor: String?
        /// The anchor's minimum in milliseconds.
        public let anchorMilliseconds: Double?
        /// The row's name in `bench --json` (`s1_render` gives `s1_render_ms` and
        /// `s1_render_min_ms`), or nil for a row without one.
        public let key: String?
        /// Further figures for `bench --json`, each named with its unit (`s1_png_bytes`).
        public let extras: [String: Double]

        /// Our minimum divided by the anchor's minimum.
        public var ratio: Double? { anchorMilliseconds.map { minimumMilliseconds / $0 } }

        /// Creates a row.
        public init(
            name: String, minimumMilliseconds: Double, medianMilliseconds: Double, anchor: String?,
            anchorMilliseconds: Double?, key: String? = nil, extras: [String: Double] = [:]
        ) {
            self.name = name
            self.minimumMilliseconds = minimumMilliseconds
            self.medianMilliseconds = medianMilliseconds
            self.anchor = anchor
            self.anchorMilliseconds = anchorMilliseconds
            self.key = key
            self.extras = extras
        }
    }

    /// Runs the in-process benchmarks of `groups` (every one by default; `.animate`, which runs
    /// the executable, is the command's and is ignored here).
    ///
    /// - Parameters:
    ///   - samples: repetitions per row (frames per S3 sample are all 60 frames); 32 by default,
    ///     the anchors' count.
    ///   - groups: the parts to run.
    ///   - anchors: what the rendering rows are divided by; the anchor table's by default.
    ///   - pixelmatch: what the changed-diff row is divided by; the fixed figure by default.
    ///   - progress: called with each row's name before it runs.
    /// - Throws: `TextError` (font), `RasterError`, `PNGError`.
    public static func run(
        samples: Int = 32, groups: Set<BenchmarkGroup> = Set(BenchmarkGroup.allCases),
        anchors: RenderAnchors = .table, pixelmatch: PixelmatchAnchor = .table,
        progress: (String) -> Void = { _ in }
    ) throws -> [Row] {
        let replayer = try SceneReplayer()
        var rows: [Row] = []
        let keys = ["S1": "s1_render", "S2": "s2_render", "S3": "s3_frame"]
        var s1Image: Image?
        let scenes = Set(groups.compactMap(\.sceneName))
        for scene in ReferenceScenes.all where scenes.contains(scene.name) {
            progress("render \(scene.name)")
            let canvas = try Canvas(width: scene.width, height: scene.height)
            let frameSamples = scene.frames.count > 1 ? max(1, samples / 5) : samples
            // Every sample starts with empty glyph-mask and text-layout caches (emptied before the
            // clock starts), so a sample costs what drawing the scene once costs (S3's 60 frames
            // share the caches within a sample, as the frames of an animation do).
            let emptyCaches = {
                GlyphMaskCache.shared.removeAll()
                TextLayoutCache.shared.removeAll()
            }
            let t = Stopwatch.measure(samples: frameSamples, setUp: emptyCaches) {
                for frame in scene.frames {
                    replayer.replay(frame, into: canvas)
                    // The frame to its end: what its clear has left to write (Blend2D's anchors
                    // flush and end their context inside the timing too).
                    canvas.flush()
                }
            }
            let perFrame = Double(scene.frames.count)
            let anchor = anchors.milliseconds[scene.name]
            rows.append(
                Row(
                    name: "render \(scene.name) (\(scene.summary))\(scene.frames.count > 1 ? ", per frame" : "")",
                    minimumMilliseconds: t.minimum / perFrame, medianMilliseconds: t.median / perFrame,
                    anchor: anchor.map { _ in anchors.name }, anchorMilliseconds: anchor, key: keys[scene.name]))
            if scene.name == "S1" { s1Image = canvas.image }
        }
        if groups.contains(.png) || groups.contains(.diff), s1Image == nil {
            s1Image = try replayer.render(ReferenceScenes.grid())
        }
        if let s1Image, groups.contains(.png) {
            progress("png S1")
            var bytes = 0
            let t = try Stopwatch.measure(samples: samples) { bytes = try PNGEncoder.encode(s1Image).count }
            rows.append(
                Row(
                    name: "PNG-encode S1, default options (\(bytes) bytes)", minimumMilliseconds: t.minimum,
                    medianMilliseconds: t.median, anchor: "fpng", anchorMilliseconds: 6.61, key: "s1_png",
                    extras: ["s1_png_bytes": Double(bytes)]))
        }
        if let s1Image, groups.contains(.diff) {
            progress("diff S1")
            rows += try DiffRows.measure(frame: s1Image, samples: samples, pixelmatch: pixelmatch)
        }
        if groups.contains(.layout) {
            progress("layout")
            rows += LayoutRows.measure(samples: samples)
        }
        return rows
    }
}
