/// UIKit's `UIViewController`: owns a root view and sits in the responder chain right after
/// it (spec §1). Controllers can contain child controllers.
@MainActor
open class ViewController: Responder {
    private var loadedView: View?

    public private(set) weak var parent: ViewController?
    public private(set) var children: [ViewController] = []
    public var title: String?

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
    }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the root view. The default makes a plain `View`; override and assign `view`.
    open func loadView() {
        view = View()
    }

    open func viewDidLoad() {}

    /// After the root view: its superview when shown inside another view (a window or a
    /// containing controller's view), else the parent controller (spec §1, seed 002).
    open override var next: Responder? {
        if let superview = loadedView?.superview { return superview }
        return parent
    }

    override var owningApplication: Application? {
        loadedView?.window?.application ?? parent?.owningApplication
    }

    open override var debugName: String { title ?? super.debugName }

    // MARK: Containment

    /// Adds `child` as a child controller (its view is placed by the caller, as in UIKit).
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
        children.append(child)
        child.parent = self
    }

    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }
}
