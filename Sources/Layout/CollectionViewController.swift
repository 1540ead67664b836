import Geometry

/// A view controller that manages a collection view (UIKit's `UICollectionViewController`):
/// it makes the collection view, is its data source and delegate, and reloads and clears it as
/// it appears.
///
/// Subclass it as in UIKit: register cells and supplementary views in `viewDidLoad()` and
/// override the data source and delegate methods
/// (`override func collectionView(_:numberOfItemsInSection:)` and so on). Add `CollectionViewDelegateFlowLayout` or `WaterfallLayoutDelegate` to a
/// subclass to size items from it. The controller holds its collection view strongly and the
/// collection view holds the controller weakly, so keeping the controller (or a `Window`
/// showing it) alive is enough.
///
/// What UIKit does, and this class with it (UIKitBehaviour.md §7a, from Apple's
/// `UICollectionViewController` page):
/// - The collection view is made the first time `collectionView` is read (`loadView()`), with
///   the controller's layout and no size, and the controller becomes its data source and
///   delegate; then `viewDidLoad()` runs, once.
/// - Its size comes from where it is shown: `Window.rootViewController` sizes it to the window.
/// - The first time it is about to appear (`viewWillAppear(_:)`), it reloads its data; every
///   time, it clears the selection unless `clearsSelectionOnViewWillAppear` is false.
/// - Without overrides it has one section of no items. A subclass that reports items but does
///   not override `collectionView(_:cellForItemAt:)` gets
///   `CollectionViewError.unimplementedDataSourceMethod` when a cell is needed (UIKit raises an
///   exception there).
///
/// - With `installsStandardGestureForInteractiveMovement` (true by default), the collection view
///   gets the standard reorder gesture: a `LongPressGestureRecognizer` that begins an
///   interactive movement of the item pressed, moves it with the finger and ends it when the
///   finger lifts (cancels it if the gesture is cancelled). A `Finger` or the animation
///   recorder's `touch(along:duration:)` plays it; the recorder's `drag(itemAt:…)` drives the
///   same movement without a gesture.
open class CollectionViewController: CollectionViewDataSource, CollectionViewDelegate {
    private let layout: CollectionViewLayout
    private var loadedView: CollectionView?
    private var hasAppeared = false

    /// Whether `viewWillAppear(_:)` deselects every selected item; true by default.
    public var clearsSelectionOnViewWillAppear = true

    /// Whether the collection view has the standard reorder gesture (a long press that moves the
    /// item pressed); true by default, as in UIKit. Setting it adds or removes the gesture.
    public var installsStandardGestureForInteractiveMovement = true {
        didSet { installStandardGesture() }
    }

    /// The standard reorder gesture. Its action reaches the collection view through the
    /// recognizer, so it holds neither the controller nor the view.
    private let standardGesture = LongPressGestureRecognizer { gesture in
        guard let cv = gesture.view else { return }
        switch gesture.state {
        case .began:
            guard let item = cv.indexPathForItem(at: gesture.location(in: cv)) else { return }
            cv.beginInteractiveMovementForItem(at: item)
        case .changed: cv.updateInteractiveMovementTargetPosition(gesture.location(in: cv))
        case .ended: cv.endInteractiveMovement()
        default: cv.cancelInteractiveMovement()
        }
    }

    /// Creates a controller whose collection view will use `layout`. The view is not made yet.
    public init(collectionViewLayout layout: CollectionViewLayout) {
        self.layout = layout
    }

    // MARK: The view

    /// The managed collection view, made by `loadView()` (and followed by `viewDidLoad()`) the
    /// first time it is read.
    ///
    /// Setting it replaces the view (UIKit's setter): the controller becomes the new view's data
    /// source and delegate where it has none, and `viewDidLoad()` is not run again.
    public var collectionView: CollectionView {
        get {
            loadViewIfNeeded()
            return loadedView!
        }
        set {
            loadedView = newValue
            adopt(newValue)
        }
    }

    /// The layout the collection view uses now (before the view is made: the one given to
    /// `init(collectionViewLayout:)`).
    public var collectionViewLayout: CollectionViewLayout { loadedView?.collectionViewLayout ?? layout }

