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
        guard TemplateValues.firstIndex(of: UInt8(ascii: "{"), in: template, from: template.utf8.startIndex) != nil
        else { return template }
        var filled = ""
        TemplateValues.forEachPart(of: template) {
            filled += $0
        } placeholder: {
            filled += value(of: $0)
        }
        return filled
    }

    /// The number of UTF-8 bytes `fill` makes of a template of this `shape`, without making them.
    /// An element whose place is not known yet (`placeKnown` false: an item an animation step
    /// brings in) is counted with the longest an `Int` prints, 20 bytes, for each of `{item}`,
    /// `{section}` and `{index}`.
    ///
    /// - Complexity: O(1).
    public func filledByteCount(_ shape: TemplateShape, placeKnown: Bool = true) -> Int {
        var total = shape.literalByteCount
        for placeholder in Placeholder.allCases {
            let count = shape.count(of: placeholder)
            if count == 0 { continue }
            let length =
                switch placeholder {
                case .text: text.utf8.count
                case .image: image.utf8.count
                case .item, .section, .index: placeKnown ? value(of: placeholder).utf8.count : 20
                }
            total =
                total.addingReportingOverflow(count.multipliedReportingOverflow(by: length).partialValue)
                .partialValue
        }
        return total
    }

    /// A placeholder: its name is what goes between the braces.
    public enum Placeholder: String, CaseIterable, Sendable {
        /// `{text}`: the element's text.
        case text
        /// `{image}`: the element's image name.
        case image
        /// `{item}`: the item's index in its section.
        case item
        /// `{section}`: the section's index.
        case section
        /// `{index}`: the item's index counting all sections.
        case index
    }

    /// Calls `literal` with each stretch of `template` that is kept as it is and `placeholder`
    /// with each placeholder, left to right: the parts `fill` puts together.
    static func forEachPart(
        of template: String, _ literal: (Substring) -> Void, placeholder: (Placeholder) -> Void
    ) {
        let utf8 = template.utf8
        var copied = utf8.startIndex
        var open = TemplateValues.firstIndex(of: UInt8(ascii: "{"), in: template, from: utf8.startIndex)
        while let start = open {
            let afterOpen = utf8.index(after: start)
            var searchFrom = afterOpen
            // A placeholder's name is at most seven characters ("section").
            let nameEnd = utf8.index(afterOpen, offsetBy: 8, limitedBy: utf8.endIndex) ?? utf8.endIndex
            if let close = utf8[afterOpen..<nameEnd].firstIndex(of: UInt8(ascii: "}")),
                let name = Placeholder(rawValue: String(template[afterOpen..<close]))
            {
                literal(template[copied..<start])
                placeholder(name)
                copied = utf8.index(after: close)
                searchFrom = copied
            }
            open = TemplateValues.firstIndex(of: UInt8(ascii: "{"), in: template, from: searchFrom)
        }
        literal(template[copied...])
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

    /// The value `placeholder` stands for.
    private func value(of placeholder: Placeholder) -> String {
        switch placeholder {
        case .text: text
        case .image: image
        case .item: String(item)
        case .section: String(section)
        case .index: String(index)
        }
    }
}
