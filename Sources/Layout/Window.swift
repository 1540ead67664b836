import Geometry

/// The window a collection view controller is shown in (UIKit's `UIWindow`, for one root view
/// controller): it sizes the controller's collection view to itself and tells the controller
/// when it appears and disappears.
///
/// As an app's delegate does (Xamarin's SimpleCollectionView sample, `AppDelegate.cs`):
///
/// ```swift
/// let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
/// window.rootViewController = AnimalsViewController(collectionViewLayout: flowLayout)
/// window.makeKeyAndVisible()
/// let image = try renderer.render(window.rootViewController!.collectionView)
/// ```
///
/// Setting `rootViewController` loads the root's view if needed (`viewDidLoad()`) and sizes it;
/// `makeKeyAndVisible()` then calls `viewWillAppear(_:)` (the first time, the collection view
/// reloads its data; the selection is cleared) and `viewDidAppear(_:)`. A root set on a visible
/// window appears at once, and the one it replaces gets `viewWillDisappear(_:)` and
/// `viewDidDisappear(_:)`. Changing `frame` resizes the root's collection view, as a rotation
/// does, and its layout is invalidated if it asks to be.
public final class Window {
    /// The window's rectangle; the root's collection view fills it (at the origin).
    public var frame: Rect {
        didSet { sizeRootView() }
    }

    /// The controller shown, if any. Setting it loads the controller's view and sizes it to the
    /// window; on a visible window the old root disappears and the new one appears.
    public var rootViewController: CollectionViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if isVisible {
                oldValue?.viewWillDisappear(false)
                oldValue?.viewDidDisappear(false)
            }
            sizeRootView()
            if isVisible { appearRoot() }
        }
    }

    /// Whether `makeKeyAndVisible()` has been called.
    public private(set) var isVisible = false

    /// Creates a hidden window of `frame`.
    public init(frame: Rect) {
        self.frame = frame.standardized
    }

    /// Creates a hidden window of `size` at the origin showing `rootViewController` (whose view
    /// is loaded and sized to it), as an app's delegate sets one up; `makeKeyAndVisible()` then
    /// makes the controller appear.
    public convenience init(size: Size, rootViewController: CollectionViewController) {
        self.init(frame: Rect(origin: .zero, size: size))
        self.rootViewController = rootViewController
        sizeRootView()  // an initializer's assignments skip `didSet`
    }

    /// Shows the window and its root view controller (which appears: `viewWillAppear(_:)`, then
    /// `viewDidAppear(_:)`). Does nothing when the window is already visible.
    public func makeKeyAndVisible() {
        guard !isVisible else { return }
        isVisible = true
        appearRoot()
    }

    private func appearRoot() {
        guard let root = rootViewController else { return }
        root.viewWillAppear(false)
        root.viewDidAppear(false)
    }

    private func sizeRootView() {
        guard let root = rootViewController else { return }
        root.collectionView.frame = Rect(origin: .zero, size: frame.standardized.size)
    }
}
