// The Text module; see DESIGN.md.
