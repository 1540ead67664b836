// The umbrella module: `import CollectionPreview` is enough to lay out, render and write a
// collection view, as the README's Swift example does. Each module can still be imported alone
// (a layout unit test needs only `Layout`).
@_exported import Animation
@_exported import Geometry
@_exported import Layout
@_exported import PNG
@_exported import Raster
@_exported import Rendering
@_exported import Scene
@_exported import Text
@_exported import VisualTesting
