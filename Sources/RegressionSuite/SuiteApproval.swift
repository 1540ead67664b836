import Foundation
import PNG
import Scene
import Support

/// Promotes the actual images of the last `test` run to baselines, without rendering again.
public enum SuiteApproval {
    /// What `approve(reportDirectory:scenes:filters:baselines:progress:)` did to one baseline.
    public enum Action: String, Sendable {
        /// The actual image was written over it (or as it, when there was none).
        case approved
        /// It held the image to approve already, byte for byte, or, past an animation's end, was
        /// gone already (an `approve` run twice): left alone.
        case unchanged
        /// A frame past the end of an animation that got shorter: deleted.
        case deleted
    }

    /// Writes the report's `actual.png` of every failed or missing image, and of every image whose
    /// baseline was not a readable PNG, over its baseline,
    /// stored small (`PNGEncoder.recompressSmallest`: the same pixels in fewer bytes), and deletes
    /// the baselines past the end of an animation that got shorter: of every
    /// scene, of the scenes named exactly in `scenes`, or of those whose name contains one of
    /// `filters`. A baseline that holds those bytes already is left alone.
    ///
    /// The baselines folder is `baselines`, else the one the run used, as it was given (relative
    /// to the folder `test` ran in). Before anything is written, every baseline the run compared
    /// with must be there: one that is not means the wrong folder (a report downloaded from CI
    /// and approved elsewhere), which would otherwise get a partial copy of the suite's
    /// baselines. Paths in `results.json` that leave their folder (absolute, or with a
    /// `..` component) are refused, so a report from elsewhere cannot write outside the
    /// baselines.
    ///
    /// - Parameters:
    ///   - reportDirectory: The report folder of the run (`results.json` inside).
    ///   - scenes: Only these scenes, by exact name (empty: no such restriction).
    ///   - filters: Only scenes whose name contains one of these texts (empty: no such restriction).
    ///   - baselines: The baselines folder (nil: the run's, as `results.json` records it).
    ///   - progress: Called with each baseline as soon as it is written or deleted, or found
    ///     unchanged (an animation's once all of its frames are: they are moved into place
    ///     together, `BaselineWriter`).
    /// - Returns: The baselines written or deleted, as paths.
    /// - Throws: `SuiteError.noResults` / `.invalidResults` when the results cannot be read or
    ///   name an image that is not there, `.unreadableImage` when such an image is not a
    ///   readable PNG, `.noSuchScene` when a name of `scenes` is not in the
    ///   results or a text of `filters` is in no scene's name (a typo approves nothing),
    ///   `.baselineNotFound` when a baseline the run compared with is not there (nothing is
    ///   written), `.cannotWrite` when a baseline cannot be written or deleted.
    public static func approve(
        reportDirectory: String, scenes: [String] = [], filters: [String] = [], baselines: String? = nil,
        progress: (Action, String) -> Void = { _, _ in }
    ) throws -> [String] {
        let resultsPath = joinedPath(reportDirectory, SuiteReportFolder.resultsFile)
        let results = try SuiteResults.read(path: resultsPath)
        let baselineFolder = baselines ?? results.baselines
        try checkSelection(results, scenes: scenes, filters: filters, resultsPath: resultsPath)
        let selected = results.scenes.filter { scene in
            (scenes.isEmpty || scenes.contains(scene.name))
                && (filters.isEmpty || filters.contains { scene.name.contains($0) })
        }
        let approving = selected.map { scene in
            (scene, scene.frames.filter { $0.status == .failed || $0.status == .missing || $0.baselineUnreadable })
        }
        for (_, frames) in approving {
            for frame in frames {
                // Compared with a baseline (failed) or found unreadable, which must still be there;
                // a frame past the end may be gone already (approved before), but not its folder.
                let destination = joinedPath(baselineFolder, frame.baseline)
                let mustExist = frame.pastTheEnd ? parentPath(of: destination) : destination
                if (frame.status == .failed || frame.baselineUnreadable)
                    && !FileManager.default.fileExists(atPath: mustExist)
                {
                    throw SuiteError.baselineNotFound(path: mustExist, baselines: results.baselines)
                }
            }
        }
        var changed: [String] = []
        for (scene, frames) in approving {
            // An animation's approved frames reach the baseline folder together, as `test`
            // records them: a failure half-way approves none of them.
            let writer: BaselineWriter = scene.animated ? .staged() : .immediate()
            var done: [(Action, String)] = []
            for frame in frames {
                let destination = joinedPath(baselineFolder, frame.baseline)
                if frame.pastTheEnd {
                    guard FileManager.default.fileExists(atPath: destination) else {
                        done.append((.unchanged, destination))  // deleted by an earlier approve
                        continue
                    }
                    try writer.remove(destination)
                    done.append((.deleted, destination))
                    continue
                }
                guard let actual = frame.actual else { continue }
                let bytes = try storedForm(
                    of: joinedPath(reportDirectory, actual), frame: frame.name, resultsPath: resultsPath)
                if (try? FileBytes.read(destination, maximumSize: SuiteRunner.maximumBaselineSize)) == bytes {
                    done.append((.unchanged, destination))
                    continue
                }
                try writer.write(bytes, to: destination)
                done.append((.approved, destination))
            }
            try writer.commit()
            for (action, path) in done {
                progress(action, path)
                if action != .unchanged { changed.append(path) }
            }
        }
        return changed
    }

