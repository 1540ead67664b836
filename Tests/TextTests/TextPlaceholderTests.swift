import Testing
@testable import Text

@Suite struct TextPlaceholderTests {}
