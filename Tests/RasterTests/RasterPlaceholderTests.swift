import Testing
@testable import Raster

@Suite struct RasterPlaceholderTests {}
