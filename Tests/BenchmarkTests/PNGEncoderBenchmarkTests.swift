import PNG
import Raster
import Testing

@testable import Benchmark
@testable import PNG

/// The PNG settings benchmark: its frame and bookkeeping (no timing is asserted).
@Suite struct PNGEncoderBenchmarkTests {
    @Test func theMeasuredFrameIsTheRenderedS1Scene() throws {
        let frame = try PNGEncoderBenchmark.s1Frame()
        #expect(frame.width == 1170 && frame.height == 2532)
        #expect(StraightAlpha.isOpaque(frame))
        #expect(frame[5, 5] == PremultipliedColor(red: 242, green: 242, blue: 247, alpha: 255))  // background
        #expect(frame.pixels == (try SceneReplayer().render(ReferenceScenes.grid())).pixels)
    }

    @Test func hsvMatchesPythonsRounding() {
        // round(c·255) per channel, half to even, as the reference scenes' generator computes them.
        #expect(ReferenceScenes.hsv(0, 0.55, 0.9) == Color(red: 230, green: 103, blue: 103))
        #expect(ReferenceScenes.hsv(185, 0.55, 0.9) == Color(red: 103, green: 219, blue: 230))
        #expect(ReferenceScenes.hsv(296, 0.55, 0.9) == Color(red: 221, green: 103, blue: 230))
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
    }
}
