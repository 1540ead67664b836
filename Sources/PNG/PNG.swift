// The PNG module; see DESIGN.md.
