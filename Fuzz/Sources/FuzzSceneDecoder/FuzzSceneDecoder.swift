import Scene

/// Scene decoding, validation included: any bytes give a scene or a `SceneDecodingError`,
/// never a crash, a hang or a runaway allocation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? Scene(jsonBytes: bytes)
    return 0
}
