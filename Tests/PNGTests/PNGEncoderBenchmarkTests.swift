import Raster
import Testing

@testable import PNG

/// The benchmark's stand-in frame and bookkeeping (no timing is asserted).
@Suite struct PNGEncoderBenchmarkTests {
    @Test func standInFrameFollowsS1() throws {
        let frame = try StandInGridFrame.make()
        #expect(frame.width == 1170 && frame.height == 2532)
        #expect(StraightAlpha.isOpaque(frame))
        #expect(frame[5, 5] == PremultipliedColor(red: 242, green: 242, blue: 247, alpha: 255))  // background
        // Cell 0: hsv(0, .55, .9).
        #expect(frame[25, 75] == PremultipliedColor(red: 230, green: 103, blue: 103, alpha: 255))
        #expect(frame[20, 75] == PremultipliedColor(red: 209, green: 209, blue: 214, alpha: 255))  // its border
        // Cell 1: hue 37.
        #expect(frame[20 + 120 + 20, 20 + 60] == PremultipliedColor(red: 230, green: 181, blue: 103, alpha: 255))
        // The corner pixel of a radius-12 cell is background, not border.
        #expect(frame[20, 20] == PremultipliedColor(red: 242, green: 242, blue: 247, alpha: 255))
        // The last row of cells spans y 2420..<2530.
        #expect(frame[25, 2475] != frame[25, 2531])
    }

    @Test func hsvMatchesTheReferenceScript() {
        // Values computed with perf-scenes.py's hsv(): round(c·255) per channel.
        #expect(StandInGridFrame.hsv(hue: 0, saturation: 0.55, value: 0.9) == Color(red: 230, green: 103, blue: 103))
        #expect(StandInGridFrame.hsv(hue: 185, saturation: 0.55, value: 0.9) == Color(red: 103, green: 219, blue: 230))
        #expect(StandInGridFrame.hsv(hue: 296, saturation: 0.55, value: 0.9) == Color(red: 221, green: 103, blue: 230))
    }

    @Test func runMeasuresEveryConfigurationWithRealSizes() throws {
        let image = try Image(width: 64, height: 32, fill: PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 255))
        let configurations = Array(PNGEncoderBenchmark.configurations.prefix(3))
        let results = try PNGEncoderBenchmark.run(image: image, configurations: configurations, rounds: 3)
        #expect(results.map(\.configuration) == configurations)
        for result in results {
            #expect(result.samples == 3)
            #expect(result.bytes == (try PNGEncoder.encode(image, options: result.configuration.options)).count)
            #expect(result.minimumMilliseconds <= result.medianMilliseconds)
        }
    }

    @Test func tableFormatting() {
        let measurement = PNGEncoderBenchmark.Measurement(
            configuration: .init("level 1, UP", .default), bytes: 1_234_567, minimumMilliseconds: 3.14159,
            medianMilliseconds: 12.005, samples: 5)
        #expect(
            PNGEncoderBenchmark.markdownTable([measurement])
                == "| settings | ms median [min] | bytes |\n|---|---|---|\n| level 1, UP | 12.01 [3.14] | 1,234,567 |")
        #expect(PNGEncoderBenchmark.grouped(999) == "999")
        #expect(PNGEncoderBenchmark.grouped(1000) == "1,000")
    }
}
