/// When reference images are written instead of only compared — swift-snapshot-testing's four modes.
public enum RecordMode: String, CaseIterable, Sendable {
    /// Write every reference that is not identical to the image (re-baseline everything); one
    /// the image matches within the tolerance is rewritten and still passes.
    case all
    /// Write references that do not exist yet; compare the rest. The default.
    case missing
    /// Overwrite references that do not match, and write missing ones.
    case failed
    /// Write nothing: a missing reference is a failure. The mode for CI.
    case never

    /// The environment variable that sets the mode when no option or argument does.
    public static let environmentVariable = "COLLECTION_PREVIEW_RECORD"

    /// The mode named by `option` if given, else by the environment variable, else `.missing`.
    ///
    /// - Throws: `RecordModeError` naming the source and the accepted values.
    public static func resolve(option: String?, environment: [String: String]) throws(RecordModeError) -> RecordMode {
        if let option {
            guard let mode = RecordMode(rawValue: option) else {
                throw RecordModeError(source: "--record", value: option)
            }
            return mode
        }
        if let value = environment[environmentVariable], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value) else {
                throw RecordModeError(source: environmentVariable, value: value)
            }
            return mode
        }
        return .missing
    }

    /// Whether a missing reference is written.
    public var recordsMissing: Bool { self != .never }
    /// Whether a reference that does not match is overwritten.
    public var recordsFailures: Bool { self == .all || self == .failed }
}

/// A record mode that is not one of `all`, `missing`, `failed`, `never`.
public struct RecordModeError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Where the value came from: `--record` or the environment variable.
    public var source: String
    /// The value given.
    public var value: String

    /// Creates an error for `value`, given by `source`.
    public init(source: String, value: String) {
        self.source = source
        self.value = value
    }
    /// `--record must be one of all, missing, failed, never; got "sometimes"`.
    public var description: String {
        "\(source) must be one of \(RecordMode.allCases.map(\.rawValue).joined(separator: ", ")); got \"\(value)\""
    }
}

/// What a check of an image against its reference should do, by the record mode.
public enum RecordVerdict: Sendable, Equatable {
    /// The image matches: nothing to write.
    case matched
    /// There is no reference and the mode writes missing ones: write it.
    case recordMissing
    /// There is no reference and the mode writes none: a failure.
    case missing
    /// The image does not match (or, in mode `all`, is not identical) and the mode rewrites: write it.
    case rerecord
    /// The image does not match and the mode writes nothing: a failure.
    case mismatch
}

extension RecordMode {
    /// The verdict for a comparison with the reference, or for a missing reference (`result` nil).
    ///
    /// Shared by `collection-preview test` and the Swift assertions, so the modes mean the same in both.
    public func verdict(for result: ImageComparisonResult?) -> RecordVerdict {
        guard let result else { return recordsMissing ? .recordMissing : .missing }
        if result.passed && !(self == .all && !result.identical) { return .matched }
        return recordsFailures ? .rerecord : .mismatch
    }
}
