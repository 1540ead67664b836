import Foundation
import Support

/// End-to-end animation figures: the `animate` command itself, run as a child process on a
/// scene of `Samples/bench/`, rendering every frame to a PNG file on two threads.
///
/// - `animation-60-frames.json`: a 750x1334 (375x667 at 2x) grid of 110-point cells with borders,
///   rounded corners and a label each, scrolled by a linear `scrollTo` over 60 frames — an S3-like
///   animation (about 18 cells per frame). The row gives frames per second, wall time for the
///   whole run (process start, scene decoding, layout, rendering, PNG encoding, file writes).
/// - `animation-600-frames.json`: the same scroll over 600 frames. The row gives the child's peak
///   resident memory (its `VmHWM`), beside that of a child rendering one still
///   frame of the same scene: what the animation adds is what streaming must keep small.
public enum AnimationBenchmark {
    /// One end-to-end measurement.
    public struct Measurement: Sendable {
        /// Wall seconds of the fastest run.
        public var seconds: Double
        /// Frames rendered.
        public var frames: Int
        /// The child's peak resident memory in megabytes.
        public var peakMegabytes: Double
    }

    /// The scenes' folder, `Samples/bench`, the first found in or above one of `starts` (the
    /// current folder, then the binary's, so that the bench finds it from anywhere in a
    /// checkout); nil when there is none.
    public static func scenesFolder(searchingUpFrom starts: [String]) -> String? {
        for start in starts {
            var folder = start
            while !folder.isEmpty {
                let candidate = joinedPath(folder, "Samples/bench")
                if FileManager.default.fileExists(atPath: joinedPath(candidate, "animation-60-frames.json")),
                    FileManager.default.fileExists(atPath: joinedPath(candidate, "animation-600-frames.json"))
                {
                    return candidate
                }
                let parent = parentPath(of: folder)
                if parent == folder { break }
                folder = parent
            }
        }
        return nil
    }

    /// Runs `executable animate scene -o <temporary folder> --jobs jobs -q` `samples` times.
    ///
    /// - Returns: the fastest run's time and the peak memory, or nil when the run fails.
    public static func animate(
        executable: String, scene: String, frames: Int, jobs: Int = 2, samples: Int = 3
    ) -> Measurement? {
        var best = Double.infinity
        var peak = 0.0
        for _ in 0..<max(1, samples) {
            let folder = NSTemporaryDirectory() + "cp-bench-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: folder) }
            guard let run = child(executable, ["animate", scene, "-o", folder, "--jobs", "\(jobs)", "-q"]) else {
                return nil
            }
            best = min(best, run.seconds)
            peak = max(peak, run.peakMegabytes)
        }
        return Measurement(seconds: best, frames: frames, peakMegabytes: peak)
    }

    /// The peak memory of a child rendering frame 0 of `scene` as a still.
    public static func still(executable: String, scene: String) -> Measurement? {
        let file = NSTemporaryDirectory() + "cp-bench-" + UUID().uuidString + ".png"
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard let run = child(executable, ["render", scene, "-o", file]) else { return nil }
        return Measurement(seconds: run.seconds, frames: 1, peakMegabytes: run.peakMegabytes)
    }

    /// Runs one child to completion: wall seconds and its own peak resident memory.
    ///
    /// The peak is the child's `VmHWM` (its peak resident set size since it was exec'd) read
    /// from `/proc/PID/status` every 2 ms while it runs; it only grows, so the last
    /// reading is the peak up to the last few milliseconds. (`ru_maxrss` of a child cannot be
    /// used: Linux carries the parent's mark across the spawn, and the bench itself is larger.)
    private static func child(_ executable: String, _ arguments: [String]) -> (seconds: Double, peakMegabytes: Double)?
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        do { try process.run() } catch { return nil }
        let status = "/proc/\(process.processIdentifier)/status"
        var peakKilobytes = 0
        while process.isRunning {
            if let text = try? String(contentsOfFile: status, encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            {
                peakKilobytes = max(peakKilobytes, kb)
            }
            usleep(2000)
        }
        process.waitUntilExit()
        let elapsed = start.duration(to: clock.now)
        guard process.terminationStatus == 0 else { return nil }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return (seconds, Double(peakKilobytes) / 1024)
    }
}
