import Testing
@testable import PNG

@Suite struct PNGPlaceholderTests {}
