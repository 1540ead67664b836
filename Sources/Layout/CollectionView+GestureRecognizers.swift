import Geometry

/// Gesture recognizers attached to a collection view (UIKit's `UIView.addGestureRecognizer(_:)`).
extension CollectionView {
    /// The recognizers attached, in the order they were added.
    public var gestureRecognizers: [GestureRecognizer] { attachedGestureRecognizers }

    /// Attaches `recognizer`: it takes part in every touch that begins on the collection view
    /// from now on. A recognizer attached to another collection view moves here; one already
    /// attached here stays where it is in the order.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view !== self else { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        attachedGestureRecognizers.append(recognizer)
    }

    /// Detaches `recognizer`, if it is attached here.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        attachedGestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    /// Whether the last interactive movement was cancelled rather than ended (false before any).
    package var lastInteractiveMovementWasCancelled: Bool { lastMovementCancelled }
}

/// Told of the animated changes a collection view makes, whoever asks for them: the animation
/// recorder plays the ones a gesture recognizer's action makes while a finger is down.
package protocol AnimatedChangeObserver: AnyObject {
    /// An animated layout change (`setCollectionViewLayout(_:animated: true)`) or a batch
    /// update is about to change what `collectionView` shows.
    func collectionViewWillMakeAnimatedChange(_ collectionView: CollectionView)

    /// The change has been made: every element moves by `transitions` while the content offset
    /// goes from `from` to `to`.
    func collectionView(
        _ collectionView: CollectionView, didMakeAnimatedChange transitions: [ElementTransition], from: Point, to: Point
    )
}
