import ArgumentParser
import PNG
import Raster
import VisualTesting

/// `collection-preview diff A.png B.png [-o DIFF.png] [--threshold T] [--json]`: compares two images.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images the way pixelmatch does.",
        discussion: """
            Counts the pixels of B (actual) that differ from A (expected) by more than the YIQ \
            --threshold, as pixelmatch 7.1 counts them: anti-aliased pixels are detected and not \
            counted (--include-aa counts them), translucent pixels are blended over pixelmatch's \
            checkerboard. Identical files pass at once. Images of different sizes always differ. \
            Prints one line (or, with --json, one JSON object: identical, differentPixels, \
            totalPixels, sizeMismatch, regions, …) and, with -o, writes a diff image: changes in \
            red and anti-aliasing in yellow over a faded copy of A, ignored regions tinted blue.
            Examples:
              collection-preview diff expected.png actual.png
              collection-preview diff a.png b.png -o diff.png --threshold 0.2 \\
                  --max-diff-pixels 10
              collection-preview diff a.png b.png --json --ignore 0,0,1170,120
            Exit status: 0 the images match within the tolerance and budgets, 1 they differ, 64 bad \
            usage, 65 an input that is not a readable PNG, 66 an input that does not exist, 73 a \
            diff image that cannot be written.
            """)

    @Argument(help: ArgumentHelp("The expected image.", valueName: "a.png"))
    var expected: String

    @Argument(help: ArgumentHelp("The actual image.", valueName: "b.png"))
    var actual: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write a diff image here.", valueName: "diff.png"))
    var output: String?

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    @OptionGroup var comparison: ComparisonArguments

    func validate() throws {
        try RenderCommand.validateInputs([expected], name: "<a.png>")
        try RenderCommand.validateInputs([actual], name: "<b.png>")
        if let output { try RenderCommand.validateOutput(output) }
    }

    func run() throws {
        try CommandError.reporting {
            if let output {
                try OutputCollision.check(
                    outputs: [("-o", output)], inputs: [("the expected image", expected), ("the actual image", actual)])
            }
            let a = try PNGDecoder.readStillStraight(contentsOf: expected)
            let b = try PNGDecoder.readStillStraight(contentsOf: actual)
            if let output { try RenderCommand.checkWritable(output) }
            let options = try comparison.options()
            try Self.checkIgnoredRegions(
                options.ignoredRegions, width: max(a.width, b.width), height: max(a.height, b.height))
            let result = ImageComparator.compare(expected: a, actual: b, options: options)
            if let output {
                do {
                    try PNGEncoder.write(DiffImage.render(expected: a, result: result), to: output)
                } catch let error as PNGError {
                    throw error
                } catch {
                    // Drawing it: two images within the limits whose union is not.
                    throw CommandError(
                        "\(output): cannot draw the diff image: \(error)", exitCode: CommandError.cannotCreate)
                }
            }
            // "same" only for the same pixels: a pass within the tolerance or budgets says so.
            let verdict = result.identical ? "same: " : result.passed ? "within tolerance: " : "different: "
            try StandardOutput.print(json ? result.json : verdict + result.summary)
            if !result.passed { throw CommandError.sceneFailed }
        }
    }

    /// Refuses `--ignore` rectangles that cannot be meant for these images: one wholly outside
    /// them (points given for pixels, say), or rectangles that together leave no pixel to
    /// compare, which would pass any two images of the same size.
    ///
    /// - Throws: `CommandError` with exit status 64.
    static func checkIgnoredRegions(_ regions: [PixelRect], width: Int, height: Int) throws {
        for (region, text) in zip(regions, regions.map(Self.describe))
        where region.maxX <= 0 || region.maxY <= 0 || region.minX >= width || region.minY >= height {
            throw CommandError(
                "--ignore \(text): lies outside the \(width)x\(height) image, so it ignores nothing (regions are in pixels, not points)",
                exitCode: CommandError.usage)
        }
        // Every row of the image covered by the union of the regions, across its whole width.
        let coversAll = (0..<height).allSatisfy { y in
            var spans = regions.filter { $0.minY <= y && y < $0.maxY }.map { (max($0.minX, 0), min($0.maxX, width)) }
            spans.sort { $0.0 < $1.0 }
            var reached = 0
            for (start, end) in spans where start <= reached { reached = max(reached, end) }
            return reached >= width
        }
        if height > 0 && width > 0 && coversAll {
            throw CommandError(
                "--ignore: the regions cover the whole \(width)x\(height) image, so no pixel would be compared",
                exitCode: CommandError.usage)
        }
    }

    /// `x,y,width,height`, as `--ignore` takes it.
    static func describe(_ region: PixelRect) -> String {
        "\(region.minX),\(region.minY),\(region.maxX - region.minX),\(region.maxY - region.minY)"
    }
}
