import Testing
@testable import Scene

@Suite struct ScenePlaceholderTests {}
