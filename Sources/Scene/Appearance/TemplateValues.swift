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
    public func fill(_ template: String) -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var filled = ""
        filled.reserveCapacity(template.utf8.count + 8)
        var rest = template[...]
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            filled += rest[..<open]
            let afterOpen = rest.utf8.index(after: open)
            if let close = rest.utf8[afterOpen...].firstIndex(of: UInt8(ascii: "}")),
                let value = value(named: rest[afterOpen..<close])
            {
                filled += value
                rest = rest[rest.utf8.index(after: close)...]
            } else {
                filled += "{"
                rest = rest[afterOpen...]
            }
        }
        filled += rest
        return filled
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
