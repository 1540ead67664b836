// The Rendering module; see DESIGN.md.
