import CFreeType

/// Owns one `FT_Library`; `deinit` is the only place it is released.
///
/// FreeType objects are not thread-safe per library, so every `Font` creates
/// its own library and never shares it (see `Font`).
final class FreeTypeLibrary {
    /// The FreeType handle. Valid for the lifetime of this object.
    let handle: FT_Library

    /// Initialises a new FreeType library instance.
    ///
    /// - Throws: `TextError.freeType` when FreeType cannot allocate it.
    init() throws(TextError) {
        var library: FT_Library?
        let code = FT_Init_FreeType(&library)
        guard code == 0, let library else {
            throw .freeType(operation: "FT_Init_FreeType", code: code, message: FreeTypeErrorMessage.message(for: code))
        }
        handle = library
    }

    deinit {
        FT_Done_FreeType(handle)
    }
}
