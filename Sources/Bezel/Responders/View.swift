#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// UIKit's `UIView`: a rectangle in a tree of views that can receive touches and carry
/// gesture recognizers. Subviews are kept back to front: the last one is frontmost.
///
/// Properties read on every touch are marked `@exclusivity(unchecked)` (here and in Touch,
/// GestureRecognizer, the dispatcher and the arbiter): all of them live on the main actor and
/// none is ever passed inout, so the runtime's dynamic exclusivity check can only cost time;
/// callgrind measured it at ~27% of the instructions of a press through the pipeline.
@MainActor
open class View: Responder {
    /// A name for traces and debugging (UIKit's `accessibilityIdentifier` plays this role).
    public var name: String?
    public var tag: Int = 0

    // MARK: Geometry

    /// The view's position and size in its superview's coordinates.
    /// With a `transform`, this is the untransformed frame (position of the centre and size
    /// of the bounds); UIKit calls `frame` undefined then, and so does not rely on it.
    ///
    /// Final (subclasses in Bezel hear changes through `frameDidChange(from:)`): hit-testing and
    /// drawing read every view's frame, and an overridable getter cost a dynamic call each
    /// time (~16 instructions; a third of the cost of passing a sibling by, M3_wide1000).
    @exclusivity(unchecked) public final var frame: Rect {
        didSet {
            frame = frame.standardized
            guard frame != oldValue else { return }
            if AnimationTransaction.isRecording { AnimationTransaction.record(self, .frame, from: AnimationVector(oldValue)) }
            if frame.size != oldValue.size { boundsSizeChanged(from: oldValue.size) }
            superview?.setNeedsDisplay(visualFrame(for: oldValue, transform: transform))
            setNeedsDisplay()
            frameDidChange(from: oldValue)
            // A view constraints see as fixed moved: the engine's pins follow.
            if constraintState?.item != nil { layoutEngineIfCreated?.frameChanged(of: self) }
        }
    }

    /// Called after `frame` changed (not when set to the same value).
    func frameDidChange(from oldFrame: Rect) {}

    /// Scales, rotates or moves the view and its subviews about its centre when drawn; hit-
    /// testing and point conversion follow it.
    @exclusivity(unchecked) public var transform: AffineTransform = .identity {
        didSet {
            guard transform != oldValue else { return }
            if AnimationTransaction.isRecording { AnimationTransaction.record(self, .transform, from: AnimationVector(oldValue)) }
            hasTransform = !transform.isIdentity
            superview?.setNeedsDisplay(visualFrame(for: frame, transform: oldValue))
            setNeedsDisplay()
        }
    }
    /// `transform` is not the identity (the fast paths of conversion and hit-testing check this).
    @exclusivity(unchecked) private(set) var hasTransform = false

    /// Where the view appears in its superview: its frame, transformed about its centre and
    /// grown by `drawingOverflow`.
    func visualFrame(for frame: Rect, transform: AffineTransform) -> Rect {
        let overflow = drawingReach
        // (Most views: no overflow, no transform. The renderer asks this of every view it culls.)
        let grown = overflow == 0 ? frame : frame.insetBy(dx: -overflow, dy: -overflow)
        guard !transform.isIdentity else { return grown }
        let c = frame.center
        let about = AffineTransform(translationX: -c.x, y: -c.y).concatenating(transform).concatenating(AffineTransform(translationX: c.x, y: c.y))
        return about.boundingBox(of: grown)
    }
    /// The origin of the view's own coordinate space (a scroll view moves it to scroll).
    @exclusivity(unchecked) public var boundsOrigin: Point = .zero {
        didSet {
            guard boundsOrigin != oldValue else { return }
            if AnimationTransaction.isRecording { AnimationTransaction.record(self, .boundsOrigin, from: AnimationVector(oldValue)) }
            // A scroll view moving its pixels damages only what the move uncovers.
            if !movesPixelsForBoundsChange { setNeedsDisplay() }
        }
    }
    /// Set by a scroll view while it records a pixel move for an offset change.
    @exclusivity(unchecked) var movesPixelsForBoundsChange = false
    /// Set on a scroll view whose content a display plane shows: damage inside it goes to the
    /// plane (`ScrollView.recordPlaneDamage`), not the window.
    @exclusivity(unchecked) var routesDamageToPlane = false

    /// The view's own coordinate space: `boundsOrigin` and the frame's size. Setting it keeps
    /// the center fixed, as UIKit does.
    public var bounds: Rect {
        get { Rect(origin: boundsOrigin, size: frame.size) }
        set {
            let s = newValue.standardized
            let c = center
            boundsOrigin = s.origin
            frame = Rect(x: c.x - s.width / 2, y: c.y - s.height / 2, width: s.width, height: s.height)
        }
    }

