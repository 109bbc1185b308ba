/// UIKit's `UIViewController`: owns a root view and sits in the responder chain right after
/// it (spec §1). Controllers can contain child controllers and present others modally.
///
/// The life cycle follows UIKit's order: `viewDidLoad` once, then `viewWillAppear` /
/// `viewDidAppear` and `viewWillDisappear` / `viewDidDisappear` around every transition that
/// shows or hides the view (push, pop, present, dismiss, tab switch; or the view simply
/// joining or leaving a visible window), `viewWillLayoutSubviews` / `viewDidLayoutSubviews`
/// around the root view's layout, and `willMove(toParent:)` / `didMove(toParent:)` around
/// containment changes.
@MainActor
open class ViewController: Responder {
    private var loadedView: View?

    public internal(set) weak var parent: ViewController?
    public private(set) var children: [ViewController] = []
    /// The title; a navigation item without its own title shows it. Setting it drops
    /// `localizedTitle`.
    public var title: String? {
        get { localizedTitle.map { Localization.string(for: $0, language: loadedView?.language) } ?? ownTitle }
        set {
            ownTitle = newValue
            localizedTitle = nil
            navigationItemIfLoaded?.controllerTitleChanged()
        }
    }
    private var ownTitle: String?
    /// The title as a localized resource, resolved in the language of the controller's view
    /// whenever it is read (a navigation or tab bar reads it again when the language changes).
    public var localizedTitle: LocalizedStringResource? {
        didSet { if localizedTitle != oldValue { navigationItemIfLoaded?.controllerTitleChanged() } }
    }

    /// Where the controller is between its appear and disappear callbacks.
    enum AppearanceState { case disappeared, appearing, appeared, disappearing }
    private(set) var appearanceState = AppearanceState.disappeared
    private var appearanceAnimated = false

    /// Set by a presentation: the controller that presented this one, and the one this presents.
    public internal(set) weak var presentingViewController: ViewController?
    var ownPresentedViewController: ViewController?
    /// The controller this one presents, or that its container presents for it (UIKit's rule:
    /// a child's presentation is made by its outermost container).
    public var presentedViewController: ViewController? { ownPresentedViewController ?? parent?.presentedViewController }
    /// How `present(_:animated:completion:)` shows this controller.
    public var modalPresentationStyle = ModalPresentationStyle.fullScreen
    /// The size the controller's view would like when presented in a form sheet (UIKit's;
    /// `.zero`: the form sheet's own 540 x 620). Kept inside the window less a 20-point margin.
    public var preferredContentSize: Size = .zero
    /// How the presentation moves (UIKit's default: the view slides up from the bottom).
    public var modalTransitionStyle = ModalTransitionStyle.coverVertical
    /// The presentation that shows this controller (internal: Presentation/ModalPresentation.swift).
    var presentation: ModalPresentation?

    var navigationItemIfLoaded: NavigationItem?
    var tabBarItemIfLoaded: TabBarItem?

    /// A controller that goes while presenting one (its window released with a modal up)
    /// ends that presentation: the presented controller and its presentation hold each other,
    /// and were never freed (issue 37 item 14).
    deinit {
        guard let presented = ownPresentedViewController else { return }
        cleanUpAsMainActor {
            presented.presentingViewController = nil
            presented.presentation = nil
        }
    }

    public override init() {
        super.init()
    }

