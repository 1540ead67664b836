import PNG
import Raster
import Support

/// Measures `PNGEncoder` settings on one image: wall time and output size.
///
/// This is measuring code for `bench --png-settings` and for choosing
/// `PNGEncodingOptions.default`; it is not a unit test. The image is the
/// rendered S1 grid frame (`s1Frame()`), text included. Runs are interleaved
/// (each round encodes with every configuration once) because the machines
/// this runs on vary 1.5–2x between samples; compare minima with minima.
public enum PNGEncoderBenchmark {
    /// The frame the settings are compared on: reference scene S1 rendered by the project's rasterizer.
    ///
    /// - Throws: `TextError` when the bundled font cannot be loaded.
    public static func s1Frame() throws -> Image {
        try SceneReplayer().render(ReferenceScenes.grid())
    }

    /// One named encoder setting.
    public struct Configuration: Sendable, Equatable {
        /// A short human-readable name, e.g. `level 1, UP, Z_RLE`.
        public let label: String
        /// The options to encode with.
        public let options: PNGEncodingOptions

        /// Creates a configuration named `label`.
        public init(_ label: String, _ options: PNGEncodingOptions) {
            self.label = label
            self.options = options
        }
    }

    /// The timing and size of one configuration.
    public struct Measurement: Sendable, Equatable {
        /// The configuration measured.
        public let configuration: Configuration
        /// The encoded size in bytes (identical on every run: encoding is deterministic).
        public let bytes: Int
        /// The fastest sample, in milliseconds.
        public let minimumMilliseconds: Double
        /// The median sample, in milliseconds.
        public let medianMilliseconds: Double
        /// How many samples were taken.
        public let samples: Int
    }

    /// The settings compared in BENCHMARKS.md: the greedy coder with the fixed
    /// filters, zlib's levels 1 and 6 with the fixed filters, adaptive filtering,
    /// `Z_RLE`, libpng's defaults, and the two settings baselines are stored with
    /// (`PNGEncodingOptions.storageCandidates`).
    public static let configurations: [Configuration] = [
        Configuration(
            "greedy, NONE", .init(compressionLevel: 1, filter: .none, strategy: .default, compressor: .greedy)),
        Configuration("greedy, UP", .init(compressionLevel: 1, filter: .up, strategy: .default, compressor: .greedy)),
        Configuration("greedy, SUB", .init(compressionLevel: 1, filter: .sub, strategy: .default, compressor: .greedy)),
        Configuration(
            "greedy, PAETH", .init(compressionLevel: 1, filter: .paeth, strategy: .default, compressor: .greedy)),
        Configuration("level 1, NONE", .init(compressionLevel: 1, filter: .none, strategy: .default)),
        Configuration("level 1, UP", .init(compressionLevel: 1, filter: .up, strategy: .default)),
        Configuration("level 1, SUB", .init(compressionLevel: 1, filter: .sub, strategy: .default)),
        Configuration("level 1, AVERAGE", .init(compressionLevel: 1, filter: .average, strategy: .default)),
        Configuration("level 1, PAETH", .init(compressionLevel: 1, filter: .paeth, strategy: .default)),
        Configuration("level 1, adaptive", .init(compressionLevel: 1, filter: .adaptive, strategy: .default)),
        Configuration("level 1, NONE, Z_RLE", .init(compressionLevel: 1, filter: .none, strategy: .rle)),
        Configuration("level 1, UP, Z_RLE", .init(compressionLevel: 1, filter: .up, strategy: .rle)),
        Configuration("level 1, SUB, Z_RLE", .init(compressionLevel: 1, filter: .sub, strategy: .rle)),
        Configuration("level 1, PAETH, Z_RLE", .init(compressionLevel: 1, filter: .paeth, strategy: .rle)),
        Configuration("level 2, UP", .init(compressionLevel: 2, filter: .up, strategy: .default)),
        Configuration("level 3, UP", .init(compressionLevel: 3, filter: .up, strategy: .default)),
        Configuration("level 6, NONE", .init(compressionLevel: 6, filter: .none, strategy: .default)),
        Configuration("level 6, UP", .init(compressionLevel: 6, filter: .up, strategy: .default)),
        Configuration("level 6, UP, Z_RLE", .init(compressionLevel: 6, filter: .up, strategy: .rle)),
        Configuration("level 6, adaptive, Z_FILTERED (libpng defaults)", .libpngDefault),
        Configuration("level 9, adaptive, Z_FILTERED", .smallest),
        Configuration("level 9, NONE (a baseline candidate)", PNGEncodingOptions.storageCandidates[0]),
        Configuration("level 9, UP (a baseline candidate)", PNGEncodingOptions.storageCandidates[1]),
    ]

    /// Encodes `image` with every configuration, `rounds` times, interleaved.
    ///
    /// - Parameters:
    ///   - image: The image to encode (e.g. `s1Frame()`).
    ///   - configurations: The settings to compare.
    ///   - rounds: Samples per configuration (at least 1).
    /// - Returns: One measurement per configuration, in order.
    /// - Throws: The first `PNGError` an encode throws.
    /// - Complexity: O(rounds · configurations · width · height).
    public static func run(
        image: Image, configurations: [Configuration] = configurations, rounds: Int = 7
    ) throws(PNGError) -> [Measurement] {
        let clock = ContinuousClock()
        var samples = [[Double]](repeating: [], count: configurations.count)
        var sizes = [Int](repeating: 0, count: configurations.count)
        for _ in 0..<max(1, rounds) {
            for (index, configuration) in configurations.enumerated() {
                let start = clock.now
                let png = try PNGEncoder.encode(image, options: configuration.options)
                let elapsed = start.duration(to: clock.now)
                samples[index].append(milliseconds(elapsed))
                sizes[index] = png.count
            }
        }
        return configurations.indices.map { index in
            let sorted = samples[index].sorted()
            return Measurement(
                configuration: configurations[index], bytes: sizes[index], minimumMilliseconds: sorted[0],
                medianMilliseconds: sorted[sorted.count / 2], samples: sorted.count)
        }
    }

    /// A Markdown table of `measurements`: configuration, median [min] ms, bytes.
    ///
    /// - Complexity: O(measurements.count).
    public static func markdownTable(_ measurements: [Measurement]) -> String {
        var lines = ["| settings | ms median [min] | bytes |", "|---|---|---|"]
        for m in measurements {
            lines.append(
                "| \(m.configuration.label) | \(format(m.medianMilliseconds)) [\(format(m.minimumMilliseconds))] | \(digitsGrouped(m.bytes)) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    static func format(_ ms: Double) -> String {
        let hundredths = Int((ms * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
