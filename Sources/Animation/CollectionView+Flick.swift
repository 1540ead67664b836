import Geometry
import Layout

extension CollectionView {
    /// Where a flick at `velocity` (points per second, the direction the content offset moves)
    /// comes to rest: the distance the content travels while it decelerates at the normal rate
    /// (`TimingCurve.decelerationDistance(velocity:rate:)`) proposed to the layout's
    /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` (a snapping layout
    /// such as `LineLayout` centres an item), within the content. A scene's `flick` step and
    /// `CollectionViewAnimationRecorder.flick(velocity:duration:curve:)` both use it.
    public func contentOffsetAfterFlick(velocity: Point) -> Point {
        let proposed = Point(
            x: contentOffset.x + TimingCurve.decelerationDistance(velocity: velocity.x),
            y: contentOffset.y + TimingCurve.decelerationDistance(velocity: velocity.y))
        let target = collectionViewLayout.targetContentOffset(
            forProposedContentOffset: clampedContentOffset(proposed), withScrollingVelocity: velocity)
        return clampedContentOffset(target)
    }
}
