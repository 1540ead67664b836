import Benchmark
import Foundation
import Testing

/// `bench` finds `Samples/bench` in or above a folder it starts from (the current folder, then
/// the binary's), so its end-to-end rows run from anywhere in a checkout.
@Test func theBenchScenesAreFoundInOrAboveAStartingFolder() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let deep = root + "/checkout/.build/release"
    try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: root + "/checkout/Samples/bench", withIntermediateDirectories: true)
    let elsewhere = root + "/elsewhere"
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    // One of the two scenes is not enough.
    #expect(
        FileManager.default.createFile(
            atPath: root + "/checkout/Samples/bench/animation-60-frames.json", contents: Data()))
    #expect(AnimationBenchmark.scenesFolder(searchingUpFrom: [deep]) == nil)
    #expect(
        FileManager.default.createFile(
            atPath: root + "/checkout/Samples/bench/animation-600-frames.json", contents: Data()))
    #expect(AnimationBenchmark.scenesFolder(searchingUpFrom: [deep]) == root + "/checkout/Samples/bench")
    #expect(AnimationBenchmark.scenesFolder(searchingUpFrom: [elsewhere, deep]) == root + "/checkout/Samples/bench")
    #expect(AnimationBenchmark.scenesFolder(searchingUpFrom: [elsewhere]) == nil)
}
