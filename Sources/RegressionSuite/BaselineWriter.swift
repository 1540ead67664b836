import Foundation
import Support

/// Where a check writes the baselines it records: each at once (a still scene's one image), or,
/// for an animation's frames, staged in a hidden folder beside them and moved into place
/// together by `commit()` (`StagingFolder`).
///
/// A run stopped in the middle of an animation (SIGINT, SIGTERM, an error) therefore leaves that
/// animation's baselines as they were, not some frames re-recorded and the rest from before: a
/// baseline set is always one run's.
final class BaselineWriter {
    /// Whether files wait for `commit()`.
    private let stages: Bool
    /// Created at the first staged write, in the folder of that file.
    private var staging: StagingFolder?
    /// Baselines to delete at `commit()` (a staged writer's).
    private var removals: [String] = []
    /// The frame folder, when this writer made it: one that holds nothing when the writer goes
    /// (a run stopped before `commit()`) is removed.
    private var createdFolder: String?

    /// A writer that writes each file at once, atomically.
    static func immediate() -> BaselineWriter { BaselineWriter(stages: false) }

    /// A writer for the frames of one animation, which all lie in one folder.
    static func staged() -> BaselineWriter { BaselineWriter(stages: true) }

    private init(stages: Bool) {
        self.stages = stages
    }

    deinit {
        staging?.discard()
        if let createdFolder { _ = rmdir(createdFolder) }
    }

    /// Writes `bytes` as the baseline at `path`: at once, or staged until `commit()`. Staged
    /// files must all lie in one folder (an animation's).
    ///
    /// - Throws: `SuiteError.cannotWrite` naming `path`, also for a staged file outside the
    ///   folder of the first.
    func write(_ bytes: [UInt8], to path: String) throws(SuiteError) {
        guard stages else {
            try SuiteReportFolder.writeFile(bytes, to: path)
            return
        }
        let frameFolder = parentPath(of: path)
        if let staging, staging.destination != frameFolder {
            // `test` names frames so; a hand-edited results.json given to `approve` may not.
            throw SuiteError.cannotWrite(
                path: path, reason: "an animation's baselines must lie in one folder, \(staging.destination)")
        }
        if staging == nil {
            do {
                if !FileManager.default.fileExists(atPath: frameFolder) { createdFolder = frameFolder }
                try FileManager.default.createDirectory(atPath: frameFolder, withIntermediateDirectories: true)
            } catch {
                throw SuiteError.cannotWrite(
                    path: path, reason: "cannot create the folder \(frameFolder): \(systemReason(of: error))")
            }
            StagingFolder.removeAbandoned(in: frameFolder, stem: Self.stem)
        }
        do {
            if staging == nil { staging = try StagingFolder(in: frameFolder, stem: Self.stem) }
            try staging?.write(bytes, named: (path as NSString).lastPathComponent)
        } catch {
            throw SuiteError.cannotWrite(path: path, reason: "\(error)")
        }
    }

    /// Deletes the baseline at `path` (a frame past an animation's end): at once, or after the
    /// staged files are in place at `commit()`, so a run stopped before it deletes nothing.
    ///
    /// - Throws: `SuiteError.cannotWrite` naming `path` when it is there and cannot be deleted.
    func remove(_ path: String) throws(SuiteError) {
        guard stages else {
            try Self.delete(path)
            return
        }
        removals.append(path)
    }

    /// Moves the staged files into the frame folder, all of them or (when a move fails) none,
    /// then deletes the baselines `remove(_:)` named.
    ///
    /// - Throws: `SuiteError.cannotWrite` naming the folder, or a baseline that cannot be deleted.
    func commit() throws(SuiteError) {
        if let staging {
            do {
                try staging.commit()
            } catch {
                throw SuiteError.cannotWrite(path: staging.destination, reason: "\(error)")
            }
            self.staging = nil
        }
        let removing = removals
        removals = []
        for path in removing { try Self.delete(path) }
    }

    /// Deletes the file at `path`; one already gone is no error.
    private static func delete(_ path: String) throws(SuiteError) {
        guard unlink(path) != 0 else { return }
        let code = errno
        if code == ENOENT { return }
        throw SuiteError.cannotWrite(path: path, reason: "\(FileError(.remove, path: path, code: code))")
    }

    /// The word in the hidden folder's name: `.baselines.tmp-<pid>-<hex>`.
    static let stem = "baselines"
}
