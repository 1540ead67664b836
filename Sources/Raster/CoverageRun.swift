/// One horizontal run of pixels sharing a coverage value, in device pixels.
struct CoverageRun {
    var x: Int
    var count: Int
    var coverage: UInt8
}
