/// UIKit's `UIWindow`: the root of a view tree and the place where touch delivery happens
/// (`sendEvent(_:)`, spec §3). Windows start hidden, as in UIKit: call `makeKeyAndVisible()`.
@MainActor
open class Window: View {
    /// Not a weak reference (Platform/UnownedReferences.swift): the application owns its
    /// windows and clears it in its deinit.
    public internal(set) unowned(unsafe) var application: Application?
    /// Windows with a higher level are in front; equal levels keep their creation order.
    public var windowLevel: Double = 0

    lazy var dispatcher = TouchDispatcher(window: self)
    /// What must be redrawn at the next frame (window coordinates); starts as everything.
    /// Stored, not lazy: a lazy property is changed through a copy (get, then set), so each
    /// `damage.add` copied the rectangles into a new array (callgrind, M3: two allocations a
    /// press).
    @exclusivity(unchecked) public internal(set) var damage: DamageTracker

    /// The scroll move to apply at the next frame (Rendering/ScrollMove.swift).
    var pendingScrollMove: ScrollMove?

    /// The window's undo manager (UIKit's `UIWindow` has one): what text editing in it
    /// registers with, made on first use.
    open override var undoManager: UndoManager? { windowUndoManager }
    private lazy var windowUndoManager = UndoManager()

    public init(frame: Rect, application: Application) {
        self.application = application
        var damage = DamageTracker(bounds: Rect(origin: .zero, size: frame.standardized.size))
        damage.addAll()
        self.damage = damage
        super.init(frame: frame)
        isHidden = true
        application.register(self)
        updateTraits()
    }

    deinit {
        // Views that outlive their window point to it (unowned: Platform/UnownedReferences.swift).
        cleanUpAsMainActor {
            var visit = subviews
            while let view = visit.popLast() {
                view.attachedWindow = nil
                visit.append(contentsOf: view.subviews)
            }
        }
    }

    open override var window: Window? { self }

    /// The constraint-layout engine, made when a constraint is first activated in this window.
    private(set) var constraintEngineIfCreated: LayoutEngine?
    var constraintEngine: LayoutEngine {
        if let engine = constraintEngineIfCreated { return engine }
        let engine = LayoutEngine(root: self)
        constraintEngineIfCreated = engine
        return engine
    }

    /// Device pixels a point on the screen showing the window (UIKit's `UIScreen.scale`): set
    /// by the display (the runtime's `scale` setting); layout, touches and hit-testing stay
    /// in points. Changing it redraws the window.
    public var screenScale: Double = 1 {
        didSet {
            if !(screenScale.isFinite && screenScale > 0) { screenScale = 1 }
            if screenScale != oldValue { setNeedsFullRedraw() }
        }
    }

    /// The damage accumulated since the last call, for the display backend to redraw.
    public func takeDamage() -> [Rect] {
        damage.take()
    }

    /// Marks the whole window for redrawing (after a rotation, a mode change, a lost frame).
    /// What the display calls before it draws a frame: observed models' changes are applied
    /// (`observe { … }`, once per frame each), then layout is brought up to date.
    public func prepareForFrame() {
        ObservationUpdates.flush()
        layoutIfNeeded()
    }

    public func setNeedsFullRedraw() {
        damage.addAll()
        pendingScrollMove = nil
    }

    /// A resized window redraws everything.
    override func frameDidChange(from oldFrame: Rect) {
        if frame.size != oldFrame.size { damage.resize(to: bounds) }
    }

    /// The window's next responder is the application (spec §1).
    open override var next: Responder? { application }

    override var owningApplication: Application? { application }

    /// The controller whose view fills the window.
    public var rootViewController: ViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            // What the old root presents goes with it, as if dismissed without animation
            // (appearance callbacks run; a transition under way ends first). UIKit leaves such
            // modals in the window until dismissed; a kiosk that returns to its start screen
            // when idle does so many times a day, and each reset with an alert up left its
            // presentation in the window for good, walked by every hit test and frame (200
            // resets: 203 window subviews, +1.8 MB; issue 37 item 8).
            oldValue?.dismissPresentedAtOnce()
            if let oldValue, oldValue.isViewLoaded, oldValue.view.superview === self {
                oldValue.view.removeFromSuperview()
            }
            if let controller = rootViewController {
                controller.view.frame = bounds
                addSubview(controller.view)
            }
        }
    }

    /// Shows the window and makes it the application's key window.
    public func makeKeyAndVisible() {
        isHidden = false
        application?.keyWindow = self
        // The root controller appears when its window becomes visible (UIKit's order).
        rootViewController?.rootViewDidMove(toWindow: self)
    }

    public var isKeyWindow: Bool { application?.keyWindow === self }

    /// Delivers a touch event to this window's views and gesture recognizers (spec §3). The
    /// logic lives in `TouchDispatcher`; override to observe or filter, calling super.
    open func sendEvent(_ event: Event) {
        dispatcher.dispatch(event)
    }

    /// The area the on-screen keyboard (or a text input's `inputView`, with its accessory)
    /// covers when it has finished sliding in, in window coordinates; `.zero` when it is
    /// hidden. A screen moves its focused field out from under it (or watches UIKit's
    /// `keyboardWillShowNotification`).
    public internal(set) var keyboardFrame: Rect = .zero

    /// UIKit's `endEditing(_:)`: makes the first responder resign if it is in this window
    /// (with `force`, even if its `shouldEndEditing` says no). True when nothing is editing now.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let app = application, let first = app.firstResponder as? View, first.window === self else { return true }
        if first.resignFirstResponder() { return true }
        guard force else { return false }
        app.firstResponder = nil
        return true
    }

    /// A subtree left this window: cancel what it holds.
    func subtreeDidLeave(_ root: View) {
        dispatcher.subtreeDidLeave(root)
        if let app = application, let first = app.firstResponder as? View, first.isDescendant(of: root) {
            app.firstResponder = nil
        }
    }
}
