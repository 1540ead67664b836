/// The results as JUnit XML, the format CI systems show test results from.
///
/// One `testsuite` named `collection-preview`, one `testcase` per scene (its name the scene's,
/// its classname the scene file), with a `failure` element for a scene that differs or is
/// missing (whether or not this run recorded its baseline) and an `error` element for one that
/// could not be rendered.
enum JUnitReport {
    static func xml(_ results: SuiteResults) -> String {
        let failures = results.scenes.filter { $0.status.isFailure && $0.status != .error }.count
        let errors = results.scenes.filter { $0.status == .error }.count
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"collection-preview test\" tests=\"\(results.scenes.count)\" failures=\"\(failures)\" errors=\"\(errors)\">",
            "  <testsuite name=\"collection-preview\" tests=\"\(results.scenes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">",
        ]
        for scene in results.scenes {
            let open = "    <testcase name=\"\(escape(scene.name))\" classname=\"\(escape(scene.scene))\""
            switch scene.status {
            case .passed:
                lines.append(open + "/>")
            case .failed, .missing, .recorded:
                let type =
                    switch scene.status {
                    case .missing: "missing-baseline"
                    case .recorded: "baseline-recorded"
                    default: "image-difference"
                    }
                lines.append(open + ">")
                lines.append(
                    "      <failure type=\"\(type)\" message=\"\(escape(scene.failureSummary))\">\(escape(details(scene)))</failure>"
                )
                lines.append("    </testcase>")
            case .error:
                lines.append(open + ">")
                lines.append("      <error type=\"scene-error\" message=\"\(escape(scene.failureSummary))\"/>")
                lines.append("    </testcase>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each failing image with its files, one per line.
    static func details(_ scene: SceneCheck) -> String {
        scene.frames.filter { $0.status.isFailure }.map { frame in
            var line = "\(frame.name): \(frame.message ?? frame.status.rawValue)"
            for (label, path) in [("expected", frame.expected), ("actual", frame.actual), ("diff", frame.diff)] {
                if let path { line += "; \(label) \(path)" }
            }
            return line
        }.joined(separator: "\n")
    }

    /// `text` with XML's five special characters escaped and control characters dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
