/// Why a font could not be found or loaded, or why text could not be laid out.
///
/// Every FreeType failure comes back as one of these cases with the FreeType
/// error code and a plain-English message; nothing in the Text module traps
/// on bad input.
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file exists at `path`.
    case fileNotFound(path: String)
    /// FreeType could not open `path` as a font (not a font, truncated or corrupt).
    case invalidFont(path: String, freeTypeCode: Int32, message: String)
    /// The bundled font could not be found; `searched` lists every path tried, in order.
    case bundledFontNotFound(searched: [String])
    /// `COLLECTION_PREVIEW_ASSETS` names a folder without the font file.
    case assetsFolderMissingFont(variable: String, path: String)
    /// The font has no glyph for `scalar` and the caller asked for strict glyph lookup.
    case missingGlyph(scalar: Unicode.Scalar, font: String)
    /// A FreeType call other than opening the font failed.
    case freeType(operation: String, code: Int32, message: String)
    /// A layout parameter is out of range (`name` = `value` breaks `rule`).
    case invalidParameter(name: String, value: String, rule: String)

    /// A one-line explanation naming the file, character or FreeType call involved.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "font file not found: \(path)"
        case .invalidFont(let path, let code, let message):
            return "cannot load font \(path): \(message) (FreeType error 0x\(String(code, radix: 16)))"
        case .bundledFontNotFound(let searched):
            return
                "bundled font DejaVuSans.ttf not found; set COLLECTION_PREVIEW_ASSETS to the folder containing Fonts/ (searched: \(searched.joined(separator: ", ")))"
        case .assetsFolderMissingFont(let variable, let path):
            return "\(variable) is set but \(path) does not exist"
        case .missingGlyph(let scalar, let font):
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return
                "font \(font) has no glyph for U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) (\"\(scalar)\")"
        case .freeType(let operation, let code, let message):
            return "\(operation) failed: \(message) (FreeType error 0x\(String(code, radix: 16)))"
        case .invalidParameter(let name, let value, let rule):
            return "\(name) = \(value) is invalid: \(rule)"
        }
    }
}
