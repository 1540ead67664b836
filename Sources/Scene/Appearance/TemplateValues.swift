import Foundation

/// The values placeholders in scene text and image names are filled from:
/// `{text}`, `{image}`, `{item}`, `{section}`, `{index}`.
public struct TemplateValues: Sendable {
    /// The element's text (`{text}`).
    public var text: String
    /// The element's image name (`{image}`).
    public var image: String
    /// The item index within its section (`{item}`).
    public var item: Int
    /// The section index (`{section}`).
    public var section: Int
    /// The item's index counting all sections (`{index}`).
    public var index: Int

    /// Creates values for one element.
    public init(text: String = "", image: String = "", item: Int = 0, section: Int = 0, index: Int = 0) {
        self.text = text
        self.image = image
        self.item = item
        self.section = section
        self.index = index
    }

    /// `template` with every placeholder replaced; other braces are kept as they are.
    ///
    /// One pass from left to right: a value put in is not read again, so an item whose text is
    /// `"{index}"` shows those seven characters.
    ///
    /// - Complexity: O(n) in the template's length, with the braces found by `memchr`: a label
    ///   of 60,000 characters is filled for each of 40,000 cells.
    public func fill(_ template: String) -> String {
        let utf8 = template.utf8
        guard var open = TemplateValues.firstIndex(of: UInt8(ascii: "{"), in: template, from: utf8.startIndex)
        else { return template }
        var filled = ""
        var copied = utf8.startIndex
        while true {
            let afterOpen = utf8.index(after: open)
            var searchFrom = afterOpen
            // A placeholder's name is at most seven characters ("section").
            let nameEnd = utf8.index(afterOpen, offsetBy: 8, limitedBy: utf8.endIndex) ?? utf8.endIndex
            if let close = utf8[afterOpen..<nameEnd].firstIndex(of: UInt8(ascii: "}")),
                let value = value(named: template[afterOpen..<close])
            {
                filled += template[copied..<open]
                filled += value
                copied = utf8.index(after: close)
                searchFrom = copied
            }
            guard let next = TemplateValues.firstIndex(of: UInt8(ascii: "{"), in: template, from: searchFrom)
            else { break }
            open = next
        }
        filled += template[copied...]
        return filled
    }

    /// The first `byte` of `text`'s UTF-8 at or after `start`.
    private static func firstIndex(of byte: UInt8, in text: String, from start: String.Index) -> String.Index? {
        let utf8 = text.utf8
        let startOffset = utf8.distance(from: utf8.startIndex, to: start)
        let found: Int?? = utf8.withContiguousStorageIfAvailable { bytes in
            guard startOffset < bytes.count, let base = bytes.baseAddress,
                let hit = memchr(base + startOffset, Int32(byte), bytes.count - startOffset)
            else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
        }
        guard let found else { return utf8[start...].firstIndex(of: byte) }
        return found.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }

    /// The value a placeholder's name (between the braces) stands for, or nil for a name that is
    /// not a placeholder.
    private func value(named name: Substring) -> String? {
        switch name {
        case "text": text
        case "image": image
        case "item": String(item)
        case "section": String(section)
        case "index": String(index)
        default: nil
        }
    }
}
