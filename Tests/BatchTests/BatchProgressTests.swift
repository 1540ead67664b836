import Foundation
import Testing

@testable import Batch

/// Collects what a `BatchProgress` writes and serves a settable clock.
private final class Terminal: @unchecked Sendable {
    let lock = NSLock()
    var text = ""
    var now = 100.0
    func write(_ s: String) { lock.withLock { text += s } }
    func time() -> Double { lock.withLock { now } }
}

private func result(_ name: String, error: String? = nil) -> BatchSceneResult {
    let scene = BatchScene(sourcePath: "in/\(name).json", outputPath: "\(name).png")
    if let error { return BatchSceneResult(scene: scene, outcome: .failed(message: error)) }
    return BatchSceneResult(scene: scene, outcome: .written(width: 1, height: 1, byteCount: 1, hash: 0))
}

@Suite struct BatchProgressTests {
    @Test func barLineShowsCountPercentElapsedAndFile() {
        #expect(
            BatchProgress.barLine(completed: 12, total: 32, elapsed: 4.9, current: "Samples/grid.json", columns: 80)
                == "[#########---------------]  12/32   37%  0:04  Samples/grid.json")
        #expect(
            BatchProgress.barLine(completed: 3, total: 3, elapsed: 61, current: "a.json", columns: 80)
                == "[########################]  3/3  100%  1:01  a.json")
        #expect(
            BatchProgress.barLine(completed: 0, total: 0, elapsed: 3725, current: "", columns: 80)
                == "[########################]  0/0  100%  1:02:05")
    }

    @Test func barLineFitsTheTerminalByShorteningTheFileFromTheLeft() {
        let long = "very/long/path/to/some/scene/file/that/does/not/fit.json"
        let line = BatchProgress.barLine(completed: 1, total: 9, elapsed: 0, current: long, columns: 60)
        #expect(line.count == 59)
        #expect(line.hasSuffix("…" + String(long.suffix(line.count - 46))))
        #expect(line.hasPrefix("[##------------------------]".prefix(1)))
        // Too narrow for any file name: the name is dropped, the numbers stay.
        #expect(
            BatchProgress.barLine(completed: 1, total: 9, elapsed: 0, current: long, columns: 40)
                == "[##----------------------]  1/9   11%  0:00")
    }

    @Test func plainLinesNameEachFinishedScene() {
        #expect(
            BatchProgress.plainLine(completed: 3, total: 12, result: result("a")) == "[ 3/12] ok     in/a.json -> a.png"
        )
        #expect(
            BatchProgress.plainLine(completed: 12, total: 12, result: result("b", error: "in/b.json: canvas: missing"))
                == "[12/12] error  in/b.json: canvas: missing")
    }

    @Test func elapsedText() {
        #expect(BatchProgress.elapsedText(0) == "0:00")
        #expect(BatchProgress.elapsedText(9.99) == "0:09")
        #expect(BatchProgress.elapsedText(600) == "10:00")
        #expect(BatchProgress.elapsedText(3600) == "1:00:00")
        #expect(BatchProgress.elapsedText(-.infinity) == "0:00")
    }

    @Test func linesStyleWritesOneLinePerScene() {
        let terminal = Terminal()
        let progress = BatchProgress(total: 2, style: .lines, clock: { terminal.time() }) { terminal.write($0) }
        progress.started(result("a").scene)
        progress.finished(result("a"))
        progress.finished(result("b", error: "in/b.json: oops"))
        progress.end()
        #expect(terminal.text == "[1/2] ok     in/a.json -> a.png\n[2/2] error  in/b.json: oops\n")
    }

    @Test func quietStyleWritesNothing() {
        let terminal = Terminal()
        let progress = BatchProgress(total: 1, style: .quiet, clock: { terminal.time() }) { terminal.write($0) }
        progress.started(result("a").scene)
        progress.finished(result("a"))
        progress.end()
        #expect(terminal.text.isEmpty)
    }

    @Test func barRedrawsInPlaceAtMostEveryTenthOfASecondAndEndsTheLine() {
        let terminal = Terminal()
        let progress = BatchProgress(total: 3, style: .bar(columns: 80), clock: { terminal.time() }) {
            terminal.write($0)
        }
        progress.started(result("a").scene)  // first draw
        terminal.now += 0.01
        progress.finished(result("a"))  // too soon: skipped
        progress.started(result("b").scene)  // too soon: skipped
        terminal.now += 0.2
        progress.finished(result("b"))  // drawn
        progress.started(result("c").scene)  // too soon: skipped
        progress.finished(result("c"))  // the last one is always drawn
        progress.end()
        let erase = "\r\u{1B}[K"
        #expect(
            terminal.text
                == erase + "[------------------------]  0/3    0%  0:00  in/a.json"
                + erase + "[################--------]  2/3   66%  0:00  in/b.json"
                + erase + "[########################]  3/3  100%  0:00  in/c.json"
                + erase + "[########################]  3/3  100%  0:00  in/c.json\n")
    }
}
