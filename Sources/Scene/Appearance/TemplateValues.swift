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
    public func fill(_ template: String) -> String {
        guard template.contains("{") else { return template }
        return
            template
            .replacingOccurrences(of: "{text}", with: text)
            .replacingOccurrences(of: "{image}", with: image)
            .replacingOccurrences(of: "{item}", with: String(item))
            .replacingOccurrences(of: "{section}", with: String(section))
            .replacingOccurrences(of: "{index}", with: String(index))
    }
}
