/// The NUL-terminated UTF-8 text in a message buffer filled by the C shim.
///
/// - Complexity: O(buffer.count).
func messageText(_ buffer: [CChar]) -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return bytes.isEmpty ? "unknown libpng error" : String(decoding: bytes, as: UTF8.self)
}