    /// Whether the collection view has been made.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes the collection view (`loadView()`) and runs `viewDidLoad()` if that has not happened yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        precondition(loadedView != nil, "\(Swift.type(of: self)).loadView() must set collectionView")
        viewDidLoad()
    }

    /// Makes the collection view: a `CollectionView` of no size with the controller's layout.
    /// Override it to make a subclass of `CollectionView`, and set `collectionView` in it (without
    /// reading `collectionView` first, which would load the view again).
    open func loadView() {
        collectionView = CollectionView(frame: .zero, collectionViewLayout: layout)
    }

    /// Called once, after the collection view is made: register cells and supplementary views
    /// here. Does nothing by default.
    open func viewDidLoad() {}

    /// Called before the view is shown (by `Window`): the first time, the collection view reloads
    /// its data; every time, the selection is cleared if `clearsSelectionOnViewWillAppear`.
    /// Overrides must call `super`.
    open func viewWillAppear(_ animated: Bool) {
        let cv = collectionView
        if !hasAppeared {
            hasAppeared = true
            cv.reloadData()
        }
        if clearsSelectionOnViewWillAppear {
            for indexPath in cv.indexPathsForSelectedItems { cv.deselectItem(at: indexPath) }
        }
    }

    /// Called after the view is shown (by `Window`). Does nothing by default.
    open func viewDidAppear(_ animated: Bool) {}

    /// Called before the view stops being shown (another root replaces it in its `Window`).
    /// Does nothing by default.
    open func viewWillDisappear(_ animated: Bool) {}

    /// Called after the view stopped being shown. Does nothing by default.
    open func viewDidDisappear(_ animated: Bool) {}

    /// The controller takes the roles `cv` has no one in, as UIKit's does with a view from a
    /// storyboard.
    private func adopt(_ cv: CollectionView) {
        if cv.dataSource == nil { cv.dataSource = self }
        if cv.delegate == nil { cv.delegate = self }
        installStandardGesture()
    }

    /// Puts the standard reorder gesture on the loaded collection view, or takes it off.
    private func installStandardGesture() {
        guard let cv = loadedView else { return }
        if installsStandardGestureForInteractiveMovement {
            cv.addGestureRecognizer(standardGesture)
        } else {
            cv.removeGestureRecognizer(standardGesture)
        }
    }

    // MARK: Data source (UIKit's defaults; override them)

    /// One section.
    open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    /// No items.
    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    /// Throws `CollectionViewError.unimplementedDataSourceMethod`: a subclass with items must override it.
    open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> any ReusableCellView
    {
        throw CollectionViewError.unimplementedDataSourceMethod(
            "collectionView(_:cellForItemAt:)", type: "\(Swift.type(of: self))")
    }

    /// Throws `CollectionViewError.missingSupplementaryView`: a subclass whose layout shows
    /// supplementary views must override it, as a `UICollectionViewController`'s must implement it.
    open func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) throws -> (any ReusableElementView)? {
        throw CollectionViewError.missingSupplementaryView(kind: kind, indexPath, type: "\(Swift.type(of: self))")
    }

    /// Every item can move.
    open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }

    /// Does nothing: override it to move the item in your data.
    open func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}

    // MARK: Delegate (UIKit's defaults; override them)

    /// True.
    open func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        true
    }

    /// Does nothing.
    open func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}

    /// Does nothing.
    open func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}

    /// True.
    open func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        true
    }

    /// Does nothing.
    open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}

    /// True.
    open func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        true
    }

    /// Does nothing.
    open func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}

    /// False: no edit menu.
    open func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
        false
    }

    /// False.
    open func collectionView(
        _ collectionView: CollectionView, canPerformAction action: MenuAction, forItemAt indexPath: IndexPath
    ) -> Bool { false }

    /// Does nothing.
    open func collectionView(
        _ collectionView: CollectionView, performAction action: MenuAction, forItemAt indexPath: IndexPath
    ) {}

    /// The proposed index path.
    open func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }

    /// The proposed offset.
    open func collectionView(
        _ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposed: Point
    ) -> Point { proposed }
}
