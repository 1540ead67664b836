import Foundation
import Support

/// An anchors file `bench --anchors` cannot use: the JSON path of the value at fault and the rule
/// broken (`S2.engine_min_ms: must be a number greater than 0`).
public struct AnchorsFileError: Error, Equatable, CustomStringConvertible {
    /// The JSON path of the value at fault.
    public var path: String
    /// The rule broken.
    public var message: String
    /// `path: message`.
    public var description: String { "\(path): \(message)" }

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The scripts whose output an anchors file is, named when a file is not a JSON object at
    /// all (an empty file left by a script that failed, say), whose kind cannot be told.
    static let tools = "Tools/blend2d-anchors.py or Tools/pixelmatch-anchors.mjs"

    /// Decodes `bytes` as a `File`, turning the decoder's errors into one-line errors.
    ///
    /// - Parameter rule: what the value at a coding path must be, for a wrong or null value.
    static func decode<File: Decodable>(
        _ type: File.Type, from bytes: [UInt8], rule: ([any CodingKey]) -> String
    ) throws(AnchorsFileError) -> File {
        do {
            return try JSONDecoder().decode(File.self, from: Data(bytes))
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            throw AnchorsFileError(path: DecodingFailure.path(context.codingPath), message: rule(context.codingPath))
        } catch DecodingError.valueNotFound(_, let context) where !context.codingPath.isEmpty {
            throw AnchorsFileError(path: DecodingFailure.path(context.codingPath), message: rule(context.codingPath))
        } catch let DecodingError.keyNotFound(key, context) {
            throw AnchorsFileError(path: DecodingFailure.path(context.codingPath + [key]), message: "is missing")
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw AnchorsFileError(path: "(root)", message: "is not valid JSON; give the output of \(tools)")
        } catch {
            throw AnchorsFileError(path: "(root)", message: "must be a JSON object, the output of \(tools)")
        }
    }
}
