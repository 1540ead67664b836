import Testing
@testable import Layout

@Suite struct LayoutPlaceholderTests {}
