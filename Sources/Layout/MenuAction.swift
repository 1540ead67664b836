/// An edit-menu action a collection view offers for an item (cut, copy, paste), as in the seeds'
/// `CanPerformAction` / `PerformAction`.
public enum MenuAction: String, Hashable, Sendable, CaseIterable {
    /// Cut the item.
    case cut
    /// Copy the item.
    case copy
    /// Paste onto the item.
    case paste
}