    /// The root view, created on first access by `loadView()` and followed by `viewDidLoad()`.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            loadView()
            let view = loadedView ?? View()
            if loadedView == nil { setView(view) }
            viewDidLoad()
            return view
        }
        set { setView(newValue) }
    }

    private func setView(_ view: View) {
        loadedView?.owningViewController = nil
        loadedView = view
        view.owningViewController = self
        if overrideUserInterfaceStyle != .unspecified { view.overrideUserInterfaceStyle = overrideUserInterfaceStyle }
        if let overridePreferredLanguages { view.overridePreferredLanguages = overridePreferredLanguages }
    }

    // MARK: Appearance

    /// Forces the light or dark style on the controller's view and everything in it
    /// (UIKit's `overrideUserInterfaceStyle`; `.unspecified`: inherit).
    public var overrideUserInterfaceStyle: UserInterfaceStyle = .unspecified {
        didSet { loadedView?.overrideUserInterfaceStyle = overrideUserInterfaceStyle }
    }

    /// The spoken mode's escape reached this controller (UIKit's `accessibilityPerformEscape`):
    /// true if it went back or dismissed. A navigation controller pops; a presented controller
    /// is dismissed (an alert through its cancel action).
    open func accessibilityPerformEscape() -> Bool {
        guard presentingViewController != nil, !isBeingDismissed else { return false }
        dismiss(animated: true)
        return true
    }

    /// The languages the controller's screen prefers over its window's and the application's
    /// (a customer's screen in their language beside the operator's); nil inherits. Given to
    /// its view (`View.overridePreferredLanguages`): the screen switches live, its controller
    /// and views hear `traitCollectionDidChange`.
    public var overridePreferredLanguages: [String]? {
        didSet { loadedView?.overridePreferredLanguages = overridePreferredLanguages }
    }

    /// The traits of the controller's view (light before it is loaded, as UIKit's default).
    public var traitCollection: TraitCollection { loadedView?.traitCollection ?? .light }

    /// Called when the style of the controller's view changed. Override to update what
    /// dynamic colours do not cover.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    public var isViewLoaded: Bool { loadedView != nil }

    /// `observe { … }` registrations (Observation/), kept while the controller lives.
    public var observationTokens: [ObservationToken] = []

    /// The root view if it was loaded (reading `view` would load it).
    public var viewIfLoaded: View? { loadedView }

    /// Creates the root view. The default makes a plain `View`; override and assign `view`.
    open func loadView() {
        view = View()
    }

    open func viewDidLoad() {}

    // MARK: Life cycle

    /// The view is about to be shown (added to a visible window, or a transition begins).
    open func viewWillAppear(_ animated: Bool) {}
    /// The view is on screen, the transition that showed it finished.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to be hidden or removed.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view is off screen.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Before the root view's `layoutSubviews`.
    open func viewWillLayoutSubviews() {}
    /// After the root view's `layoutSubviews` (its subviews' own layouts come after).
    open func viewDidLayoutSubviews() {}
    /// Before the controller is added to (non-nil) or removed from (nil) a parent.
    /// `addChild` calls it for you; call it with nil yourself before `removeFromParent()`.
    open func willMove(toParent parent: ViewController?) {}
    /// After the controller was added to or removed from a parent. `removeFromParent()`
    /// calls it with nil for you; call it yourself after `addChild` and placing the view.
    open func didMove(toParent parent: ViewController?) {}

    /// The language the controller last showed (nil before it first appeared).
    var languageShown: String?

    /// A controller coming back after the language changed while it was away (a screen popped
    /// off a navigation stack) hears `traitCollectionDidChange` before `viewWillAppear`, as
    /// UIKit tells a controller whose traits changed while it was off screen.
    private func languageWillAppear() {
        let language = view.language
        defer { languageShown = language }
        guard let before = languageShown, before != language else { return }
        traitCollectionDidChange(.current(style: view.resolvedStyle, direction: Localization.layoutDirection(of: before), language: before))
    }

    /// Starts an appearance transition: `viewWillAppear` or `viewWillDisappear`, forwarded to
    /// the children whose views are inside this controller's view. Containers call it with
    /// `endAppearanceTransition()` around their transitions; unbalanced calls are ignored.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearanceState == .disappeared || appearanceState == .disappearing else { return }
            appearanceState = .appearing
            appearanceAnimated = animated
            languageWillAppear()
            viewWillAppear(animated)
        } else {
            guard appearanceState == .appeared || appearanceState == .appearing else { return }
            appearanceState = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
        }
        for child in childrenShownInView { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends the transition `beginAppearanceTransition` started: `viewDidAppear` or `viewDidDisappear`.
    public func endAppearanceTransition() {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(appearanceAnimated)
            isMovingToParent = false  // true only through the first appearance after addChild
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(appearanceAnimated)
        case .appeared, .disappeared:
            return
        }
        for child in childrenShownInView { child.endAppearanceTransition() }
    }

    /// Children whose views are inside this controller's view (they appear and disappear with it).
    private var childrenShownInView: [ViewController] {
        guard let root = loadedView else { return [] }
        var shown: [ViewController] = []
        for child in children {
            if let childView = child.loadedView, childView.isDescendant(of: root) { shown.append(child) }
        }
        return shown
    }

    /// UIKit's `isMovingToParent`: true from `addChild` until the end of the first
    /// `viewDidAppear` after it (a pushed controller's appearance callbacks see true; the same
    /// controller shown again by a pop sees false).
    public internal(set) var isMovingToParent = false
    /// UIKit's `isMovingFromParent`: true while a container takes the controller away (a pop,
    /// `setViewControllers`), from its `willMove(toParent: nil)` through its
    /// `viewWillDisappear`/`viewDidDisappear` to `didMove(toParent: nil)`; a cancelled
    /// interactive pop sets it back to false.
    public internal(set) var isMovingFromParent = false

    /// Whether the controller's view is (being) shown.
    public var isOnScreen: Bool { appearanceState == .appeared || appearanceState == .appearing }

    /// The root view joined or left a window outside a container's transition (a window's
    /// root controller, a child placed by hand): appear or disappear at once.
    func rootViewDidMove(toWindow window: Window?) {
        if let window, !window.isHidden, appearanceState == .disappeared {
            beginAppearanceTransition(true, animated: false)
            endAppearanceTransition()
        } else if window == nil, appearanceState == .appeared {
            beginAppearanceTransition(false, animated: false)
            endAppearanceTransition()
        }
    }

    /// After the root view: the presenting controller when presented (UIKit's rule), its
    /// superview when shown inside another view (a window or a containing controller's view),
    /// else the parent controller (spec §1, seed 002).
    open override var next: Responder? {
        if let presentingViewController { return presentingViewController }
        if let superview = loadedView?.superview { return superview }
        return parent
    }

    override var owningApplication: Application? {
        loadedView?.window?.application ?? parent?.owningApplication ?? presentingViewController?.owningApplication
    }

    open override var debugName: String { title ?? super.debugName }

    // MARK: Containment

    /// Adds `child` as a child controller (its view is placed by the caller, as in UIKit);
    /// calls `child.willMove(toParent: self)` first.
    public func addChild(_ child: ViewController) {
        guard child !== self, child.parent !== self else { return }
        var ancestor: ViewController? = self
        while let a = ancestor {
            if a === child {
                Diagnostics.report(.apiMisuse, "addChild: \(child.debugName) is an ancestor of \(debugName); ignored")
                return
            }
            ancestor = a.parent
        }
        child.removeFromParent()
        child.isMovingToParent = true
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent and calls `didMove(toParent: nil)`.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        isMovingToParent = false
        didMove(toParent: nil)
        isMovingFromParent = false
    }

    // MARK: Presentation hooks (AlertController overrides them)

    /// How this controller moves when presented.
    var presentationMotion: PresentationMotion {
        switch modalTransitionStyle {
        case .coverVertical: .coverVertical
        case .crossDissolve: .crossDissolve
        }
    }

    /// A tap landed outside the presented view, on its presentation's background (an action
    /// sheet cancels). Nothing by default, as UIKit's modal presentations.
    func presentationBackgroundTapped() {}

    /// Whether the presented view moves up out of the on-screen keyboard's way (form sheets
    /// always do; an alert with text fields does).
    var presentationAvoidsKeyboard: Bool { false }

    /// The presented view's frame in a presentation container of `bounds`; nil: the style's.
    func preferredPresentationFrame(in bounds: Rect) -> Rect? { nil }

    /// The nearest navigation controller among the ancestors.
    public var navigationController: NavigationController? { nearestAncestor(NavigationController.self) }

    /// The nearest tab bar controller among the ancestors.
    public var tabBarController: TabBarController? { nearestAncestor(TabBarController.self) }

    private func nearestAncestor<Container: ViewController>(_ type: Container.Type) -> Container? {
        var controller = parent
        while let c = controller {
            if let found = c as? Container { return found }
            controller = c.parent
        }
        return nil
    }

    /// A container's root view changed size (`ContainerRootView`): place the bars and content.
    func containerViewDidResize() {}
}

/// A container controller's root view (navigation, tab bar): it tells its controller when its
/// size changes, so bars and content are placed at once rather than at the next layout pass,
/// and frames are right for hit-testing before the first frame is drawn.
@MainActor
class ContainerRootView: View {
    private(set) weak var controller: ViewController?

    init(controller: ViewController) {
        self.controller = controller
        super.init(frame: .zero)
    }

    override func frameDidChange(from oldFrame: Rect) {
        if frame.size != oldFrame.size { controller?.containerViewDidResize() }
    }
}
