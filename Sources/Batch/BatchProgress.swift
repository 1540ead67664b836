import Foundation

/// Reports a batch's progress as it runs: one updating bar on a terminal,
/// one plain line per finished scene otherwise (CI logs), or nothing.
///
/// The bar is a single line redrawn in place (`\r`, then erase-to-end-of-line)
/// showing count/total, percent, elapsed time and the scene most recently
/// started:
///
/// ```
/// [#########---------------]  12/32  37%  0:04  Samples/grid/basic.json
/// ```
///
/// It is redrawn at most every `redrawInterval` seconds (so ten thousand tiny
/// scenes do not flood the terminal), always for the last scene, and fits in
/// the terminal's width by shortening the file name from the left. Plain lines
/// look like `[ 3/32] ok     Samples/a.json -> a.png` and
/// `[ 4/32] error  Samples/b.json: layout: unknown key "x"`; they appear in
/// completion order, which with several jobs varies from run to run (only the
/// output files and the manifest are deterministic).
///
/// All methods may be called from several worker threads at once.
public final class BatchProgress: @unchecked Sendable {
    /// How progress is shown.
    public enum Style: Equatable, Sendable {
        /// An updating bar that fits in `columns` characters (a terminal).
        case bar(columns: Int)
        /// One plain line per finished scene (a log file, a pipe, CI).
        case lines
        /// Nothing.
        case quiet
    }

    /// The shortest time between two redraws of the bar: 0.1 s.
    public static let redrawInterval = 0.1
    /// The number of cells in the bar.
    public static let barCells = 24

    private let total: Int
    private let style: Style
    private let clock: @Sendable () -> Double
    private let write: @Sendable (String) -> Void
    private let startTime: Double
    private let lock = NSLock()
    private var completed = 0
    private var running: [BatchScene] = []
    private var lastScene = ""
    private var lastRedraw = -Double.infinity
    private var barShown = false

    /// Creates a reporter for `total` scenes.
    ///
    /// - Parameters:
    ///   - total: How many scenes will run.
    ///   - style: Bar, lines or quiet.
    ///   - clock: Seconds on a monotonic clock; `BatchProgress.monotonicSeconds` unless given.
    ///   - write: Receives the text to show (standard error in the tool); may
    ///     hold several lines, and never ends mid-line except for the bar.
    public init(
        total: Int, style: Style, clock: @escaping @Sendable () -> Double = BatchProgress.monotonicSeconds,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.total = total
        self.style = style
        self.clock = clock
        self.write = write
        self.startTime = clock()
    }

    /// Notes that `scene` has started (shown as the bar's current file).
    public func started(_ scene: BatchScene) {
        guard case .bar = style else { return }
        lock.lock()
        defer { lock.unlock() }
        running.append(scene)
        lastScene = scene.sourcePath
        redrawBar(force: completed == 0 && running.count == 1)
    }

    /// Notes that a scene has finished, with its result.
    public func finished(_ result: BatchSceneResult) {
        lock.lock()
        defer { lock.unlock() }
        completed += 1
        switch style {
        case .quiet:
            break
        case .lines:
            write(BatchProgress.plainLine(completed: completed, total: total, result: result) + "\n")
        case .bar:
            if let i = running.firstIndex(of: result.scene) { running.remove(at: i) }
            redrawBar(force: completed == total)
        }
    }

    /// Ends the report: draws the bar's final state and moves to a new line.
    public func end() {
        lock.lock()
        defer { lock.unlock() }
        guard case .bar = style, barShown else { return }
        redrawBar(force: true)
        write("\n")
        barShown = false
    }

    /// Redraws the bar if it is time to (or `force`). Call with the lock held.
    private func redrawBar(force: Bool) {
        guard case .bar(let columns) = style else { return }
        let now = clock()
        guard force || now - lastRedraw >= BatchProgress.redrawInterval else { return }
        lastRedraw = now
        barShown = true
        let current = running.last?.sourcePath ?? lastScene
        let line = BatchProgress.barLine(
            completed: completed, total: total, elapsed: now - startTime, current: current, columns: columns)
        write("\r\u{1B}[K" + line)
    }

    /// The bar's text (without the carriage return and erase sequence).
    ///
    /// At most `columns − 1` characters: the file name is shortened from the
    /// left with `…`, and dropped when even that does not fit.
    ///
    /// - Complexity: O(n) in the length of `current`.
    public static func barLine(completed: Int, total: Int, elapsed: Double, current: String, columns: Int) -> String {
        let fraction = total > 0 ? Double(completed) / Double(total) : 1
        let filled = min(barCells, Int(fraction * Double(barCells)))
        let percent = total > 0 ? completed * 100 / total : 100
        let width = String(total).count
        let count = String(repeating: " ", count: max(0, width - String(completed).count)) + "\(completed)/\(total)"
        let percentText = String(repeating: " ", count: max(0, 3 - String(percent).count)) + "\(percent)%"
        let head =
            "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barCells - filled) + "]  "
            + count + "  " + percentText + "  " + elapsedText(elapsed)
        let room = columns - 1 - head.count - 2
        guard room >= 8, !current.isEmpty else { return head }
        if current.count <= room { return head + "  " + current }
        return head + "  …" + String(current.suffix(room - 1))
    }

    /// A plain progress line for a finished scene, without the newline.
    ///
    /// - Complexity: O(n) in the length of the path and message.
    public static func plainLine(completed: Int, total: Int, result: BatchSceneResult) -> String {
        let width = String(total).count
        let count = String(repeating: " ", count: max(0, width - String(completed).count)) + "\(completed)/\(total)"
        switch result.outcome {
        case .written:
            return "[\(count)] ok     \(result.scene.sourcePath) -> \(result.scene.outputPath)"
        case .failed(let message):
            return "[\(count)] error  \(message)"
        }
    }

    /// `m:ss` for less than an hour, `h:mm:ss` beyond (whole seconds, rounded down).
    public static func elapsedText(_ seconds: Double) -> String {
        let whole = seconds.isFinite && seconds > 0 ? Int(seconds) : 0
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h == 0 { return "\(m):\(ss)" }
        return "\(h):" + (m < 10 ? "0\(m)" : "\(m)") + ":" + ss
    }

    /// Seconds on the system's monotonic clock.
    @Sendable public static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