    /// The frame's center in the superview's coordinates.
    public var center: Point {
        get { frame.center }
        set { frame.origin = Point(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    // MARK: Touch eligibility (spec §2, §3)

    @exclusivity(unchecked) public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            updateHitTestExclusion()
            setNeedsDisplay()
            if isHidden { resignFirstResponderOnLeaving() }
            // A stack view's arranged view collapses or comes back (UIKit's).
            if let stack = superview as? StackView { stack.arrangedSubviewVisibilityChanged(self) }
        }
    }
    /// Opacity 0...1, applied to the view and its subviews as one group; below 0.01 the view
    /// (and its subviews) cannot be hit. Out-of-range values are clamped and NaN counts as 0.
    @exclusivity(unchecked) public var alpha: Double = 1 {
        didSet {
            alpha = alpha.isNaN ? 0 : min(1, max(0, alpha))
            guard alpha != oldValue else { return }
            updateHitTestExclusion()
            if AnimationTransaction.isRecording { AnimationTransaction.record(self, .alpha, from: AnimationVector(scalar: oldValue)) }
            setNeedsDisplay()
        }
    }
    @exclusivity(unchecked) public var isUserInteractionEnabled = true {
        didSet { updateHitTestExclusion() }
    }
    /// Hidden, interaction disabled, alpha below 0.01, or moved by an animation that keeps
    /// touches off (spec §2): kept up to date by those properties' setters, so hit-testing
    /// reads one flag per view instead of four (callgrind: it pays for the animation check
    /// it added to every press, M3).
    @exclusivity(unchecked) private(set) var isExcludedFromHitTesting = false

    private func updateHitTestExclusion() {
        isExcludedFromHitTesting = isHidden || !isUserInteractionEnabled || alpha < HitTester.minimumHittableAlpha
            || isAnimationBlockingTouches || depth > View.maximumDepth
    }
    /// False (UIKit's default): while the view holds a touch, further fingers landing on it
    /// go to its gesture recognizers but not to the view.
    @exclusivity(unchecked) public var isMultipleTouchEnabled = false
    /// True: the view receives a touch only while no other view of its window has one, and
    /// while it holds one no other view's touch is delivered (to views or recognizers).
    @exclusivity(unchecked) public var isExclusiveTouch = false

    // MARK: Layout

    /// How the view follows its superview's size changes (UIKit's springs and struts).
    public var autoresizingMask: AutoresizingMask = []
    /// Whether subviews' autoresizing masks apply when this view is resized (UIKit default true).
    public var autoresizesSubviews = true
    /// Set by `setNeedsLayout()`; cleared by the layout pass.
    public private(set) var needsLayout = true
    /// This view or one below it needs layout (every marked view's superview is marked too):
    /// the layout pass skips the subtrees where nothing asked for it, as Core Animation skips
    /// layers (a pass over the standard scene's 55 views was 3,700 instructions a frame).
    @exclusivity(unchecked) private var subtreeNeedsLayout = true

    /// Asks for `layoutSubviews()` before the next frame is drawn.
    public func setNeedsLayout() {
        needsLayout = true
        markSubtreeNeedsLayout()
    }

    /// Marks this view and its ancestors up to the first already marked.
    private func markSubtreeNeedsLayout() {
        var view: View? = self
        while let v = view, !v.subtreeNeedsLayout {
            v.subtreeNeedsLayout = true
            view = v.superview
        }
    }

    /// The view's content changed size (a label's text): the superview lays out again before
    /// the next frame, so a stack view makes room (UIKit's `invalidateIntrinsicContentSize`).
    public func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
        if constraintState?.item != nil { layoutEngineIfCreated?.intrinsicSizeChanged(of: self) }
    }

    /// Lays out this view's subtree now where it was asked for (parents before children).
    public func layoutIfNeeded() {
        // Constraint layout first: `updateConstraints()` where asked, then the solution
        // (Layout/Constraints/LayoutEngine.swift; nothing at all without constraints).
        let engine = layoutEngineForLayoutPass()
        engine?.prepareForLayout()
        layoutSubtree(levelsToRecurse: 64)
        // What the pass did may change what the constraints see (a wrapping label's height
        // follows the width it was given): UIKit's second pass, at most two more.
        var rounds = 0
        while let engine, engine.hasPendingChanges, rounds < 2 {
            engine.prepareForLayout()
            layoutSubtree(levelsToRecurse: 64)
            rounds += 1
        }
    }

    /// Parents before children, in subview order. Recursion for the first `levelsToRecurse`
    /// levels (an explicit stack cost M1+M2 1.5 M instructions more over bezel-bench's run,
    /// callgrind), then a loop with its own stack: a deep tree must not overflow the thread's.
    private func layoutSubtree(levelsToRecurse: Int) {
        guard subtreeNeedsLayout else { return }
        // Cleared first: a view marked while its superview lays out marks this one again
        // (one more visit next frame), never a view left out.
        subtreeNeedsLayout = false
        if needsLayout { layoutSelf() }
        guard levelsToRecurse > 0 else { return layoutDeepSubviews() }
        for subview in subviews { subview.layoutSubtree(levelsToRecurse: levelsToRecurse - 1) }
    }

