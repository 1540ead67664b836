// The Layout module: UIKit's collection-view layout system without pixels.
//
// What lives here (see README.md, "How it is built"):
// - the model: `IndexPath`, `CollectionViewLayoutAttributes`, `CollectionView.ElementCategory` and the element kinds;
// - `CollectionView` with its data source / delegate protocols, selection and highlight state
//   machine, reuse queue, batch updates and interactive movement;
// - `CollectionViewLayout` (UIKit's overridable surface) and the layouts `CollectionViewFlowLayout`,
//   `LineLayout`, `CircleLayout`, `WaterfallLayout`;
// - `LayoutBenchmark`, figures for BENCHMARKS.md.
//
// Facts about UIKit come from Docs/UIKitBehaviour.md; each file names the section
// it follows. Design decisions where UIKit is unconfirmed are recorded next to the code that makes
// them, with their numbers.
