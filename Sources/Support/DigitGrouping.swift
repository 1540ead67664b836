/// `value` in decimal with a comma between groups of three digits: `346245` as `346,245`,
/// for byte counts in tables and messages.
public func digitsGrouped(_ value: Int) -> String {
    var digits = Array(String(value.magnitude))
    var index = digits.count - 3
    while index > 0 {
        digits.insert(",", at: index)
        index -= 3
    }
    return (value < 0 ? "-" : "") + String(digits)
}