    /// The subviews' subtrees, in a loop with its own stack.
    private func layoutDeepSubviews() {
        var pending: [View] = []
        var i = subviews.count
        while i > 0 {
            i -= 1
            pending.append(subviews[i])
        }
        while let view = pending.popLast() {
            guard view.subtreeNeedsLayout else { continue }
            view.subtreeNeedsLayout = false
            if view.needsLayout { view.layoutSelf() }
            let children = view.subviews
            i = children.count
            while i > 0 {
                i -= 1
                pending.append(children[i])
            }
        }
    }

    private func layoutSelf() {
        needsLayout = false
        let controller = owningViewController
        controller?.viewWillLayoutSubviews()
        if let state = constraintState, state.hasConstrainedSubviews { layOutConstrainedSubviews() }
        layoutSubviews()
        controller?.viewDidLayoutSubviews()
    }

    /// Positions the subviews. The default does nothing (autoresizing already ran, and
    /// subviews placed by constraints have their frames); override it to lay out by hand, as
    /// `StackView` does.
    open func layoutSubviews() {}

    /// Adds or changes this view's constraints, before the layout pass, after
    /// `setNeedsUpdateConstraints()` (UIKit's). The default does nothing.
    open func updateConstraints() {}

    /// Constraint-layout state, made when the view first takes part (View+Constraints.swift).
    var constraintState: ViewConstraintState?

