// The Layout module; see DESIGN.md.
