import Foundation
import Testing

@testable import Text

@Suite struct FontLoadingErrorTests {
    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "text-tests-\(UUID().uuidString).ttf"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func missingFileIsFileNotFound() {
        #expect(throws: TextError.fileNotFound(path: "/nonexistent/font.ttf")) {
            try Font(contentsOfFile: "/nonexistent/font.ttf")
        }
    }

    @Test func garbageFileIsUnknownFormat() throws {
        let path = try temporaryFile(Array("this is not a font, just some words padding the file".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: TextError.self) { try Font(contentsOfFile: path) }
        #expect(error == .invalidFont(path: path, freeTypeCode: 2, message: "unknown file format"))
        #expect(error?.description == "cannot load font \(path): unknown file format (FreeType error 0x2)")
    }

    @Test func truncatedFontIsRejected() throws {
        let real = try Data(contentsOf: URL(fileURLWithPath: Font.bundled().path))
        let path = try temporaryFile(Array(real.prefix(600)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: TextError.self) { try Font(contentsOfFile: path) }
        guard case .invalidFont(let p, let code, _) = error else {
            Issue.record("expected invalidFont, got \(String(describing: error))")
            return
        }
        #expect(p == path)
        #expect(code != 0)
    }

    @Test func directoryIsNotAFontFile() {
        #expect(throws: TextError.fileNotFound(path: "/tmp")) { try Font(contentsOfFile: "/tmp") }
    }

    @Test func environmentVariableWins() throws {
        let fonts = (try Font.bundled().path as NSString).deletingLastPathComponent
        let assets = (fonts as NSString).deletingLastPathComponent
        let path = try FontLocator.path(
            forBundledFont: "DejaVuSans.ttf", environment: ["COLLECTION_PREVIEW_ASSETS": assets])
        #expect(path == assets + "/Fonts/DejaVuSans.ttf")
    }

    @Test func environmentVariableWithoutFontIsAnError() {
        #expect(
            throws: TextError.assetsFolderMissingFont(
                variable: "COLLECTION_PREVIEW_ASSETS", path: "/nonexistent/Fonts/DejaVuSans.ttf")
        ) {
            try FontLocator.path(
                forBundledFont: "DejaVuSans.ttf", environment: ["COLLECTION_PREVIEW_ASSETS": "/nonexistent"])
        }
    }

    @Test func searchFindsTheResourceBundlesFont() throws {
        let path = try FontLocator.path(forBundledFont: "DejaVuSans-Bold.ttf", environment: [:])
        #expect(path.hasSuffix("CollectionPreview_BundledAssets.resources/Fonts/DejaVuSans-Bold.ttf"))
    }

    @Test func unknownFontNameListsWhereItLooked() {
        let error = #expect(throws: TextError.self) {
            try FontLocator.path(forBundledFont: "NoSuchFont.ttf", environment: [:])
        }
        guard case .bundledFontNotFound(let searched) = error else {
            Issue.record("expected bundledFontNotFound, got \(String(describing: error))")
            return
        }
        #expect(searched.last == "/usr/share/fonts/truetype/dejavu/NoSuchFont.ttf")
        #expect(searched.first?.hasSuffix(".resources/Fonts/NoSuchFont.ttf") == true)
    }

    @Test func missingGlyphIsNotdefWhenLenientAndAnErrorWhenStrict() throws {
        let font = try Font.bundled()
        #expect(try font.glyphIndex(for: "\u{4E2D}", policy: .useNotdef) == .notdef)
        #expect(throws: TextError.missingGlyph(scalar: "\u{4E2D}", font: "DejaVu Sans Book")) {
            try font.glyphIndex(for: "\u{4E2D}", policy: .throwError)
        }
        let notdefAdvance = try font.glyph(.notdef).advance
        #expect(notdefAdvance > 0)
        #expect(try font.measureUnits("4\u{4E2D}4") == 2 * 1303 + notdefAdvance)
        #expect(throws: TextError.missingGlyph(scalar: "\u{4E2D}", font: "DejaVu Sans Book")) {
            try font.measure("4\u{4E2D}4", size: 12, policy: .throwError)
        }
        let layout = try TextLayout("A\u{4E2D}B", font: font, size: 20)
        #expect(layout.glyphs.map(\.glyph.rawValue) == [36, 0, 37])
        #expect(throws: TextError.missingGlyph(scalar: "\u{4E2D}", font: "DejaVu Sans Book")) {
            try TextLayout("A\u{4E2D}B", font: font, size: 20, missingGlyphs: .throwError)
        }
        #expect(
            TextError.missingGlyph(scalar: "\u{4E2D}", font: "DejaVu Sans Book").description
                == "font DejaVu Sans Book has no glyph for U+4E2D (\"中\")")
    }

    @Test func fontIsSafeToShareAcrossThreads() async throws {
        let shared = try Font(contentsOfFile: Font.bundled().path)
        let text = "The quick brown fox jumps over the lazy dog 0123456789"
        let expected = try Font(contentsOfFile: shared.path).measureUnits(text)
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<8 {
                group.addTask {
                    // Different threads fill the same cache in different orders.
                    let rotated = String(text.dropFirst(i * 5) + text.prefix(i * 5))
                    _ = try shared.measureUnits(rotated)
                    return try shared.measureUnits(text)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: expected, count: 8))
    }
}
