// The Scene module; see DESIGN.md.
