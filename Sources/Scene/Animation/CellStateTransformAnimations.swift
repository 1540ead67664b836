import Animation
import Geometry
import Layout

/// The cells' state transforms as they turn in and out during an animation: a design's
/// `"highlighted": {"transform": …, "duration": d}` (or `"selected"`) takes `d` seconds, eased
/// in and out, as `UIView.animate(withDuration:animations:)` called from the delegate's
/// `collectionView(_:didHighlightItemAt:)` and `didUnhighlightItemAt` animates the cell's
/// transform in the seeds' pressed-cell example.
///
/// Only the transform animates: the views' state colours switch at once, as UIKit's
/// `isHighlighted` and `isSelected` do. A change that starts while another runs starts from
/// where that one has got to, as a UIKit animation with `beginFromCurrentState` does.
/// A step that changes the data (an update, a drop, a reload) ends every running change: the
/// cells then show their states' transforms.
struct CellStateTransformAnimations {
    /// One change of one cell's state transform.
    struct Change {
        /// The item, in the index space of the states around the change.
        var item: IndexPath
        var from: Transform3D
        var to: Transform3D
        var start: Double
        var duration: Double
        /// When it stops: `start + duration`, or earlier when a later change or a data change
        /// cuts it short.
        var end: Double

        /// Its transform at `t`: eased in and out, from `from` to `to`.
        func transform(at t: Double) -> Transform3D {
            let progress = TimingCurve.easeInOut.progress(elapsed: t - start, duration: duration)
            return from.interpolatedByDecomposition(to: to, fraction: min(1, max(0, progress)))
        }
    }

    /// Every change, in the order they start.
    private(set) var changes: [Change] = []

    /// The changes of `states` shown in turn by `segments` (each shows its `stateAfter` from its
    /// start on, state 0 before the first). None when no cell design gives a duration.
    init(states: [Scene], segments: [AnimationSegment]) {
        guard states.contains(where: { CellStateTransformAnimations.animatesStates($0.appearance) }) else { return }
        var shown = 0
        var running: [IndexPath: Int] = [:]
        for segment in segments where segment.stateAfter != shown {
            let before = states[shown], after = states[segment.stateAfter]
            let t = segment.start
            shown = segment.stateAfter
            guard before.sections == after.sections else {
                for index in running.values { changes[index].end = min(changes[index].end, t) }
                running = [:]
                continue
            }
            let touched = Set(before.highlighted + before.selected + after.highlighted + after.selected)
            for item in touched.sorted() {
                let old = CellStateTransformAnimations.look(of: item, in: before)
                let new = CellStateTransformAnimations.look(of: item, in: after)
                if old.transform == new.transform { continue }
                var current = old.transform ?? .identity
                if let index = running.removeValue(forKey: item) {
                    if t < changes[index].end { current = changes[index].transform(at: t) }
                    changes[index].end = min(changes[index].end, t)
                }
                // Turning into a look takes its duration; turning out of one into none, the left one's.
                let duration = new.transform != nil ? new.duration : old.duration
                guard duration > 0 else { continue }
                running[item] = changes.count
                changes.append(
                    Change(
                        item: item, from: current, to: new.transform ?? .identity, start: t, duration: duration,
                        end: t + duration))
            }
        }
    }

    /// The transforms of the cells changing at `t`, by item; empty when none is. A change starts
    /// and ends at its times give or take the rounding of frame times (0.1 + 0.2 is not 0.3).
    func transforms(at t: Double) -> [IndexPath: Transform3D] {
        var shown: [IndexPath: Transform3D] = [:]
        for change in changes where change.start <= t + 1e-12 && t < change.end - 1e-12 {
            shown[change.item] = change.transform(at: t)
        }
        return shown
    }

    /// Whether a cell design of `appearance` gives a state transform a duration.
    static func animatesStates(_ appearance: SceneAppearance) -> Bool {
        ([appearance.cell] + appearance.cells.values.map { $0 }).contains {
            guard let d = $0 else { return false }
            return (d.highlightedTransform != nil && d.highlightedDuration > 0)
                || (d.selectedTransform != nil && d.selectedDuration > 0)
        }
    }

    /// The state transform of `item`'s cell in `scene` and how long it takes to turn in and out:
    /// its design's highlighted one while highlighted, else its selected one while selected (as
    /// `SceneCell` applies them).
    static func look(of item: IndexPath, in scene: Scene) -> (transform: Transform3D?, duration: Double) {
        guard let design = scene.appearance.cellDesign(for: scene.cellIdentifier(forItemAt: item)) else {
            return (nil, 0)
        }
        if scene.highlighted.contains(item), let t = design.highlightedTransform {
            return (t.transform3D, design.highlightedDuration)
        }
        if scene.selected.contains(item), let t = design.selectedTransform {
            return (t.transform3D, design.selectedDuration)
        }
        return (nil, 0)
    }
}
