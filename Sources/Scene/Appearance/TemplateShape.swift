/// What a template is made of, for counting what filling it makes: the bytes it keeps as they
/// are and how many times each placeholder appears (`TemplateValues.filledByteCount`).
///
/// ```swift
/// let shape = TemplateShape("{text} ({item}) {text}")
/// TemplateValues(text: "abc", item: 7).filledByteCount(shape)  // 13, as fill makes "abc (7) abc"
/// ```
public struct TemplateShape: Sendable {
    /// The UTF-8 bytes of the template outside its placeholders.
    public private(set) var literalByteCount = 0
    private var counts = [Int](repeating: 0, count: TemplateValues.Placeholder.allCases.count)

    /// The shape of `template`, read as `TemplateValues.fill` reads it.
    ///
    /// - Complexity: O(n) in the template's length.
    public init(_ template: String) {
        TemplateValues.forEachPart(of: template) {
            literalByteCount += $0.utf8.count
        } placeholder: {
            counts[TemplateValues.Placeholder.allCases.firstIndex(of: $0)!] += 1
        }
    }

    /// How many times `placeholder` appears.
    public func count(of placeholder: TemplateValues.Placeholder) -> Int {
        counts[TemplateValues.Placeholder.allCases.firstIndex(of: placeholder)!]
    }

    /// Whether the template has a placeholder: filled, it makes a string of its own for each
    /// element.
    public var hasPlaceholders: Bool { counts.contains { $0 > 0 } }

    /// Whether the template uses the element's place (`{item}`, `{section}` or `{index}`).
    public var usesPlace: Bool {
        count(of: .item) + count(of: .section) + count(of: .index) > 0
    }
}
