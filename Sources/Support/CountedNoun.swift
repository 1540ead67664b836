/// `count` and `noun`, the noun in the plural unless the count is 1: "1 scene", "2 scenes",
/// "0 errors". `plural` is the plural form when adding "s" does not make it.
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
