import Scene

/// The animation step decoder and player: the fuzzed bytes are the `animation` block of a small
/// valid scene. Decoding, validation and playing the steps (laying out every state, timing
/// every frame) must end in a player or a `SceneDecodingError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimationSteps(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let animation = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let json = """
        {"canvas": {"width": 200, "height": 150}, "layout": {"type": "flow", "itemSize": {"width": 40, "height": 40}},
         "sections": [{"itemCount": 6}, {"itemCount": 3}], "animation": \(animation)}
        """
    guard let scene = try? Scene(json: json), let player = try? SceneAnimationPlayer(scene: scene) else { return 0 }
    let count = player.frameCount
    for index in Set([0, count / 2, max(0, count - 1)]) { _ = player.frame(index) }
    return 0
}