    /// Space inside the view's edges for its content (UIKit's `layoutMargins`: 8 points on
    /// each side by default). `layoutMarginsGuide` follows it.
    open var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet {
            guard layoutMargins != oldValue else { return }
            let m = layoutMargins
            guard [m.top, m.left, m.bottom, m.right].allSatisfy({ $0.isFinite }) else {
                Diagnostics.report(.apiMisuse, "layoutMargins: \(m) is not finite; \(oldValue) kept for \(debugName)")
                layoutMargins = oldValue
                return
            }
            if let guides = constraintState?.systemGuides, guides[.margins]?.constraintItem != nil || guides[.readable]?.constraintItem != nil {
                layoutEngineIfCreated?.guideInsetsChanged(of: self)
            }
        }
    }

    /// The size that best fits `size`; the default is the current size.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// The natural size of the content, or `View.noIntrinsicMetric` for either dimension.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The intrinsic size at `width`, for views whose height follows their width (a label
    /// that wraps); nil for the rest. `systemLayoutSizeFitting` measures them again at the
    /// width its first solve gives them.
    func intrinsicContentSize(forWidth width: Double) -> Size? { nil }

    /// The text a view shows, for baseline constraints: its first and last baselines from
    /// the text's top, and the text's height (the view centres it); nil for a view without
    /// text (its baselines are its bottom).
    func baselineLayout() -> (first: Double, last: Double, height: Double)? { nil }

    public static let noIntrinsicMetric: Double = -1

    /// Resizes the subviews that follow this view's size, then asks for a layout.
    private func boundsSizeChanged(from old: Size) {
        setNeedsLayout()
        guard autoresizesSubviews else { return }
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            subview.frame = subview.autoresizingMask.resize(subview.frame, from: old, to: frame.size)
        }
    }

    // MARK: Looks (drawn by the Renderer through a DrawingContext)

    /// Filled behind the content (nil: transparent).
    public var backgroundColor: Color? {
        didSet {
            guard backgroundColor != oldValue else { return }
            if AnimationTransaction.isRecording {
                AnimationTransaction.record(self, .backgroundColor, from: oldValue.map { AnimationVector($0) } ?? .missingColor)
            }
            setNeedsDisplay()
        }
    }
    /// Rounds the background and the border (UIKit's `layer.cornerRadius`). Negative is 0.
    public var cornerRadius: Double = 0 {
        didSet {
            cornerRadius = cornerRadius.isFinite ? max(0, cornerRadius) : 0
            if cornerRadius != oldValue { setNeedsDisplay() }
        }
    }
    /// A border drawn inside the bounds, above the content and the subviews (UIKit's layer border).
    public var borderWidth: Double = 0 {
        didSet {
            borderWidth = borderWidth.isFinite ? max(0, borderWidth) : 0
            if borderWidth != oldValue { setNeedsDisplay() }
        }
    }
    public var borderColor: Color = .black {
        didSet { if borderColor != oldValue { setNeedsDisplay() } }
    }
    /// Subviews are cut to the bounds.
    @exclusivity(unchecked) public var clipsToBounds = false {
        didSet { if clipsToBounds != oldValue { setNeedsDisplay() } }
    }
    private(set) var ownTintColor: Color?
    /// The accent colour, inherited from the superview unless set (UIKit's `tintColor`;
    /// default: system blue, a shade lighter in the dark style). Setting it calls
    /// `tintColorDidChange()` on the view and on every view below that inherits it, and
    /// redraws them.
    public var tintColor: Color {
        get { ownTintColor ?? superview?.tintColor ?? .systemTint }
        set {
            ownTintColor = newValue
            tintDidChangeInSubtree()
        }
    }

    /// Called when the view's tint changed (its own, or an ancestor's it inherits). Bezel
    /// redraws the view already; override to update what you keep of the tint.
    open func tintColorDidChange() {}

    /// Called when the view's traits changed (its light or dark style, through its own
    /// override, an ancestor's, the window's or the application's). Bezel redraws the view
    /// already; dynamic colours resolve on their own. Override for what does not.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// Forces the light or dark style on the view and the views below it (UIKit's
    /// `overrideUserInterfaceStyle`; `.unspecified`: inherit).
    public var overrideUserInterfaceStyle: UserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { updateTraits() } }
    }
    /// The style this view draws in, kept current by `updateTraits()` (never `.unspecified`).
    @exclusivity(unchecked) var resolvedStyle: UserInterfaceStyle = .light

    /// `overridePreferredLanguages`, canonical (Localization/View+Localization.swift).
    var preferredLanguagesOverride: [String]?
    /// In `LocalizedViews` (it holds a localized resource).
    var isRegisteredForLocalization = false

    /// Called when the language of the view's localized text changed (the application's,
    /// its window's or an override's): views that hold a `LocalizedStringResource` resolve it
    /// again here.
    func localizedContentDidChange() {}

    /// Device pixels a point where the view is shown (UIKit's `contentScaleFactor`): its
    /// window's screen scale, 1 off screen.
    public var contentScaleFactor: Double { window?.screenScale ?? 1 }
    /// One device pixel in points: the width of a hairline (a separator), 1 at scale 1, 0.5 at 2.
    public var hairlineWidth: Double { 1 / contentScaleFactor }

    /// How far the view's drawing may reach outside its bounds (a slider's thumb); redraws
    /// and culling include it. Default 0.
    open var drawingOverflow: Double { 0 }

    /// How far the view's pixels reach past its bounds: its drawing's overflow, or its layer
    /// shadow's when that is further (an `if let`: an `Optional.map` here cost M2_500 5,500
    /// instructions a frame, 3.3 %).
    @inline(__always) var drawingReach: Double {
        let overflow = drawingOverflow
        guard let shadow = layerShadow else { return overflow }
        return max(overflow, shadow.reach)
    }

    /// The part of the view (its bounds' coordinates) that the animated drawn values `keys`
    /// change, when smaller than the whole view: their animation frames damage only it (a
    /// picker's turning wheel). Nil (the default): all of it.
    func drawnValueDamage(for keys: Dictionary<Int, Double>.Keys) -> Rect? { nil }

    /// The model value of a value the view draws and animates (`AnimatedProperty.drawn`):
    /// what the engine was last told to reach. Views whose drawn values are public
    /// properties (ShapeView's `strokeEnd`) answer with them, so `View.animate` can animate them.
    func drawnModelValue(_ key: Int) -> Double { presentationState?.drawnModel[key] ?? 0 }
    func setDrawnModelValue(_ key: Int, _ value: Double) { presentationState?.drawnModel[key] = value }

    /// Marks the whole view (and its overflow) for redrawing.
    public func setNeedsDisplay() {
        let overflow = drawingReach
        setNeedsDisplay(overflow > 0 ? bounds.insetBy(dx: -overflow, dy: -overflow) : bounds)
    }

    /// Marks `rect` (this view's coordinates) for redrawing; merged into the window's damage.
    public func setNeedsDisplay(_ rect: Rect) {
        // One walk up: convert to window coordinates and find the window (controls do this on
        // every highlight change, so it stays on the hot path of a press). A view too deep to
        // be drawn damages nothing (and adding the views of a deep chain walks no further
        // than `View.maximumDepth`).
        if depth > View.maximumDepth { return }
        var r = rect.standardized
        if routesDamageToPlane { return (self as? ScrollView)?.recordPlaneDamage(r) ?? () }
        // Each view and superview borrowed, not retained: the walk only reads and records
        // damage, which lets no view go (Platform/UnownedReferences.swift).
        var view = Unmanaged.passUnretained(self)
        while let parent = withBorrowed(view, { $0.unretainedSuperview }) {
            let goesOn = withBorrowed(view) { view in
                withBorrowed(parent) { parent -> Bool in
                    if view.hasTransform {
                        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                                       Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map(view.pointToSuperview)
                        let xs = corners.map(\.x), ys = corners.map(\.y)
                        r = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
                    } else {
                        r.origin = r.origin - view.boundsOrigin + view.frame.origin
                    }
                    // What a clipping superview cuts off is never drawn (a row scrolled out of a
                    // table): not damage. Not while it animates (its shown bounds differ).
                    guard parent.clipsToBounds else { return true }
                    // Content of a scroll view on a plane: the plane's, in content coordinates.
                    if parent.routesDamageToPlane {
                        (parent as? ScrollView)?.recordPlaneDamage(r)
                        return false
                    }
                    if parent.presentationState == nil {
                        r = r.intersection(parent.bounds)
                        if r.isEmpty { return false }
                    }
                    return true
                }
            }
            guard goesOn else { return }
            view = parent
        }
        // The root is the view's window when it has one (no dynamic cast: twice a press, M3).
        withBorrowed(view) { root in
            if let window = attachedWindow, window === root {
                window.damage.add(r)
            } else if let window = root as? Window {
                window.damage.add(r)
            }
        }
    }

    /// Draws the view's own content into `rect` (this view's coordinates), above its
    /// background and below its subviews. Override it for custom drawing; the default draws nothing.
    open func draw(_ rect: Rect, in context: any DrawingContext) {}

    /// The background as the renderer fills it: `backgroundColor` (or what an animation shows
    /// of it), unless the view's own state changes it in the same fill (a pressed Button's
    /// background darkened: one fill where a translucent second one used to go over it).
    func backgroundColorToDraw(_ background: Color) -> Color { background }

    /// Draws above the subviews (and below the border): scroll indicators, focus rings.
    /// The default draws nothing.
    open func drawOverlay(_ rect: Rect, in context: any DrawingContext) {}

    /// A hidden first responder (or one inside a hidden view) loses first-responder status,
    /// as a removed one does (UIKit).
    private func resignFirstResponderOnLeaving() {
        guard let app = window?.application, let first = app.firstResponder as? View,
              first === self || first.isDescendant(of: self) else { return }
        app.firstResponder = nil
    }

    // MARK: Tree

    /// Not a weak reference (Platform/UnownedReferences.swift): the superview clears it in its
    /// deinit and in `removeFromSuperview`, as UIKit's non-owning superview is kept.
    public final var superview: View? { superviewReference?.takeUnretainedValue() }
    /// `superview`'s storage, unretained: a walk up the tree that borrows each view reads it
    /// without a retain and a release a step (Platform/UnownedReferences.swift).
    @exclusivity(unchecked) final var superviewReference: Unmanaged<View>?
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    /// Levels between this view and the root of its tree (0 for a window or a detached view),
    /// kept as the tree changes: it bounds what is drawn and hit (`View.maximumDepth`) and
    /// makes the cycle check of `addSubview` and `isDescendant(of:)` stop early.
    @exclusivity(unchecked) var depth = 0 {
        // Too deep to hit-test: folded into the one flag hit-testing reads (no check a view).
        didSet { if (depth > View.maximumDepth) != (oldValue > View.maximumDepth) { updateHitTestExclusion() } }
    }
    /// The window at the root of the tree, kept as the tree changes (subtreeMoved): `window`
    /// is one load, not a walk up the tree (adding the 100,000th view of a chain walked
    /// 100,000 levels, twice).
    /// Not a weak reference (Platform/UnownedReferences.swift): leaving the window clears it,
    /// and a dying window clears it in the views that outlive it.
    @exclusivity(unchecked) unowned(unsafe) var attachedWindow: Window?
    /// Set when this view is a view controller's root view: the controller comes next in the chain.
    @exclusivity(unchecked) weak var owningViewController: ViewController?

    @exclusivity(unchecked) public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// What the view shows while it animates (nil when it does not): Animation/PresentationState.swift.
    @exclusivity(unchecked) var presentationState: PresentationState?
    /// An animation without `.allowUserInteraction` moves the view: hit-testing skips it (set
    /// by the animation engine; folded into `isExcludedFromHitTesting`).
    @exclusivity(unchecked) var isAnimationBlockingTouches = false {
        didSet { if isAnimationBlockingTouches != oldValue { updateHitTestExclusion() } }
    }
    /// Set on a presentation's container while it moves: the renderer records what lies under
    /// it once (`backdropCapture`) and paints that back each frame (Rendering/Renderer.swift).
    var wantsBackdropCapture = false {
        didSet {
            guard wantsBackdropCapture != oldValue, !wantsBackdropCapture else { return }
            // Whatever changed underneath meanwhile was drawn from the recording: redraw it all.
            backdropCapture = nil
            window?.setNeedsFullRedraw()
        }
    }
    var backdropCapture: DrawingCapture?
    /// `observe { … }` registrations (Observation/), kept while the view lives.
    public var observationTokens: [ObservationToken] = []

    public init(frame: Rect = .zero) {
        self.frame = frame.standardized
        super.init()
        MainActorThread.noteIfNeeded()
    }

    deinit {
        // Releasing a tree releases each level from the one above, one stack frame per level:
        // a 100,000-deep chain overflowed the stack. Its subviews are taken apart in a loop
        // (takeApart, below). Subviews and recognizers that live on are told their view is
        // gone (their `superview` and `view` are not weak references).
        let recognizers = gestureRecognizers
        guard !subviews.isEmpty || !recognizers.isEmpty else { return }
        var doomed = subviews
        subviews = []
        View.takeApart(&doomed, recognizers: recognizers)
    }

    /// Releases `doomed` (a dying view's subviews) level by level in a loop: each view that
    /// only this loop holds gives up its subviews to the loop before it goes, so no release
    /// recurses into the next level.
    ///
    /// A view's deinit cannot be isolated to the main actor cheaply: `isolated deinit` checks
    /// the executor at every view's release, 168,000 instructions in bezel-bench's M3 run
    /// (0.7 %, ~2,800 per view, callgrind), for the few trees that are deep. So this runs
    /// only when the view had subviews or recognizers, as the main actor after a thread check
    /// (`cleanUpAsMainActor`). Released on another thread (a misuse: views belong to the
    /// main actor), the subviews are released as before, recursively.
    ///
    /// Every view in `doomed` has a dying superview, and `recognizers` a dying view: both
    /// references are cleared here (they are unowned, not weak: Platform/UnownedReferences.swift).
    nonisolated static func takeApart(_ doomed: inout [View], recognizers: [GestureRecognizer]) {
        cleanUpAsMainActor {
            for recognizer in recognizers { recognizer.view = nil }
            while var view = doomed.popLast() {
                view.superviewReference = nil
                if isKnownUniquelyReferenced(&view), !view.subviews.isEmpty {
                    doomed.append(contentsOf: view.subviews)
                    view.subviews = []
                }
            }
        }
    }

    public convenience init(name: String, frame: Rect = .zero) {
        self.init(frame: frame)
        self.name = name
    }

    /// Its `name`, else its type and frame (`Button(16,76 120x80)`), so traces tell unnamed
    /// views apart.
    open override var debugName: String {
        if let name { return name }
        func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        return "\(super.debugName)(\(number(frame.minX)),\(number(frame.minY)) \(number(frame.width))x\(number(frame.height)))"
    }

    /// View controller root view -> controller; otherwise the superview.
    open override var next: Responder? {
        if let owningViewController { return owningViewController }
        return superview
    }

    override var owningApplication: Application? { window?.application }

    /// The window at the root of this view's tree, if any.
    open var window: Window? { attachedWindow }

    /// The view controller whose root view this is, if any.
    public var viewController: ViewController? { owningViewController }

    /// True when `self` is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        // An ancestor is nearer the root: the walk stops at `view`'s depth.
        var current: View? = self
        while let v = current, v.depth >= view.depth {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    // MARK: Subviews

    /// Adds `view` in front of the other subviews, taking it from its current superview.
    /// Adding an ancestor (which would make a cycle) or the view itself is refused and reported.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` (clamped to 0...subviews.count).
    public func insertSubview(_ view: View, at index: Int) {
        // A view without subviews cannot be an ancestor (a new view: no walk up the tree).
        guard view !== self, view.subviews.isEmpty || !isDescendant(of: view) else {
            Diagnostics.report(.apiMisuse, "addSubview: \(view.debugName) is \(debugName) or one of its ancestors; ignored")
            return
        }
        let oldWindow = view.window
        let oldEngine = ViewConstraintState.everUsed ? view.layoutEngineIfCreated : nil
        var target = max(0, min(index, subviews.count))
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            if current < target { target -= 1 }
            subviews.insert(view, at: min(target, subviews.count))
            setNeedsDisplay(view.frame)
            return
        }
        // A language override somewhere: the view may move into another language.
        let oldLanguage = Localization.overrideCount > 0 && view.preferredLanguagesOverride == nil ? view.language : nil
        view.detachFromSuperview()
        subviews.insert(view, at: target)
        view.superviewReference = Unmanaged.passUnretained(self)
        view.subtreeMoved(from: oldWindow, engine: oldEngine)
        if view.resolvedStyle != resolvedStyle, view.overrideUserInterfaceStyle == .unspecified { view.updateTraits() }
        if let oldLanguage { view.languageChanged(from: oldLanguage) }
        view.setNeedsDisplay()
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
            Diagnostics.report(.apiMisuse, "insertSubview(above:): \(sibling.debugName) is not a subview of \(debugName); added on top")
            return addSubview(view)
        }
        insertSubview(view, at: index + 1)
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
            Diagnostics.report(.apiMisuse, "insertSubview(below:): \(sibling.debugName) is not a subview of \(debugName); added at the back")
            return insertSubview(view, at: 0)
        }
        insertSubview(view, at: index)
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Removes the view from its superview. If that takes it out of a window while it holds
    /// touches, those touches are cancelled for it and its recognizers (spec: nothing is left
    /// half-delivered).
    public func removeFromSuperview() {
        guard superview != nil else { return }
        let oldWindow = window
        let oldEngine = ViewConstraintState.everUsed ? layoutEngineIfCreated : nil
        detachFromSuperview()
        subtreeMoved(from: oldWindow, engine: oldEngine)
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        // Out of any window (in one, the engine does it): constraints from this subtree to
        // views outside it go, as UIKit's do.
        if ViewConstraintState.everUsed, window == nil { deactivateConstraintsToOutside() }
        setNeedsDisplay()
        if let index = parent.subviews.indexOfObject(self) { parent.subviews.remove(at: index) }
        superviewReference = nil
    }

    /// The view joined or left a superview: its subtree's depths and window follow (one visit
    /// of each view; a leaf costs one), then, if the window changed, every view hears it.
    private func subtreeMoved(from oldWindow: Window?, engine oldEngine: LayoutEngine?) {
        let newWindow = superview?.window
        let windowChanged = newWindow !== oldWindow
        // (A window's own `attachedWindow` is never read: `Window.window` is itself.)
        if let superview {
            depth = superview.depth + 1
            // The new ancestors learn of layout pending below them.
            if subtreeNeedsLayout { superview.markSubtreeNeedsLayout() }
        } else {
            depth = 0
        }
        if windowChanged { attachedWindow = newWindow }
        if !subviews.isEmpty {
            // Loops with their own stack, not recursion: a deep tree must not overflow the
            // thread's stack. (A leaf, the common case, allocates nothing here.)
            // (No closure, no tuples: either cost a runtime isolation check or a generic
            // instantiation per call, measured with callgrind.)
            var visit: [View] = [self]
            while let view = visit.popLast() {
                for subview in view.subviews {
                    subview.depth = view.depth + 1
                    if windowChanged { subview.attachedWindow = newWindow }
                    visit.append(subview)
                }
            }
        }
        // Constraints follow the subtree: those to views outside go (as UIKit's do), those
        // installed inside move to the new tree's engine (Layout/Constraints).
        if ViewConstraintState.everUsed { constraintsFollowSubtree(from: oldEngine) }
        guard windowChanged else { return }
        if let oldWindow { oldWindow.subtreeDidLeave(self) }
        // Every view of the subtree, parents first (UIKit calls didMoveToWindow on each).
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if view.presentationState != nil { oldWindow?.application?.animationEngine.interrupt(view) }
            if let controller = view.owningViewController { controller.rootViewDidMove(toWindow: newWindow) }
            view.didMoveToWindow()
            for subview in view.subviews.reversed() { pending.append(subview) }
        }
    }

    /// Called after the view (or an ancestor) joined or left a window. Override to start or stop work.
    open func didMoveToWindow() {}

    // MARK: Hit-testing (the algorithm is in Dispatch/HitTester.swift)

    /// Whether the view can be hit at all: not hidden, interaction enabled, alpha >= 0.01
    /// (spec §2). A view that cannot is skipped with all its subviews.
    open var canBeHit: Bool { HitTester.isEligible(self) }

    /// The frontmost descendant (or self) that contains `point` (in this view's coordinates)
    /// and can be hit, or nil. Override to enlarge a hit area, redirect, or let touches through.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        HitTester.hitTest(self, point, with: event)
    }

    /// Whether `point` (in this view's coordinates) is inside the view; by default, inside its bounds.
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    // MARK: Gesture recognizers

    /// Attaches `recognizer`. A recognizer belongs to one view: attaching it to a second view
    /// moves it (UIKit does the same).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`. One that is tracking touches is cancelled (if it had begun) or failed.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        gestureRecognizers.remove(at: index)
        recognizer.detach()
        recognizer.view = nil
    }

    /// Asked before a recognizer that received a touch which hit this view (or a subview) leaves
    /// `possible`; false makes it fail. Built-in controls use it to keep their default action
    /// ahead of an ancestor's recognizer (spec §5).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        true
    }

    // MARK: Accessibility (UIKit's API; the defaults, the tree and notifications are in Accessibility/)

    /// The layer-style shadow an app set (Rendering/View+Shadow.swift); nil: none. Read for
    /// every view the renderer culls (`drawingReach`: 2,600 instructions a frame in M2_500).
    var layerShadow: LayerShadow?

    /// What an app set; nil until it sets something (one pointer a view).
    var accessibilityProperties: AccessibilityProperties?
    var accessibilityPropertiesOrNew: AccessibilityProperties {
        if let accessibilityProperties { return accessibilityProperties }
        let made = AccessibilityProperties()
        accessibilityProperties = made
        return made
    }

    /// The content size category changed: views that adjust their text to it take their
    /// text style's new size (Label, Button, TextField override it).
    func contentSizeCategoryDidChange() {}

    // The built-in views' defaults, as UIKit's (overridden in their classes).
    var defaultIsAccessibilityElement: Bool { false }
    var defaultAccessibilityLabel: String? { nil }
    var defaultAccessibilityValue: String? { nil }
    var defaultAccessibilityHint: String? { nil }
    var defaultAccessibilityTraits: AccessibilityTraits { [] }
    var defaultAccessibilityElements: [any AccessibilityNode]? { nil }

    /// Whether the spoken mode stops on this view (UIKit's): labels, buttons and the other
    /// controls are elements; a plain view is a container whose subviews are read instead.
    open var isAccessibilityElement: Bool {
        get { accessibilityProperties?.isElement ?? defaultIsAccessibilityElement }
        set { accessibilityPropertiesOrNew.isElement = newValue }
    }
    /// What the element is called ("Buy", "Volume"); a button's title, a label's text by
    /// default. nil set: the default again.
    open var accessibilityLabel: String? {
        get { accessibilityProperties?.label ?? defaultAccessibilityLabel }
        set { accessibilityPropertiesOrNew.label = newValue }
    }
    /// Its current value ("50%", "on", a field's text).
    open var accessibilityValue: String? {
        get { accessibilityProperties?.value ?? defaultAccessibilityValue }
        set { accessibilityPropertiesOrNew.value = newValue }
    }
    /// What using it does, read after a pause ("Opens the ticket menu").
    open var accessibilityHint: String? {
        get { accessibilityProperties?.hint ?? defaultAccessibilityHint }
        set { accessibilityPropertiesOrNew.hint = newValue }
    }
    /// What it is and its state: `.button`, `.header`, `.selected`, `.notEnabled`...
    open var accessibilityTraits: AccessibilityTraits {
        get { accessibilityProperties?.traits ?? defaultAccessibilityTraits }
        set { accessibilityPropertiesOrNew.traits = newValue }
    }
    /// Where it is, in the window's coordinates: the view's bounds by default.
    open var accessibilityFrame: Rect {
        get { accessibilityProperties?.frame ?? convert(bounds, to: nil) }
        set { accessibilityPropertiesOrNew.frame = newValue }
    }
    /// Where the spoken mode's activation touches (window coordinates): the frame's middle.
    open var accessibilityActivationPoint: Point {
        get { accessibilityProperties?.activationPoint ?? Point(x: accessibilityFrame.midX, y: accessibilityFrame.midY) }
        set { accessibilityPropertiesOrNew.activationPoint = newValue }
    }
    /// The elements inside this container, in reading order (views and `AccessibilityElement`s);
    /// nil: the subviews, by their positions.
    open var accessibilityElements: [any AccessibilityNode]? {
        get { accessibilityProperties?.elements ?? defaultAccessibilityElements }
        set { accessibilityPropertiesOrNew.elements = newValue }
    }
    /// Hides everything inside from the spoken mode (a decorative panel, a screen behind another).
    open var accessibilityElementsHidden: Bool {
        get { accessibilityProperties?.elementsHidden ?? false }
        set { accessibilityPropertiesOrNew.elementsHidden = newValue }
    }
    /// The spoken mode reads only this view's elements, not its siblings' (an alert, a sheet).
    open var accessibilityViewIsModal: Bool {
        get { accessibilityProperties?.isModal ?? false }
        set { accessibilityPropertiesOrNew.isModal = newValue }
    }
    /// Keeps the elements inside together in the reading order (a row of label and value).
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibilityProperties?.groupsChildren ?? false }
        set { accessibilityPropertiesOrNew.groupsChildren = newValue }
    }
    /// The language it is spoken in (BCP 47); nil: the view's language.
    open var accessibilityLanguage: String? {
        get { accessibilityProperties?.language }
        set { accessibilityPropertiesOrNew.language = newValue }
    }
    /// A name for tests and the audit to find it by; never spoken.
    open var accessibilityIdentifier: String? {
        get { accessibilityProperties?.identifier }
        set { accessibilityPropertiesOrNew.identifier = newValue }
    }
    /// Named actions the spoken mode offers on it ("Delete", "Flag").
    open var accessibilityCustomActions: [AccessibilityCustomAction]? {
        get { accessibilityProperties?.customActions }
        set { accessibilityPropertiesOrNew.customActions = newValue }
    }
    /// Does what a tap does, for the spoken mode; false (the default) makes it tap the
    /// activation point through the touch pipeline instead, as VoiceOver does.
    open func accessibilityActivate() -> Bool { false }
    /// An adjustable element's next value (a slider's step up).
    open func accessibilityIncrement() {}
    /// An adjustable element's previous value.
    open func accessibilityDecrement() {}
    /// The spoken mode's escape (the keypad's Back, a two-finger scrub): true if it dismissed
    /// or went back. Asked up the responder chain until one says true.
    open func accessibilityPerformEscape() -> Bool { false }
}