    /// Refuses a `--scene` that names no scene of the results and a `--filter` that matches none.
    ///
    /// - Throws: `SuiteError.noSuchScene`, with a suggestion when a name is close to one.
    static func checkSelection(_ results: SuiteResults, scenes: [String], filters: [String], resultsPath: String)
        throws(SuiteError)
    {
        let names = Set(results.scenes.map(\.name))
        for name in scenes where !names.contains(name) {
            var reason = "no scene named \(JSONRead.quoted(name))"
            let labels = (results.devices ?? []).compactMap { try? SceneDeviceVariant(parsing: $0).label }
            let onDevices = labels.map { name + "." + $0 }.filter(names.contains).sorted {
                $0.utf8.lexicographicallyPrecedes($1.utf8)
            }
            if !onDevices.isEmpty {
                // A run on devices names each scene with its device's label.
                reason += "; on devices it is \(onDevices.map { "\"\($0)\"" }.joined(separator: ", "))"
            } else if let near = KeySuggestion.closest(to: name, among: names) {
                reason += "; did you mean \"\(near)\"?"
            }
            throw SuiteError.noSuchScene(results: resultsPath, reason: reason)
        }
        for filter in filters
        where !names.contains(where: { $0.contains(filter) && (scenes.isEmpty || scenes.contains($0)) }) {
            let named = scenes.isEmpty ? "" : " among the scenes named by --scene"
            throw SuiteError.noSuchScene(
                results: resultsPath, reason: "no scene name contains \(JSONRead.quoted(filter))\(named)")
        }
    }

    /// The bytes to store for the report's actual image at `source`: the same pixels in fewer
    /// bytes, as `test` records baselines.
    ///
    /// - Throws: `SuiteError.unreadableImage` when it is not a readable PNG (bad input data,
    ///   65), `.invalidResults` when it cannot be read (missing input).
    static func storedForm(of source: String, frame: String, resultsPath: String) throws(SuiteError) -> [UInt8] {
        do {
            return try PNGEncoder.recompressSmallest(
                FileBytes.read(source, maximumSize: SuiteRunner.maximumBaselineSize), pixelDigest: true)
        } catch let error as PNGError {
            throw SuiteError.unreadableImage(path: source, reason: "\(frame): \(error)")
        } catch {
            throw SuiteError.invalidResults(path: resultsPath, reason: "\(frame): \(error)")
        }
    }
}
