import Synchronization

/// The fonts shipped in `Assets/Fonts/` (DejaVu Sans, Bitstream Vera licence).
public enum BundledFont: String, CaseIterable, Hashable, Sendable {
    /// DejaVu Sans Book.
    case regular = "DejaVuSans.ttf"
    /// DejaVu Sans Bold.
    case bold = "DejaVuSans-Bold.ttf"

    /// The font file's name in `Assets/Fonts/`.
    public var fileName: String { rawValue }
}

/// One shared `Font` per bundled font, loaded on first use.
private let bundledFonts = Mutex<[BundledFont: Font]>([:])

extension Font {
    /// The bundled font `variant` (DejaVu Sans by default), found by
    /// `FontLocator` and loaded once per process; the same instance is returned
    /// to every caller and thread (a `Font` is safe to share).
    ///
    /// - Throws: `TextError.bundledFontNotFound` / `.assetsFolderMissingFont`
    ///   when the file cannot be found, or the errors of `init(contentsOfFile:)`.
    public static func bundled(_ variant: BundledFont = .regular) throws(TextError) -> Font {
        try bundledFonts.withLock { (fonts: inout [BundledFont: Font]) throws(TextError) -> Font in
            if let font = fonts[variant] { return font }
            let font = try Font(contentsOfFile: FontLocator.path(forBundledFont: variant.fileName))
            fonts[variant] = font
            return font
        }
    }
}
