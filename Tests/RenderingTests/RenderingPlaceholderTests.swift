import Testing
@testable import Rendering

@Suite struct RenderingPlaceholderTests {}
